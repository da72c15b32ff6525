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
	case *scanner.Error, *fs.PathError: // they name the input
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
	if err != nil && errors.Is(err, source.ErrBinary) {
		res.binary = true
		return false
	}
	if err != nil {
		var pe *mail.PartError
		if errors.As(err, &pe) && pe.Warning {
			if errors.Is(err, mail.ErrNotText) {
				res.skipped++
				if !o.json {
					return true // counted in the summary
				}
			}
			w.message(s.name + ": " + err.Error())
			return true
		}
		s.fail(err)
		return true
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
