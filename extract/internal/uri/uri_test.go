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
