package scanner

import (
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
