package scanner

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// TestHas2 puts each of the two bytes at every place of blocks of every
// length up to 200, the lengths and places that the vector loop, its last
// overlapping step and the short inputs each handle, and compares has2
// with two searches.
func TestHas2(t *testing.T) {
	base := bytes.Repeat([]byte("<a\nb>"), 40)
	for n := 0; n <= 200; n++ {
		check := func(b []byte) {
			t.Helper()
			got1, got2 := has2(b, '\r', 0xBC)
			want1, want2 := bytes.IndexByte(b, '\r') >= 0, bytes.IndexByte(b, 0xBC) >= 0
			if got1 != want1 || got2 != want2 {
				t.Fatalf("has2(%q) = %v, %v, want %v, %v", b, got1, got2, want1, want2)
			}
		}
		check(base[:n])
		for i := range n {
			for _, c := range []byte{'\r', 0xBC} {
				b := bytes.Clone(base[:n])
				b[i] = c
				check(b)
				b[n-1-i] = 0xBC + '\r' - c // the other one, as far from the end
				check(b)
			}
		}
	}
	if useVector {
		// Aligned or not: the vector loop at every offset of a buffer.
		big := bytes.Repeat([]byte("x"), 512)
		for off := range 64 {
			for i := off; i < len(big); i += 7 {
				big[i] = 0xBC
				if _, ok := has2(big[off:], '\r', 0xBC); !ok {
					t.Fatalf("offset %d: 0xBC at %d not found", off, i)
				}
				big[i] = 'x'
			}
			if a, b := has2(big[off:], '\r', 0xBC); a || b {
				t.Fatalf("offset %d: found what is not there", off)
			}
		}
	}
}

// FuzzHas2 compares has2 with two searches.
func FuzzHas2(f *testing.F) {
	f.Add([]byte("text with neither of them, long enough for the vector loop to run"), byte('\r'), byte(0xBC))
	f.Add(bytes.Repeat([]byte("\xef\xbc\x9c"), 30), byte('\r'), byte(0xBC))
	f.Add(bytes.Repeat([]byte("a\r\n"), 30), byte('\r'), byte(0xBC))
	f.Fuzz(func(t *testing.T, b []byte, c1, c2 byte) {
		got1, got2 := has2(b, c1, c2)
		want1, want2 := has2Generic(b, c1, c2)
		if got1 != want1 || got2 != want2 {
			t.Errorf("has2(%q, %q, %q) = %v, %v, want %v, %v", b, c1, c2, got1, got2, want1, want2)
		}
	})
}

// FuzzLearn checks what the Scanner learns of the data it reads or is
// handed in place (a chunk of 255), and keeps of its finders' knowledge
// when its buffer moves, against a scan without either: the same
// candidates, every field alike (positions count lines by the CR found
// or not), in every mode, read whole or in pieces, with the buffer moving
// often (a maximum length of 32 keeps it small) or not.
func FuzzLearn(f *testing.F) {
	for _, s := range []string{"<URL:http://a/> x <http://b/>\n", "a\r\nb <c:d\r\ne>\r\n<f:g>", "a\rb\r\r\n<c:\rd>",
		"＜x:y＞ <ｘ:a> \xef\xbc\x9c\xef", "ü <a:b> \xbc\xef\xbc", "x\xef\xbc", "> <a:b\n> c>\r\n",
		strings.Repeat("line without a break ", 20) + "\r<a:b>", strings.Repeat("ab\n", 100) + "\xef\xbc\x9ca:b\xef\xbc\x9e"} {
		f.Add([]byte(s), uint8(0), uint8(0))
		f.Add([]byte(s), uint8(7), uint8(1))
		f.Add([]byte(s), uint8(1), uint8(2))
		f.Add([]byte(s), uint8(255), uint8(1))
	}
	all := append([]mode{defaultMode, defaultMode | skipEmpty | skipAbandoned | skipColonless | skipUnfit,
		defaultMode &^ fullwidthBrackets &^ quotePrefixes}, proseModes...)
	f.Fuzz(func(t *testing.T, in []byte, chunk, mode uint8) {
		m := all[int(mode)%len(all)]
		scan := func(learn bool, max int) ([]record, error) {
			defer func(was bool) { noLearn = was }(noLearn)
			noLearn = !learn
			var r io.Reader = bytes.NewReader(in)
			if chunk > 0 {
				r = chunked{r, int(chunk)}
			}
			s := New(nil, modes(m), WithSchemes(proseKnown), MaxLength(max))
			at := Position{Offset: 10, Line: 2, Column: 1}
			if chunk == 255 {
				// In place, as a mail part is read.
				s.ResetBytes(bytes.Clone(in), at, nil)
			} else {
				s.ResetAt(r, at)
			}
			return records(s)
		}
		for _, max := range []int{32, 0} {
			want, wantErr := scan(false, max)
			got, gotErr := scan(true, max)
			if !reflect.DeepEqual(got, want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%q in mode %b (read %d bytes at a time, 255 in place, maximum length %d):\nlearning %+v, %v\nnot      %+v, %v",
					in, m, chunk, max, got, gotErr, want, wantErr)
			}
		}
	})
}

