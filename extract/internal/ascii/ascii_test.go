package ascii

import (
	"strings"
	"testing"
)

func TestHexByte(t *testing.T) {
	for _, c := range []struct {
		hi, lo byte
		want   byte
		ok     bool
	}{{'4', '1', 'A', true}, {'e', '9', 0xe9, true}, {'E', '9', 0xe9, true}, {'0', '0', 0, true}, {'f', 'F', 0xff, true},
		{'g', '0', 0, false}, {'0', 'G', 0, false}, {'%', '2', 0, false}, {' ', '2', 0, false}} {
		if got, ok := HexByte(c.hi, c.lo); ok != c.ok || ok && got != c.want {
			t.Errorf("HexByte(%q, %q) = %#x, %v", c.hi, c.lo, got, ok)
		}
	}
}

func TestLower(t *testing.T) {
	for _, c := range []struct{ in, want string }{{"", ""}, {"http", "http"}, {"HTTP", "http"}, {"X-Foo.Bar+1", "x-foo.bar+1"}, {"É@[`", "É@[`"}} {
		var buf [16]byte
		if got := string(Lower(buf[:0], c.in)); got != c.want {
			t.Errorf("Lower(%q) = %q", c.in, got)
		}
		if got := string(Lower(nil, []byte(c.in))); got != c.want {
			t.Errorf("Lower([]byte %q) = %q", c.in, got)
		}
		if IsLower(c.in) != (c.in == c.want) {
			t.Errorf("IsLower(%q) = %v", c.in, IsLower(c.in))
		}
	}
	var buf [16]byte
	if n := testing.AllocsPerRun(100, func() { _ = Lower(buf[:0], "HTTPS") }); n != 0 {
		t.Errorf("Lower into a stack buffer allocates %v times", n)
	}
}

func TestTrimRight(t *testing.T) {
	for _, in := range []string{"", "\r\n", "a\r\n", "a\n\r\n\r", "a\rb\n", "\n\na", "a \t", "a\t \t"} {
		for _, set := range []string{"\r\n", " \t"} {
			if got, want := string(TrimRight([]byte(in), set[0], set[1])), strings.TrimRight(in, set); got != want {
				t.Errorf("TrimRight(%q, %q) = %q, want %q", in, set, got, want)
			}
		}
	}
}

func TestOnly(t *testing.T) {
	for s, want := range map[string]bool{"": true, "example.com": true, "\x7f": true, "é": false, "a\x80": false, "例え.jp": false} {
		if got := Only(s); got != want {
			t.Errorf("Only(%q) = %v, want %v", s, got, want)
		}
	}
}
