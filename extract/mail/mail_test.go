package mail

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/scanner"
)

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		head string
		want Kind
	}{
		{"From alice@example.org Mon Jan  2 10:00:00 1995\nFrom: a\n", Mbox},
		{"From: Alice <a@example.org>\nSubject: hi\n\nbody", Message},
		{"Path: news.example.org!a\r\nNewsgroups: comp.lang.c\r\n\r\n", Message},
		{"Received: from a\n\tby b\nSubject: x\n", Message},
		{"Subject: only one field\n\nbody", Message},
		{"Subject: only one field, then prose\nand more prose\n", Text},
		{"Note: this is prose\n", Text},
		{"Dear reader,\nSubject: x\n", Text},
		{"Hello world", Text},
		{"", Text},
		{" indented: x\n", Text},
		{"From:x\nTo:y", Message},
	} {
		if got := Detect([]byte(c.head)); got != c.want {
			t.Errorf("Detect(%q) = %v, want %v", c.head, got, c.want)
		}
	}
}

// readMbox splits an mbox and returns each message's offset and text.
func readMbox(r io.Reader) ([]string, error) {
	m := newMbox(r)
	var got []string
	for {
		at, ok := m.next()
		if !ok {
			break
		}
		b, err := io.ReadAll(m)
		if err != nil {
			return got, err
		}
		got = append(got, fmt.Sprintf("%d:%s", at, b))
	}
	if m.err != io.EOF {
		return got, m.err
	}
	return got, nil
}

func TestMbox(t *testing.T) {
	long := strings.Repeat("x", 100<<10) // longer than the buffer
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"two messages", "From a\nA: 1\n\nbody\n\nFrom b\nB: 2\n\nbody 2\n",
			[]string{"0:A: 1\n\nbody\n\n", "19:B: 2\n\nbody 2\n"}},
		{"From in the body, not after an empty line", "From a\n\nline\nFrom here on\n",
			[]string{"0:\nline\nFrom here on\n"}},
		{"quoted From", "From a\n\n>From x\n>>From y\n> From z\n>Fromage\n",
			[]string{"0:\nFrom x\n>From y\n> From z\n>Fromage\n"}},
		{"CR LF", "From a\r\nA: 1\r\n\r\nFrom b\r\n\r\nx\r\n",
			[]string{"0:A: 1\r\n\r\n", "16:\r\nx\r\n"}},
		{"a long line", "From a\n\n" + long + "From b\n\nFrom c\n",
			[]string{"0:\n" + long + "From b\n\n", fmt.Sprint(8+len(long)+8) + ":"}},
		{"a long line, then a message", "From a\n\n" + long + "\n\nFrom b\n\nz\n",
			[]string{"0:\n" + long + "\n\n", fmt.Sprint(len(long)+10) + ":\nz\n"}},
		{"a long From line", "From " + long + "\nA: 1\n", []string{"0:A: 1\n"}},
		{"no separator at the start", "junk\n\nFrom a\n\nbody\n", []string{"6:\nbody\n"}},
		{"no newline at the end", "From a\n\nbody", []string{"0:\nbody"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, rd := range []func(io.Reader) io.Reader{
				func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
			} {
				got, err := readMbox(rd(strings.NewReader(c.in)))
				if err != nil || !reflect.DeepEqual(got, c.want) {
					t.Fatalf("got %.200q (%v)\nwant %.200q", got, err, c.want)
				}
			}
		})
	}
}

func TestFlowed(t *testing.T) {
	for _, c := range []struct {
		in    string
		delsp bool
		want  string
	}{
		{"a \r\nb\r\n", false, "a b\n"},
		{"a \r\nb\r\n", true, "ab\n"},
		{"> a \r\n> b\r\nc\r\n", false, "> a b\nc\n"},
		{"> a \r\n>> b\r\n", false, "> a \n>> b\n"},
		{" From stuffed\r\n", false, "From stuffed\n"},
		{"-- \r\nsig\r\n", false, "-- \nsig\n"},
		{"last \r\n", false, "last "},
	} {
		got, err := io.ReadAll(newFlowed(strings.NewReader(c.in), c.delsp))
		if err != nil || string(got) != c.want {
			t.Errorf("flowed(%q, delsp %v) = %q, %v; want %q", c.in, c.delsp, got, err, c.want)
		}
	}
}

