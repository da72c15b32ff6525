package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/urlsift/urlsift/scanner"
)

// brief is the form in which the table states a match: "line:col url",
// with "!" before the url and " -- reason" after it when it is invalid,
// " | alternative" for each alternative and the warnings in brackets.
func brief(m Match) string {
	s := fmt.Sprintf("%d:%d ", m.Pos.Line, m.Pos.Column)
	if !m.Valid {
		s += "!"
	}
	s += m.URL
	if m.Error != "" {
		s += " -- " + m.Error
	}
	for _, a := range m.Alternatives {
		s += " | " + a
	}
	if len(m.Warnings) > 0 {
		s += " [" + strings.Join(m.Warnings, "; ") + "]"
	}
	return s
}

// The expected results are read off the extraction rules by hand: which
// candidates are reported, their readings, and which one is preferred.
var tests = []struct {
	name string
	in   string
	want []string
}{
	{"url form", "see <URL:http://a.example/>.", []string{"1:5 http://a.example/"}},
	{"bare known scheme", "<http://a.example/>", []string{"1:1 http://a.example/"}},
	{"bare unknown not reported", "<port> <uri@bunyip.com> <p> <xs:element> <scheme>:<scheme-specific-part>", nil},
	{"space after prefix", "<URL: http://a.example/>", []string{"1:1 http://a.example/"}},
	{"space before prefix", "<\n  URL:http://a.example/>", []string{"1:1 http://a.example/"}},
	{"prefix in any case", "<url:http://a/> <Url:http://b/>", []string{"1:1 http://a/", "1:17 http://b/"}},
	{"prefix with inner space is bare", "<URL :http://h/>", nil},
	{"prefix twice is generic", "<URL:URL:http://h/>", []string{"1:1 URL:http://h/"}},
	{"space inside scheme", "<ht tp://h/>", []string{"1:1 http://h/ [space inside a line]"}},
	{"split in host", "<URL:ftp://ds.in\n      ternic.net/rfc>", []string{"1:1 ftp://ds.internic.net/rfc"}},
	{"split before type", "x <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>", []string{"1:3 ftp://info.cern.ch/pub/www/doc;type=d"}},
	{"split after dot", "<URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>",
		[]string{"1:1 http://ds.internic.net/instructions/overview.html#WARNING"}},
	{"CR LF and tabs", "a\r\n\t<URL:ftp://ds.in\r\n\t\tternic.net/rfc>", []string{"2:2 ftp://ds.internic.net/rfc"}},
	{"lone CR", "x\r<URL:http://a/>\r\r<http://b/>", []string{"2:1 http://a/", "4:1 http://b/"}},
	{"CR LF counts once", "\r\n\r\n<http://a/>", []string{"3:1 http://a/"}},
	{"Unicode spaces removed", "<URL:http://a.\u00a0example/\u3000x\u2028y>", []string{"1:1 http://a.example/xy [space inside a line]"}},
	{"columns count characters", "é€\U0001F600<http://a/>", []string{"1:4 http://a/"}},
	{"invalid bytes count one each", "\xff\xfe<http://a/>", []string{"1:3 http://a/"}},
	{"NUL bytes", "\x00<http://a/>\x00", []string{"1:2 http://a/"}},
	{"stray >", "a > b <http://a/>", []string{"1:7 http://a/"}},
	{"x- scheme", "<x-foo:bar> <X-FOO:bar>", []string{"1:1 x-foo:bar", "1:13 X-FOO:bar"}},
	{"scheme without case", "<HTTP://A.EXAMPLE/>", []string{"1:1 HTTP://A.EXAMPLE/"}},
	{"mailto", "<mailto:a@b.example>", []string{"1:1 mailto:a@b.example"}},
	{"invalid url form", "<URL:http://host.example/~user/>",
		[]string{`1:1 !http://host.example/~user/ -- http: "~" at 20 is unsafe and must be encoded (RFC 1738 section 2.2)`}},
	{"invalid bare known scheme", "<http:g>",
		[]string{`1:1 !http:g -- http: "g" at 5 is not allowed here: expected "//" and a host after the scheme (RFC 1738 section 3.3)`}},
	{"empty url form", "<URL:>", []string{`1:1 ! -- empty string: a URL starts with a scheme and ":" (RFC 1738 section 2.1)`}},

	// Abandoned candidates.
	{"another <", "<URL:http://a/\n  <http://b/>", []string{
		`1:1 !http://a/ -- unterminated wrapper: another "<" at line 2 column 3 came before ">"`,
		"2:3 http://b/"}},
	{"input ends", "x <URL:http://a/", []string{`1:3 !http://a/ -- unterminated wrapper: the input ended before ">"`}},
	{"bare known scheme unterminated", "<http://a/", []string{`1:1 !http://a/ -- unterminated wrapper: the input ended before ">"`}},
	{"bare unknown unterminated", "<p <b", nil},
	{"many <", "<<<<http://a/>", []string{"1:4 http://a/"}},
	{"8192 bytes kept", "<URL:http://h/" + strings.Repeat("a", 8192-15) + ">",
		[]string{"1:1 http://h/" + strings.Repeat("a", 8192-15)}},
	{"8193 bytes abandoned", "<URL:http://h/" + strings.Repeat("a", 8192-14) + "> <http://b/>", []string{
		"1:1 !http://h/" + strings.Repeat("a", 8192-14) + " -- unterminated wrapper: longer than 8192 bytes",
		"1:8195 http://b/"}},

	// The hyphen rule.
	{"hyphen kept", "<http://www-\n   cse.ucsd.edu/users/bsy/coke.history.txt>",
		[]string{"1:1 http://www-cse.ucsd.edu/users/bsy/coke.history.txt | http://wwwcse.ucsd.edu/users/bsy/coke.history.txt"}},
	{"hyphen dropped when only that is valid", "<URL:ftp://h/f;type-\n=a>", []string{"1:1 ftp://h/f;type=a"}},
	{"spaces before the break", "<URL:http://a-  \t\n  b.example/>", []string{"1:1 http://a-b.example/ | http://ab.example/"}},
	{"hyphen before >", "<URL:http://h/a-\n>", []string{"1:1 http://h/a- | http://h/a"}},
	{"hyphen on one line", "<URL:http://a-b.example/>", []string{"1:1 http://a-b.example/"}},
	{"hyphen then space on one line", "<URL:http://h/a- b>", []string{"1:1 http://h/a-b [space inside a line]"}},
	{"each alternative once", "<URL:http://h/a-\n-\nb>", []string{"1:1 http://h/a--b | http://h/a-b | http://h/ab"}},
	{"five hyphens", "<URL:http://h/a-\nb-\nc-\nd-\ne-\nf>", []string{"1:1 http://h/a-b-c-d-e-f | http://h/abcdef"}},
	{"four hyphens", "<URL:http://h/a-\nb-\nc-\nd-\ne>", []string{"1:1 http://h/a-b-c-d-e" +
		" | http://h/ab-c-d-e | http://h/a-bc-d-e | http://h/abc-d-e | http://h/a-b-cd-e | http://h/ab-cd-e" +
		" | http://h/a-bcd-e | http://h/abcd-e | http://h/a-b-c-de | http://h/ab-c-de | http://h/a-bc-de" +
		" | http://h/abc-de | http://h/a-b-cde | http://h/ab-cde | http://h/a-bcde | http://h/abcde"}},
	{"no valid reading", "<URL:http://h/~a-\nb>", []string{`1:1 !http://h/~a-b -- http: "~" at 9 is unsafe and must be encoded (RFC 1738 section 2.2)`}},

	// Page breaks.
	{"RFC page break", "<http://nvlpubs.nist.gov/nistpubs/FIPS/\n\n\nSchaad   Standards Track   [Page 90]\n\f\n" +
		"RFC 8152   COSE   July 2017\n\n   NIST.FIPS.186-4.pdf>",
		[]string{"1:1 http://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.186-4.pdf [page break skipped]"}},
	{"Internet-Draft header after a form feed", "<URL:http://a.example/x\r\n\fInternet-Draft  URLs  March 1994\r\n   y>",
		[]string{"1:1 http://a.example/xy [page break skipped]"}},
	{"a footer on the last line is content", "<URL:http://a.example/x\n [Page 3]>",
		[]string{`1:1 !http://a.example/x[Page3] -- http: "[" at 18 is unsafe and must be encoded (RFC 1738 section 2.2) [space inside a line]`}},

	// Quote prefixes.
	{"quoted continuation", "> like this: <http://piclab.com/\n>lee/>.", []string{"1:14 http://piclab.com/lee/ [quote prefix removed]"}},
	{"quoted, closed at a line start", "> see <http://www.extropy.org\n> information on the new issue\n",
		[]string{"1:7 http://www.extropy.org [closed at a quote marker]"}},
	{"quoted, closed at the end of input", "> see <http://www.extropy.org\n> information",
		[]string{"1:7 http://www.extropy.org [closed at a quote marker]"}},
	{"nested quotes", "> > a <URL:http://a.example/\r\n> > b/c>\n>> d <URL:http://a.example/\n>>e>",
		[]string{"1:7 http://a.example/b/c [quote prefix removed]", "3:6 http://a.example/e [quote prefix removed]"}},
	{"bar prefix", "| <http://a.example/\n| b>", []string{"1:3 http://a.example/b [quote prefix removed]"}},
	{"quoted, another <", "> see <http://a.example/one\n> <http://a.example/two>",
		[]string{"1:7 http://a.example/one [closed at a quote marker]", "2:3 http://a.example/two"}},
	{"quoted, the quote ends", "> see <URL:http://a.example/x\nreply > here",
		[]string{`1:7 !http://a.example/x -- unterminated wrapper: the quoted text ended before ">"`}},
	{"quoted, re-wrapped by a mailer", "> see <URL:\nhttp://a.example/x> here",
		[]string{`1:7 http://a.example/x [closed on a line without the quote prefix]`}},
	{"quoted, not re-wrapped: a space before the >", "> see <URL:http://a.example/x\nreply here> and",
		[]string{`1:7 !http://a.example/x -- unterminated wrapper: the quoted text ended before ">"`}},
	{"quoted, two prefixed lines", "> <URL:http://a.example/a-\n> b-\n> c>",
		[]string{"1:3 http://a.example/a-b-c | http://a.example/ab-c | http://a.example/a-bc | http://a.example/abc [quote prefix removed]"}},
	{"not quoted", "<URL:http://a.example/x\n> y>", []string{"1:1 http://a.example/x"}},

	// Line number gutters.
	{"gutter", "  845. <URL:ftp://ds.internic.net/internet-drafts\n  846. /draft-ietf-uri-irl-fun-req-02.txt>",
		[]string{"1:8 ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt [line number removed]"}},
	{"gutter over three lines", "9| <URL:http://a.example/\n10| b/\n11| c>", []string{"1:4 http://a.example/b/c [line number removed]"}},
	{"not the next number", "9. <URL:http://a.example/\n11. b>", []string{"1:4 http://a.example/11.b [space inside a line]"}},

	// Typography.
	{"soft hyphen", "<URL:http://a.ex\u00adample/>", []string{"1:1 http://a.example/"}},
	{"typographic hyphen at a line end", "<URL:http://a.example/type\u2010\n setter>",
		[]string{"1:1 http://a.example/typesetter [typographic hyphen dropped]"}},
	{"typographic hyphen inside a line", "<URL:http://a.example/a\u2011b>",
		[]string{"1:1 !http://a.example/a\u2011b -- http: non-ASCII \"\u2011\" at 18 must be encoded (RFC 1738 section 2.2)"}},
	{"fullwidth", "ｘ＜URL：http://www.example.jp/＞ ＜ＵＲＬ：ｈｔｔｐ：／／ｊｐ／＞",
		[]string{"1:2 http://www.example.jp/", "1:31 http://jp/"}},
	{"fullwidth bracket closes", "＜http://a.example/>x<http://b.example/＞",
		[]string{"1:1 http://a.example/", "1:21 http://b.example/"}},

	// Warnings.
	{"several URLs in one wrapper", "<URL:http://a.example/one\n   http://b.example/two>",
		[]string{"1:1 http://a.example/onehttp://b.example/two [a continuation line starts with a scheme]"}},
}

