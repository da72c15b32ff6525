package mail

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// The rnews batch of the tests: three articles, the first with a URL in
// a header field and one in its body, the second quoted-printable with a
// URL broken by a soft line break, the third with a "#! rnews" line in
// its body, which its count keeps in it. Each line with its line number
// and offset, counted by hand; the counts, 209, 244 and 142, are checked
// in TestRnewsCounts.
const (
	rnewsArticle1 = "Path: news.example.org!not-for-mail\n" + // line 2, offset 13
		"From: A <a@example.org>\n" + // line 3, offset 49
		"Newsgroups: comp.misc\n" + // line 4, offset 73
		"Subject: one\n" + // line 5, offset 95
		"Message-ID: <1@example.org>\n" + // line 6, offset 108
		"Archived-At: <http://archive.example.org/1>\n" + // line 7, offset 136: "<" at 149, column 14
		"\n" + // line 8, offset 180
		"See <URL:http://a.example.org/faq.html>.\n" // line 9, offset 181: "<" at 185, column 5
	rnewsArticle2 = "From: B <b@example.org>\n" + // line 11, offset 235
		"Newsgroups: comp.misc\n" + // line 12, offset 259
		"Subject: two\n" + // line 13, offset 281
		"Message-ID: <2@example.org>\n" + // line 14, offset 294
		"MIME-Version: 1.0\n" + // line 15, offset 322
		"Content-Type: text/plain; charset=us-ascii\n" + // line 16, offset 340
		"Content-Transfer-Encoding: quoted-printable\n" + // line 17, offset 383
		"\n" + // line 18, offset 427
		"The FAQ: <URL:ftp://ftp.example.edu/pub/faq.t=\n" + // line 19, offset 428: "<" at 437, column 10
		"xt>\n" // line 20, offset 475
	rnewsArticle3 = "From: C <c@example.org>\n" + // line 22, offset 492
		"Newsgroups: comp.misc\n" + // line 23, offset 516
		"Subject: three\n" + // line 24, offset 538
		"Message-ID: <3@example.org>\n" + // line 25, offset 553
		"\n" + // line 26, offset 581
		"A batch quoted:\n" + // line 27, offset 582
		"#! rnews 99\n" + // line 28, offset 598
		"<http://c.example.org/>\n" // line 29, offset 610; the batch ends at 634
	rnewsBatch = "#! rnews 209\n" + rnewsArticle1 + // line 1, offset 0
		"#! rnews 244\n" + rnewsArticle2 + // line 10, offset 222
		"#! rnews 142\n" + rnewsArticle3 // line 21, offset 479
)

// rnewsWant is what rnewsBatch gives, message by message.
var rnewsWant = []string{
	"1@0 <1@example.org> header:Archived-At 7:14@149 http://archive.example.org/1",
	"1@0 <1@example.org> 1 9:5@185 http://a.example.org/faq.html",
	"2@222 <2@example.org> 1 19:10@437 ftp://ftp.example.edu/pub/faq.txt",
	"3@479 <3@example.org> 1 29:1@610 http://c.example.org/",
}

// The MMDF file of the tests, its lines and offsets counted by hand: a
// message with a URL in a header field and one in its body, a message
// after mutt's "From " line, and a quoted-printable one.
const mmdfFile = "\x01\x01\x01\x01\n" + // line 1, offset 0
	"From: A <a@example.org>\n" + // line 2, offset 5
	"Subject: one\n" + // line 3, offset 29
	"Message-ID: <m1@example.org>\n" + // line 4, offset 42
	"List-Archive: <http://lists.example.org/arch/>\n" + // line 5, offset 71: "<" at 85, column 15
	"\n" + // line 6, offset 118
	"Body <URL:http://m1.example.org/>\n" + // line 7, offset 119: "<" at 124, column 6
	"\x01\x01\x01\x01\n" + // line 8, offset 153
	"\x01\x01\x01\x01\n" + // line 9, offset 158
	"From b@example.org Mon Jan  1 00:00:00 2001\n" + // line 10, offset 163
	"From: B <b@example.org>\n" + // line 11, offset 207
	"Message-ID: <m2@example.org>\n" + // line 12, offset 231
	"\n" + // line 13, offset 260
	"see <http://m2.example.org/>\n" + // line 14, offset 261: "<" at 265, column 5
	"\x01\x01\x01\x01\n" + // line 15, offset 290
	"\x01\x01\x01\x01\n" + // line 16, offset 295
	"From: C <c@example.org>\n" + // line 17, offset 300
	"Message-ID: <m3@example.org>\n" + // line 18, offset 324
	"MIME-Version: 1.0\n" + // line 19, offset 353
	"Content-Transfer-Encoding: quoted-printable\n" + // line 20, offset 371
	"\n" + // line 21, offset 415
	"<URL:ftp://ftp.example.edu/pub/faq.t=\n" + // line 22, offset 416
	"xt>\n" + // line 23, offset 454
	"\x01\x01\x01\x01\n" // line 24, offset 458; the file ends at 463

