package extract_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/whatwg"
)

// One key per resource: the normal form. Three ways to write one URL
// give one Normalized, with its host and site.
func ExampleNormalize() {
	in := "<http://Example.com/a/../b> <http://example.com/b> <HTTP://EXAMPLE.COM:80/b>\n" +
		"<URL:http://www.Example.co.uk:8080/%7Ex> and <mailto:Joe@Example.COM>"
	seen := map[string]bool{}
	for m, err := range extract.All(strings.NewReader(in), extract.Normalize()) {
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%-40s %-33s host %q site %q new %v\n", m.URL, m.Normalized, m.Host, m.Site, !seen[m.Normalized])
		seen[m.Normalized] = true
	}
	// Output:
	// http://Example.com/a/../b                http://example.com/b              host "example.com" site "example.com" new true
	// http://example.com/b                     http://example.com/b              host "example.com" site "example.com" new false
	// HTTP://EXAMPLE.COM:80/b                  http://example.com/b              host "example.com" site "example.com" new false
	// http://www.Example.co.uk:8080/%7Ex       http://www.example.co.uk:8080/%7Ex host "www.example.co.uk" site "example.co.uk" new true
	// mailto:Joe@Example.COM                   mailto:Joe@Example.COM            host "" site "" new true
}

// The grammars' normal forms part where the RFCs do: RFC 1738 decodes no
// escape ("~" is unsafe in it), RFC 3986 decodes those of unreserved
// characters, and an IRI becomes a URI.
func ExampleNormalize_grammars() {
	in := "<URL:HTTP://Bücher.Example/%7Ea/./b>"
	for _, g := range []extract.Grammar{rfc1738.Grammar{}, rfc3986.URI, rfc3986.IRI, whatwg.Grammar{}} {
		for m := range extract.All(strings.NewReader(in), extract.WithGrammar(g), extract.Normalize()) {
			fmt.Printf("%-7s %s\n", g.Name(), m.Normalized)
		}
	}
	in = "<URL:HTTP://Example.COM/%7Ea/./b>"
	for _, g := range []extract.Grammar{rfc1738.Grammar{}, rfc3986.URI, whatwg.Grammar{}} {
		for m := range extract.All(strings.NewReader(in), extract.WithGrammar(g), extract.Normalize()) {
			fmt.Printf("%-7s %s\n", g.Name(), m.Normalized)
		}
	}
	// Output:
	// iri     http://xn--bcher-kva.example/~a/b
	// whatwg  http://xn--bcher-kva.example/%7Ea/b
	// rfc1738 http://example.com/%7Ea/b
	// rfc3986 http://example.com/~a/b
	// whatwg  http://example.com/%7Ea/b
}

func TestSite(t *testing.T) {
	for host, want := range map[string]string{
		"www.example.co.uk": "example.co.uk",
		"example.com":       "example.com",
		"a.b.example.com":   "example.com",
		"foo.github.io":     "foo.github.io", // github.io is a suffix of the list's private part
		"xn--bcher-kva.de":  "xn--bcher-kva.de",
		"192.0.2.1":         "192.0.2.1",
		"[2001:db8::1]":     "[2001:db8::1]",
		"com":               "com",
		"localhost":         "localhost",
		"example.com.":      "example.com.",
		"":                  "",
	} {
		if got := extract.Site(host); got != want {
			t.Errorf("Site(%q) = %q, want %q", host, got, want)
		}
	}
}

