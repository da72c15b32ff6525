package wrap

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// rfc1738 are the schemes of RFC 1738's grammar, as package extract
// builds them from it (its Schemes).
var rfc1738 = scanner.NewSchemes([]string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais",
	"file", "prospero", "afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50", "urn", "https", "rlogin",
	"x-", "x-*"}, nil)

// newReader returns a Reader with every layout rule and RFC 1738's
// schemes.
func newReader() *Reader { return &Reader{Rules: scanner.DefaultRules, Schemes: rfc1738} }

// wrapper returns raw, a wrapper from its "<" (to its ">" when it ends
// with one), as the scanner returns it on a line of its own.
func wrapper(raw string) *scanner.Candidate {
	end := len(raw)
	if strings.HasSuffix(raw, ">") {
		end--
	}
	return &scanner.Candidate{Kind: scanner.Bare, Raw: []byte(raw), Body: scanner.Span{Start: 1, End: end}}
}

// read reads text, a wrapper.
func read(t *testing.T, w *Reader, text string) {
	t.Helper()
	w.Read(wrapper(text))
}

func TestRead(t *testing.T) {
	for _, c := range []struct {
		raw     string
		form    scanner.Kind
		text    string
		hyphens []int
		scheme  string
	}{
		{"<URL:http://a/>", scanner.URL, "http://a/", nil, "http"},
		{"<uRl:http://a/>", scanner.URL, "http://a/", nil, "http"},
		{"<  URL:  http://a/>", scanner.URL, "http://a/", nil, "http"},
		{"<URL :http://a/>", scanner.Bare, "URL", nil, ""}, // not reported: read up to its scheme
		{"<URL>", scanner.Bare, "URL", nil, ""},
		{"<URL:>", scanner.URL, "", nil, ""},
		{"<http://a/", scanner.Bare, "http://a/", nil, "http"},
		{"<h t\ttp:\r\n//a/>", scanner.Bare, "http://a/", nil, "http"},
		{"<a-\nb>", scanner.Bare, "a-b", []int{1}, ""},
		{"<a- \t\r\n  b>", scanner.Bare, "a-b", []int{1}, ""},
		{"<a-b>", scanner.Bare, "a-b", nil, ""},
		{"<a- b>", scanner.Bare, "a-b", nil, ""},
		{"<a-\n>", scanner.Bare, "a-", []int{1}, ""},
		{"<a-\n", scanner.Bare, "a-", []int{1}, ""},
		{"<a-\n-\nb-c>", scanner.Bare, "a--b-c", []int{1, 2}, ""},
		{"<a\u2010\nb>", scanner.Bare, "ab", nil, ""}, // a typesetter's hyphen
		{"<a-\u2028b>", scanner.Bare, "a-b", nil, ""}, // U+2028 is white space, not a line break
		{"<\xff:\u00a0x>", scanner.Bare, "", nil, ""}, // not reported
	} {
		w := newReader()
		read(t, w, "<junk to be overwritten")
		read(t, w, c.raw)
		if w.Kind != c.form || string(w.Text) != c.text || !reflect.DeepEqual(nilIfEmpty(w.Hyphens), c.hyphens) ||
			string(w.Scheme()) != c.scheme {
			t.Errorf("Read(%q): form %v text %q hyphens %v scheme %q; want %v %q %v %q",
				c.raw, w.Kind, w.Text, w.Hyphens, w.Scheme(), c.form, c.text, c.hyphens, c.scheme)
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
		if got := newReader().Read(wrapper(raw)); got != want {
			t.Errorf("Read(%q) = %v, want %v", raw, got, want)
		}
	}
}

func TestReadings(t *testing.T) {
	w := newReader()
	read(t, w, "<a-\nb-\nc>")
	want := []string{"a-b-c", "ab-c", "a-bc", "abc"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	read(t, w, "<1-\n2-\n3-\n4-\n5-\n6>")
	want = []string{"1-2-3-4-5-6", "123456"}
	if got := w.Readings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzPrintable checks Read's paths for wrappers on one printable line,
// and for one closed at the quote marker of the line after it, against
// its general path: the same answer, form and warnings, and the same
// Text for a reported wrapper.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"URL:http://a/", "uRl:x", "URL:", "URL", "http://a-b/", "x-", "x-a", "X-a:b",
		"p", ":", "a:b", "HTTP:x", "mailto:a@b", "tn3270:x", "z39.50:x", "a+b.c-d:e", "ht~tp:x",
		strings.Repeat("a", 64) + ":x", strings.Repeat("a", 65) + ":x", "URL:x-\ny", "a b:c", "\u00adhttp://a/",
		"URL:http://a.example/x\n", "URL:http://a.example/x\r\n", "http://a/\r", "URL:x-\n", "URL:x\n\n", "\n", "URL:x \n"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, body string, quoteClosed bool) {
		raw := []byte("<" + body + ">")
		c := scanner.Candidate{Kind: scanner.Bare, Raw: raw, Body: scanner.Span{Start: 1, End: len(raw) - 1},
			Layout: scanner.Layout{QuoteClosed: quoteClosed}}
		fast, slow := newReader(), newReader()
		okFast := fast.Read(&c)
		okSlow := slow.read(&c)
		if okFast != okSlow || fast.Kind != slow.Kind || !reflect.DeepEqual(fast.Hyphens, slow.Hyphens) ||
			!reflect.DeepEqual(fast.Warnings, slow.Warnings) || okFast && string(fast.Text) != string(slow.Text) {
			t.Fatalf("%q: Read %v %v %q %v %q, general path %v %v %q %v %q", body,
				okFast, fast.Kind, fast.Text, fast.Hyphens, fast.Warnings, okSlow, slow.Kind, slow.Text, slow.Hyphens, slow.Warnings)
		}
		if string(raw) != "<"+body+">" {
			t.Fatalf("%q: the input changed", body)
		}
	})
}

