package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// sink takes the matches of one input, or of one piece of it, into its
// writer and its result.
type sink struct {
	o    *options
	name string
	w    *chunkWriter
	res  *result
}

// fail reports an error of the input.
func (s *sink) fail(err error) {
	if errors.Is(err, errStopped) {
		return
	}
	switch err.(type) {
	case *scanner.Error, *fs.PathError, *source.MemberError: // they name the input
	default:
		err = fmt.Errorf("%s: %w", s.name, err)
	}
	if !s.o.noMessages {
		s.w.message(err.Error())
	}
	s.res.failed = true
}

// match takes one match, or an error, as source.Source.Each yields them.
func (s *sink) match(m *extract.Match, err error) bool {
	o, w, res := s.o, s.w, s.res
	if w.stop {
		return false
	}
	if err != nil {
		return s.problem(err)
	}
	if o.stats {
		res.stats.Add(m)
	}
	if rejected(m) {
		res.rejected.Add(m)
	}
	if !o.keep(m) {
		return true
	}
	res.found = res.found || m.Valid
	if o.quiet {
		return !m.Valid // -q: the first valid URL settles it
	}
	if o.maxCount > 0 && m.Valid {
		if res.kept++; res.kept > o.maxCount {
			return false // -m: the file has given what is printed of it
		}
	}
	switch {
	case o.listing():
		if m.Valid {
			res.count++
			if o.unique {
				w.flush()
				w.send(item{key: strings.Clone(o.url(m)), keyed: true, counted: true})
			}
		}
	case o.unique:
		w.flush()
		w.send(item{out: o.appendRecord(getChunk(), m, w.enc), key: strings.Clone(o.url(m)), keyed: true})
	default:
		w.record(o, m)
	}
	return true
}

// problem takes an error of the input, and says whether to read on. It is
// a function of its own: the errors it looks for, taken by address,
// would be allocated at each match were it match's.
func (s *sink) problem(err error) bool {
	var me *source.MemberError
	if errors.As(err, &me) {
		return s.memberError(err, me)
	}
	if errors.Is(err, source.ErrBinary) {
		s.res.binary = true
		return false
	}
	if errors.Is(err, source.ErrBomb) || errors.Is(err, source.ErrTooLarge) {
		s.res.stats.MembersSkipped++ // the rest of a member, or of its container, is not read
	}
	var pe *mail.PartError
	if errors.As(err, &pe) && pe.Warning {
		if errors.Is(err, mail.ErrNotText) {
			s.res.skipped++
			if !s.o.json {
				return true // counted in the summary
			}
		}
		s.w.message(s.name + ": " + err.Error())
		return true
	}
	s.fail(err)
	return true
}

// memberError takes err, an error met in a member of a container (me):
// a member skipped, or a container damaged, whose reading goes on as far
// as it can. The skipped ones are named, and counted with --stats.
func (s *sink) memberError(err error, me *source.MemberError) bool {
	if !me.Warning {
		s.fail(err)
	} else if !s.o.noMessages {
		s.w.message(err.Error())
	}
	if errors.Is(err, source.ErrLink) || errors.Is(err, source.ErrSpecial) || errors.Is(err, source.ErrOutside) {
		return true // not a file, or read all the same
	}
	s.res.stats.MembersSkipped++
	return true
}

// member takes the end of a member of a container, read as a file: -c,
// -l and -L count it as one.
func (s *sink) member(m source.Member) {
	o, res := s.o, s.res
	res.stats.Members++
	res.container = true
	if !o.listing() || s.w.stop {
		return
	}
	if o.unique {
		s.w.flush()
		s.w.send(item{listing: m.Path, member: m.Name})
	} else {
		s.w.Write(o.listLine(nil, m.Path, m.Name, res.count))
	}
	res.count = 0
}
