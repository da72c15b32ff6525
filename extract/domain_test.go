package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

var hostCases = []string{
	"example.com", "WWW.Example.COM", "a-b.example.org", "xn--bcher-kva.de", "XN--bcher-kva.de",
	"ab--cd.example", "a--b.example", "-a.example", "a-.example", "a..example", "a_b.example",
	"localhost", "1.2.3.4", "bücher.de", "a.b.c.d.e.f.example.co.uk", "x.ck", "www.x.ck", "example.", "é.com",
	"a.b-.com", "abc-.com", "9.com", "a--.com", "xn--.com",
	"8.3", "A.3", "T.J", "3.2.1", "a.b.", "x.9.", "a.1e", "x.12a", "", ".", "a.é", "host", "a.ck", "x.y.ck",
}

// plainHost gives what IDNA's lookup profile gives, whenever it takes a
// host: the fast path never changes a decision.
func TestPlainHost(t *testing.T) {
	for _, h := range hostCases {
		checkPlainHost(t, h)
	}
	for h, want := range map[string]bool{"example.com": true, "WWW.Example.COM": true, "ab--cd.example": false, "xn--bcher-kva.de": false,
		"-a.example": false, "a..example": false, "a_b.example": false, "bücher.de": false} {
		if _, ok := plainHost(h); ok != want {
			t.Errorf("plainHost(%q) ok = %v, want %v", h, ok, want)
		}
	}
}

func checkPlainHost(t *testing.T, h string) {
	lower, ok := plainHost(h)
	if !ok {
		return
	}
	want, err := idna.Lookup.ToASCII(h)
	if err != nil || want != lower {
		t.Errorf("plainHost(%q) = %q, IDNA gives %q, %v", h, lower, want, err)
	}
}

func FuzzPlainHost(f *testing.F) {
	for _, h := range hostCases {
		f.Add(h)
	}
	f.Fuzz(checkPlainHost)
}

// noTLD says no only of hosts that realDomain says no of.
func FuzzNoTLD(f *testing.F) {
	for _, h := range hostCases {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if noTLD(h) && realDomain(h) {
			t.Errorf("noTLD(%q), but it ends in a top-level domain", h)
		}
	})
}

// The remembered decision is the decision, first time and after, for
// more hosts than the table has entries, which then share them.
func TestRealDomainRemembered(t *testing.T) {
	x := New(nil)
	hosts := slices.Clone(hostCases)
	for i := range 3 * len(domainCache{}) {
		hosts = append(hosts, fmt.Sprintf("h%d.example.%s", i, []string{"com", "zz", "co.uk", "3"}[i%4]))
	}
	for range 2 {
		for _, h := range hosts {
			if got, want := x.realDomain(h), realDomain(h); got != want {
				t.Errorf("realDomain(%q) = %v remembered, %v", h, got, want)
			}
		}
	}
	for _, c := range []struct {
		h    string
		want bool
	}{{"example.com", true}, {"WWW.Example.COM", true}, {"localhost", false}, {"x.ck", false}, {"www.x.ck", true}, {"bücher.de", true}, {"a.zz", false}} {
		if got := x.realDomain(c.h); got != c.want {
			t.Errorf("realDomain(%q) = %v, want %v", c.h, got, c.want)
		}
	}
}

// saneHostRef is saneHost as first written: by strings.IndexAny and
// strings.SplitSeq.
func saneHostRef(rest string) bool {
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") {
		return true
	}
	host, port, _ := strings.Cut(rest, ":")
	if len(port) > 5 || len(port) == 5 && port > "65535" {
		return false
	}
	if host == "" {
		return true
	}
	for label := range strings.SplitSeq(strings.TrimSuffix(host, "."), ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' || label[len(label)-1] == '_' {
			return false
		}
	}
	return true
}

var saneCases = map[string]bool{
	"a.com": true, "-a.com": false, "a-.com": false, "a_.com": false, "a_b.com": true, "a..com": false, ".a.com": false,
	"a.com.": true, "a.com..": false, "": true, ".": false, "a.com:65535": true, "a.com:65536": false, "a.com:123456": false,
	"[::1]": true, "u@a.com": true, "u@-a.com": false, "a.com/x": true, "a.com/-x": true, "-a.com?x": false, "a.com#x.": true,
	"x:y@a.com": true, "a": true, "a-": false, "/x": true, ":80": true, "http://a.com": true, "a:b://c": true, "::/": true,
}

// saneHost decides as it was first written, by searches and splits.
func TestSaneHost(t *testing.T) {
	for in, want := range saneCases {
		if got := saneHost(in); got != want || got != saneHostRef(in) {
			t.Errorf("saneHost(%q) = %v, want %v", in, got, want)
		}
	}
}

func FuzzSaneHost(f *testing.F) {
	for in := range saneCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := saneHost(in), saneHostRef(in); got != want {
			t.Errorf("saneHost(%q) = %v, first written %v", in, got, want)
		}
		if got, want := hostEnd(in), strings.IndexAny(in, ":/?#"); got != want && (want >= 0 || got != len(in)) {
			t.Errorf("hostEnd(%q) = %d, IndexAny %d", in, got, want)
		}
		_, wantRest, wantOK := strings.Cut(in, "://")
		if rest, ok := afterScheme(in); rest != wantRest || ok != wantOK {
			t.Errorf("afterScheme(%q) = %q, %v; strings.Cut gives %q, %v", in, rest, ok, wantRest, wantOK)
		}
	})
}
