package wrap

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// read reads the first candidate of text.
func read(t *testing.T, w *Wrapper, text string) {
	t.Helper()
	s := scanner.New(strings.NewReader(text))
	if !s.Scan() {
		t.Fatalf("no candidate in %q", text)
	}
	w.Read(s.Candidate())
}

func TestRead(t *testing.T) {
	for _, c := range []struct {
		raw     string
		form    Form
		text    string
		hyphens []int
		scheme  string
	}{
		{"<URL:http://a/>", URL, "http://a/", nil, "http"},
		{"<uRl:http://a/>", URL, "http://a/", nil, "http"},
		{"<  URL:  http://a/>", URL, "http://a/", nil, "http"},
		{"<URL :http://a/>", Bare, "URL", nil, ""}, // not reported: read up to its scheme
		{"<URL>", Bare, "URL", nil, ""},
		{"<URL:>", URL, "", nil, ""},
		{"<http://a/", Bare, "http://a/", nil, "http"},
		{"<h t\ttp:\r\n//a/>", Bare, "http://a/", nil, "http"},
		{"<a-\nb>", Bare, "a-b", []int{1}, ""},
		{"<a- \t\r\n  b>", Bare, "a-b", []int{1}, ""},
		{"<a-b>", Bare, "a-b", nil, ""},
		{"<a- b>", Bare, "a-b", nil, ""},
		{"<a-\n>", Bare, "a-", []int{1}, ""},
		{"<a-\n", Bare, "a-", []int{1}, ""},
		{"<a-\n-\nb-c>", Bare, "a--b-c", []int{1, 2}, ""},
		{"<a\u2010\nb>", Bare, "ab", nil, ""}, // a typesetter's hyphen
		{"<a-\u2028b>", Bare, "a-b", nil, ""}, // U+2028 is white space, not a line break
		{"<\xff:\u00a0x>", Bare, "", nil, ""}, // not reported
	} {
		var w Wrapper
		read(t, &w, "<junk to be overwritten")
		read(t, &w, c.raw)
		if w.Form != c.form || string(w.Text) != c.text || !reflect.DeepEqual(nilIfEmpty(w.Hyphens), c.hyphens) ||
			string(w.Scheme()) != c.scheme {
			t.Errorf("Read(%q): form %v text %q hyphens %v scheme %q; want %v %q %v %q",
				c.raw, w.Form, w.Text, w.Hyphens, w.Scheme(), c.form, c.text, c.hyphens, c.scheme)
		}
	}
}

func nilIfEmpty(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	return s
}

func TestReported(t *testing.T) {
	for raw, want := range map[string]bool{
		"<URL:>": true, "<URL:anything at all>": true, "<http://a/>": true, "<HTTP:x>": true,
		"<x-:a>": true, "<X-a/b:c>": true, "<z39.50:x>": true, "<ht\ntp:x>": true, "<\uff48ttp:x>": true,
		"<p>": false, "<port>": false, "<uri@bunyip.com>": false, "<URL :http://h/>": false,
		"<xs:element>": false, "<scheme>": false, "<a very long text without a colon>": false,
		"<abcdefghijklmnopq:x>": false, "<http>": false, "<:x>": false,
	} {
		var w Wrapper
		s := scanner.New(strings.NewReader(raw))
		s.Scan()
		if got := w.Read(s.Candidate()); got != want {
			t.Errorf("Read(%q) = %v, want %v", raw, got, want)
		}
	}
}

func TestReadings(t *testing.T) {
	var w Wrapper
	read(t, &w, "<a-\nb-\nc>")
	want := []string{"a-b-c", "ab-c", "a-bc", "abc"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	read(t, &w, "<1-\n2-\n3-\n4-\n5-\n6>")
	want = []string{"1-2-3-4-5-6", "123456"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzPrintable checks Read's path for wrappers on one printable line
// against its general path: the same answer, form and warnings, and the
// same Text for a reported wrapper.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"URL:http://a/", "uRl:x", "URL:", "URL", "http://a-b/", "x-", "x-a", "X-a:b",
		"p", ":", "a:b", "HTTP:x", "mailto:a@b", "tn3270:x", "z39.50:x", "a+b.c-d:e", "ht~tp:x",
		strings.Repeat("a", 64) + ":x", strings.Repeat("a", 65) + ":x", "URL:x-\ny", "a b:c", "\u00adhttp://a/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		raw := []byte("<" + body + ">")
		c := scanner.Candidate{Raw: raw, Body: scanner.Span{Start: 1, End: len(raw) - 1}}
		var fast, slow Wrapper
		okFast := fast.Read(&c)
		okSlow := slow.read(&c)
		if okFast != okSlow || fast.Form != slow.Form || !reflect.DeepEqual(fast.Hyphens, slow.Hyphens) ||
			!reflect.DeepEqual(fast.Warnings, slow.Warnings) || okFast && string(fast.Text) != string(slow.Text) {
			t.Fatalf("%q: Read %v %v %q %v %q, general path %v %v %q %v %q", body,
				okFast, fast.Form, fast.Text, fast.Hyphens, fast.Warnings, okSlow, slow.Form, slow.Text, slow.Hyphens, slow.Warnings)
		}
		if string(raw) != "<"+body+">" {
			t.Fatalf("%q: the input changed", body)
		}
	})
}
