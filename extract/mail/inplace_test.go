package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/extract"
)

// everything returns every match of an mbox, all its fields, and every
// error, read with messages in place or streamed, and handed over as
// copies or, with views, in place.
func everything(in []byte, streamed, views bool) []string {
	return everythingFrom(bytes.NewReader(in), streamed, views)
}

// everythingFrom is everything for an mbox that r reads.
func everythingFrom(r io.Reader, streamed, views bool) []string {
	return everythingOf(r, Mbox, streamed, views)
}

// everythingOf is everything for a file of messages of kind (Mbox, Rnews,
// MMDF) that r reads.
func everythingOf(r io.Reader, kind Kind, streamed, views bool) []string {
	var out []string
	rd := NewReader(extract.ReportInvalid())
	rd.w.streamed = streamed
	rd.each(r, kind, Start{}, views, func(m *extract.Match, err error) bool {
		if err != nil {
			var pe *PartError
			if errors.As(err, &pe) {
				out = append(out, fmt.Sprintf("error %+v: %v", *pe, err))
			} else {
				out = append(out, "error: "+err.Error())
			}
			return true
		}
		out = append(out, fmt.Sprintf("%+v", *m))
		return true
	})
	return out
}

// checkInPlace: the messages of an mbox read in place give what the same
// messages read through the mbox's reader give, field for field, and
// matches handed over in place (Reader.Matches) what their copies give.
func checkInPlace(t *testing.T, name string, in []byte) {
	t.Helper()
	checkInPlaceOf(t, name, in, Mbox)
}

// checkInPlaceOf is checkInPlace for a file of messages of kind.
func checkInPlaceOf(t *testing.T, name string, in []byte, kind Kind) {
	t.Helper()
	of := func(streamed, views bool) []string { return everythingOf(bytes.NewReader(in), kind, streamed, views) }
	got, want := of(false, false), of(true, false)
	compare(t, name+": in place", got, "streamed", want)
	compare(t, name+": views", of(false, true), "copies", got)
}

// compare fails t at the first record where got and want part.
func compare(t *testing.T, gotName string, got []string, wantName string, want []string) {
	t.Helper()
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i < len(got) || i < len(want) {
		t.Fatalf("%s, from record %d of %d:\n%q\n%s, of %d:\n%q", gotName, i, len(got), got[i:min(i+1, len(got))],
			wantName, len(want), want[i:min(i+1, len(want))])
	}
}

// TestInPlace compares messages read in place with the same read
// through the mbox's reader, on the corpus's archive, generated archives
// and messages built to sit on the edges of the in-place path: "From "
// lines that are the message's own, quoted ">From " lines, CR LF and
// lone CR, messages larger than the buffer, a header with no body.
func TestInPlace(t *testing.T) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "corpus", "mail-archive.mbox")); err == nil {
		checkInPlace(t, "mail-archive.mbox", b)
	} else {
		t.Fatal(err)
	}
	checkInPlace(t, "archive", archive(2<<20))
	checkInPlace(t, "small messages", smallMessages(2000))
	big := strings.Repeat("text <http://big.example/> text\n", 3000) // larger than the buffer
	for _, c := range []string{
		"From a\nSubject: x\n\n<http://a.example/>\n\nFrom b\nSubject: y\n\n<http://b.example/>\n",
		"From a\nFrom b\n\n<http://own-from.example/>\nFrom c\n\nFrom d\n\n<http://d.example/>\n",
		"From a\n\nFrom b\n\n<http://empty-first.example/>\n",
		"From a\n>From b\n\n<http://quoted.example/>\n\nFrom c\n\n<http://c.example/>\n",
		"From a\nSubject: x\n\nbody\n>>From here\n<http://quoted2.example/>\n\nFrom c\n\n<http://c.example/>\n",
		"From a\r\nSubject: x\r\n\r\n<URL:http://crlf.\r\n  example/>\r\n\r\nFrom b\r\n\r\n<http://b.example/>\r\n",
		"From a\rSubject: x\r\r<http://cr.example/>\r\n\nFrom b\n\n<http://b.example/>\n",
		"From a\nSubject: only a header\n\nFrom b\nX-URL: <http://header-only.example/>\n\nFrom c\n",
		"From a\nSubject: big\n\n" + big + "\nFrom b\n\n<http://after-big.example/>\n\n" + "From c\nSubject: big\n\n" + big,
		"From a\nContent-Type: multipart/mixed; boundary=x\n\n--x\nContent-Transfer-Encoding: base64\n\nPGh0dHA6Ly9iNjQuZXhhbXBsZS8+\n--x--\n\nFrom b\nContent-Type: message/rfc822\n\nSubject: inner\n\n<http://inner.example/>\n",
		"From a\nContent-Transfer-Encoding: quoted-printable\nContent-Type: text/plain; charset=iso-8859-1\n\n<http://q=\nq.example/caf=E9>\n\nFrom b\nContent-Transfer-Encoding: base64\n\n!!!!\n",
		"From a\nnot a field\nSubject: =?utf-8?q?<http://word.example/>?=\n\n\nFrom b\n\n",
	} {
		checkInPlace(t, fmt.Sprintf("%.40q", c), []byte(c))
	}
	// Bodies decoded in memory, each followed by a message so that it is
	// read in place: transfer encodings, their errors, charsets, and the
	// text that is read through its readers all the same (HTML, flowed,
	// multi-byte charsets).
	next := "\nFrom z\n\n<http://next.example/>\n"
	for _, c := range []string{
		"Content-Transfer-Encoding: base64\n\nPGh0dHA6Ly9iNjQuZXhhbXBsZS8+\n!!!!\nPGh0dHA6Ly9iLmV4YW1wbGUvPg==\n",
		"Content-Transfer-Encoding: base64\n\nPGh0dHA6Ly9iNjQuZXhhbXBsZS8+\r\nPGh0dHA6Ly9i\r\nLmV4YW\n",
		"Content-Transfer-Encoding: BASE64 \nContent-Type: text/plain; charset=iso-8859-1\n\nPGh0dHA6Ly9jYWbpLmV4YW1wbGUvPg==\nPGE6Yj4=\n",
		"Content-Transfer-Encoding: base64\n\n\n",
		"Content-Transfer-Encoding: quoted-printable\n\n<http://q.example/=3D=\r\nx>  \n<http://soft.example/=\n",
		"Content-Type: text/plain; charset=x-unknown\n\n<http://caf\xe9.example/> <http://b.example/\x9c>\n",
		"Content-Type: text/plain; charset=windows-1251\nContent-Transfer-Encoding: 8bit\n\n<http://\xe0.example/>\n",
		"Content-Type: text/html\n\n<p><a href=\"http://html.example/\">x</a> <http://wrapped.example/></p>\n",
		"Content-Type: text/plain; format=flowed\n\n<http://flowed.example/ \nmore>\n",
		"Content-Type: text/plain; charset=shift_jis\n\n<http://sjis.example/\x82\xa0>\n",
		"Content-Type: message/delivery-status\n\nX-Note: <http://report.example/>\n",
		"Content-Type: image/png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n",
		"X-A: =?utf-8?b?PGh0dHA6Ly9iNjQud29yZC5leGFtcGxlLz4=?=\nX-B: <http://raw.example/>\n\n<http://body.example/>\n",
	} {
		c = "From a\nSubject: in memory\n" + c + next
		checkInPlace(t, fmt.Sprintf("%.40q", c), []byte(c))
	}
}

