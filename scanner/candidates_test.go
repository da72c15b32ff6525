package scanner

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unsafe"
)

// proseWant is a candidate as the tests of Prose mode write it: its
// position, kind, body (the run of its first line), its Raw window and
// its Lead and Quote.
type proseWant struct {
	Pos   string
	Kind  Kind
	Body  string
	Raw   string
	Lead  string
	Quote string
}

// readers are the ways the tests feed a Scanner: whole, a byte at a
// time, by halves, with the data and io.EOF together, and in pieces of
// 3 and 7 bytes.
var readers = []func(io.Reader) io.Reader{
	func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
	func(r io.Reader) io.Reader { return chunked{r, 3} }, func(r io.Reader) io.Reader { return chunked{r, 7} },
}

// scanCands scans s to its end and returns its candidates.
func scanCands(t *testing.T, s *Scanner) []proseWant {
	t.Helper()
	got, err := scanCandsErr(s)
	if err != nil {
		t.Fatalf("Err() = %v", err)
	}
	return got
}

// scanCandsErr scans s to its end and returns its candidates and its
// error.
func scanCandsErr(s *Scanner) ([]proseWant, error) {
	var got []proseWant
	for s.Scan() {
		c := s.Candidate()
		got = append(got, proseWant{c.Pos.String(), c.Kind, string(c.Raw[c.Body.Start:c.Body.End]), string(c.Raw),
			string(c.Layout.Lead), c.Layout.Quote})
	}
	return got, s.Err()
}

// checkProse scans in with rules (and max, 0 for the default) read in
// every way, and in place, and compares what it finds with want.
// Scanning takes time linear in the input: a scan of a test's few bytes
// that runs for seconds does not end.
func checkProse(t *testing.T, in string, rules Rule, max int, want []proseWant) {
	t.Helper()
	type result struct {
		got []proseWant
		err error
	}
	results := make(chan result, len(readers)+1)
	go func() {
		for _, rd := range readers {
			s := New(rd(strings.NewReader(in)), Rules(rules), WithSchemes(proseKnown), MaxLength(max))
			got, err := scanCandsErr(s)
			results <- result{got, err}
		}
		s := New(nil, Rules(rules), WithSchemes(proseKnown), MaxLength(max))
		s.ResetBytes([]byte(in), Position{}, nil)
		got, err := scanCandsErr(s)
		results <- result{got, err}
	}()
	timeout := time.After(5 * time.Second)
	for i := range len(readers) + 1 {
		how := fmt.Sprintf("reader %d", i)
		if i == len(readers) {
			how = "in place"
		}
		var r result
		select {
		case r = <-results:
		case <-timeout:
			t.Fatalf("%q (%s): the scan does not end", in, how)
		}
		if r.err != nil {
			t.Fatalf("%q (%s): Err() = %v", in, how, r.err)
		}
		if !reflect.DeepEqual(r.got, want) {
			t.Fatalf("%q (%s):\ngot  %+v\nwant %+v", in, how, r.got, want)
		}
	}
}

const (
	proseRules = DefaultRules | Prose
	hostsRules = DefaultRules | Prose | Hosts
)

