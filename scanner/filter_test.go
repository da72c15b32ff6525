package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// proseKnown is a scheme table for the tests of Prose mode.
var proseKnown = NewSchemes([]string{"http", "https", "ftp", "gopher", "file", "x-*"},
	map[string]bool{"mailto": false, "news": false, "urn": false, "http": true})

// chunked reads at most n bytes at a time, so that the buffer fills and
// moves as with a slow input.
type chunked struct {
	r io.Reader
	n int
}

func (c chunked) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

type proseFound struct {
	Offset int64
	Raw    string
	Kind   Kind
	Body   Span
	Lead   string
}

func scanProse(in []byte, mode mode, chunk, max int, shortcuts bool) []proseFound {
	defer func(was bool) { noShortcuts = was }(noShortcuts)
	noShortcuts = !shortcuts
	var r io.Reader = bytes.NewReader(in)
	if chunk > 0 {
		r = chunked{r, chunk}
	}
	s := New(r, modes(mode), WithSchemes(proseKnown), MaxLength(max))
	var got []proseFound
	for s.Scan() {
		c := s.Candidate()
		got = append(got, proseFound{c.Pos.Offset, string(c.Raw), c.Kind, c.Body, string(c.Layout.Lead)})
	}
	return got
}

var proseModes = []mode{
	defaultMode | softChars | proseMode,
	defaultMode | softChars | proseMode | hostsMode,
	skipEmpty | skipAbandoned | skipColonless | skipUnfit | proseMode,
}

// checkShortcuts says whether the prose finder's shortcuts (the finders'
// filters, which pass over the ":" and "." that start nothing, and the
// memory of runs) change what Prose mode finds.
func checkShortcuts(t *testing.T, in []byte, mode mode, chunk, max int) {
	t.Helper()
	want := scanProse(in, mode, chunk, max, false)
	if got := scanProse(in, mode, chunk, max, true); !reflect.DeepEqual(got, want) {
		t.Fatalf("mode %b, chunks of %d, maximum length %d: with the shortcuts\n%+v\nwithout\n%+v",
			mode, chunk, max, got, want)
	}
}

var shortcutInputs = []string{
	"See http://a.example/x and Note: nothing, or mailto:a@b.example.",
	"www.example.com www..x wwww.x.example xwww.y.example FTP.example.org/a",
	"a::http::http://x.example/ ::: http:/x http:// mailto: news:comp.lang",
	"x-http://a.example/ y.http://b.example/ z+ftp://c.example/ 1http://d.example/",
	"http://a.example/path-\n   continued and http://b.example/-\n> quoted-\n> line",
	"Table . . . . . . . . . . . . . . . . . . . . 12\nwww.example.org......... 13",
	"http:http:http:http:http:http:http:http:http:http:http:http://x.example/",
	"<URL:http://a.example/> then http://a.example/ and <http://b.example/x> text",
	strings.Repeat("abcdefghij", 10) + "http://long.example/ " + strings.Repeat("x", 70) + ":",
	"mailto:mailto:mailto:mailto:mailto:mailto: http://a.example/ http://x.example/\u00e9http://y.example/\u00e9",
	"user@host.example and (https://en.wikipedia.org/wiki/Foo_(bar)) \"http://q.example/\"",
}

// TestProseBatches checks, on inputs many times proseBatch long, what
// shortcuts the short inputs above do not reach: the prose finder looking
// a batch ahead at a time, and the Leads of its queue written over once
// all are returned (held). Wrappers far apart, a URL that waits for data
// at a chunk's end and quoted lines come between dense candidates.
func TestProseBatches(t *testing.T) {
	var b strings.Builder
	for i := range 1200 {
		fmt.Fprintf(&b, "see www.a%d.example and b.example.org now\n", i)
		switch {
		case i%97 == 0:
			fmt.Fprintf(&b, "> quoted http://q%d.example/a-\n> b and <URL:http://w%d.example/\n> x>\n", i, i)
		case i%41 == 0:
			b.WriteString("a long one http://long.example/" + strings.Repeat("p", 300) + " end\n")
		}
	}
	in := []byte(b.String())
	for _, m := range proseModes {
		for _, chunk := range []int{0, 7, proseBatch + 13} {
			for _, max := range []int{0, 100} {
				checkShortcuts(t, in, m, chunk, max)
			}
		}
	}
}