// readers are the ways a test input is fed: streaming must never change
// a result.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"OneByteReader", iotest.OneByteReader},
	{"HalfReader", iotest.HalfReader},
	{"DataErrReader", iotest.DataErrReader},
	{"runeSplitter", func(r io.Reader) io.Reader { return &runeSplitter{r: r} }},
}

// runeSplitter returns its input in reads that end inside every
// multi-byte UTF-8 sequence, and in the middle of every CR LF.
type runeSplitter struct {
	r    io.Reader
	rest []byte
}

func (s *runeSplitter) Read(p []byte) (int, error) {
	if len(s.rest) == 0 {
		b, err := io.ReadAll(s.r)
		if err != nil {
			return 0, err
		}
		if len(b) == 0 {
			return 0, io.EOF
		}
		s.rest = b
	}
	n := 1
	for n < len(s.rest) && s.rest[n-1] < utf8.RuneSelf && s.rest[n-1] != '\r' {
		n++
	}
	n = min(n, len(p))
	copy(p, s.rest[:n])
	s.rest = s.rest[n:]
	return n, nil
}

func collect(t *testing.T, r io.Reader) []Match {
	t.Helper()
	var got []Match
	for m, err := range All(r, ReportInvalid()) {
		if err != nil {
			t.Fatalf("error: %v", err)
		}
		got = append(got, m)
	}
	return got
}

