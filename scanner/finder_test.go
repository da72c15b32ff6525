package scanner

import (
	"bytes"
	"testing"
)

// fstate is what a finder knows: buf[from:end] holds no c but at next
// (-1 when none).
type fstate struct{ from, end, next int }

// fstep is one call to a finder: find(i, j) and its result, learn(i, j),
// shift(i), or none(i, j) and its result (1 for true), and what the finder
// knows after it.
type fstep struct {
	op   string
	i, j int
	want int
	know fstate
}

// TestFinderKnows checks what a finder returns and what it knows after
// each call, worked out from the comments of finder, find, learn, none
// and shift: a search with no filter goes on past j to the end of the
// data; one with a filter stops at j; a search from further back than
// what is known searches only the bytes before it; a search that what is
// known does not help starts afresh at i; learn keeps what was known when
// the two join; shift keeps what was known of the bytes that stay, but a
// filtered finder's knowledge of bytes that move is forgotten.
func TestFinderKnows(t *testing.T) {
	for _, c := range []struct {
		name   string
		c      byte
		filter filter
		buf    string
		steps  []fstep
	}{
		{"searches on to the end of the data", ':', all, "a:bc:def:g", []fstep{
			{"find", 0, 3, 1, fstate{0, 2, 1}},
			// The next ":" stands at j: not in buf[2:4].
			{"find", 2, 4, -1, fstate{2, 5, 4}},
			{"find", 2, 4, -1, fstate{2, 5, 4}},
			{"find", 3, 5, 4, fstate{2, 5, 4}},
			{"none", 2, 4, 1, fstate{2, 5, 4}},
			{"none", 4, 5, 0, fstate{2, 5, 4}},
			{"none", 2, 5, 0, fstate{2, 5, 4}},
			{"none", 1, 4, 0, fstate{2, 5, 4}},
			{"none", 2, 6, 0, fstate{2, 5, 4}},
			{"find", 5, 9, 8, fstate{5, 9, 8}},
			// Further back than what is known, and not reaching it.
			{"find", 0, 3, 1, fstate{0, 2, 1}},
		}},
		{"none past what it found", ':', all, "abcdefgh:j", []fstep{
			{"find", 0, 3, -1, fstate{0, 9, 8}},
			{"none", 0, 8, 1, fstate{0, 9, 8}},
			{"none", 0, 9, 0, fstate{0, 9, 8}},
			{"none", 8, 8, 1, fstate{0, 9, 8}},
			// An empty range at the end of what is known: nothing to
			// search.
			{"find", 9, 9, -1, fstate{0, 9, 8}},
			{"find", 9, 10, -1, fstate{9, 10, -1}},
			{"none", 9, 10, 1, fstate{9, 10, -1}},
			{"none", 8, 10, 0, fstate{9, 10, -1}},
		}},
		{"a c at offset 0", ':', all, ":bcdefghij", []fstep{
			{"find", 0, 3, 0, fstate{0, 1, 0}},
			{"find", 5, 9, -1, fstate{5, 10, -1}},
			// Further back: only buf[0:5] is searched.
			{"find", 0, 5, 0, fstate{0, 1, 0}},
		}},
		{"afresh at an offset before the first c", ':', all, "abc:e:g", []fstep{
			{"find", 5, 6, 5, fstate{5, 6, 5}},
			{"find", 0, 2, -1, fstate{0, 4, 3}},
			{"find", 5, 6, 5, fstate{5, 6, 5}},
			{"find", 0, 3, -1, fstate{0, 4, 3}},
		}},
		{"a filter stops at j", '.', www, "a.b.c.d.e.f", []fstep{
			{"find", 5, 9, -1, fstate{5, 9, -1}},
			// Further back: buf[2:5] is searched, what was known kept.
			{"find", 2, 5, -1, fstate{2, 9, -1}},
			{"find", 0, 3, -1, fstate{0, 9, -1}},
			{"find", 9, 11, -1, fstate{9, 11, -1}},
		}},
		{"a filter, further back", '.', www, "www.a.b.c.d", []fstep{
			{"find", 5, 9, -1, fstate{5, 9, -1}},
			{"find", 0, 5, 3, fstate{0, 4, 3}},
		}},
		{"fullwidth brackets: no filter's bound", 0xEF, fullwidth, "ab\xef\xbc\x9cd", []fstep{
			{"find", 0, 1, -1, fstate{0, 3, 2}},
		}},
		{"learn", ':', all, "a:bcdefghij", []fstep{
			{"learn", 5, 8, 0, fstate{5, 8, -1}},
			// Joined: what was known is kept.
			{"learn", 6, 7, 0, fstate{5, 8, -1}},
			{"learn", 8, 8, 0, fstate{5, 8, -1}},
			{"learn", 8, 9, 0, fstate{5, 9, -1}},
			{"find", 5, 9, -1, fstate{5, 9, -1}},
			// Not joined: what was known is lost.
			{"learn", 0, 1, 0, fstate{0, 1, -1}},
			{"find", 0, 1, -1, fstate{0, 1, -1}},
			{"find", 0, 3, 1, fstate{0, 2, 1}},
			{"learn", 2, 3, 0, fstate{2, 3, -1}},
		}},
		{"shift, no filter", ':', all, "a:bc:def:g", []fstep{
			{"find", 2, 3, -1, fstate{2, 5, 4}},
			// The bytes that stay: what was known of them holds.
			{"shift", 3, 0, 0, fstate{0, 2, 1}},
			{"find", 0, 1, -1, fstate{0, 2, 1}},
			{"find", 2, 6, 5, fstate{2, 6, 5}},
			// Its c is the first byte that stays.
			{"shift", 5, 0, 0, fstate{0, 1, 0}},
			{"find", 0, 1, 0, fstate{0, 1, 0}},
			// What it knew is gone.
			{"shift", 1, 0, 0, fstate{0, 0, -1}},
		}},
		{"shift, no filter, nothing found", ':', all, "abcdefgh:j", []fstep{
			{"learn", 0, 4, 0, fstate{0, 4, -1}},
			{"shift", 1, 0, 0, fstate{0, 3, -1}},
		}},
		{"shift, no filter, known from after n", ':', all, "a:bc:def:g", []fstep{
			{"find", 5, 6, -1, fstate{5, 9, 8}},
			{"shift", 3, 0, 0, fstate{2, 6, 5}},
		}},
		{"shift with a filter", '.', www, "a.b.c.d.e.f", []fstep{
			{"find", 5, 9, -1, fstate{5, 9, -1}},
			// Known from the first byte that stays: it holds.
			{"shift", 5, 0, 0, fstate{0, 4, -1}},
			{"find", 0, 2, -1, fstate{0, 4, -1}},
			{"find", 3, 6, -1, fstate{3, 6, -1}},
			{"find", 1, 3, -1, fstate{1, 6, -1}},
			// Known from before it: the filter judged bytes by those that
			// go, and all of it is forgotten.
			{"shift", 2, 0, 0, fstate{0, 0, -1}},
			{"none", 0, 0, 1, fstate{0, 0, -1}},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			buf := []byte(c.buf)
			f := &finder{c: c.c, filter: c.filter}
			f.reset()
			for n, st := range c.steps {
				got := 0
				switch st.op {
				case "find":
					got = f.find(buf, st.i, st.j)
				case "learn":
					f.learn(st.i, st.j)
				case "shift":
					f.shift(st.i)
					buf = buf[st.i:]
				case "none":
					if f.none(st.i, st.j) {
						got = 1
					}
				}
				if know := (fstate{f.from, f.end, f.next}); got != st.want || know != st.know {
					t.Fatalf("step %d, %s(%d, %d) = %d, knowing %+v; want %d, knowing %+v", n, st.op, st.i, st.j, got, know, st.want, st.know)
				}
			}
		})
	}
}

// TestIndexNear checks indexNear against bytes.IndexByte, on every length
// up to 24 and every place of the byte (or none).
func TestIndexNear(t *testing.T) {
	for n := 0; n <= 24; n++ {
		b := bytes.Repeat([]byte{'a'}, n)
		if got := indexNear(b, ':'); got != -1 {
			t.Fatalf("indexNear(%q) = %d, want -1", b, got)
		}
		for k := 0; k < n; k++ {
			b[k] = ':'
			if k+1 < n {
				b[k+1] = ':'
			}
			if got, want := indexNear(b, ':'), bytes.IndexByte(b, ':'); got != want {
				t.Fatalf("indexNear(%q) = %d, want %d", b, got, want)
			}
			b[k] = 0x80 | ':' // a byte with the high bit, then c
			if got, want := indexNear(b, ':'), bytes.IndexByte(b, ':'); got != want {
				t.Fatalf("indexNear(%q) = %d, want %d", b, got, want)
			}
			b[k] = 'a'
			if k+1 < n {
				b[k+1] = 'a'
			}
		}
	}
}
