package wrap

import (
	"reflect"
	"testing"
)

func TestRead(t *testing.T) {
	for _, c := range []struct {
		raw     string
		closed  bool
		form    Form
		text    string
		hyphens []int
		scheme  string
	}{
		{"<URL:http://a/>", true, URL, "http://a/", nil, "http"},
		{"<uRl:http://a/>", true, URL, "http://a/", nil, "http"},
		{"<  URL:  http://a/>", true, URL, "http://a/", nil, "http"},
		{"<URL :http://a/>", true, Bare, "URL:http://a/", nil, "URL"},
		{"<URL>", true, Bare, "URL", nil, ""},
		{"<URL:>", true, URL, "", nil, ""},
		{"<http://a/", false, Bare, "http://a/", nil, "http"},
		{"<h t\ttp:\r\n//a/>", true, Bare, "http://a/", nil, "http"},
		{"<a-\nb>", true, Bare, "a-b", []int{1}, ""},
		{"<a- \t\r\n  b>", true, Bare, "a-b", []int{1}, ""},
		{"<a-b>", true, Bare, "a-b", nil, ""},
		{"<a- b>", true, Bare, "a-b", nil, ""},
		{"<a-\n>", true, Bare, "a-", []int{1}, ""},
		{"<a-\n", false, Bare, "a-", []int{1}, ""},
		{"<a-\n-\nb-c>", true, Bare, "a--b-c", []int{1, 2}, ""},
		{"<a\u2010\nb>", true, Bare, "a\u2010b", nil, ""},
		{"<a-\u2028b>", true, Bare, "a-b", nil, ""}, // U+2028 is white space, not a line break
		{"<\xff:\u00a0x>", true, Bare, "\xff:x", nil, "\xff"},
	} {
		var w Wrapper
		w.Read([]byte("junk to be overwritten"), false)
		w.Read([]byte(c.raw), c.closed)
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

func TestReadings(t *testing.T) {
	var w Wrapper
	w.Read([]byte("<a-\nb-\nc>"), true)
	want := []string{"a-b-c", "ab-c", "a-bc", "abc"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	w.Read([]byte("<1-\n2-\n3-\n4-\n5-\n6>"), true)
	want = []string{"1-2-3-4-5-6", "123456"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestKnownScheme(t *testing.T) {
	for _, s := range []string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file",
		"prospero", "afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50", "rlogin", "https", "urn",
		"HTTP", "Z39.50", "x-", "x-a", "X-Some-Very-Long-Private-Scheme"} {
		if !KnownScheme([]byte(s)) {
			t.Errorf("KnownScheme(%q) = false", s)
		}
	}
	for _, s := range []string{"", "url", "xs", "x", "p", "port", "uri@bunyip.com", "httpx", "ht", "scheme",
		"a-very-long-unknown-scheme-name"} {
		if KnownScheme([]byte(s)) {
			t.Errorf("KnownScheme(%q) = true", s)
		}
	}
}