// FuzzQuick checks skipHopeless against findOpen's other steps: the same
// candidates, every field alike, with the command's rules, read whole or
// in pieces, at several maximum lengths.
func FuzzQuick(f *testing.F) {
	block := "<http://a.example/\xff>\x80\x80\xff\xfe\xc0"
	for _, s := range []string{
		strings.Repeat(block, 8),
		strings.Repeat("<URL:http://a.example/x> see <http://b.example/y> and\n", 4),
		"<a:b> <c\x01:d> <ef> <g:h\xf5> <i:\x7f> <j:\xc0> <k:\xc1> <l:\t\v\f> <m:\x08> <n:\x0e> <o:\x1f> <p:\x20>" + strings.Repeat(" ", 32),
		"<a:b>＜c:d＞ <e:f>\xef<g:h> <i:j><k:l><m:n> <o:p>" + strings.Repeat(" ", 32),
		"<a:b\n> <c:d\r> <e:f<g:h> <> <<i:j> <k:" + strings.Repeat("l", 40) + "> <" + strings.Repeat("m", 29) + ":>" + strings.Repeat(" ", 32),
		"> <a:b>\n> <c:d> e\n" + strings.Repeat("<x:y>", 10) + strings.Repeat(" ", 32),
		// A fullwidth bracket after one dropped, before the next "<".
		"<ab>＜c:d＞<e:f> <g\x01:h>＜i:j＞ <k:l> <m>＜n:o><p:q>" + strings.Repeat(" ", 32),
		// Candidates that close in their second to fifth block of 32
		// bytes, with their ":" or unfit byte in the first block only,
		// or none.
		"<a:" + strings.Repeat("b", 40) + "> <" + strings.Repeat("c", 40) + "> <d\x01" + strings.Repeat("e", 40) + ":f> <g:" +
			strings.Repeat("h", 70) + "> <i:" + strings.Repeat("j", 100) + "> <k:" + strings.Repeat("l", 130) + "> <m:n>" + strings.Repeat(" ", 32),
		strings.Repeat("<a:"+strings.Repeat("b", 29)+"\xff>", 4) + strings.Repeat("<"+strings.Repeat("c", 31)+">", 4) + "<d:e>" + strings.Repeat(" ", 32),
		// Candidates of 5, 6 and 7 bytes, at the maximum lengths 5 and
		// 6: the ">" of the second at the maximum length.
		"<ab> <a:b> <a:bc> <a:bcd> <e:f>" + strings.Repeat(" ", 32),
		// Quoted lines cut before their ">" (closeQuoted), and the lines
		// after them that it leaves to scanOpen: a deeper or another
		// prefix, text or a fullwidth bracket before the "<", CR LF,
		// a line without a prefix, a hopeless one, the end of the input.
		"> <URL:http://a.example/x\n> <URL:http://b.example/y\n> <c:d>\n>> <e:f\n>> <g:h\n>>\n",
		"| <a:b\n| <c:d\n|| <e:f\n> <g:h\n>  <i:j\n> <k:l\n> m <n:o\n> ＜p:q＞\n> <r:s\r\n> <t:u\n<v:w>",
		"> <a:\x01b\n> <c:d\n> <e:" + strings.Repeat("f", 40) + "\n> <g:h\n>",
		">> <a:b\n> > <c:d\n>> <e:f\n>><g:h\n>> <",
		"> <a:b\n> c>\n> <d:e\n> <f:g\n> <h:i\n> <" + strings.Repeat(" ", 32),
		"> <a:b\xef> <c:d\r> <e:f\r\n> <g:h\n> <" + strings.Repeat(" ", 32),
	} {
		f.Add([]byte(s), uint8(0), uint8(0))
		f.Add([]byte(s), uint8(7), uint8(20))
		f.Add([]byte(s), uint8(33), uint8(5))
		f.Add([]byte(s), uint8(0), uint8(6))
		f.Add([]byte(s), uint8(0), uint8(45))
		f.Add([]byte(s), uint8(0), uint8(70))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk, max uint8) {
		for _, m := range quickModes {
			scan := func(quick bool) ([]record, error) {
				defer func(was bool) { noQuick = was }(noQuick)
				noQuick = !quick
				var r io.Reader = bytes.NewReader(in)
				if chunk > 0 {
					r = chunked{r, int(chunk)}
				}
				return records(New(r, modes(m), MaxLength(int(max))))
			}
			want, wantErr := scan(false)
			got, gotErr := scan(true)
			if !reflect.DeepEqual(got, want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%q (mode %b, read %d bytes at a time, maximum length %d):\nquick %+v, %v\nnot   %+v, %v",
					in, m, chunk, max, got, gotErr, want, wantErr)
			}
		}
	})
}