// TestProse checks which URLs written without a wrapper the scanner finds
// in a text, and what it gives of each: where it starts, its kind, its
// first line's run, the window of lines after it, and its lead, each
// worked out by the rules of the package doc and of Candidate and Layout.
func TestProse(t *testing.T) {
	long := strings.Repeat("x", 70)
	for _, c := range []struct {
		name  string
		in    string
		rules Rule
		max   int
		want  []proseWant
	}{
		{"none", "no URL here: none at all.", proseRules, 0, nil},
		{"no Prose rule", "see http://a.example/x", DefaultRules, 0, nil},
		// The run holds the "." that ends the sentence; the window runs
		// to the end of the input.
		{"a scheme", "see http://a.example/x.", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x.", "http://a.example/x.", "see ", ""}}},
		// Text after the run on its line: the window is the rest of it.
		{"text after it", "see http://a.example/x and more\nnext", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x and more", "see ", ""}}},
		{"spaces after it", "see http://a.example/x  \nnext", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x  \nnext", "see ", ""}}},
		// The run ends the line: the window takes the lines after it.
		{"the lines after it", "see http://a.example/x\nnext line\nlast", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x\nnext line\nlast", "see ", ""}}},
		// ... as far as the maximum length reaches (30 bytes from its
		// start: the lines that end within it).
		{"the lines within reach", "see http://a.example/x\nnext line\nlast line", proseRules, 30,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x\nnext line", "see ", ""}}},
		// The CR of a CR LF is not in the window.
		{"the lines within reach, CR LF", "see http://a.example/x\r\nnext line\r\nlast line", proseRules, 31,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x\r\nnext line", "see ", ""}}},
		{"a line that the reach cuts", "see http://a.example/x\nnext line goes on", proseRules, 25,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x", "see ", ""}}},
		// A URL longer than the maximum length is not returned.
		{"as long as the maximum", "see http://a.example/xyz", proseRules, 20,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/xyz", "http://a.example/xyz", "see ", ""}}},
		{"longer than the maximum", "see http://a.example/xyzw", proseRules, 20, nil},
		{"quoted", `see "http://a.example/x" now`, proseRules, 0,
			[]proseWant{{"1:6", Quoted, "http://a.example/x", `http://a.example/x" now`, `see "`, ""}}},
		{"two on a line", "http://a.example/ and https://b.example/", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/", "http://a.example/ and https://b.example/", "", ""},
				{"1:23", Unwrapped, "https://b.example/", "https://b.example/", "http://a.example/ and ", ""}}},
		// A scheme inside the run of a URL is part of it.
		{"a URL in a URL", "http://a.example/?u=http://b.example/", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/?u=http://b.example/", "http://a.example/?u=http://b.example/", "", ""}}},
		// The scheme starts a word, or follows a "." ("e.g.http:").
		{"not at a word start", "xhttp://a.example/ 1http://b.example/ _http://c.example/", proseRules, 0, nil},
		{"after a dot", "e.g.http://a.example/", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/", "http://a.example/", "e.g.", ""}}},
		{"a scheme of a pattern", "x-http://a.example/", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "x-http://a.example/", "x-http://a.example/", "", ""}}},
		{"a scheme in capitals", "see HTTP://a.example/", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "HTTP://a.example/", "HTTP://a.example/", "see ", ""}}},
		{"not a scheme", "Note: this and foo://a.example/", proseRules, 0, nil},
		// A word before ":" that is no scheme, then one of the same
		// length that is.
		{"a word, then a scheme", "Note: see http://a.example/", proseRules, 0,
			[]proseWant{{"1:11", Unwrapped, "http://a.example/", "http://a.example/", "Note: see ", ""}}},
		{"a scheme, then a word", "http://a.example/ Note: this", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/", "http://a.example/ Note: this", "", ""}}},
		{"a scheme at the end", "see http:", proseRules, 0, []proseWant{{"1:5", Unwrapped, "http:", "http:", "see ", ""}}},
		{"a scheme and a slash at the end", "see http:/", proseRules, 0, nil},
		// "//" after the ":" of "http", but not of "mailto", "news" or
		// "urn"; or a line break right after the ":".
		{"no slashes", "see http:x and http:/x", proseRules, 0, nil},
		{"mailto", "write mailto:ann@a.example now", proseRules, 0,
			[]proseWant{{"1:7", Unwrapped, "mailto:ann@a.example", "mailto:ann@a.example now", "write ", ""}}},
		{"news", "news:comp.lang", proseRules, 0, []proseWant{{"1:1", Unwrapped, "news:comp.lang", "news:comp.lang", "", ""}}},
		{"a scheme alone", "see mailto: now", proseRules, 0, nil},
		{"a line break after the colon", "see http:\n//a.example/x", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http:", "http:\n//a.example/x", "see ", ""}}},
		{"a line break after the slashes", "see http://\na.example/x", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://", "http://\na.example/x", "see ", ""}}},
		{"slashes at the end", "see http://", proseRules, 0, []proseWant{{"1:5", Unwrapped, "http://", "http://", "see ", ""}}},
		{"slashes, then a space", "see http:// now", proseRules, 0, nil},
		// "www." and "ftp." at a word start, before a host name's letter.
		{"www", "see www.example.com/x", proseRules, 0,
			[]proseWant{{"1:5", Schemeless, "www.example.com/x", "www.example.com/x", "see ", ""}}},
		{"FTP", "FTP.example.org/a b", proseRules, 0,
			[]proseWant{{"1:1", Schemeless, "FTP.example.org/a", "FTP.example.org/a b", "", ""}}},
		{"not www", "wwww.x.example xwww.y.example www..x www.-x a.www.b www", proseRules, 0, nil},
		// The Hosts rule: host names and e-mail addresses by their shape.
		{"a host name", "see example.com/a", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "example.com/a", "example.com/a", "see ", ""}}},
		{"a host name and a port", "see a.example:8080/x now", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example:8080/x", "a.example:8080/x now", "see ", ""}}},
		{"a host name, a port at the end", "a.example:80", hostsRules, 0,
			[]proseWant{{"1:1", Schemeless, "a.example:80", "a.example:80", "", ""}}},
		{"a host name and a dot", "see a.example. Then", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example.", "a.example. Then", "see ", ""}}},
		{"a host name before a colon", "see a.example: it", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example", "a.example: it", "see ", ""}}},
		{"a host name as long as the maximum", "see abcdefghij.example.c", hostsRules, 20,
			[]proseWant{{"1:5", Schemeless, "abcdefghij.example.c", "abcdefghij.example.c", "see ", ""}}},
		{"a host name longer than the maximum", "see abcdefghij.example.co", hostsRules, 20, nil},
		{"no host name", "foo.bar=baz -a.example a.-b x.a_b", hostsRules, 0, nil},
		{"a scheme after a dot, with Hosts", "e.g.http://a.example/", hostsRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/", "http://a.example/", "e.g.", ""}}},
		{"an e-mail address", "write to ann@a.example. Thanks", hostsRules, 0,
			[]proseWant{{"1:10", Email, "ann@a.example", "ann@a.example. Thanks", "write to ", ""}}},
		{"an e-mail address at a line's end", "write to ann@a.example-\nnext", hostsRules, 0,
			[]proseWant{{"1:10", Email, "ann@a.example", "ann@a.example-", "write to ", ""}}},
		{"no e-mail address", "a@ @b.example", hostsRules, 0, nil},
		{"no Hosts rule", "see example.com/a and ann@a.example", proseRules, 0, nil},
		// The lead: the start of the line, at most 64 bytes, and its
		// quote markers.
		{"a lead on a later line", "first\n> see http://a.example/x", proseRules, 0,
			[]proseWant{{"2:7", Unwrapped, "http://a.example/x", "http://a.example/x", "> see ", ">"}}},
		{"a long lead", long + " http://a.example/x", proseRules, 0,
			[]proseWant{{"1:72", Unwrapped, "http://a.example/x", "http://a.example/x", long[:64], ""}}},
		{"a quote of bars", "| > see http://a.example/x", proseRules, 0,
			[]proseWant{{"1:9", Unwrapped, "http://a.example/x", "http://a.example/x", "| > see ", "|>"}}},
		{"no quote rule", "> see http://a.example/x", proseRules &^ QuotePrefixes, 0,
			[]proseWant{{"1:7", Unwrapped, "http://a.example/x", "http://a.example/x", "> see ", ""}}},
		// A URL in prose inside a wrapper: both, in input order.
		{"inside a wrapper", "<URL:http://a.example/>", proseRules, 0,
			[]proseWant{{"1:1", Bare, "URL:http://a.example/", "<URL:http://a.example/>", "", ""},
				{"1:6", Unwrapped, "http://a.example/", "http://a.example/>", "<URL:", ""}}},
		// A word of up to 63 bytes before the ":": its tail after a "."
		// is read as a scheme.
		{"a scheme after a long word", "see " + strings.Repeat("a", 58) + ".http://x.example/", proseRules, 0,
			[]proseWant{{"1:64", Unwrapped, "http://x.example/", "http://x.example/", "see " + strings.Repeat("a", 58) + ".", ""}}},
		// A label of 63 bytes, the most a host name's label has; one of
		// 64 starts none.
		{"a label of 63 bytes", "see " + strings.Repeat("a", 63) + ".example", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, strings.Repeat("a", 63) + ".example", strings.Repeat("a", 63) + ".example", "see ", ""}}},
		{"a label of 64 bytes", "see " + strings.Repeat("a", 64) + ".example", hostsRules, 0, nil},
		{"a local part of 63 bytes", "see " + strings.Repeat("a", 63) + "@a.example", hostsRules, 0,
			[]proseWant{{"1:5", Email, strings.Repeat("a", 63) + "@a.example", strings.Repeat("a", 63) + "@a.example", "see ", ""}}},
		// A host name glued to CJK text takes none of it.
		{"a host name in CJK text", "見example.com見 例え.jp 例えexample.jp", hostsRules, 0,
			[]proseWant{{"1:2", Schemeless, "example.com", "example.com見 例え.jp 例えexample.jp", "見", ""},
				{"1:15", Schemeless, "例え.jp", "例え.jp 例えexample.jp", "見example.com見 ", ""},
				{"1:23", Schemeless, "example.jp", "example.jp", "見example.com見 例え.jp 例え", ""}}},
		// Wrappers and URLs in prose, in input order.
		{"a URL, then a wrapper", "see http://a.example/x <URL:http://b/>", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x <URL:http://b/>", "see ", ""},
				{"1:24", Bare, "URL:http://b/", "<URL:http://b/>", "see http://a.example/x ", ""},
				{"1:29", Unwrapped, "http://b/", "http://b/>", "see http://a.example/x <URL:", ""}}},
		{"a URL, then a wrapper on the next line", "see http://a.example/x\n<URL:http://b/>", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x\n<URL:http://b/>", "see ", ""},
				{"2:1", Bare, "URL:http://b/", "<URL:http://b/>", "", ""},
				{"2:6", Unwrapped, "http://b/", "http://b/>", "<URL:", ""}}},
		{"a wrapper, then a URL", "<x:y> http://a.example/", proseRules, 0,
			[]proseWant{{"1:1", Bare, "x:y", "<x:y>", "", ""},
				{"1:7", Unwrapped, "http://a.example/", "http://a.example/", "<x:y> ", ""}}},
		{"a URL at the input's start, then an indented wrapper", "http://a.example/x\n  <a:b>", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/x", "http://a.example/x\n  <a:b>", "", ""},
				{"2:3", Bare, "a:b", "<a:b>", "  ", ""}}},
		// A wrapper open around URLs in prose, read in pieces: they wait
		// for it, and the buffer moves under them.
		{"inside a wrapper after text", "see <URL:http://a.example/ and http://b.example/x more>", proseRules, 0,
			[]proseWant{{"1:5", Bare, "URL:http://a.example/ and http://b.example/x more", "<URL:http://a.example/ and http://b.example/x more>", "see ", ""},
				{"1:10", Unwrapped, "http://a.example/", "http://a.example/ and http://b.example/x more>", "see <URL:", ""},
				{"1:32", Unwrapped, "http://b.example/x", "http://b.example/x more>", "see <URL:http://a.example/ and ", ""}}},
		// A URL in prose found whole inside a wrapper still open waits
		// for it, the buffer moving under it.
		{"inside a wrapper over lines", "see <URL:http://a.example/ x\nmore>", proseRules, 0,
			[]proseWant{{"1:5", Bare, "URL:http://a.example/ x\nmore", "<URL:http://a.example/ x\nmore>", "see ", ""},
				{"1:10", Unwrapped, "http://a.example/", "http://a.example/ x", "see <URL:", ""}}},
		// A URL at the end of a long line waits for the lines of its
		// window while the wrapper after it is found: its position and
		// lead are those of its line.
		{"a long line, then a wrapper", strings.Repeat("w", 100) + " http://a.example/x\n<a:b>\n", proseRules, 0,
			[]proseWant{{"1:102", Unwrapped, "http://a.example/x", "http://a.example/x\n<a:b>\n", strings.Repeat("w", 64), ""},
				{"2:1", Bare, "a:b", "<a:b>", "", ""}}},
		{"a long line, then a wrapper, CR LF", strings.Repeat("w", 100) + " http://a.example/x\r\n  <a:b>\r\n", proseRules, 0,
			[]proseWant{{"1:102", Unwrapped, "http://a.example/x", "http://a.example/x\r\n  <a:b>\r\n", strings.Repeat("w", 64), ""},
				{"2:3", Bare, "a:b", "<a:b>", "  ", ""}}},
		// A URL in prose inside a wrapper, another on the next line, then
		// a wrapper: read in pieces, the second URL is found after the
		// position of the second wrapper is worked out, and its own is
		// counted back from there, over a line break.
		{"a URL on a wrapper's second line, before another", "<URL:http://a.example/one\n   http://b.example/two>\n<URL:http://c.example/>", proseRules, 0,
			[]proseWant{{"1:1", Bare, "URL:http://a.example/one\n   http://b.example/two", "<URL:http://a.example/one\n   http://b.example/two>", "", ""},
				{"1:6", Unwrapped, "http://a.example/one", "http://a.example/one\n   http://b.example/two>\n<URL:http://c.example/>", "<URL:", ""},
				{"2:4", Unwrapped, "http://b.example/two", "http://b.example/two>", "   ", ""},
				{"3:1", Bare, "URL:http://c.example/", "<URL:http://c.example/>", "", ""},
				{"3:6", Unwrapped, "http://c.example/", "http://c.example/>", "<URL:", ""}}},
		{"a URL on a wrapper's second line, before another, CR LF", "<URL:http://a.example/one\r\n \u00e9 http://b.example/two>\r\n<URL:http://c.example/>", proseRules, 0,
			[]proseWant{{"1:1", Bare, "URL:http://a.example/one\r\n \u00e9 http://b.example/two", "<URL:http://a.example/one\r\n \u00e9 http://b.example/two>", "", ""},
				{"1:6", Unwrapped, "http://a.example/one", "http://a.example/one\r\n \u00e9 http://b.example/two>\r\n<URL:http://c.example/>", "<URL:", ""},
				{"2:4", Unwrapped, "http://b.example/two", "http://b.example/two>", " \u00e9 ", ""},
				{"3:1", Bare, "URL:http://c.example/", "<URL:http://c.example/>", "", ""},
				{"3:6", Unwrapped, "http://c.example/", "http://c.example/>", "<URL:", ""}}},
		// A URL at the input's second byte waits for the lines of its
		// window while the wrapper after it is found.
		{"a URL at the second byte, then a wrapper", " http://a.example/x\n<a:b>\n", proseRules, 0,
			[]proseWant{{"1:2", Unwrapped, "http://a.example/x", "http://a.example/x\n<a:b>\n", " ", ""},
				{"2:1", Bare, "a:b", "<a:b>", "", ""}}},
		// Spaces between the ":" and the line break: the next line may go
		// on with the URL.
		{"a space, then a line break after the colon", "see http: \n//a.example/x", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http:", "http: \n//a.example/x", "see ", ""}}},
		{"www at the end", "see www.", proseRules, 0, nil},
		// A word longer than lookBack before the ":": not a scheme, but
		// its tail after a "." is.
		{"a scheme after a word longer than any", "see " + strings.Repeat("a", 70) + ".http://x.example/", proseRules, 0,
			[]proseWant{{"1:76", Unwrapped, "http://x.example/", "http://x.example/", "see " + strings.Repeat("a", 60), ""}}},
		// A scheme of 64 bytes, as long as lookBack, at a word start; not
		// after a "+", where the word runs back past lookBack.
		{"a scheme of 64 bytes", "see x-" + strings.Repeat("b", 62) + "://y.example/", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "x-" + strings.Repeat("b", 62) + "://y.example/", "x-" + strings.Repeat("b", 62) + "://y.example/", "see ", ""}}},
		{"a scheme of 64 bytes after a plus", "see a+x-" + strings.Repeat("b", 62) + "://y.example/", proseRules, 0, nil},
		// A tail after a "-".
		{"a scheme after a hyphen", "see foo-http://a.example/", proseRules, 0,
			[]proseWant{{"1:9", Unwrapped, "http://a.example/", "http://a.example/", "see foo-", ""}}},
		// An e-mail address whose first "." finds nothing ("-" after it)
		// and whose "@" starts at the input's first byte.
		{"an e-mail address at the start", "a.-b@x.example", hostsRules, 0,
			[]proseWant{{"1:1", Email, "a.-b@x.example", "a.-b@x.example", "", ""}}},
		{"a dot at the end, with Hosts", "see a.", hostsRules, 0, nil},
		// A label of characters of two bytes after the dot, which a read
		// in pieces may cut.
		{"a label of two-byte characters", "see a.\u00e9t\u00e9 x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.\u00e9t\u00e9", "a.\u00e9t\u00e9 x", "see ", ""}}},
		// The same after a line break, whose text is not in the Lead.
		{"a URL after a wrapper, before another, after a line", "x\n<URL:http://a.example/> then http://a.example/ and <http://b.example/x> text", proseRules, 0,
			[]proseWant{{"2:1", Bare, "URL:http://a.example/", "<URL:http://a.example/>", "", ""},
				{"2:6", Unwrapped, "http://a.example/", "http://a.example/> then http://a.example/ and <http://b.example/x> text", "<URL:", ""},
				{"2:30", Unwrapped, "http://a.example/", "http://a.example/ and <http://b.example/x> text", "<URL:http://a.example/> then ", ""},
				{"2:52", Bare, "http://b.example/x", "<http://b.example/x>", "<URL:http://a.example/> then http://a.example/ and ", ""},
				{"2:53", Unwrapped, "http://b.example/x", "http://b.example/x> text", "<URL:http://a.example/> then http://a.example/ and <", ""}}},
		{"a URL after a wrapper, before another, after a line break", "\n<URL:http://a.example/> then http://a.example/ and <http://b.example/x> text", proseRules, 0,
			[]proseWant{{"2:1", Bare, "URL:http://a.example/", "<URL:http://a.example/>", "", ""},
				{"2:6", Unwrapped, "http://a.example/", "http://a.example/> then http://a.example/ and <http://b.example/x> text", "<URL:", ""},
				{"2:30", Unwrapped, "http://a.example/", "http://a.example/ and <http://b.example/x> text", "<URL:http://a.example/> then ", ""},
				{"2:52", Bare, "http://b.example/x", "<http://b.example/x>", "<URL:http://a.example/> then http://a.example/ and ", ""},
				{"2:53", Unwrapped, "http://b.example/x", "http://b.example/x> text", "<URL:http://a.example/> then http://a.example/ and <", ""}}},
		// A lone CR ends the line.
		{"a lone CR ends the line", "see http://a.example/x and\rnext", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x and", "see ", ""}}},
		// E-mail addresses: the local part starts a word, after no "."
		// ("." between atoms is part of it), and takes at most 63 bytes.
		{"an e-mail address with a dot", "see a.b@x.example now", hostsRules, 0,
			[]proseWant{{"1:5", Email, "a.b@x.example", "a.b@x.example now", "see ", ""}}},
		{"no e-mail address after a dot or a colon", "see .ann@a.example x:ann@a.example", hostsRules, 0, nil},
		{"a local part of 65 bytes", "see !" + strings.Repeat("a", 64) + "@a.example", hostsRules, 0, nil},
		// A port of 9; an invalid byte after a host name ends it.
		{"a port of 9", "see a.example:9/x now", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example:9/x", "a.example:9/x now", "see ", ""}}},
		{"an invalid byte after a host name", "see a.example\x80 x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example", "a.example\x80 x", "see ", ""}}},
		// A host name longer than the maximum length by its port, or by a
		// character of two bytes, when a read cuts it at the maximum.
		{"a host name and a port past the maximum", "see a.example:8 x", hostsRules, 10, nil},
		{"a host name past the maximum by a character", "see a.b\u00e9 x", hostsRules, 4, nil},
		// Labels of digits, "z", "-", of letters of two bytes (the last
		// one 0x80), and of CJK letters after an ASCII one.
		{"a host name with 9, z and a hyphen", "see a9z.b-c.example x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a9z.b-c.example", "a9z.b-c.example x", "see ", ""}}},
		{"a host name with a letter that ends in 0x80", "see \u0100.example x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "\u0100.example", "\u0100.example x", "see ", ""}}},
		{"a CJK label after the dot", "see example.\u65e5\u672c x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "example.\u65e5\u672c", "example.\u65e5\u672c x", "see ", ""}}},
		{"a CJK label after the second dot", "see a.example.\u65e5\u672c x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example.\u65e5\u672c", "a.example.\u65e5\u672c x", "see ", ""}}},
		// A label does not run from CJK letters into ASCII ones: what
		// follows the host name, a letter, makes it none.
		{"a label from CJK letters into ASCII ones", "see a.\u65e5\u672cexample x", hostsRules, 0, nil},
		{"a label from ASCII letters into CJK ones", "see a.example\u65e5\u672c x", hostsRules, 0,
			[]proseWant{{"1:5", Schemeless, "a.example", "a.example\u65e5\u672c x", "see ", ""}}},
		// What the schemes filter reads after a ":": the input's first
		// byte, a byte 0x80, a character of two bytes.
		{"a colon first", ": http://a.example/", proseRules, 0,
			[]proseWant{{"1:3", Unwrapped, "http://a.example/", "http://a.example/", ": ", ""}}},
		{"a byte 0x80 after the colon", "see http:\x80", proseRules, 0, nil},
		{"a character of two bytes after the colon", "see mailto:\u00e9t\u00e9@a.example x", proseRules, 0,
			[]proseWant{{"1:5", Unwrapped, "mailto:\u00e9t\u00e9@a.example", "mailto:\u00e9t\u00e9@a.example x", "see ", ""}}},
		// A URL right after a wrapper's ">".
		{"a URL right after a wrapper", "<a:b>http://x.example/ x", proseRules, 0,
			[]proseWant{{"1:1", Bare, "a:b", "<a:b>", "", ""},
				{"1:6", Unwrapped, "http://x.example/", "http://x.example/ x", "<a:b>", ""}}},
		// The run stops at white space, "<", ">", quotes, Unicode
		// punctuation; a soft hyphen only without Typography.
		{"a run", "http://a.example/a\u00e9b\u2019c", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/a\u00e9b", "http://a.example/a\u00e9b\u2019c", "", ""}}},
		{"a soft hyphen", "http://a.example/a\u00adb c", proseRules, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/a\u00adb", "http://a.example/a\u00adb c", "", ""}}},
		{"a soft hyphen, no Typography", "http://a.example/a\u00adb c", Prose, 0,
			[]proseWant{{"1:1", Unwrapped, "http://a.example/a", "http://a.example/a\u00adb c", "", ""}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkProse(t, c.in, c.rules, c.max, c.want) })
	}
}

// TestRun checks Run, the run of characters that a URL in prose may hold.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		in    string
		rules Rule
		want  int
	}{
		{"abc def", 0, 3}, {"abc", 0, 3}, {"", 0, 0}, {"a<b", 0, 1}, {"a>b", 0, 1}, {`a"b`, 0, 1}, {"a`b", 0, 1},
		{"a\tb", 0, 1}, {"a\x7fb", 0, 1}, {"a\x00b", 0, 1}, {"a.,;:!?)]}'b", 0, 7}, {"a\u00e9b", 0, 4}, {"a\x80b", 0, 1},
		{"a\u2019b", 0, 1}, {"a\u00a0b", 0, 1}, {"a\u2028b", 0, 1}, {"a\u00adb", 0, 1}, {"a\u00adb", Typography, 4},
		{"a\u200bb", Typography, 5}, {"a\u200cb", Typography, 1}, {"a\u2060b", Typography, 5}, {"a\ufeffb", Typography, 5},
		{"a\u200db", Typography, 5}, {"a\u200db", 0, 1}, {"a\xffb", 0, 1}, {"a\xe2\x82", 0, 1}, {"a\u00d7b", 0, 1},
		{"a\uff01b", 0, 1}, {"a\uff20b", 0, 1}, {"a\uff21b", 0, 5}, {"a\uff3bb", 0, 1}, {"a\uff40b", 0, 1},
		{"a\uff41b", 0, 5}, {"a\uff5bb", 0, 1}, {"a\uff65b", 0, 1}, {"a\uff66b", 0, 5}, {"a\uff1ab", 0, 1},
		{"a\u4e2db", 0, 5}, {"a\uff04b", 0, 1}, {"a\uff3eb", 0, 1},
	} {
		if got := Run([]byte(c.in), c.rules); got != c.want {
			t.Errorf("Run(%q, %b) = %d, want %d", c.in, c.rules, got, c.want)
		}
	}
}

