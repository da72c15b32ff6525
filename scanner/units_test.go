package scanner

import (
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// inPlace returns a Scanner over b, in place, with opts.
func inPlace(b string, opts ...Option) *Scanner {
	s := New(nil, opts...)
	s.ResetBytes([]byte(b), Position{}, nil)
	return s
}

// TestLastOfRun checks lastOfRun: the last "<" of the run of candidates
// that opens at i, each followed by the next "<" within the maximum length
// and before any of ends.
func TestLastOfRun(t *testing.T) {
	for _, c := range []struct {
		buf  string
		max  int
		i    int
		want int
	}{
		// Windows of the maximum length, one after the other.
		{"<a<b<c<d<e:", 4, 0, 8},
		// The next "<" right after the first.
		{"<<a:", 0, 0, 1},
		// An end byte right before the first "<".
		{":<a<b:", 0, 1, 3},
		// The next "<" exactly at the maximum length, and past it.
		{"<abc<d:", 4, 0, 4},
		{"<abcd<e:", 4, 0, 0},
	} {
		s := inPlace(c.buf, MaxLength(c.max))
		if got := s.lastOfRun(c.i, colons); got != c.want {
			t.Errorf("lastOfRun(%q, %d) with maximum %d = %d, want %d", c.buf, c.i, c.max, got, c.want)
		}
	}
}

// TestPassEmpty checks passEmpty: the "<" to go on with, or -1 when it
// passed over a run of "<>" (the scan going on at s.r), and whether the
// data ends inside a run of "<" that may go on.
func TestPassEmpty(t *testing.T) {
	for _, c := range []struct {
		buf     string
		eof     bool
		next, r int
		wait    bool
	}{
		{"<<<a", true, 2, 0, false},
		{"<<<a", false, 2, 0, false},
		{"<<<", true, 2, 0, false},
		{"<<<", false, 2, 2, true},
		{"<>a>", true, -1, 2, false},
		{"<><>", true, -1, 4, false},
		{"<a", true, 0, 0, false},
	} {
		s := inPlace(c.buf)
		s.eof = c.eof
		next, wait := s.passEmpty(0)
		if next != c.next || wait != c.wait || s.r != c.r {
			t.Errorf("passEmpty(%q), eof %v = %d, %v, s.r %d; want %d, %v, s.r %d", c.buf, c.eof, next, wait, s.r, c.next, c.wait, c.r)
		}
	}
}

// TestPassColonless checks passColonless: the "<" to go on with and the
// ":" found after it (-1 when none), or -1 when a ">" on its line closes
// one with no ":" (the scan going on at s.r after it).
func TestPassColonless(t *testing.T) {
	x40 := strings.Repeat("x", 40)
	for _, c := range []struct {
		buf         string
		max         int
		next, colon int
		r           int
	}{
		{"<a:b>", 0, 0, 2, 0},
		{"<ab>", 0, -1, -1, 4},
		{"<ab<c:d>", 0, 3, 5, 0},
		// Far from the "<": the searches.
		{"<" + x40 + "<a:b>", 0, 41, 43, 0},
		{"<" + x40 + "<a:b>", 41, 41, 43, 0},
		{"<" + x40 + "<a:b>", 40, 0, -1, 0},
		{"<" + x40 + ">", 0, 0, -1, 0},
	} {
		s := inPlace(c.buf, MaxLength(c.max))
		next, colon := s.passColonless(0)
		if next != c.next || colon != c.colon || s.r != c.r {
			t.Errorf("passColonless(%q) with maximum %d = %d, %d, s.r %d; want %d, %d, s.r %d", c.buf, c.max, next, colon, s.r, c.next, c.colon, c.r)
		}
	}
}

// TestPassOneLine checks passOneLine: a candidate that a ">" closes on its
// line is decided at once, within the maximum length; one with nothing
// worth returning is dropped, the scan going on after its ">"; one left
// open gives the first stop after its "<", or the end of what was looked
// at.
func TestPassOneLine(t *testing.T) {
	for _, c := range []struct {
		buf     string
		max     int
		colon   int
		next    int
		stop    int
		decided bool
		r       int
	}{
		{"<a:b>", 5, 2, 0, -1, true, 5},
		{"<a:b>", 4, 2, 0, 4, false, 0},
		{"<a:bc>", 5, 2, 0, 5, false, 0},
		{"<ab> x", 0, -1, -1, -1, false, 4},
		{"<a:b\nc>", 0, 2, 0, 4, false, 0},
		{"<a:bcd", 0, 2, 0, 6, false, 0},
	} {
		s := inPlace(c.buf, MaxLength(c.max))
		next, stop, decided := s.passOneLine(0, c.colon)
		if next != c.next || stop != c.stop || decided != c.decided || s.r != c.r {
			t.Errorf("passOneLine(%q) with maximum %d = %d, %d, %v, s.r %d; want %d, %d, %v, s.r %d",
				c.buf, c.max, next, stop, decided, s.r, c.next, c.stop, c.decided, c.r)
		}
	}
}

// TestMayScheme checks mayScheme: false for a word before ":" that is no
// scheme proseAt takes; true for one that is, and for those it leaves to
// proseAt: with ".", "+" or "-", reaching back to the last candidate, or
// too far.
func TestMayScheme(t *testing.T) {
	for _, c := range []struct {
		buf     string
		lastEnd int
		want    bool
	}{
		{"see Note:x", 0, false},
		{"see http://x", 0, true},
		{"see http:ab", 0, false},
		{"see http:", 0, true},
		{"see http: \n", 0, true},
		{"see mailto:a", 0, true},
		{"see _http://x", 0, false},
		{"see 1http://x", 0, false},
		{"see x.Note:x", 0, true},
		{"see x+Note:x", 0, true},
		{"see x-Note:x", 0, true},
		{"see Note:x", 4, true},
		{"see Note:x", 5, true},
		{"see Note:x", 3, false},
		{"see " + strings.Repeat("a", 70) + ":x", 0, true},
		{"see " + strings.Repeat("a", 63) + ":x", 0, false},
	} {
		p := &prose{schemes: proseKnown, lastEnd: c.lastEnd}
		j := strings.IndexByte(c.buf[4:], ':') + 4
		if got := p.mayScheme([]byte(c.buf), j); got != c.want {
			t.Errorf("mayScheme(%q) after %d = %v, want %v", c.buf, c.lastEnd, got, c.want)
		}
	}
	p := &prose{lastEnd: 0}
	if !p.mayScheme([]byte("see Note:x"), 8) {
		t.Error("mayScheme without Schemes = false, want true (left to proseAt)")
	}
}

// TestRunMemory checks run and what it remembers: buf[runFrom:runTo] are
// URL characters, read once. A run that reaches its cut reads on up to a
// candidate's length further (runOn's to: after the last character read
// whole, at most three bytes past its cut).
func TestRunMemory(t *testing.T) {
	type step struct {
		i, cut         int
		end            int
		more, long     bool
		runFrom, runTo int
	}
	for _, c := range []struct {
		buf   string
		max   int
		steps []step
	}{
		{"x y http://a.example/ z", 0, []step{
			{4, 100, 21, false, false, 4, 21},
			// Inside what is known, and right after it.
			{9, 100, 21, false, false, 4, 21},
			{21, 100, 21, false, false, 4, 21},
			// Before what is known.
			{0, 100, 1, false, false, 0, 1},
		}},
		{"http://" + strings.Repeat("a", 30) + " x", 10, []step{
			{0, 11, 11, false, true, 0, 27},
		}},
	} {
		s := inPlace(c.buf, Rules(proseRules), MaxLength(c.max))
		for n, st := range c.steps {
			end, more, long := s.run(st.i, st.cut, true)
			p := &s.prose
			if end != st.end || more != st.more || long != st.long || p.runFrom != st.runFrom || p.runTo != st.runTo {
				t.Fatalf("%q step %d: run(%d, %d) = %d, %v, %v, knowing [%d, %d); want %d, %v, %v, [%d, %d)", c.buf, n, st.i, st.cut,
					end, more, long, p.runFrom, p.runTo, st.end, st.more, st.long, st.runFrom, st.runTo)
			}
		}
	}
}

// TestOthers checks s.others, the bytes of stop but "<", for lastOfRun.
func TestOthers(t *testing.T) {
	s := New(nil)
	if want := []byte{'\n', '\r', '>', 0xEF}; !reflect.DeepEqual(s.others, want) {
		t.Errorf("others = %q, want %q", s.others, want)
	}
	s = New(nil, Rules(0))
	if want := []byte{'>'}; !reflect.DeepEqual(s.others, want) {
		t.Errorf("others without rules = %q, want %q", s.others, want)
	}
}

// TestLearn: what the Scanner reads, it looks at once for CRs and the
// second byte of fullwidth brackets, and tells the finders when there is
// none.
func TestLearn(t *testing.T) {
	s := New(strings.NewReader("abc\ndef"))
	s.fill()
	if s.w != 7 || !s.crLine.none(0, 7) || !s.ef.none(0, 6) {
		t.Errorf("after reading %d bytes: crLine knows %+v, ef knows %+v", s.w, s.crLine, s.ef)
	}
	s = New(strings.NewReader("abc\rdef"))
	s.fill()
	if s.crLine.none(0, 7) {
		t.Errorf("crLine knows no CR in %q", s.buf[:s.w])
	}
}

// TestSchemeAnswersRemembered: isKnown remembers the Schemes' last answer,
// for a word of up to 16 bytes, and mayScheme the last word of up to 8
// bytes it judged: a text that repeats a word before ":" asks once. A
// remembered answer made false here shows it is the one given.
func TestSchemeAnswersRemembered(t *testing.T) {
	p := &prose{schemes: proseKnown}
	long := strings.Repeat("s", 16)
	for _, w := range []string{"http", long, "https", "x-" + strings.Repeat("a", 14)} {
		take, slashes := p.isKnown([]byte(w))
		if p.lastLen != len(w) || string(p.last[:p.lastLen]) != w || p.lastTake != take || p.lastSlashes != slashes {
			t.Fatalf("isKnown(%q) = %v, %v, remembering %q, %v, %v", w, take, slashes, p.last[:p.lastLen], p.lastTake, p.lastSlashes)
		}
		p.lastTake, p.lastSlashes = !take, !slashes
		if t2, s2 := p.isKnown([]byte(w)); t2 != !take || s2 != !slashes {
			t.Fatalf("isKnown(%q) again = %v, %v: asked the Schemes again", w, t2, s2)
		}
	}
	// Longer than 16 bytes: not remembered.
	p.isKnown([]byte(long + "s"))
	if p.lastLen != 16 {
		t.Fatalf("isKnown of 17 bytes remembered: %q", p.last[:p.lastLen])
	}

	buf := []byte("see abcdefgh:x abcdefgh://x")
	p = &prose{schemes: proseKnown}
	if p.mayScheme(buf, 12) || p.word.n != 8 || p.word.take {
		t.Fatalf("mayScheme(abcdefgh:x) remembers %+v", p.word)
	}
	p.word.take, p.word.slashes = true, false
	if !p.mayScheme(buf, 23) {
		t.Fatal("mayScheme(abcdefgh://) asked again")
	}
}

// TestProseShift: when the buffer drops its first n bytes, the prose
// finder's offsets move with it; those that fall before the buffer's
// start (the last end, the memory of runs) stop at 0.
func TestProseShift(t *testing.T) {
	s := New(nil, Rules(proseRules), WithSchemes(proseKnown))
	p := &s.prose
	p.pr, p.lastEnd, p.runFrom, p.runTo = 20, 12, 10, 30
	p.queue = append(p.queue[:0], proseCand{start: 5, body: 9, end: 14})
	p.pending.start = 0
	s.proseShift(6)
	if p.pr != 14 || p.lastEnd != 6 || p.runFrom != 4 || p.runTo != 24 || p.pending.start != -6 ||
		p.queue[0].start != -1 || p.queue[0].body != 3 || p.queue[0].end != 8 {
		t.Fatalf("after a shift of 6: pr %d, lastEnd %d, runs [%d, %d), pending %d, queue %+v", p.pr, p.lastEnd, p.runFrom, p.runTo,
			p.pending.start, p.queue[0])
	}
	s.proseShift(20)
	if p.lastEnd != 0 || p.runFrom != 0 || p.runTo != 4 {
		t.Fatalf("after a shift of 20: lastEnd %d, runs [%d, %d)", p.lastEnd, p.runFrom, p.runTo)
	}
}

// TestCJKBreak checks cjkBreak: a label does not run from a CJK letter
// into an ASCII character or back; other characters (U+0080, "é") join
// either.
func TestCJKBreak(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"a", "\u65e5", true}, {"\u65e5", "a", true}, {"\u65e5", "\u672c", false}, {"a", "b", false},
		{"\u0080", "\u65e5", false}, {"\u65e5", "\u0080", false}, {"\u00e9", "\u65e5", false}, {"", "a", false},
	} {
		if got := cjkBreak([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("cjkBreak(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestFiltered checks the filters of the prose finder's searches: a ":"
// after a scheme byte, not followed by what ends a URL but for a line
// break, and a scheme that mayScheme lets through; a "." after "www" or
// "ftp" at a word start.
func TestFiltered(t *testing.T) {
	colon := finder{c: ':', filter: schemes, p: &prose{schemes: proseKnown}}
	dot := finder{c: '.', filter: www}
	for _, c := range []struct {
		f    *finder
		buf  string
		want int
	}{
		{&colon, "see http: x", -1}, {&colon, "see mailto: x", -1}, {&colon, "see http:\n//x", 8}, {&colon, "see http://x", 8},
		{&colon, "see Note:x mailto:a", 17}, {&colon, ":: a:: http://x", 11},
		{&dot, "www.x", 3}, {&dot, "awww.x", -1}, {&dot, ".www.x", -1}, {&dot, "a FTP.x", 5}, {&dot, "a.b.c www.x", 9},
	} {
		if got := c.f.filtered([]byte(c.buf), 0); got != c.want {
			t.Errorf("filtered(%q) with filter %d = %d, want %d", c.buf, c.f.filter, got, c.want)
		}
	}
}

// TestLineHead checks lineHead: the start of the line of buf offset i, at
// most leadMax bytes, from the buffer when the line starts there, or else
// from the tracker's head and the bytes after it.
func TestLineHead(t *testing.T) {
	a70 := strings.Repeat("a", 70)
	for _, c := range []struct {
		buf  string
		i    int
		want string
	}{
		{"x\n" + a70 + "y", 72, a70[:64]},
		{"x\nabc", 4, "ab"},
		{"\nabc", 3, "ab"},
		{"abc", 2, "ab"},
		{"abc", 0, ""},
	} {
		s := inPlace(c.buf)
		if got := string(s.lineHead(c.i)); got != c.want {
			t.Errorf("lineHead(%q, %d) = %q, want %q", c.buf, c.i, got, c.want)
		}
	}
}

// TestAtCountedBack: at counts the position of an offset before the
// tracker back from it, over line breaks too.
func TestAtCountedBack(t *testing.T) {
	in := "\nab\ncd\u00e9f"
	for i := 0; i <= len(in); i++ {
		if i == 7 {
			continue // inside "é"
		}
		s := inPlace(in, Filename("f"))
		s.advanceTo(len(in))
		want := Position{Filename: "f", Line: 1, Column: 1}.Advance([]byte(in[:i]))
		if got := s.at(i); got != want {
			t.Errorf("at(%d) = %+v, want %+v", i, got, want)
		}
	}
}

// TestAtCountedBackFirstLine: the same on the buffer's first line, before
// any line break.
func TestAtCountedBackFirstLine(t *testing.T) {
	s := inPlace("ab\ncd")
	s.advanceTo(5)
	if got := s.at(1); got.Line != 1 || got.Column != 2 {
		t.Errorf("at(1) = %+v, want 1:2", got)
	}
}

// TestAtCountedBackAfterFill: the same after fill moved the data to the
// front of the buffer in the middle of a line, byte by byte: the column of
// the buffer's first byte is kept.
func TestAtCountedBackAfterFill(t *testing.T) {
	in := "xy\u00e9 ab\ncd\nef gh\n"
	s := New(iotest.OneByteReader(strings.NewReader(in)))
	for !s.eof {
		s.r = max(0, s.w-4) // the last 4 bytes are kept
		s.fill()
		s.advanceTo(s.track.at + runeSafe(s.buf[s.track.at:s.w]))
		for i := 0; i < s.track.at; i++ {
			if !utf8.RuneStart(s.buf[i]) {
				continue
			}
			want := Position{Line: 1, Column: 1}.Advance([]byte(in[:s.base+int64(i)]))
			if got := s.at(i); got != want {
				t.Fatalf("base %d: at(%d) = %+v, want %+v", s.base, i, got, want)
			}
		}
	}
}
