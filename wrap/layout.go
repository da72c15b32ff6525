package wrap

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/urlsift/urlsift/scanner"
)

// furniture reports whether a continuation line is part of a page break:
// it starts with a form feed, is a header line starting with "RFC NNNN"
// or "Internet-Draft", or a footer line ending in "[Page N]".
func furniture(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 0 && t[0] == '\f' {
		return true
	}
	t = trimLeftSpace(t)
	if rest, ok := bytes.CutPrefix(t, []byte("RFC ")); ok && digits(rest) > 0 {
		return true
	}
	if bytes.HasPrefix(t, []byte("Internet-Draft")) {
		return true
	}
	t = bytes.TrimRightFunc(t, unicode.IsSpace)
	if rest, ok := bytes.CutSuffix(t, []byte("]")); ok {
		n := trailingDigits(rest)
		return n > 0 && bytes.HasSuffix(rest[:len(rest)-n], []byte("[Page "))
	}
	return false
}

// digits returns the number of ASCII digits that start b.
func digits(b []byte) int {
	n := 0
	for n < len(b) && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	return n
}

// trailingDigits returns the number of ASCII digits that end b.
func trailingDigits(b []byte) int {
	n := 0
	for n < len(b) && b[len(b)-1-n] >= '0' && b[len(b)-1-n] <= '9' {
		n++
	}
	return n
}

// gutter is the line number gutter of a wrapper's opening line.
type gutter struct {
	ok  bool
	num int  // its number
	sep byte // ".", ":", "|" or 0
}

// gutterOf reads the gutter that starts lead, a candidate's Layout.Lead;
// none when the LineNumbers rule is off.
func (r *Reader) gutterOf(lead []byte) gutter {
	if r.Rules&scanner.LineNumbers == 0 {
		return gutter{}
	}
	g, _ := readGutter(lead)
	return g
}

// readGutter reads a gutter at the start of line: optional spaces,
// digits, an optional ".", ":" or "|", then white space. It returns the
// gutter and its length, white space after it left out.
func readGutter(line []byte) (gutter, int) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++ // bytes.TrimLeft made a set of its cutset at every call
	}
	n := digits(line[i:])
	if n == 0 || n > 9 {
		return gutter{}, 0
	}
	g := gutter{ok: true}
	for _, c := range line[i : i+n] {
		g.num = g.num*10 + int(c-'0')
	}
	i += n
	if i < len(line) && (line[i] == '.' || line[i] == ':' || line[i] == '|') {
		g.sep = line[i]
		i++
	}
	if r, _ := utf8.DecodeRune(line[i:]); !unicode.IsSpace(r) {
		return gutter{}, 0
	}
	return g, i
}

// at returns the length of the gutter that starts the k-th continuation
// line, 0 when that line does not start with number num+k in the same
// shape.
func (g gutter) at(line []byte, k int) int {
	if h, n := readGutter(line); h.ok && h.num == g.num+k && h.sep == g.sep {
		return n
	}
	return 0
}
