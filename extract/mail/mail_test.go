package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

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
		// Text that a lax parser takes for header fields.
		{"<URL:http://a.example/>\n<URL:http://b.example/>\n", Text},
		{"12: see <http://b.example/>\n13: and <http://c.example/>\n", Text},
		{"Note: prose\nWarning: more prose\n\nbody", Text}, // no field that mail carries
		{"From the archive, see <http://a.example/>\n", Text},
		{"From the archive\n\nsee <http://a.example/>\n", Text},
		{"From the archive\nSubject: x\n\n", Mbox},
		{"Subject: x\nX_Under: y\n\n", Message},        // any printable character but ":" (RFC 5322 section 2.2)
		{"Subject: x\nArticle-I.D.: a.1\n\n", Message}, // a header of Usenet in 1993
		{"Subject: x\nthen prose\n", Text},
		{"Subject: x\nX-Cut-Sho", Message}, // the head ends inside what may be a field
		{"Content-Type: text\n\nbody", Message},
		{"Newsgroups: comp.lang.go\nPath: a!b\n\n", Message},
		// rnews batches: "#! rnews ", a decimal count, a line end.
		{"#! rnews 1234\nPath: a!b\n", Rnews},
		{"#! rnews 12\r\nFrom: a\r\n", Rnews},
		{"#! rnews 0\n", Rnews},
		{"#! rnews 99999999999999999999999\n", Rnews},
		{"#! rnews\nPath: a!b\n", Text},
		{"#! rnews \nPath: a!b\n", Text},
		{"#! rnews 12x\n", Text},
		{"#! rnews  12\n", Text},
		{"#! rnews -1\n", Text},
		{"#! rnews 12 \n", Text},
		{"#! rnews 12", Text}, // no line end
		{"#! rnews 12\rPath: a!b\r", Text},
		{"#! RNEWS 12\n", Text},
		{"#! cunbatch\n", Text},
		{"#!/bin/sh\necho <http://a.example/>\n", Text},
		// MMDF: four Control-A, a line end, a header block (after mutt's
		// "From " line, when there is one).
		{"\x01\x01\x01\x01\nFrom: a\nSubject: x\n\n", MMDF},
		{"\x01\x01\x01\x01\r\nFrom: a\r\n\r\n", MMDF},
		{"\x01\x01\x01\x01\nFrom a@example.org Mon Jan  1 00:00:00 2001\nFrom: a\n\n", MMDF},
		{"\x01\x01\x01\nFrom: a\nSubject: x\n\n", Text},
		{"\x01\x01\x01\x01\x01\nFrom: a\n\n", Text},
		{"\x01\x01\x01\x01 \nFrom: a\n\n", Text},
		{"\x01\x01\x01\x01\nprose, then <http://a.example/>\n", Text},
		{"\x01\x01\x01\x01\nNote: prose\n\n", Text},
		{"\x01\x01\x01\x01", Text},
		{"\x01\x01\x01\x01\n", Text},
	} {
		if got := Detect([]byte(c.head)); got != c.want {
			t.Errorf("Detect(%q) = %v, want %v", c.head, got, c.want)
		}
	}
}

