package mail

import (
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
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
