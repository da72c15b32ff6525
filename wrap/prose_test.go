package wrap

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/scanner"
)

// proseSchemes are RFC 1738's schemes, "mailto" and "news" counting in
// prose without "//" after their ":".
var proseSchemes = scanner.NewSchemes([]string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais",
	"file", "prospero", "https", "x-*"}, map[string]bool{"mailto": false, "news": false})

// proseRead is what a Reader read of a candidate found in prose: its
// readings (nil when Read did not report it) and the text of Raw that the
// URL takes (Raw[:End]).
type proseRead struct {
	Readings []string
	End      string
}

// readProse scans in with the Prose rule (and Hosts when hosts) and the
// layout rules, and reads every candidate with a Reader of rules.
func readProse(in string, hosts bool, rules scanner.Rule) []proseRead {
	scan := scanner.DefaultRules | scanner.Prose
	if hosts {
		scan |= scanner.Hosts
	}
	s := scanner.New(strings.NewReader(in), scanner.Rules(scan), scanner.WithSchemes(proseSchemes))
	r := &Reader{Rules: rules, Schemes: proseSchemes}
	var got []proseRead
	for s.Scan() {
		c := s.Candidate()
		if !r.Read(c) {
			got = append(got, proseRead{})
			continue
		}
		got = append(got, proseRead{r.Readings(), string(c.Raw[:r.End])})
	}
	return got
}

// pad returns n columns of prose: a word of "w"s and a space.
func pad(n int) string { return strings.Repeat("w", n-1) + " " }

// at returns a line of prose on which url ends at column n.
func at(n int, url string) string { return pad(n-len(url)) + url }

// own returns a URL of n characters that ends with "/".
func own(n int) string { return "http://a.example/" + strings.Repeat("x", n-18) + "/" }

// one is a URL read on its own line, unjoined.
func one(u string) proseRead { return proseRead{[]string{u}, u} }

// joined is a URL joined by evidence with the text of the next lines,
// raw as written from the URL's start.
func joined(u, rest, raw string) proseRead {
	return proseRead{[]string{u + rest, u}, raw}
}

// u is the URL of most cases: a path that ends with "/" (a break worth 1),
// no file name, no fragment, its host name whole.
const u = "http://a.example/docs/"

