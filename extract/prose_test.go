package extract

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/rfc3986"
)

// proseTests are URLs written without wrappers, each expectation worked
// out by hand from the rules of the README's table "Where a URL in prose
// ends" and the grammar named: "form url" per match, in input order.
var proseTests = []struct {
	name       string
	in         string
	grammar    Grammar // nil: rfc1738
	schemeless bool
	want       []string
}{
	{"sentence end", "See http://a.example/x.", nil, false, []string{"unwrapped http://a.example/x"}},
	{"comma and semicolon", "http://a.example/x, http://b.example/y;", nil, false,
		[]string{"unwrapped http://a.example/x", "unwrapped http://b.example/y"}},
	{"parenthesis not opened", "(see http://a.example/x)", nil, false, []string{"unwrapped http://a.example/x"}},
	{"parenthesis balanced", "http://en.wikipedia.org/wiki/Foo_(bar) and", nil, false,
		[]string{"unwrapped http://en.wikipedia.org/wiki/Foo_(bar)"}},
	{"balanced, then closing", "(http://en.wikipedia.org/wiki/Foo_(bar))", nil, false,
		[]string{"unwrapped http://en.wikipedia.org/wiki/Foo_(bar)"}},
	{"single quotes", "'http://a.example/x'", nil, false, []string{"unwrapped http://a.example/x"}},
	{"double quotes", `href="https://a.example/q?x=1" ok`, rfc3986.URI, false, []string{"quoted https://a.example/q?x=1"}},
	{"one quote only", `"http://a.example/x and`, nil, false, []string{"unwrapped http://a.example/x"}},
	{"URL: without brackets", "URL:ftp://ds.internic.net/rfc/", nil, false, []string{"unwrapped ftp://ds.internic.net/rfc/"}},
	{"inside a wrapper, once", "<URL:http://a.example/> http://b.example/", nil, false,
		[]string{"url http://a.example/", "unwrapped http://b.example/"}},
	{"inside an invalid wrapper, not cut short", "<URL:http://a.example/~u> http://b.example/", nil, false,
		[]string{"unwrapped http://b.example/"}},
	{"inside an abandoned wrapper", "a < b, see http://a.example/ <http://b.example/>", nil, false,
		[]string{"unwrapped http://a.example/", "bare http://b.example/"}},
	{"scheme after a dot", "e.g.http://a.example/", nil, false, []string{"unwrapped http://a.example/"}},
	{"not at a word start", "xhttp://a.example/ http_://b.example/", nil, false, nil},
	{"registered scheme with slashes", "rtmp://a.example/x and foo://a.example/", rfc3986.URI, false, []string{"unwrapped rtmp://a.example/x"}},
	{"unknown scheme without slashes", "foo:bar", nil, false, nil},
	{"closing parenthesis inside", "(http://a.example/b)c", nil, false, []string{"unwrapped http://a.example/b"}},
	{"balanced apostrophes", "http://a.example/a_'x' and 'http://b.example/y'.", rfc3986.URI, false,
		[]string{"unwrapped http://a.example/a_'x'", "unwrapped http://b.example/y"}},
	{"fullwidth bar", "｜http://a.example/｜b", rfc3986.IRI, false, []string{"unwrapped http://a.example/"}},
	{"bar at the end", "|http://a.example/a|", rfc3986.URI, false, []string{"unwrapped http://a.example/a"}},
	{"hyphen starts a label", "http://-a.example/ and http://a.example_/", rfc3986.URI, false, nil},
	{"port too large", "http://a.example:500000/", rfc3986.URI, false, nil},
	{"scheme alone", "http:// and https://", nil, false, nil},
	{"slashes needed", "http:a.example", nil, false, nil},
	{"opaque scheme", "news:comp.infosystems.www and news: none", nil, false,
		[]string{"unwrapped news:comp.infosystems.www"}},
	{"upper case scheme", "HTTP://A.EXAMPLE/X", nil, false, []string{"unwrapped HTTP://A.EXAMPLE/X"}},
	{"CJK around", "网址http://a.example/。下一个", rfc3986.IRI, false, []string{"unwrapped http://a.example/"}},
	{"guillemets", "«http://a.example/»", rfc3986.IRI, false, []string{"unwrapped http://a.example/"}},
	{"www", "Visit www.example.com/path.", nil, false, []string{"schemeless http://www.example.com/path"}},
	{"ftp.", "FTP.ISI.EDU:", nil, false, []string{"schemeless ftp://FTP.ISI.EDU"}},
	{"www in a word", "awww.example.com", nil, false, nil},
	{"hyphen at a line end", "ftp://a.example/bootp-and-dhcp-\n    parameters are", nil, false,
		[]string{"unwrapped ftp://a.example/bootp-and-dhcp-parameters"}},
	{"hyphen, then a scheme", "http://a.example/x-\nhttp://b.example/", nil, false,
		[]string{"unwrapped http://a.example/x-", "unwrapped http://b.example/"}},
	{"hyphen, then a space", "http://a.example/x- y", nil, false, []string{"unwrapped http://a.example/x-"}},
	{"hyphen, quoted", "> see http://a.example/very-\n> long/x ok", nil, false,
		[]string{"unwrapped http://a.example/very-long/x"}},
	{"hyphen, line numbers", "  12. ftp://a.example/a-\n  13. b/c", nil, false,
		[]string{"unwrapped ftp://a.example/a-b/c"}},
	{"hyphen, CR LF", "ftp://a.example/a-\r\n  b.txt.\r\n", nil, false, []string{"unwrapped ftp://a.example/a-b.txt"}},
	// Where a URL ends does not depend on the grammar: a character it
	// rejects makes the URL invalid, never shorter (see TestProseInvalid).
	{"invalid, not cut short", "http://a.example/~user/x", nil, false, nil},
	{"invalid inside a segment", "http://a.example/foo~bar", nil, false, nil},
	{"tilde, RFC 3986", "http://a.example/~user/x", rfc3986.URI, false, []string{"unwrapped http://a.example/~user/x"}},
	{"bar inside", "http://a.example/a|b", rfc3986.URI, false, nil},
	{"underscore in a host", "http://a_b.example/x", rfc3986.URI, false, []string{"unwrapped http://a_b.example/x"}}, // RFC 3986 section 3.2.2: reg-name takes unreserved, "_" among them
	{"IRI", "http://例え.テスト/パス.", rfc3986.IRI, false, []string{"unwrapped http://例え.テスト/パス"}},
	{"IRI by RFC 1738", "http://例え.テスト/パス.", nil, false, nil},
	{"IPv6", "http://[2001:db8::1]/x.", rfc3986.URI, false, []string{"unwrapped http://[2001:db8::1]/x"}},
	{"mailto", "mailto:a@b.example?subject=hi.", rfc3986.URI, false, []string{"unwrapped mailto:a@b.example?subject=hi"}},
	{"no schemeless without the option", "example.com and a@b.example", rfc3986.URI, false, nil},
	{"host", "see example.com/path, or", rfc3986.URI, true, []string{"schemeless http://example.com/path"}},
	{"host that starts with f", "see foo.example.com/x and ftp.example.com/y", rfc3986.URI, true,
		[]string{"schemeless http://foo.example.com/x", "schemeless ftp://ftp.example.com/y"}},
	{"host and port", "at example.org:8080.", rfc3986.URI, true, []string{"schemeless http://example.org:8080"}},
	{"not a TLD", "open file.txt and e.g. this", rfc3986.URI, true, nil},
	{"host in a word", "foo.bar=baz", rfc3986.URI, true, nil},
	{"e-mail", "write to john.doe@example.org.", rfc3986.URI, true, []string{"email mailto:john.doe@example.org"}},
	{"e-mail, fake TLD", "root@localhost.localdomain", rfc3986.URI, true, nil},
	{"e-mail in a wrapper", "<john@example.org>", rfc3986.URI, true, []string{"email mailto:john@example.org"}},
	{"e-mail in a URL", "http://u@a.example/", rfc3986.URI, true, []string{"unwrapped http://u@a.example/"}},
	{"a scheme's tail after a word longer than any scheme", "see " + strings.Repeat("a", 59) + ".http://x.example/ ok", nil, false,
		[]string{"unwrapped http://x.example/"}},
	{"a host of two labels before a scheme", "x.http://y.example/ ok", nil, true, []string{"unwrapped http://y.example/"}},
	{"a scheme and its colon alone", "see mailto:. ok", nil, false, nil},
	{"markdown link", "[http://a.example/1](http://b.example/2)", nil, false,
		[]string{"unwrapped http://a.example/1", "unwrapped http://b.example/2"}},
	{"footnote mark", "see http://a.example/x[1] and", nil, false, []string{"unwrapped http://a.example/x"}},
	{"scheme after a dash", "link -https://a.example/ and svn+ssh://b.example/", rfc3986.URI, false,
		[]string{"unwrapped https://a.example/"}},
	// The joins of the README's table "Which lines go on with a URL in
	// prose", each worked out from the evidence that wrap's evident
	// scores (a score of 4 joins).
	{"join after a soft hyphen", "the list is at http://stan\u00ad\ndards.example.org/list today", nil, false,
		[]string{"unwrapped http://standards.example.org/list"}},
	{"join after http://", "of UnixBench (http://\ncode.example.com/p/bench/) and", nil, false,
		[]string{"unwrapped http://code.example.com/p/bench/"}},
	{"join, a word cut on a full line", // inside a word 0, shaped 2, 76 columns 2, alone 1
		"This is from our list of positions at http://www.example.com/Corp/Jobs/JobDet\nailAUF971004.html", nil, false,
		[]string{"unwrapped http://www.example.com/Corp/Jobs/JobDetailAUF971004.html"}},
	{"join after a slash, alone", // "/" 1, shaped 2, alone 1
		"the World Wide Web at http://access.example.net/pcw/\npcwpage.html.", nil, false,
		[]string{"unwrapped http://access.example.net/pcw/pcwpage.html"}},
	{"join inside a host name", // "." 1, shaped 2, 62 columns 1, inside the host 2
		"comprehensive Issues Paper for its inquiry (http://www.example.\nau/aba/issue.htm). Available", nil, false,
		[]string{"unwrapped http://www.example.au/aba/issue.htm"}},
	{"join, an extension cut", // inside a word 0, extension cut 2, 75 columns 2, alone 1
		"> http://fairytale.example.org/pub/talinux/patches/arcboot-and-progress.pa\n>tch", nil, false,
		[]string{"unwrapped http://fairytale.example.org/pub/talinux/patches/arcboot-and-progress.patch"}},
	{"no join: a parenthesis", "see http://a.example/x/\n(or its mirror)", nil, false, []string{"unwrapped http://a.example/x/"}},
	{"no join: a capital after a period", "it is at http://a.example/.\nThe next one", nil, false,
		[]string{"unwrapped http://a.example/"}},
	{"no join: a word of prose", "see http://a.example/y/\nfor details", nil, false, []string{"unwrapped http://a.example/y/"}},
	{"no join: a line of its own, text after", "http://a.example/build/10701849/\narch/mips/kernel/cpu-probe.c:856:7: error", nil, false,
		[]string{"unwrapped http://a.example/build/10701849/"}},
	{"no join: the URL names a file", "get it at http://www.example.org/long/path/to/the/page/index.html\nnext/step here", nil, false,
		[]string{"unwrapped http://www.example.org/long/path/to/the/page/index.html"}},
	{"no join: another quote depth", "> see http://a.example/path/to/\n>> file.html", nil, false,
		[]string{"unwrapped http://a.example/path/to/"}},
	{"no join: a blank line", "http://a.example/path/\n\nfile.html", nil, false, []string{"unwrapped http://a.example/path/"}},
}

