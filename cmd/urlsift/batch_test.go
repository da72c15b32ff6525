package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// newsBatch is an rnews batch of two articles, the second
// quoted-printable, its lines and offsets counted by hand: 60 and 134
// bytes of articles.
const newsBatch = "#! rnews 60\n" + // line 1, offset 0
	"Message-ID: <a1@example.org>\n" + // line 2, offset 12
	"\n" + // line 3, offset 41
	"see <http://one.example.org/>\n" + // line 4, offset 42: "<" at 46, column 5
	"#! rnews 134\n" + // line 5, offset 72
	"Message-ID: <a2@example.org>\n" + // line 6, offset 85
	"MIME-Version: 1.0\n" + // line 7, offset 114
	"Content-Transfer-Encoding: quoted-printable\n" + // line 8, offset 132
	"\n" + // line 9, offset 176
	"<URL:ftp://ftp.example.edu/pub/faq.t=\n" + // line 10, offset 177
	"xt>\n" // line 11, offset 215; the batch ends at 219

// mmdfMessages is an MMDF file of two messages in CR LF, counted by hand.
const mmdfMessages = "\x01\x01\x01\x01\r\n" + // line 1, offset 0
	"Message-ID: <b1@example.org>\r\n" + // line 2, offset 6
	"X-URL: <http://x.example.org/>\r\n" + // line 3, offset 36: "<" at 43, column 8
	"\r\n" + // line 4, offset 68
	"\x01\x01\x01\x01\r\n" + // line 5, offset 70
	"\x01\x01\x01\x01\r\n" + // line 6, offset 76
	"Message-ID: <b2@example.org>\r\n" + // line 7, offset 82
	"\r\n" + // line 8, offset 112
	"body <http://y.example.org/>\r\n" + // line 9, offset 114: "<" at 119, column 6
	"\x01\x01\x01\x01\r\n" // line 10, offset 144; the file ends at 150

// TestNewsBatchAndMMDF: an rnews batch and an MMDF file, told by their
// first lines, give each URL once, with its message and its place in the
// file; a batch cut short is said on standard error, after the URLs
// found, with exit status 2.
func TestNewsBatchAndMMDF(t *testing.T) {
	dir := t.TempDir()
	batch := writeFile(t, dir, "news.batch", newsBatch)
	mmdf := writeFile(t, dir, "mail.mmdf", mmdfMessages)
	short := writeFile(t, dir, "short.batch", newsBatch[:218])
	for _, c := range []struct {
		name, file string
		want       []string
		stderr     string
	}{
		{"rnews", batch, []string{
			"rnews 4:5@46 message 1 <a1@example.org> @0 part 1 http://one.example.org/",
			"rnews 10:1@177 message 2 <a2@example.org> @72 part 1 ftp://ftp.example.edu/pub/faq.txt",
		}, ""},
		{"mmdf", mmdf, []string{
			"mmdf 3:8@43 message 1 <b1@example.org> @0 part header:X-URL http://x.example.org/",
			"mmdf 9:6@119 message 2 <b2@example.org> @76 part 1 http://y.example.org/",
		}, ""},
		// The input ends at "xt>", 133 bytes into the second article.
		{"rnews cut short", short, []string{
			"rnews 4:5@46 message 1 <a1@example.org> @0 part 1 http://one.example.org/",
			"rnews 10:1@177 message 2 <a2@example.org> @72 part 1 ftp://ftp.example.edu/pub/faq.txt",
		}, "urlsift: " + short + ": message 2 <a2@example.org>: 11:4: rnews: the batch is cut short: the input ends 133 bytes into an article of 134: unexpected EOF\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run([]string{"-Hn", "--json", c.file}, nil, &out, &errOut)
			var got []string
			for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				var r struct {
					Path, Input, URL, Part string
					Line, Col, Message     int
					Offset                 int64
					MessageID              string `json:"message_id"`
					MessageOffset          int64  `json:"message_offset"`
				}
				if json.Unmarshal([]byte(line), &r) != nil || r.Path != c.file {
					t.Fatalf("record %q", line)
				}
				got = append(got, fmt.Sprintf("%s %d:%d@%d message %d %s @%d part %s %s", r.Input, r.Line, r.Col, r.Offset,
					r.Message, r.MessageID, r.MessageOffset, r.Part, r.URL))
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") || errOut.String() != c.stderr {
				t.Errorf("got\n%s\nwant\n%s\nstderr %q, want %q", strings.Join(got, "\n"), strings.Join(c.want, "\n"), errOut.String(), c.stderr)
			}
			if want := map[bool]int{true: 0, false: 2}[c.stderr == ""]; code != want {
				t.Errorf("exit %d, want %d", code, want)
			}
		})
	}
	// Without --json: each URL at its line and column in the file; and
	// --input takes both kinds by name.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-Hn", batch}, batch + ":4:5:http://one.example.org/\n" + batch + ":10:1:ftp://ftp.example.edu/pub/faq.txt\n"},
		{[]string{"-n", "--input", "rnews", batch}, "4:5:http://one.example.org/\n10:1:ftp://ftp.example.edu/pub/faq.txt\n"},
		{[]string{"-n", "--input=mmdf", mmdf}, "3:8:http://x.example.org/\n9:6:http://y.example.org/\n"},
	} {
		var out, errOut bytes.Buffer
		if code := run(c.args, nil, &out, &errOut); code != 0 || out.String() != c.want {
			t.Errorf("%q: exit %d, got %q, want %q (stderr %q)", c.args, code, out.String(), c.want, errOut.String())
		}
	}
}
