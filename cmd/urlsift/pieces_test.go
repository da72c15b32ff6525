package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

// piecesMbox is an mbox of the corpus's mail, each message behind a
// "From " line, and of made messages that are awkward to cut: CR LF
// lines, "From " lines in a body that do not start a message (quoted, or
// with no empty line before), a message longer than many pieces,
// messages with no URL, invalid wrappers, and parts that are not text.
func piecesMbox(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, in := range corpus(t, "mail-*") {
		if !bytes.HasPrefix(in, []byte("From ")) {
			b.WriteString("From corpus@example.org Mon Jan  1 00:00:00 2001\n")
		}
		b.Write(in)
		if !bytes.HasSuffix(in, []byte("\n")) {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	for i := range 40 {
		fmt.Fprintf(&b, "From m%d@example.org Mon Jan  1 00:00:00 2001\n", i)
		fmt.Fprintf(&b, "From: m%d@example.org\nMessage-ID: <m%d@example.org>\n", i, i)
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, "\n<URL:http://a%d.example/long-\n  path> and <URL:http://bad.example/|>\n>From here\nFrom there <http://f%d.example/>\n", i, i)
		case 1:
			fmt.Fprintf(&b, "Content-Type: text/plain\r\n\r\nline\r\n<http://crlf%d.example/>\r\n\r\nFrom not-a-start, no empty line before\r\n", i)
		case 2:
			b.WriteString("\nnothing here\n")
		case 3:
			fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: image/png\n\nPNG\n--zz\n\n<http://p%d.example/>\n--zz--\n", i)
		case 4:
			b.WriteString("\n")
			for j := range 300 {
				fmt.Fprintf(&b, "a long message, line %d, <http://long%d.example/%d> é\n", j, i, j)
			}
		case 5:
			fmt.Fprintf(&b, "Content-Transfer-Encoding: base64\n\n%s\n", "PGh0dHA6Ly9iNjQuZXhhbXBsZS8+IGFuZCA8VVJMOmZ0cDovL2ZvLmV4YW1wbGUvYmFyPgo=")
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// TestCut: however small the pieces, each piece starts at a message
// start, the pieces follow one another to the end, and each piece's Start
// holds the lines and messages before it, as counted over the whole
// input.
func TestCut(t *testing.T) {
	in := piecesMbox(t)
	for _, every := range []int64{0, 1, 100, 5000, int64(len(in))} {
		var got []int64
		next := int64(0)
		err := cut(bytes.NewReader(in), mail.Mbox, int64(len(in)), every, "x.mbox", func(lo, hi int64, at mail.Start) bool {
			if lo != next || hi <= lo || hi-lo < every && hi != int64(len(in)) {
				t.Fatalf("every %d: piece [%d, %d) after %d", every, lo, hi, next)
			}
			next = hi
			got = append(got, lo)
			if !mail.MessageAt(in, int(lo), true) {
				t.Errorf("every %d: piece at %d starts no message", every, lo)
			}
			if lo == 0 {
				if at != (mail.Start{}) {
					t.Errorf("every %d: the first piece at %+v", every, at)
				}
				return true
			}
			want := scanner.Position{}.Advance(in[:lo])
			want.Filename = "x.mbox"
			messages := 0
			for i := range int(lo) {
				if mail.MessageAt(in, i, true) {
					messages++
				}
			}
			if at.Pos != want || at.Messages != messages {
				t.Errorf("every %d: piece at %d: %+v, want %+v and %d messages", every, lo, at, want, messages)
			}
			return true
		})
		if err != nil || next != int64(len(in)) {
			t.Errorf("every %d: %v, ended at %d of %d", every, err, next, len(in))
		}
		if every == 100 && len(got) < 40 {
			t.Errorf("%d pieces of 100 bytes or more in %d bytes", len(got), len(in))
		}
	}
}

// TestPieces: an mbox read in pieces on two cores gives what it gives
// read whole, output, messages, exit status and summary alike; so do the
// inputs that are read whole whatever their size (text, a compressed
// mbox, an mbox read as text).
func TestPieces(t *testing.T) {
	dir := t.TempDir()
	in := piecesMbox(t)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(in)
	zw.Close()
	text, err := os.ReadFile(filepath.Join("..", "..", "corpus", "rfc1738.txt"))
	if err != nil {
		t.Fatal(err)
	}
	mbox := writeFile(t, dir, "big.mbox", string(in))
	inputs := map[string][]string{
		"mbox":         {mbox},
		"mbox as text": {"--input", "text", mbox},
		"gzip":         {writeFile(t, dir, "big.mbox.gz", gz.String())},
		"text":         {writeFile(t, dir, "big.txt", string(text))},
	}
	defer func(n int) { runtime.GOMAXPROCS(n) }(runtime.GOMAXPROCS(0))
	defer func(s int64) { pieceSize = s }(pieceSize)
	for what, input := range inputs {
		for _, flags := range [][]string{{}, {"--json"}, {"-Hn", "--with-message"}, {"-c"}, {"-L"}, {"-u"},
			{"--stats"}, {"--json", "--stats"}, {"--grammar", "iri", "--unwrapped"}} {
			args := append(flags[:len(flags):len(flags)], input...)
			pieceSize = 1 << 40
			want := runOn(1, args)
			if what == "mbox" && len(flags) == 0 &&
				(!strings.Contains(want, "http://crlf37.example/\n") || !strings.Contains(want, "message 6 <broken@example.org>")) {
				t.Fatalf("the whole read gives %.2000q", want)
			}
			for _, size := range []int64{1, 300, 4000} {
				pieceSize = size
				if got := runOn(2, args); got != want {
					t.Errorf("%s %q, pieces of %d bytes:%s", what, flags, size, firstDiff(got, want))
				}
			}
		}
	}
}

// timings are the time and speed that --stats gives, which differ from
// run to run.
var timings = regexp.MustCompile(`[0-9.]+ s, [0-9.]+ MB/s|"seconds":[0-9.]+,"bytes_per_second":[0-9]+`)

// runOn runs the command on procs cores, and returns its exit status,
// output and messages, the timings blanked.
func runOn(procs int, args []string) string {
	runtime.GOMAXPROCS(procs)
	var out, errOut bytes.Buffer
	code := run(args, nil, &out, &errOut)
	return timings.ReplaceAllString(fmt.Sprintf("exit %d\n%s\nstderr:\n%s", code, out.String(), errOut.String()), "T")
}

// corpus returns the files of corpus/ whose names match pattern, in
// order.
func corpus(t *testing.T, pattern string) [][]byte {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join("..", "..", "corpus", pattern))
	var files [][]byte
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	return files
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf(" line %d is\n%q, want\n%q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf(" %d lines, want %d", len(g), len(w))
}

// shrunk is an input whose bytes end before its size says.
type shrunk struct {
	b    []byte
	size int64
}

func (s shrunk) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(s.b)) {
		return 0, io.EOF
	}
	n := copy(p, s.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestCutError: when the file ends before its size, or fails, the
// pieces read before go out, ending where the bytes read end (but the 5
// that a message start is looked for in after them), and the error is
// returned.
func TestCutError(t *testing.T) {
	in := piecesMbox(t)
	var last int64
	err := cut(shrunk{in[:5500], int64(len(in))}, mail.Mbox, int64(len(in)), 100, "x.mbox", func(lo, hi int64, at mail.Start) bool {
		last = hi
		return true
	})
	if err != io.ErrUnexpectedEOF || last != 5495 {
		t.Errorf("got %v, the pieces ending at %d; want %v, at 5495", err, last, io.ErrUnexpectedEOF)
	}
}

// TestTextPieces: a text file read in pieces gives what it gives read
// whole, in every mode, wrappers alone (which the command reads whole:
// forcePieces) or URLs in prose too, with margins as small as the longest
// wrapper allows: the corpus's text files, one after the other, cut into pieces
// of every size from one line to a few thousand bytes.
func TestTextPieces(t *testing.T) {
	var text bytes.Buffer
	for _, b := range corpus(t, "*.txt") {
		text.Write(b)
	}
	if text.Len() < 100000 {
		t.Fatalf("the corpus's text is %d bytes", text.Len())
	}
	file := writeFile(t, t.TempDir(), "all.txt", text.String())
	defer func(n int) { runtime.GOMAXPROCS(n) }(runtime.GOMAXPROCS(0))
	defer func(s int64) { pieceSize, forcePieces = s, false }(pieceSize)
	forcePieces = true
	for _, flags := range [][]string{{"--unwrapped", "--json"}, {"--unwrapped", "-n", "--max-length", "64"},
		{"--unwrapped", "--json", "--max-length", "300"}, {"--unwrapped", "-u", "--stats"}, {"--unwrapped", "-c"},
		{"--unwrapped", "--json", "--max-length", "200"}, {"--unwrapped", "--json", "--schemeless", "--grammar", "iri"},
		{"--unwrapped", "--normalize", "--stats", "-n"}, {"--json", "--max-length", "100"}, {"-Hn", "--stats"},
		{"-H", "--max-length", "100"}, {"--unwrapped", "--schemeless", "--stats"}} {
		args := append(flags, file)
		pieceSize = 1 << 40
		want := runOn(1, args)
		if strings.Count(want, "\n") < 100 && flags[1] != "-c" {
			t.Fatalf("%q: the whole read gives %.2000q", flags, want)
		}
		for _, size := range []int64{1, 300, 4000} {
			pieceSize = size
			if got := runOn(2, args); got != want {
				t.Errorf("%q, pieceSize %d (pieces of text of %d bytes, of dense wrappers %d):%s",
					flags, size, textPiece(int64(text.Len()), 2), densePiece(), firstDiff(got, want))
			}
		}
	}
}

// TestDenseWrappers: text whose head holds a "<" for every 256 bytes or
// more is read in pieces when its lines are printed, and gives what it
// gives read whole: CR LF lines, a wrapper broken over lines, an invalid
// one, and a last line with no line break among them.
func TestDenseWrappers(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", true}, {"<", true}, {"<" + strings.Repeat("x", 255), true}, {"<" + strings.Repeat("x", 256), false},
		{strings.Repeat("<"+strings.Repeat("x", 255), denseProbe/256) + strings.Repeat("x", 1<<20), true},
		{strings.Repeat("x", denseProbe) + strings.Repeat("<", 1<<10), false},
	} {
		if got := denseWrappers(strings.NewReader(c.in), int64(len(c.in))); got != c.want {
			t.Errorf("denseWrappers of %d bytes, %d of them \"<\": %v, want %v", len(c.in), strings.Count(c.in, "<"), got, c.want)
		}
	}
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "<URL:http://a%d.example/x> see <http://b.example/\r\n  y%d> and <URL:http://c.example/|%d>\n", i, i, i)
	}
	b.WriteString("<http://last.example/>")
	file := writeFile(t, t.TempDir(), "dense.txt", b.String())
	defer func(n int) { runtime.GOMAXPROCS(n) }(runtime.GOMAXPROCS(0))
	defer func(s int64) { pieceSize = s }(pieceSize)
	for _, flags := range [][]string{{"-n"}, {"--json"}, {"--format", "{line}:{col} {url} {error}"}, {"-Hn", "--stats"}} {
		args := append(flags, file)
		pieceSize = 1 << 40
		want := runOn(1, args)
		pieceSize = 4000
		if got := runOn(2, args); got != want {
			t.Errorf("%q in pieces:%s", flags, firstDiff(got, want))
		}
	}
}

