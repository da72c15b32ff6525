package mail

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/transform"
)

// positions returns, for every match of an mbox read in place or
// streamed, its part, its place in the file and its place in the part.
func positions(t *testing.T, in []byte, streamed bool) []string {
	t.Helper()
	var out []string
	rd := NewReader()
	rd.w.streamed = streamed
	rd.each(bytes.NewReader(in), Mbox, Start{}, true, func(m *extract.Match, err error) bool {
		if err != nil {
			t.Fatal(err)
		}
		pp := m.Mail.PartPos
		out = append(out, fmt.Sprintf("%s %d:%d@%d part %d:%d@%d %s", m.Mail.Part, m.Pos.Line, m.Pos.Column, m.Pos.Offset,
			pp.Line, pp.Column, pp.Offset, m.URL))
		return true
	})
	return out
}

// TestFilePositions: the matches of a header block and of a body in 7bit
// or 8bit stand where they stand in the file, in place and streamed: in a
// single-byte charset, whose characters grow when decoded to UTF-8, and
// on a quoted "From " line that the mbox reader takes a ">" from. The
// places are counted by hand from the text below.
func TestFilePositions(t *testing.T) {
	in := "From a@example.org Mon Jan  1 00:00:00 2001\n" + // line 1, offset 0
		"Message-ID: <1@example.org>\n" + // line 2, offset 44
		"X-URL: <http://h.example/>\n" + // line 3, offset 72: "<" at 79
		"\n" + // line 4, offset 99
		"see <http://a.example/>\n" + // line 5, offset 100: "<" at 104
		"\n" + // line 6, offset 124
		"From b@example.org Mon Jan  1 00:00:00 2001\n" + // line 7, offset 125
		"MIME-Version: 1.0\n" + // line 8, offset 169
		"Content-Type: text/plain; charset=iso-8859-1\n" + // line 9, offset 187
		"Content-Transfer-Encoding: 8bit\n" + // line 10, offset 232
		"\n" + // line 11, offset 264
		"caf\xe9 \xe0 <http://b.example/>\n" + // line 12, offset 265: "<" at 272
		"\xe9t\xe9 <http://c.example/>\n" // line 13, offset 292: "<" at 296
	want := []string{
		"header:X-URL 3:8@79 part 2:8@35 http://h.example/",
		"1 5:5@104 part 1:5@4 http://a.example/",
		"1 12:8@272 part 1:8@9 http://b.example/",
		"1 13:5@296 part 2:5@35 http://c.example/", // "café à <...>\n" is 29 bytes in UTF-8, "été " 6
	}
	for _, streamed := range []bool{false, true} {
		if got := positions(t, []byte(in), streamed); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("streamed %v:\ngot  %q\nwant %q", streamed, got, want)
		}
	}
}

// TestFilePositionsQuoted: in a message streamed because it is large, the
// ">" that the mbox reader takes from quoted "From " lines, and the
// characters of a single-byte charset, are counted back: every URL stands
// at its "<" in the file, whose place is found by searching the file.
func TestFilePositionsQuoted(t *testing.T) {
	var b strings.Builder
	b.WriteString("From a@example.org Mon Jan  1 00:00:00 2001\nMIME-Version: 1.0\n" +
		"Content-Type: text/plain; charset=iso-8859-1\n\n")
	var urls []string
	for i := range 9000 { // more marks than maxMarks: those settled are dropped
		u := fmt.Sprintf("http://u%d.example/", i)
		urls = append(urls, u)
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, ">From caf\xe9 <%s>\n", u)
		case 1:
			fmt.Fprintf(&b, "\xe0\xe0 <%s> and some more text to make the message long\n", u)
		default:
			fmt.Fprintf(&b, ">>From here: <%s>\n", u)
		}
	}
	in := []byte(b.String())
	if len(in) < 128<<10 {
		t.Fatalf("only %d bytes: not streamed", len(in))
	}
	for _, streamed := range []bool{false, true} {
		got := positions(t, in, streamed)
		if len(got) != len(urls) {
			t.Fatalf("streamed %v: %d matches, want %d", streamed, len(got), len(urls))
		}
		at := 0
		for i, u := range urls {
			at += bytes.Index(in[at:], []byte("<"+u+">"))
			line := bytes.Count(in[:at], []byte("\n")) + 1
			col := at - bytes.LastIndexByte(in[:at], '\n') // a column a byte: ASCII and ISO 8859-1
			prefix := fmt.Sprintf("1 %d:%d@%d part ", line, col, at)
			if !strings.HasPrefix(got[i], prefix) || !strings.HasSuffix(got[i], " "+u) {
				t.Fatalf("streamed %v: got %q, want %q...", streamed, got[i], prefix)
			}
		}
	}
}

