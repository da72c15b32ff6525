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
}

func (s *singleByte) reset(r io.Reader, cm *charmap.Charmap) {
	s.r, s.cm, s.out, s.err = r, cm, nil, nil
	if s.in == nil {
		s.in = make([]byte, 4096)
	}
}

func (s *singleByte) Read(p []byte) (int, error) { return s.read(p, s.more, s.inMemory) }

// more decodes what one read of the part gives.
func (s *singleByte) more() {
	for empty := 0; ; empty++ {
		n, err := s.r.Read(s.in)
		s.buf = appendSingleByte(s.buf[:0], s.in[:n], s.cm)
		s.out, s.err = s.buf, err
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
// UTF-8.
func appendSingleByte(dst, b []byte, cm *charmap.Charmap) []byte {
	for _, c := range b {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
		} else {
			dst = utf8.AppendRune(dst, cm.DecodeByte(c))
		}
	}
	return dst
}