// Without Normalize, nothing is set; with it, only valid matches are
// normalized, and the strings of a match taken with Match stay right
// after the Extractor's buffers have moved on.
func TestNormalizeKept(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "<URL:http://Host%d.Example/p%d> <URL:http://h%d.example.org/x%d> <URL:http://bad^host/>\n", i, i, i, i)
	}
	for m := range extract.All(strings.NewReader(b.String())) {
		if m.Normalized != "" || m.Host != "" || m.Site != "" {
			t.Fatalf("without Normalize: %+v", m)
		}
	}
	var kept []extract.Match
	x := extract.New(strings.NewReader(b.String()), extract.Normalize(), extract.ReportInvalid())
	for x.Next() {
		kept = append(kept, x.Match())
	}
	if len(kept) != 9000 {
		t.Fatalf("%d matches, want 9000", len(kept))
	}
	for i, m := range kept {
		n := i / 3
		var want, host, site string
		switch i % 3 {
		case 0:
			want, host, site = fmt.Sprintf("http://host%d.example/p%d", n, n), fmt.Sprintf("host%d.example", n), fmt.Sprintf("host%d.example", n)
		case 1:
			want, host, site = fmt.Sprintf("http://h%d.example.org/x%d", n, n), fmt.Sprintf("h%d.example.org", n), "example.org"
			if m.Normalized != m.URL {
				t.Errorf("%d: URL %q in normal form, Normalized %q", i, m.URL, m.Normalized)
			}
		}
		if m.Normalized != want || m.Host != host || m.Site != site {
			t.Errorf("%d: %q gives %q host %q site %q; want %q, %q, %q", i, m.URL, m.Normalized, m.Host, m.Site, want, host, site)
		}
	}
}

// Current gives the same as Match, and Clone keeps it.
func TestNormalizeCurrent(t *testing.T) {
	in := "<URL:HTTP://A.Example:80/x> <URL:http://b.example.com/y> <URL:FTP://u?@H.Example.com/z>"
	var got []extract.Match
	x := extract.New(strings.NewReader(in), extract.Normalize())
	for x.Next() {
		got = append(got, x.Current().Clone())
	}
	want := []struct{ n, host, site string }{{"http://a.example/x", "a.example", "a.example"}, {"http://b.example.com/y", "b.example.com", "example.com"},
		{"ftp://u?@h.example.com/z", "h.example.com", "example.com"}} // an ftp user may hold "?" (RFC 1738 section 3.1)
	if len(got) != len(want) {
		t.Fatalf("%d matches", len(got))
	}
	for i, w := range want {
		if got[i].Normalized != w.n || got[i].Host != w.host || got[i].Site != w.site {
			t.Errorf("%d: %+v, want %+v", i, got[i], w)
		}
	}
}

// A grammar whose normal form fails keeps the URL as read, with a
// warning.
type failing struct{ rfc1738.Grammar }

func (failing) Normalize(s string) (string, error) { return s, errors.New("no way") }

func TestNormalizeFails(t *testing.T) {
	for m := range extract.All(strings.NewReader("<URL:HTTP://Example.com/>"), extract.WithGrammar(failing{}), extract.Normalize()) {
		if m.Normalized != "HTTP://Example.com/" || m.Host != "Example.com" || len(m.Warnings) != 1 || m.Warnings[0] != extract.WarnNormalize+"no way" {
			t.Errorf("got %q host %q warnings %q", m.Normalized, m.Host, m.Warnings)
		}
	}
}

// Under whatwg the URL is the parser's href, and a bare wrapper, a URL
// in prose and a hyphen reading all go through it.
func TestWhatwgURL(t *testing.T) {
	in := "<URL:HTTP://EXAMPLE.com:80/a/./b\\c> <http://0x7f.1/> and see http://Example.org/%7e now\n<URL:HTTP://Ex-\n  ample.com/>"
	var got []string
	for m := range extract.All(strings.NewReader(in), extract.WithGrammar(whatwg.Grammar{}), extract.Unwrapped()) {
		got = append(got, m.URL+" "+strings.Join(m.Alternatives, ","))
	}
	want := []string{"http://example.com/a/b/c ", "http://127.0.0.1/ ", "http://example.org/%7e ", "http://ex-ample.com/ http://example.com/"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A kept match keeps its own warnings: Next hands them over in place, and
// the next match's overwrite the Extractor's slice.
func TestWarningsKept(t *testing.T) {
	in := "> see <URL:http://a.example/\n> x>\n\n> <URL:http://c.example/y\n> <URL:http://d.example/z\n"
	var got [][]string
	x := extract.New(strings.NewReader(in))
	for x.Next() {
		got = append(got, x.Match().Warnings)
	}
	if len(got) != 2 || strings.Join(got[0], ";") != "quote prefix removed" || strings.Join(got[1], ";") != "closed at a quote marker" {
		t.Errorf("warnings %q", got)
	}
}