func TestExtract(t *testing.T) {
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref := collect(t, strings.NewReader(tc.in))
			var got []string
			for _, m := range ref {
				got = append(got, brief(m))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
			for _, rd := range readers[1:] {
				again := collect(t, rd.wrap(strings.NewReader(tc.in)))
				if !reflect.DeepEqual(again, ref) {
					t.Errorf("%s: got %v, want %v", rd.name, again, ref)
				}
			}
		})
	}
}

// TestMatchFields checks every field of one match against the input.
func TestMatchFields(t *testing.T) {
	in := "ab\r\ncd <URL:http://www-\r\n  x.example/>"
	ms := collect(t, strings.NewReader(in))
	want := Match{
		Pos:          scanner.Position{Offset: 7, Line: 2, Column: 4},
		URL:          "http://www-x.example/",
		Valid:        true,
		Scheme:       "http",
		Form:         FormURL,
		Raw:          "<URL:http://www-\r\n  x.example/>",
		Alternatives: []string{"http://wwwx.example/"},
	}
	if len(ms) != 1 || !reflect.DeepEqual(ms[0], want) {
		t.Fatalf("got %+v\nwant %+v", ms, want)
	}
}

// TestDisable: each layout rule can be turned off, giving the plain reading.
func TestDisable(t *testing.T) {
	for _, c := range []struct {
		rule Rule
		in   string
		want string
	}{
		{PageBreaks, "<http://a.example/x\n\fRFC 1738  URLs  December 1994\ny>",
			"1:1 http://a.example/xRFC1738URLsDecember1994y [space inside a line]"},
		{QuotePrefixes, "> <http://piclab.com/\n>lee/>.", "1:3 http://piclab.com/"},
		{LineNumbers, "1. <URL:http://a.example/\n2. b>", "1:4 http://a.example/2.b [space inside a line]"},
		{Typography, "<URL:http://a.ex\u00adample/x\u2010\ny> ＜http://b.example/＞",
			"1:1 !http://a.ex\u00adample/x\u2010y -- http: non-ASCII \"\\u00ad\" at 11 must be encoded (RFC 1738 section 2.2)"},
	} {
		var got []string
		for m := range All(strings.NewReader(c.in), ReportInvalid(), Disable(c.rule)) {
			got = append(got, brief(m))
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("Disable(%d) on %q:\n got %q\nwant %q", c.rule, c.in, got, c.want)
		}
	}
}

