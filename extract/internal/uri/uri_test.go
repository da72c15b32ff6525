package uri

import "testing"

// The paths of RFC 3986 section 5.4's examples, each resolved against
// its base "http://a/b/c/d;p?q" and written as the path that
// remove_dot_segments is given, with the path the RFC gives for it.
func TestRemoveDotSegments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"}, // section 5.2.4
		{"/b/c/../g", "/b/g"},        // "../g"
		{"/b/c/../..", "/"},          // "../.."
		{"/b/c/../../", "/"},         // "../../"
		{"/b/c/../../g", "/g"},       // "../../g"
		{"/b/c/../../../g", "/g"},    // "../../../g", section 5.4.2
		{"/b/c/../../../../g", "/g"}, // "../../../../g"
		{"/./g", "/g"},
		{"/../g", "/g"},
		{"/b/c/g.", "/b/c/g."},
		{"/b/c/.g", "/b/c/.g"},
		{"/b/c/g..", "/b/c/g.."},
		{"/b/c/..g", "/b/c/..g"},
		{"/b/c/./../g", "/b/g"},
		{"/b/c/./g/.", "/b/c/g/"},
		{"/b/c/g/./h", "/b/c/g/h"},
		{"/b/c/g/../h", "/b/c/h"},
		{"/b/c/g;x=1/./y", "/b/c/g;x=1/y"},
		{"/b/c/g;x=1/../y", "/b/c/y"},
		{"/b/c/.", "/b/c/"},
		{"/b/c/./", "/b/c/"},
		{"/b/c/..", "/b/"},
		{"/b/c/../", "/b/"},
		{"/", "/"},
		{"/b//../c", "/b/c"}, // an empty segment is a segment
	} {
		if got := RemoveDotSegments(c.in); got != c.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSplit(t *testing.T) {
	// RFC 3986 Appendix B's example.
	p := Split("http://www.ics.uci.edu/pub/ietf/uri/#Related")
	want := Parts{Scheme: "http", Authority: "www.ics.uci.edu", Path: "/pub/ietf/uri/", Fragment: "Related", HasAuthority: true, HasFragment: true}
	if p != want {
		t.Errorf("Split = %+v, want %+v", p, want)
	}
	p = Split("mailto:a@b?subject=x#y?z")
	want = Parts{Scheme: "mailto", Path: "a@b", Query: "subject=x", Fragment: "y?z", HasQuery: true, HasFragment: true}
	if p != want {
		t.Errorf("Split = %+v, want %+v", p, want)
	}
	// A "?" ends an authority of RFC 3986, not a login of RFC 1738
	// (section 3.1: user and password may hold "?").
	in := "ftp://u?x:p?w@h.example/a?b#f"
	want = Parts{Scheme: "ftp", Authority: "u", Query: "x:p?w@h.example/a?b", Fragment: "f", HasAuthority: true, HasQuery: true, HasFragment: true}
	if p = Split(in); p != want {
		t.Errorf("Split = %+v, want %+v", p, want)
	}
	want = Parts{Scheme: "ftp", Authority: "u?x:p?w@h.example", Path: "/a", Query: "b", Fragment: "f", HasAuthority: true, HasQuery: true, HasFragment: true}
	if p = SplitLogin(in); p != want {
		t.Errorf("SplitLogin = %+v, want %+v", p, want)
	}
}

// A policy that reads logins finds the host after a "?" of the login,
// for the schemes whose authority it keeps; others read as Host does.
func TestPolicyHost(t *testing.T) {
	p := Policy{Login: true, Authority: func(s string) bool { return s == "ftp" }}
	for _, c := range []struct{ in, want string }{
		{"ftp://u?@h.example/", "h.example"},
		{"FTP://u?:p?@h.example", "h.example"},
		{"ftp://h.example/a?b", "h.example"},
		{"x-foo://u?@h.example/", "u"},
	} {
		if got := p.Host(c.in); got != c.want {
			t.Errorf("Host(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://u:p@www.example.com:8080/x", "www.example.com"},
		{"http://[2001:db8::1]:80/", "[2001:db8::1]"},
		{"http://[2001:db8::1]/", "[2001:db8::1]"},
		{"http://a@b@c/", "c"},
		{"file:///etc/passwd", ""},
		{"mailto:joe@example.com", ""},
		{"news:comp.infosystems.www", ""},
		{"http://example.com?q", "example.com"},
		{"http://example.com#f", "example.com"},
	} {
		if got := Host(c.in); got != c.want {
			t.Errorf("Host(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Normalize never panics, whatever it is given; package rfc3986 and
// rfc1738 test that a valid URL's normal form is valid and normal.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"HTTP://A.b:80/%7e/./x/../y?%2f#%41", "http://[::A]:/", "x:%", "x:%4", "a://%zz@[/", "http://例え.jp/パス", "0://::"} {
		f.Add(s)
	}
	p := Policy{Decode: true, Dots: func(string) bool { return true }, EmptyPath: true, IDNA: true}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := Normalize(s, p); err != nil && n != s {
			t.Errorf("Normalize(%q) = %q with error %v, want the input", s, n, err)
		}
	})
}

// The steps, each on and off, by hand.
func TestNormalizePolicies(t *testing.T) {
	port := func(s string) string {
		if s == "http" {
			return "80"
		}
		return ""
	}
	yes := func(string) bool { return true }
	only := func(name string) func(string) bool { return func(s string) bool { return s == name } }
	full := Policy{Decode: true, Dots: yes, DefaultPort: port, EmptyPath: true, IDNA: true}
	for _, c := range []struct {
		name string
		p    Policy
		in   string
		want string
		err  bool
	}{
		{"nothing but case", Policy{}, "HTTP://A.Example:80/%7e/./b/..?%41#%42", "http://a.example:80/%7E/./b/..?%41#%42", false},
		{"all", full, "HTTP://A.Example:80/%7e/./b/..?%41#%42", "http://a.example/~/?A#B", false},
		{"decode only", Policy{Decode: true}, "x://H/%41%2f%7A%25", "x://h/A%2Fz%25", false},
		{"a short escape", full, "x:/a%4", "x:/a%4", false},
		{"a bad escape", full, "x:/a%zz%4g", "x:/a%zz%4g", false},
		{"an escape at the end", full, "x:/a%", "x:/a%", false},
		{"dots for one scheme", Policy{Dots: only("http")}, "ftp://h/a/../b", "ftp://h/a/../b", false},
		{"dots for it", Policy{Dots: only("http")}, "http://h/a/../b", "http://h/b", false},
		{"dots, no authority", full, "foo:/a/..//b", "foo:/.//b", false},
		{"dots of a relative path", full, "foo:a/../b", "foo:a/../b", false},
		{"no authority for the scheme", Policy{Authority: only("http"), DefaultPort: port, EmptyPath: true}, "FOO://A:80", "foo://A:80", false},
		{"an authority for the scheme", Policy{Authority: only("http"), DefaultPort: port, EmptyPath: true}, "HTTP://A:80", "http://a/", false},
		{"empty path kept", Policy{}, "http://a", "http://a", false},
		{"empty path with a query", full, "http://a?q", "http://a/?q", false},
		{"empty port", Policy{}, "http://a:/", "http://a/", false},
		{"port of zeros", full, "http://a:000/", "http://a:0/", false},
		{"port kept without defaults", Policy{}, "http://a:080/", "http://a:80/", false},
		{"user info case and escapes", full, "http://U%3a:P%41@H/", "http://U%3A:PA@h/", false},
		{"user info, empty", full, "http://@H/", "http://@h/", false},
		{"IPv6", full, "http://[FE80::A%25]:8080/", "http://[fe80::a%25]:8080/", false},
		{"IDNA", full, "http://Bücher.Example/ä", "http://xn--bcher-kva.example/%C3%A4", false},
		{"no IDNA", Policy{}, "http://Bücher.Example/ä", "http://bücher.example/ä", false},
		{"IDNA fails", full, "http://a\u0000ü/", "http://a\u0000ü/", true},
		{"no scheme", full, "//a/b", "//a/b", true},
		{"a colon after a slash", full, "/a:b", "/a:b", true},
		{"unchanged is the input", full, "http://a/b", "http://a/b", false},
	} {
		got, err := Normalize(c.in, c.p)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("%s: Normalize(%q) = %q, %v; want %q (error %v)", c.name, c.in, got, err, c.want, c.err)
		}
	}
}

func TestSplitAuthority(t *testing.T) {
	for in, want := range map[string]Authority{
		"u:p@h:1":        {Userinfo: "u:p", Host: "h", Port: "1", HasUserinfo: true, HasPort: true},
		"h":              {Host: "h"},
		"h:":             {Host: "h", HasPort: true},
		"[::1]":          {Host: "[::1]"},
		"[::1]:8":        {Host: "[::1]", Port: "8", HasPort: true},
		"a@b@[::1]:":     {Userinfo: "a@b", Host: "[::1]", HasUserinfo: true, HasPort: true},
		"[::1":           {Host: "[:", Port: "1", HasPort: true},
		"@":              {HasUserinfo: true},
		"x:y@[v1.a:b]:9": {Userinfo: "x:y", Host: "[v1.a:b]", Port: "9", HasUserinfo: true, HasPort: true},
	} {
		if got := SplitAuthority(in); got != want {
			t.Errorf("SplitAuthority(%q) = %+v, want %+v", in, got, want)
		}
	}
}
