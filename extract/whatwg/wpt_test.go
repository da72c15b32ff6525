package whatwg_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/source"
)

// wptCase is a case of the web-platform-tests' url/resources/
// urltestdata.json (testdata/urltestdata.json, as ada-url/ada keeps it
// under tests/wpt at commit c4f3af647c7103116f0cb490392768600f8060ce).
type wptCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Href    string  `json:"href"`
	Failure bool    `json:"failure"`
}

var schemeRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):(.*)$`)

// chosen says whether a case is one urlsift can be measured on: its input
// is an absolute URL (it starts with a scheme) with no whitespace and no
// angle bracket, so that it stands inside "<URL:...>" as it is, and its
// result does not depend on its base. It does when the input's scheme is
// special and the base's too, the same, and no "//" (or "\\") follows
// the ":": "http:foo.com" against "http://example.org/" is relative.
func chosen(c wptCase) bool {
	if strings.ContainsFunc(c.Input, func(r rune) bool { return unicode.IsSpace(r) || r == '<' || r == '>' }) {
		return false
	}
	m := schemeRE.FindStringSubmatch(c.Input)
	if m == nil {
		return false
	}
	if c.Base == nil {
		return true
	}
	b := schemeRE.FindStringSubmatch(*c.Base)
	special := map[string]bool{"ftp": true, "file": true, "http": true, "https": true, "ws": true, "wss": true}
	s := strings.ToLower(m[1])
	if b == nil || !special[s] || strings.ToLower(b[1]) != s {
		return true
	}
	rest := strings.ReplaceAll(m[2], `\`, "/")
	return strings.HasPrefix(rest, "//")
}

// wptKnown are the cases that fail, and why: each is checked to fail, so
// that a fix shows here too.
var wptKnown = map[string]string{
	// golang.org/x/net/idna rejects a Punycode label that decodes to
	// characters UTS 46 maps (CheckHyphens and the "xn--" rules of
	// Unicode 15.1, which the URL Standard follows, let these through).
	"http://a.b.c.xn--pokxncvks":  "IDNA: x/net/idna rejects the decoded label",
	"http://10.0.0.xn--pokxncvks": "IDNA: x/net/idna rejects the decoded label",
	"http://a.b.c.XN--pokxncvks":  "IDNA: x/net/idna rejects the decoded label",
	"http://a.b.c.Xn--pokxncvks":  "IDNA: x/net/idna rejects the decoded label",
	"http://10.0.0.XN--pokxncvks": "IDNA: x/net/idna rejects the decoded label",
	"http://10.0.0.xN--pokxncvks": "IDNA: x/net/idna rejects the decoded label",
	"file://xn--/p":               "IDNA: x/net/idna gives an empty label for \"xn--\"",
	"https://xn--/":               "IDNA: x/net/idna gives an empty label for \"xn--\"",
	// urlsift's Typography rule, on by default, takes out a zero-width
	// character or a soft hyphen and folds fullwidth forms before any
	// grammar sees the URL; --no-typography passes these (wptTypography).
	"http://example.com/\ufeff/foo": typography,
	"http://％４１.com":                typography,
	"file://\u00ad/p":               typography,
}

const typography = "the Typography layout rule"

func TestWPT(t *testing.T) {
	b, err := os.ReadFile("testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	src := source.Settings{Grammar: "whatwg", Normalize: true, Invalid: true}.New()
	total, pass := 0, 0
	failed := map[string]bool{}
	byInput := map[string]wptCase{}
	for _, r := range raw {
		var c wptCase
		if json.Unmarshal(r, &c) != nil || !chosen(c) { // the comments are strings
			continue
		}
		total++
		byInput[c.Input] = c
		got, ok := wptRun(src, c)
		switch {
		case ok:
			pass++
		case wptKnown[c.Input] == "":
			t.Errorf("%q: got %q, want %q (failure %v)", c.Input, got, c.Href, c.Failure)
		default:
			failed[c.Input] = true
		}
	}
	off := source.Settings{Grammar: "whatwg", Normalize: true, Invalid: true, Off: extract.Typography}.New()
	for in, why := range wptKnown {
		if why == typography {
			if got, ok := wptRun(off, byInput[in]); !ok {
				t.Errorf("%q without Typography: got %q, want %q (failure %v)", in, got, byInput[in].Href, byInput[in].Failure)
			}
		}
		if !failed[in] {
			t.Errorf("%q passes now, or is no longer chosen: take it from wptKnown", in)
		}
	}
	score := float64(pass) / float64(total)
	t.Logf("web-platform-tests: %d of %d chosen cases pass (%.2f%%)", pass, total, 100*score)
	if total < 550 || score < 0.98 {
		t.Errorf("%d of %d cases pass, want at least 98%% of more than 550", pass, total)
	}
}

// wptRun runs one case through a Source as the command does, inside
// "<URL:...>", and says whether it passes: a failure case when no valid
// record comes of it, any other when its one valid record's URL, and its
// normal form, is the expected href.
// Every case gives one record, valid or not: its wrapper is read whole,
// and judged by the grammar.
func wptRun(src *source.Source, c wptCase) (got []string, ok bool) {
	records := 0
	for m, err := range src.Read(strings.NewReader("<URL:"+c.Input+">"), "wpt") {
		records++
		if err == nil && m.Valid {
			got = append(got, m.URL)
			if m.Normalized != m.URL {
				got = append(got, "normalized "+m.Normalized)
			}
		}
	}
	if records != 1 {
		return append(got, fmt.Sprintf("%d records", records)), false
	}
	if c.Failure {
		return got, len(got) == 0
	}
	return got, len(got) == 1 && got[0] == c.Href
}