// TestReadLines checks Read's general path for wrappers over lines: the
// line breaks, quote prefixes, line number gutters and page breaks of its
// continuation lines, and its warnings.
func TestReadLines(t *testing.T) {
	type want struct {
		ok       bool
		kind     scanner.Kind
		text     string
		hyphens  []int
		warnings []string
	}
	for _, c := range []struct {
		name string
		c    *scanner.Candidate
		want want
	}{
		{"CR LF", wrapper("<URL:a\r\nb>"), want{true, scanner.URL, "ab", nil, nil}},
		{"a lone CR", wrapper("<URL:a\rb>"), want{true, scanner.URL, "ab", nil, nil}},
		{"a CR at the end of the input", wrapper("<URL:a\r"), want{true, scanner.URL, "a", nil, nil}},
		{"an empty first line", wrapper("<\nURL:http://a/>"), want{true, scanner.URL, "http://a/", nil, nil}},
		{"a hyphen first", wrapper("<URL:-\n>"), want{true, scanner.URL, "-", []int{0}, nil}},
		{"a hyphen inside", wrapper("<URL:a-b\n>"), want{true, scanner.URL, "a-b", nil, nil}},
		{"a hyphen first, then text", wrapper("<URL:-b\n>"), want{true, scanner.URL, "-b", nil, nil}},
		{"a hyphen first, then a line", wrapper("<URL:-\nb>"), want{true, scanner.URL, "-b", []int{0}, nil}},
		{"a stray continuation byte", wrapper("<URL:a\x80\nb>"), want{true, scanner.URL, "a\x80b", nil, nil}},
		{"url without its colon", wrapper("< url>"), want{false, scanner.Bare, "", nil, nil}},
		{"a hyphen at a line's end", wrapper("<URL:a-\nb>"), want{true, scanner.URL, "a-b", []int{1}, nil}},
		{"a space inside a line", wrapper("<URL:a b>"), want{true, scanner.URL, "ab", nil, []string{warnSpace}}},
		{"a scheme on a continuation line", wrapper("<URL:http://a/\nhttp://b/>"),
			want{true, scanner.URL, "http://a/http://b/", nil, []string{warnScheme}}},
		{"a scheme not known on a continuation line", wrapper("<URL:http://a/\nzz:b>"),
			want{true, scanner.URL, "http://a/zz:b", nil, nil}},
		{"a page break", wrapper("<URL:http://a/\nRFC 1738   URLs   December 1994\nb>"),
			want{true, scanner.URL, "http://a/b", nil, []string{warnPageBreak}}},
		// The last line holds ">": no page break.
		{"a last line like a footer", wrapper("<URL:a\n[Page 3]>"), want{true, scanner.URL, "a[Page3]", nil, []string{warnSpace}}},
		// The first line is the wrapper's own: a form feed there is white
		// space.
		{"a form feed on the first line", wrapper("<\fURL:http://a/\nb>"), want{true, scanner.URL, "http://a/b", nil, nil}},
		{"a form feed line", wrapper("<URL:a\n\fb\nc>"), want{true, scanner.URL, "ac", nil, []string{warnPageBreak}}},
		{"a page break, no rule", wrapper("<URL:a\n\fb\nc>"), want{true, scanner.URL, "abc", nil, nil}},
		{"a line number", gutterWrapper("  845. ", "<URL:a\n  846. b>"), want{true, scanner.URL, "ab", nil, []string{warnLineNumber}}},
		{"a line number after a blank line", gutterWrapper("  845. ", "<URL:a\n\n  847. b>"),
			want{true, scanner.URL, "ab", nil, []string{warnLineNumber}}},
		{"a line number after CR LF", gutterWrapper("  845. ", "<URL:a\r\n  846. b>"),
			want{true, scanner.URL, "ab", nil, []string{warnLineNumber}}},
		{"a line number out of sequence", gutterWrapper("  845. ", "<URL:a\n  847. b>"),
			want{true, scanner.URL, "a847.b", nil, []string{warnSpace}}},
		// The opening line's gutter is not the wrapper's: its text that
		// looks like one stays.
		{"a number on the first line", gutterWrapper("  845. ", "<845. http://a/>"), want{false, scanner.Bare, "", nil, []string{warnSpace}}},
		{"a typographic hyphen", wrapper("<URL:a\u2010\nb>"), want{true, scanner.URL, "ab", nil, []string{warnTypoHyphen}}},
		{"a typographic hyphen U+2011", wrapper("<URL:a\u2011 \nb>"), want{true, scanner.URL, "ab", nil, []string{warnTypoHyphen}}},
		{"a typographic hyphen inside", wrapper("<URL:a\u2010b\nc>"), want{true, scanner.URL, "a\u2010bc", nil, nil}},
		{"a soft hyphen", wrapper("<URL:a\u00adb c>"), want{true, scanner.URL, "abc", nil, []string{warnSpace}}},
		{"fullwidth letters", wrapper("<URL:\uff41 b>"), want{true, scanner.URL, "ab", nil, []string{warnSpace}}},
		{"an invalid byte", wrapper("<URL:\xff b>"), want{true, scanner.URL, "\xffb", nil, []string{warnSpace}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newReader()
			if c.name == "a page break, no rule" {
				w.Rules &^= scanner.PageBreaks
			}
			ok := w.Read(c.c)
			text := string(w.Text)
			if !ok {
				text = ""
			}
			got := want{ok, w.Kind, text, nilIfEmpty(w.Hyphens), nilIfEmptyS(w.Warnings)}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q:\ngot  %+v\nwant %+v", c.c.Raw, got, c.want)
			}
		})
	}
}

// gutterWrapper is wrapper(raw) on a line that lead starts.
func gutterWrapper(lead, raw string) *scanner.Candidate {
	c := wrapper(raw)
	c.Layout.Lead = []byte(lead)
	return c
}

func nilIfEmptyS(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestReadQuoted reads wrappers that the scanner found on quoted lines:
// the prefixes of their continuation lines are removed, and said so.
func TestReadQuoted(t *testing.T) {
	for _, c := range []struct {
		in, text string
		warnings []string
	}{
		{"> <URL:http://a.example/\n> b>", "http://a.example/b", []string{warnQuote}},
		{"> <URL:http://a.example/\n> > b>", "http://a.example/", []string{warnQuoteClosed}},
		{"> <URL:http://a.example/\nb>", "http://a.example/b", []string{warnUnquoted}},
	} {
		s := scanner.New(strings.NewReader(c.in))
		if !s.Scan() {
			t.Fatalf("%q: no candidate", c.in)
		}
		w := newReader()
		if !w.Read(s.Candidate()) || string(w.Text) != c.text || !reflect.DeepEqual(w.Warnings, c.warnings) {
			t.Errorf("%q: %q %q, want %q %q", c.in, w.Text, w.Warnings, c.text, c.warnings)
		}
	}
}
