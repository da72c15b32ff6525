package scanner

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestUnfitAndProse: by default a wrapper whose first line holds a byte
// that no URL holds (a control character) is not returned; with the Prose
// rule every closed wrapper is (a URL in prose inside it is the
// wrapper's: package extract must see it), and with Invalid too.
func TestUnfitAndProse(t *testing.T) {
	in := "<a:b\x01c> <d:e>"
	for _, c := range []struct {
		name string
		opts []Option
		want []string
	}{
		{"default", nil, []string{"<d:e>"}},
		{"Prose", []Option{Rules(DefaultRules | Prose)}, []string{"<a:b\x01c>", "<d:e>"}},
		{"Invalid", []Option{Invalid()}, []string{"<a:b\x01c>", "<d:e>"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for i, rd := range readers {
				s := New(rd(strings.NewReader(in)), c.opts...)
				var got []string
				for s.Scan() {
					got = append(got, string(s.Candidate().Raw))
				}
				if !reflect.DeepEqual(got, c.want) {
					t.Fatalf("reader %d: %q, want %q", i, got, c.want)
				}
			}
		})
	}
}

// TestLongerThanBuffer: the buffer holds twice the maximum length, or 128
// KiB: a wrapper longer than 128 KiB is read whole when the maximum
// length allows it.
func TestLongerThanBuffer(t *testing.T) {
	in := "<a:" + strings.Repeat("x", 150000) + ">"
	s := New(strings.NewReader(in), MaxLength(200000))
	var got []string
	for s.Scan() {
		c := s.Candidate()
		if c.Err != nil {
			t.Fatalf("Err %v", c.Err)
		}
		got = append(got, string(c.Raw))
	}
	if err := s.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
	if len(got) != 1 || got[0] != in {
		t.Fatalf("%d candidates, want the whole input", len(got))
	}
}

// checkRaws scans in, read in every way and in place, with opts, and
// compares the Raw of the candidates with want.
func checkRaws(t *testing.T, in string, opts []Option, want []string) {
	t.Helper()
	scan := func(s *Scanner) []string {
		var got []string
		for s.Scan() {
			got = append(got, string(s.Candidate().Raw))
		}
		if err := s.Err(); err != nil {
			t.Fatalf("%q: Err() = %v", in, err)
		}
		return got
	}
	for i, rd := range readers {
		if got := scan(New(rd(strings.NewReader(in)), opts...)); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (reader %d): %q, want %q", in, i, got, want)
		}
	}
	s := New(nil, opts...)
	s.ResetBytes([]byte(in), Position{}, nil)
	if got := scan(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q (in place): %q, want %q", in, got, want)
	}
}

