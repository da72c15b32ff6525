package mail

import (
	"bytes"
	"encoding/base64"
	"io"

	"github.com/urlsift/urlsift/scanner"
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

	// marks, when not nil, ties what b gives out to what it reads: an
	// anchor at the first byte that each line of the encoded text gives,
	// standing for every byte up to the next (RFC 2045's lines are of 76
	// characters at most, 57 bytes). outAt is the offset of the first
	// byte given out, inAt the place of the next byte to read and chars
	// the characters of the alphabet read before it.
	marks   *anchors
	anchors anchors // what marks points at, when the part's place is known
	outAt   int64
	inAt    scanner.Position
	chars   int64
}

// b64Chunk is how much is read and decoded at a time.
const b64Chunk = 4096

func (b *b64Reader) reset(r io.Reader) {
	b.r, b.have, b.padded, b.out, b.err, b.marks = r, 0, false, nil, nil, nil
	if b.in == nil {
		b.in = make([]byte, b64Chunk)
		b.buf = make([]byte, b64Chunk/4*3)
	}
}

// track makes b tie what it gives out to what it reads, the two counted
// from at, and returns the anchors that do it.
func (b *b64Reader) track(at scanner.Position) *anchors {
	b.marks, b.outAt, b.inAt, b.chars = &b.anchors, at.Offset, at, 0
	b.anchors.reset(at, false)
	return b.marks
}

// take drops the line breaks of raw, what was read next, as dropBreaks
// does, and returns the bytes kept; when b is tracked, it ties each line
// that starts in raw to the bytes it gives: the first byte that a line
// gives is the first whose first bits its first character holds, byte k
// of the characters 4*(k/3) and one more, with k%3 of its bits in the
// first.
func (b *b64Reader) take(raw []byte) int {
	if b.marks == nil {
		return dropBreaks(raw, nil)
	}
	chars, start := b.chars, b.inAt.Offset
	kept := dropBreaks(raw, func(next, kept int) {
		b.inAt.Offset, b.inAt.Line, b.inAt.Column = start+int64(next), b.inAt.Line+1, 1
		c := chars + int64(kept)
		b.marks.add(anchor{at: b.outAt + c - c/4, in: b.inAt})
	})
	b.chars, b.inAt.Offset = chars+int64(kept), start+int64(len(raw))
	return kept
}

func (b *b64Reader) Read(p []byte) (int, error) { return b.read(p, b.more, b.inMemory) }

// more decodes what the next reads give, whole groups of four at a time.
func (b *b64Reader) more() {
	for empty := 0; ; {
		n, err := b.r.Read(b.in[b.have:])
		b.have += b.take(b.in[b.have : b.have+n])
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
// When lineStart is not nil, it is told of each line that starts in b:
// at b[next], with kept bytes before it kept.
func dropBreaks(b []byte, lineStart func(next, kept int)) int {
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
		if end < len(b) && lineStart != nil {
			lineStart(end+1, k)
		}
		i = end + 1
	}
	return k
}
