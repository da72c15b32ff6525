package arena

import (
	"strings"
	"testing"
)

// TestArena: every string is a copy, unchanged by what follows it and by
// changes to what it was copied from; small strings share blocks, and a
// long one gets its own allocation.
func TestArena(t *testing.T) {
	var a Arena
	var got, want []string
	src := []byte("0123456789")
	for i := range 5000 { // several blocks
		n := i % 11
		got = append(got, a.Bytes(src[:n]))
		want = append(want, string(src[:n]))
		src[0] ^= 1 // the copy is not a view of src
		got = append(got, a.String(strings.Repeat("x", i%7)))
		want = append(want, strings.Repeat("x", i%7))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d is %q, want %q", i, got[i], want[i])
		}
	}
	if n := testing.AllocsPerRun(1000, func() { a.String("http://a.example/x") }); n > 0.01 {
		t.Errorf("%v allocations for a short string, want one a block", n)
	}
	long := strings.Repeat("y", Size/8+1)
	if n := testing.AllocsPerRun(100, func() { a.String(long) }); n != 1 {
		t.Errorf("%v allocations for a string of %d bytes, want 1", n, len(long))
	}
	if n := testing.AllocsPerRun(100, func() { a.Bytes([]byte(long)) }); n != 1 || a.Bytes([]byte(long)) != long {
		t.Errorf("%v allocations for %d bytes, want 1", n, len(long))
	}
	if a.String("") != "" || a.Bytes(nil) != "" {
		t.Error("empty strings are not empty")
	}
}