func TestProse(t *testing.T) {
	for _, tc := range proseTests {
		t.Run(tc.name, func(t *testing.T) {
			opts := []Option{Unwrapped()}
			if tc.schemeless {
				opts = []Option{Schemeless()}
			}
			if tc.grammar != nil {
				opts = append(opts, WithGrammar(tc.grammar))
			}
			var got []string
			for m, err := range All(strings.NewReader(tc.in), opts...) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, m.Form.String()+" "+m.URL)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
			}
			// Without the option, only the wrappers.
			var wrapped []string
			var only []Option
			if tc.grammar != nil {
				only = append(only, WithGrammar(tc.grammar))
			}
			for m := range All(strings.NewReader(tc.in), only...) {
				wrapped = append(wrapped, m.Form.String()+" "+m.URL)
			}
			for _, w := range wrapped {
				if !strings.HasPrefix(w, "url ") && !strings.HasPrefix(w, "bare ") {
					t.Errorf("without Unwrapped: %q", w)
				}
			}
		})
	}
}

// TestProseDetails checks the rest of a match found in prose: its
// position, raw text, alternatives and warnings.
func TestProseDetails(t *testing.T) {
	in := "Get it from\n  ftp://ftp.isi.edu/in-notes/iana/assignments/bootp-and-dhcp-\n     parameters today.\n"
	var ms []Match
	for m, err := range All(strings.NewReader(in), Unwrapped(), Filename("a.txt")) {
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	if len(ms) != 1 {
		t.Fatalf("got %d matches, want 1", len(ms))
	}
	m := ms[0]
	want := Match{
		URL:   "ftp://ftp.isi.edu/in-notes/iana/assignments/bootp-and-dhcp-parameters",
		Valid: true, Scheme: "ftp", Form: FormUnwrapped,
		Raw:          "ftp://ftp.isi.edu/in-notes/iana/assignments/bootp-and-dhcp-\n     parameters",
		Alternatives: []string{"ftp://ftp.isi.edu/in-notes/iana/assignments/bootp-and-dhcpparameters"},
		Warnings:     []string{"joined with the next line after a hyphen"},
	}
	want.Pos.Filename, want.Pos.Offset, want.Pos.Line, want.Pos.Column = "a.txt", 14, 2, 3
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got  %+v\nwant %+v", m, want)
	}
}

