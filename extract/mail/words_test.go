package mail

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
)

// TestEncodedWords: the URLs of RFC 2047 encoded words, Q and B, are found
// in their decoded text, wrapped and in prose, at the line and column of
// their encoded word, and the raw text of a word gives none of its own.
// Expectations written by hand.
func TestEncodedWords(t *testing.T) {
	msg := "From: a@b.example\n" + // line 1
		"Subject: =?utf-8?q?see_=3Chttp://q.example/x=3E?=\n" + // line 2, the word at column 10
		"X-B: =?utf-8?b?c2VlIDxodHRwOi8vYi5leGFtcGxlL3k+?=\n" + // "see <http://b.example/y>", column 6
		"X-Plain: =?utf-8?q?http://q.example/x?=\n" + // line 4, column 10
		"X-Folded: one <http://p.example/>\n" + // line 5, a wrapper in plain text
		"  =?iso-8859-1?q?two_=3Chttp://f.example/caf=E9=3E?= =?utf-8?q?_three?=\n" + // line 6, column 3
		"\n" +
		"body\n"
	for _, tc := range []struct {
		opts []extract.Option
		want []string
	}{
		{nil, []string{
			"2:10 header:Subject http://q.example/x",
			"3:6 header:X-B http://b.example/y",
			"5:15 header:X-Folded http://p.example/",
		}},
		{[]extract.Option{extract.Unwrapped()}, []string{
			"2:10 header:Subject http://q.example/x",
			"3:6 header:X-B http://b.example/y",
			"4:10 header:X-Plain http://q.example/x",
			"5:15 header:X-Folded http://p.example/",
		}},
	} {
		var got []string
		for m, err := range matchesOf(strings.NewReader(msg), Message, tc.opts...) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%d:%d %s %s", m.Pos.Line, m.Pos.Column, m.Mail.Part, m.URL))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}

// TestDecodeField: an encoded word's text, the white space between two
// adjacent words dropped (RFC 2047 section 6.2), and where each part
// stands.
func TestDecodeField(t *testing.T) {
	var h header
	h.inPlace([]byte("Subject: a =?utf-8?q?b?=  =?utf-8?b?Yw==?=\r\n d =?x?q?bad?= =?utf-8?q?e_f?=\r\n\r\n"))
	d, ok := h.decodeField(&h.fields[0])
	if !ok || d.text != " a bc d =?x?q?bad?= e f" {
		t.Fatalf("%q, %v", d.text, ok)
	}
	// "b" comes from the word at block offset 11, "c" from the one at 26,
	// "e f" from the one at 59 (the word before it, of an unknown charset,
	// is plain text);
	// " d" from the plain text after the fold, at 44.
	for _, c := range []struct{ o, at int }{{3, 11}, {4, 26}, {5, 44}, {20, 59}, {0, 8}} {
		if got := d.blockAt(c.o); got != c.at {
			t.Errorf("blockAt(%d) = %d, want %d", c.o, got, c.at)
		}
	}
}

// TestEncodedWordCharsets: a word in a charset that mime does not decode
// itself goes through wordDecoder's CharsetReader. The characters are
// those of the charsets' tables: in windows-1252, 0xE9 is "é" and 0x93,
// 0x94 the curved quotes; in ISO 8859-2, 0xB1 is "ą"; in KOI8-R, 0xC1 is
// "а" (Cyrillic). A charset that none knows leaves the word undecoded.
func TestEncodedWordCharsets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"=?windows-1252?q?caf=E9_=93x=94?=", "café \u201cx\u201d"},
		{"=?iso-8859-2?q?=B1?=", "\u0105"},
		{"=?koi8-r?b?wQ==?=", "\u0430"},
		{"=?ISO-8859-2?Q?a=B1b?= tail", "a\u0105b"},
		{"=?x-none?q?abc?=", ""},
	} {
		n, got := encodedWordAt([]byte(c.in))
		if got != c.want || (c.want == "") != (n == 0) {
			t.Errorf("%q: %d, %q; want %q", c.in, n, got, c.want)
		}
	}
}