// TestLinesPieces counts text given in pieces longer than the counter's
// short path: a CR LF cut between two pieces breaks one line, a CR at the
// end of a piece followed by another character breaks one too.
func TestLinesPieces(t *testing.T) {
	a40 := strings.Repeat("a", 40)
	for _, c := range []struct {
		name   string
		pieces []string
		line   int
		col    int
	}{
		{"CR, then a long piece", []string{"x\r", a40 + "\nb"}, 3, 2},
		{"CR, then LF and a long piece", []string{"x\r", "\n" + a40 + "\nb"}, 3, 2},
		{"CR LF in one long piece", []string{"x\r\n" + a40 + "\nb"}, 3, 2},
		{"a long piece after its only LF", []string{"\n" + a40}, 2, 41},
		{"a long piece without a break", []string{"ab", a40}, 1, 43},
		{"a long piece of characters", []string{strings.Repeat("\u00e9", 40)}, 1, 41},
		{"CRs in a long piece", []string{a40 + "\r\r\nb\rc"}, 4, 2},
		{"a short piece of eight and LF", []string{"abcdefgh\n"}, 2, 1},
		{"eight, CR, then LF", []string{"abcdefgh\r", "\nb"}, 2, 2},
	} {
		l := LinesAt(Position{})
		n := 0
		for _, p := range c.pieces {
			l.Add([]byte(p))
			n += len(p)
		}
		if p := l.Pos(); p.Line != c.line || p.Column != c.col || p.Offset != int64(n) {
			t.Errorf("%s: %d:%d offset %d, want %d:%d offset %d", c.name, p.Line, p.Column, p.Offset, c.line, c.col, n)
		}
	}
	// From a position: its line and column go on.
	l := LinesAt(Position{Filename: "f", Offset: 100, Line: 7, Column: 3})
	l.Add([]byte("ab\ncd"))
	if p := l.Pos(); p != (Position{Filename: "f", Offset: 105, Line: 8, Column: 3}) {
		t.Errorf("from 7:3: %+v", p)
	}
	l = LinesAt(Position{Line: 7})
	l.Add([]byte("ab"))
	if p := l.Pos(); p.Line != 7 || p.Column != 3 {
		t.Errorf("from 7:0: %+v, want 7:3", p)
	}
}

