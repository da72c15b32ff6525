package wrap

import (
	"strings"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// The tests of this file pin the pieces of evidence that evident adds up,
// each as its doc comment scores it; the expectations are those scores,
// worked out by hand.

func TestBreakScore(t *testing.T) {
	for _, c := range []struct {
		last rune
		want int
	}{
		// After a character a URL does not end with: 2.
		{'?', 2}, {'&', 2}, {'=', 2}, {'%', 2}, {',', 2}, {'_', 2}, {'~', 2}, {'#', 2}, {'+', 2}, {':', 2},
		// After "/" or ".": 1.
		{'/', 1}, {'.', 1},
		// Inside a word or a number: 0.
		{'a', 0}, {'Z', 0}, {'0', 0}, {'-', 0}, {')', 0}, {'é', 0},
	} {
		if got := breakScore(c.last); got != c.want {
			t.Errorf("breakScore(%q) = %d, want %d", c.last, got, c.want)
		}
	}
}

func TestLineScore(t *testing.T) {
	for _, c := range []struct {
		name  string
		width int
		tt    string
		alone bool
		want  int
	}{
		{"short line", 59, "ab", false, 0},
		{"60 columns", 60, "ab", false, 1},
		{"71 columns, token fits", 71, "", false, 1},
		{"70 columns, token fits exactly", 70, "a", false, 1},         // 70+1+1 = 72: it would have fit
		{"70 columns, token too long", 70, "ab", false, 2},            // 73
		{"characters, not bytes", 69, "éé", false, 1},                 // 69+1+2 = 72
		{"72 columns", 72, "a", false, 3},                             // filled, and 74 > 72
		{"71 columns, token too long", 71, "a", false, 2},             // 73
		{"alone", 60, "ab", true, 2},                                  // 1 + alone
		{"alone on a short line", 10, "a", true, 1},                   // alone only
		{"filled, token too long, alone", 75, "abc", true, 2 + 1 + 1}, // all three
	} {
		if got := lineScore(c.width, []byte(c.tt), c.alone); got != c.want {
			t.Errorf("%s: lineScore(%d, %q, %v) = %d, want %d", c.name, c.width, c.tt, c.alone, got, c.want)
		}
	}
}

func TestAgainst(t *testing.T) {
	for _, c := range []struct {
		name        string
		h, tt, rest string
		alone       bool
		last        rune
		want        int
	}{
		{"nothing against", "http://a.example/b", "c", "", false, 'b', 0},
		{"a file name", "http://a.example/b.html", "x", "", false, 'l', 3},
		{"a file name, its query alone", "http://a.example/b.html", "?q=1", "", true, 'l', 0},
		{"a file name, its fragment alone", "http://a.example/b.html", "#top", "", true, 'l', 0},
		{"a file name, a query that text follows", "http://a.example/b.html", "?q=1", "more", false, 'l', 3},
		{"a file name, alone but no query", "http://a.example/b.html", "x1", "", true, 'l', 3},
		{"a fragment", "http://a.example/b#c", "d", "", false, 'c', 2},
		{"a fragment on a joined line", "#c", "d", "", false, 'c', 2},
		{"a colon in the token", "http://a.example/b", "c:d", "", false, 'b', 2},
		{"a colon after a colon", "http://a.example:", "c:d", "", false, ':', 0},
		{"another URL after it", "http://a.example/b", "c", "see http://x.example/", false, 'b', 2},
		{"all of them", "http://a.example/x#f.html", "c:d", "x://y", false, 'l', 3 + 2 + 2 + 2},
	} {
		if got := against([]byte(c.h), []byte(c.tt), []byte(c.rest), c.alone, c.last); got != c.want {
			t.Errorf("%s: against(%q, %q, %q, %v, %q) = %d, want %d", c.name, c.h, c.tt, c.rest, c.alone, c.last, got, c.want)
		}
	}
}

func TestFileEnd(t *testing.T) {
	for h, want := range map[string]bool{
		"http://a.example/b.html": true, "http://a.example/b.HTML": true, "ftp://a.example/x.tar": true,
		"http://a.example/b.php": true, "http://a.html/b": false, ".html": true, // a joined line
		"http://a.example/b.htmlx": false,
		"http://a/b":               false, "http://a.example/b.": false, "http://a.example/b.c": false,
	} {
		if got := fileEnd([]byte(h)); got != want {
			t.Errorf("fileEnd(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestExtensionCut(t *testing.T) {
	for _, c := range []struct {
		h, tt string
		want  bool
	}{
		{"http://a.example/b.ht", "ml", true},
		{"http://a.example/b.ht", "ml?x=1", true}, // the extension ends at "?"
		{"http://a.example/b.ht", "mlx", false},   // "htmlx" is none
		{"http://a.example/b.ht", "m", true},      // "htm"
		{"http://a.example/b.", "html", true},     // cut right after the dot
		{"http://a.example/b.sht", "ml", true},    // ".sht" and "ml"
		{"http://a.example/b.shtm", "l", true},    // a dot and four letters before the break
		{"http://a.example/b.abcde", "x", false},  // too long to be an extension
		{"http://a.ht/", "ml", false},             // the dot is the host name's
		{"http://a.ht?", "ml", false},
		{"http://a.ht#", "ml", false},
		{"http://a.example/b.p", "df", true},
		{"http://a.example/b.", "shtml.", true},  // five letters of the token
		{"http://a.example/b.", "shtmlx", false}, // "shtml" goes on
		{"http://a/b", "html", false},            // no dot
		{"http://a.example/b.x", "", false},
		{"http://a.example/b.P", "DF", true},
		{".ht", "ml", true}, // a line that goes on with a URL, cut in its extension
		{".", "pdf", true},
	} {
		if got := extensionCut([]byte(c.h), []byte(c.tt)); got != c.want {
			t.Errorf("extensionCut(%q, %q) = %v, want %v", c.h, c.tt, got, c.want)
		}
	}
}

func TestStartsPart(t *testing.T) {
	for _, c := range []struct {
		tt, h string
		want  bool
	}{
		{"abc", "x", true},
		{"1", "x", true},
		{"é", "x", true},
		{"_a", "x", true},
		{"#a", "x", true},
		{"/", "x", false}, // no letter, no digit
		{"--", "x", false},
		{"/a", "x/", true},
		{"//a", "http:", true}, // "//" after the ":" of a scheme
		{"//a", "http://b", false},
		{"-a", "x", true},
		{"--a", "x", false}, // "--": a rule, a signature
		{"(see", "x", false}, {"[1]", "x", false}, {"{a}", "x", false}, {"<a", "x", false}, {`"a`, "x", false},
		{"'a", "x", false}, {"`a", "x", false}, {",a", "x", false}, {";a", "x", false}, {":a", "x", false},
		{"!a", "x", false}, {"*a", "x", false}, {"|a", "x", false}, {`\a`, "x", false}, {"^a", "x", false},
		{"$a", "x", false}, {">a", "x", false},
	} {
		if got := startsPart([]byte(c.tt), []byte(c.h)); got != c.want {
			t.Errorf("startsPart(%q, %q) = %v, want %v", c.tt, c.h, got, c.want)
		}
	}
}

func TestShapedPart(t *testing.T) {
	for _, c := range []struct {
		t     string
		query bool
		want  bool
	}{
		{"a/b", false, true},
		{"/a/b", false, true},
		{"/ab", false, false}, // a "/" first only
		{"a?b", false, true}, {"a#b", false, true}, {"~a", false, true},
		{"a_b", false, true}, // an identifier
		{"_ab", false, false}, {"ab_", false, false}, {"-_b", false, false}, {"a__b", false, false}, {"a_-", false, false},
		{"a=b", true, true}, {"a&b", true, true}, {"a=b", false, false}, {"a&b", false, false},
		{".a", false, true}, {"a.", false, false}, {"a.-", false, false}, {"a.b", false, true}, {"a.1", false, true},
		{"%2F", false, true}, {"a%2f", false, true}, {"%2", false, false}, {"%G0", false, false}, {"%0g", false, false},
		{"%af", false, true}, {"%AF", false, true},
		{"word", false, false}, {"a", false, false},
	} {
		if got := shapedPart([]byte(c.t), c.query); got != c.want {
			t.Errorf("shapedPart(%q, %v) = %v, want %v", c.t, c.query, got, c.want)
		}
	}
}

func TestHex(t *testing.T) {
	for c, want := range map[byte]bool{'0': true, '9': true, 'a': true, 'f': true, 'A': true, 'F': true,
		'/': false, ':': false, '`': false, '@': false, 'g': false, 'G': false} {
		if got := hex(c); got != want {
			t.Errorf("hex(%q) = %v, want %v", c, got, want)
		}
	}
}

func TestDigitsOnly(t *testing.T) {
	for s, want := range map[string]bool{"123": true, "0": true, "9": true, "12a": false, "/": false, ":": false, "1.2": false} {
		if got := digitsOnly([]byte(s)); got != want {
			t.Errorf("digitsOnly(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestProseWord(t *testing.T) {
	for s, want := range map[string]bool{"word": true, "/word": true, "/": false, "-": false, "don't": true,
		"well-known": true, "a1": false, "ab_": false, "Word": true, "été": true, "a.b": false, "=word": true} {
		if got := proseWord([]byte(s)); got != want {
			t.Errorf("proseWord(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestCapitalized(t *testing.T) {
	for s, want := range map[string]bool{"Word": true, "W": true, "/Word": true, "WORD": false, "word": false,
		"WoRd": false, "Été": true, "/word": false} {
		if got := capitalized([]byte(s)); got != want {
			t.Errorf("capitalized(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestInHost(t *testing.T) {
	for _, c := range []struct {
		kind scanner.Kind
		h    string
		want bool
	}{
		{scanner.Unwrapped, "http://a.example", true},
		{scanner.Unwrapped, "http://a.example/", false},
		{scanner.Unwrapped, "http://a.example/b", false},
		{scanner.Unwrapped, "://a.example", true},
		{scanner.Unwrapped, "mailto:a", false},
		{scanner.Unwrapped, "http:///a", false},
		{scanner.Schemeless, "/docs", false}, // a joined line of its path
		{scanner.Schemeless, "www.a.example", true},
		{scanner.Schemeless, "www.a.example/b", false},
		{scanner.Schemeless, "ftp://a.example/b", false},
	} {
		if got := inHost(&scanner.Candidate{Kind: c.kind}, []byte(c.h)); got != c.want {
			t.Errorf("inHost(%v, %q) = %v, want %v", c.kind, c.h, got, c.want)
		}
	}
}

func TestTLDAfter(t *testing.T) {
	for _, c := range []struct {
		h, tt string
		want  bool
	}{
		{"http://www.exa", "mple.com", true},
		{"http://www.example.", "c", false}, // one letter
		{"http://www.example.", "co", true},
		{"http://10.0.0.", "1", false},
		{"http://a.b", "12", false},
		{"www.exam", "ple.org/x", true},
		{"http://host", "name", true}, // no dot: the name is its own
		{"http://a.co", "m?x", true},
		{"http://a.c", "o#x", true},
		{"http://a.c", "1:80", false},
		{"http://a.c", "om:80", true},
		{"://a.c", "om", true},
		{"http://?ab", ".cd", false}, // the host name ends before the "?"
	} {
		if got := tldAfter([]byte(c.h), []byte(c.tt)); got != c.want {
			t.Errorf("tldAfter(%q, %q) = %v, want %v", c.h, c.tt, got, c.want)
		}
	}
}

func TestColumns(t *testing.T) {
	for _, c := range []struct {
		b         string
		col, want int
	}{
		{"abc", 0, 3}, {"\t", 0, 8}, {"a\t", 0, 8}, {"\t", 3, 8}, {"\t", 7, 8}, {"\t", 8, 16}, {"é€", 0, 2},
		{"a\tb", 0, 9}, {"", 5, 5},
	} {
		if got := columns([]byte(c.b), c.col); got != c.want {
			t.Errorf("columns(%q, %d) = %d, want %d", c.b, c.col, got, c.want)
		}
	}
}

func TestLineWidth(t *testing.T) {
	long := strings.Repeat("x", 64)
	for _, c := range []struct {
		name string
		raw  string
		lead string
		col  int
		sg   seg
		want int
	}{
		{"after a lead", "http://a/b", "see ", 5, seg{0, 10, firstLine}, 14},
		{"to the end of the part", "http://a/b more", "see ", 5, seg{0, 10, firstLine}, 14},
		{"a tab in the lead", "http://a/b", "\t", 2, seg{0, 10, firstLine}, 18},
		{"no lead", "http://a/b", "", 1, seg{0, 10, firstLine}, 10},
		{"a lead cut at 64 bytes", "http://a/b", long, 101, seg{0, 10, firstLine}, 110},
		{"a later line", "http://a/\n  b", "see ", 5, seg{12, 13, byEvidence}, 3},
		{"a later line after a CR", "a\r b", "see ", 5, seg{3, 4, byEvidence}, 2},
		{"a later line with a tab", "a\n\tb", "", 1, seg{3, 4, byEvidence}, 9},
	} {
		cand := &scanner.Candidate{Raw: []byte(c.raw), Pos: scanner.Position{Line: 1, Column: c.col},
			Layout: scanner.Layout{Lead: []byte(c.lead)}}
		if got := lineWidth(cand, c.sg); got != c.want {
			t.Errorf("%s: lineWidth = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestOwnLine(t *testing.T) {
	for _, c := range []struct {
		lead, quote string
		col         int
		want        bool
	}{
		{"", "", 1, true},
		{"  ", "", 3, true},
		{"\t", "", 2, true},
		{"> ", ">", 3, true},
		{"> > ", ">>", 5, true},
		{">  ", ">", 4, true},
		{"see ", "", 5, false},
		{"> see ", ">", 7, false},
		{"see ", ">", 5, false},                   // no quote prefix where one is expected
		{">", "", 2, false},                       // QuotePrefixes off: ">" is text
		{strings.Repeat(" ", 64), "", 101, false}, // the lead was cut: text before it
		{strings.Repeat(" ", 64), "", 65, true},
	} {
		cand := &scanner.Candidate{Pos: scanner.Position{Line: 1, Column: c.col},
			Layout: scanner.Layout{Lead: []byte(c.lead), Quote: c.quote}}
		if got := (&Reader{}).ownLine(cand); got != c.want {
			t.Errorf("ownLine(lead %q, quote %q, column %d) = %v, want %v", c.lead, c.quote, c.col, got, c.want)
		}
	}
}

func TestTokenScore(t *testing.T) {
	for _, c := range []struct {
		name string
		segs []string // the URL's lines so far, the last one h
		tt   string
		want int
	}{
		{"shaped", []string{"http://a.example/b"}, "c/d", 2},
		{"shaped, starts with a URL's character", []string{"http://a.example/b"}, ".html", 3},
		{"a fragment", []string{"http://a.example/b"}, "#frag", 3},
		{"a word after a slash", []string{"http://a.example/b"}, "/cd", 0}, // -1 + 1
		{"a word", []string{"http://a.example/b"}, "word", -1},
		{"a capitalized word", []string{"http://a.example/b"}, "Word", -3},
		{"a capitalized word after a slash", []string{"http://a.example/b"}, "/Word", -2},
		{"letters with digits", []string{"http://a.example/b"}, "832ca7f", 1},
		{"an extension cut", []string{"http://a.example/b.ht"}, "ml", 2},
		{"a query's parameter", []string{"http://a.example/b?q"}, "x=1", 2},
		{"no query: no parameter", []string{"http://a.example/b"}, "x=1", 1}, // letters with digits
		{"a query on an earlier line", []string{"http://a.example/b?", "c"}, "x=1", 2},
		{"a query that starts a joined line", []string{"http://a.example/b", "?c"}, "x=1", 2},
		{"digits after a letter", []string{"http://a.example/b"}, "12", 0},
	} {
		raw := strings.Join(c.segs, "\n")
		r := &Reader{}
		a := 0
		for _, s := range c.segs {
			r.segs = append(r.segs, seg{a, a + len(s), firstLine})
			a += len(s) + 1
		}
		h := []byte(c.segs[len(c.segs)-1])
		last := rune(h[len(h)-1])
		cand := &scanner.Candidate{Kind: scanner.Unwrapped, Raw: []byte(raw)}
		if got := r.tokenScore(cand, h, []byte(c.tt), last); got != c.want {
			t.Errorf("%s: tokenScore(%q, %q) = %d, want %d", c.name, h, c.tt, got, c.want)
		}
	}
	// Digits: 1 after "=", "/", "-", "_", "." or a digit, 0 after anything
	// else.
	for last, want := range map[rune]int{'=': 1, '/': 1, '-': 1, '_': 1, '.': 1, '0': 1, '5': 1, '9': 1, 'a': 0, ':': 0,
		'?': 0} {
		h := "http://a.example/b" + string(last)
		r := &Reader{segs: []seg{{0, len(h), firstLine}}}
		cand := &scanner.Candidate{Kind: scanner.Unwrapped, Raw: []byte(h)}
		if got := r.tokenScore(cand, []byte(h), []byte("12"), last); got != want {
			t.Errorf("tokenScore(%q, \"12\") = %d, want %d", h, got, want)
		}
	}
}
