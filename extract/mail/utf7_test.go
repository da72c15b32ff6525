package mail

import (
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"golang.org/x/text/transform"
)

// TestUTF7 decodes the examples of RFC 2152 section 3 and the edges of
// its rules, expectations written by hand from the RFC.
func TestUTF7(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"A+ImIDkQ.", "A\u2262\u0391."},             // "A≢Α." (RFC 2152)
		{"Hi Mom -+Jjo--!", "Hi Mom -\u263a-!"},     // "Hi Mom -☺-!" (RFC 2152)
		{"+ZeVnLIqe-", "\u65e5\u672c\u8a9e"},        // "日本語" (RFC 2152)
		{"Item 3 is +AKM-1.", "Item 3 is \u00a31."}, // "£1" (RFC 2152)
		{"a+-b", "a+b"},
		{"http://a.example/+AH4-ann/", "http://a.example/~ann/"},
		{"+2D3eAA-", "\U0001F600"}, // a surrogate pair
		{"+2D0-x", "\ufffdx"},      // a high surrogate alone
		{"+AGE", "a"},              // a shift that the input ends
		{"+AGEx", "a\ufffd"},       // "x" is base64: 8 bits left over
		{"+AGE.", "a."},            // ended by a byte outside base64
		{"caf\xe9", "caf\ufffd"},   // not 7-bit
		{"+AG-", "\ufffd"},         // bits left over that are not zero
	} {
		got, _, err := transform.String(utf7{}.NewDecoder(), c.in)
		if err != nil || got != c.want {
			t.Errorf("%q: got %q, %v, want %q", c.in, got, err, c.want)
		}
		// A byte at a time, as a part is read.
		b, err := io.ReadAll(transform.NewReader(iotest.OneByteReader(strings.NewReader(c.in)), utf7{}.NewDecoder()))
		if err != nil || string(b) != c.want {
			t.Errorf("%q a byte at a time: got %q, %v, want %q", c.in, b, err, c.want)
		}
	}
}

// TestUTF7Part: a part in UTF-7 is read in it, not as windows-1252.
func TestUTF7Part(t *testing.T) {
	msg := "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-7\n\nsee <URL:http://a.example/+AH4-ann/> now\n"
	var got []string
	for m, err := range matchesOf(strings.NewReader(msg), Message, extract.WithGrammar(rfc3986.URI)) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, m.Mail.Charset+" "+m.URL)
	}
	if want := []string{"utf-7 http://a.example/~ann/"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