// mmdfWant is what mmdfFile gives.
var mmdfWant = []string{
	"1@0 <m1@example.org> header:List-Archive 5:15@85 http://lists.example.org/arch/",
	"1@0 <m1@example.org> 1 7:6@124 http://m1.example.org/",
	"2@158 <m2@example.org> 1 14:5@265 http://m2.example.org/",
	"3@295 <m3@example.org> 1 22:1@416 ftp://ftp.example.edu/pub/faq.txt",
}

// crlf makes the lines of s end in CR LF.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// sayAll lists what a Reader yields for in, a file of kind: each match as
// "message@message_offset message_id part line:col@offset URL" ("-" for
// no Message-ID), each warning as "warning message part", each other
// *PartError as "error message@message_offset line:col@offset" of the
// place its *scanner.Error names. Every match must carry the input's
// kind. in is read through rd, with its messages in place or streamed.
func sayAll(t *testing.T, in string, kind Kind, rd func(io.Reader) io.Reader, streamed bool) []string {
	t.Helper()
	var out []string
	r := NewReader()
	r.w.streamed = streamed
	r.each(rd(strings.NewReader(in)), kind, Start{}, true, func(m *extract.Match, err error) bool {
		var pe *PartError
		var se *scanner.Error
		switch {
		case errors.As(err, &pe) && pe.Warning:
			out = append(out, fmt.Sprintf("warning %d %s", pe.Message, pe.Path))
		case pe != nil && errors.As(err, &se):
			out = append(out, fmt.Sprintf("error %d@%d %d:%d@%d", pe.Message, pe.MessageOffset, se.Pos.Line, se.Pos.Column, se.Pos.Offset))
		case err != nil:
			t.Fatalf("%v", err)
		case m.Input != kind.String():
			t.Fatalf("match %+v: input %q, want %q", m, m.Input, kind)
		case m.Pos.Offset < 0 || m.Pos.Offset >= int64(len(in)) || m.Mail.MessageOffset > m.Pos.Offset:
			t.Fatalf("match %+v stands outside the input or before its message", m)
		default:
			id := m.Mail.MessageID
			if id == "" {
				id = "-"
			}
			out = append(out, fmt.Sprintf("%d@%d %s %s %d:%d@%d %s", m.Mail.Message, m.Mail.MessageOffset, id, m.Mail.Part,
				m.Pos.Line, m.Pos.Column, m.Pos.Offset, m.URL))
		}
		return true
	})
	return out
}

// checkKind compares what in gives, read as kind with its messages in
// place and streamed, whole and through readers that cut it, with want.
func checkKind(t *testing.T, in string, kind Kind, want []string) {
	t.Helper()
	for _, streamed := range []bool{false, true} {
		for name, rd := range map[string]func(io.Reader) io.Reader{
			"whole": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader,
			"halves": iotest.HalfReader, "data and EOF": iotest.DataErrReader,
		} {
			if got := sayAll(t, in, kind, rd, streamed); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, streamed %v:\ngot  %q\nwant %q", name, streamed, got, want)
			}
		}
	}
	checkInPlaceOf(t, kind.String(), []byte(in), kind)
}

