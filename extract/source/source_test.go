package source

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/source/archtest"
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
		{"mail", New(), []byte("From: a\nSubject: b\n\n<http://b.example/>"), []string{"mail 4:1 http://b.example/"}, nil},
		{"mbox", New(), []byte("From x\nFrom: a\n\n<http://c.example/>\n"), []string{"mbox 4:1 http://c.example/"}, nil},
		{"rnews", New(), []byte("#! rnews 32\nSubject: x\n\n<http://f.example/>\n"), []string{"rnews 4:1 http://f.example/"}, nil},
		{"mmdf", New(), []byte("\x01\x01\x01\x01\nSubject: x\n\n<http://g.example/>\n\x01\x01\x01\x01\n"), []string{"mmdf 4:1 http://g.example/"}, nil},
		{"forced text", New(As(mail.Text)), []byte("From: a\n\n<http://d.example/>"), []string{"text 3:1 http://d.example/"}, nil},
		{"UTF-16", New(), utf16, []string{"text 1:3 http://u.example/"}, nil},
		{"binary read", New(), []byte("\x00<http://e.example/>"), []string{"text 1:2 http://e.example/"}, nil},
		{"binary skipped", New(SkipBinary()), []byte("\x00<http://e.example/>"), nil, ErrBinary},
		// NoLines leaves the lines of text at 0, in a container too, and
		// those of mail counted.
		{"text, no lines", New(NoLines()), []byte("a\nsee <http://a.example/>"), []string{"text 0:5 http://a.example/"}, nil},
		{"mbox, no lines", New(NoLines()), []byte("From x\nFrom: a\n\n<http://c.example/>\n"), []string{"mbox 4:1 http://c.example/"}, nil},
		{"tar, no lines", New(NoLines()), archtest.Tar(t, archtest.Entry{Name: "a", Body: "x\n y <http://t.example/>"}),
			[]string{"text 0:4 http://t.example/"}, nil},
		{"settings, no lines", Settings{NoLines: true}.New(), []byte("a\n<http://s.example/>"), []string{"text 0:1 http://s.example/"}, nil},
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
	collect(src, []byte("From a\nFrom: a\n\nx\n\nFrom b\nFrom: b\nMIME-Version: 1.0\nContent-Type: image/png\n\nx\n\nFrom c\nFrom: c\n\ny\n"))
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

// TestEach: Each and EachBytes give what Read gives, on every file of
// the corpus (text, messages, an mbox, compressed), all read twice over by
// one Source, which keeps its readers from input to input, some stopped
// after their first match. EachBytes reads every file from one buffer,
// written over after each: nothing of a file is kept past its read.
func TestEach(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "*"))
	files = append(files, filepath.Join("..", "..", "corpus", "tree", "archive.mbox.gz"))
	files = append(files, files...)
	shared := New(With(extract.ReportInvalid()))
	var buf []byte
	for _, name := range files {
		if info, err := os.Stat(name); err != nil || info.IsDir() {
			continue
		}
		read := func() (ms []extract.Match, errs []string) {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			for m, err := range New(With(extract.ReportInvalid())).Read(f, name) {
				ms = append(ms, m)
				errs = append(errs, fmt.Sprint(err))
			}
			return ms, errs
		}
		wantM, wantE := read()
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var gotM []extract.Match
		var gotE []string
		shared.Each(f, name, func(m *extract.Match, err error) bool {
			gotM = append(gotM, m.Clone())
			gotE = append(gotE, fmt.Sprint(err))
			return true
		})
		f.Close()
		if !reflect.DeepEqual(gotM, wantM) || !reflect.DeepEqual(gotE, wantE) {
			t.Errorf("%s: Each and Read differ:\n%v\n%v", name, gotE, wantE)
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		buf = append(buf[:0], b...)
		gotM, gotE = nil, nil
		shared.EachBytes(buf, name, func(m *extract.Match, err error) bool {
			gotM = append(gotM, m.Clone())
			gotE = append(gotE, fmt.Sprint(err))
			return true
		})
		for i := range buf {
			buf[i] = '<'
		}
		if !reflect.DeepEqual(gotM, wantM) || !reflect.DeepEqual(gotE, wantE) {
			t.Errorf("%s: EachBytes and Read differ:\n%v\n%v", name, gotE, wantE)
		}
		if len(wantM) > 1 {
			f, _ := os.Open(name)
			n := 0
			shared.Each(f, name, func(*extract.Match, error) bool { n++; return false })
			f.Close()
			if n != 1 {
				t.Errorf("%s: Each went on after false: %d calls", name, n)
			}
		}
	}
}
