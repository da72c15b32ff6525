package source

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

func TestFiles(t *testing.T) {
	tree := filepath.Join("..", "..", "corpus", "tree")
	var got []string
	for f := range Files(tree) {
		got = append(got, fmt.Sprint(f.Path[len(tree):], " ", f.Walked, " ", f.Size > 0, " ", f.Err))
	}
	want := []string{"/archive.mbox.gz true true <nil>", "/binary.bin true true <nil>",
		"/sub/message.eml true true <nil>", "/sub/notes.dat true true <nil>"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walk: got %q, want %q", got, want)
	}
	got = got[:0]
	for f := range Paths(tree) {
		got = append(got, fmt.Sprint(f.Path[len(tree):], " ", f.Walked, " ", f.Size, " ", f.Err))
	}
	want = []string{"/archive.mbox.gz true -1 <nil>", "/binary.bin true -1 <nil>",
		"/sub/message.eml true -1 <nil>", "/sub/notes.dat true -1 <nil>"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Paths: got %q, want %q", got, want)
	}
	for f := range Paths(filepath.Join(tree, "binary.bin")) {
		if f.Walked || f.Err != nil || f.Size <= 0 {
			t.Errorf("named file: %+v", f)
		}
	}
	for f := range Files(filepath.Join(tree, "binary.bin")) {
		if f.Walked || f.Err != nil || f.Size <= 0 {
			t.Errorf("named file: %+v", f)
		}
	}
	n := 0
	for f := range Files("no such file") {
		n++
		if !errors.Is(f.Err, os.ErrNotExist) || f.Size != -1 {
			t.Errorf("missing file: %+v", f)
		}
	}
	if n != 1 {
		t.Errorf("missing file: %d files", n)
	}
}

func TestSniff(t *testing.T) {
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("From a\nFrom: x\n\nbody\n"))
	w.Close()
	utf16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte("x <http://u.example/>"))
	for _, c := range []struct {
		name  string
		src   *Source
		in    []byte
		want  Layout
		split bool
	}{
		{"text", New(), []byte("see <http://a.example/>"), Layout{Kind: mail.Text}, true},
		{"mbox", New(), []byte("From a\nFrom: x\n\nbody\n"), Layout{Kind: mail.Mbox}, true},
		{"mail", New(), []byte("From: x\nSubject: y\n\nbody\n"), Layout{Kind: mail.Message}, false},
		{"forced", New(As(mail.Mbox)), []byte("see"), Layout{Kind: mail.Mbox}, true},
		{"gzip", New(), gz.Bytes(), Layout{Compression: "gzip", Kind: mail.Mbox}, false},
		{"UTF-16", New(), utf16, Layout{Encoding: "utf-16le", Kind: mail.Text}, false},
		{"binary", New(), []byte("a\x00b"), Layout{Kind: mail.Text, Binary: true}, true},
		// rnews batches and MMDF files are read whole.
		{"rnews", New(), []byte("#! rnews 14\nSubject: x\n\nx\n"), Layout{Kind: mail.Rnews}, false},
		{"mmdf", New(), []byte("\x01\x01\x01\x01\r\nSubject: x\r\n\r\nx\r\n\x01\x01\x01\x01\r\n"), Layout{Kind: mail.MMDF}, false},
		{"rnews, input forced", Settings{Input: "rnews"}.New(), []byte("see"), Layout{Kind: mail.Rnews}, false},
		{"mmdf, input forced", Settings{Input: "mmdf"}.New(), []byte("see"), Layout{Kind: mail.MMDF}, false},
		{"#! rnews without a count", New(), []byte("#! rnews\nSubject: x\n\n"), Layout{Kind: mail.Text}, true},
	} {
		l, err := c.src.Sniff(bytes.NewReader(c.in))
		if err != nil || l != c.want || l.Splittable() != c.split {
			t.Errorf("%s: got %+v (splittable %v), %v; want %+v (%v)", c.name, l, l.Splittable(), err, c.want, c.split)
		}
	}
}

// TestEachPiece: text read from a line start, a margin before a cut,
// gives from the cut on what the whole input gives; so does an mbox read
// from a message start. The Beam pipeline builds on this.
func TestEachPiece(t *testing.T) {
	const maxLen = 64
	margin := 2 * maxLen
	in := []byte("a <URL:http://a.example/long-\n   path/x> b <http://b.\r\n  example/> c\n\n" +
		"<URL:ftp://ds.in\n\tternic.net/rfc> and <http://c.example/> \r<http://d.example/>\n" +
		"> <URL:http://e.example/quoted-\n> path>\n<URL:http://g.example/a/\n  http://h.example/b>\n" + string(bytes.Repeat([]byte("x"), 200)) + " <http://f.example/>\n")
	opts := With(extract.ReportInvalid(), extract.MaxLength(maxLen), extract.Unwrapped())
	describe := func(src *Source, read func(yield func(*extract.Match, error) bool)) []string {
		var out []string
		read(func(m *extract.Match, err error) bool {
			out = append(out, fmt.Sprintf("%v %d %s %v %q %q", err, m.Pos.Offset, m.Pos, m.Valid, m.URL, m.Warnings))
			return true
		})
		return out
	}
	src := New(opts)
	whole := describe(src, func(y func(*extract.Match, error) bool) { src.Each(bytes.NewReader(in), "in", y) })
	if len(whole) < 6 {
		t.Fatalf("only %q: the test would prove little", whole)
	}
	for cut := range len(in) {
		// Read from the line start a margin before the cut.
		q := bytes.LastIndexByte(in[:max(cut-margin, 0)], '\n') + 1
		at := scanner.Position{Filename: "in", Line: 1, Column: 1}.Advance(in[:q])
		var got []string
		for _, d := range describe(src, func(y func(*extract.Match, error) bool) {
			src.EachPiece(bytes.NewReader(in[q:]), "in", mail.Text, mail.Start{Pos: at}, y)
		}) {
			var off int
			fmt.Sscanf(d, "<nil> %d", &off)
			if off >= cut {
				got = append(got, d)
			}
		}
		want := slices.DeleteFunc(slices.Clone(whole), func(d string) bool {
			var off int
			fmt.Sscanf(d, "<nil> %d", &off)
			return off < cut
		})
		if !slices.Equal(got, want) {
			t.Fatalf("cut at %d, read from %d: got\n%q\nwant\n%q", cut, q, got, want)
		}
	}
}
