package mail

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc3986"
)

// proseOf returns the matches of a message read with opts, as "part form
// url".
func proseOf(t *testing.T, msg string, opts ...extract.Option) []string {
	t.Helper()
	var got []string
	for m, err := range matchesOf(strings.NewReader(msg), Message, opts...) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, m.Mail.Part+" "+m.Form.String()+" "+m.URL)
	}
	return got
}

// TestAddressFields: with Schemeless, the host names and addresses of the
// fields of addresses, trace and identifiers are no URLs; those of other
// fields and of the body are. Expectations written by hand.
func TestAddressFields(t *testing.T) {
	msg := "Path: news.cs.example.edu!news.example.com!not-for-mail\n" +
		"From: Ann Example <ann@a.example.org>\n" +
		"To: list@b.example.org\n" +
		"Newsgroups: comp.ai\n" +
		"Xref: news.example.com comp.ai:16851\n" +
		"Message-ID: <1993Apr5.1234@c.example.edu>\n" +
		"References: <x1@d.example.net> <x2@e.example.net>\n" +
		"Received: from mail.example.net by mx.example.org\n" +
		"Subject: see www.example.org and example.net\n" +
		"X-URL: http://x.example.org/\n" +
		"\n" +
		"Write to bob@f.example.com or visit example.com/page.\n"
	want := []string{
		"header:Subject schemeless http://www.example.org",
		"header:Subject schemeless http://example.net",
		"header:X-URL unwrapped http://x.example.org/",
		"1 email mailto:bob@f.example.com",
		"1 schemeless http://example.com/page",
	}
	if got := proseOf(t, msg, extract.Schemeless(), extract.WithGrammar(rfc3986.URI)); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestLinkText: an HTML link whose text repeats its href is one record,
// the href's; a text that is another URL is one more.
func TestLinkText(t *testing.T) {
	msg := "MIME-Version: 1.0\nContent-Type: text/html\n\n" +
		"<p>See <a href=\"http://a.example/x\">http://a.example/x</a> and " +
		"<a href=\"http://b.example/\">www.b.example</a> or <a href=\"http://c.example/\">http://d.example/</a>.</p>\n"
	want := []string{
		"1 href http://a.example/x",
		"1 href http://b.example/",
		"1 schemeless http://www.b.example",
		"1 href http://c.example/",
		"1 unwrapped http://d.example/",
	}
	if got := proseOf(t, msg, extract.Unwrapped()); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
