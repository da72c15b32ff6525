package mail

import (
	"bufio"
	"bytes"
	"io"

	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// qpReader decodes quoted-printable (RFC 2045 section 6.7) leniently, as
// mail readers do: "=" and two hex digits (of either case) is a byte, "="
// at the end of a line (white space may follow it) is a soft line break,
// white space at the end of a line goes, and everything else, a "=" that
// starts no escape, a control byte, an 8-bit byte, passes through as
// itself. It never fails but with its reader.
type qpReader struct {
	pending
	r     *bufio.Reader // own, or the reader of the part when it is one
	own   *bufio.Reader
	carry []byte // the end of a piece cut inside a line, that may start an escape
	buf   []byte
	obuf  []byte // backs out
}

func newQP(r io.Reader) *qpReader {
	q := new(qpReader)
	q.reset(r)
	return q
}

// reset makes q decode r, keeping its buffers. A *bufio.Reader is read
// as it is, not through one more buffer.
func (q *qpReader) reset(r io.Reader) {
	if br, ok := r.(*bufio.Reader); ok {
		q.r = br
	} else {
		if q.own == nil {
			q.own = bufio.NewReader(r)
		}
		q.own.Reset(r)
		q.r = q.own
	}
	q.carry, q.out, q.err = q.carry[:0], nil, nil
}

func (q *qpReader) Read(p []byte) (int, error) { return q.read(p, q.more, q.ready) }

func (q *qpReader) ready() bool { return lineReady(q.r) || q.inMemory() }

// more decodes the whole lines that q.r holds, or the next line, or the
// next piece of a long one.
func (q *qpReader) more() {
	q.out = q.obuf[:0]
	defer func() { q.obuf = q.out[:0] }()
	if len(q.carry) == 0 {
		// The buffer is filled by ReadSlice, which returns the reader's
		// error.
		if buf := wholeLines(q.r, q.r.Buffered()); len(buf) > 0 {
			q.lines(buf)
			q.r.Discard(len(buf))
			return
		}
	}
	piece, err := q.r.ReadSlice('\n')
	inLine := err == bufio.ErrBufferFull
	if inLine {
		err = nil
	}
	q.err = err
	if len(q.carry) > 0 {
		q.buf = append(append(q.buf[:0], q.carry...), piece...)
		piece, q.carry = q.buf, q.carry[:0]
	}
	if inLine && err == nil {
		// Keep back an "=" among the last two bytes: its escape or its
		// soft break may end in the next piece.
		if k := bytes.LastIndexByte(piece[max(0, len(piece)-2):], '='); k >= 0 {
			k += max(0, len(piece)-2)
			q.carry = append(q.carry, piece[k:]...)
			piece = piece[:k]
		}
		q.decode(piece)
		return
	}
	q.line(piece)
}

// decodeAll appends the decoding of b, all of a part, to dst, as reading
// it through q gives it.
func (q *qpReader) decodeAll(dst, b []byte) []byte {
	q.out = dst
	q.lines(b)
	dst, q.out = q.out, nil
	return dst
}

// lines appends the decoding of b, whole lines but maybe the last.
func (q *qpReader) lines(b []byte) {
	for line := range bytes.Lines(b) {
		q.line(line)
	}
}

// line appends the decoding of a line, or of the last piece of a long
// one, with its line break unless it ends in a soft line break.
func (q *qpReader) line(piece []byte) {
	body := ascii.TrimRight(piece, '\r', '\n')
	eol := piece[len(body):]
	body = ascii.TrimRight(body, ' ', '\t')
	if len(body) > 0 && body[len(body)-1] == '=' {
		body, eol = body[:len(body)-1], nil // a soft line break
	}
	q.decode(body)
	q.out = append(q.out, eol...)
}

// decode appends the decoding of b, which holds no line end, to q.out.
func (q *qpReader) decode(b []byte) {
	for {
		i := bytes.IndexByte(b, '=')
		if i < 0 || i+2 >= len(b) {
			q.out = append(q.out, b...)
			return
		}
		c, ok := ascii.HexByte(b[i+1], b[i+2])
		if !ok {
			q.out = append(q.out, b[:i+1]...) // "=" as itself
			b = b[i+1:]
			continue
		}
		q.out = append(append(q.out, b[:i]...), c)
		b = b[i+3:]
	}
}
