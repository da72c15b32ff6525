package main

import (
	"errors"
	"io"
	"io/fs"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// How a splittable file is cut. It is read in blocks of the split size;
// each block says where the first piece in it starts (a line start in
// text, a message start in an mbox) and how many line breaks and
// message starts it holds; added up in order, they give each piece its
// line and the messages before it. A piece is then read from its start,
// and the runner may split it again at any byte: a match belongs to the
// range where its first byte lies (in an mbox, where its message's
// "From " line starts), and a range of text reads back to a line start
// a margin before it, so that a wrapper opened there is seen whole, and
// on past its end by the same margin, to finish the matches it started.

// unit is the element of the scan: a piece of a splittable file, or a
// whole file.
type unit struct {
	Path     string
	Size     int64 // the file's
	Whole    bool  // read whole, through Source.Each: not splittable
	Walked   bool  // found in a directory: skipped when binary
	Kind     int   // mail.Text or mail.Mbox, for a piece
	Start    int64 // the piece's first byte: a line or a message start
	End      int64 // the next piece's start, or Size
	Line     int   // the line of Start
	Messages int   // the messages before Start
}

// block is a block of a splittable file, the element of the index.
type block struct {
	Path   string
	Size   int64
	Kind   int
	Walked bool
	Lo, Hi int64
}

// index reads a block and tells what it holds (source.Summarize).
func index(f io.ReaderAt, b block) (source.Block, error) {
	return source.Summarize(f, mail.Kind(b.Kind), b.Lo, b.Hi, b.Size)
}

// pieces turns the summaries of a file's blocks, in order, into its
// pieces (source.Pieces).
func pieces(b block, sums []source.Block) []unit {
	var us []unit
	for _, p := range source.Pieces(b.Path, b.Size, sums) {
		us = append(us, unit{Path: b.Path, Size: b.Size, Walked: b.Walked, Kind: b.Kind, Start: p.Lo, End: p.Hi,
			Line: max(p.At.Pos.Line, 1), Messages: p.At.Messages})
	}
	return us
}

// margin is how far a range of text reads before its start and past its
// end: more than two of the longest wrappers, and a scanner's buffer.
func margin(maxLength int) int64 { return 2*int64(maxLength) + slack }

// slack is the scanner's buffer, in the margin: tests take it out.
var slack int64 = 128 << 10

// claimer is the runner's tracker of a range of a unit, as span asks it:
// an *sdf.LockRTracker of offsetrange.Restriction.
type claimer interface {
	TryClaim(pos any) bool
	GetRestriction() any
}

// end returns the end of rt's range, which the runner may move nearer
// while the range is read (a split), until rt is done.
func end(rt claimer) int64 { return rt.GetRestriction().(offsetrange.Restriction).End }

// span reads the matches of u's range that rt tracks into yield. rt is
// asked to claim each new offset that matches belong to (a match's, or
// its message's), in increasing order; when it says no, the range ends
// there, and when the matches are all read, the rest of the range is
// claimed. It returns the messages of the range, for an mbox: those that
// start in it, from its start to its end as the runner left it.
func span(f io.ReaderAt, src *source.Source, maxLength int, u unit, rt claimer, yield func(*extract.Match, error)) int {
	rest := rt.GetRestriction().(offsetrange.Restriction)
	s, e := rest.Start, rest.End
	kind := mail.Kind(u.Kind)
	fail := func(err error) {
		yield(&extract.Match{Pos: scanner.Position{Filename: u.Path}}, &fs.PathError{Op: "read", Path: u.Path, Err: err})
	}
	// none ends a range with nothing to read, or that cannot be read
	// (err): the rest of it is claimed.
	none := func(err error) int {
		if err != nil {
			fail(err)
		}
		rt.TryClaim(end(rt))
		return 0
	}
	q, r, err := reach(f, kind, maxLength, u, s, e)
	if err != nil || kind == mail.Mbox && q >= e {
		return none(err)
	}
	at, err := startAt(f, kind, u, q)
	if err != nil {
		return none(err)
	}
	last := int64(-1)
	stopped := false
	src.EachPiece(io.NewSectionReader(f, q, r-q), u.Path, kind, at, func(m *extract.Match, err error) bool {
		o := m.Pos.Offset
		var pe *mail.PartError
		switch {
		case kind == mail.Mbox && errors.As(err, &pe):
			o = pe.MessageOffset
		case err != nil:
			o = last // an error of the input: it ends the range
		case kind == mail.Mbox:
			o = m.Mail.MessageOffset
		case o < s:
			return true // the range before holds it
		}
		if o > last {
			if !rt.TryClaim(o) {
				stopped = true
				return false
			}
			last = o
		}
		yield(m, err)
		return true
	})
	if !stopped {
		rt.TryClaim(end(rt)) // the rest of the range holds no match
	}
	if kind != mail.Mbox {
		return 0
	}
	if end(rt) < e {
		// The runner split the range while it was read: the messages
		// read past its new end, with no match to claim, are the next
		// range's, which reads from its first message start at or after
		// that end. rt is done: its end stays.
		_, n, err := source.Count(f, kind, q, end(rt), u.Size)
		if err != nil {
			fail(err)
		}
		return n
	}
	return src.Counts().Messages - at.Messages
}

// reach returns the bytes [q, r) that span reads for the range [s, e)
// of u: in an mbox, from its first message start (q >= e when none starts
// in it) to the first at or after e; in text, from the line start a
// margin before s to a margin past e.
func reach(f io.ReaderAt, kind mail.Kind, maxLength int, u unit, s, e int64) (q, r int64, err error) {
	if kind != mail.Mbox {
		q, err = source.LineStart(f, s-margin(maxLength))
		return q, min(e+margin(maxLength), u.Size), err
	}
	q, r = s, u.End
	if s > u.Start {
		q, err = source.NextPiece(f, kind, s, u.End, u.Size)
	}
	if err == nil && q < e && e < u.End {
		r, err = source.NextPiece(f, kind, e, u.End, u.Size)
	}
	return q, r, err
}

// startAt tells where q stands in the file, from u's start: q and
// u.Start are both piece starts, or line starts in text.
func startAt(f io.ReaderAt, kind mail.Kind, u unit, q int64) (mail.Start, error) {
	lines, messages, err := source.Count(f, kind, min(q, u.Start), max(q, u.Start), u.Size)
	at := mail.Start{Pos: scanner.Position{Filename: u.Path, Offset: q, Line: u.Line + lines, Column: 1}, Messages: u.Messages + messages}
	if q < u.Start {
		at.Pos.Line, at.Messages = u.Line-lines, u.Messages
	}
	return at, err
}