// TestLeadAfterBreak: the lead of a candidate whose line starts right
// after a line break that ends a short piece of text.
func TestLeadAfterBreak(t *testing.T) {
	for _, in := range []string{"abcdefgh\n<a:b>", "abcdefghijklmnop\n<a:b>", "abcdefgh\r\n<a:b>", "abcdefgh\r<a:b>"} {
		for i, rd := range readers {
			s := New(rd(strings.NewReader(in)))
			if !s.Scan() {
				t.Fatalf("%q: no candidate", in)
			}
			if c := s.Candidate(); len(c.Layout.Lead) != 0 || c.Pos.Line != 2 || c.Pos.Column != 1 {
				t.Errorf("%q (reader %d): lead %q at %v, want none at 2:1", in, i, c.Layout.Lead, c.Pos)
			}
		}
	}
}

func TestSchemes(t *testing.T) {
	set := NewSchemes([]string{"HTTP", "ftp", "x-*", strings.Repeat("s", 64)}, map[string]bool{"Mailto": false, "http": true,
		"gopher": true})
	long := strings.Repeat("s", 64)
	for _, c := range []struct {
		name          string
		known         bool
		take, slashes bool
	}{
		{"http", true, true, true},
		{"HTTP", true, true, true},
		{"Http", true, true, true},
		{"ftp", true, true, true},      // known: in prose with "//"
		{"mailto", false, true, false}, // prose only, no "//"
		{"MAILTO", false, true, false},
		{"gopher", false, true, true},
		{"x-", false, false, false}, // a pattern needs more than its start
		{"x-a", true, true, true},
		{"X-A", true, true, true},
		{"x-" + strings.Repeat("a", 100), true, true, true},
		{long, true, true, true},
		{long + "s", false, false, false},
		{"https", false, false, false},
		{"htt", false, false, false},
		{"", false, false, false},
		{"x", false, false, false},
	} {
		if got := set.Known([]byte(c.name)); got != c.known {
			t.Errorf("Known(%q) = %v, want %v", c.name, got, c.known)
		}
		if take, slashes := set.Prose([]byte(c.name)); take != c.take || slashes != c.slashes {
			t.Errorf("Prose(%q) = %v, %v; want %v, %v", c.name, take, slashes, c.take, c.slashes)
		}
	}
	// Without a pattern, a name longer than the longest is none.
	plain := NewSchemes([]string{"http"}, nil)
	for name, want := range map[string]bool{"http": true, "https": false, "htt": false, "HTTP": true} {
		if got := plain.Known([]byte(name)); got != want {
			t.Errorf("without a pattern, Known(%q) = %v, want %v", name, got, want)
		}
	}
	var none *Schemes
	if none.Known([]byte("http")) {
		t.Error("a nil Schemes knows http")
	}
	if take, _ := none.Prose([]byte("http")); take {
		t.Error("a nil Schemes takes http in prose")
	}
}

