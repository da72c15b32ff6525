package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
)

// brokenCase is a case of testdata/prose/broken: a passage of real mail
// or RFC text holding URLs in prose, judged by hand (see its README).
type brokenCase struct {
	ID     string   `json:"id"`
	Source string   `json:"source"`
	In     string   `json:"in"`
	Want   []string `json:"want"`
	Broken []string `json:"broken"`
	Kind   string   `json:"kind"`
	Where  string   `json:"where"`
	Quoted int      `json:"quoted"`
	Why    string   `json:"why"`
}

func readBroken(t testing.TB, name string) []brokenCase {
	return readJSONL[brokenCase](t, "testdata/prose/broken/"+name)
}

// brokenScore is how the joins do on a set of brokenCases.
type brokenScore struct {
	broken, joined int // the URLs cut by a line break, and those read whole
	apart, kept    int // the cases that must not be joined, and those not joined
	misses, wrongs []string
}

func (s brokenScore) String() string {
	return fmt.Sprintf("joined %d of %d broken URLs (%.1f%%), kept apart %d of %d cases (%.1f%%)",
		s.joined, s.broken, 100*float64(s.joined)/float64(max(s.broken, 1)),
		s.kept, s.apart, 100*float64(s.kept)/float64(max(s.apart, 1)))
}

// scoreBroken scores the URLs found in prose, valid or not (all records
// of --json), on cases: a broken URL counts as joined when a record is
// exactly it; a case that must not be joined counts as kept apart when no
// record runs on from one of its URLs into what follows.
func scoreBroken(cases []brokenCase, opts ...Option) brokenScore {
	var s brokenScore
	for _, c := range cases {
		var got []string
		for m, err := range All(strings.NewReader(c.In), append(opts, ReportInvalid())...) {
			if err == nil && m.Form >= FormUnwrapped {
				got = append(got, written(m))
			}
		}
		for _, b := range c.Broken {
			s.broken++
			if slices.Contains(got, b) {
				s.joined++
			} else {
				s.misses = append(s.misses, fmt.Sprintf("%s: %q\n\tgot %q\n\twant %q", c.ID, c.In, got, b))
			}
		}
		if c.Kind != "apart" {
			continue
		}
		s.apart++
		wrong := ""
		for _, g := range got {
			for _, w := range c.Want {
				if len(g) > len(w) && strings.HasPrefix(g, w) && !slices.Contains(c.Want, g) {
					wrong = g
				}
			}
		}
		if wrong == "" {
			s.kept++
		} else {
			s.wrongs = append(s.wrongs, fmt.Sprintf("%s: %q\n\tgot %q (%s)", c.ID, c.In, wrong, c.Where))
		}
	}
	return s
}

// TestBroken measures the joins of URLs in prose over lines on the
// hand-judged set of testdata/prose/broken, with the IRI grammar (which
// takes every URL of the set) and with RFC 1738's, and holds the held-out
// cases to the bounds the README states: at least 80% of the broken URLs
// joined, at least 98% of the cases that must not be joined kept apart.
func TestBroken(t *testing.T) {
	for _, set := range []string{"dev.jsonl", "heldout.jsonl"} {
		cases := readBroken(t, set)
		for _, g := range []Grammar{rfc3986.IRI, rfc1738.Grammar{}} {
			s := scoreBroken(cases, Unwrapped(), WithGrammar(g))
			t.Logf("%-14s %-8s %v", set, g.Name(), s)
			if testing.Verbose() && g == rfc3986.IRI {
				for _, m := range s.misses {
					t.Logf("missed %s", m)
				}
				for _, w := range s.wrongs {
					t.Logf("joined %s", w)
				}
			}
		}
	}
}
