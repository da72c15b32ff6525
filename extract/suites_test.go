package extract

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"mvdan.cc/xurls/v2"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
)

// suiteCase is a case of a suite file, testdata/prose/suites/*.jsonl
// (testdata/prose/README.md describes the fields).
type suiteCase struct {
	Source string   `json:"source"`
	In     string   `json:"in"`
	Want   []string `json:"want"`
	// Written is Want as written() prints it, where the suite states its
	// URLs otherwise: with a scheme it adds, percent-encoded, or with a
	// host in Punycode.
	Written []string `json:"written"`
	// First: the suite expects only the first URL found.
	First bool `json:"first"`
	// Unique: the suite expects each URL once, at its first appearance.
	Unique bool `json:"unique"`
	// Some: the suite checks only that these URLs are among those found.
	Some bool `json:"some"`
	// Point, from 1, is the character position of Emacs's point: the
	// suite expects the URL at or just before it, or none.
	Point int    `json:"point"`
	Note  string `json:"note"`
	// Choice, with the reason Why, is what urlsift takes for a case on
	// which the suites disagree, in place of Want.
	Choice []string `json:"choice"`
	Why    string   `json:"why"`
}

// expected returns what the case expects of every finder.
func (c suiteCase) expected() []string {
	switch {
	case c.Why != "":
		return c.Choice
	case c.Written != nil:
		return c.Written
	}
	return c.Want
}

// found is a URL a finder found: as written, and the bytes of the input
// it stands on.
type found struct {
	url        string
	start, end int
}

// judged returns what a finder found as the case judges it.
func (c suiteCase) judged(all []found) []string {
	if c.Point > 0 {
		// Point p stands between characters p-1 and p (from 1): a URL
		// is at point when it starts at or before it and ends at or
		// after it.
		// goto-char stops at the end of the buffer.
		at := min(c.Point-1, utf8.RuneCountInString(c.In))
		for _, f := range all {
			if utf8.RuneCountInString(c.In[:f.start]) <= at && at <= utf8.RuneCountInString(c.In[:f.end]) {
				return []string{f.url}
			}
		}
		return nil
	}
	var got []string
	left := slices.Clone(c.expected())
	for _, f := range all {
		if c.Unique && slices.Contains(got, f.url) {
			continue
		}
		if c.Some {
			// Only the wanted URLs count, each once.
			i := slices.Index(left, f.url)
			if i < 0 {
				continue
			}
			left = slices.Delete(left, i, i+1)
		}
		got = append(got, f.url)
	}
	if c.First && len(got) > 1 {
		got = got[:1]
	}
	return got
}

func readSuite(t testing.TB, path string) []suiteCase { return readJSONL[suiteCase](t, path) }