// TestRnewsCounts checks the hand counts of the test batch.
func TestRnewsCounts(t *testing.T) {
	for i, c := range []struct {
		article string
		count   int
	}{{rnewsArticle1, 209}, {rnewsArticle2, 244}, {rnewsArticle3, 142}} {
		if len(c.article) != c.count {
			t.Errorf("article %d is %d bytes, not %d", i+1, len(c.article), c.count)
		}
	}
	if len(rnewsBatch) != 634 || len(mmdfFile) != 463 {
		t.Errorf("the batch is %d bytes, the MMDF file %d", len(rnewsBatch), len(mmdfFile))
	}
}

// TestRnews: an rnews batch gives each URL once, with its article, at its
// place in the file; and where the batch breaks, what it holds is read
// all the same, and the break is reported where it is.
func TestRnews(t *testing.T) {
	if k := Detect([]byte(rnewsBatch)); k != Rnews {
		t.Fatalf("Detect gives %v", k)
	}
	// CR LF: each line one byte longer, the counts too (8, 10 and 8
	// lines), and each offset that many bytes further as lines before it.
	crlfBatch := strings.NewReplacer("#! rnews 209\n", "#! rnews 217\r\n", "#! rnews 244\n", "#! rnews 254\r\n",
		"#! rnews 142\n", "#! rnews 150\r\n", "\n", "\r\n").Replace(rnewsBatch)
	noLastLF := "#! rnews 31\n" + // line 1, offset 0
		"Subject: x\n" + // line 2, offset 12
		"\n" + // line 3, offset 23
		"<http://n.example/>#! rnews 27\n" + // line 4, offset 24: the count line at 43
		"X-URL: <http://y.example/>\n" // line 5, offset 55: "<" at 62
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"three articles", rnewsBatch, rnewsWant},
		{"CR LF", crlfBatch, []string{
			"1@0 <1@example.org> header:Archived-At 7:14@155 http://archive.example.org/1",
			"1@0 <1@example.org> 1 9:5@193 http://a.example.org/faq.html",
			"2@231 <2@example.org> 1 19:10@455 ftp://ftp.example.edu/pub/faq.txt",
			"3@499 <3@example.org> 1 29:1@638 http://c.example.org/",
		}},
		{"an article without a last line end", noLastLF, []string{
			"1@0 - 1 4:1@24 http://n.example/",
			"2@43 - header:X-URL 5:8@62 http://y.example/",
		}},
		{"an empty article", "#! rnews 0\n#! rnews 27\nX-URL: <http://y.example/>\n", []string{
			"2@11 - header:X-URL 3:8@30 http://y.example/",
		}},
		// The second count ends at 435, in line 19 ("The FAQ" and then
		// ": <URL:..."): the article is read on up to line 21.
		{"a count too small", strings.Replace(rnewsBatch, "#! rnews 244\n", "#! rnews 200\n", 1), []string{
			rnewsWant[0], rnewsWant[1], rnewsWant[2],
			"error 2@222 19:8@435",
			rnewsWant[3],
		}},
		// The first count ends at 243, in line 11 ("From: B " and then
		// "<b@..."): the first article is read on up to line 21, the
		// second with it, its soft line break not decoded (the first is
		// not MIME).
		{"a count too large", strings.Replace(rnewsBatch, "#! rnews 209\n", "#! rnews 230\n", 1), []string{
			rnewsWant[0], rnewsWant[1],
			"1@0 <1@example.org> 1 19:10@437 ftp://ftp.example.edu/pub/faq.t=xt",
			"error 1@0 11:9@243",
			"2@479 <3@example.org> 1 29:1@610 http://c.example.org/",
		}},
		{"text after the last article", rnewsBatch + "garbage <http://tail.example.org/>\n", []string{
			rnewsWant[0], rnewsWant[1], rnewsWant[2], rnewsWant[3],
			"3@479 <3@example.org> 1 30:9@642 http://tail.example.org/",
			"error 3@479 30:1@634",
		}},
		{"cut short after a URL", rnewsBatch[:633], []string{
			rnewsWant[0], rnewsWant[1], rnewsWant[2], rnewsWant[3],
			"error 3@479 29:24@633",
		}},
		// The input ends at "#! rne", which is no count line: the
		// second article is read up to there, and that is reported.
		{"cut short in a count line", rnewsBatch[:485], []string{
			rnewsWant[0], rnewsWant[1], rnewsWant[2],
			"error 2@222 21:1@479",
		}},
		// 25 bytes and a line before the batch: each place after them
		// that much further.
		{"text before the first count", "junk <http://j.example/>\n" + rnewsBatch, []string{
			"warning 1 header",
			"1@0 - header 1:6@5 http://j.example/",
			"error 1@0 1:1@0",
			"2@25 <1@example.org> header:Archived-At 8:14@174 http://archive.example.org/1",
			"2@25 <1@example.org> 1 10:5@210 http://a.example.org/faq.html",
			"3@247 <2@example.org> 1 20:10@462 ftp://ftp.example.edu/pub/faq.txt",
			"4@504 <3@example.org> 1 30:1@635 http://c.example.org/",
		}},
		{"a count past any input", "#! rnews 99999999999999999999\nSubject: x\n\n<http://huge.example/>\n", []string{
			"1@0 - 1 4:1@42 http://huge.example/",
			"error 1@0 5:1@65",
		}},
		{"empty", "", nil},
	} {
		t.Run(c.name, func(t *testing.T) { checkKind(t, c.in, Rnews, c.want) })
	}
}