// TestEvidence checks the joins of the lines of a URL in prose that no
// hyphen decides, each case worked out by the scores on evident: where
// the break falls, what the next line starts with, the lines, and what
// speaks against.
func TestEvidence(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		want []proseRead
	}{
		// break 1 ("/"), a shaped token 2, a line of 60 columns 1: 4.
		{"four joins", at(60, u) + "\nabc/def more", []proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		// The same on a line of 59 columns: 3.
		{"three does not", at(59, u) + "\nabc/def more", []proseRead{one(u)}},
		// break 1, token 2, and a token too long to have stood on the
		// URL's line (50+1+23 > 72) 1: 4.
		{"a token too long for the line", at(50, u) + "\nabcdefghijklmnopqrstu/x more",
			[]proseRead{joined(u, "abcdefghijklmnopqrstu/x", u+"\nabcdefghijklmnopqrstu/x")}},
		// 48+1+23 = 72: it would have fit: 3.
		{"a token that would have fit", at(48, u) + "\nabcdefghijklmnopqrstu/x more", []proseRead{one(u)}},
		// break 1, token 2, alone 1: 4.
		{"a token alone", at(50, u) + "\nabc/def", []proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		{"a token alone but for punctuation", at(50, u) + "\nabc/def).", []proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		{"a token and a word", at(50, u) + "\nabc/def x", []proseRead{one(u)}},
		// break 0, letters with digits 1, a line of 72 columns 2 and a
		// token that would not fit 1: 4; on 71 columns 1+1: 3.
		{"72 columns", at(72, "http://a.example/docs/x") + "\n1a more",
			[]proseRead{joined("http://a.example/docs/x", "1a", "http://a.example/docs/x\n1a")}},
		{"71 columns", at(71, "http://a.example/docs/x") + "\n1a more", []proseRead{one("http://a.example/docs/x")}},
		// Never after a line wider than 80 columns, whatever the
		// evidence (break 1, token 2, lines 2+1+1: 7).
		{"80 columns", at(80, u) + "\nabc/def", []proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		{"81 columns", at(81, u) + "\nabc/def", []proseRead{one(u)}},
		// A URL alone on its line, shorter than 72 columns, with text
		// after the token: its writer broke the line there.
		{"own line, text after the token", u + "\nabc/def more", []proseRead{one(u)}},
		// Alone on its line, the token alone: break 1, token 2, alone 1.
		{"own line, the token alone", u + "\nabc/def", []proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		// 72 columns on its own line: break 1, token 2, lines 2+1: 6.
		{"own line of 72 columns", own(72) + "\nabc/def more", []proseRead{joined(own(72), "abc/def", own(72)+"\nabc/def")}},
		{"own line of 71 columns", own(71) + "\nabc/def more", []proseRead{one(own(71))}},
		{"own line, indented", "  " + u + "\nabc/def more", []proseRead{one(u)}},
		// After the punctuation that ends a sentence, a capital letter
		// starts the next one. Otherwise break 1, token 2, line 1: 4.
		{"a sentence ends", at(60, "http://a.example/docs.") + "\nHtml/x more", []proseRead{one("http://a.example/docs")}},
		{"a sentence ends with !", at(60, "http://a.example/docs!") + "\nHtml/x more", []proseRead{one("http://a.example/docs")}},
		{"no sentence ends", at(60, "http://a.example/docs.") + "\nhtml/x more",
			[]proseRead{{[]string{"http://a.example/docs.html/x", "http://a.example/docs"}, "http://a.example/docs.\nhtml/x"}}},
		{"a capital after a slash", at(60, u) + "\nHtml/x more", []proseRead{joined(u, "Html/x", u+"\nHtml/x")}},
		// A word of prose: break 1, -1, lines 2+1+1 (alone): 4; a
		// capitalized one -3: 2.
		{"a word alone", at(72, u) + "\nword", []proseRead{joined(u, "word", u+"\nword")}},
		{"a capitalized word alone", at(72, u) + "\nWord", []proseRead{one(u)}},
		{"a word and more", at(72, u) + "\nword more", []proseRead{one(u)}},
		// Inside the host name: 2 more when the next line starts with
		// "/", or the break follows "." or "//"; 2 less when the host
		// name would end in no top-level domain of letters.
		{"host name broken after a dot", at(40, "http://www.example.") + "\ncom/x more",
			[]proseRead{{[]string{"http://www.example.com/x", "http://www.example"}, "http://www.example.\ncom/x"}}},
		{"host name broken after //", at(40, "http://") + "\nexample.com/x more",
			[]proseRead{joined("http://", "example.com/x", "http://\nexample.com/x")}},
		{"host name, then its path", at(40, "http://www.example.com") + "\n/docs/x more",
			[]proseRead{joined("http://www.example.com", "/docs/x", "http://www.example.com\n/docs/x")}},
		// break 0, token 2, line 1: 3, and nothing more inside a word.
		{"host name broken inside a word", at(60, "http://www.exam") + "\nple.com/x more", []proseRead{one("http://www.exam")}},
		// break 1, token 2, line 1, less 2: no top-level domain.
		{"an address broken after a dot", at(60, "http://10.0.0.") + "\n1/x more", []proseRead{one("http://10.0.0")}},
		// Against: a file name (3), a fragment (2), a ":" in the token
		// (2), another URL on the next line (2).
		{"after a file name", at(72, "http://a.example/x.html") + "\nabc/def more", []proseRead{one("http://a.example/x.html")}},
		// break 0, "?" shaped 2 and first 1, lines 2+1+1: 7, the query of
		// a file name alone on its line.
		{"the query of a file name", at(72, "http://a.example/x.html") + "\n?a=1",
			[]proseRead{joined("http://a.example/x.html", "?a=1", "http://a.example/x.html\n?a=1")}},
		{"a query, then text", at(72, "http://a.example/x.html") + "\n?a=1 more", []proseRead{one("http://a.example/x.html")}},
		{"after a fragment", at(60, "http://a.example/x#y/") + "\nabc/def more", []proseRead{one("http://a.example/x#y/")}},
		{"a colon in the token", at(60, u) + "\nabc/d:f more", []proseRead{one(u)}},
		{"another URL after the token", at(60, u) + "\nabc/def see x://y", []proseRead{one(u)}},
		// Tokens that never go on.
		{"an opening bracket", at(72, u) + "\n(abc/def)", []proseRead{one(u)}},
		{"a rule", at(72, u) + "\n--abc", []proseRead{one(u)}},
		{"no letter", at(72, u) + "\n//", []proseRead{one(u)}},
		{"a scheme", at(72, u) + "\nhttp://b.example/", []proseRead{one(u), one("http://b.example/")}},
		{"a host name", at(72, u) + "\nwww.b.example", []proseRead{one(u), {[]string{"http://www.b.example"}, "www.b.example"}}},
		{"a URL of a scheme not known", at(72, u) + "\nzz://b", []proseRead{one(u)}},
		{"an e-mail address", at(72, u) + "\na@b.example", []proseRead{one(u)}},
		// "@" with "/": a path, no address. break 1, shaped 2, lines
		// 2+1+1: 7.
		{"an @ in a path", at(72, u) + "\na@b/c", []proseRead{joined(u, "a@b/c", u+"\na@b/c")}},
		{"an e-mail address without its local part", at(72, u) + "\n@b.example", []proseRead{one(u)}},
		// break 1, "/" first 1, lines 2+1+1.
		{"an @ after a slash", at(72, u) + "\n/a@b", []proseRead{joined(u, "/a@b", u+"\n/a@b")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := readProse(c.in, false, scanner.DefaultRules); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q:\ngot  %q\nwant %q", c.in, got, c.want)
			}
		})
	}
}

// TestProseLines checks which lines go on with a URL in prose: the quote
// prefix, line number gutter and page break that lineText passes over,
// the lines that end a paragraph, and the hyphens.
func TestProseLines(t *testing.T) {
	nine := "see http://a.example/a-\nb-\nc-\nd-\ne-\nf-\ng-\nh-\ni-\nj-\nk"
	for _, c := range []struct {
		name  string
		in    string
		rules scanner.Rule // the Reader's; the scanner's are DefaultRules and Prose
		want  []proseRead
	}{
		// A line of 60 columns, its quote prefix included: break 1,
		// token 2, line 1.
		{"the same quote prefix", "> " + at(58, u) + "\n> abc/def more", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"\n> abc/def")}},
		{"the same quote prefix, indented", "> " + at(58, u) + "\n  >  abc/def more", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"\n  >  abc/def")}},
		{"a deeper quote", "> " + at(58, u) + "\n> > abc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"another quote", "> " + at(58, u) + "\n| abc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"a quote where the URL has none", at(60, u) + "\n> abc/def", scanner.DefaultRules, []proseRead{one(u)}},
		// A quoted line that a mailer re-wrapped: its end lost the
		// prefix. Alone: break 1, token 2, alone 1, and 60 columns 1.
		{"re-wrapped after 60 columns", "> " + at(58, u) + "\nabc/def", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		{"re-wrapped after 59 columns", "> " + at(57, u) + "\nabc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"no quote rule", "> " + at(57, u) + "\nabc/def", scanner.DefaultRules &^ scanner.QuotePrefixes,
			[]proseRead{joined(u, "abc/def", u+"\nabc/def")}},
		// The gutter of the next number goes: break 1, token 2, alone 1.
		{"a line number", "  12. see " + u + "\n  13. abc/def", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"\n  13. abc/def")}},
		// Out of sequence, or without the rule, the line starts with
		// "14": break 1, digits after "/" 1.
		{"a line number out of sequence", "  12. see " + u + "\n  14. abc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"no line number rule", "  12. see " + u + "\n  13. abc/def", scanner.DefaultRules &^ scanner.LineNumbers,
			[]proseRead{one(u)}},
		// Two lines joined after a page break: their numbers count the
		// lines passed over. "abc/": break 1, token 2, alone 1; then
		// "def/ghi" the same.
		{"line numbers after a page break", "  12. see " + u + "\n\f\n  14. abc/\n  15. def/ghi", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def/ghi", u+"\n\f\n  14. abc/\n  15. def/ghi")}},
		// Past a page break: break 1, token 2, lines 2+1+1.
		{"a form feed", at(72, u) + "\n\f\nabc/def", scanner.DefaultRules, []proseRead{joined(u, "abc/def", u+"\n\f\nabc/def")}},
		{"a page break of an RFC", at(72, u) + "\n\nBerners-Lee   [Page 3]\n\fRFC 1738   URLs   December 1994\n\nabc/def",
			scanner.DefaultRules, []proseRead{joined(u, "abc/def",
				u+"\n\nBerners-Lee   [Page 3]\n\fRFC 1738   URLs   December 1994\n\nabc/def")}},
		{"no page break rule", at(72, u) + "\n\f\nabc/def", scanner.DefaultRules &^ scanner.PageBreaks, []proseRead{one(u)}},
		{"eight lines passed over", at(72, u) + "\n\f" + strings.Repeat("\n", 8) + "abc/def", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"\n\f"+strings.Repeat("\n", 8)+"abc/def")}},
		{"nine lines passed over", at(72, u) + "\n\f" + strings.Repeat("\n", 9) + "abc/def", scanner.DefaultRules,
			[]proseRead{one(u)}},
		{"a blank line", at(72, u) + "\n\nabc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"a line of spaces", at(72, u) + "\n   \nabc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"a signature", at(72, u) + "\n-- \nabc/def", scanner.DefaultRules, []proseRead{one(u)}},
		{"indented", at(72, u) + "\n    abc/def", scanner.DefaultRules, []proseRead{joined(u, "abc/def", u+"\n    abc/def")}},
		{"CR LF", at(60, u) + "\r\nabc/def more", scanner.DefaultRules, []proseRead{joined(u, "abc/def", u+"\r\nabc/def")}},
		{"a lone CR", at(60, u) + "\rabc/def more", scanner.DefaultRules, []proseRead{joined(u, "abc/def", u+"\rabc/def")}},
		{"spaces after the URL", at(60, u) + "  \nabc/def more", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def", u+"  \nabc/def")}},
		{"text after the URL", at(60, u) + " x\nabc/def more", scanner.DefaultRules, []proseRead{one(u)}},
		// Two lines by evidence: "abc/" (break 1, token 2, lines 2+1+1),
		// then "def/ghi" after it, the URL's widest line 72 columns.
		{"two lines", at(72, u) + "\nabc/\ndef/ghi", scanner.DefaultRules,
			[]proseRead{joined(u, "abc/def/ghi", u+"\nabc/\ndef/ghi")}},
		// After a hyphen the next line's run goes on, both readings
		// kept, whatever the evidence.
		{"a hyphen", "see http://a.example/docs-\nation more", scanner.DefaultRules,
			[]proseRead{{[]string{"http://a.example/docs-ation", "http://a.example/docsation"}, "http://a.example/docs-\nation"}}},
		{"a hyphen, then a quote prefix", "> see http://a.example/b-\n> c d", scanner.DefaultRules,
			[]proseRead{{[]string{"http://a.example/b-c", "http://a.example/bc"}, "http://a.example/b-\n> c"}}},
		{"a hyphen, then a blank line", "see http://a.example/docs-\n\nmore", scanner.DefaultRules,
			[]proseRead{one("http://a.example/docs-")}},
		// At most eight lines go on: nine hyphens, eight of them
		// followed by a line that goes on, more than four: two readings.
		{"eight lines at most", nine, scanner.DefaultRules,
			[]proseRead{{[]string{"http://a.example/a-b-c-d-e-f-g-h-i-", "http://a.example/abcdefghi-"},
				"http://a.example/a-\nb-\nc-\nd-\ne-\nf-\ng-\nh-\ni-"}}},
		// A soft hyphen joins and goes (Typography).
		{"a soft hyphen", "see http://a.example/docu\u00ad\nments more", scanner.DefaultRules,
			[]proseRead{{[]string{"http://a.example/documents"}, "http://a.example/docu\u00ad\nments"}}},
		// Without the rule it is a character of the URL, and "ments" a
		// word of prose that more prose follows.
		{"a soft hyphen without Typography", "see http://a.example/docu\u00ad\nments more", scanner.DefaultRules &^ scanner.Typography,
			[]proseRead{one("http://a.example/docu\u00ad")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := readProse(c.in, false, c.rules); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q:\ngot  %q\nwant %q", c.in, got, c.want)
			}
		})
	}
}

