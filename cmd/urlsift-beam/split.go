package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"

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

// summary is what the index tells of a block.
type summary struct {
	Lo       int64
	Cut      int64 // the first piece start in [Lo, Hi), or -1
	Before   int   // line breaks in [Lo, Cut), or in the block without a cut
	After    int   // line breaks in [Cut, Hi)
	Messages int   // message starts in [Cut, Hi)
}

// breaks counts the line breaks of b as scanner.Lines counts them (LF,
// CR LF and a lone CR, once each), b following the byte before (-1 at
// the start of the input): a CR LF that the blocks cut counts in the block
// of its CR.
func breaks(b []byte, before int) int {
	l := scanner.LinesAt(scanner.Position{})
	if before >= 0 {
		l.Add([]byte{byte(before)})
	}
	n := l.Pos().Line
	l.Add(b)
	return l.Pos().Line - n
}

// pieceAt reports whether a piece may start at b[i], b[0] standing at
// input offset base: at a line start in text, at a message start in an
// mbox. b holds the 3 bytes before b[i] and the 5 from it, where the
// input has them.
func pieceAt(kind mail.Kind, b []byte, i int, base int64) bool {
	if kind == mail.Mbox {
		return mail.MessageAt(b, i, base == 0)
	}
	return base+int64(i) == 0 || i > 0 && b[i-1] == '\n'
}

// index reads a block and tells its summary.
func index(f io.ReaderAt, b block) (summary, error) {
	kind := mail.Kind(b.Kind)
	s := summary{Lo: b.Lo, Cut: -1}
	cut, err := nextPiece(f, kind, b.Lo, b.Hi)
	if err != nil {
		return s, err
	}
	if s.Before, _, err = count(f, kind, b.Lo, cut, b.Size); err != nil || cut == b.Hi {
		return s, err
	}
	s.Cut = cut
	s.After, s.Messages, err = count(f, kind, cut, b.Hi, b.Size)
	return s, err
}

// count counts the line breaks and the message starts (in an mbox) in
// [a, b) of a file of size bytes, reading it in blocks of 64 KiB.
func count(f io.ReaderAt, kind mail.Kind, a, b, size int64) (lines, messages int, err error) {
	buf := make([]byte, 3+min(b-a, 64<<10)+5) // 3 bytes before a block and 5 after it, to tell message starts
	for a < b {
		end := min(a+64<<10, b)
		from := max(a-3, 0)
		n, err := f.ReadAt(buf[:min(end+5, size)-from], from)
		if err != nil && err != io.EOF {
			return 0, 0, err
		}
		w := buf[:n]
		before := -1 // the byte before the block, for a CR LF it cuts
		if a > from {
			before = int(w[a-from-1])
		}
		lines += breaks(w[a-from:end-from], before)
		if kind == mail.Mbox {
			for i := a - from; i < end-from; i++ {
				if pieceAt(kind, w, int(i), from) {
					messages++
				}
			}
		}
		a = end
	}
	return lines, messages, nil
}

// pieces turns the summaries of a file's blocks, in order, into its
// pieces.
func pieces(b block, sums []summary) []unit {
	var us []unit
	line, messages := 1, 0
	for _, s := range sums {
		line += s.Before
		if s.Cut < 0 {
			continue
		}
		if n := len(us); n > 0 {
			us[n-1].End = s.Cut
		}
		us = append(us, unit{Path: b.Path, Size: b.Size, Walked: b.Walked, Kind: b.Kind, Start: s.Cut, End: b.Size,
			Line: line, Messages: messages})
		line += s.After
		messages += s.Messages
	}
	return us
}

// margin is how far a range of text reads before its start and past its
// end: more than two of the longest wrappers, and a scanner's buffer.
func margin(maxLength int) int64 { return 2*int64(maxLength) + slack }

// slack is the scanner's buffer, in the margin: tests take it out.
var slack int64 = 128 << 10

// span reads the matches of u's range [s, e) into yield. claim is asked
// for each new offset that matches belong to (a match's, or its
// message's), in increasing order; when it says no, the range ends
// there. It returns the messages read, for an mbox.
func span(f io.ReaderAt, src *source.Source, maxLength int, u unit, s, e int64, claim func(int64) bool, yield func(*extract.Match, error)) int {
	kind := mail.Kind(u.Kind)
	fail := func(err error) {
		yield(&extract.Match{Pos: scanner.Position{Filename: u.Path}}, &fs.PathError{Op: "read", Path: u.Path, Err: err})
	}
	var q, r int64 // the bytes read: [q, r)
	var err error
	if kind == mail.Mbox {
		q, r = s, u.End
		if s > u.Start {
			q, err = nextPiece(f, kind, s, u.End)
		}
		if err == nil && q < e && e < u.End {
			r, err = nextPiece(f, kind, e, u.End)
		}
		if err != nil || q >= e {
			if err != nil {
				fail(err)
			}
			return 0
		}
	} else {
		r = min(e+margin(maxLength), u.Size)
		q, err = lineStartBefore(f, s-margin(maxLength))
		if err != nil {
			fail(err)
			return 0
		}
	}
	at, err := startAt(f, kind, u, q)
	if err != nil {
		fail(err)
		return 0
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
			if !claim(o) {
				stopped = true
				return false
			}
			last = o
		}
		yield(m, err)
		return true
	})
	if kind != mail.Mbox {
		return 0
	}
	n := src.Counts().Messages - at.Messages
	if stopped {
		n-- // the message that did not belong
	}
	return n
}

// startAt tells where q stands in the file, from u's start: q and
// u.Start are both piece starts, or line starts in text.
func startAt(f io.ReaderAt, kind mail.Kind, u unit, q int64) (mail.Start, error) {
	lines, messages, err := count(f, kind, min(q, u.Start), max(q, u.Start), u.Size)
	at := mail.Start{Pos: scanner.Position{Filename: u.Path, Offset: q, Line: u.Line + lines, Column: 1}, Messages: u.Messages + messages}
	if q < u.Start {
		at.Pos.Line, at.Messages = u.Line-lines, u.Messages
	}
	return at, err
}

// lineStartBefore returns the start of the line that holds offset t (0
// for t <= 0), reading back as far as it takes.
func lineStartBefore(f io.ReaderAt, t int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for t > 0 {
		lo := max(t-int64(len(buf)), 0)
		b := buf[:t-lo]
		if _, err := f.ReadAt(b, lo); err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return lo + int64(i) + 1, nil
		}
		t = lo
	}
	return 0, nil
}

// nextPiece returns the first piece start at or after t, or end.
func nextPiece(f io.ReaderAt, kind mail.Kind, t, end int64) (int64, error) {
	buf := make([]byte, 3+min(end-t, 64<<10)+5)
	for t < end {
		lo := max(t-3, 0)
		n, err := f.ReadAt(buf[:min(int64(len(buf)), end+5-lo)], lo)
		if err != nil && err != io.EOF {
			return 0, err
		}
		b := buf[:n]
		stop := len(b) - 5 // the last 5 bytes are looked at again
		if lo+int64(n) >= end {
			stop = int(end - lo)
		}
		for i := int(t - lo); i < stop; i++ {
			if pieceAt(kind, b, i, lo) {
				return lo + int64(i), nil
			}
		}
		if stop <= int(t-lo) {
			break
		}
		t = lo + int64(stop)
	}
	return end, nil
}
