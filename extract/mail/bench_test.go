package mail

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime/quotedprintable"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
)

// archive generates an mbox of about size bytes, a mix of what mail
// archives hold: plain messages, quoted-printable ones with soft line
// breaks, base64 ones, multipart/alternative with HTML, Latin-1, quoted
// replies and list headers.
func archive(size int) []byte {
	prose := strings.Repeat("The whitespace should be ignored when extracting the URL, says RFC 1738.\n", 20)
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "From user%d@example.org Mon Jan  2 10:00:00 1995\n", i)
		fmt.Fprintf(&b, "From: User %d <user%d@example.org>\nMessage-ID: <m%d@example.org>\nSubject: message %d\n", i, i, i, i)
		b.WriteString("List-Archive: <http://lists.example.org/archive/>\nMIME-Version: 1.0\n")
		body := fmt.Sprintf("%sSee <URL:http://www.example.org/archive/%d/a/long/path/that-\n   breaks.html>.\n"+
			"> Quoted: <http://www.example.org/quoted/%d\n> /more>\n%s", prose, i, i, prose)
		switch i % 4 {
		case 0:
			b.WriteString("Content-Type: text/plain; charset=us-ascii\n\n" + body)
		case 1:
			b.WriteString("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n")
			w := quotedprintable.NewWriter(&b)
			w.Write([]byte("Caf\xe9 " + body))
			w.Close()
		case 2:
			b.WriteString("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
			b.WriteString(base64.StdEncoding.EncodeToString([]byte(body)))
		case 3:
			b.WriteString("Content-Type: multipart/alternative; boundary=\"b\"\n\n--b\nContent-Type: text/plain\n\n" + body +
				"\n--b\nContent-Type: text/html\n\n<html><body><p>" + strings.ReplaceAll(prose, "\n", "<br>\n") +
				fmt.Sprintf("<a href=\"http://www.example.org/html/%d\">link</a></p></body></html>\n--b--\n", i))
		}
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

func BenchmarkMbox(b *testing.B) {
	in := archive(100 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for m, err := range matchesOf(bytes.NewReader(in), Mbox, extract.ReportInvalid()) {
			if err != nil {
				b.Fatal(err)
			}
			if !m.Valid {
				b.Fatalf("invalid: %+v", m)
			}
			n++
		}
		if n == 0 {
			b.Fatal("no match")
		}
	}
}

// smallMessages generates an mbox of n small messages, half of them
// quoted-printable Latin-1 and half base64 UTF-8, with one URL each: the
// mbox of the README's comparison with grep -oE, where the cost of a
// message, not of its bytes, decides.
func smallMessages(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "From user%d@example.org Mon Jan  2 10:00:00 1995\nFrom: User %d <user%d@example.org>\n"+
			"Message-ID: <m%d@example.org>\nSubject: note %d\nMIME-Version: 1.0\n", i, i, i, i, i)
		body := fmt.Sprintf("Caf\xe9: see <URL:http://www.example.org/notes/%d>.\n", i)
		if i%2 == 0 {
			b.WriteString("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n")
			w := quotedprintable.NewWriter(&b)
			w.Write([]byte(body))
			w.Close()
			b.WriteString("\n\n")
		} else {
			b.WriteString("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n")
			b.WriteString(base64.StdEncoding.EncodeToString([]byte(strings.Replace(body, "\xe9", "\u00e9", 1))))
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()
}

// BenchmarkSmallMessages measures the cost of a message in three steps:
// split, the mbox cut into its messages, each read through; parts, the
// messages walked and their parts decoded, each read through, with no
// URL looked for; matches, all of Matches.
func BenchmarkSmallMessages(b *testing.B) {
	const n = 20000
	in := smallMessages(n)
	buf := make([]byte, 32<<10)
	perMessage := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/message")
	}
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			m, got := newMbox(bytes.NewReader(in), Mbox), 0
			for _, _, ok := m.next(); ok; _, _, ok = m.next() {
				for _, err := m.Read(buf); err == nil; _, err = m.Read(buf) {
				}
				got++
			}
			if got != n {
				b.Fatalf("%d messages, want %d", got, n)
			}
		}
		perMessage(b)
	})
	b.Run("parts", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			for p, err := range parts(bytes.NewReader(in), Mbox, Start{}, false) {
				if err != nil {
					b.Fatal(err)
				}
				for _, err := p.Body.Read(buf); err == nil; _, err = p.Body.Read(buf) {
				}
			}
		}
		perMessage(b)
	})
	b.Run("matches", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			urls := 0
			for m, err := range matchesOf(bytes.NewReader(in), Mbox) {
				if err != nil || !m.Valid {
					b.Fatalf("%v %+v", err, m)
				}
				urls++
			}
			if urls != n {
				b.Fatalf("%d URLs, want %d", urls, n)
			}
		}
		perMessage(b)
	})
}
