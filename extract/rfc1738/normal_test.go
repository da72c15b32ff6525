package rfc1738

import "testing"

// What RFC 1738 makes the same URL, worked out by hand from its sections.
var normalCases = []struct{ name, in, want string }{
	{"scheme and host case (2.1, 3.1)", "HTTP://www.Example.COM/", "http://www.example.com/"},
	{"path case kept", "http://example.com/A/B", "http://example.com/A/B"},
	{"user and password case kept (3.1)", "ftp://User:PW@FTP.Example.COM/pub", "ftp://User:PW@ftp.example.com/pub"},
	{"escape digits upper (2.2)", "ftp://ftp.example.com/%7efoo/a%2fb", "ftp://ftp.example.com/%7Efoo/a%2Fb"},
	{"no escape decoded (2.2)", "http://example.com/%41%7E", "http://example.com/%41%7E"},
	{":80 on http (3.3)", "http://example.com:80/b", "http://example.com/b"},
	{":8080 on http kept", "http://example.com:8080/b", "http://example.com:8080/b"},
	{":21 on ftp (3.2)", "ftp://ftp.example.com:21/pub", "ftp://ftp.example.com/pub"},
	{":70 on gopher (3.4)", "gopher://gopher.example.com:70/1", "gopher://gopher.example.com/1"},
	{":119 on nntp (3.7)", "nntp://news.example.com:119/comp.x/12", "nntp://news.example.com/comp.x/12"},
	{":23 on telnet (3.8)", "telnet://host.example.com:23/", "telnet://host.example.com/"},
	{":210 on wais (3.9)", "wais://wais.example.com:210/db", "wais://wais.example.com/db"},
	{":1525 on prospero (3.11)", "prospero://p.example.com:1525/a", "prospero://p.example.com/a"},
	{"empty path after the host (3.1)", "http://example.com", "http://example.com/"},
	{"dot segments on http", "http://Example.com/a/../b", "http://example.com/b"},
	{"dot segments on http with ./", "http://example.com/a/./b/../c", "http://example.com/a/c"},
	{"ftp .. is a CWD, kept", "ftp://ftp.example.com/a/../b", "ftp://ftp.example.com/a/../b"},
	{"gopher selector kept", "gopher://g.example.com/1/a/../b", "gopher://g.example.com/1/a/../b"},
	{"mailto address kept", "MAILTO:Joe@Example.COM", "mailto:Joe@Example.COM"},
	{"news group kept", "NEWS:comp.infosystems.WWW", "news:comp.infosystems.WWW"},
	{"file host", "file://VMS.Example.EDU/disk$user/my/notes/note12345.txt", "file://vms.example.edu/disk$user/my/notes/note12345.txt"},
	{"host number", "http://192.0.2.1:80/", "http://192.0.2.1/"},
	{"https is a genericurl here", "HTTPS://Example.COM:443/a/../%7e", "https://Example.COM:443/a/../%7E"},
	{"a generic // is not an authority", "X-Foo://A:80", "x-foo://A:80"},
	{"a login's \"?\" is not a query (3.1)", "ftp://?@F", "ftp://?@f/"},
	{"user and password with \"?\" (3.1)", "FTP://u?x:p?w@H.example/a?b;type=a", "ftp://u?x:p?w@h.example/a?b;type=a"},
	{"telnet login with \"?\" (3.8)", "telnet://u?@H.example:23", "telnet://u?@h.example/"},
}

// The host of a normal form is after a login that holds "?" (section
// 3.1); https, a genericurl here, is read as RFC 3986 reads it.
func TestGrammarHost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"ftp://u?x:p?w@h.example/a?b", "h.example"},
		{"telnet://u?@h.example/", "h.example"},
		{"http://a.example/p?q", "a.example"},
		{"https://u?@a.example/", "u"},
		{"news:comp.infosystems.www", ""},
	} {
		if got := (Grammar{}).Host(c.in); got != c.want {
			t.Errorf("Host(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	for _, c := range normalCases {
		t.Run(c.name, func(t *testing.T) {
			if err := Validate(c.in); err != nil {
				t.Fatalf("%q: %v", c.in, err)
			}
			got, err := Normalize(c.in)
			if err != nil || got != c.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
		})
	}
}

// A valid URL's normal form is a valid URL, in normal form.
func FuzzNormalize(f *testing.F) {
	for _, c := range normalCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !Valid(s) {
			return
		}
		n, err := Normalize(s)
		if err != nil {
			t.Fatalf("Normalize(%q): %v", s, err)
		}
		if err := Validate(n); err != nil {
			t.Errorf("Normalize(%q) = %q, not a URL: %v", s, n, err)
		}
		if again, _ := Normalize(n); again != n {
			t.Errorf("Normalize(%q) = %q, then %q", s, n, again)
		}
	})
}
