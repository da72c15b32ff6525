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

// Advance returns the position after b, read from p: the offset grows by
// len(b), and lines and columns count as the Scanner counts them (lines
// break at LF, CR LF or a lone CR; a column counts characters). A
// Position that is not set counts from line 1, column 1. b must not end
// inside a UTF-8 sequence; a CR LF split between two calls counts as two
// line breaks.
func (p Position) Advance(b []byte) Position {
	c := newCounter()
	if p.IsValid() {
		c.Line, c.Column = p.Line, p.Column
	}
	c.count(b)
	p.Offset += int64(len(b))
	p.Line, p.Column = c.Line, c.Column
	return p
}