// quickModes are the modes of findOpen's shortcuts: a library's, and the
// command's, which reports every wrapper it can read, valid or not, to
// count those the grammar rejects (skipHopeless drops no wrapper for an
// unfit byte there).
var quickModes = []mode{quickMode, invalidMode | softChars}

// TestQuickLong is FuzzQuick's comparison on inputs many buffers long,
// read whole: the candidates that the buffer's end cuts, at every place
// in them, which small inputs never reach. Quoted lines cut before their
// ">" (closeQuoted) come between closed ones and prose.
func TestQuickLong(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 3*readSize; i++ {
		fmt.Fprintf(&b, "> <URL:http://a.example/%s\n", strings.Repeat("x", i%41))
		if i%7 == 0 {
			fmt.Fprintf(&b, "> <http://b.example/%s> and text\n", strings.Repeat("y", i%13))
		}
	}
	in := []byte(b.String())
	for _, m := range quickModes {
		scan := func(quick bool) ([]record, error) {
			defer func(was bool) { noQuick = was }(noQuick)
			noQuick = !quick
			return records(New(bytes.NewReader(in), modes(m)))
		}
		want, wantErr := scan(false)
		got, gotErr := scan(true)
		if !reflect.DeepEqual(got, want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("mode %b: quick: %d candidates, %v; not: %d, %v", m, len(got), gotErr, len(want), wantErr)
		}
	}
}

// TestQuickRuns says that the seeds of FuzzQuick run skipHopeless where
// it can: a test of it that never called it would pass.
func TestQuickRuns(t *testing.T) {
	if !useVector {
		t.Skip("skipHopeless needs AVX2")
	}
	block := "<http://a.example/\xff>\x80\x80\xff\xfe\xc0"
	in := []byte(strings.Repeat(block, 8) + "<a:b>" + strings.Repeat(" ", 40))
	// The candidates it drops, one after another, then the one it
	// returns, closed.
	r, k := skipHopeless(in, 0, DefaultMaxLength, true)
	if want := 8 * len(block); r != want || k != want+4 {
		t.Errorf("skipHopeless = %d, %d, want %d, %d", r, k, want, want+4)
	}
	// Without dropUnfit (the command's invalidMode), the first is
	// returned, unfit byte and all; one without a ":" is still dropped.
	if r, k := skipHopeless(in, 0, DefaultMaxLength, false); r != 0 || k != len(block)-6 {
		t.Errorf("without dropUnfit, skipHopeless = %d, %d, want 0, %d", r, k, len(block)-6)
	}
	in = []byte("<ab> <c\x01> <d:e\x01>" + strings.Repeat(" ", 40))
	if r, k := skipHopeless(in, 0, DefaultMaxLength, false); r != 10 || k != 15 {
		t.Errorf("without dropUnfit, skipHopeless = %d, %d, want 10, 15", r, k)
	}
}