func TestQuoteLen(t *testing.T) {
	for _, c := range []struct {
		quote, line string
		want        int
	}{
		{">", "> x", 2}, {">", ">x", 1}, {">", ">", 1}, {">", "x", -1}, {">", "", -1}, {">", ">> x", -1},
		{">", "> > x", -1}, {">", "| x", -1}, {">", ">  x", 2},
		{">>", ">> x", 3}, {">>", "> > x", 4}, {">>", ">>> x", -1}, {">>", ">| x", -1}, {">>", "> x", -1},
		{"|>", "| > x", 4}, {"|>", "|>", 2}, {"|", "|x", 1},
		{"", "x", 0}, {"", "", 0}, {"", " > x", 0},
	} {
		l := &Layout{Quote: c.quote}
		if got := l.QuoteLen([]byte(c.line)); got != c.want {
			t.Errorf("QuoteLen(%q) with Quote %q = %d, want %d", c.line, c.quote, got, c.want)
		}
	}
}

// TestQuoteLenNone: with Quote "", QuoteLen is 0 for a line that starts
// with no quote marker, and -1 for one that does: a deeper quote.
func TestQuoteLenNone(t *testing.T) {
	l := &Layout{}
	for line, want := range map[string]int{"> x": -1, "| x": -1, "x": 0, " > x": 0, "": 0} {
		if got := l.QuoteLen([]byte(line)); got != want {
			t.Errorf("QuoteLen(%q) with no quote = %d, want %d", line, got, want)
		}
	}
}

