package mail

import (
	"bufio"
	"bytes"
	"io"

	"github.com/urlsift/urlsift/extract/internal/ascii"
	"github.com/urlsift/urlsift/scanner"
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

	// marks, when not nil, ties what q gives out to what it reads: an
	// anchor after each escape, after each soft line break, and at the
	// start of a line after one whose white space at its end went.
	// outAt is the offset of out's first byte, outLine its line; in is
	// the place of the next byte to read.
	marks   *anchors
	anchors anchors // what marks points at, when the part's place is known
	outAt   int64
	outLine int
	in      scanner.Position
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
	q.carry, q.out, q.err, q.marks = q.carry[:0], nil, nil, nil
}

// track makes q tie what it gives out to what it reads, the two counted
// from at, and returns the anchors that do it.
func (q *qpReader) track(at scanner.Position) *anchors {
	q.marks, q.outAt, q.outLine, q.in, q.obuf = &q.anchors, at.Offset, at.Line, at, q.obuf[:0]
	q.anchors.reset(at, true)
	return q.marks
}

func (q *qpReader) Read(p []byte) (int, error) { return q.read(p, q.more, q.ready) }

func (q *qpReader) ready() bool { return lineReady(q.r) || q.inMemory() }

// more decodes the whole lines that q.r holds, or the next line, or the
// next piece of a long one.
func (q *qpReader) more() {
	q.outAt += int64(len(q.obuf))
	q.out = q.obuf[:0]
	defer func() { q.obuf = q.out }()
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
		q.in.Offset += int64(len(piece))
		q.in.Column += len(piece)
		return
	}
	q.line(piece)
}

// decodeAll appends the decoding of b, all of a part, to dst, as reading
// it through q gives it.
func (q *qpReader) decodeAll(dst, b []byte) []byte {
	q.outAt -= int64(len(dst))
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
	trimmed := len(body)
	body = ascii.TrimRight(body, ' ', '\t')
	trimmed -= len(body)
	if len(body) > 0 && body[len(body)-1] == '=' {
		body, eol = body[:len(body)-1], nil // a soft line break
		trimmed = 1
	}
	q.decode(body)
	q.out = append(q.out, eol...)
	if q.marks == nil {
		return
	}
	q.in.Offset += int64(len(piece))
	q.in.Column += len(piece)
	if len(piece) == 0 || piece[len(piece)-1] != '\n' {
		return // the last piece of the input, no line after it
	}
	q.in.Line, q.in.Column = q.in.Line+1, 1
	if eol != nil {
		q.outLine++
	}
	if trimmed > 0 {
		q.marks.add(anchor{at: q.outAt + int64(len(q.out)), line: q.outLine, in: q.in, exact: true})
	}
}

// decode appends the decoding of b, which holds no line end, to q.out.
func (q *qpReader) decode(b []byte) {
	whole := b
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
		if q.marks != nil {
			// A line break written as escapes (=0D, =0A) breaks the text
			// given out, as scanner.Lines counts it, and not the text read.
			if c == '\r' || c == '\n' && (len(q.out) < 2 || q.out[len(q.out)-2] != '\r') {
				q.outLine++
			}
			in := q.in
			in.Offset += int64(len(whole) - len(b))
			in.Column += len(whole) - len(b)
			q.marks.add(anchor{at: q.outAt + int64(len(q.out)), line: q.outLine, in: in, exact: true})
		}
	}
}