func FuzzShortcuts(f *testing.F) {
	for _, in := range shortcutInputs {
		f.Add([]byte(in), uint8(0), uint8(0), uint8(0))
		f.Add([]byte(in), uint8(1), uint8(3), uint8(30))
		f.Add([]byte(in), uint8(2), uint8(0), uint8(12))
	}
	f.Fuzz(func(t *testing.T, in []byte, mode, chunk, max uint8) {
		checkShortcuts(t, in, proseModes[int(mode)%len(proseModes)], int(chunk), int(max))
	})
}

// FuzzSkip checks the Skip modes against a scan without them: the same
// candidates, every field alike, but those the modes drop. Candidates
// that close on their line are decided where they are found (closeNow),
// the others by scanOpen: this compares the two.
func FuzzSkip(f *testing.F) {
	for _, s := range []string{"<URL:http://a/> x <http://b/>\n", "> <URL:http://a/\n> b> <c:d>", ">> <a:b>\n>> <c:\n>> d>",
		"| <a:b> <p> <> <<x:y>", "<a\n\x01:b> <\xffq:r>", "＜x:y＞ <ｘ:a> <a：b>", "  12. <a:b\n  13. c>",
		"<a:b\r\n> c>\r\n<d:e>", "> <q\n> r:s>", "> <q\n> r> <s:t>", "<a b> <c\n>:d>", "<a:" + strings.Repeat("b", 40) + ">",
		// Runs of candidates, each abandoned by the next "<", ended by
		// another stop, or by a "<" farther than the maximum length.
		"<a:<b:<c:<d:e> f", "<a:<b:<c:\n<d:e>", "<a:<b:＜c:<d:e>", "<a:<b:\xef<c:d>", "<a:<b:<c:\r\n> <d:e>",
		"<x:" + strings.Repeat("<y:", 20) + ">", "<x:" + strings.Repeat("<y:", 20),
		"<a:" + strings.Repeat("z", 28) + "<b:<c:" + strings.Repeat("z", 31) + "<d:" + strings.Repeat("z", 40) + "<e:f>",
		// Runs of candidates without a colon before the next "<", some
		// closed on their line, ended by a colon, by "：" or by a "<"
		// farther than the maximum length.
		"> RFC 1 <\n> RFC 2 <\n> RFC 3 <\n> <a:b>", "a < b < c <> d < e: <f:g>", "< x > < y > < z ><a:b>",
		"a < b < ｃ < d <e：f>", "a < b < c\r\n< d \xef< e:f>", "<p>" + strings.Repeat("<b>", 12) + "<c:d>",
		"< a" + strings.Repeat(" ", 29) + "< b" + strings.Repeat(" ", 40) + "< c <d:e>"} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(5))
	}
	scan := func(in []byte, mode mode, chunk int) []record {
		var r io.Reader = bytes.NewReader(in)
		if chunk > 0 {
			r = chunked{r, chunk}
		}
		got, _ := records(New(r, modes(mode), MaxLength(32)))
		return got
	}
	// All the Skip modes, and those that the extractor keeps when it
	// reports invalid URLs too.
	const skips, invalid = skipEmpty | skipAbandoned | skipColonless | skipUnfit, skipEmpty | skipColonless
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		all := scan(in, defaultMode, 0)
		for _, mode := range []mode{skips, invalid} {
			var want []record
			for _, k := range all {
				body := []byte(k.Raw[k.Body.Start:k.Body.End])
				if len(body) > 0 && !colonless(body) && (mode == invalid || k.Err == "" && !unfit(body)) {
					want = append(want, k)
				}
			}
			if got := scan(in, defaultMode|mode, int(chunk)); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q (modes %b, read %d bytes at a time):\ngot  %+v\nwant %+v", in, mode, chunk, got, want)
			}
		}
	})
}

