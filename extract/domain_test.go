package extract

import (
	"fmt"
	"slices"
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
