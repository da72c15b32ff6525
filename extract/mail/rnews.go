package mail

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/urlsift/urlsift/scanner"
)

// An rnews batch, as rnews(1) reads it: a line "#! rnews N", N the
// decimal count of the bytes of the article that follows, then those N
// bytes, a message (RFC 5536, RFC 5322), then the next "#! rnews N" line,
// and so on. The mbox reader reads it (kind Rnews): an article ends at
// its count, not at a line, and no line is unquoted. Where the batch
// breaks, nothing of it is skipped:
//
//   - After an article, the input ends or a "#! rnews N" line follows,
//     wherever it starts, as rnews reads it. Anything else is read as the
//     article's too, up to the next line that starts with a "#! rnews N"
//     line, or the input's end, and reported at the place where the count
//     ends: a count too small (as every count is once a batch's lines are
//     made CR LF) so loses nothing, where INN's rnews stops and older
//     unbatchers skipped lines up to the next count. A count too large
//     reads the start of the next article as the end of this one; where it
//     ends, the same rule finds the next count.
//   - A count past the input's end reads the article as far as it goes,
//     and the batch is reported cut short (io.ErrUnexpectedEOF).
//   - Text before the first "#! rnews N" line (an input read as a batch
//     that does not start like one) is read as an article of its own, up
//     to the first count line, and reported.
//
// A count is never allocated: the article streams, or is read in place
// when the buffer holds it.

var rnewsMark = []byte("#! rnews ")

// rnewsCount returns the count of line, a whole line with its line end,
// when it is "#! rnews " and decimal digits, then LF or CR LF. A count
// past the largest int64 is the largest, which no input reaches.
func rnewsCount(line []byte) (int64, bool) {
	digits, ok := bytes.CutPrefix(line, rnewsMark)
	digits, nl := bytes.CutSuffix(digits, []byte("\n"))
	digits = bytes.TrimSuffix(digits, []byte("\r"))
	if !ok || !nl || len(digits) == 0 {
		return 0, false
	}
	n := int64(0)
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		if d := int64(c - '0'); n <= (math.MaxInt64-d)/10 {
			n = n*10 + d
		} else {
			n = math.MaxInt64
		}
	}
	return n, true
}

// rnewsLine reports whether line, a whole line with its line end, is a
// "#! rnews N" line.
func rnewsLine(line []byte) bool {
	_, ok := rnewsCount(line)
	return ok
}

// nextArticle advances to the next article of an rnews batch, as next.
func (m *mbox) nextArticle() (int64, int, bool) {
	if m.line == nil && !m.fetch() {
		return 0, 0, false
	}
	if n, ok := rnewsCount(m.line); ok {
		at := m.offset - int64(len(m.line))
		m.skipLine()
		m.counted, m.count, m.left = true, n, n
		return m.open(at)
	}
	// After an article, Read reads on up to a count line: this is the
	// batch's first line.
	return m.unopened(`rnews: the batch does not start with a "#! rnews N" line: the text up to the first one is read as an article`)
}

// readCount reads the current article up to its count. As fetch reads
// the pieces of lines, it takes the next bytes of the article from the
// buffer into m.line (countedPiece), counts them, and copies them out.
func (m *mbox) readCount(p []byte) (int, error) {
	if m.line == nil {
		b := m.countedPiece()
		if len(b) == 0 {
			if m.err == io.EOF {
				m.inMsg = false
				m.damage = append(m.damage, &scanner.Error{Pos: m.reached(), Err: fmt.Errorf(
					"rnews: the batch is cut short: the input ends %d bytes into an article of %d: %w", m.count-m.left, m.count, io.ErrUnexpectedEOF)})
			}
			return 0, m.eof()
		}
		m.lines.Add(b)
		m.offset += int64(len(b))
		m.left -= int64(len(b))
		m.nl = b[len(b)-1] == '\n'
		m.r.Discard(len(b))
		m.line = b // valid up to the next read into the buffer, as fetch's pieces
	}
	n := copy(p, m.line)
	if m.line = m.line[n:]; len(m.line) == 0 {
		m.line = nil
	}
	return n, nil
}

// countedPiece returns the next bytes of the current article from m's
// buffer: up to the count when the buffer holds them, else the whole
// lines it holds, else what a full buffer holds of a longer line (a
// column of Lines counts characters: a piece that a line end or the count
// ends cuts no character in two). It reads into the buffer, as ReadSlice
// does, until one of those holds or the input ends or fails: nothing
// then, and m.err says which.
func (m *mbox) countedPiece() []byte {
	for {
		b, _ := m.r.Peek(m.r.Buffered())
		b = b[:min(int64(len(b)), m.left)]
		k := bytes.LastIndexByte(b, '\n')
		switch {
		case int64(len(b)) == m.left:
			return b
		case k >= 0:
			return b[:k+1]
		case m.r.Buffered() == m.r.Size():
			return b
		case m.err != nil || m.peekErr != nil:
			if len(b) == 0 && m.err == nil {
				m.err = m.peekErr
			}
			return b // the last bytes of the input
		}
		m.peek(m.r.Buffered() + 1)
	}
}

// pastCount reads what follows the current article's count. The article
// ends there, and pastCount returns false, when the input ends or fails,
// or when a "#! rnews N" line follows; else the article goes on, up to
// the next line that starts with one, and that is reported where the
// count ends.
func (m *mbox) pastCount() bool {
	here := m.reached()
	if !m.fetch() {
		if m.err == io.EOF {
			m.inMsg = false
		}
		return false
	}
	if rnewsLine(m.line) {
		m.inMsg = false
		return false
	}
	m.counted = false
	text := bytes.TrimRight(m.line, "\r\n")
	m.damage = append(m.damage, &scanner.Error{Pos: here, Err: fmt.Errorf(
		`rnews: %.24q follows the article's %d bytes, not a "#! rnews N" line: it is read as the article's, up to the next such line`, text, m.count)})
	return true
}

// countInBuffer returns the current article, read by its count, when m's
// buffer holds all of it, its last line ends in LF (the header is read
// in place by lines), and the buffer holds after it the "#! rnews N" line
// that follows or the input's end; else nil. It reads into the buffer as
// inBuffer does.
func (m *mbox) countInBuffer() []byte {
	for reads := 0; ; reads++ {
		b, _ := m.r.Peek(m.r.Buffered())
		if int64(len(b)) >= m.left {
			msg, after := b[:m.left], b[m.left:]
			line, _, whole := cutLine(after)
			switch {
			case len(msg) == 0 || msg[len(msg)-1] != '\n':
				return nil
			case whole && rnewsLine(line) || len(after) == 0 && m.peekErr == io.EOF:
				return msg
			case whole:
				return nil // not a count line: Read reads on, and says so
			}
		}
		if !m.refill(reads) {
			return nil
		}
	}
}
