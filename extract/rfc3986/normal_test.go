package rfc3986

import "testing"

// Each row of RFC 3986 section 6.2.2 and 6.2.3, and RFC 3987 section
// 3.1's mapping, with the normal form worked out by hand from the RFC.
var normalCases = []struct {
	name, in, want string
	iri            bool
}{
	// 6.2.2.1 case: scheme and host, hex digits of escapes.
	{"scheme and host case", "HTTP://www.Example.COM/", "http://www.example.com/", false},
	{"path case kept", "http://example.com/A/b", "http://example.com/A/b", false},
	{"userinfo case kept", "ftp://User:Pass@FTP.Example.com/", "ftp://User:Pass@ftp.example.com/", false},
	{"escape digits upper", "http://example.com/a%2fb", "http://example.com/a%2Fb", false},
	{"escape digits upper in query and fragment", "http://example.com/?q=%c3%a9#%3a", "http://example.com/?q=%C3%A9#%3A", false},
	{"IPv6 host lower", "http://[2001:DB8::A]/", "http://[2001:db8::a]/", false},
	{"IPvFuture lower", "http://[V1.FOO]/", "http://[v1.foo]/", false},
	{"escaped host keeps upper digits", "http://%C3%A9.Example/", "http://%C3%A9.example/", false},
	// 6.2.2.2 percent-encoding: unreserved decoded, the rest kept.
	{"%7E to ~", "http://example.com/%7Esmith/home.html", "http://example.com/~smith/home.html", false},
	{"%7e to ~", "http://example.com/%7esmith/", "http://example.com/~smith/", false},
	{"%41 to A in a path", "http://example.com/%41b", "http://example.com/Ab", false},
	{"%2D %2E %5F %30 decoded", "http://example.com/%2D%2e%5F%30", "http://example.com/-._0", false},
	{"%41 in a host, then lower case", "http://EX%41MPLE.com/", "http://example.com/", false},
	{"%20 kept", "http://example.com/a%20b", "http://example.com/a%20b", false},
	{"%2F kept", "http://example.com/a%2Fb", "http://example.com/a%2Fb", false},
	{"unreserved in userinfo", "http://%61b@example.com/", "http://ab@example.com/", false},
	{"unreserved in query", "http://example.com/?%61=%62%26", "http://example.com/?a=b%26", false},
	// 6.2.2.3 path segments.
	{"dot segments", "http://example.com/a/./b/../c", "http://example.com/a/c", false},
	{"dot segments of 5.2.4", "http://example.com/a/b/c/./../../g", "http://example.com/a/g", false},
	{"dot segments above the root", "http://example.com/../../a", "http://example.com/a", false},
	{"trailing ..", "http://example.com/a/b/..", "http://example.com/a/", false},
	{"escaped dots after decoding", "http://example.com/a/%2E%2E/b", "http://example.com/b", false},
	{"dots in a query kept", "http://example.com/?a/../b", "http://example.com/?a/../b", false},
	{"absolute path without authority", "foo:/a/../b", "foo:/b", false},
	{"path that would read as an authority", "foo:/.//a", "foo:/.//a", false},
	{"rootless path kept", "urn:example:a/../b", "urn:example:a/../b", false},
	// 6.2.3 scheme-based.
	{"empty path as /", "http://example.com", "http://example.com/", false},
	{"empty path with query", "http://example.com?q", "http://example.com/?q", false},
	{"empty port", "http://example.com:/", "http://example.com/", false},
	{":80 on http", "http://example.com:80/", "http://example.com/", false},
	{":443 on https", "https://example.com:443/", "https://example.com/", false},
	{":8080 kept", "http://example.com:8080/", "http://example.com:8080/", false},
	{":80 on https kept", "https://example.com:80/", "https://example.com:80/", false},
	{":443 on http kept", "http://example.com:443/", "http://example.com:443/", false},
	{"leading zeros of a port", "http://example.com:0080/", "http://example.com/", false},
	{"leading zeros of another port", "http://example.com:08080/", "http://example.com:8080/", false},
	{":21 on ftp", "ftp://ftp.example.com:21/pub", "ftp://ftp.example.com/pub", false},
	{"unknown scheme's port kept", "foo://example.com:80/", "foo://example.com:80/", false},
	{"empty query kept", "http://example.com/?", "http://example.com/?", false},
	{"empty fragment kept", "http://example.com/#", "http://example.com/#", false},
	{"mailto domain case kept", "mailto:Joe@Example.COM", "mailto:Joe@Example.COM", false},
	{"file with empty host", "FILE:///etc/hosts", "file:///etc/hosts", false},
	{"already normal", "http://example.com/a?b#c", "http://example.com/a?b#c", false},
	// RFC 3987 section 3.1: IRI to URI.
	{"IRI host and path", "http://例え.jp/パス", "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9", true},
	{"IRI host with capital", "http://Bücher.example/", "http://xn--bcher-kva.example/", true},
	{"IRI path only", "http://example.com/straße?q=é#ü", "http://example.com/stra%C3%9Fe?q=%C3%A9#%C3%BC", true},
	{"IRI host and port", "https://münchen.de:443/", "https://xn--mnchen-3ya.de/", true},
	{"ASCII IRI as a URI", "HTTP://Example.com:80/%7e", "http://example.com/~", true},
}

func TestNormalize(t *testing.T) {
	for _, c := range normalCases {
		g := URI
		if c.iri {
			g = IRI
		}
		t.Run(c.name, func(t *testing.T) {
			if !g.Valid(c.in) {
				t.Fatalf("%q is not valid by %s", c.in, g.Name())
			}
			got, err := g.Normalize(c.in)
			if err != nil || got != c.want {
				t.Fatalf("Normalize(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
			if again, _ := URI.Normalize(got); again != got {
				t.Errorf("Normalize(%q) = %q, not normal", got, again)
			}
			if !URI.Valid(got) {
				t.Errorf("normal form %q is not a URI", got)
			}
		})
	}
}

func TestDefaultPort(t *testing.T) {
	for s, want := range map[string]string{"http": "80", "https": "443", "ftp": "21", "ws": "80", "wss": "443", "gopher": "70", "nntp": "119", "news": "119", "telnet": "23", "mailto": "", "foo": ""} {
		if got := DefaultPort(s); got != want {
			t.Errorf("DefaultPort(%q) = %q, want %q", s, got, want)
		}
	}
}

// A valid URI's normal form is a valid URI, in normal form; an IRI's is
// a URI.
func FuzzNormalize(f *testing.F) {
	for _, c := range normalCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range []Grammar{URI, IRI} {
			if !g.Valid(s) {
				continue
			}
			n, err := g.Normalize(s)
			if err != nil {
				if n != s {
					t.Errorf("%s: Normalize(%q) = %q with %v, want the input", g.Name(), s, n, err)
				}
				continue
			}
			if !URI.Valid(n) {
				t.Errorf("%s: Normalize(%q) = %q, not a URI: %v", g.Name(), s, n, URI.Validate(n))
			}
			if again, _ := URI.Normalize(n); again != n {
				t.Errorf("%s: Normalize(%q) = %q, then %q", g.Name(), s, n, again)
			}
		}
	})
}
