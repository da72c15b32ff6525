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
	r        io.Reader
	dash     []byte // "--" and the boundary
	lines    scanner.Lines
	nl       string // the line break of delimiter lines, once the first is read
	state    int
	head     []byte // the start of the line being read, up to maxHead bytes
	last     byte   // its last byte before the one read last
	atStart  bool   // no byte of it is read yet
	skipping bool   // it is skipped: it started with no "-", or in the epilogue
	prevNL   bool   // the line before it ended with nl
	starts   []scanner.Position
	first    int // the part whose start is starts[0]

	// While a read is taken in: cur has counted its bytes up to counted,
	// where a part's start was last wanted.
	cur     scanner.Lines
	counted int
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
	l.nl, l.state, l.head, l.last, l.prevNL, l.atStart, l.skipping = "", inPreamble, l.head[:0], 0, true, true, false
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

// see takes in what was read, line by line: the lines that can matter,
// those of a header block and those that start with "-" in a body or the
// preamble, are looked at; the others are skipped in one go, as the
// epilogue is.
func (l *locator) see(b []byte) {
	l.cur, l.counted = l.lines, 0 // where b starts
	for i := 0; i < len(b); {
		if l.skipping || l.atStart && l.state != inHeader && (l.state == inEpilogue || b[i] != '-') {
			i = l.skip(b, i)
			continue
		}
		l.atStart = false
		end := len(b)
		if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
			end = i + k + 1
		}
		if room := maxHead - len(l.head); room > 0 {
			l.head = append(l.head, b[i:min(end, i+room)]...)
		}
		if b[end-1] != '\n' {
			l.last = b[end-1]
			break
		}
		if end-i > 1 {
			l.last = b[end-2]
		}
		l.line(b, end)
		i = end
	}
	l.lines.Add(b)
}

// skip skips the lines of b from i on that cannot matter: up to the next
// line that starts with "-", or all of b. It returns where it stopped.
func (l *locator) skip(b []byte, i int) int {
	k := len(b)
	if l.state != inEpilogue {
		k = l.nextDash(b, i)
	}
	if j := bytes.LastIndexByte(b[i:k], '\n'); j >= 0 {
		j += i
		before := l.last // the byte before that line break, in its line
		if j > i {
			before = b[j-1]
		} else if l.atStart {
			before = 0 // the line is a line break alone
		}
		l.prevNL = l.nl != "\r\n" || before == '\r'
		l.atStart = j == k-1
		l.last = 0
		if !l.atStart {
			l.last = b[k-1]
		}
	} else {
		l.last = b[k-1]
		l.atStart = false
	}
	l.skipping = !l.atStart // the line goes on in what comes next
	return k
}

// nextDash returns the start of the first line after b[i] that starts
// with "--" and the boundary, or of the line that the read ends in when
// what it holds may be their start, or len(b).
func (l *locator) nextDash(b []byte, i int) int {
	for from := i; from < len(b); {
		n := bytes.Index(b[from:], l.dash)
		if n < 0 {
			break
		}
		if n += from; n > i && b[n-1] == '\n' {
			return n
		}
		from = n + 1
	}
	if j := bytes.LastIndexByte(b[i:], '\n'); j >= 0 {
		if t := b[i+j+1:]; len(t) < len(l.dash) && bytes.HasPrefix(l.dash, t) {
			return i + j + 1
		}
	}
	return len(b)
}

// maxHead is how much of a line the locator keeps: enough for a delimiter
// line with some white space after its boundary.
const maxHead = 200

// line takes in a line read whole, of which l.head is the start (a line
// longer is neither empty nor a delimiter line): it ends at b[end], in the
// read b.
func (l *locator) line(b []byte, end int) {
	line := l.head
	endsNL := l.nl != "\r\n" || l.last == '\r'
	switch {
	case l.state == inHeader:
		if string(line) == "\n" || string(line) == "\r\n" {
			l.cur.Add(b[l.counted:end]) // where the body starts
			l.counted = end
			l.starts, l.state = append(l.starts, l.cur.Pos()), inBody
		}
	case l.state == inEpilogue || l.state == inBody && !l.prevNL:
	case l.final(line):
		l.state = inEpilogue
	case l.delimiter(line):
		l.state = inHeader
	}
	l.prevNL, l.head, l.last, l.atStart, l.skipping = endsNL, l.head[:0], 0, true, false
}

// delimiter reports whether line is a delimiter line; the first one sets
// the line break of those after it.
func (l *locator) delimiter(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, l.dash)
	if !ok {
		return false
	}
	rest = bytes.TrimLeft(rest, " \t")
	if l.nl == "" && (string(rest) == "\n" || string(rest) == "\r\n") {
		l.nl = string(rest)
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