// readMbox splits an mbox and returns each message's offset and text.
func readMbox(r io.Reader) ([]string, error) {
	m := newMbox(r, Mbox)
	var got []string
	for {
		at, _, ok := m.next()
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

// TestMboxAcrossBuffers splits an mbox of many messages, larger than the
// reader's buffer, so that messages, separators and quoted "From " lines
// fall across its end, and compares each message, its offset and the
// line after its "From " line with a split of the whole input, line by
// line, written here on its own.
func TestMboxAcrossBuffers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bodies := []string{"body\n", ">From quoted\n>>From twice\n", "From after a line\n", "\n", "x\r\ny\r\n",
		strings.Repeat("long line ", 900) + "\n", "a lone\rCR\n", "From\n>From\n", "\r\nFrom after CR LF\n"}
	var in strings.Builder
	for i := range 400 {
		fmt.Fprintf(&in, "From user%d Mon Jan  2 10:00:00 1995\nSubject: x\n\n", i)
		for range rng.IntN(6) {
			in.WriteString(bodies[rng.IntN(len(bodies))])
		}
		in.WriteString("\n")
	}
	if in.Len() < 4*64<<10 {
		t.Fatalf("the mbox is %d bytes, not larger than the buffer", in.Len())
	}
	// The split: a message starts after a "From " line that begins the
	// input or follows an empty line; ">From ", ">>From "... lose a ">".
	type msg struct {
		text string
		line int
	}
	var want []msg
	var cur *strings.Builder
	offset, lines, blank := 0, 0, true
	for _, l := range strings.SplitAfter(in.String(), "\n") {
		next := offset + len(l)
		switch {
		case blank && strings.HasPrefix(l, "From "):
			want = append(want, msg{})
			cur = new(strings.Builder)
			fmt.Fprintf(cur, "%d:", offset)
			want[len(want)-1].line = lines + 2
		case cur != nil:
			if strings.HasPrefix(strings.TrimLeft(l, ">"), "From ") && strings.HasPrefix(l, ">") {
				l = l[1:]
			}
			cur.WriteString(l)
		}
		if cur != nil {
			want[len(want)-1].text = cur.String()
		}
		offset = next
		lines += strings.Count(l, "\n") + strings.Count(l, "\r") - strings.Count(l, "\r\n")
		blank = l == "\n" || l == "\r\n"
	}
	for _, rd := range []func(io.Reader) io.Reader{
		func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
	} {
		m := newMbox(rd(strings.NewReader(in.String())), Mbox)
		for i := 0; ; i++ {
			at, line, ok := m.next()
			if !ok {
				if i != len(want) {
					t.Fatalf("%d messages, want %d", i, len(want))
				}
				break
			}
			b, err := io.ReadAll(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%d:%s", at, b); i >= len(want) || got != want[i].text || line != want[i].line {
				t.Fatalf("message %d: %.80q at line %d, want %.80q at line %d", i, got, line, want[i].text, want[i].line)
			}
		}
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
		// A line longer than the buffer (4 KiB) is one line: its rest is
		// not space-stuffed, and its flow is read from its end.
		{strings.Repeat("x", 4095) + " y\r\n z\r\n", false, strings.Repeat("x", 4095) + " y\nz\n"},
		{strings.Repeat("x", 4096) + " y\r\nz\r\n", false, strings.Repeat("x", 4096) + " y\nz\n"},
		{strings.Repeat("x", 4096) + ">y\r\nz\r\n", false, strings.Repeat("x", 4096) + ">y\nz\n"},
		{strings.Repeat("x", 5000) + " \r\nnext\r\n", false, strings.Repeat("x", 5000) + " next\n"},
		{strings.Repeat("x", 5000) + " \r\nnext\r\n", true, strings.Repeat("x", 5000) + "next\n"},
		{strings.Repeat("x", 4095) + " \r\nnext\r\n", true, strings.Repeat("x", 4095) + "next\n"},
		{"> " + strings.Repeat("q", 5000) + "\r\n>  stuffed\r\n", false, "> " + strings.Repeat("q", 5000) + "\n>  stuffed\n"},
	} {
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader,
		} {
			got, err := io.ReadAll(newFlowed(rd(strings.NewReader(c.in)), c.delsp))
			if err != nil || string(got) != c.want {
				t.Errorf("flowed(%.80q, delsp %v) = %.80q, %v; want %.80q", c.in, c.delsp, got, err, c.want)
			}
		}
	}
}

