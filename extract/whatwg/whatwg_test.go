package whatwg

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/rfc3986"
)

func TestSerialize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"HTTP://Example.COM:80/a/./b/../c", "http://example.com/a/c"},
		{"http://0x7f.1/", "http://127.0.0.1/"},
		{`http://example.com/a\b`, "http://example.com/a/b"},
		{"https://example.com:443", "https://example.com/"},
		{"http://Bücher.example/ä", "http://xn--bcher-kva.example/%C3%A4"},
		{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM"},
		{"foo://Example.COM/%7e", "foo://Example.COM/%7e"}, // an opaque host keeps its case
	} {
		got, err := Grammar{}.Serialize(c.in)
		if err != nil || got != c.want {
			t.Errorf("Serialize(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"http://", "http://a b/", "no scheme", "http://[::1/", "http://256.256.256.256.256/"} {
		err := Grammar{}.Validate(in)
		var e *Error
		if !errors.As(err, &e) || e.Rule() == "" || e.At() != 0 || e.Section() == "" {
			t.Errorf("Validate(%q) = %v, want an *Error", in, err)
		}
	}
}

// The grammar's Valid and Validate agree, and a valid URL's href is valid.
func FuzzSerialize(f *testing.F) {
	for _, s := range []string{"HTTP://A.b:80/%7e/./x/../y?%2f#%41", "http://[::A]:/", "x:%", "a://%zz@[/", "http://例え.jp/パス", "http://0x7f.1/", "file:///C|/x"} {
		f.Add(s)
	}
	g := Grammar{}
	f.Fuzz(func(t *testing.T, s string) {
		href, err := g.Serialize(s)
		if g.Valid(s) != (err == nil) || (g.Validate(s) == nil) != (err == nil) {
			t.Fatalf("%q: Valid, Validate and Serialize disagree", s)
		}
		if err == nil && !g.Valid(href) {
			t.Errorf("Serialize(%q) = %q, which is not valid: %v", s, href, g.Validate(href))
		}
	})
}

// Bare wrappers take the schemes that rfc3986.URI takes.
func TestSchemes(t *testing.T) {
	a, b := Grammar{}.Schemes(), rfc3986.URI.Schemes()
	if len(a) != len(b) || a[0] != b[0] {
		t.Errorf("Schemes: %d, want %d", len(a), len(b))
	}
}

// A user name and password longer than MaxUserinfo is refused before the
// parser, which would take time growing with the square of its length,
// sees it; a long opaque path with an "@" is no user name.
func TestLongUserinfo(t *testing.T) {
	long := strings.Repeat("b", MaxUserinfo)
	for in, valid := range map[string]bool{
		"http://" + long[1:] + "@a/":                  true,
		"http://" + long + "@a/":                      false,
		"http:" + long + "@a/":                        false, // a special scheme's authority needs no "//"
		"http://" + strings.Repeat("@", 2000) + "a/":  false,
		"foo://" + long + "@a/":                       false,
		"mailto:" + long + "@example.com":             true,
		"foo:" + long + "@a/":                         true,
		"http://a/" + long + "@b":                     true, // in the path
		"http://a?" + long + "@b":                     true,
		"http://" + long[1:] + "@a/" + long + "@b/@c": true,
	} {
		if got := (Grammar{}).Valid(in); got != valid {
			t.Errorf("Valid(%.40q...) = %v, want %v", in, got, valid)
		}
	}
}

func TestRule(t *testing.T) {
	for in, want := range map[string]string{
		"no scheme":      "The input is missing a scheme",
		"http://[::1/":   "An IPv6 address is missing the closing U+005D (])",
		"http://a:b/":    "The input's port is not a number",
		"http://[::1.]/": "An IPv4 address is found in an IPv6 address and one of the following is true",
	} {
		var e *Error
		if err := (Grammar{}).Validate(in); !errors.As(err, &e) || e.Rule() != want {
			t.Errorf("Validate(%q) = %v, rule %q; want %q", in, err, e.Rule(), want)
		}
	}
}