// TestInBufferRefills reads an mbox larger than the mbox's buffer, whose
// messages its end cuts: with whole reads, every message but the last
// (which no separator ends) is read in place, the buffer filled again
// for those it cut; with reads of every size, and reads that end in an
// error, the matches and errors are those of the messages streamed.
func TestInBufferRefills(t *testing.T) {
	const n = 1000
	in := smallMessages(n)
	if len(in) < 4*64<<10 {
		t.Fatalf("the mbox is %d bytes, not larger than the buffer", len(in))
	}
	// Read whole, and through a bufio.Reader of the mbox's size, which
	// the mbox reads as it is (package source gives it one).
	for _, r := range []io.Reader{bytes.NewReader(in), bufio.NewReaderSize(bytes.NewReader(in), 64<<10)} {
		m, inPlace := newMbox(r, Mbox), 0
		for i := 0; ; i++ {
			if _, _, ok := m.next(); !ok {
				if i != n {
					t.Fatalf("%d messages, want %d", i, n)
				}
				break
			}
			if msg := m.inBuffer(); msg != nil {
				inPlace++
				m.inMsg = false
				m.take(msg, true)
			} else if _, err := io.Copy(io.Discard, m); err != nil {
				t.Fatal(err)
			}
		}
		if inPlace != n-1 {
			t.Errorf("%T: %d messages of %d read in place, want all but the last", r, inPlace, n)
		}
	}
	want := everything(in, true, false)
	for name, rd := range map[string]func(io.Reader) io.Reader{
		"halves": iotest.HalfReader, "one byte": iotest.OneByteReader, "data and EOF": iotest.DataErrReader,
	} {
		compare(t, name, everythingFrom(rd(bytes.NewReader(in)), false, false), "streamed", want)
	}
	// A read error in the middle of the mbox ends it there, however it
	// is read, and a reader that would go on after it is not read again.
	cut := iotest.TimeoutReader(bytes.NewReader(in[:100<<10]))
	got := everythingFrom(io.MultiReader(bytes.NewReader(in[:70<<10]), cut), false, false)
	want = everythingFrom(io.MultiReader(bytes.NewReader(in[:70<<10]), iotest.TimeoutReader(bytes.NewReader(in[:100<<10]))), true, false)
	compare(t, "a timeout, in place", got, "streamed", want)
	if last := got[len(got)-1]; !strings.Contains(last, iotest.ErrTimeout.Error()) {
		t.Errorf("the last record is %q, not the timeout", last)
	}
}
