package mail

import (
	"bufio"
	"bytes"
	"io"

	"github.com/urlsift/urlsift/scanner"
)

// mbox splits an mbox file into its messages. A message starts after a
// "From " line that begins the file or follows an empty line; its lines
// that start with ">From ", ">>From " and so on lose one ">" (mboxrd; for
// mboxo, which quotes only "From ", this undoes that quoting too). Lines
// of any length are read in pieces.
type mbox struct {
	r *bufio.Reader
	// peekErr is the error that a Peek of inBuffer met, which r no
	// longer holds: fetch returns it once r's buffer is read.
	peekErr error
	offset  int64         // input offset after the last piece read
	lines   scanner.Lines // the lines up to there
	err     error

	line      []byte // what is left of the last piece read
	lineStart bool   // that piece starts a line
	sepOK     bool   // that piece starts a line that follows an empty one
	nl        bool   // the last piece read ends a line
	blank     bool   // the last line read is empty
	inMsg     bool

	// lineAt is the file line of the last piece read; unquoted marks the
	// ">" taken from the quoted "From " lines of the current message,
	// each at the offset where its line's text, as read, would stand in
	// the file without the ">" taken before it; taken counts them.
	lineAt   int
	unquoted shifts
	taken    int64
}

func newMbox(r io.Reader) *mbox {
	// A bufio.Reader as large, as package source gives, is read as it
	// is: no second buffer, no copy of every byte from one to the other.
	return &mbox{r: bufio.NewReaderSize(r, 64<<10), nl: true, blank: true, lines: scanner.LinesAt(scanner.Position{})}
}

// readSlice is m.r.ReadSlice('\n'), but after inBuffer's Peek met an
// error, which the Peek took from the reader, it reads only what the
// buffer holds and then returns that error: the input is not read after
// its error, as ReadSlice would do.
func (m *mbox) readSlice() ([]byte, error) {
	if m.peekErr == nil {
		return m.r.ReadSlice('\n')
	}
	b, _ := m.r.Peek(m.r.Buffered())
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
		m.r.Discard(len(b))
		return b, nil
	}
	m.r.Discard(len(b))
	return b, m.peekErr
}

// fetch reads the next piece of a line into m.line.
func (m *mbox) fetch() bool {
	if m.err != nil {
		return false
	}
	piece, err := m.readSlice()
	if err == bufio.ErrBufferFull {
		err = nil
	}
	m.err = err
	if len(piece) == 0 {
		return false
	}
	m.offset += int64(len(piece))
	m.lineAt = m.lines.Pos().Line
	m.lines.Add(piece)
	m.lineStart = m.nl
	m.sepOK = m.lineStart && m.blank
	m.nl = piece[len(piece)-1] == '\n'
	m.blank = m.lineStart && m.nl && (len(piece) == 1 || len(piece) == 2 && piece[0] == '\r')
	m.line = piece
	return true
}

func (m *mbox) separator() bool {
	return m.sepOK && bytes.HasPrefix(m.line, []byte("From "))
}

// next advances to the next message. It returns the input offset of its
// "From " line and the line that follows it, and false when there is
// none.
func (m *mbox) next() (int64, int, bool) {
	for {
		if m.line == nil && !m.fetch() {
			return 0, 0, false
		}
		if m.separator() {
			break
		}
		m.line = nil
	}
	at := m.offset - int64(len(m.line))
	for { // the rest of the "From " line, however long
		m.line = nil
		if m.nl || !m.fetch() {
			break
		}
	}
	m.inMsg = true
	m.unquoted.reset()
	m.taken = 0
	return at, m.lines.Pos().Line, true
}

// Read reads the current message, up to the next separator.
func (m *mbox) Read(p []byte) (int, error) {
	if !m.inMsg {
		return 0, io.EOF
	}
	if m.line == nil && m.nl {
		if n := m.whole(p); n > 0 {
			if m.line != nil && m.separator() {
				m.inMsg = false // whole read the separator after the lines
				return n, io.EOF
			}
			return n, nil
		}
	}
	for m.line == nil {
		if !m.fetch() {
			if m.err == io.EOF {
				return 0, io.EOF
			}
			return 0, m.err
		}
		if m.separator() {
			m.inMsg = false
			return 0, io.EOF
		}
		if m.lineStart && quotedFrom(m.line) {
			m.unquoted.add(m.offset-int64(len(m.line))-m.taken, 1, m.lineAt)
			m.taken++
			m.line = m.line[1:]
		}
	}
	n := copy(p, m.line)
	m.line = m.line[n:]
	m.sepOK = false // what is left is not the start of a line
	if len(m.line) == 0 {
		m.line = nil
	}
	return n, nil
}

// whole copies to p, in one go, the whole lines that m's buffer holds,
// from the start of a line up to the first line that starts with "From "
// or with ">" and "From " (a separator, a quoted line, or a line whose
// "From " is neither: the line by line path decides). It returns 0 when
// no such line is there, and the line by line path reads on. Small
// messages are read one call for each, not one for each line.
func (m *mbox) whole(p []byte) int {
	buf := wholeLines(m.r, len(p))
	sep := false
	if k, s, _ := fromLine(buf, 0); k >= 0 {
		buf, sep = buf[:k], s // a separator is read at once: it ends the message
	}
	n := len(buf)
	if n == 0 {
		return 0
	}
	copy(p, buf)
	m.take(buf, sep)
	return n
}

