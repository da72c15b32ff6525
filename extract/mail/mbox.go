package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urlsift/urlsift/scanner"
)

// mbox splits a file of messages into its messages: an mbox, or (kind)
// an rnews batch or an MMDF file, whose rules rnews.go and mmdf.go add.
// In an mbox a message starts after a "From " line that begins the file
// or follows an empty line; its lines that start with ">From ", ">>From "
// and so on lose one ">" (mboxrd; for mboxo, which quotes only "From ",
// this undoes that quoting too). Lines of any length are read in pieces.
// What a message of the file breaks (a count or a separator that is
// missing) is damage, which the walk reports after the message: nothing
// of the file is skipped.
type mbox struct {
	kind Kind // Mbox, Rnews or MMDF
	r    *bufio.Reader
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

	// opened says that the current message starts after a separator
	// line (in an MMDF file, text outside the separators does not).
	opened bool
	// In an rnews batch, counted says that the current article ends at
	// its count, count is that count and left what is left of it.
	counted     bool
	count, left int64
	// damage is what the current message breaks, each a *scanner.Error
	// at its place in the file.
	damage []error
	kept   []byte // m.line, when it must outlive a read into the buffer
}

// newMbox returns a reader of r, a file of messages of kind Mbox, Rnews
// or MMDF.
func newMbox(r io.Reader, kind Kind) *mbox {
	// A bufio.Reader as large, as package source gives, is read as it
	// is: no second buffer, no copy of every byte from one to the other.
	return &mbox{kind: kind, r: bufio.NewReaderSize(r, 64<<10), nl: true, blank: true, lines: scanner.LinesAt(scanner.Position{})}
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

// peek returns the next n bytes of the input, or fewer where it ends,
// without reading them; the error met then is m.peekErr, which readSlice
// returns once the buffer is read, as inBuffer's.
func (m *mbox) peek(n int) []byte {
	if m.peekErr != nil || m.err != nil {
		n = min(n, m.r.Buffered())
	}
	b, err := m.r.Peek(n)
	if err != nil && m.peekErr == nil && m.err == nil {
		m.peekErr = err
	}
	return b
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

// separator reports whether m.line is a line that ends the current
// message: a "From " line after an empty one, a "#! rnews N" line, or an
// MMDF separator.
func (m *mbox) separator() bool {
	switch m.kind {
	case Rnews:
		return m.lineStart && rnewsLine(m.line)
	case MMDF:
		return m.lineStart && m.atMMDFSeparator()
	}
	return m.sepOK && bytes.HasPrefix(m.line, from)
}

// next advances to the next message. It returns the input offset of its
// separator line ("From ", "#! rnews N", four Control-A; or of its first
// line, for a message that has none) and the line where the message
// starts, and false when there is none.
func (m *mbox) next() (int64, int, bool) {
	m.damage = m.damage[:0]
	switch m.kind {
	case Rnews:
		return m.nextArticle()
	case MMDF:
		return m.nextMMDF()
	}
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
	m.skipLine()
	return m.open(at)
}

// skipLine skips the rest of the line that m.line starts, however long.
func (m *mbox) skipLine() {
	for {
		m.line = nil
		if m.nl || !m.fetch() {
			break
		}
	}
}

// open starts a message after its separator line, which starts at input
// offset at; it returns what next returns.
func (m *mbox) open(at int64) (int64, int, bool) {
	m.inMsg, m.opened = true, true
	m.unquoted.reset()
	m.taken = 0
	return at, m.lines.Pos().Line, true
}

// unopened starts a message at m.line, a line that starts a line where a
// separator should stand and is none, which why says; it returns what
// next returns. The message is read from that line on, up to the next
// separator.
func (m *mbox) unopened(why string) (int64, int, bool) {
	at, line := m.offset-int64(len(m.line)), m.lineAt
	m.damage = append(m.damage, &scanner.Error{Pos: scanner.Position{Offset: at, Line: line, Column: 1}, Err: errors.New(why)})
	m.open(at)
	m.opened, m.counted = false, false
	return at, line, true
}

// end ends the current message at the separator in m.line. In an MMDF
// file that separator closes the message, and is passed over, but after
// a message that opened without one, it closes it only when another
// separator follows at once: else it opens the next message.
func (m *mbox) end() {
	m.inMsg = false
	if m.kind != MMDF {
		return
	}
	if m.opened {
		m.line = nil
		return
	}
	// The separator, a few bytes, is kept where a read into the buffer,
	// to see what follows it, does not write.
	m.kept = append(m.kept[:0], m.line...)
	m.line = m.kept
	if line, _, _ := cutLine(m.peek(len(mmdfMark) + 2)); mmdfSeparator(line) {
		m.line = nil
	}
}

// endOfInput ends the current message where the input ends: an MMDF
// message that opened with a separator misses the one that closes it.
func (m *mbox) endOfInput() {
	m.inMsg = false
	if m.kind == MMDF && m.opened {
		m.damage = append(m.damage, &scanner.Error{Pos: m.reached(), Err: fmt.Errorf(
			"mmdf: the input ends inside a message, before the four Control-A bytes that close it: %w", io.ErrUnexpectedEOF)})
	}
}

// eof returns the error of a read that ends the current message: io.EOF,
// or the input's error.
func (m *mbox) eof() error {
	if m.err == nil || m.err == io.EOF {
		return io.EOF
	}
	return m.err
}

// Read reads the current message, up to the next separator (or, in an
// rnews batch, up to its count).
func (m *mbox) Read(p []byte) (int, error) {
	if !m.inMsg {
		return 0, io.EOF
	}
	if m.counted {
		if m.left > 0 || m.line != nil {
			return m.readCount(p)
		}
		if !m.pastCount() {
			return 0, m.eof()
		}
	}
	if m.line == nil && m.nl {
		if n := m.whole(p); n > 0 {
			if !m.inMsg {
				return n, io.EOF // whole read the separator after the lines
			}
			return n, nil
		}
	}
	for m.line == nil {
		if !m.fetch() {
			if m.err == io.EOF {
				m.endOfInput()
			}
			return 0, m.eof()
		}
		if m.separator() {
			m.end()
			return 0, io.EOF
		}
		if m.kind == Mbox && m.lineStart && quotedFrom(m.line) {
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
// from the start of a line up to the first line that may end the message
// (sepLine: in an mbox a line that starts with "From " or with ">" and
// "From ", a separator, a quoted line, or a line whose "From " is
// neither: the line by line path decides). It returns 0 when no such line
// is there, and the line by line path reads on. Small messages are read
// one call for each, not one for each line.
func (m *mbox) whole(p []byte) int {
	buf := wholeLines(m.r, len(p))
	sep := false
	if k, s, _ := m.sepLine(buf, 0); k >= 0 {
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
// buffer (in an rnews batch, the count's end), and it is fetched: it
// ends the message.
func (m *mbox) take(buf []byte, sep bool) {
	n := len(buf)
	m.lines.Add(buf)
	last := buf[bytes.LastIndexByte(buf[:n-1], '\n')+1:]
	m.nl, m.sepOK = true, false
	m.blank = len(last) == 1 || len(last) == 2 && last[0] == '\r'
	m.r.Discard(n)
	m.offset += int64(n)
	if m.counted {
		m.left -= int64(n)
	}
	if sep {
		m.fetch() // the whole line is in the buffer: no read waits
		m.end()
	}
}

// inBuffer returns the current message, from the start of the line
// after its separator line up to the separator that ends it, when m's
// buffer holds all of it and no line of it is a quoted "From " line
// (">From ", ">>From "...); else nil (for an empty message too; an rnews
// article read by its count is countInBuffer's). Such a message can be
// read in place, and then taken with take(msg, true). Lines that start with
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
	if m.counted {
		return m.countInBuffer()
	}
	for i, reads := 0, 0; ; {
		buf := wholeLines(m.r, m.r.Buffered())
		k, sep, quoted := m.sepLine(buf, i)
		switch {
		case quoted:
			return nil // a quoted line is for the line by line path
		case sep && k == 0:
			return nil // an empty message
		case sep:
			return buf[:k] // the separator that ends the message
		case k >= 0:
			i = k + 1 // a line of the message's own
		case !m.refill(reads):
			return nil // the end is not in the buffer
		default:
			// No line of buf may end the message from i on: the search
			// goes on in the lines that the read brought.
			i, reads = len(buf), reads+1
		}
	}
}

// maxRefills bounds the reads that inBuffer makes for a message.
const maxRefills = 4

// refill reads more into m's buffer, after what it holds, unless reads
// have been made already, the input failed or ended, or the buffer is
// full; it reports whether it read.
func (m *mbox) refill(reads int) bool {
	if reads == maxRefills || m.peekErr != nil || m.r.Buffered() == m.r.Size() {
		return false
	}
	if _, err := m.r.Peek(m.r.Buffered() + 1); err != nil {
		m.peekErr = err
	}
	return true
}

// sepLine finds the first line of buf, whole lines from a line start,
// from buf[i:] on, that may end the current message, as fromLine does in
// an mbox; in an rnews batch read past its count a "#! rnews N" line, in
// an MMDF file a separator.
func (m *mbox) sepLine(buf []byte, i int) (start int, sep, quoted bool) {
	switch m.kind {
	case Rnews:
		k := lineWith(buf, i, rnewsMark, rnewsLine)
		return k, k >= 0, false
	case MMDF:
		k := lineWith(buf, i, mmdfMark, mmdfSeparator)
		return k, k >= 0, false
	}
	return fromLine(buf, i)
}

// lineWith returns where the first line of buf, whole lines from a line
// start, from buf[i:] on, that starts with mark and that is (the line
// with its line end) takes, or -1.
func lineWith(buf []byte, i int, mark []byte, is func(line []byte) bool) int {
	for {
		j := bytes.Index(buf[i:], mark)
		if j < 0 {
			return -1
		}
		j += i
		if j == 0 || buf[j-1] == '\n' {
			if line, _, _ := cutLine(buf[j:]); is(line) {
				return j
			}
		}
		i = j + 1
	}
}

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
