package mail

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/scanner"
)

// randomMultipart returns a multipart body with boundary b: a preamble,
// parts whose lines may start with "-" or "--" and the boundary, long
// lines, empty parts, an epilogue, in LF or CR LF.
func randomMultipart(rng *rand.Rand, b string) []byte {
	nl := "\n"
	if rng.IntN(2) == 0 {
		nl = "\r\n"
	}
	lines := []string{"text", "-dash", "--" + b + "x", "--other", "", strings.Repeat("y", 300), "- --" + b, "--" + b + "-", "From x"}
	var w bytes.Buffer
	for range rng.IntN(3) {
		w.WriteString(lines[rng.IntN(len(lines))] + nl)
	}
	for range 1 + rng.IntN(5) {
		w.WriteString("--" + b + strings.Repeat(" ", rng.IntN(2)) + nl)
		if rng.IntN(2) == 0 {
			w.WriteString("Content-Type: text/plain" + nl)
		}
		w.WriteString(nl)
		for range rng.IntN(6) {
			w.WriteString(lines[rng.IntN(len(lines))] + nl)
		}
		w.WriteString("body end")
		w.WriteString(nl)
	}
	w.WriteString("--" + b + "--" + nl)
	for range rng.IntN(3) {
		w.WriteString(lines[rng.IntN(len(lines))] + nl)
	}
	return w.Bytes()
}

// TestLocator: however the body is cut into reads, each part's body
// starts where the locator says, as mime/multipart reads it: at that
// offset of the input, its first bytes are the part's, and line and
// column are those of the offset.
func TestLocator(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 3000 {
		in := randomMultipart(rng, "B=1")
		at := scanner.Position{Offset: 1000, Line: 20, Column: 1}
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader,
		} {
			var l locator
			l.reset(rd(bytes.NewReader(in)), "B=1", at)
			mr := multipart.NewReader(&l, "B=1")
			for i := 1; ; i++ {
				p, err := mr.NextRawPart()
				if err != nil {
					break
				}
				body, _ := io.ReadAll(p)
				pos := l.start(i)
				o := int(pos.Offset - at.Offset)
				want := scanner.Position{Offset: at.Offset, Line: at.Line, Column: 1}.Advance(in[:max(o, 0)])
				if !pos.IsValid() || o < 0 || !bytes.HasPrefix(in[o:], body) || pos != want {
					t.Fatalf("input %d, part %d: at %+v (want %+v), body %q, input %q", n, i, pos, want, body, fmt.Sprint(string(in)))
				}
			}
		}
	}
}
