package scanner

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

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
	} {
		f.Add([]byte(s), uint8(0), uint8(0))
		f.Add([]byte(s), uint8(7), uint8(20))
		f.Add([]byte(s), uint8(33), uint8(5))
		f.Add([]byte(s), uint8(0), uint8(6))
		f.Add([]byte(s), uint8(0), uint8(45))
		f.Add([]byte(s), uint8(0), uint8(70))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk, max uint8) {
		scan := func(quick bool) ([]record, error) {
			defer func(was bool) { noQuick = was }(noQuick)
			noQuick = !quick
			var r io.Reader = bytes.NewReader(in)
			if chunk > 0 {
				r = chunked{r, int(chunk)}
			}
			return records(New(r, Rules(quickMode), MaxLength(int(max))))
		}
		want, wantErr := scan(false)
		got, gotErr := scan(true)
		if !reflect.DeepEqual(got, want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("%q (read %d bytes at a time, maximum length %d):\nquick %+v, %v\nnot   %+v, %v",
				in, chunk, max, got, gotErr, want, wantErr)
		}
	})
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
	r, k := skipHopeless(in, 0, DefaultMaxLength)
	if want := 8 * len(block); r != want || k != want+4 {
		t.Errorf("skipHopeless = %d, %d, want %d, %d", r, k, want, want+4)
	}
}
