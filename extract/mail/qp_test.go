package mail

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// qpAtOnce is what qpReader must give for an input whose lines are
// shorter than its buffer: the input cut into lines after each LF, each
// line's line break kept but for a soft line break ("=" at its end, white
// space after it allowed), its white space at the end dropped, and "=" with
// two hex digits made a byte, written here over the whole input at once.
func qpAtOnce(in []byte) []byte {
	var out []byte
	for len(in) > 0 {
		line := in
		if i := bytes.IndexByte(in, '\n'); i >= 0 {
			line = in[:i+1]
		}
		in = in[len(line):]
		body := ascii.TrimRight(line, '\r', '\n')
		eol := line[len(body):]
		body = ascii.TrimRight(body, ' ', '\t')
		if len(body) > 0 && body[len(body)-1] == '=' {
			body, eol = body[:len(body)-1], nil
		}
		for i := 0; i < len(body); i++ {
			if c, ok := byte(0), false; body[i] == '=' && i+2 < len(body) {
				if c, ok = ascii.HexByte(body[i+1], body[i+2]); ok {
					out = append(out, c)
					i += 2
					continue
				}
			}
			out = append(out, body[i])
		}
		out = append(out, eol...)
	}
	return out
}

// FuzzQuotedPrintable compares qpReader with qpAtOnce, the input read
// whole, a byte at a time, by halves, through a bufio.Reader of its own
// and with the end of the input said with the last bytes.
func FuzzQuotedPrintable(f *testing.F) {
	for _, s := range []string{"caf=E9 =3D =3d\r\n", "soft=\r\nbreak\r\n", "soft= \t\r\nbreak", "trailing  \t\r\nspace\n",
		"=ZZ =4 = =\r\n", "=ZZ =4 = x\r\n", "end =4", "a\n\nb=\n\n=41=\r\n=4", "\r\r\n \n=\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for line := range bytes.Lines(in) {
			if len(line) >= 4000 {
				t.Skip("a line longer than the buffer is decoded in pieces")
			}
		}
		want := qpAtOnce(in)
		for name, r := range map[string]func() io.Reader{
			"whole":     func() io.Reader { return bytes.NewReader(in) },
			"one byte":  func() io.Reader { return iotest.OneByteReader(bytes.NewReader(in)) },
			"halves":    func() io.Reader { return iotest.HalfReader(bytes.NewReader(in)) },
			"eof":       func() io.Reader { return iotest.DataErrReader(bytes.NewReader(in)) },
			"bufio":     func() io.Reader { return bufio.NewReader(iotest.HalfReader(bytes.NewReader(in))) },
			"reused qp": nil,
		} {
			q := newQP(nil)
			if r == nil {
				q.reset(strings.NewReader("=41 stale\r\nline=\r\n"))
				io.ReadAll(q)
				r = func() io.Reader { return bytes.NewReader(in) }
			}
			q.reset(r())
			got, err := io.ReadAll(q)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: qp(%q) = %q, %v; want %q", name, in, got, err, want)
			}
		}
	})
}

// TestReadErrorKept: the header and quoted-printable readers, which take
// the whole lines their reader holds in one go, still return an error
// that the reader gives once, between its data and its end.
func TestReadErrorKept(t *testing.T) {
	var h header
	if err := h.read(bufio.NewReader(iotest.TimeoutReader(strings.NewReader("Subject: x\n")))); err != iotest.ErrTimeout {
		t.Errorf("header read: %v, want %v", err, iotest.ErrTimeout)
	}
	if _, err := io.ReadAll(newQP(iotest.TimeoutReader(strings.NewReader("caf=E9\n")))); err != iotest.ErrTimeout {
		t.Errorf("quoted-printable: %v, want %v", err, iotest.ErrTimeout)
	}
}