// TestFileLine: an error met in a piece whose lines count from its start
// gets its line in the file, the lines before the piece counted then (a
// CR LF and a lone CR among them).
func TestFileLine(t *testing.T) {
	text := "one\ntwo\r\nthree\rfour\nfive\n"
	q := int64(strings.Index(text, "four"))
	se := &scanner.Error{Pos: scanner.Position{Filename: "f", Offset: q + 5, Line: 2, Column: 1}, Err: io.ErrUnexpectedEOF}
	got := fileLine(strings.NewReader(text), int64(len(text)), q, se)
	if want := "f:5:1: unexpected EOF"; got.Error() != want || se.Pos.Line != 2 {
		t.Errorf("got %q, want %q (and the error given unchanged)", got, want)
	}
}

// TestChunkPools checks that a chunk goes back to the pool of its size: a
// file's writer never gets a piece's larger chunk, nor a piece's writer a
// file's, whose records would then be sent in twice as many chunks.
func TestChunkPools(t *testing.T) {
	for range 100 {
		putChunk(getFrom(pieceChunkPool))
		putChunk(getChunk())
		if c := cap(getChunk()); c >= pieceChunkSize {
			t.Fatalf("a file's chunk holds %d bytes, a piece's size", c)
		}
		if c := cap(getFrom(pieceChunkPool)); c < pieceChunkSize {
			t.Fatalf("a piece's chunk holds %d bytes, less than a piece's size", c)
		}
	}
	w := &chunkWriter{large: true}
	if c := cap(w.chunk()); c < pieceChunkSize {
		t.Errorf("a piece's writer fills a chunk of %d bytes", c)
	}
	w = &chunkWriter{}
	if c := cap(w.chunk()); c >= pieceChunkSize {
		t.Errorf("a file's writer fills a chunk of %d bytes", c)
	}
}