func TestOnlyValidByDefault(t *testing.T) {
	var got []string
	for m, err := range All(strings.NewReader("<URL:http://h/~u> <http://h/> <URL:x")) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, m.URL)
	}
	if !reflect.DeepEqual(got, []string{"http://h/"}) {
		t.Errorf("got %q", got)
	}
}

// TestReadError: a reader that fails mid-stream gives every match before
// the failure, then the error with the position where reading stopped.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("<http://a/>\n<http://b/> <http://c"), iotest.ErrReader(boom))
	x := New(r, Filename("f.txt"))
	var got []string
	for x.Next() {
		got = append(got, x.Match().URL)
	}
	if !reflect.DeepEqual(got, []string{"http://a/", "http://b/"}) {
		t.Errorf("got %q", got)
	}
	err := x.Err()
	var se *scanner.Error
	if !errors.Is(err, boom) || !errors.As(err, &se) {
		t.Fatalf("Err() = %v, want boom with a position", err)
	}
	if se.Pos.String() != "f.txt:2:22" || se.Pos.Offset != 33 {
		t.Errorf("error at %v (offset %d), want f.txt:2:22 (offset 33)", se.Pos, se.Pos.Offset)
	}
	if x.Next() || x.Err() != err {
		t.Error("the error is not sticky")
	}
	// All gives the same, the error last.
	var n int
	for m, err := range All(io.MultiReader(strings.NewReader("<http://a/>"), iotest.ErrReader(boom))) {
		n++
		if (n == 1 && (err != nil || m.URL != "http://a/")) || (n == 2 && !errors.Is(err, boom)) || n > 2 {
			t.Errorf("All: %d: %v, %v", n, m, err)
		}
	}
}

