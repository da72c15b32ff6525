package rfc1738

import "testing"

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
