package mail

import (
	"bufio"
	"io"
	"slices"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/urlsift/urlsift/scanner"
)

// singleByte decodes a single-byte charset (ISO 8859, windows-125x,
// KOI8...) to UTF-8, byte by byte through the charset's table, with its
// buffers reused from part to part: transform.NewReader takes two new
// 4 KiB buffers for each part, which small messages pay for.
type singleByte struct {
	pending
	r   io.Reader
	cm  *charmap.Charmap
	in  []byte
	buf []byte // backs out
	// marks, when not nil, takes the offsets of what is given out back to
	// those of what is read; at is the offset of the next byte given out.
	marks *shifts
	at    int64
}

// reset makes s read r, in cm, with offsets counted from at into marks
// (which may be nil).
func (s *singleByte) reset(r io.Reader, cm *charmap.Charmap, marks *shifts, at int64) {
	s.r, s.cm, s.out, s.err, s.marks, s.at = r, cm, nil, nil, marks, at
	if s.in == nil {
		s.in = make([]byte, 4096)
	}
}

func (s *singleByte) Read(p []byte) (int, error) { return s.read(p, s.more, s.inMemory) }

// more decodes what one read of the part gives.
func (s *singleByte) more() {
	for empty := 0; ; empty++ {
		n, err := s.r.Read(s.in)
		s.buf = appendSingleByte(s.buf[:0], s.in[:n], s.cm, s.marks, s.at)
		s.out, s.err = s.buf, err
		s.at += int64(len(s.buf))
		switch {
		case n > 0 || err != nil:
			return
		case empty == 100:
			s.err = io.ErrNoProgress
			return
		}
	}
}

// appendSingleByte appends b, in the single-byte charset cm, to dst in
// UTF-8. When marks is not nil, each character of more than one byte
// marks there how much further back the text read is, with at the offset
// of dst's first byte.
func appendSingleByte(dst, b []byte, cm *charmap.Charmap, marks *shifts, at int64) []byte {
	for _, c := range b {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			continue
		}
		n := len(dst)
		dst = utf8.AppendRune(dst, cm.DecodeByte(c))
		if marks != nil {
			marks.add(at+int64(len(dst)), int64(n+1-len(dst)), 0)
		}
	}
	return dst
}

// lineDecoder decodes a multi-byte charset (Shift_JIS, EUC-JP,
// ISO-2022-JP, GBK...) to UTF-8, as transform.NewReader does, but a line
// at a time, so that each line of the text stands at the line it came
// from: an anchor at the start of each line, for every byte of it (a
// character's place in the line would take one anchor for each).
type lineDecoder struct {
	pending
	r       *bufio.Reader
	t       transform.Transformer
	src     []byte // what is left undecoded: the start of a character cut by the buffer
	buf     []byte // backs out
	marks   anchors
	outAt   int64            // the offset of out's first byte
	in      scanner.Position // the place of the next byte read
	newLine bool             // it starts a line
}

// newLineDecoder returns a lineDecoder of r through t, its places
// counted from at.
func newLineDecoder(r io.Reader, t transform.Transformer, at scanner.Position) *lineDecoder {
	d := &lineDecoder{r: bufio.NewReader(r), t: t, outAt: at.Offset, in: at, newLine: true}
	d.marks.reset(at, false)
	return d
}

func (d *lineDecoder) Read(p []byte) (int, error) { return d.read(p, d.more, nil) }

// more decodes the next line, or the next piece of a long one.
func (d *lineDecoder) more() {
	d.outAt += int64(len(d.buf))
	piece, err := d.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		err = nil
	}
	if d.newLine {
		d.marks.add(anchor{at: d.outAt, in: d.in})
	}
	src := append(d.src, piece...)
	out := d.buf[:0]
	for {
		out = slices.Grow(out, 3*len(src)+utf8.UTFMax)
		nDst, nSrc, terr := d.t.Transform(out[len(out):cap(out)], src, err != nil)
		out, src = out[:len(out)+nDst], src[nSrc:]
		if terr != transform.ErrShortDst || nDst+nSrc == 0 && len(out) < cap(out) {
			break // done, or the start of a character that the next piece ends
		}
	}
	d.src = append(d.src[:0], src...)
	d.buf, d.out, d.err = out, out, err
	d.newLine = len(piece) > 0 && piece[len(piece)-1] == '\n'
	d.in.Offset += int64(len(piece))
	if d.newLine {
		d.in.Line, d.in.Column = d.in.Line+1, 1
	} else {
		d.in.Column += len(piece)
	}
}