// TestShiftsSettled: marks wait in their thousands only until the scan
// settles past them; the offsets asked for after it are still right.
func TestShiftsSettled(t *testing.T) {
	var s shifts
	settled := int64(0)
	s.setSettled(fixed{&settled}, 0)
	for i := range int64(10 * maxMarks) {
		settled = 10 * i // nothing before the last mark but 100 is asked for
		s.add(10*i+5, -1, 0)
		if len(s.list) > maxMarks+1 {
			t.Fatalf("%d marks wait", len(s.list))
		}
	}
	// Each mark before an offset takes it one byte back.
	for _, off := range []int64{settled, settled + 4, settled + 5, settled + 6} {
		want := off - (off+5)/10
		if got := s.source(scanner.Position{Offset: off}).Offset; got != want {
			t.Errorf("source(%d) = %d, want %d", off, got, want)
		}
	}
}

// TestLineDecoder: a multi-byte charset decoded a line at a time gives
// what transform.NewReader gives, however its input is cut, and each line
// of the text stands at the start of the line it came from.
func TestLineDecoder(t *testing.T) {
	text := "日本語のテキスト <http://a.example/>\n二行目です。\r\n\nlast 行"
	for _, enc := range []encoding.Encoding{japanese.ShiftJIS, japanese.EUCJP, japanese.ISO2022JP, simplifiedchinese.GBK} {
		in, err := enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := io.ReadAll(transform.NewReader(bytes.NewReader(in), enc.NewDecoder()))
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
		} {
			at := scanner.Position{Offset: 100, Line: 7, Column: 1}
			d := newLineDecoder(rd(bytes.NewReader(in)), enc.NewDecoder(), at)
			got, err := io.ReadAll(d)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%v: got %q (%v), want %q", enc, got, err, want)
			}
			// The start of each line of the text, and a byte inside it.
			lines, inLines := bytes.SplitAfter(got, []byte("\n")), bytes.SplitAfter(in, []byte("\n"))
			off, inOff := int64(100), int64(100)
			for i, l := range lines {
				for _, k := range []int{0, len(l) / 2} {
					pos := d.marks.source(scanner.Position{Offset: off + int64(k), Line: 7 + i})
					if pos.Offset != inOff || pos.Line != 7+i || pos.Column != 1 {
						t.Errorf("%v: line %d, byte %d at %+v, want %d:1@%d", enc, i+1, k, pos, 7+i, inOff)
					}
				}
				off, inOff = off+int64(len(l)), inOff+int64(len(inLines[i]))
			}
		}
	}
}

// fixed is a settler whose scan has settled at *at.
type fixed struct{ at *int64 }

func (f fixed) settled(int) int64 { return *f.at }

// TestFilePositionsEscapedBreak: a line break written as quoted-printable
// escapes breaks the decoded text, not the file's line: a URL after it
// stands on the file's line, at its column there.
func TestFilePositionsEscapedBreak(t *testing.T) {
	in := "From a@example.org Mon Jan  1 00:00:00 2001\n" + // line 1
		"MIME-Version: 1.0\n" + // line 2
		"Content-Transfer-Encoding: quoted-printable\n" + // line 3
		"\n" + // line 4
		"a=0D=0Ab <http://x.example/>\n" + // line 5, offset 107: "<" after "a=0D=0Ab ", at 116
		"<http://y.example/>\n" // line 6, offset 136
	want := []string{
		"1 5:10@116 part 2:3@5 http://x.example/", // decoded "a\r\nb <": line 2 of the part
		"1 6:1@136 part 3:1@25 http://y.example/",
	}
	for _, streamed := range []bool{false, true} {
		if got := positions(t, []byte(in), streamed); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("streamed %v:\ngot  %q\nwant %q", streamed, got, want)
		}
	}
}
