package extract

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/xurls/v2"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
)

// suiteCase is a case of testdata/prose/suites.jsonl.
type suiteCase struct {
	Source string   `json:"source"`
	In     string   `json:"in"`
	Want   []string `json:"want"`
	// Choice, with the reason Why, is what urlsift takes for a case on
	// which the suites disagree, in place of Want.
	Choice []string `json:"choice"`
	Why    string   `json:"why"`
}

// expected returns what the case expects of every finder, and whether
// only the first URL found counts: xurls's cases name the first URL only
// (its tests call FindString).
func (c suiteCase) expected() (want []string, first bool) {
	want = c.Want
	if c.Why != "" {
		want = c.Choice
	}
	return want, strings.HasPrefix(c.Source, "xurls")
}

func readSuites(t testing.TB) []suiteCase {
	f, err := os.Open("testdata/prose/suites.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []suiteCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c suiteCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// written returns a match's URL as written: without the scheme added to
// a host name or an e-mail address.
func written(m Match) string {
	switch m.Form {
	case FormSchemeless:
		_, rest, _ := strings.Cut(m.URL, "://")
		return rest
	case FormEmail:
		return strings.TrimPrefix(m.URL, "mailto:")
	}
	return m.URL
}

// score is how a finder does on the test set.
type score struct {
	exact, cases         int
	found, right, wanted int
}

func (s score) String() string {
	return fmt.Sprintf("exact %5.1f%% (%d/%d)  precision %5.1f%%  recall %5.1f%%",
		100*float64(s.exact)/float64(s.cases), s.exact, s.cases,
		100*float64(s.right)/float64(max(s.found, 1)), 100*float64(s.right)/float64(max(s.wanted, 1)))
}

func (s *score) add(got, want []string) {
	s.cases++
	if slices.Equal(got, want) || len(got) == 0 && len(want) == 0 {
		s.exact++
	}
	s.found += len(got)
	s.wanted += len(want)
	for _, g := range got {
		if slices.Contains(want, g) {
			s.right++
		}
	}
}

// TestSuites measures urlsift on the test set of URLs in prose beside
// xurls, and holds it to the bounds the README states: with Schemeless
// and the IRI grammar, at least 85% of the cases exactly, a precision of
// at least 95%, and more cases exactly than xurls relaxed.
func TestSuites(t *testing.T) {
	cases := readSuites(t)
	finders := []struct {
		name string
		find func(string) []string
	}{
		{"urlsift --unwrapped --schemeless --grammar iri", urlsift(Schemeless(), WithGrammar(rfc3986.IRI))},
		{"urlsift --unwrapped --schemeless --grammar rfc3986", urlsift(Schemeless(), WithGrammar(rfc3986.URI))},
		{"urlsift --unwrapped --schemeless (rfc1738)", urlsift(Schemeless(), WithGrammar(rfc1738.Grammar{}))},
		{"urlsift --unwrapped --grammar iri", urlsift(Unwrapped(), WithGrammar(rfc3986.IRI))},
		{"xurls strict", func(s string) []string { return xurls.Strict().FindAllString(s, -1) }},
		{"xurls relaxed", func(s string) []string { return xurls.Relaxed().FindAllString(s, -1) }},
	}
	scores := make([]score, len(finders))
	for i, f := range finders {
		for _, c := range cases {
			got := f.find(c.In)
			want, first := c.expected()
			if first && len(got) > 1 {
				got = got[:1]
			}
			scores[i].add(got, want)
			if i == 0 && testing.Verbose() && !slices.Equal(got, want) && (len(got) > 0 || len(want) > 0) {
				t.Logf("%s: %q: got %q, want %q", c.Source, c.In, got, want)
			}
		}
		t.Logf("%-50s %v", f.name, scores[i])
	}
	best := scores[0]
	if 100*best.exact < 85*best.cases {
		t.Errorf("exact on %d of %d cases, under 85%%", best.exact, best.cases)
	}
	if 100*best.right < 95*best.found {
		t.Errorf("precision %d of %d, under 95%%", best.right, best.found)
	}
	if relaxed := scores[len(scores)-1]; best.exact <= relaxed.exact {
		t.Errorf("exact on %d cases, xurls relaxed on %d", best.exact, relaxed.exact)
	}
}

func urlsift(opts ...Option) func(string) []string {
	return func(in string) []string {
		var got []string
		for m, err := range All(strings.NewReader(in), opts...) {
			if err == nil {
				got = append(got, written(m))
			}
		}
		return got
	}
}