// record is a candidate, every field of it, copied.
type record struct {
	Pos                   Position
	Kind                  Kind
	Raw, Lead, Quote, Err string
	Body                  Span
	Prefixes              []Span
	QuoteClosed, Unquoted bool
}

// records scans s to its end and returns its candidates and Err.
func records(s *Scanner) ([]record, error) {
	var got []record
	for s.Scan() {
		c := s.Candidate()
		l := &c.Layout
		k := record{Pos: c.Pos, Kind: c.Kind, Raw: string(c.Raw), Lead: string(l.Lead), Quote: l.Quote, Body: c.Body,
			Prefixes: append([]Span(nil), l.Prefixes...), QuoteClosed: l.QuoteClosed, Unquoted: l.Unquoted}
		if c.Err != nil {
			k.Err = c.Err.Error()
		}
		got = append(got, k)
	}
	return got, s.Err()
}

// failing reads r, then fails with err.
type failing struct {
	r   io.Reader
	err error
}

func (f failing) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		err = f.err
	}
	return n, err
}

// FuzzInMemory checks ResetBytes against a scan of the same bytes through
// a reader, read whole or in pieces, in every mode, from a position
// inside a larger input, with and without a read error at the end: the
// same candidates, every field alike, and the same error. The Scanner is
// reset from one to the other and back, so that each starts clean.
func FuzzInMemory(f *testing.F) {
	for _, s := range append(shortcutInputs[:len(shortcutInputs):len(shortcutInputs)],
		"<URL:http://a/> x <http://b/>\n", "> <URL:http://a/\n> b> <c:d>", "| <a:b> <p> <> <<x:y>", "＜x:y＞ <ｘ:a>",
		"<a:b\r\n> c>\r\n<d:e>", "<a:"+strings.Repeat("b", 40)+">", "<http://a.example/\xff", "x\xef\xbc") {
		f.Add([]byte(s), uint8(0), uint8(0), false)
		f.Add([]byte(s), uint8(3), uint8(1), true)
	}
	// A quoted line at the input's start, its URL broken after a hyphen,
	// in Prose mode: its quote prefix is the same read in place or not.
	for _, s := range []string{">http://a-\nb", "> see http://a.example/b-\n> c"} {
		f.Add([]byte(s), uint8(0), uint8(3), false)
	}
	all := append([]mode{defaultMode, defaultMode | skipEmpty | skipAbandoned | skipColonless | skipUnfit,
		defaultMode &^ fullwidthBrackets &^ quotePrefixes}, proseModes...)
	boom := errors.New("boom")
	f.Fuzz(func(t *testing.T, in []byte, chunk, mode uint8, fail bool) {
		m := all[int(mode)%len(all)]
		at := Position{Offset: 1000, Line: 20, Column: 1}
		s := New(nil, modes(m), WithSchemes(proseKnown), MaxLength(32), Filename("f"))
		var r io.Reader = bytes.NewReader(in)
		if chunk > 0 {
			r = chunked{r, int(chunk)}
		}
		var err error
		if fail {
			r, err = failing{r, boom}, boom
		}
		s.ResetAt(r, at)
		want, wantErr := records(s)
		mem := bytes.Clone(in)
		s.ResetBytes(mem, at, err)
		got, gotErr := records(s)
		if !reflect.DeepEqual(got, want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("%q in mode %b (read %d bytes at a time, error %v):\nin place %+v, %v\nread     %+v, %v",
				in, m, chunk, err, got, gotErr, want, wantErr)
		}
		if !bytes.Equal(mem, in) {
			t.Fatalf("%q: ResetBytes changed its input to %q", in, mem)
		}
		s.ResetAt(bytes.NewReader(in), at) // the Scanner's own buffer again
		again, _ := records(s)
		n := New(nil, modes(m), WithSchemes(proseKnown), MaxLength(32), Filename("f"))
		n.ResetAt(bytes.NewReader(in), at)
		fresh, _ := records(n)
		if !reflect.DeepEqual(again, fresh) {
			t.Fatalf("%q: after ResetBytes, a scan through a reader gives\n%+v\nwant %+v", in, again, fresh)
		}
	})
}
