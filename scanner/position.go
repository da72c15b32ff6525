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