// TestRnewsCutShort: a batch cut short says so in an error that
// errors.Is finds io.ErrUnexpectedEOF in, after the URLs found before.
func TestRnewsCutShort(t *testing.T) {
	var last error
	n := 0
	for _, err := range matchesOf(strings.NewReader(rnewsBatch[:633]), Rnews) {
		if err == nil {
			n++
			continue
		}
		last = err
	}
	if n != 4 || !errors.Is(last, io.ErrUnexpectedEOF) || !strings.Contains(last.Error(), "141 bytes into an article of 142") {
		t.Errorf("%d matches, then %v", n, last)
	}
}

// TestMMDF: an MMDF file gives each URL once, with its message, at its
// place in the file; where the file breaks, what it holds is read all
// the same, and the break is reported where it is.
func TestMMDF(t *testing.T) {
	if k := Detect([]byte(mmdfFile)); k != MMDF {
		t.Fatalf("Detect gives %v", k)
	}
	lostClose := strings.Replace(mmdfFile, "<URL:http://m1.example.org/>\n\x01\x01\x01\x01\n", "<URL:http://m1.example.org/>\n", 1)
	stray := "stray <http://stray.example/>\n" // 30 bytes
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"three messages", mmdfFile, mmdfWant},
		{"CR LF", crlf(mmdfFile), []string{
			"1@0 <m1@example.org> header:List-Archive 5:15@89 http://lists.example.org/arch/",
			"1@0 <m1@example.org> 1 7:6@130 http://m1.example.org/",
			"2@166 <m2@example.org> 1 14:5@278 http://m2.example.org/",
			"3@310 <m3@example.org> 1 22:1@437 ftp://ftp.example.edu/pub/faq.txt",
		}},
		{"no closing separator at the end", mmdfFile[:458], append(mmdfWant[:4:4], "error 3@295 24:1@458")},
		{"the last separator without its line end", mmdfFile[:462], mmdfWant},
		{"CR LF, the last separator without its line end", crlf(mmdfFile)[:485], []string{
			"1@0 <m1@example.org> header:List-Archive 5:15@89 http://lists.example.org/arch/",
			"1@0 <m1@example.org> 1 7:6@130 http://m1.example.org/",
			"2@166 <m2@example.org> 1 14:5@278 http://m2.example.org/",
			"3@310 <m3@example.org> 1 22:1@437 ftp://ftp.example.edu/pub/faq.txt",
		}},
		// Line 8 gone: line 9 closes the first message, the second has
		// no opening separator (mutt's "From " line is then a header
		// line without a colon), and its closing one is followed by
		// another, which opens the third. Lines and offsets after line
		// 7 are one line and 5 bytes back.
		{"a closing separator lost", lostClose, []string{
			mmdfWant[0], mmdfWant[1],
			"warning 2 header",
			"2@158 <m2@example.org> 1 13:5@260 http://m2.example.org/",
			"error 2@158 9:1@158",
			"3@290 <m3@example.org> 1 21:1@411 ftp://ftp.example.edu/pub/faq.txt",
		}},
		// A line between the first two messages: a message of its own,
		// up to the separator that opens the next; then each place is a
		// line and 30 bytes further.
		{"text between messages", strings.Replace(mmdfFile, "\x01\x01\x01\x01\n\x01\x01\x01\x01\n", "\x01\x01\x01\x01\n"+stray+"\x01\x01\x01\x01\n", 1), []string{
			mmdfWant[0], mmdfWant[1],
			"warning 2 header",
			"2@158 - header 9:7@164 http://stray.example/",
			"error 2@158 9:1@158",
			"3@188 <m2@example.org> 1 15:5@295 http://m2.example.org/",
			"4@325 <m3@example.org> 1 23:1@446 ftp://ftp.example.edu/pub/faq.txt",
		}},
		{"an empty line between messages", strings.Replace(mmdfFile, "\x01\x01\x01\x01\n\x01\x01\x01\x01\n", "\x01\x01\x01\x01\n\n\x01\x01\x01\x01\n", 1), []string{
			mmdfWant[0], mmdfWant[1],
			"2@159 <m2@example.org> 1 15:5@266 http://m2.example.org/",
			"3@296 <m3@example.org> 1 23:1@417 ftp://ftp.example.edu/pub/faq.txt",
		}},
		{"an empty message", "\x01\x01\x01\x01\n\x01\x01\x01\x01\n" + mmdfFile, []string{
			"2@10 <m1@example.org> header:List-Archive 7:15@95 http://lists.example.org/arch/",
			"2@10 <m1@example.org> 1 9:6@134 http://m1.example.org/",
			"3@168 <m2@example.org> 1 16:5@275 http://m2.example.org/",
			"4@305 <m3@example.org> 1 24:1@426 ftp://ftp.example.edu/pub/faq.txt",
		}},
		{"a separator that ends the input", mmdfFile + "\x01\x01\x01\x01\n", mmdfWant},
		{"empty", "", nil},
	} {
		t.Run(c.name, func(t *testing.T) { checkKind(t, c.in, MMDF, c.want) })
	}
}

