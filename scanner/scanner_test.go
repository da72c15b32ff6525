package scanner

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

type found struct {
	Pos    string
	Offset int64
	Raw    string
	Breaks []int
	Err    string
}

func scanAll(t *testing.T, r io.Reader, opts ...Option) []found {
	t.Helper()
	s := New(r, append([]Option{modes(defaultMode)}, opts...)...)
	var got []found
	for s.Scan() {
		c := s.Candidate()
		f := found{Pos: c.Pos.String(), Offset: c.Pos.Offset, Raw: string(c.Raw), Breaks: breaks(c.Raw)}
		if c.Err != nil {
			f.Err = c.Err.Error()
		}
		got = append(got, f)
	}
	if err := s.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
	return got
}

func TestScan(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		max  int // 0: the default
		want []found
	}{
		{"none", "a > b", 0, nil},
		{"one", "ab <x>", 0, []found{{"f:1:4", 3, "<x>", nil, ""}}},
		{"breaks", "<a\nb\r\nc\rd>", 0, []found{{"f:1:1", 0, "<a\nb\r\nc\rd>", []int{2, 4, 7}, ""}}},
		{"another", "<a\n <b>", 0, []found{
			{"f:1:1", 0, "<a\n ", []int{2}, `another "<" at line 2 column 2 came before ">"`},
			{"f:2:2", 4, "<b>", nil, ""}}},
		{"end", "x<ab", 0, []found{{"f:1:2", 1, "<ab", nil, `the input ended before ">"`}}},
		{"too long", "<abcdefgh>ij<k>", 5, []found{
			{"f:1:1", 0, "<abcd", nil, "longer than 5 bytes"},
			{"f:1:13", 12, "<k>", nil, ""}}},
		{"exactly the maximum", "<abc>", 5, []found{{"f:1:1", 0, "<abc>", nil, ""}}},
		{"maximum, then <", "<abcd<e>", 5, []found{
			{"f:1:1", 0, "<abcd", nil, `another "<" at line 1 column 6 came before ">"`},
			{"f:1:6", 5, "<e>", nil, ""}}},
		{"maximum, then >", "<abcd><e>", 5, []found{
			{"f:1:1", 0, "<abcd", nil, "longer than 5 bytes"},
			{"f:1:7", 6, "<e>", nil, ""}}},
		{"maximum, then the end", "<abcd", 5, []found{{"f:1:1", 0, "<abcd", nil, `the input ended before ">"`}}},
		{"multi-byte columns", "ü\xff€\n\U0001F600<a>", 0, []found{{"f:2:2", 11, "<a>", nil, ""}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, rd := range []func(io.Reader) io.Reader{
				func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
			} {
				got := scanAll(t, rd(strings.NewReader(c.in)), Filename("f"), MaxLength(c.max))
				if !reflect.DeepEqual(got, c.want) {
					t.Fatalf("got  %+v\nwant %+v", got, c.want)
				}
			}
		})
	}
}