func TestHTMLText(t *testing.T) {
	h := newHTMLText(strings.NewReader(`<p>a &amp; <a href=" http://x.example/ ">b</a></p><script>c</script><img src=y>`))
	text, err := io.ReadAll(h)
	if err != nil || string(text) != "\na & b\n" {
		t.Fatalf("text %q, %v", text, err)
	}
	want := []link{
		{value: "http://x.example/", raw: `<a href=" http://x.example/ ">`, pos: pos(5, 2, 5)},
		{value: "y", raw: `<img src=y>`, pos: pos(7, 3, 1)},
	}
	if !reflect.DeepEqual(h.links, want) {
		t.Errorf("links %+v\nwant %+v", h.links, want)
	}
}

func TestDecompress(t *testing.T) {
	const text = "From a\n\n<http://a.example/>\n"
	var gz, xzb, zs bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	xw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(text))
	xw.Close()
	sw, err := zstd.NewWriter(&zs)
	if err != nil {
		t.Fatal(err)
	}
	sw.Write([]byte(text))
	sw.Close()
	bz, err := os.ReadFile(filepath.Join("..", "..", "corpus", "tree", "sub", "notes.dat"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format string
		in     []byte
		want   string
	}{
		{"", []byte(text), text},
		{"gzip", gz.Bytes(), text},
		{"xz", xzb.Bytes(), text},
		{"zstd", zs.Bytes(), text},
		{"bzip2", bz, "Compressed with bzip2, named .dat: <http://www.example.org/bzip2>\n"},
	} {
		r, format, err := Decompress(bytes.NewReader(c.in))
		if err != nil || format != c.format {
			t.Errorf("%s: format %q, %v", c.format, format, err)
			continue
		}
		if got, err := io.ReadAll(r); err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v", c.format, got, err)
		}
	}
	if _, _, err := Decompress(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0})); err == nil {
		t.Error("a broken gzip header is not reported")
	}
}

// TestStreaming: every mail fixture gives the same matches and errors
// whatever the reads.
func TestStreaming(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "mail-*"))
	if len(files) == 0 {
		t.Fatal("no mail fixtures")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		kind := Detect(data)
		collect := func(r io.Reader) []string {
			var out []string
			for m, err := range Matches(r, kind, extract.ReportInvalid()) {
				if err != nil {
					var pe *PartError
					if !errors.As(err, &pe) {
						t.Fatalf("%s: %v", f, err)
					}
					out = append(out, "error "+err.Error())
					continue
				}
				out = append(out, fmt.Sprintf("%d %s %s %v %q", m.Message, m.Part, m.Pos, m.Valid, m.URL))
			}
			return out
		}
		want := collect(bytes.NewReader(data))
		if len(want) == 0 {
			t.Errorf("%s: nothing found", f)
		}
		for _, rd := range []func(io.Reader) io.Reader{iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader} {
			if got := collect(rd(bytes.NewReader(data))); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: got %q\nwant %q", f, got, want)
			}
		}
	}
}

// TestStop: a consumer may stop at any match.
func TestStop(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "corpus", "mail-nested.eml"))
	if err != nil {
		t.Fatal(err)
	}
	for stop := 1; stop <= 6; stop++ {
		n := 0
		for range Matches(bytes.NewReader(data), Message) {
			n++
			if n == stop {
				break
			}
		}
		if n != stop {
			t.Errorf("stopped at %d, want %d", n, stop)
		}
	}
}

func pos(offset int64, line, col int) scanner.Position {
	return scanner.Position{Offset: offset, Line: line, Column: col}
}

func FuzzMatches(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "mail-*"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("From a\n\n<http://a/>\n\nFrom b\nContent-Type: multipart/mixed; boundary=x\n\n--x\n\n<http://b/>\n--x--\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		kind := Detect(in)
		collect := func(r io.Reader) []string {
			var out []string
			for m, err := range Matches(r, kind, extract.ReportInvalid()) {
				if err != nil {
					out = append(out, "error")
					continue
				}
				if m.Valid {
					if err := rfc1738.Validate(m.URL); err != nil {
						t.Fatalf("reported %q, which is invalid: %v", m.URL, err)
					}
				}
				if m.Message < 1 || m.Part == "" {
					t.Fatalf("match %+v has no message or part", m)
				}
				out = append(out, fmt.Sprintf("%d %s %s %v %q", m.Message, m.Part, m.Pos, m.Valid, m.URL))
			}
			return out
		}
		whole := collect(bytes.NewReader(in))
		if kind == Text {
			return
		}
		if got := collect(iotest.OneByteReader(bytes.NewReader(in))); !reflect.DeepEqual(got, whole) {
			t.Fatalf("one-byte reads give %q, whole reads %q", got, whole)
		}
	})
}
