package mail

import (
	"bytes"
	"io"

	"github.com/urlsift/urlsift/scanner"
)

// locator reads a multipart body on the way to mime/multipart's reader
// and notes where the body of each of its parts starts, as that reader
// finds them (RFC 2046 section 5.1.1, with its leniencies): a delimiter
// line is "--" and the boundary, white space, and the line break of the
// first delimiter line, CR LF or LF alone; the line break before a
// delimiter line belongs to it; a part's header block ends at its first
// empty line, and its body starts after it.
type locator struct {
	r      io.Reader
	dash   []byte // "--" and the boundary
	lines  scanner.Lines
	nl     string // the line break of delimiter lines, once the first is read
	state  int
	head   []byte // the start of the line being read, up to maxHead bytes
	last   byte   // its last byte before the one read last
	prevNL bool   // the line before it ended with nl
	starts []scanner.Position
	first  int // the part whose start is starts[0]
}

// The states of a locator.
const (
	inPreamble = iota
	inHeader
	inBody
	inEpilogue
)

func (l *locator) reset(r io.Reader, boundary string, at scanner.Position) {
	l.r, l.dash = r, append(append(l.dash[:0], "--"...), boundary...)
	l.lines = scanner.LinesAt(at)
	l.nl, l.state, l.head, l.last, l.prevNL = "", inPreamble, l.head[:0], 0, true
	l.starts, l.first = l.starts[:0], 1
}

func (l *locator) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.see(p[:n])
	return n, err
}

// start returns where the body of part i (from 1) starts, or the zero
// Position when the locator did not find it; the starts of the parts
// before i are forgotten.
func (l *locator) start(i int) scanner.Position {
	if k := i - l.first; k > 0 {
		k = min(k, len(l.starts))
		l.starts, l.first = l.starts[:copy(l.starts, l.starts[k:])], l.first+k
	}
	if i != l.first || len(l.starts) == 0 {
		return scanner.Position{}
	}
	return l.starts[0]
}

// see takes in what was read, line by line.
func (l *locator) see(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		piece := b
		if i >= 0 {
			piece = b[:i+1]
		}
		b = b[len(piece):]
		l.lines.Add(piece)
		if room := maxHead - len(l.head); room > 0 {
			l.head = append(l.head, piece[:min(room, len(piece))]...)
		}
		if i < 0 {
			l.last = piece[len(piece)-1]
			continue
		}
		if i > 0 {
			l.last = piece[i-1]
		}
		l.line()
	}
}

// maxHead is how much of a line the locator keeps: enough for a delimiter
// line with some white space after its boundary.
const maxHead = 200

// line takes in a line read whole, of which l.head is the start (a line
// longer is neither empty nor a delimiter line).
func (l *locator) line() {
	line := l.head
	endsNL := l.nl != "\r\n" || l.last == '\r'
	switch {
	case l.state == inHeader:
		if string(line) == "\n" || string(line) == "\r\n" {
			l.starts, l.state = append(l.starts, l.lines.Pos()), inBody
		}
	case l.state == inEpilogue || l.state == inBody && !l.prevNL:
	case l.final(line):
		l.state = inEpilogue
	case l.delimiter(line):
		l.state = inHeader
	}
	l.prevNL, l.head, l.last = endsNL, l.head[:0], 0
}

// delimiter reports whether line is a delimiter line; the first one sets
// the line break of those after it.
func (l *locator) delimiter(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, l.dash)
	if !ok {
		return false
	}
	rest = bytes.TrimLeft(rest, " \t")
	if l.nl == "" {
		if string(rest) == "\n" {
			l.nl = "\n"
		} else {
			l.nl = "\r\n"
		}
	}
	return string(rest) == l.nl
}

// final reports whether line is the delimiter line that ends the parts.
func (l *locator) final(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, l.dash)
	if !ok || !bytes.HasPrefix(rest, []byte("--")) {
		return false
	}
	rest = bytes.TrimLeft(rest[2:], " \t")
	return len(rest) == 0 || string(rest) == "\n" || string(rest) == "\r\n"
}
