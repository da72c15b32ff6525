package source

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/urlsift/urlsift/extract/mail"
)

// collect returns the matches of one input as "input line:col url", and
// its errors.
func collect(src *Source, in []byte) (got []string, errs []error) {
	for m, err := range src.Read(bytes.NewReader(in), "in") {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		got = append(got, fmt.Sprintf("%s %d:%d %s", m.Input, m.Pos.Line, m.Pos.Column, m.URL))
	}
	return got, errs
}

func TestRead(t *testing.T) {
	utf16, _ := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().Bytes([]byte("x <http://u.example/>"))
	for _, c := range []struct {
		name string
		src  *Source
		in   []byte
		want []string
		err  error
	}{
		{"text", New(), []byte("see <http://a.example/>"), []string{"text 1:5 http://a.example/"}, nil},
		{"mail", New(), []byte("From: a\nSubject: b\n\n<http://b.example/>"), []string{"mail 1:1 http://b.example/"}, nil},
		{"mbox", New(), []byte("From x\nFrom: a\n\n<http://c.example/>\n"), []string{"mbox 1:1 http://c.example/"}, nil},
		{"forced text", New(As(mail.Text)), []byte("From: a\n\n<http://d.example/>"), []string{"text 3:1 http://d.example/"}, nil},
		{"UTF-16", New(), utf16, []string{"text 1:3 http://u.example/"}, nil},
		{"binary read", New(), []byte("\x00<http://e.example/>"), []string{"text 1:2 http://e.example/"}, nil},
		{"binary skipped", New(SkipBinary()), []byte("\x00<http://e.example/>"), nil, ErrBinary},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errs := collect(c.src, c.in)
			if fmt.Sprint(got) != fmt.Sprint(c.want) || (c.err == nil) != (len(errs) == 0) || c.err != nil && !errors.Is(errs[0], c.err) {
				t.Errorf("got %q, %v; want %q, %v", got, errs, c.want, c.err)
			}
		})
	}
}

func TestCounts(t *testing.T) {
	src := New()
	collect(src, []byte("From a\nFrom: a\n\nx\n\nFrom b\nFrom: b\nContent-Type: image/png\n\nx\n\nFrom c\nFrom: c\n\ny\n"))
	if c := src.Counts(); c.Messages != 3 || c.Parts != 5 {
		t.Errorf("got %+v, want 3 messages, 5 parts (3 headers, 2 text parts)", c)
	}
	collect(src, []byte("text <http://a.example/>"))
	if c := src.Counts(); c.Messages != 0 {
		t.Errorf("text: got %+v", c)
	}
}

func TestOpen(t *testing.T) {
	src := New()
	for m, err := range src.Open(filepath.Join("..", "..", "corpus", "tree", "sub", "notes.dat")) {
		if err != nil || m.URL != "http://www.example.org/bzip2" {
			t.Errorf("%+v, %v", m, err)
		}
	}
	for _, err := range src.Open("no such file") {
		if !errors.Is(err, os.ErrNotExist) {
			t.Errorf("got %v", err)
		}
	}
}
