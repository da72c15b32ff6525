package mail

import (
	"bytes"
	"encoding/base64"
	"io"
)

// b64Reader decodes base64 (RFC 2045 section 6.8) with
// encoding/base64's StdEncoding, line breaks (CR and LF) skipped. A byte
// outside the alphabet, or data after the padding, ends the text with
// errBase64 once what comes before it is decoded, and the data ending
// inside a group of four with io.ErrUnexpectedEOF, as base64.NewDecoder
// does. Unlike base64.NewDecoder's reader, which takes 1.8 KiB for each
// part, one serves part after part: small messages paid more for it than
// for their text.
type b64Reader struct {
	pending
	r      io.Reader
	in     []byte // what was read, line breaks removed: in[:have]
	have   int
	buf    []byte // backs out
	padded bool   // the data decoded so far ends with its padding
}

// b64Chunk is how much is read and decoded at a time.
const b64Chunk = 4096

func (b *b64Reader) reset(r io.Reader) {
	b.r, b.have, b.padded, b.out, b.err = r, 0, false, nil, nil
	if b.in == nil {
		b.in = make([]byte, b64Chunk)
		b.buf = make([]byte, b64Chunk/4*3)
	}
}

func (b *b64Reader) Read(p []byte) (int, error) { return b.read(p, b.more, b.inMemory) }

// more decodes what the next reads give, whole groups of four at a time.
func (b *b64Reader) more() {
	for empty := 0; ; {
		n, err := b.r.Read(b.in[b.have:])
		b.have += dropBreaks(b.in[b.have : b.have+n])
		if whole := b.have / 4 * 4; whole > 0 {
			if b.padded {
				b.err = errBase64
				return
			}
			d, derr := base64.StdEncoding.Decode(b.buf, b.in[:whole])
			b.out, b.padded = b.buf[:d], b.in[whole-1] == '='
			b.have = copy(b.in, b.in[whole:b.have])
			if derr != nil {
				b.err = errBase64
				return
			}
		}
		switch {
		case err == io.EOF && b.have > 0:
			b.err = io.ErrUnexpectedEOF
		case err != nil:
			b.err = err
		case len(b.out) > 0:
		case n > 0:
			empty = 0
			continue
		case empty < 100:
			empty++
			continue
		default:
			b.err = io.ErrNoProgress
		}
		return
	}
}

// dropBreaks moves the bytes of b that are not CR or LF to its front, in
// their order, and returns how many there are: line by line, a copy for
// each, with a byte by byte pass only on a line that holds a CR.
func dropBreaks(b []byte) int {
	k := 0
	for i := 0; i < len(b); {
		end := bytes.IndexByte(b[i:], '\n')
		if end < 0 {
			end = len(b)
		} else {
			end += i
		}
		line := b[i:end]
		if bytes.IndexByte(line, '\r') < 0 {
			k += copy(b[k:], line)
		} else {
			for _, c := range line {
				if c != '\r' {
					b[k] = c
					k++
				}
			}
		}
		i = end + 1
	}
	return k
}