// TestLeadQuote checks the Quote of candidates: the markers of the quote
// prefix that starts their line, each optionally followed by a space.
func TestLeadQuote(t *testing.T) {
	for in, want := range map[string]string{
		"> <a:b>": ">", ">> <a:b>": ">>", "> > <a:b>": ">>", ">  > <a:b>": ">", "| > x <a:b>": "|>", "|| <a:b>": "||",
		"x > <a:b>": "", " > <a:b>": "", "<a:b>": "", ">|><a:b>": ">|>",
		strings.Repeat(">", 70) + " <a:b>": strings.Repeat(">", 64),
		// The line of the wrapper, not the first one; on one line, and
		// going on over the next.
		"x\n> <a:b>": ">", "x\r> <a:b>": ">", "\r> <a:b>": ">", "\n> <a:b>": ">", "> x\n<a:b>": "", "> x\r\n<a:b>": "",
		"x\n> <a:b\n> c>": ">", "x\r> <a:b\r> c>": ">", "\r> <a:b\r> c>": ">", "\n> <a:b\n> c>": ">", "> x\n<a:b\nc>": "",
		"> x\r\n<a:b\r\nc>": "",
	} {
		s := New(strings.NewReader(in))
		if !s.Scan() {
			t.Fatalf("%q: no candidate", in)
		}
		if got := s.Candidate().Layout.Quote; got != want {
			t.Errorf("%q: Quote %q, want %q", in, got, want)
		}
	}
}

// TestLongWordScheme: a scheme that follows a "." ends what the scanner
// reads as the scheme ("e.g.http:"), and lookBack (64 bytes) bounds how
// far a candidate starts before its ":", not the word it ends.
func TestLongWordScheme(t *testing.T) {
	in := "see " + strings.Repeat("a", 59) + ".http://x.example/"
	checkProse(t, in, proseRules, 0, []proseWant{{"1:65", Unwrapped, "http://x.example/", "http://x.example/",
		"see " + strings.Repeat("a", 59) + ".", ""}})
}

// TestHostBeforeScheme: with the Hosts rule, a host name whose last label
// is a scheme before its ":" is no host name: that ":" starts a URL, as
// it does without the rule.
func TestHostBeforeScheme(t *testing.T) {
	checkProse(t, "see x.http://a.example/", hostsRules, 0,
		[]proseWant{{"1:7", Unwrapped, "http://a.example/", "http://a.example/", "see x.", ""}})
}

// TestProseBeforeWrapperLongInput: a URL in prose before a wrapper is
// found when the wrapper is, not at the end of the input: a long input
// after them is scanned through the bounded buffer. The URL's line goes
// on past its reach, the maximum length.
func TestProseBeforeWrapperLongInput(t *testing.T) {
	in := "see http://a.example/ <a:b> " + strings.Repeat("text ", 60000) + "<c:d>"
	s := New(strings.NewReader(in), Rules(proseRules), WithSchemes(proseKnown))
	want := []proseWant{{"1:5", Unwrapped, "http://a.example/", in[4 : 4+DefaultMaxLength], "see ", ""},
		{"1:23", Bare, "a:b", "<a:b>", "see http://a.example/ ", ""},
		{"1:300029", Bare, "c:d", "<c:d>", in[:64], ""}}
	if got := scanCands(t, s); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %d candidates, want %d", len(got), len(want))
	}
}

