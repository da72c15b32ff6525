package extract

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/rfc3986"
)

// tries are the cases that tries of urlsift as a new user would make it
// found wrong in prose (issue "One engine for every URL"): each
// expectation, "form url" per match in input order, worked out by hand.
var tries = []struct {
	name string
	in   string
	opts []Option
	want []string
}{
	// --schemeless finds what --unwrapped finds.
	{"scheme after e.g., schemeless", "mirrors: e.g.http://mirror.example/pub/ or none", []Option{Schemeless()},
		[]string{"unwrapped http://mirror.example/pub/"}},
	// Soft hyphens and zero-width characters are removed, as in wrappers.
	{"soft hyphen", "see http://ex\u00adample.com/path and", []Option{Unwrapped()}, []string{"unwrapped http://example.com/path"}},
	{"soft hyphen, schemeless", "see http://ex\u00adample.com/path and", []Option{Schemeless()},
		[]string{"unwrapped http://example.com/path"}},
	{"zero-width space", "http://ex\u200bample.com/a", []Option{Schemeless()}, []string{"unwrapped http://example.com/a"}},
	{"zero-width joiner", "http://ex\u200dample.com/b", []Option{Unwrapped()}, []string{"unwrapped http://example.com/b"}},
	{"byte order mark", "http://ex\ufeffample.com/c", []Option{Unwrapped()}, []string{"unwrapped http://example.com/c"}},
	{"soft hyphen at a line end", "the standards are at http://stan\u00ad\n  dards.example.org/list today", []Option{Unwrapped()},
		[]string{"unwrapped http://standards.example.org/list"}},
	// A host name glued to CJK text takes none of it.
	{"CJK before and after", "请访问example.com获取更多信息", []Option{Schemeless(), WithGrammar(rfc3986.IRI)},
		[]string{"schemeless http://example.com"}},
	{"CJK before a path", "网址example.org/a。", []Option{Schemeless(), WithGrammar(rfc3986.IRI)},
		[]string{"schemeless http://example.org/a"}},
	{"an IDN stays whole", "见 例え.テスト/パス 吧", []Option{Schemeless(), WithGrammar(rfc3986.IRI)}, nil},
	// File names whose extension is a country code are no hosts.
	{"file names", "Run setup.py, read README.md and Foo.pm, then run.sh.", []Option{Schemeless()}, nil},
	{"file names of three letters", "Unpack notes.zip and play Clip.MOV.", []Option{Schemeless()}, nil},
	{"no file name of four letters", "see example.info and x.mk.io", []Option{Schemeless()},
		[]string{"schemeless http://example.info", "schemeless http://x.mk.io"}},
	{"a host with such a domain", "mail.example.pl and onet.example.py", []Option{Schemeless()},
		[]string{"schemeless http://mail.example.pl", "schemeless http://onet.example.py"}},
	// Attributions and message identifiers are no mailto: URLs.
	{"attribution", "Ann Example <ann@b.example.com> wrote:\n> hello", []Option{Schemeless()}, nil},
	{"attribution, writes", "bob@c.example.org (Bob) writes:", []Option{Schemeless()}, nil},
	{"in article", "In article <1993Apr5.123456.1234@cs.example.edu>, Bob writes:", []Option{Schemeless()}, nil},
	{"message-id", "> Message-ID: <abc.123@d.example.net>", []Option{Schemeless()}, nil},
	{"an address", "write to ann@b.example.com for it", []Option{Schemeless()}, []string{"email mailto:ann@b.example.com"}},
	// Uuencoded data holds no host names.
	{"uuencoded", "begin 644 a.bin\nM!KE9.MZ!" + strings.Repeat("A", 53) + "\n`\nend\n", []Option{Schemeless()}, nil},
	// Where a URL in prose ends does not depend on the grammar.
	{"tilde, RFC 1738", "http://www.example.net/~ann/notes.txt", []Option{Unwrapped()}, nil},
	{"tilde, RFC 1738, reported", "http://www.example.net/~ann/notes.txt", []Option{Unwrapped(), ReportInvalid()},
		[]string{"unwrapped http://www.example.net/~ann/notes.txt (invalid)"}},
	{"tilde, RFC 3986", "http://www.example.net/~ann/notes.txt", []Option{Unwrapped(), WithGrammar(rfc3986.URI)},
		[]string{"unwrapped http://www.example.net/~ann/notes.txt"}},
	// A URL inside a closed wrapper is the wrapper's; one inside an
	// abandoned wrapper is not, whether the wrapper is reported or not.
	{"after an unterminated wrapper", "<URL:http://broken.example/\nand prose http://prose.example.net/x?y=1",
		[]Option{Unwrapped()}, []string{"unwrapped http://broken.example/", "unwrapped http://prose.example.net/x?y=1"}},
	{"after an unterminated wrapper, reported", "<URL:http://broken.example/\nand prose http://prose.example.net/x?y=1",
		[]Option{Unwrapped(), ReportInvalid()},
		[]string{"url http://broken.example/andprosehttp://prose.example.net/x?y=1 (invalid)",
			"unwrapped http://broken.example/", "unwrapped http://prose.example.net/x?y=1"}},
	{"inside a wrapper with a control byte", "<http://a\x01> b", []Option{Unwrapped()}, nil},
	{"at the end, abandoned", "x <http://b.example/", []Option{Unwrapped()}, []string{"unwrapped http://b.example/"}},
	// The length limit counts a URL in prose as it counts a wrapper.
	{"exactly the maximum", "http://a.example/" + strings.Repeat("x", 23) + " y", []Option{Unwrapped(), MaxLength(40)},
		[]string{"unwrapped http://a.example/" + strings.Repeat("x", 23)}},
	{"a wrapper of the maximum", "<http://a.example/" + strings.Repeat("x", 21) + "> y", []Option{Unwrapped(), MaxLength(40)},
		[]string{"bare http://a.example/" + strings.Repeat("x", 21)}},
	{"one more", "http://a.example/" + strings.Repeat("x", 24) + " y", []Option{Unwrapped(), MaxLength(40)}, nil},
	{"www., printed longer than the maximum", "www.example.com/" + strings.Repeat("x", 20) + " y",
		[]Option{Unwrapped(), MaxLength(40)}, nil},
	{"www., printed within the maximum", "www.example.com/" + strings.Repeat("x", 17) + " y",
		[]Option{Unwrapped(), MaxLength(40)}, []string{"schemeless http://www.example.com/" + strings.Repeat("x", 17)}},
}

func TestTries(t *testing.T) {
	for _, tc := range tries {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for m, err := range All(strings.NewReader(tc.in), tc.opts...) {
				if err != nil {
					t.Fatal(err)
				}
				s := m.Form.String() + " " + m.URL
				if !m.Valid {
					s += " (invalid)"
				}
				got = append(got, s)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestFoundAgain checks that a URL found in prose is found again, the
// same, when it is given alone: with the scheme urlsift adds, it is no
// longer than the maximum length.
func TestFoundAgain(t *testing.T) {
	for n := 30; n <= 44; n++ {
		in := "see www.example.com/" + strings.Repeat("x", n-20) + " now"
		for m := range All(strings.NewReader(in), Unwrapped(), MaxLength(40)) {
			var again []string
			for a := range All(strings.NewReader(m.URL), Unwrapped(), MaxLength(40)) {
				again = append(again, a.URL)
			}
			if !reflect.DeepEqual(again, []string{m.URL}) {
				t.Errorf("%q gives %q, which alone gives %q", in, m.URL, again)
			}
		}
	}
}