func TestCleanEnd(t *testing.T) {
	x := New(strings.NewReader("no wrappers here"))
	if x.Next() || x.Err() != nil {
		t.Errorf("Next, Err = true or %v", x.Err())
	}
}

func TestMaxLength(t *testing.T) {
	in := "<http://h/" + strings.Repeat("a", 30) + ">"
	ms := collect(t, bytes.NewReader([]byte(in)))
	if len(ms) != 1 || !ms[0].Valid {
		t.Fatalf("default: %v", ms)
	}
	var got []Match
	for m := range All(strings.NewReader(in), ReportInvalid(), MaxLength(20)) {
		got = append(got, m)
	}
	if len(got) != 1 || got[0].Valid || got[0].Raw != in[:20] ||
		got[0].Error != "unterminated wrapper: longer than 20 bytes" {
		t.Errorf("MaxLength(20): %+v", got)
	}
}

// TestCurrent: Current is the match that Match copies.
func TestCurrent(t *testing.T) {
	x := New(strings.NewReader("<URL:http://a.example/> <URL:b> <mailto:c@d.example>"), ReportInvalid())
	n := 0
	for x.Next() {
		if got, want := *x.Current(), x.Match(); !reflect.DeepEqual(got, want) {
			t.Errorf("Current %+v, Match %+v", got, want)
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d matches, want 3", n)
	}
}

// TestMatchAfterEnd checks that a Match taken after Next returned false
// holds no view of the extractor's buffers, which the last scan may have
// overwritten: it is the zero Match.
func TestMatchAfterEnd(t *testing.T) {
	x := New(strings.NewReader("<URL:http://a.example/>" + strings.Repeat(" ", 300<<10)))
	if !x.Next() || x.Current().URL != "http://a.example/" {
		t.Fatal("no first match")
	}
	if x.Next() {
		t.Fatal("a second match")
	}
	if m := x.Match(); !reflect.DeepEqual(m, Match{}) {
		t.Errorf("Match after the end: %+v", m)
	}
}