func TestHTMLText(t *testing.T) {
	h := newHTMLText(strings.NewReader(`<p>a &amp; <a href=" http://x.example/ ">b</a></p><script>c</script><img src=y>`), scanner.Position{}, nil)
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

// TestHTMLTextCRLF: a CR from "&#13;" and the LF of the next text token
// break one line, as the scanner counts them in the text.
func TestHTMLTextCRLF(t *testing.T) {
	h := newHTMLText(strings.NewReader("a&#13;<b>\n</b>x<a href=u>"), scanner.Position{}, nil)
	text, err := io.ReadAll(h)
	if err != nil || string(text) != "a\r\nx" {
		t.Fatalf("text %q, %v", text, err)
	}
	if want := []link{{value: "u", raw: "<a href=u>", pos: pos(4, 2, 2)}}; !reflect.DeepEqual(h.links, want) {
		t.Errorf("links %+v\nwant %+v", h.links, want)
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
			for m, err := range matchesOf(r, kind, extract.ReportInvalid()) {
				if err != nil {
					var pe *PartError
					if !errors.As(err, &pe) {
						t.Fatalf("%s: %v", f, err)
					}
					out = append(out, "error "+err.Error())
					continue
				}
				out = append(out, fmt.Sprintf("%d %s %s %v %q", m.Mail.Message, m.Mail.Part, m.Pos, m.Valid, m.URL))
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
		for range matchesOf(bytes.NewReader(data), Message) {
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
	for _, s := range []string{rnewsBatch, crlf(rnewsBatch), strings.Replace(rnewsBatch, "244", "200", 1), rnewsBatch[:633],
		mmdfFile, crlf(mmdfFile), mmdfFile[:458], strings.Replace(mmdfFile, "\x01\x01\x01\x01\n\x01\x01\x01\x01\n", "\x01\x01\x01\x01\n", 1)} {
		f.Add([]byte(s))
	}
	// One Reader and one buffered reader for every input of the run, as
	// package source keeps them: each input is read as a new Reader reads it.
	shared, sharedBr := NewReader(extract.ReportInvalid()), bufio.NewReaderSize(nil, 64<<10)
	f.Fuzz(func(t *testing.T, in []byte) {
		kind := Detect(in)
		in1 := readerInput{in: in, kind: kind}
		if got, want := readAll(shared, sharedBr, "in", in1), readAll(NewReader(extract.ReportInvalid()), bufio.NewReaderSize(nil, 64<<10), "in", in1); !reflect.DeepEqual(got, want) {
			t.Fatalf("a Reader that read other inputs gives %q, a new one %q", got, want)
		}
		collect := func(r io.Reader) []string {
			var out []string
			for m, err := range matchesOf(r, kind, extract.ReportInvalid()) {
				if err != nil {
					out = append(out, "error")
					continue
				}
				if m.Valid {
					if err := rfc1738.Validate(m.URL); err != nil {
						t.Fatalf("reported %q, which is invalid: %v", m.URL, err)
					}
				}
				if m.Input != kind.String() && m.Input != "text" || m.Mail.Message > 0 && m.Mail.Part == "" {
					t.Fatalf("match %+v has no part, or the wrong input", m)
				}
				out = append(out, fmt.Sprintf("%d %s %s %v %q", m.Mail.Message, m.Mail.Part, m.Pos, m.Valid, m.URL))
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
		if kind == Mbox {
			if got, whole := byPieces(t, in), describe(bytes.NewReader(in), Start{}); !reflect.DeepEqual(got, whole) {
				t.Fatalf("read by pieces: %q, whole: %q", got, whole)
			}
			checkInPlace(t, "input", in)
		}
		if kind == Rnews || kind == MMDF {
			checkInPlaceOf(t, "input", in, kind)
		}
	})
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Text: "text", Message: "mail", Mbox: "mbox", Rnews: "rnews", MMDF: "mmdf", 5: "Kind(5)", -1: "Kind(-1)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

func TestQuotedPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"caf=E9 =3D =3d\r\n", "caf\xe9 = =\r\n"},
		{"soft=\r\nbreak\r\n", "softbreak\r\n"},
		{"soft= \t\r\nbreak", "softbreak"},
		{"trailing  \t\r\nspace\n", "trailing\r\nspace\n"},
		{"bell \x05 and 8-bit \xe9 pass\r\n", "bell \x05 and 8-bit \xe9 pass\r\n"},
		{"=ZZ =4 = =\r\n", "=ZZ =4 = "}, // the last "=" is a soft line break
		{"=ZZ =4 = x\r\n", "=ZZ =4 = x\r\n"},
		{"end =4", "end =4"},
		{strings.Repeat("a", 4095) + "=41=\r\nb", strings.Repeat("a", 4095) + "Ab"},
		{strings.Repeat("a", 4094) + "=41=42\r\n", strings.Repeat("a", 4094) + "AB\r\n"},
	} {
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader,
		} {
			got, err := io.ReadAll(newQP(rd(strings.NewReader(c.in))))
			if err != nil || string(got) != c.want {
				t.Errorf("qp(%.60q) = %.60q, %v; want %.60q", c.in, got, err, c.want)
			}
		}
	}
}

// textURLs returns, as "line:col URL", the URLs that extract finds in
// in, read as text, whose wrapper lies between offsets start and end (a
// wrapper that opens on an mbox's "From " line is no header's).
func textURLs(in []byte, start, end int, h *header) []string {
	var out []string
	for m, err := range extract.All(bytes.NewReader(in), extract.ReportInvalid()) {
		if err != nil || m.Pos.Offset < int64(start) || m.Pos.Offset+int64(len(m.Raw)) > int64(end) {
			continue
		}
		if inEncodedWord(h, int(m.Pos.Offset)-start, len(m.Raw)) {
			continue // read decoded: TestEncodedWords
		}
		out = append(out, fmt.Sprintf("%d:%d %s", m.Pos.Line, m.Pos.Column, m.URL))
	}
	return out
}

// inEncodedWord reports whether [at, at+n) of h's block holds a byte of an
// RFC 2047 encoded word.
func inEncodedWord(h *header, at, n int) bool {
	for i := range h.fields {
		if d, ok := h.decodeField(&h.fields[i]); ok && d.overlaps(at, at+n) {
			return true
		}
	}
	return false
}

// mailHeaderURLs returns, as "line:col URL", what Matches finds in the
// header blocks of in, read as kind.
func mailHeaderURLs(in []byte, kind Kind) []string {
	var out []string
	for m, err := range matchesOf(bytes.NewReader(in), kind, extract.ReportInvalid()) {
		if err == nil && strings.HasPrefix(m.Mail.Part, "header") {
			out = append(out, fmt.Sprintf("%d:%d %s", m.Pos.Line, m.Pos.Column, m.URL))
		}
	}
	return out
}

// checkHeaderURLs: whatever is taken for a header block gives every URL
// that reading it as text gives, at the same line and column, but for
// those in RFC 2047 encoded words, which are read decoded.
func checkHeaderURLs(t *testing.T, in []byte) {
	t.Helper()
	kind := Detect(in)
	if kind == Text {
		return
	}
	start := 0
	if kind == Mbox {
		start = bytes.IndexByte(in, '\n') + 1
	}
	var h header
	if h.read(bufio.NewReader(bytes.NewReader(in[start:]))) != nil {
		return // read as text
	}
	checkHeaderSplits(t, in[start:], &h)
	want := textURLs(in, start, start+len(h.block), &h)
	got := mailHeaderURLs(in, kind)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Fatalf("%q: text finds %q in the header, mail finds %q", in, w, got)
		}
	}
}

// checkHeaderSplits: the header block of in, whose whole read gave h, is
// read the same when it comes a byte at a time, or by halves, into
// buffers of 16 bytes, whatever lines the buffer holds whole, and what
// is left to read after it is the same.
func checkHeaderSplits(t *testing.T, in []byte, h *header) {
	t.Helper()
	rest := in[len(h.block):]
	for _, r := range []io.Reader{iotest.OneByteReader(bytes.NewReader(in)), iotest.HalfReader(bytes.NewReader(in))} {
		br := bufio.NewReaderSize(r, 16)
		var g header
		if err := g.read(br); err != nil {
			t.Fatalf("%q: read in pieces: %v", in, err)
		}
		left, _ := io.ReadAll(br)
		if !bytes.Equal(g.block, h.block) || !slices.Equal(g.fields, h.fields) || !bytes.Equal(g.values, h.values) ||
			!slices.Equal(g.bad, h.bad) || g.known != h.known || !bytes.Equal(left, rest) {
			t.Fatalf("%q: read in pieces %+v, left %q; whole %+v, left %q", in, g, left, *h, rest)
		}
	}
}

// TestHeaderURLs: generated header-like text, with folds, wrappers across
// fields and lines that are not fields.
func TestHeaderURLs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"From", "Subject", "X-URL", "List-Archive", "Received", "12", "Note", "<URL"}
	values := []string{"<http://a.example/>", "<URL:http://b.example/\n  path>", "plain", "<URL:http://c.",
		"example/>", "see <mailto:x@y.example>", "=?utf-8?q?<http://q.example/>?=", ">", "<"}
	for i := range 2000 {
		var b strings.Builder
		if i%3 == 0 {
			b.WriteString("From someone Mon Jan  1 00:00:00 2001\n")
		}
		for range 1 + rng.IntN(8) {
			switch rng.IntN(10) {
			case 0:
				b.WriteString("  " + values[rng.IntN(len(values))] + "\n") // a fold
			case 1:
				b.WriteString(values[rng.IntN(len(values))] + "\n") // not a field
			default:
				fmt.Fprintf(&b, "%s: %s %s\n", names[rng.IntN(len(names))], values[rng.IntN(len(values))], values[rng.IntN(len(values))])
			}
		}
		b.WriteString("\nbody <http://body.example/>\n")
		checkHeaderURLs(t, []byte(b.String()))
	}
}

