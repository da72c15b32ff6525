package hex

import "testing"

func TestByte(t *testing.T) {
	for _, c := range []struct {
		hi, lo byte
		want   byte
		ok     bool
	}{{'4', '1', 'A', true}, {'e', '9', 0xe9, true}, {'E', '9', 0xe9, true}, {'0', '0', 0, true}, {'f', 'F', 0xff, true},
		{'g', '0', 0, false}, {'0', 'G', 0, false}, {'%', '2', 0, false}, {' ', '2', 0, false}} {
		if got, ok := Byte(c.hi, c.lo); ok != c.ok || ok && got != c.want {
			t.Errorf("Byte(%q, %q) = %#x, %v", c.hi, c.lo, got, ok)
		}
	}
}