// TestLongLine: a line far longer than the buffer keeps its columns.
func TestLongLine(t *testing.T) {
	in := strings.Repeat("é", 200000) + "<a>" + strings.Repeat("x", 300000) + "<b>"
	got := scanAll(t, iotest.HalfReader(strings.NewReader(in)))
	want := []found{
		{"1:200001", 400000, "<a>", nil, ""},
		{"1:500004", 700003, "<b>", nil, ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

func TestNoProgress(t *testing.T) {
	s := New(io.MultiReader(strings.NewReader("<a> <b"), zeroReader{}), modes(defaultMode))
	var n int
	for s.Scan() {
		n++
	}
	if n != 1 || !errors.Is(s.Err(), io.ErrNoProgress) {
		t.Errorf("%d candidates, Err() = %v", n, s.Err())
	}
	if got := s.Err().Error(); got != "1:7: multiple Read calls return no data or error" {
		t.Errorf("message %q", got)
	}
}

func TestUnterminatedIs(t *testing.T) {
	s := New(strings.NewReader("<"+strings.Repeat("a", DefaultMaxLength)), modes(defaultMode))
	if !s.Scan() || !errors.Is(s.Candidate().Err, ErrTooLong) || len(s.Candidate().Raw) != DefaultMaxLength {
		t.Errorf("%v", s.Candidate().Err)
	}
}

func TestPositionString(t *testing.T) {
	for _, c := range []struct {
		p    Position
		want string
	}{
		{Position{}, "-"},
		{Position{Filename: "a"}, "a"},
		{Position{Line: 2, Column: 3}, "2:3"},
		{Position{Filename: "a", Line: 2, Column: 3}, "a:2:3"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

func TestPositionAdvance(t *testing.T) {
	at := func(off int64, line, col int) Position { return Position{Offset: off, Line: line, Column: col} }
	for _, c := range []struct {
		from Position
		b    string
		want Position
	}{
		{Position{}, "ab", at(2, 1, 3)},
		{at(10, 2, 5), "xy\nz", at(14, 3, 2)},
		{at(0, 1, 1), "a\r\nb", at(4, 2, 2)},
		{at(0, 1, 1), "a\rb", at(3, 2, 2)},
		{at(0, 1, 1), "\n\n", at(2, 3, 1)},
		{at(0, 1, 1), "\u00e9\u20ac", at(5, 1, 3)},
		{at(0, 1, 1), "\xff\xfe", at(2, 1, 3)},
		{at(0, 1, 1), strings.Repeat("ab\r\n", 10) + "cd", at(42, 11, 3)},
		{at(0, 1, 1), strings.Repeat("abcdefgh", 5) + "\n\u00e9", at(43, 2, 2)},
		{Position{Filename: "f", Line: 7, Column: 1}, "", Position{Filename: "f", Line: 7, Column: 1}},
	} {
		if got := c.from.Advance([]byte(c.b)); got != c.want {
			t.Errorf("%+v.Advance(%q) = %+v, want %+v", c.from, c.b, got, c.want)
		}
	}
	// A CR LF split between two calls counts twice, as documented.
	if got := at(0, 1, 1).Advance([]byte("a\r")).Advance([]byte("\nb")); got != at(4, 3, 2) {
		t.Errorf("split CR LF: %+v", got)
	}
	// Advance counts as the Scanner does.
	in := "a <b>\r\n\u00e9 <c>\rx\n\n\t<URL:d\n  e>" + strings.Repeat("\u20ac", 40) + "<f>"
	s := New(strings.NewReader(in), modes(defaultMode))
	n := 0
	for s.Scan() {
		c := s.Candidate()
		if got := (Position{}).Advance([]byte(in[:c.Pos.Offset])); got != c.Pos {
			t.Errorf("candidate %q at %+v, Advance says %+v", c.Raw, c.Pos, got)
		}
		n++
	}
	if n != 4 {
		t.Errorf("%d candidates, want 4", n)
	}
}

// TestCounterPieces counts random texts given in random pieces and
// checks the lines and columns against a count character by character.
func TestCounterPieces(t *testing.T) {
	// A CR at the end of a piece, then eight ASCII bytes: the LF after
	// them is a line break of its own.
	c := newCounter()
	c.count([]byte("x\r"))
	c.count([]byte("abcdefgh\ny"))
	if c.Line != 3 || c.Column != 2 {
		t.Errorf("CR, then eight bytes and LF: %d:%d, want 3:2", c.Line, c.Column)
	}
	// All the units, and ASCII with LF alone, which the counter takes
	// eight bytes at a time.
	all := []string{"a", "b", " ", "\r", "\n", "\r\n", "\u00e9", "\u20ac", "\xff"}
	lf := []string{"a", "b", " ", "\n", "abcdefg", "\n\n"}
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 40000 {
		units := all
		if k%2 == 1 {
			units = lf
		}
		var text []string
		for range rng.IntN(60) {
			text = append(text, units[rng.IntN(len(units))])
		}
		// The reference: character by character.
		line, col, prevCR := 1, 1, false
		for _, r := range strings.Join(text, "") {
			switch {
			case r == '\r':
				line, col = line+1, 1
			case r == '\n' && prevCR:
				col = 1
			case r == '\n':
				line, col = line+1, 1
			default:
				col++
			}
			prevCR = r == '\r'
		}
		// The counter, in pieces cut between units.
		c := newCounter()
		for i := 0; i < len(text); {
			n := 1 + rng.IntN(40)
			piece := strings.Join(text[i:min(i+n, len(text))], "")
			if got, want := c.count([]byte(piece)), max(strings.LastIndexByte(piece, '\n'), strings.LastIndexByte(piece, '\r')); got != want {
				t.Fatalf("%q: the last line break at %d, want %d", piece, got, want)
			}
			i += n
		}
		if c.Line != line || c.Column != col {
			t.Fatalf("%q: counter at %d:%d, want %d:%d", strings.Join(text, ""), c.Line, c.Column, line, col)
		}
	}
}

func ExamplePosition_Advance() {
	p := Position{Filename: "mail.txt", Line: 1, Column: 1}
	p = p.Advance([]byte("Subject: caf\u00e9\r\n\r\nsee "))
	fmt.Println(p, p.Offset)
	// Output:
	// mail.txt:3:5 22
}

func ExampleScanner() {
	s := New(strings.NewReader("see <URL:ftp://ds.in\n   ternic.net/rfc> and <p"), Filename("mail.txt"), modes(defaultMode))
	for s.Scan() {
		c := s.Candidate()
		fmt.Printf("%v %q breaks=%v err=%v\n", c.Pos, c.Raw, breaks(c.Raw), c.Err)
	}
	// Output:
	// mail.txt:1:5 "<URL:ftp://ds.in\n   ternic.net/rfc>" breaks=[16] err=<nil>
	// mail.txt:2:24 "<p" breaks=[] err=the input ended before ">"
}

// TestLayout checks what the scanner gives the layout rules: the lead and
// quote of the opening line, the quote prefixes of continuation lines,
// a close at a quote marker, and the body inside fullwidth brackets.
func TestLayout(t *testing.T) {
	type got struct {
		Raw         string
		Body        Span
		Lead        string
		Quote       string
		Prefixes    []Span
		QuoteClosed bool
		Unquoted    bool
		Err         string
	}
	for _, c := range []struct {
		name string
		in   string
		max  int
		want []got
	}{
		{"lead", "  845. <a>", 0, []got{{"<a>", Span{1, 2}, "  845. ", "", nil, false, false, ""}}},
		{"quote", "> > x <a\r\n> >b\n> > c>", 0, []got{{"<a\r\n> >b\n> > c>", Span{1, 14}, "> > x ", ">>",
			[]Span{{4, 7}, {9, 13}}, false, false, ""}}},
		{"deeper line closes", "> <a\n> > b>", 0, []got{{"<a\n>", Span{1, 3}, "> ", ">", nil, true, false, ""}}},
		{"quote ended", "| <a\nb c>", 0, []got{{"<a", Span{1, 2}, "| ", "|", nil, false, false, `the quoted text ended before ">"`}}},
		{"re-wrapped", "| <a\nb>", 0, []got{{"<a\nb>", Span{1, 4}, "| ", "|", nil, false, true, ""}}},
		{"re-wrapped, CR LF", "> x <a\r\nb/c> d", 0, []got{{"<a\r\nb/c>", Span{1, 7}, "> x ", ">", nil, false, true, ""}}},
		{"not re-wrapped: indented", "> <a\n b>", 0, []got{{"<a", Span{1, 2}, "> ", ">", nil, false, false, `the quoted text ended before ">"`}}},
		{"not re-wrapped: another quote", "> <a\n| b>", 0, []got{{"<a", Span{1, 2}, "> ", ">", nil, false, false, `the quoted text ended before ">"`}}},
		{"not re-wrapped after a quote marker", "> <a\n> b\nc>", 0, []got{{"<a\n>", Span{1, 3}, "> ", ">", nil, true, false, ""}}},
		{"fallback at the maximum", "> <abcd\n> ef", 8, []got{{"<abcd\n>", Span{1, 6}, "> ", ">", nil, true, false, ""}}},
		{"fallback past the maximum", "> <abcd\n> ef", 6, []got{{"<abcd\n", Span{1, 6}, "> ", ">", nil, false, false, "longer than 6 bytes"}}},
		{"fullwidth", "x＜a＞y＜b>", 0, []got{
			{"＜a＞", Span{3, 4}, "x", "", nil, false, false, ""},
			{"＜b>", Span{3, 4}, "x＜a＞y", "", nil, false, false, ""}}},
		{"a cut fullwidth bracket", "＜ab", 2, []got{{"\xef\xbc", Span{2, 2}, "", "", nil, false, false, "longer than 2 bytes"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, rd := range []func(io.Reader) io.Reader{
				func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
			} {
				s := New(rd(strings.NewReader(c.in)), MaxLength(c.max), modes(defaultMode))
				var all []got
				for s.Scan() {
					k := s.Candidate()
					l := &k.Layout
					g := got{string(k.Raw), k.Body, string(l.Lead), l.Quote, append([]Span(nil), l.Prefixes...), l.QuoteClosed, l.Unquoted, ""}
					if len(g.Prefixes) == 0 {
						g.Prefixes = nil
					}
					if k.Err != nil {
						g.Err = k.Err.Error()
					}
					all = append(all, g)
				}
				if !reflect.DeepEqual(all, c.want) {
					t.Fatalf("got  %+v\nwant %+v", all, c.want)
				}
			}
		})
	}
}

// TestSkip: with skipEmpty and skipAbandoned the scanner returns only the
// candidates that may hold a URL, and their positions are right.
func TestSkip(t *testing.T) {
	in := "<<<<a> <> <><><><><><><><><>x<b\n<<c> <d" + strings.Repeat("<", 100) + "\n<e>"
	for _, c := range []struct {
		mode mode
		want []string
	}{
		{defaultMode | skipEmpty | skipAbandoned, []string{"1:4 <a>", "2:2 <c>", "3:1 <e>"}},
		{defaultMode | skipEmpty, []string{"1:4 <a>", "1:30 <b\n", "2:2 <c>", "2:6 <d", "2:107 <\n", "3:1 <e>"}},
		{defaultMode | skipAbandoned, []string{"1:4 <a>", "1:8 <>", "1:11 <>", "1:13 <>", "1:15 <>", "1:17 <>", "1:19 <>",
			"1:21 <>", "1:23 <>", "1:25 <>", "1:27 <>", "2:2 <c>", "3:1 <e>"}},
	} {
		checkMode(t, in, c.mode, c.want)
	}
}

// TestSeqLen checks seqLen against utf8.DecodeRune on every lead byte,
// every second byte, and third and fourth bytes at the edges of the
// continuation range, whole and cut short.
func TestSeqLen(t *testing.T) {
	edges := []byte{0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff}
	for c := 0xC2; c <= 0xF4; c++ {
		for b1 := 0; b1 < 256; b1++ {
			for _, b2 := range edges {
				for _, b3 := range edges {
					seq := []byte{byte(c), byte(b1), b2, b3}
					for n := 1; n <= 4; n++ {
						_, want := utf8.DecodeRune(seq[:n])
						if got := seqLen(seq[:n]); got != want {
							t.Fatalf("seqLen(% x) = %d, want %d", seq[:n], got, want)
						}
					}
				}
			}
		}
	}
}

func TestRuneCount(t *testing.T) {
	for _, s := range []string{"", "abc", "abcdefghijklmnop", "é€😀", "\xff\xfe\xc0", "abcdefgh\xe2\x82", "ab\xe2\x82\xacdefghijkl",
		strings.Repeat("x", 100) + "ü" + strings.Repeat("y", 9), "\xed\xa0\x80", "\xf4\x90\x80\x80",
		// Eight bytes without a continuation byte whose last is a lead
		// byte, continued after them, or not.
		"\xfe\xc3\xff\xfe\xc3\xff\xfe\xc3\xa9abcdefgh", "\xfe\xc3\xff\xfe\xc3\xff\xfe\xe2\x82\xacabcdefgh",
		"\xfe\xc3\xff\xfe\xc3\xff\xfe\xc3\xc3abcdefgh", strings.Repeat("\xfe\xc3\xff", 30)} {
		if got, want := runeCount([]byte(s)), utf8.RuneCountInString(s); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
	// Random strings of the bytes that matter, across the eight-byte
	// steps.
	alphabet := []byte{'a', 0x41, 0x42, 0x74, 0x75, 0x7f, 0x80, 0x8f, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xdf,
		0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if got, want := runeCount(b), utf8.RuneCount(b); got != want {
			t.Fatalf("runeCount(% x) = %d, want %d", b, got, want)
		}
	}
	// Long random strings, of bytes that are no lead byte with a few
	// that are, anywhere in the blocks of leadFree or between them.
	for range 20000 {
		b := make([]byte, 64+rng.IntN(300))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
			for b[i] >= 0xC2 && b[i] <= 0xF4 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		for range rng.IntN(4) {
			b[rng.IntN(len(b))] = []byte{0xC2, 0xC3, 0xE2, 0xEF, 0xF0, 0xF4}[rng.IntN(6)]
		}
		if got, want := runeCount(b), utf8.RuneCount(b); got != want {
			t.Fatalf("runeCount(% x) = %d, want %d", b, got, want)
		}
	}
	// Random strings of whole characters, mostly of three bytes, with
	// broken ones among them: the runs of three-byte characters.
	tokens := []string{"a", "é", "€", "\uFFC3", "\uC3FE", "\u4E2D", "\u0800", "\uD7FF", "\uE000", "😀", "\x80", "\xef\xbf",
		"\xed\xa0\x80", "\xe2\x82", "\xef\xbc\x9c"}
	for range 50000 {
		var b []byte
		for range rng.IntN(24) {
			if rng.IntN(4) == 0 {
				b = append(b, tokens[rng.IntN(len(tokens))]...)
			} else {
				b = append(b, tokens[3+rng.IntN(3)]...)
			}
		}
		if got, want := runeCount(b), utf8.RuneCount(b); got != want {
			t.Fatalf("runeCount(% x) = %d, want %d", b, got, want)
		}
	}
}

// TestHasLead: hasLead and hasContinuation against a byte at a time,
// each byte in each place among others.
func TestHasLead(t *testing.T) {
	for _, f := range []struct {
		name   string
		has    func(uint64) bool
		lo, hi byte
		fills  []byte
	}{
		{"hasLead", hasLead, 0xc2, 0xf4, []byte{0, 'a', 0x80, 0xc1, 0xf5, 0xff}},
		{"hasContinuation", hasContinuation, 0x80, 0xbf, []byte{0, 'a', 0x7f, 0xc0, 0xc3, 0xff}},
	} {
		for c := range 256 {
			for at := range 8 {
				for _, fill := range f.fills {
					var w [8]byte
					for i := range w {
						w[i] = fill
					}
					w[at] = byte(c)
					want := false
					for _, d := range w {
						want = want || d >= f.lo && d <= f.hi
					}
					if got := f.has(binary.LittleEndian.Uint64(w[:])); got != want {
						t.Fatalf("%s(% x) = %v", f.name, w, got)
					}
				}
			}
		}
	}
}

// TestSkipHopeless: skipColonless and skipUnfit drop what cannot hold a
// URL, however the input is read.
func TestSkipHopeless(t *testing.T) {
	in := "<p> <a:b> <\x01x:y> <x:\x01> <\xffq:r> <ab\ncd:e> <a\n\x01:b> <ｘ> <＜b>\n> <q\n> r:s>"
	for _, c := range []struct {
		mode mode
		want []string
	}{
		// "<ｘ>" is kept: the fullwidth "ｘ" starts with 0xEF, as "：" does.
		{defaultMode | skipColonless, []string{"1:5 <a:b>", "1:11 <\x01x:y>", "1:18 <x:\x01>", "1:24 <\xffq:r>",
			"1:31 <ab\ncd:e>", "2:7 <a\n\x01:b>", "3:6 <ｘ>", "4:3 <q\n> r:s>"}},
		// A byte on a later line may be in a line that a rule removes.
		{defaultMode | skipColonless | skipUnfit, []string{"1:5 <a:b>", "1:31 <ab\ncd:e>", "2:7 <a\n\x01:b>", "3:6 <ｘ>",
			"4:3 <q\n> r:s>"}},
	} {
		checkMode(t, in, c.mode, c.want)
	}
}

// checkMode scans in with the rules of mode, read whole, a byte at a time
// and by halves, and checks the candidates' positions and raw text.
func checkMode(t *testing.T, in string, mode mode, want []string) {
	t.Helper()
	for _, rd := range []func(io.Reader) io.Reader{
		func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader,
	} {
		s := New(rd(strings.NewReader(in)), modes(mode))
		var got []string
		for s.Scan() {
			k := s.Candidate()
			got = append(got, fmt.Sprintf("%d:%d %s", k.Pos.Line, k.Pos.Column, k.Raw))
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("mode %b: got %q\nwant %q", mode, got, want)
		}
	}
}

// TestUnfitWords checks unfit's eight-byte steps against a byte-by-byte
// reading of the same rule.
func TestUnfitWords(t *testing.T) {
	slow := func(b []byte) bool {
		for _, c := range b {
			if c == '\n' || c == '\r' {
				return false
			}
			if unfitByte[c] {
				return true
			}
		}
		return false
	}
	alphabet := []byte{0x00, 0x08, '\t', '\n', 0x0b, '\r', 0x1f, ' ', 'A', '~', 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xf5, 0xff}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = 'a'
			if rng.IntN(8) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		if got, want := unfit(b), slow(b); got != want {
			t.Fatalf("unfit(%q) = %v, want %v", b, got, want)
		}
	}
}

// TestFullwidthIndex checks fullwidthIndex against a byte-by-byte search
// on every string of up to six of the bytes that matter, and every range.
func TestFullwidthIndex(t *testing.T) {
	alphabet := []byte{'a', 0xEF, 0xBC, 0x9C}
	var buf []byte
	var try func(n int)
	try = func(n int) {
		for i := 0; i <= len(buf); i++ {
			for j := i; j <= len(buf); j++ {
				want := -1
				for k := i; k < j; k++ {
					if buf[k] == 0xEF && (k+1 == len(buf) || buf[k+1] == 0xBC) {
						want = k
						break
					}
				}
				if got := fullwidthIndex(buf, i, j); got != want {
					t.Fatalf("fullwidthIndex(% x, %d, %d) = %d, want %d", buf, i, j, got, want)
				}
			}
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			buf = append(buf, c)
			try(n - 1)
			buf = buf[:len(buf)-1]
		}
	}
	try(6)
}

// breaks returns the offsets in raw of its line breaks (of the CR of a CR
// LF).
func breaks(raw []byte) []int {
	var b []int
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\r':
			b = append(b, i)
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case '\n':
			b = append(b, i)
		}
	}
	return b
}

// TestSetPend checks that setPend sets every field of Candidate: it fills
// each with a value that is not its zero, and expects the zero Candidate
// of a wrapper back from the zero arguments. A field added to Candidate or
// Layout and left out of setPend would keep the last candidate's value.
func TestSetPend(t *testing.T) {
	s := New(strings.NewReader(""))
	fill(reflect.ValueOf(&s.pend).Elem())
	if reflect.DeepEqual(s.pend, Candidate{}) {
		t.Fatal("fill left the candidate zero")
	}
	s.openPos, s.lead = Position{}, nil
	s.setPend(7, nil, Span{}, nil, "", nil, false)
	if want := (Candidate{Kind: Bare}); !reflect.DeepEqual(s.pend, want) {
		t.Errorf("setPend left fields set:\n got %+v\nwant %+v", s.pend, want)
	}
	if s.pendAt != 7 {
		t.Errorf("pendAt = %d, want 7", s.pendAt)
	}
}

// fill sets every field of v, recursively, to a value that is not its
// zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i))
		}
	case reflect.String:
		v.SetString("x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint8:
		v.SetUint(3)
	case reflect.Interface:
		v.Set(reflect.ValueOf(errors.New("x")))
	default:
		panic("fill: " + v.Kind().String())
	}
}