// TestProseOrder checks that wrapped and unwrapped URLs come in input
// order, whatever the reads, over inputs larger than the buffer.
func TestProseOrder(t *testing.T) {
	var b bytes.Buffer
	var want []string
	for i := range 2000 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "see http://h%d.example/a-\n   b and ", i)
			want = append(want, fmt.Sprintf("http://h%d.example/a-b", i))
		case 1:
			fmt.Fprintf(&b, "<URL:http://h%d.example/> http://x%d.example/.\n", i, i)
			want = append(want, fmt.Sprintf("http://h%d.example/", i), fmt.Sprintf("http://x%d.example/", i))
		case 2:
			fmt.Fprintf(&b, "(www.h%d.example) %s\n", i, strings.Repeat("x", i%300))
			want = append(want, fmt.Sprintf("http://www.h%d.example", i))
		case 3:
			fmt.Fprintf(&b, "a <b> c:d http://h%d.example/é\n", i)
			want = append(want, fmt.Sprintf("http://h%d.example/é", i))
		}
	}
	for _, rd := range readers {
		var got []string
		prev := int64(-1)
		for m, err := range All(rd.wrap(bytes.NewReader(b.Bytes())), Unwrapped(), WithGrammar(rfc3986.IRI)) {
			if err != nil {
				t.Fatal(err)
			}
			if m.Pos.Offset <= prev {
				t.Fatalf("%s: %q at %d after %d", rd.name, m.URL, m.Pos.Offset, prev)
			}
			prev = m.Pos.Offset
			if line, col := lineCol(b.Bytes()[:m.Pos.Offset]); line != m.Pos.Line || col != m.Pos.Column {
				t.Fatalf("%s: %q at %d:%d, want %d:%d", rd.name, m.URL, m.Pos.Line, m.Pos.Column, line, col)
			}
			got = append(got, m.URL)
		}
		if !reflect.DeepEqual(got, want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("%s: match %d is %q, want %q", rd.name, i, got[i], want[i])
				}
			}
			t.Fatalf("%s: %d matches, want %d", rd.name, len(got), len(want))
		}
	}
}