// TestTypographicHyphenInProse: a hyphen U+2010 or U+2011 is Unicode
// punctuation, which ends a URL in prose (scanner.Run): its line does not
// go on, as it does in a wrapper (Typography).
func TestTypographicHyphenInProse(t *testing.T) {
	in := "see http://a.example/docu\u2010\nments more"
	want := []proseRead{{[]string{"http://a.example/docu"}, "http://a.example/docu"}}
	if got := readProse(in, false, scanner.DefaultRules); !reflect.DeepEqual(got, want) {
		t.Errorf("%q:\ngot  %q\nwant %q", in, got, want)
	}
}

// TestProseFields checks the fields a Reader sets for a URL in prose:
// its kind, its text, its ambiguous hyphens, its warnings, End and
// Joined, and what Unjoin makes of them.
func TestProseFields(t *testing.T) {
	type fields struct {
		Ok       bool
		Kind     scanner.Kind
		Text     string
		Hyphens  []int
		Warnings []string
		End      int
		Joined   int
	}
	read := func(r *Reader, c *scanner.Candidate) fields {
		ok := r.Read(c)
		return fields{ok, r.Kind, string(r.Text), append([]int(nil), r.Hyphens...), append([]string(nil), r.Warnings...), r.End, r.Joined}
	}
	for _, c := range []struct {
		name     string
		in       string
		hosts    bool
		want     fields
		unjoined fields // after Unjoin
	}{
		{"one line", "see http://a.example/x.", false,
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0},
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0}},
		{"joined", at(60, u) + "\nabc/def more", false,
			fields{true, scanner.Unwrapped, u + "abc/def", nil, []string{warnJoined}, len(u) + 8, len(u)},
			fields{true, scanner.Unwrapped, u, nil, nil, len(u), 0}},
		// The hyphen stays ambiguous in both readings; the join by
		// evidence comes after it.
		{"a hyphen, then a join", at(60, "http://a.example/do-") + "\ncs/\nabc/def", false,
			fields{true, scanner.Unwrapped, "http://a.example/do-cs/abc/def", []int{19},
				[]string{warnJoined, warnHyphen}, 32, 24},
			fields{true, scanner.Unwrapped, "http://a.example/do-cs/", []int{19}, []string{warnHyphen}, 24, 0}},
		{"quoted", `see "http://a.example/x" now`, false,
			fields{true, scanner.Quoted, "http://a.example/x", nil, nil, 18, 0},
			fields{true, scanner.Quoted, "http://a.example/x", nil, nil, 18, 0}},
		{"quoted, not closed", `see "http://a.example/x now`, false,
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0},
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0}},
		{"quoted at the end", `see "http://a.example/x`, false,
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0},
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0}},
		{"a quote prefix", "> " + at(58, u) + "\n> abc/def more", false,
			fields{true, scanner.Unwrapped, u + "abc/def", nil, []string{warnQuote, warnJoined}, len(u) + 10, len(u)},
			fields{true, scanner.Unwrapped, u, nil, []string{warnQuote}, len(u), 0}},
		{"a line number", "  12. see " + u + "\n  13. abc/def", false,
			fields{true, scanner.Unwrapped, u + "abc/def", nil, []string{warnLineNumber, warnJoined}, len(u) + 14, len(u)},
			fields{true, scanner.Unwrapped, u, nil, []string{warnLineNumber}, len(u), 0}},
		{"a line number, then a line without", "  12. see " + u + "\nabc/def", false,
			fields{true, scanner.Unwrapped, u + "abc/def", nil, []string{warnJoined}, len(u) + 8, len(u)},
			fields{true, scanner.Unwrapped, u, nil, nil, len(u), 0}},
		{"a page break", at(72, u) + "\n\f\nabc/def", false,
			fields{true, scanner.Unwrapped, u + "abc/def", nil, []string{warnPageBreak, warnJoined}, len(u) + 10, len(u)},
			fields{true, scanner.Unwrapped, u, nil, []string{warnPageBreak}, len(u), 0}},
		{"www", "see www.a.example/x", false,
			fields{true, scanner.Schemeless, "http://www.a.example/x", nil, nil, 15, 0},
			fields{true, scanner.Schemeless, "http://www.a.example/x", nil, nil, 15, 0}},
		{"ftp", "see ftp.a.example/x", false,
			fields{true, scanner.Schemeless, "ftp://ftp.a.example/x", nil, nil, 15, 0},
			fields{true, scanner.Schemeless, "ftp://ftp.a.example/x", nil, nil, 15, 0}},
		{"FTP", "see FTP.a.example", false,
			fields{true, scanner.Schemeless, "ftp://FTP.a.example", nil, nil, 13, 0},
			fields{true, scanner.Schemeless, "ftp://FTP.a.example", nil, nil, 13, 0}},
		{"a host name", "see a.example/x", true,
			fields{true, scanner.Schemeless, "http://a.example/x", nil, nil, 11, 0},
			fields{true, scanner.Schemeless, "http://a.example/x", nil, nil, 11, 0}},
		// A host name with an "@" is an e-mail address found at its "@".
		{"a host name with @", "see a.example/b@c now", true,
			fields{false, scanner.Schemeless, "http://a.example/b@c", nil, nil, 13, 0},
			fields{false, scanner.Schemeless, "http://a.example/b@c", nil, nil, 13, 0}},
		{"www with @", "see www.a.example/b@c now", true,
			fields{true, scanner.Schemeless, "http://www.a.example/b@c", nil, nil, 17, 0},
			fields{true, scanner.Schemeless, "http://www.a.example/b@c", nil, nil, 17, 0}},
		{"an e-mail address", "write to ann@a.example. Thanks", true,
			fields{true, scanner.Email, "mailto:ann@a.example", nil, nil, 13, 0},
			fields{true, scanner.Email, "mailto:ann@a.example", nil, nil, 13, 0}},
		// An e-mail address never goes on over lines.
		{"an e-mail address at a line's end", at(72, "ann@a.example") + "\nabc/def", true,
			fields{true, scanner.Email, "mailto:ann@a.example", nil, nil, 13, 0},
			fields{true, scanner.Email, "mailto:ann@a.example", nil, nil, 13, 0}},
		// The address of an attribution line is no URL; a URL on a line
		// of message identifiers is one.
		{"an attribution", "Ann <ann@a.example> wrote:", true,
			fields{false, scanner.Email, "", nil, nil, 0, 0},
			fields{false, scanner.Email, "", nil, nil, 0, 0}},
		{"a URL among identifiers", "References: http://a.example/x", false,
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0},
			fields{true, scanner.Unwrapped, "http://a.example/x", nil, nil, 18, 0}},
		{"mailto", "write to mailto:ann@a.example", false,
			fields{true, scanner.Unwrapped, "mailto:ann@a.example", nil, nil, 20, 0},
			fields{true, scanner.Unwrapped, "mailto:ann@a.example", nil, nil, 20, 0}},
		// Nothing after the scheme: not reported.
		{"a scheme alone", "see http://\n\nmore", false,
			fields{false, scanner.Unwrapped, "http://", nil, nil, 7, 0},
			fields{false, scanner.Unwrapped, "http://", nil, nil, 7, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			scan := scanner.DefaultRules | scanner.Prose
			if c.hosts {
				scan |= scanner.Hosts
			}
			s := scanner.New(strings.NewReader(c.in), scanner.Rules(scan), scanner.WithSchemes(proseSchemes))
			r := &Reader{Rules: scanner.DefaultRules, Schemes: proseSchemes}
			if !s.Scan() {
				if c.want.Text != "" {
					t.Fatalf("%q: no candidate", c.in)
				}
				return
			}
			if got := read(r, s.Candidate()); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q:\ngot  %+v\nwant %+v", c.in, got, c.want)
			}
			r.Unjoin()
			if got := (fields{c.want.Ok, r.Kind, string(r.Text), append([]int(nil), r.Hyphens...),
				append([]string(nil), r.Warnings...), r.End, r.Joined}); !reflect.DeepEqual(got, c.unjoined) {
				t.Errorf("%q, unjoined:\ngot  %+v\nwant %+v", c.in, got, c.unjoined)
			}
		})
	}
}

// TestSchemeAloneInProse: Read reports a URL in prose only when it has
// text after its scheme; "mailto:" before the "." that ends a sentence has
// none.
func TestSchemeAloneInProse(t *testing.T) {
	s := scanner.New(strings.NewReader("see mailto:."), scanner.Rules(scanner.DefaultRules|scanner.Prose),
		scanner.WithSchemes(proseSchemes))
	r := &Reader{Rules: scanner.DefaultRules, Schemes: proseSchemes}
	for s.Scan() {
		if r.Read(s.Candidate()) {
			t.Errorf("reported: %q", r.Text)
		}
	}
}

// TestHostNameWithF: a bare host name (Hosts) is read with "http://";
// only one that starts with "ftp." is read with "ftp://".
func TestHostNameWithF(t *testing.T) {
	got := readProse("see foo.example/x", true, scanner.DefaultRules)
	want := []proseRead{{[]string{"http://foo.example/x"}, "foo.example/x"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