// TestHugeCount: a count of 2^62 bytes, in place or streamed, allocates
// none of them: the article is read as far as the input goes.
func TestHugeCount(t *testing.T) {
	in := "#! rnews 4611686018427387904\nSubject: x\n\n<http://huge.example/>\n"
	for _, streamed := range []bool{false, true} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := sayAll(t, in, Rnews, func(r io.Reader) io.Reader { return r }, streamed)
		runtime.ReadMemStats(&after)
		// A count line of 29 bytes, one less than the 20 digits' above.
		if want := []string{"1@0 - 1 4:1@41 http://huge.example/", "error 1@0 5:1@64"}; !reflect.DeepEqual(got, want) {
			t.Errorf("streamed %v: got %q, want %q", streamed, got, want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("streamed %v: %d bytes allocated", streamed, n)
		}
	}
}

// FuzzBatches reads any input as an rnews batch and as an MMDF file: no
// panic, no endless loop, every match inside the input and after its
// message's start, and the same matches and errors with one-byte reads,
// messages streamed or read in place.
func FuzzBatches(f *testing.F) {
	for _, s := range []string{rnewsBatch, crlf(mmdfFile), rnewsBatch[:633], mmdfFile[:458],
		"#! rnews 3\nabc#! rnews 2\nx\n", "x\n\x01\x01\x01\x01\n<http://a.example/>\n\x01\x01\x01\x01\n\x01\x01\x01\x01"} {
		f.Add([]byte(s))
	}
	whole := func(r io.Reader) io.Reader { return r }
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, kind := range []Kind{Rnews, MMDF} {
			want := sayAll(t, string(in), kind, whole, false)
			if got := sayAll(t, string(in), kind, iotest.OneByteReader, true); !reflect.DeepEqual(got, want) {
				t.Fatalf("%v: one-byte reads give %q, whole reads %q", kind, got, want)
			}
			checkInPlaceOf(t, kind.String(), in, kind)
		}
	})
}