// readJSONL reads the file at path, one JSON value of type T a line.
func readJSONL[T any](t testing.TB, path string) []T {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c T
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
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

// score is how a finder does on a set of cases.
type score struct {
	exact, cases         int
	found, right, wanted int
}

func (s score) String() string {
	return fmt.Sprintf("exact %5.1f%% (%d/%d)  precision %5.1f%%  recall %5.1f%%",
		100*float64(s.exact)/float64(max(s.cases, 1)), s.exact, s.cases,
		100*float64(s.right)/float64(max(s.found, 1)), 100*float64(s.right)/float64(max(s.wanted, 1)))
}

// add counts a case: a URL found is right when the case wants it, each
// wanted URL matching one found URL at most.
func (s *score) add(got, want []string) {
	s.cases++
	if slices.Equal(got, want) {
		s.exact++
	}
	s.found += len(got)
	s.wanted += len(want)
	left := slices.Clone(want)
	for _, g := range got {
		if i := slices.Index(left, g); i >= 0 {
			left = slices.Delete(left, i, i+1)
			s.right++
		}
	}
}

func (s *score) merge(o score) {
	s.exact += o.exact
	s.cases += o.cases
	s.found += o.found
	s.right += o.right
	s.wanted += o.wanted
}

type finder struct {
	name string
	find func(string) []found
}

// suiteFinders are the finders TestSuites scores; the first is the one
// the README's bounds are about.
func suiteFinders() []finder {
	return []finder{
		{"urlsift --unwrapped --schemeless --grammar iri", urlsift(Schemeless(), WithGrammar(rfc3986.IRI))},
		{"urlsift --unwrapped --schemeless --grammar rfc3986", urlsift(Schemeless(), WithGrammar(rfc3986.URI))},
		{"urlsift --unwrapped --schemeless (rfc1738)", urlsift(Schemeless(), WithGrammar(rfc1738.Grammar{}))},
		{"urlsift --unwrapped --grammar iri", urlsift(Unwrapped(), WithGrammar(rfc3986.IRI))},
		{"urlsift --unwrapped --grammar rfc3986", urlsift(Unwrapped(), WithGrammar(rfc3986.URI))},
		{"urlsift --unwrapped (rfc1738)", urlsift(Unwrapped(), WithGrammar(rfc1738.Grammar{}))},
		{"urlsift (wrapped only, rfc1738)", urlsift()},
		{"xurls strict", regexpFinder(func(s string) [][]int { return xurls.Strict().FindAllStringIndex(s, -1) })},
		{"xurls relaxed", regexpFinder(func(s string) [][]int { return xurls.Relaxed().FindAllStringIndex(s, -1) })},
	}
}

// boundSuites are the suites the README's bounds hold on, together.
var boundSuites = []string{"linkify-it.jsonl", "xurls.jsonl", "rfc-prose.jsonl"}

// TestSuites scores urlsift beside xurls on each suite of
// testdata/prose/suites alone, one table a suite, and holds it to the
// bounds the README states on linkify-it's, xurls's and the RFC prose
// cases together: with Schemeless and the IRI grammar, at least 85% of
// the cases exactly, a precision of at least 95%, and more cases exactly
// than xurls relaxed.
func TestSuites(t *testing.T) {
	paths, err := filepath.Glob("testdata/prose/suites/*.jsonl")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no suites: %v", err)
	}
	finders := suiteFinders()
	const relaxed = 8 // xurls relaxed
	bound := make([]score, len(finders))
	for _, path := range paths {
		name := filepath.Base(path)
		cases := readSuite(t, path)
		scores := make([]score, len(finders))
		for i, f := range finders {
			for _, c := range cases {
				got, want := c.judged(f.find(c.In)), c.expected()
				scores[i].add(got, want)
				if i == 0 && testing.Verbose() && !slices.Equal(got, want) {
					t.Logf("%s: %s: %q: got %q, want %q", name, c.Source, c.In, got, want)
				}
			}
		}
		t.Logf("== %s (%d cases)", name, len(cases))
		for i, f := range finders {
			t.Logf("%-52s %v", f.name, scores[i])
		}
		if slices.Contains(boundSuites, name) {
			for i := range finders {
				bound[i].merge(scores[i])
			}
		}
	}
	t.Logf("== %s together", strings.Join(boundSuites, ", "))
	for i, f := range finders {
		t.Logf("%-52s %v", f.name, bound[i])
	}
	best := bound[0]
	if 100*best.exact < 85*best.cases {
		t.Errorf("exact on %d of %d cases, under 85%%", best.exact, best.cases)
	}
	if 100*best.right < 95*best.found {
		t.Errorf("precision %d of %d, under 95%%", best.right, best.found)
	}
	if best.exact <= bound[relaxed].exact {
		t.Errorf("exact on %d cases, xurls relaxed on %d", best.exact, bound[relaxed].exact)
	}
}

func urlsift(opts ...Option) func(string) []found {
	return func(in string) []found {
		var got []found
		for m, err := range All(strings.NewReader(in), opts...) {
			if err == nil {
				start := int(m.Pos.Offset)
				got = append(got, found{written(m), start, start + len(m.Raw)})
			}
		}
		return got
	}
}

func regexpFinder(find func(string) [][]int) func(string) []found {
	return func(in string) []found {
		var got []found
		for _, loc := range find(in) {
			got = append(got, found{in[loc[0]:loc[1]], loc[0], loc[1]})
		}
		return got
	}
}