// TestSchemeMemory: the scanner remembers the last word it asked the
// Schemes about; a word of the same length, or with the same last bytes,
// is asked again.
func TestSchemeMemory(t *testing.T) {
	set := NewSchemes([]string{"a12345678", "abcdefghx", strings.Repeat("s", 16)}, nil)
	for _, c := range []struct {
		in   string
		want []proseWant
	}{
		// Words that the schemes filter asks of the Schemes (no space
		// after their ":"): the second, of the same length or not, has
		// the same first eight bytes as the first.
		{"see a12345679:x a12345678://x.example/", []proseWant{{"1:17", Unwrapped, "a12345678://x.example/", "a12345678://x.example/", "see a12345679:x ", ""}}},
		{"see abcdefgh:x abcdefghx://x.example/", []proseWant{{"1:16", Unwrapped, "abcdefghx://x.example/", "abcdefghx://x.example/", "see abcdefgh:x ", ""}}},
		{"b12345678: a12345678://x.example/", []proseWant{{"1:12", Unwrapped, "a12345678://x.example/", "a12345678://x.example/", "b12345678: ", ""}}},
		{strings.Repeat("s", 17) + ": " + strings.Repeat("s", 16) + "://x.example/",
			[]proseWant{{"1:20", Unwrapped, strings.Repeat("s", 16) + "://x.example/", strings.Repeat("s", 16) + "://x.example/", strings.Repeat("s", 17) + ": ", ""}}},
	} {
		for i, rd := range readers {
			s := New(rd(strings.NewReader(c.in)), Rules(proseRules), WithSchemes(set))
			if got := scanCands(t, s); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("%q (reader %d):\ngot  %+v\nwant %+v", c.in, i, got, c.want)
			}
		}
	}
}

// TestWindowAtReach: the window of a URL whose run ends its line takes
// the lines after it within the maximum length from its start, however
// the input is read: here 30 bytes, to "next line", the input ending one
// byte past its reach.
func TestWindowAtReach(t *testing.T) {
	checkProse(t, "see http://a.example/x\nnext line\nla", proseRules, 30,
		[]proseWant{{"1:5", Unwrapped, "http://a.example/x", "http://a.example/x\nnext line", "see ", ""}})
}

// TestLoneCR: a lone CR breaks a line wherever it stands, in the long
// stretches that the tracker passes over in one step too.
func TestLoneCR(t *testing.T) {
	x40, y40 := strings.Repeat("x", 40), strings.Repeat("y", 40)
	for _, c := range []struct {
		in   string
		want []string // the candidates' positions
	}{
		{"<a:b>" + x40 + "\r" + y40 + "\r<c:d>", []string{"1:1", "3:1"}},
		{x40 + "\r" + y40 + "<c:d>", []string{"2:41"}},
		{x40 + "\r<c:d>", []string{"2:1"}},
		{x40 + "\r<c:\nd>", []string{"2:1"}}, // its quote prefix looked for first
		{x40 + "\r\n" + y40 + "\r" + x40 + "<c:d>\r<e:f>", []string{"3:41", "4:1"}},
		{"> <a:b>" + x40 + "\r" + y40 + "\r> <c:d>", []string{"1:3", "3:3"}},
	} {
		for i, rd := range readers {
			s := New(rd(strings.NewReader(c.in)))
			var got []string
			for s.Scan() {
				got = append(got, s.Candidate().Pos.String())
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q (reader %d): %q, want %q", c.in, i, got, c.want)
			}
		}
	}
}

func TestUnbalanced(t *testing.T) {
	for b, want := range map[string]int{
		"http://a.example/b)c": 18, // "(http://a.example/b)c"
		"a(b)c":                5,
		"a]":                   1,
		"a}":                   1,
		"[a]":                  3,
		"{a}":                  3,
		"(a]":                  2, // "]" closes no "["
		"[a}":                  2,
		"{a)":                  2,
		"a)(b)":                1,
		"(a))":                 3,
		"((a))b)":              6,
		"[[a]]b]":              6,
		"{{a}}b}":              6,
		"a":                    1,
		"":                     0,
	} {
		if got := unbalanced([]byte(b)); got != want {
			t.Errorf("unbalanced(%q) = %d, want %d", b, got, want)
		}
	}
}

// TestPositionCountedBack: a URL in prose inside a wrapper, another after
// it on the line, then a wrapper. Read in pieces, the second URL is found
// after the position of the second wrapper is worked out, and its own is
// counted back from there. Positions only: their Leads are
// TestLeadBeforeWrapper's.
func TestPositionCountedBack(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string // position, kind, body
	}{
		{"<URL:http://a.example/> then http://a.example/ and <http://b.example/x> text",
			[]string{"1:1 bare URL:http://a.example/", "1:6 unwrapped http://a.example/", "1:30 unwrapped http://a.example/",
				"1:52 bare http://b.example/x", "1:53 unwrapped http://b.example/x"}},
		{"x\n<URL:http://a.example/> then http://\u00e9.example/ and <http://b.example/x> text",
			[]string{"2:1 bare URL:http://a.example/", "2:6 unwrapped http://a.example/", "2:30 unwrapped http://\u00e9.example/",
				"2:52 bare http://b.example/x", "2:53 unwrapped http://b.example/x"}},
	} {
		for i, rd := range readers {
			s := New(rd(strings.NewReader(c.in)), Rules(proseRules), WithSchemes(proseKnown))
			var got []string
			for _, w := range scanCands(t, s) {
				got = append(got, w.Pos+" "+w.Kind.String()+" "+w.Body)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q (reader %d):\ngot  %q\nwant %q", c.in, i, got, c.want)
			}
		}
	}
}

// TestLeadBeforeWrapper: the Lead of a URL in prose is the start of its
// line up to its first character, whatever comes after it.
func TestLeadBeforeWrapper(t *testing.T) {
	checkProse(t, "<http://a> http://b <c:d>", proseRules, 0,
		[]proseWant{{"1:1", Bare, "http://a", "<http://a>", "", ""},
			{"1:2", Unwrapped, "http://a", "http://a> http://b <c:d>", "<", ""},
			{"1:12", Unwrapped, "http://b", "http://b <c:d>", "<http://a> ", ""},
			{"1:21", Bare, "c:d", "<c:d>", "<http://a> http://b ", ""}})
}

// TestSchemeTailAtLookBack: a tail after a "." or a "-" is a scheme
// (schemeAt's doc), here one of 64 bytes, as long as lookBack, after a
// word that runs back further.
func TestSchemeTailAtLookBack(t *testing.T) {
	b := strings.Repeat("b", 62)
	checkProse(t, "see a.x-"+b+"://y.example/", proseRules, 0,
		[]proseWant{{"1:7", Unwrapped, "x-" + b + "://y.example/", "x-" + b + "://y.example/", "see a.", ""}})
}

