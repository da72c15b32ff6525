package scanner

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"
)

// noLinesModes are the modes NoLines is checked in: the command's
// (quickMode), without the Skip modes (every wrapper returned, so that
// every one is worked out), and with Prose, where the tracker works out
// the wrappers all the same.
var noLinesModes = []mode{quickMode, defaultMode, proseModes[0]}

// noLinesInputs reach what fixNear decides: line starts within nearLine
// bytes and farther, after the tracker and before it, in quoted replies,
// after CR and CR LF, with characters of more than a byte before the
// wrapper, and wrappers whose first line is cut by a read.
var noLinesInputs = []string{
	"> <URL:http://a.example/x\n> <URL:http://b.example/y\n> c>\n",
	"a\r<http://a.example/>\r\nb <URL:http://b.example/>\n\tc\u00e9\u6587 <http://c.example/\u00e9>",
	strings.Repeat("word ", 80) + "<http://far.example/> and <http://near.example/>\n<x:y>",
	strings.Repeat("<http://a.example/> ", 200) + "\n  <http://b.example/\n   c>",
	strings.Repeat("x", 300) + "\xff\xfe<a:b> " + strings.Repeat("\u00e9", 200) + "<c:d>\n\xc3<e:f>",
	">> <URL:http://a.example/\n>> b> <c:\n>> d>\n| <e:f\n| g>",
	"<a:b\n<c:d\n<e:f>\n  1. <g:h\n  2. i>",
}

// TestNoLines checks that NoLines changes nothing but the lines of the
// candidates: positions, leads and everything else alike, on the inputs
// above, the corpus and the shortcuts' inputs, read whole and in pieces.
func TestNoLines(t *testing.T) {
	inputs := append(noLinesInputs[:len(noLinesInputs):len(noLinesInputs)], shortcutInputs...)
	for _, in := range append(inputs, corpusTexts(t)...) {
		for _, m := range noLinesModes {
			for _, chunk := range []int{0, 1, 7, 300, 4096} {
				if chunk == 1 && len(in) > 1<<16 {
					continue
				}
				checkNoLines(t, []byte(in), m, chunk, 0)
			}
		}
	}
}

func FuzzNoLines(f *testing.F) {
	for _, in := range noLinesInputs {
		f.Add([]byte(in), uint8(0), uint8(0), uint8(0))
		f.Add([]byte(in), uint8(1), uint8(7), uint8(40))
	}
	f.Fuzz(func(t *testing.T, in []byte, mode, chunk, max uint8) {
		checkNoLines(t, in, noLinesModes[int(mode)%len(noLinesModes)], int(chunk), int(max))
	})
}

// checkNoLines compares the candidates of in scanned with NoLines and
// without, their lines set aside. A wrapper that the tracker works out
// has the lead the tracker keeps; one that fixNear works out, a lead read
// from the buffer: they must be the same.
func checkNoLines(t *testing.T, in []byte, m mode, chunk, max int) {
	t.Helper()
	scan := func(opts ...Option) []record {
		var r io.Reader = bytes.NewReader(in)
		if chunk > 0 {
			r = chunked{r, chunk}
		}
		got, err := records(New(r, append(opts, modes(m), WithSchemes(proseKnown), MaxLength(max))...))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := scan()
	for i := range want {
		want[i].Pos.Line = 0
	}
	if got := scan(NoLines()); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q, mode %b, chunks of %d, maximum length %d: with NoLines\n%+v\nwithout\n%+v",
			in, m, chunk, max, got, want)
	}
}
