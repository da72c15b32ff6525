package rfc1738

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

func TestKnownScheme(t *testing.T) {
	for _, s := range []string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file",
		"prospero", "afs", "mid", "cid", "nfs", "tn3270", "mailserver", "z39.50", "rlogin", "https", "urn",
		"HTTP", "Z39.50", "x-", "x-a", "X-Some-Very-Long-Private-Scheme"} {
		if !KnownScheme(s) {
			t.Errorf("KnownScheme(%q) = false", s)
		}
	}
	for _, s := range []string{"", "url", "xs", "x", "p", "port", "uri@bunyip.com", "httpx", "ht", "scheme",
		"a-very-long-unknown-scheme-name"} {
		if KnownScheme(s) {
			t.Errorf("KnownScheme(%q) = true", s)
		}
	}
}

// TestNames checks the list that Schemes returns against the table that
// KnownScheme reads: every name of the list is in the table, and no other
// name is, among the names of the IANA registry (read as text from
// package rfc3986's table, which this package must not import).
func TestNames(t *testing.T) {
	for _, n := range names {
		if _, ok := table(n); !ok {
			t.Errorf("%q is listed, not in the table", n)
		}
	}
	src, err := os.ReadFile("../rfc3986/schemes.go")
	if err != nil {
		t.Fatal(err)
	}
	probes := regexp.MustCompile(`"([a-z0-9.+-]+)":`).FindAllStringSubmatch(string(src), -1)
	if len(probes) < 300 {
		t.Fatalf("%d names read from the IANA table", len(probes))
	}
	for _, p := range append(probes, []string{"", "tn3270"}, []string{"", "z39.50"}, []string{"", "mailserver"}) {
		if _, ok := table(p[1]); ok != slices.Contains(names, p[1]) {
			t.Errorf("%q: in the table %v, listed %v", p[1], ok, !ok)
		}
	}
	if got := (Grammar{}).Schemes(); len(got) != len(names)+2 || got[len(got)-1] != "x-*" {
		t.Errorf("Schemes() = %q", got)
	}
}