// take reads buf, whole lines at the front of m's buffer, as the
// message's; sep says that a separator follows them, whole in the
// buffer, and it is fetched: it ends the message.
func (m *mbox) take(buf []byte, sep bool) {
	n := len(buf)
	m.lines.Add(buf)
	last := buf[bytes.LastIndexByte(buf[:n-1], '\n')+1:]
	m.nl, m.sepOK = true, false
	m.blank = len(last) == 1 || len(last) == 2 && last[0] == '\r'
	m.r.Discard(n)
	m.offset += int64(n)
	if sep {
		m.fetch() // the whole line is in the buffer: no read waits
	}
}

// inBuffer returns the current message, from the start of the line
// after its "From " line up to the separator that ends it, when m's
// buffer holds all of it and no line of it is a quoted "From " line
// (">From ", ">>From "...); else nil. Such a message can be read in
// place, and then taken with take(msg, true). Lines that start with
// "From " but follow no empty line are the message's own. A message
// whose end is not in the buffer gets a few reads more: what the buffer
// holds moves to its front and the reads fill the room after it, so
// that a message that the end of the buffer cut, as one in a few hundred
// small ones is, is read in place too. A few reads, as the line by line
// path would make next: no more wait for the input, and no search of
// the same bytes again and again when the input comes a little at a time.
func (m *mbox) inBuffer() []byte {
	if !m.inMsg || m.line != nil || !m.nl {
		return nil
	}
	for i, reads := 0, 0; ; {
		buf := wholeLines(m.r, m.r.Buffered())
		k, sep, quoted := fromLine(buf, i)
		switch {
		case quoted:
			return nil // a quoted line is for the line by line path
		case sep:
			return buf[:k] // the separator that ends the message
		case k >= 0:
			i = k + 1 // a line of the message's own
		case reads == maxRefills || m.peekErr != nil || m.r.Buffered() == m.r.Size():
			return nil // the end is not in the buffer
		default:
			// No line of buf starts with "From " from i on: the search
			// goes on in the lines that the read brings.
			if _, err := m.r.Peek(m.r.Buffered() + 1); err != nil {
				m.peekErr = err
			}
			i, reads = len(buf), reads+1
		}
	}
}

// maxRefills bounds the reads that inBuffer makes for a message.
const maxRefills = 4

// fromLine finds the first line of buf, from buf[i:] on, that starts with
// "From " or with ">"s and "From ". It returns where that line starts, or
// -1 when there is none, whether it is a separator (it follows an empty
// line, and is not the first line of buf) and whether it is quoted.
func fromLine(buf []byte, i int) (start int, sep, quoted bool) {
	for {
		j := bytes.Index(buf[i:], from)
		if j < 0 {
			return -1, false, false
		}
		j += i
		start := bytes.LastIndexByte(buf[:j], '\n') + 1
		if len(bytes.TrimLeft(buf[start:j], ">")) == 0 {
			return start, start == j && start > 0 && blankBefore(buf[:start]), start < j
		}
		i = j + 1
	}
}

// blankBefore reports whether b, which ends a line, ends with an empty
// line: "\n\n", "\n\r\n", or all of b, which starts a line, is "\n" or "\r\n".
func blankBefore(b []byte) bool {
	b = b[:len(b)-1]
	b = bytes.TrimSuffix(b, []byte("\r"))
	return len(b) == 0 || b[len(b)-1] == '\n'
}

// reached returns where the pieces read end in the input.
func (m *mbox) reached() scanner.Position {
	p := m.lines.Pos()
	p.Offset = m.offset
	return p
}

// ended reports whether the current message is read to its end: all of
// it that is still to be read is in memory, and reads of it never wait.
func (m *mbox) ended() bool { return !m.inMsg }

var from = []byte("From ")

// quotedFrom reports whether line is ">From ", ">>From " and so on.
func quotedFrom(line []byte) bool {
	i := 0
	for i < len(line) && line[i] == '>' {
		i++
	}
	return i > 0 && bytes.HasPrefix(line[i:], []byte("From "))
}

// MessageAt reports whether a message of an mbox starts at b[i], as this
// package reads an mbox: b[i:] starts with "From " and either b[i] is the
// input's first byte (i == 0 and first) or the line before it is empty,
// "\n" or "\r\n" at the start of a line. It looks at the 3 bytes before
// b[i] at most, and at the 5 from it: a program that cuts an mbox into
// pieces at message starts gives each test those bytes.
func MessageAt(b []byte, i int, first bool) bool {
	if !bytes.HasPrefix(b[i:], []byte("From ")) {
		return false
	}
	switch {
	case i == 0:
		return first
	case b[i-1] != '\n':
		return false
	case i == 1:
		return first // "\n" is the input's first line
	case b[i-2] == '\n':
		return true
	case b[i-2] != '\r':
		return false
	case i == 2:
		return first // "\r\n"
	}
	return b[i-3] == '\n'
}
