package mail

import (
	"bytes"
	"io"
)

// An MMDF file: messages, each between two separator lines of four
// Control-A bytes ("\x01\x01\x01\x01", then LF or CR LF), the one that
// closes a message followed by the one that opens the next. The mbox
// reader reads it (kind MMDF), without unquoting any line; a "From " line
// right after an opening separator, which mutt writes there, is the
// separator's, as mutt reads it. Where the file breaks, nothing of it is
// skipped:
//
//   - Empty lines between messages are passed over, and a separator that
//     ends the input opens nothing.
//   - Other text between messages (a message whose opening separator is
//     missing, or whose one closing separator the message before lost) is
//     read as a message of its own, up to the next separator, and
//     reported. That separator closes it when another follows at once,
//     and else opens the message after it: so one separator lost costs
//     one message its pair, not every message after it.
//   - A message that the input ends before its closing separator (a file
//     cut short) is read to the end and reported (io.ErrUnexpectedEOF).

var mmdfMark = []byte("\x01\x01\x01\x01")

// mmdfSeparator reports whether line, a whole line with its line end, is
// an MMDF separator.
func mmdfSeparator(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, mmdfMark)
	return ok && (string(rest) == "\n" || string(rest) == "\r\n")
}

// atMMDFSeparator reports whether m.line, which starts a line, is a
// separator: a whole one, or four Control-A bytes (and a CR) that end the
// input.
func (m *mbox) atMMDFSeparator() bool {
	if mmdfSeparator(m.line) {
		return true
	}
	rest, ok := bytes.CutPrefix(m.line, mmdfMark)
	return ok && !m.nl && m.err == io.EOF && (len(rest) == 0 || string(rest) == "\r")
}

// nextMMDF advances to the next message of an MMDF file, as next.
func (m *mbox) nextMMDF() (int64, int, bool) {
	for {
		if m.line == nil && !m.fetch() {
			return 0, 0, false
		}
		if m.separator() {
			break
		}
		if !m.nl && m.err != io.EOF || len(bytes.TrimSpace(m.line)) > 0 {
			return m.unopened("mmdf: text between messages, outside the four Control-A bytes that open and close each: it is read as a message, up to the next separator")
		}
		m.line = nil // an empty line between messages
	}
	at := m.offset - int64(len(m.line))
	m.skipLine()
	if b := m.peek(len(from)); bytes.Equal(b, from) {
		m.fetch()
		m.skipLine() // mutt's "From " line
	} else if len(b) == 0 {
		// The separator ends the input, or its read failed (fetch keeps
		// the error in m.err): it opens nothing.
		m.fetch()
		return 0, 0, false
	}
	return m.open(at)
}
