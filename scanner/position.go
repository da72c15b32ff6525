package scanner

import (
	"fmt"
	"strconv"
)

// Position is a place in an input: the byte offset from 0, and the line
// and column from 1. A column counts characters (code points, an invalid
// byte counting as one), not bytes. Every package of urlsift uses it.
type Position struct {
	Filename string // "-" for standard input, "" when unnamed
	Offset   int64
	Line     int
	Column   int
}

// IsValid reports whether the position is set.
func (p Position) IsValid() bool { return p.Line > 0 }

// String returns "file:line:col", "line:col" without a file name, or "-"
// when the position is not set.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Error is an error of the input at a position: a read error, or too
// many reads that returned nothing.
type Error struct {
	Pos Position
	Err error
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %v", e.Pos, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// Advance returns the position after b, read from p, as Lines counts it:
// the text before p does not end in a CR whose LF would start b (to count
// text read in pieces, where a read may cut a CR LF, use Lines). A
// Position that is not set counts from line 1, column 1.
func (p Position) Advance(b []byte) Position {
	l := LinesAt(p)
	l.Add(b)
	return l.Pos()
}

// Lines counts the lines and columns of text read in pieces, go/token
// style: fed the bytes as they go by, it says where they end. It is the
// one line counter of urlsift (the Scanner's, package mail's, the Beam
// pipeline's). Lines break at LF, CR LF or a lone CR; a CR LF cut between
// two pieces counts once, as the break of its CR: the LF at the start of
// the next piece adds nothing. A column counts characters; a piece must
// not end inside a UTF-8 sequence (its bytes would count as characters
// of their own).
type Lines struct {
	c   counter
	pos Position
}

// LinesAt returns a Lines that counts from at: from its line and column,
// or from line 1, column 1 when at is not set.
func LinesAt(at Position) Lines {
	l := Lines{c: newCounter(), pos: at}
	if at.IsValid() {
		l.c.Line, l.c.Column = at.Line, max(at.Column, 1)
	}
	return l
}

// Add counts b, the next piece of text.
func (l *Lines) Add(b []byte) {
	l.c.count(b)
	l.pos.Offset += int64(len(b))
}

// Pos returns the position after the text counted.
func (l *Lines) Pos() Position {
	p := l.pos
	p.Line, p.Column = l.c.Line, l.c.Column
	return p
}