// TestSkipped checks the wrappers that the default rules drop before
// working anything out about them (empty ones, runs of "<", those with
// no ":"), and those they return, the input read in every way and in
// place, where nothing follows the data.
func TestSkipped(t *testing.T) {
	x40, x70 := strings.Repeat("x", 40), strings.Repeat("x", 70)
	for _, c := range []struct {
		name string
		in   string
		opts []Option
		want []string
	}{
		{"a < at the end", "x<", nil, nil},
		{"<>, then <", "<><", nil, nil},
		{"<><>", "<><>", nil, nil},
		{"<< at the end", "a <<", nil, nil},
		{"<<< at the end", "<<<", nil, nil},
		// "<>", then a wrapper that opens right after it.
		{"<> then a wrapper", "<><a:b>", nil, []string{"<a:b>"}},
		{"<><> then a wrapper", "<><><a:b> <><><><><><> <c:d>", nil, []string{"<a:b>", "<c:d>"}},
		// Far from the "<": the next "<", or the ">", found by a search.
		{"a far <", "<" + x40 + "<a:b>", nil, []string{"<a:b>"}},
		{"a far >, no colon", "<" + x40 + ">", nil, nil},
		{"a far >, a colon after it", "<" + x40 + "> a:b <c:d>", nil, []string{"<c:d>"}},
		// A run of "<" with no ":" between, then a wrapper whose body
		// starts with one.
		{"a run, then a colon", "<a<b<:x> <c:d>", nil, []string{"<:x>", "<c:d>"}},
		// Without QuotePrefixes a line break does not stop the search for
		// ">": the ":" after it is not the wrapper's.
		{"a colon after the >, on the next line", "<a\nb>:", []Option{Rules(0)}, nil},
		{"no colon, over two lines", "<a\nb>", []Option{Rules(0)}, nil},
		// Longer bodies, decided over two lines: a ":" or a fullwidth
		// "：" first, or none.
		{"a long body, a colon first", "<:" + x40 + "\ny>", nil, []string{"<:" + x40 + "\ny>"}},
		{"a long body, a fullwidth colon first", "<\uff1a" + x40 + "\ny>", nil, []string{"<\uff1a" + x40 + "\ny>"}},
		{"a long body, no colon", "<" + x40 + "\ny>", nil, nil},
		// White space is no byte that no URL holds; other control
		// characters are, among eight printable bytes too.
		{"white space", "<a:\tb\x0bc\x0cd>", nil, []string{"<a:\tb\x0bc\x0cd>"}},
		{"control characters", "<a:\x0eb> <a:\x1fb> <A:BCDEF\x01GHIJ>", nil, nil},
		// A fullwidth "＞" that the maximum length cuts: the wrapper is
		// abandoned.
		{"a fullwidth > past the maximum", "<a:b\uff1e", []Option{MaxLength(5)}, nil},
		{"a fullwidth > at the maximum", "<a:b\uff1e", []Option{MaxLength(7)}, []string{"<a:b\uff1e"}},
		// Wrappers over lines, closed more than 64 bytes after the "<",
		// where the searches take over from the loop over nearby bytes.
		{"a long wrapper over lines", "<a:b\n" + x70 + ">", nil, []string{"<a:b\n" + x70 + ">"}},
		{"a long wrapper over lines, a fullwidth >", "<a:b\n" + x70 + "\uff1e", nil, []string{"<a:b\n" + x70 + "\uff1e"}},
		{"a long quoted wrapper", "> <a:" + x70 + "\n> b>", nil, []string{"<a:" + x70 + "\n> b>"}},
		// A quoted wrapper whose line break ends the data.
		{"a quoted wrapper, then LF", "> <a:b\n", nil, nil},
		{"a quoted wrapper, then CR", "> <a:b\r", nil, nil},
		// A line without the prefix, which closes the wrapper (re-wrapped
		// by a mailer) or not.
		{"a quoted wrapper, a line without the prefix", "> <a:b\nc", nil, nil},
		{"a quoted wrapper, re-wrapped", "> <a:b\ncdefgh>", nil, []string{"<a:b\ncdefgh>"}},
		// Closed at the first ">" of a quote prefix, which must stand
		// within the maximum length.
		{"closed at a quote marker", "> <a:b\n>> c", []Option{MaxLength(6)}, []string{"<a:b\n>"}},
		{"a quote marker past the maximum", "> <a:b\n>> c", []Option{MaxLength(5)}, nil},
		{"a colon before the >, on the next line", "<a\n:b>", []Option{Rules(0)}, []string{"<a\n:b>"}},
	} {
		t.Run(c.name, func(t *testing.T) { checkRaws(t, c.in, c.opts, c.want) })
	}
}

// TestTooLongAtLineBreak: a quoted wrapper whose line breaks at its
// maximum length is abandoned as too long, whatever the next line holds;
// one cut right after the quote prefix of its second line ("|", which
// never closes a wrapper) keeps it among its Prefixes.
func TestTooLongAtLineBreak(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want []string
	}{
		{"> <a:cd\nx", 5, []string{"<a:cd longer than 5 bytes []"}},
		{"| <a:b\n| cdef", 7, []string{"<a:b\n|  longer than 7 bytes [{5 7}]"}},
	} {
		for i, rd := range readers {
			s := New(rd(strings.NewReader(c.in)), Invalid(), MaxLength(c.max))
			var got []string
			for s.Scan() {
				c := s.Candidate()
				got = append(got, fmt.Sprintf("%s %v %v", c.Raw, c.Err, c.Layout.Prefixes))
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("%q (reader %d): %q, want %q", c.in, i, got, c.want)
			}
		}
	}
}

// TestQuoteEndedLongInput: a quoted wrapper whose next line has no
// prefix and does not close it (a word longer than the maximum length) is
// abandoned there, however long the input after it.
func TestQuoteEndedLongInput(t *testing.T) {
	in := "> <a:b\nc" + strings.Repeat("x", 200000) + " <d:e>"
	s := New(strings.NewReader(in))
	var got []string
	for s.Scan() {
		got = append(got, string(s.Candidate().Raw))
	}
	if err := s.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
	if want := []string{"<d:e>"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%q, want %q", got, want)
	}
}

// TestQuotedFullwidth: in a quoted wrapper, a character of three bytes
// that is no bracket (a fullwidth colon) is no line break: the wrapper
// closes on its line, not Unquoted.
func TestQuotedFullwidth(t *testing.T) {
	in := "> <a:b\uff1ac>"
	for i, rd := range readers {
		s := New(rd(strings.NewReader(in)))
		if !s.Scan() {
			t.Fatalf("reader %d: no candidate", i)
		}
		c := s.Candidate()
		if string(c.Raw) != "<a:b\uff1ac>" || c.Err != nil || c.Layout.Quote != ">" || c.Layout.Unquoted || len(c.Layout.Prefixes) != 0 {
			t.Fatalf("reader %d: %q, Err %v, Layout %+v", i, c.Raw, c.Err, c.Layout)
		}
	}
}