func FuzzHeaderURLs(f *testing.F) {
	f.Add([]byte("From: a\nX-URL: <http://a.example/>\n\nbody"))
	f.Add([]byte("From x\nSubject: <URL:http://b.\n example/>\n\n"))
	f.Add([]byte("Subject: x\r\nList-Help: <mailto:a@b.example?subject=help>,\r\n  <http://c.example/>\r\n\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 1<<16 {
			return
		}
		checkHeaderURLs(t, in)
	})
}

// TestMessageKinds: for one message of each kind, every URL with its
// part, charset and Message-ID, written by hand from the message.
func TestMessageKinds(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, c := range []struct {
		name, in string
		want     []string // "part charset message-id line:col url"
	}{
		{"multipart/alternative with an HTML part", read("mail-alternative.eml"), []string{
			// The places in the file: line 10, "Plain: <URL:..."; in the
			// HTML (quoted-printable, CR LF), an attribute where its tag
			// stands (line 15 after "<html><body><p>See ", line 16 at its
			// start, line 18 after the first link and a space), and text
			// where it stands ("&lt;" at the start of line 17).
			"1 us-ascii <alt@example.org> 10:8 http://www.example.org/plain",
			"2 us-ascii <alt@example.org> 15:20 http://www.example.org/html-href",
			"2 us-ascii <alt@example.org> 16:1 http://www.example.org/logo.gif",
			"2 us-ascii <alt@example.org> 17:1 http://www.example.org/in-html-text",
			"2 us-ascii <alt@example.org> 18:34 mailto:list@example.org",
		}},
		{"nested multipart/mixed with an attached message/rfc822", read("mail-nested.eml"), []string{
			// Lines 10, 17, 21 (the tag of the href after "<p>"), 30, 37
			// and 49 of the file.
			"1 us-ascii <nested@example.org> 10:13 http://www.example.org/outer",
			"2.1 us-ascii <nested@example.org> 17:15 http://www.example.org/middle-plain",
			"2.2 us-ascii <nested@example.org> 21:4 http://www.example.org/middle-html",
			"3.header:X-URL  <nested@example.org> 30:8 http://www.example.org/inner-header",
			"3.1 us-ascii <nested@example.org> 37:13 http://www.example.org/inner-text",
			"warning message 1 <nested@example.org> part 3.2: 42:1: application/octet-stream: not text: skipped", // where its body starts
			"4 us-ascii <nested@example.org> 49:17 http://www.example.org/attached",
		}},
		{"ISO-8859-1 quoted-printable, a soft break inside a URL",
			"From: a@example.org\r\nMessage-ID: <qp@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=ISO-8859-1\r\n" +
				"Content-Transfer-Encoding: quoted-printable\r\n\r\n" +
				"Caf=E9: <URL:http://www.example.org/a/ve=\r\nry/long/path>\r\n=AB <http://www.example.org/q=3D1> =BB\r\n",
			[]string{
				// Lines 7 and 9 of the text: "Caf=E9: <", and after the
				// soft break, "=AB <".
				"1 iso-8859-1 <qp@example.org> 7:9 http://www.example.org/a/very/long/path",
				"1 iso-8859-1 <qp@example.org> 9:5 http://www.example.org/q=1",
			}},
		{"base64 UTF-8", read("mail-base64.eml"), []string{
			// At the start of the line of base64 that holds the "<": byte
			// 30 of the text is character 40 of line 8 (76 to a line), byte
			// 90 character 120, of line 9.
			"1 utf-8 <b64@example.org> 8:1 http://www.example.org/base64/hidden",
			"1 utf-8 <b64@example.org> 9:1 http://www.example.org/base64/two",
		}},
		{"format=flowed with DelSp=yes", read("mail-flowed.eml"), []string{
			// Where each "<" stands in the file, lines 7 to 13: the text
			// joins lines 7 to 10 (their spaces deleted: in it, "<http://www.exam"
			// is at column 107 of the first line), takes the quote marker
			// of line 11 again, and the stuffed space of line 13 out.
			"1 us-ascii <flowed@example.org> 7:6 http://www.example.org/a/very/long/path/for/flowed/text.html",
			"1 us-ascii <flowed@example.org> 9:16 http://www.example.org/cut",
			"1 us-ascii <flowed@example.org> 11:22 http://www.example.org/quoted",
			"1 us-ascii <flowed@example.org> 13:29 http://www.example.org/stuffed",
		}},
		{"a news article",
			"Path: news.example.org!not-for-mail\nFrom: n@example.org\nNewsgroups: comp.infosystems.www\n" +
				"Subject: URLs\nMessage-ID: <news1@example.org>\nX-URL: <http://news.example.org/faq>\n\n" +
				"The FAQ is at <URL:ftp://ftp.example.org/pub/\n    faq.txt>.\n",
			[]string{
				"header:X-URL  <news1@example.org> 6:8 http://news.example.org/faq",
				"1 us-ascii <news1@example.org> 8:15 ftp://ftp.example.org/pub/faq.txt", // the file line: the body is the file's text
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			kind := Detect([]byte(c.in))
			if kind != Message {
				t.Fatalf("detected as %v", kind)
			}
			var got []string
			for m, err := range matchesOf(strings.NewReader(c.in), kind) {
				var pe *PartError
				if errors.As(err, &pe) && pe.Warning {
					got = append(got, "warning "+err.Error())
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%s %s %s %d:%d %s", m.Mail.Part, m.Mail.Charset, m.Mail.MessageID, m.Pos.Line, m.Pos.Column, m.URL))
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestSingleByte: the reused single-byte decoder gives what x/text's
// decoder gives, for every byte, whatever the reads.
func TestSingleByte(t *testing.T) {
	var all []byte
	for i := range 3 * 256 {
		all = append(all, byte(i*7))
	}
	for _, cm := range []*charmap.Charmap{charmap.Windows1252, charmap.ISO8859_15, charmap.KOI8R, charmap.ISO8859_7, charmap.Windows1251} {
		want, err := io.ReadAll(transform.NewReader(bytes.NewReader(all), cm.NewDecoder()))
		if err != nil {
			t.Fatal(err)
		}
		var s singleByte
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
		} {
			var marks shifts
			s.reset(rd(bytes.NewReader(all)), cm, &marks, 100)
			got, err := io.ReadAll(&s)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%v: got %q (%v), want %q", cm, got, err, want)
			}
			// Each character decoded stands where its byte stood.
			for i, k := 0, 0; k < len(got); i++ {
				if at := marks.source(scanner.Position{Offset: 100 + int64(k)}).Offset; at != 100+int64(i) {
					t.Fatalf("%v: the character at %d is taken back to %d, not %d", cm, 100+k, at, 100+i)
				}
				_, n := utf8.DecodeRune(got[k:])
				k += n
			}
		}
	}
}

// TestEncodedWord compares encodedWord with a search for "=?".
func TestEncodedWord(t *testing.T) {
	for _, s := range []string{"", "=", "?", "=?", "?=", "a?b=?c", "?=?", "??", "x=y?", "= ?", "text/plain; charset=utf-8",
		"=?utf-8?q?a?=", "a?b?c?=", strings.Repeat("=", 40) + "?", strings.Repeat("?", 40) + "=?"} {
		if got, want := encodedWord([]byte(s)), strings.Contains(s, "=?"); got != want {
			t.Errorf("encodedWord(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestFieldNames compares knownField and fieldColon with what they stand
// for: a field name, printable ASCII, up to the first colon, and a match
// of knownFields in any case.
func TestFieldNames(t *testing.T) {
	names := []string{"Message-ID", "message-id", "MESSAGE-ID", "Message_ID", "Message\rID", "Message-IDs", "Content-Type",
		"content-TYPE", "Content-Typf", "Content-Transfer-Encoding", "CONTENT-TRANSFER-ENCODING", "Content-Transfer-Encodinf",
		"Content-Transfer\x00Encoding", "Content-Transfer-Encod\xe9ng", "MIME-Version", "Subject", "", "X", "Content-type\x80"}
	for _, name := range names {
		want := -1
		for k, known := range knownFields {
			if fieldName([]byte(name)) && strings.EqualFold(name, known) {
				want = k
			}
		}
		if got := knownField([]byte(name)); fieldName([]byte(name)) && got != want {
			t.Errorf("knownField(%q) = %d, want %d", name, got, want)
		}
		for _, line := range []string{name + ": value", name + ":", name, " " + name + ": x", name + " : x"} {
			want := strings.IndexByte(line, ':')
			if want >= 0 && !fieldName([]byte(line[:want])) {
				want = -1
			}
			if got := fieldColon([]byte(line)); got != want {
				t.Errorf("fieldColon(%q) = %d, want %d", line, got, want)
			}
		}
	}
}

// matchesOf returns copies of the matches of r, as a program that keeps
// them takes them.
func matchesOf(r io.Reader, kind Kind, opts ...extract.Option) iter.Seq2[extract.Match, error] {
	return matchesFrom(r, kind, Start{}, opts...)
}

// matchesFrom is matchesOf for a piece of an input that starts at at.
func matchesFrom(r io.Reader, kind Kind, at Start, opts ...extract.Option) iter.Seq2[extract.Match, error] {
	return func(yield func(extract.Match, error) bool) {
		for m, err := range NewReader(opts...).Matches(r, kind, at) {
			if !yield(m.Clone(), err) {
				return
			}
		}
	}
}

// TestHTMLLiteralAmpersand: an "&" that starts no reference ("&&", "&t;",
// "&" before a CR) is text as written; the text after a reference that
// is one is tied to its place still. Such text once sent the tie of text
// to HTML into an endless loop.
func TestHTMLLiteralAmpersand(t *testing.T) {
	in := "x &t; y && z &\r<b>w</b> &amp; &lt;URL:http://b.example/&gt;"
	done := make(chan struct{})
	var text []byte
	var err error
	var marks anchors
	go func() {
		defer close(done)
		text, err = io.ReadAll(newHTMLText(strings.NewReader(in), scanner.Position{Line: 1, Column: 1}, &marks))
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("still reading after 30 s")
	}
	if want := "x &t; y && z &\nw & <URL:http://b.example/>"; err != nil || string(text) != want {
		t.Fatalf("text %q, %v; want %q", text, err, want)
	}
	// "<URL:http://b.example/>" starts at the "&lt;" of the HTML.
	off := int64(strings.Index(string(text), "<URL:http://b"))
	if got, want := marks.source(scanner.Position{Offset: off, Line: 2, Column: int(off) - strings.IndexByte(string(text), '\n')}), int64(strings.Index(in, "&lt;URL")); got.Offset != want {
		t.Errorf("the second URL stands at %d of the HTML, want %d", got.Offset, want)
	}
}
