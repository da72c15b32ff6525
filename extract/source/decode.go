package source

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// MaxZstdWindow is the largest zstd window read: 2 GiB, the most the
// reference zstd writes (--long=31). A frame's window is the memory its
// decoder may need, up to the frame's size.
const MaxZstdWindow = 1 << 31

// decompress returns a reader of the decompressed input when r starts
// with the magic bytes of gzip, bzip2, xz or zstd, with the name of the
// format, and otherwise a buffered reader of r and "": r itself when it
// is a *bufio.Reader.
func decompress(r io.Reader) (io.Reader, string, error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	head, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(br)
		return z, "gzip", err
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(br), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		z, err := xz.NewReader(br)
		return z, "xz", err
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(MaxZstdWindow))
		if err != nil {
			return nil, "zstd", err
		}
		return z.IOReadCloser(), "zstd", nil
	}
	return br, "", nil
}

// unicodeText returns a reader of br's text in UTF-8 when br starts with the
// byte-order mark of UTF-32 or UTF-16, little or big endian (the mark
// goes), with the encoding's name; otherwise br itself and "". A UTF-8
// byte-order mark is left as it is. UTF-16 is read through u.
func unicodeText(br *bufio.Reader, u *utf16Reader) (io.Reader, string) {
	head, _ := br.Peek(4)
	var enc encoding.Encoding
	var name string
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		enc, name = utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM), "utf-32le"
	case bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		enc, name = utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM), "utf-32be"
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		big := head[0] == 0xfe
		br.Discard(2)
		u.reset(br, big)
		if big {
			return u, "utf-16be"
		}
		return u, "utf-16le"
	default:
		return br, ""
	}
	return transform.NewReader(br, enc.NewDecoder()), name
}
