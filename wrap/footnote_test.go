package wrap

import "testing"

// TestFootnote checks footnote: the length of the mark "[" digits "]"
// that ends b, or 0.
func TestFootnote(t *testing.T) {
	for b, want := range map[string]int{
		"see[12]": 4, "[1]": 3, "[0]": 3, "[9]": 3, "x[5]": 3, "[123]": 5,
		"[]": 0, "x[1a]": 0, "12]": 0, "a12]": 0, "[/]": 0, "[:]": 0, "]": 0, "(1]": 0,
	} {
		if got := footnote([]byte(b)); got != want {
			t.Errorf("footnote(%q) = %d, want %d", b, got, want)
		}
	}
}

// TestIsWebFile checks isWebFile: a and b, one after the other, make an
// extension of webFile, compared without case.
func TestIsWebFile(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"html", "", true}, {"HTML", "", true}, {"ht", "ml", true}, {"ASP", "", true}, {"aspx", "", true},
		{"ZIP", "", true}, {"Zip", "", true}, {"zip", "", true}, {"tar", "", true}, {"TAR", "", true},
		{"exex", "", false}, {"", "", false}, {"shtml", "abcd", false}, {"htmlhtml", "", false}, {"z", "ip", true},
	} {
		if got := isWebFile([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("isWebFile(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
