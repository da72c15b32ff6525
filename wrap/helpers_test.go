package wrap

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// The tests of this file pin the small rules that the readers of
// wrappers and of URLs in prose share, each as its doc comment states
// it.

func TestFurniture(t *testing.T) {
	for line, want := range map[string]bool{
		"\f":                             true,
		"  \fx":                          true,
		"\t\f":                           true,
		"x\f":                            false,
		"RFC 1738   Uniform Resource":    true,
		"  RFC 2396":                     true,
		"\u00a0RFC 1":                    true, // white space of Unicode too
		"RFC x":                          false,
		"RFC":                            false,
		"RFCs 12":                        false,
		"Internet-Draft  foo   May 1994": true,
		"Berners-Lee   [Page 12]":        true,
		"[Page 3]":                       true,
		"[Page 12]  ":                    true,
		"[Page ]":                        false,
		"Page 12]":                       false,
		"[Page 3] here":                  false,
		"see [Pages 3]":                  false,
		"":                               false,
		"plain text":                     false,
	} {
		if got := furniture([]byte(line)); got != want {
			t.Errorf("furniture(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestDigits(t *testing.T) {
	for _, c := range []struct {
		b           string
		lead, trail int
	}{
		{"123a", 3, 0}, {"a123", 0, 3}, {"", 0, 0}, {"09", 2, 2}, {"/", 0, 0}, {":", 0, 0}, {"1/1", 1, 1}, {"9:0", 1, 1},
	} {
		if got := digits([]byte(c.b)); got != c.lead {
			t.Errorf("digits(%q) = %d, want %d", c.b, got, c.lead)
		}
		if got := trailingDigits([]byte(c.b)); got != c.trail {
			t.Errorf("trailingDigits(%q) = %d, want %d", c.b, got, c.trail)
		}
	}
}

func TestReadGutter(t *testing.T) {
	for _, c := range []struct {
		line string
		g    gutter
		n    int
	}{
		{"  845. <a", gutter{true, 845, '.'}, 6},
		{"12 x", gutter{true, 12, 0}, 2},
		{"12:\tx", gutter{true, 12, ':'}, 3},
		{"7| x", gutter{true, 7, '|'}, 2},
		{"12\u00a0x", gutter{true, 12, 0}, 2},
		{"123456789 x", gutter{true, 123456789, 0}, 9},
		{"1234567890 x", gutter{}, 0}, // ten digits: no line number
		{"12|x", gutter{}, 0},
		{"12.x", gutter{}, 0},
		{"12", gutter{}, 0},
		{"12.", gutter{}, 0},
		{"x12 ", gutter{}, 0},
		{"", gutter{}, 0},
	} {
		g, n := readGutter([]byte(c.line))
		if g != c.g || n != c.n {
			t.Errorf("readGutter(%q) = %+v, %d; want %+v, %d", c.line, g, n, c.g, c.n)
		}
	}
}

func TestGutterAt(t *testing.T) {
	g := gutter{true, 845, '.'}
	for _, c := range []struct {
		line string
		k    int
		want int
	}{
		{"  846. x", 1, 6},
		{"  846: x", 1, 0}, // another shape
		{"  846 x", 1, 0},
		{"  847. x", 1, 0}, // out of sequence
		{"  847. x", 2, 6},
		{"x", 1, 0},
	} {
		if got := g.at([]byte(c.line), c.k); got != c.want {
			t.Errorf("at(%q, %d) = %d, want %d", c.line, c.k, got, c.want)
		}
	}
	if g := (&Reader{}).gutterOf([]byte("  845. ")); g.ok {
		t.Errorf("gutterOf without LineNumbers: %+v", g)
	}
}

func TestNextLine(t *testing.T) {
	for _, c := range []struct {
		raw  string
		e    int
		next int
		ok   bool
	}{
		{"ab  \ncd", 2, 5, true},
		{"ab\r\ncd", 2, 4, true},
		{"ab\rcd", 2, 3, true},
		{"ab\t\ncd", 2, 4, true},
		{"ab x\ncd", 2, 0, false}, // text after the run
		{"ab\n", 2, 3, false},     // no line after it
		{"ab\r\n", 2, 4, false},
		{"ab\r", 2, 3, false},
		{"ab", 2, 0, false},
		{"ab  ", 2, 0, false},
	} {
		next, ok := nextLine([]byte(c.raw), c.e)
		if next != c.next || ok != c.ok {
			t.Errorf("nextLine(%q, %d) = %d, %v; want %d, %v", c.raw, c.e, next, ok, c.next, c.ok)
		}
	}
}

func TestIndent(t *testing.T) {
	for s, want := range map[string]int{"  \tx": 3, "": 0, "x": 0, "   ": 3, "x ": 0} {
		if got := indent([]byte(s)); got != want {
			t.Errorf("indent(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestTrimEnd(t *testing.T) {
	for b, want := range map[string]int{
		"http://a/b.":  10,
		"b.,;:!?\"*@|": 1,
		"it's":         4,
		"b'":           1, // closes no quote
		"'b'":          3, // closes the one opened inside
		"b''":          3, // an even number: the last closes one
		"a)":           1,
		"(a)":          3,
		"a(b))":        4,
		"a(b).)":       4,
		"a]":           1,
		"[a]":          3,
		"a}":           1,
		"{a}":          3,
		"a)]}":         1,
		"(a)(b)":       6,
		"(a)b)":        4,
		"a.":           1,
		"":             0,
		"...":          0,
		"a-":           2,
		"a/":           2,
	} {
		if got := trimEnd([]byte(b)); got != want {
			t.Errorf("trimEnd(%q) = %d, want %d", b, got, want)
		}
	}
}

func TestWWW(t *testing.T) {
	for b, want := range map[string]bool{"www.x": true, "WWW.x": true, "ftp.x": true, "FtP.x": true, "www.": true,
		"wwwx": false, "ww.": false, "abc.x": false, "www": false, "wwx.a": false, "ftpx": false, "": false} {
		if got := www([]byte(b)); got != want {
			t.Errorf("www(%q) = %v, want %v", b, got, want)
		}
	}
}

func TestHasRest(t *testing.T) {
	for text, want := range map[string]bool{"http://": false, "http://a": true, "mailto:": false, "mailto:a": true,
		"news:x": true, "http:/": true, ":": false, "a:/": true} {
		r := &Reader{Text: []byte(text)}
		if got := r.hasRest(); got != want {
			t.Errorf("hasRest(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestIsASCII(t *testing.T) {
	for b, want := range map[string]bool{"": true, "abc": true, "abcdefgh": true, "abcdefghé": false, "é": false,
		"abcdefg\x80": false, "\x80abcdefg": false, "\x7f": true, "abcdefgh\x7f": true, "\x80": false,
		"abcdefghijklmno\xff": false} {
		if got := isASCII([]byte(b)); got != want {
			t.Errorf("isASCII(%q) = %v, want %v", b, got, want)
		}
	}
}

func TestPrintable(t *testing.T) {
	for b, want := range map[string]bool{
		"abc": true, "a b": false, "!": true, " ": false, "~": true, "\x7f": false, "\x80": false, "é": false,
		"!!!!!!!!": true, "~~~~~~~~": true, "~~~~~~~\x7f": false, " !!!!!!!": false, "!!!!!!! ": false,
		"abcdefgh\x7f": false, "abc defgh": false, "\x80abcdefg": false, "abcdefghijklmnop": true,
		"abcdefghijklmno\n": false, "abcdefgh\x00": false, "\x00bcdefgh": false, "\x21\x7e\x21\x7e\x21\x7e\x21\x7e": true,
		"": true,
	} {
		if got := printable([]byte(b)); got != want {
			t.Errorf("printable(%q) = %v, want %v", b, got, want)
		}
	}
}

func TestSchemeChar(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
		if got := schemeChar(byte(c)); got != want {
			t.Errorf("schemeChar(%q) = %v, want %v", byte(c), got, want)
		}
	}
}

func TestIsSoft(t *testing.T) {
	for r, want := range map[rune]bool{'\u00AD': true, '\u200B': true, '\u200D': true, '\u2060': true, '\uFEFF': true,
		'\u200C': false, 'a': false, '-': false, '\u2010': false} {
		if got := isSoft(r); got != want {
			t.Errorf("isSoft(%U) = %v, want %v", r, got, want)
		}
	}
}

func TestTrimLeftSpace(t *testing.T) {
	for b, want := range map[string]string{" \u00a0x": "x", "\xffx": "\xffx", "x": "x", "": "", "\t\n x ": "x ",
		"\u2028": ""} {
		if got := string(trimLeftSpace([]byte(b))); got != want {
			t.Errorf("trimLeftSpace(%q) = %q, want %q", b, got, want)
		}
	}
}

func TestWarnOnce(t *testing.T) {
	r := &Reader{}
	r.warn(warnSpace)
	r.warn(warnQuote)
	r.warn(warnSpace)
	if want := []string{warnSpace, warnQuote}; !reflect.DeepEqual(r.Warnings, want) {
		t.Errorf("Warnings %q, want %q", r.Warnings, want)
	}
}

func TestAddress(t *testing.T) {
	for _, c := range []struct {
		lead, quote, raw string
		want             bool
	}{
		{"write to ", "", "ann@a.example now", true},
		{"Message-ID: <", "", "1234@a.example>", false},
		{"message-id: <", "", "1234@a.example>", false},
		{"  In-Reply-To: <", "", "1234@a.example>", false},
		{"References: <x@a.example> <", "", "1234@a.example>", false},
		{"Supersedes: <", "", "1234@a.example>", false},
		{"Resent-Message-ID: <", "", "1234@a.example>", false},
		{"message-id:", "", "1234@a.example", false}, // the field alone
		{"> Message-ID: <", ">", "1234@a.example>", false},
		{"Message: <", "", "ann@a.example>", true},
		{"In article <", "", "1234@a.example> Ann wrote", false},
		{"in ARTICLE <", "", "1234@a.example>", false},
		{"In article ", "", "1234@a.example", true},
		{"see <", "", "ann@a.example> for", true},
		{"Ann <", "", "ann@a.example> wrote:", false},
		{"Ann <", "", "ann@a.example> wrote :", false},
		{"Ann <", "", "ann@a.example> wrote:\t", false},
		{"Ann <", "", "ann@a.example> WROTE:", false},
		{"Ann <", "", "ann@a.example> writes:", false},
		{"Ann <", "", "ann@a.example> said:", false},
		{"Ann <", "", "ann@a.example> says:", false},
		{"Ann <", "", "ann@a.example> schrieb:", false},
		{"Ann <", "", "ann@a.example> a écrit :", false},
		{"> Ann <", ">", "ann@a.example> writes:", false},
		{"Ann <", "", "ann@a.example> wrote: hi", true},
		{"Ann <", "", "ann@a.example> rewrote:", true},
		{"Ann <", "", "ann@a.example>:", true},
	} {
		raw := []byte(c.raw)
		body := 0
		for body < len(raw) && raw[body] != '>' && raw[body] != ' ' {
			body++
		}
		cand := &scanner.Candidate{Kind: scanner.Email, Raw: raw, Body: scanner.Span{Start: 0, End: body},
			Layout: scanner.Layout{Lead: []byte(c.lead), Quote: c.quote}}
		if got := (&Reader{}).address(cand); got != c.want {
			t.Errorf("address(%q, %q) = %v, want %v", c.lead, c.raw, got, c.want)
		}
	}
}

func TestUuencoded(t *testing.T) {
	p := func(n int) string { return strings.Repeat("(", n) }
	for _, c := range []struct {
		name      string
		lead, raw string
		want      bool
	}{
		// "M": 45 bytes, 1+15*4 = 61 characters.
		{"61 characters", "M" + p(54), "KE9.MZ", true},
		{"61, then the next line", "M" + p(54), "KE9.MZ\nnext", true},
		{"62 characters", "M" + p(54), "KE9.MZ!", true},
		{"63 characters", "M" + p(54), "KE9.MZ!!", false},
		{"63 characters, then the next line", "M" + p(54), "KE9.MZ!!\nKE9.MZ", false},
		{"62 characters, then CR LF", "M" + p(54), "KE9.MZ!\r\nnext", true},
		{"a lead longer than the line", "!" + p(9), "KE9.MZ", false},
		{"a small letter first", "m" + p(54), "KE9.MZ", false},
		{"60 characters", "M" + p(53), "KE9.MZ", false},
		{"a small letter", "M" + p(54), "KE9.Mz", false},
		{"a control character", "M" + p(53) + "\x1f", "KE9.MZ", false},
		{"a space", "M" + p(53) + " ", "KE9.MZ", true},
		{"a backquote", "M" + p(53) + "`", "KE9.MZ", true},
		// "_": 63 bytes, 1+21*4 = 85 characters; a Lead of 64 bytes
		// may have been cut.
		{"a lead of 63 bytes", "_" + p(62), "KE9.MZ" + p(16), true},
		{"a lead of 64 bytes", "_" + p(63), "KE9.MZ" + p(15), false},
		// "`" says 0 bytes: no data line.
		{"no bytes", "`", "A", false},
		{"no lead", "", "KE9.MZ", false},
	} {
		cand := &scanner.Candidate{Kind: scanner.Schemeless, Raw: []byte(c.raw), Layout: scanner.Layout{Lead: []byte(c.lead)}}
		if got := (&Reader{}).uuencoded(cand); got != c.want {
			t.Errorf("%s: uuencoded = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSchemeEmpty(t *testing.T) {
	r := &Reader{Text: []byte(":x")}
	if s := r.Scheme(); s == nil || len(s) != 0 {
		t.Errorf("Scheme of %q = %q (nil %v), want an empty scheme", r.Text, s, s == nil)
	}
	r.Text = []byte("x")
	if s := r.Scheme(); s != nil {
		t.Errorf("Scheme of %q = %q, want nil", r.Text, s)
	}
}

func TestAlnum(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if got := alnum(byte(c)); got != want {
			t.Errorf("alnum(%q) = %v, want %v", byte(c), got, want)
		}
	}
}
