package mail

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/urlsift/urlsift/extract"
)

// TestNewsArticles reads excerpts of two real Usenet articles of 1993,
// from the 20 Newsgroups set (github.com/mayarachew/20_news_groups at
// commit ce6b858f, data/comp.windows.x/66424 and data/comp.graphics/38753:
// the header, and a line of the body): one with an "Article-I.D." field,
// whose name holds dots, which RFC 5322 allows; one with "Content-Type:
// setext/plain" and no MIME-Version, which RFC 2045 section 4 says is no
// MIME: its body is text. Both are read as mail, their bodies found, and
// with Schemeless none of the host names of their Path, Xref, From,
// Newsgroups, Message-ID, References, Reply-To or Approved fields.
// Expectations written by hand from the excerpts.
func TestNewsArticles(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"testdata/news/article-id.txt", []string{"mail 1 http://export.lcs.mit.edu", "mail 1 http://lri.lri.fr"}},
		{"testdata/news/setext.txt", []string{"mail 1 http://garbo.uwasa.fi"}},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		if k := Detect(b); k != Message {
			t.Errorf("%s: Detect gives %v", c.file, k)
		}
		var got []string
		for m, err := range matchesOf(bytes.NewReader(b), Message, extract.Schemeless()) {
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			got = append(got, m.Input+" "+m.Mail.Part+" "+m.URL)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.file, got, c.want)
		}
	}
}