// TestLabel64AtStart: a label of 64 bytes starts no host name, at the
// input's start as after a space ("a label of 64 bytes" in TestProse).
func TestLabel64AtStart(t *testing.T) {
	checkProse(t, strings.Repeat("a", 64)+".example", hostsRules, 0, nil)
}

// TestSchemeLetters: a scheme starts with a letter, "z" and "Z" too.
func TestSchemeLetters(t *testing.T) {
	set := NewSchemes([]string{"zz"}, nil)
	in := "see zz://a.example/ ZZ://b.example/"
	want := []proseWant{{"1:5", Unwrapped, "zz://a.example/", "zz://a.example/ ZZ://b.example/", "see ", ""},
		{"1:21", Unwrapped, "ZZ://b.example/", "ZZ://b.example/", "see zz://a.example/ ", ""}}
	for i, rd := range readers {
		s := New(rd(strings.NewReader(in)), Rules(proseRules), WithSchemes(set))
		if got := scanCands(t, s); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (reader %d):\ngot  %+v\nwant %+v", in, i, got, want)
		}
	}
}

// TestHostsLongInput: with the Hosts rule, a "." that starts no host name
// ("a. b"), or a host name and a port, does not hold the buffer: a long
// input after them is scanned through it.
func TestHostsLongInput(t *testing.T) {
	in := "see a. b a.example:80 " + strings.Repeat("text ", 60000) + "<c:d>"
	s := New(strings.NewReader(in), Rules(hostsRules), WithSchemes(proseKnown))
	want := []proseWant{{"1:10", Schemeless, "a.example:80", in[9 : 9+DefaultMaxLength], "see a. b ", ""},
		{"1:300023", Bare, "c:d", "<c:d>", in[:64], ""}}
	if got := scanCands(t, s); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %d candidates, want %+v", len(got), want)
	}
}

// TestLastBreak checks lastBreak: the index of the last LF or CR, or -1.
func TestLastBreak(t *testing.T) {
	for b, want := range map[string]int{"": -1, "abc": -1, "\nabc": 0, "a\nb\rc": 3, "ab\r\n": 3, "\r": 0, "a\rb": 1} {
		if got := lastBreak([]byte(b)); got != want {
			t.Errorf("lastBreak(%q) = %d, want %d", b, got, want)
		}
	}
}

// TestProseUpToWrapperLongInput: a URL in prose whose run ends at the "<"
// of a wrapper, then a long input: the wrapper is returned when the URL
// is, not at the end of the input.
func TestProseUpToWrapperLongInput(t *testing.T) {
	in := "see http://a.example/<a:b> " + strings.Repeat("text ", 60000) + "<c:d>"
	s := New(strings.NewReader(in), Rules(proseRules), WithSchemes(proseKnown))
	want := []proseWant{{"1:5", Unwrapped, "http://a.example/", in[4 : 4+DefaultMaxLength], "see ", ""},
		{"1:22", Bare, "a:b", "<a:b>", "see http://a.example/", ""},
		{"1:300028", Bare, "c:d", "<c:d>", in[:64], ""}}
	if got := scanCands(t, s); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %d candidates, want %d", len(got), len(want))
	}
}

// TestProseLeads checks the Lead of every candidate of a long text whose
// prose queue seldom empties (wrappers and URLs in prose on every line),
// against the start of its line in the input, at each Scan: the Leads of
// the queue move from block to block (moveLeads), and a Lead moved or
// written over too soon would differ. It checks that they moved.
func TestProseLeads(t *testing.T) {
	prefixes := []string{"", "> ", "  ", "| ", "> > ", "\t"}
	var b strings.Builder
	for i := 0; b.Len() < 256<<10; i++ {
		fmt.Fprintf(&b, "%ssee <URL:http://a%d.example/x> and http://b.example/%d, www.c%d.example, d.example.org/%d\n",
			prefixes[i%len(prefixes)], i, i, i%97, i)
		if i%500 == 0 {
			// Lines of prose with long Leads, then a wrapper: the
			// positions of all of them are worked out at once, and their
			// Leads fill a block while they wait.
			for j := range 60 {
				fmt.Fprintf(&b, "%s%-50s http://e.example/%d\n", prefixes[j%len(prefixes)], "words before a URL,", j)
			}
			fmt.Fprintf(&b, "<URL:http://f.example/%d>\n", i)
		}
	}
	in := b.String()
	for k, opts := range [][]Option{{Rules(hostsRules)}, {Rules(hostsRules), NoLines()}, {Rules(proseRules)}, {Rules(hostsRules)}} {
		var r io.Reader = strings.NewReader(in)
		if k == 3 {
			// Reads of a few bytes: candidates wait for data while the
			// positions of those before them are asked for.
			r = iotest.HalfReader(iotest.OneByteReader(r))
		}
		s := New(r, opts...)
		n := 0
		for s.Scan() {
			c := s.Candidate()
			off := int(c.Pos.Offset)
			ls := strings.LastIndexByte(in[:off], '\n') + 1
			if want := in[ls:min(off, ls+leadMax)]; string(c.Layout.Lead) != want {
				t.Fatalf("candidate %d at %d (%q): Lead %q, want %q", n, off, c.Raw, c.Layout.Lead, want)
			}
			if p := &s.prose; !liveLeadsIn(p) {
				t.Fatalf("after candidate %d, a Lead still to return is not in the current block", n)
			}
			n++
		}
		if s.Err() != nil || n < 4000 {
			t.Fatalf("%d candidates, error %v", n, s.Err())
		}
		if s.prose.spare == nil {
			t.Error("the Leads never moved to the other block")
		}
	}
}

// liveLeadsIn reports whether the Leads of p's candidates still to return,
// queued or pending, are all in its current block: the other one, which
// moveLeads writes over next, then holds none of them.
func liveLeadsIn(p *prose) bool {
	in := func(lead []byte) bool {
		if len(lead) == 0 {
			return true
		}
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(p.block)))
		at := uintptr(unsafe.Pointer(unsafe.SliceData(lead)))
		return lo <= at && at+uintptr(len(lead)) <= lo+uintptr(cap(p.block))
	}
	for i := p.qhead; i < len(p.queue); i++ {
		if !in(p.queue[i].lead) {
			return false
		}
	}
	return p.pending.start < 0 || in(p.pending.lead)
}
