package rfc1738

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// mark stands, in the table below, just before the character at which
// matching must fail (or at the end when the input ends too early). It is
// removed from the input; its byte offset is the expected Error.Offset.
const mark = "¦"

// cases are written from the BNF of RFC 1738 section 5 and the rules of
// sections 2 and 3, one production at a time. A case with an empty rule
// is a URL; any other names the rule that must fail, as Error.Rule gives
// it, with mark where it fails.
var cases = []struct{ in, rule string }{
	// Every URL printed in RFC 1738.
	{"http://www.acl.lanl.gov/URI/archive/uri-archive.index.html", ""},
	{"ftp://@host.com/", ""},
	{"ftp://host.com/", ""},
	{"ftp://foo:@host.com/", ""},
	{"ftp://myname@host.dom/%2Fetc/motd", ""},
	{"ftp://myname@host.dom/etc/motd", ""},
	{"ftp://myname@host.dom//etc/motd", ""},
	{"news:*", ""},
	{"file://vms.host.edu/disk$user/my/notes/note12345.txt", ""},
	{"prospero://host.dom//pros/name", ""},
	{"ftp://info.cern.ch/pub/www/doc;type=d", ""},
	{"ftp://ds.internic.net/rfc", ""},
	{"http://ds.internic.net/instructions/overview.html#WARNING", ""},
	{"ftp://ds.internic.net/rfc/rfc1436.txt;type=a", ""},
	{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc1630.txt", ""},
	{"ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z", ""},
	{"ftp://ds.internic.net/rfc/rfc1123.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc822.txt", ""},
	{"ftp://quake.think.com/pub/wais/doc/protspec.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc1036.txt", ""},
	{"ftp://quake.think.com/pub/wais/doc/doc-ids.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc977.txt", ""},
	{"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc1034.txt", ""},
	{"ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z", ""},
	{"ftp://ds.internic.net/rfc/rfc959.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc1737.txt", ""},
	{"ftp://ds.internic.net/rfc/rfc1625.txt", ""},
	{"ftp://uu.psi.com/wp/nir.txt", ""},
	// The gopher+ strings of sections 3.4.7 to 3.4.9.
	{"gopher://h/1sel%09%09!+ABSTRACT", ""},
	{"gopher://h/1sel%09%09!+ABSTRACT%20+SMELL", ""},
	{"gopher://h/1sel%09%09+application/postscript%20Es_ES", ""},
	{"gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Av1%0D%0Av2%0D%0A.%0D%0A", ""},

	// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], without case.
	{"foo:", ""},
	{"x-foo:bar", ""},
	{"a+b.c-d:xyz", ""},
	{"1abc:x", ""},
	{"+.-:x", ""},
	{"URN:ietf:rfc:1738", ""},
	{"HTTP://A.EXAMPLE/", ""},
	{"hTtP://h/", ""},
	{"FILE:///x", ""},
	{mark, "scheme"},
	{"http" + mark, "scheme"},
	{"abc" + mark, "scheme"},
	{mark + ":foo", "scheme"},
	{"ht" + mark + "_tp://h/", "scheme"},
	{"h" + mark + " t:x", "unsafe"},
	{mark + "é:x", "unsafe"},
	{"a" + mark + "/b:c", "scheme"},

	// genericurl: schemepart = *xchar | ip-schemepart.
	{"afs://cern.ch/usr/x", ""},
	{"z39.50s://h/x", ""},
	{"foo:%41%2f", ""},
	{"foo:;/?:@&=", ""},
	{"foo:$-_.+!*'(),", ""},
	{"foo:AZaz09", ""},
	{"x-y://u:p@h:99/a/b", ""},
	{"x-y://not" + mark + " a host", "unsafe"},
	{"foo:a" + mark + " b", "unsafe"},
	{"foo:a" + mark + "<b", "unsafe"},
	{"foo:a" + mark + ">b", "unsafe"},
	{"foo:a" + mark + "\"b", "unsafe"},
	{"foo:a" + mark + "%4g", "escape"},
	{"foo:a" + mark + "%4", "escape"},
	{"foo:a" + mark + "%", "escape"},
	{"foo:a" + mark + "%%41", "escape"},
	// national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
	{"foo:a" + mark + "{b", "unsafe"},
	{"foo:a" + mark + "}b", "unsafe"},
	{"foo:a" + mark + "|b", "unsafe"},
	{"foo:a" + mark + "\\b", "unsafe"},
	{"foo:a" + mark + "^b", "unsafe"},
	{"foo:a" + mark + "~b", "unsafe"},
	{"foo:a" + mark + "[b", "unsafe"},
	{"foo:a" + mark + "]b", "unsafe"},
	{"foo:a" + mark + "`b", "unsafe"},
	// Control characters and octets outside US-ASCII.
	{"foo:a" + mark + "\tb", "unsafe"},
	{"foo:a" + mark + "\nb", "unsafe"},
	{"foo:a" + mark + "\x00b", "unsafe"},
	{"foo:a" + mark + "\x1fb", "unsafe"},
	{"foo:a" + mark + "\x7fb", "unsafe"},
	{"foo:a" + mark + "éb", "unsafe"},
	{"foo:a" + mark + "\xffb", "unsafe"},
	{"foo:a" + mark + "\u00a0b", "unsafe"},

	// Fragments: "#" *xchar after any URL.
	{"x:#frag", ""},
	{"foo:a#", ""},
	{"http://h#f", ""},
	{"http://h/#f", ""},
	{"http://h:8080/p?q#frag", ""},
	{"ftp://h/a#b", ""},
	{"mailto:a@b#c", ""},
	{"http://h/a#b;/?:@&=%41", ""},
	{"http://h/a#b" + mark + "#c", "unsafe"},
	{"http://h/a#b" + mark + "~c", "unsafe"},
	{"http://h/a#" + mark + "%g1", "escape"},
	{"ftp://u#x@h/", ""}, // "ftp://u" with the fragment "x@h/"

	// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
	{"http://h", ""},
	{"http://h/", ""},
	{"http://h:80", ""},
	{"http://h:0/", ""},
	{"http://h:99999999999/", ""},
	{"http://h/a/b/c", ""},
	{"http://h//", ""},
	{"http://h/a//b/", ""},
	{"http://h/?", ""},
	{"http://h/a?", ""},
	{"http://h/a?b=c&d=e;f:g@h", ""},
	{"http://h/;:@&=", ""},
	{"http://h/a$-_.+!*'(),", ""},
	{"http://h/%7Euser/", ""},
	{"http://localhost/", ""},
	{"http:" + mark + "g", "ip-schemepart"},
	{"http:/" + mark + "h", "ip-schemepart"},
	{"http:" + mark + "\\\\h/", "unsafe"},
	{"http://" + mark, "host"},
	{"http://" + mark + "/", "host"},
	{"http://" + mark + ":80/", "host"},
	{"http://u:" + mark + "p@h/", "port"},
	{"http://u" + mark + "@h/", "hostport"},
	{"http://h:" + mark + "/", "port"},
	{"http://h:" + mark, "port"},
	{"http://h:8" + mark + "x/", "hostport"},
	{"http://exa" + mark + "_mple.com/", "hostport"},
	{"http://h" + mark + "?x", "hostport"},
	{"http://h" + mark + ";x", "hostport"},
	{"http://h/a?b" + mark + "?c", "search"},
	{"http://h/a?b" + mark + "/c", "search"},
	{"http://h/a?b" + mark + "~c", "unsafe"},
	{"http://h/" + mark + "~u", "unsafe"},
	{"http://h/a" + mark + " b", "unsafe"},
	{"http://h/a" + mark + "\"b", "unsafe"},
	{"http://h/a" + mark + "{b", "unsafe"},
	{"http://h/" + mark + "%zz", "escape"},
	{"http://h/a" + mark + "%2", "escape"},

	// host = hostname | hostnumber
	{"http://1.2.3.4/", ""},
	{"http://123.456.789.0/", ""}, // the BNF sets no range
	{"http://a-b.c-d.example/", ""},
	{"http://a--b.example/", ""},
	{"http://a1.b2/", ""},
	{"http://x/", ""},
	{"http://9a.com/", ""},
	{"http://1.2.3.com/", ""},
	{"http://" + mark + "-h/", "domainlabel"},
	{"http://h-" + mark + "/", "domainlabel"},
	{"http://a-" + mark + ".b/", "domainlabel"},
	{"http://a." + mark + ".b/", "domainlabel"},
	{"http://a." + mark + "/", "domainlabel"},
	{"http://" + mark + ".a/", "domainlabel"},
	{"http://a." + mark + "-b/", "domainlabel"},
	{"http://1.2.3" + mark + "/", "hostnumber"},
	{"http://1.2.3" + mark, "hostnumber"},
	{"http://1.2.3.4.5" + mark + "/", "toplabel"},
	{"http://a.1b" + mark + "/", "toplabel"},
	{"http://12" + mark + "/", "hostnumber"},
	{"http://h" + mark + "%41/", "hostport"},

	// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
	// login  = [ user [ ":" password ] "@" ] hostport
	{"ftp://h", ""},
	{"ftp://h:21/", ""},
	{"ftp://u:p@h:2121/a/b;type=I", ""},
	{"ftp://h/;type=a", ""},
	{"ftp://h/f;type=A", ""},
	{"ftp://h/f;type=D", ""},
	{"ftp://h/f;type=i", ""},
	{"ftp://h/a?b:c@d&e=f", ""},
	{"ftp://u;x=y?&:p;w@h/", ""},
	{"ftp://:@h/", ""},
	{"ftp://:p@h/", ""},
	{"ftp://u%40v@h/", ""},
	{"ftp://u/p@h/", ""}, // no "@" before the first "/": host "u", path "p@h/"
	{"ftp://h.example/f;type=" + mark + "x", "ftptype"},
	{"ftp://h/f;" + mark + "TYPE=a", "ftptype"},
	{"ftp://h/f;type" + mark, "ftptype"},
	{"ftp://h/f;type=" + mark, "ftptype"},
	{"ftp://h/f;type=a" + mark + "b", "end"},
	{"ftp://h/a;type=a" + mark + "/b", "end"},
	{"ftp://h/a;" + mark + "b", "ftptype"},
	{"ftp://u@v" + mark + "@h/", "login"},
	{"ftp://u:p" + mark + ":q@h/", "login"},
	{"ftp://h:21" + mark + "x/", "login"},
	{"ftp://u" + mark + "~@h/", "unsafe"},
	{"ftp://h/a" + mark + " b", "unsafe"},
	{"ftp://h/a" + mark + "%", "escape"},
	{"ftp://" + mark, "host"},
	{"ftp:" + mark + "h", "ip-schemepart"},
	{"ftp://u@" + mark + "/", "host"},

	// fileurl = "file://" [ host | "localhost" ] "/" fpath
	{"file:///etc/motd", ""},
	{"file://localhost/etc/motd", ""},
	{"file://h/", ""},
	{"file:///", ""},
	{"file://h/a/b?c:d@e&f=", ""},
	{"file://1.2.3.4/x", ""},
	{"file://h" + mark, "fileurl"},
	{"file://" + mark, "fileurl"},
	{"file://h" + mark + ":80/x", "fileurl"},
	{"file://u" + mark + "@h/x", "fileurl"},
	{"file://h/a" + mark + ";b", "fpath"},
	{"file:/" + mark + "etc", "ip-schemepart"},
	{"file://h/a" + mark + "~b", "unsafe"},

	// gopherurl = "gopher://" hostport [ / [ gtype [ selector
	//             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
	{"gopher://h", ""},
	{"gopher://h/", ""},
	{"gopher://h:70/1", ""},
	{"gopher://h/1sel", ""},
	{"gopher://h/1sel%09search", ""},
	{"gopher://h/1sel%09search%09+", ""},
	{"gopher://h/1a/b?c;d", ""},
	{"gopher://h/%31sel", ""},
	{"gopher://h/1a" + mark + " b", "unsafe"},
	{"gopher://h:" + mark + "x/", "port"},
	{"gopher://h" + mark + "?x", "hostport"},
	{"gopher://u" + mark + "@h/", "hostport"},
	{"gopher://h/1" + mark + "%0", "escape"},
	{"gopher://h/" + mark + "~", "unsafe"},            // gtype
	{"gopher://h/1s%09a" + mark + " b", "unsafe"},     // search
	{"gopher://h/1s%09q%09+" + mark + "^", "unsafe"},  // gopher+_string
	{"gopher://h/1s%09q%09+" + mark + "%2", "escape"}, // gopher+_string
	{"gopher:/" + mark + "h", "ip-schemepart"},

	// mailtourl = "mailto:" encoded822addr, an RFC 822 addr-spec.
	{"mailto:user@host.example", ""},
	{"mailto:a.b@c.d", ""},
	{"mailto:%22a%20b%22@c", ""},
	{"mailto:%22a%5C%22b%22@c", ""},
	{"mailto:a@%5B1.2.3.4%5D", ""},
	{"mailto:a+b@c.example", ""},
	{"MAILTO:x@y", ""},
	{"mailto:a&b=c@d", ""},
	{"mailto:%41@b", ""},
	{"mailto:a@b?subject=x", ""}, // "?" and "=" are atom characters
	{"mailto:" + mark, "encoded822addr"},
	{"mailto:http" + mark + "://y.example/", "addr-spec"},
	{"mailto:user" + mark, "addr-spec"},
	{"mailto:" + mark + "@h", "encoded822addr"},
	{"mailto:a@" + mark, "domain"},
	{"mailto:a@b." + mark, "domain"},
	{"mailto:a." + mark + ".b@c", "local-part"},
	{"mailto:a" + mark + " b@c", "unsafe"},
	{"mailto:a" + mark + "%20b@c", "addr-spec"},
	{"mailto:a" + mark + ",b@c", "addr-spec"},
	{"mailto:a@b" + mark + ",c@d", "domain"},
	{"mailto:%22abc@d" + mark, "quoted-string"},
	{"mailto:a@%5B1.2" + mark, "domain-literal"},
	{"mailto:a@%5B1" + mark + "%5B2%5D", "domain-literal"},
	{"mailto:" + mark + "(c)a@b", "encoded822addr"},
	{"mailto:a@b" + mark + "%0D", "domain"},
	{"mailto:" + mark + "%E9@b", "encoded822addr"},
	{"mailto:a@b" + mark + "%", "escape"},

	// newsurl = "news:" grouppart; grouppart = "*" | group | article
	{"news:comp.infosystems.www", ""},
	{"news:alt.fan.foo-bar+baz_q", ""},
	{"news:a", ""},
	{"news:12345@host.example", ""},
	{"news:a$b@h", ""},
	{"news:x/y?z:w&v=u;t@h.example", ""},
	{"NEWS:comp.lang.c", ""},
	{"news:*x@h", ""},
	{"news:" + mark, "grouppart"},
	{"news:comp" + mark + " lang", "unsafe"},
	{"news:1comp" + mark, "article"},
	{"news:a@" + mark, "host"},
	{"news:a@h" + mark + ":119", "end"},
	{"news:**" + mark, "article"},
	{"news:a@b" + mark + "@c", "end"},

	// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
	{"nntp://news.example/comp.lang.c", ""},
	{"nntp://news.example:119/comp.lang.c/12345", ""},
	{"nntp://h/a", ""},
	{"NNTP://h/g/1", ""},
	{"nntp://h" + mark, "hostport"},
	{"nntp://h/" + mark, "group"},
	{"nntp://h/" + mark + "1a", "group"},
	{"nntp://h/g/" + mark, "digits"},
	{"nntp://h/g/12" + mark + "x", "digits"},
	{"nntp://h/g/1" + mark + "/2", "digits"},
	{"nntp://h/g" + mark + "?x", "nntpurl"},
	{"nntp://u" + mark + "@h/g", "hostport"},

	// telneturl = "telnet://" login [ "/" ]
	{"telnet://h", ""},
	{"telnet://h/", ""},
	{"telnet://h:23", ""},
	{"telnet://u:p@h:2323/", ""},
	{"telnet://u@h", ""},
	{"telnet://1.2.3.4/", ""},
	{"telnet://h/" + mark + "x", "telneturl"},
	{"telnet://h/" + mark + "/", "telneturl"},
	{"telnet://" + mark, "host"},
	{"telnet://h" + mark + "?", "login"},

	// waisurl = waisdatabase | waisindex | waisdoc
	{"wais://h/db", ""},
	{"wais://h:210/db?query", ""},
	{"wais://h/db/TEXT/path", ""},
	{"wais://h/", ""},
	{"wais://h/db?", ""},
	{"wais://h/db//", ""},
	{"wais://h/d%20b/t/p", ""},
	{"wais://h" + mark, "hostport"},
	{"wais://h/db/type" + mark, "wtype"},
	{"wais://h/db/t/p" + mark + "/q", "wpath"},
	{"wais://h/db/t/p" + mark + "?q", "wpath"},
	{"wais://h/db?a" + mark + "?b", "search"},
	{"wais://h/db" + mark + ";x", "waisurl"},

	// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
	{"prospero://h/p;a=b", ""},
	{"prospero://h:1525/p/q;a=b;c=d", ""},
	{"prospero://h/", ""},
	{"prospero://h/;=", ""},
	{"prospero://h/p?:@&=", ""},
	{"prospero://h/p;a=?:@&", ""},
	{"prospero://h" + mark, "hostport"},
	{"prospero://h/p;a" + mark, "fieldspec"},
	{"prospero://h/p;a=b" + mark + "=c", "fieldspec"},
	{"prospero://h/p;a=b" + mark + "/c", "fieldspec"},
	{"prospero://u" + mark + "@h/p", "hostport"},
	{"prospero://h/p" + mark + "~", "unsafe"},
}

func TestValidate(t *testing.T) {
	for _, c := range cases {
		in := strings.Replace(c.in, mark, "", 1)
		t.Run(in, func(t *testing.T) {
			err := Validate(in)
			if c.rule == "" {
				if err != nil {
					t.Fatalf("Validate(%q) = %v, want nil", in, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate(%q) = %v, want an *Error", in, err)
			}
			want := strings.Index(c.in, mark)
			if want < 0 {
				t.Fatalf("case %q has no mark", c.in)
			}
			if e.Offset != want || e.Rule() != c.rule {
				t.Errorf("Validate(%q): offset %d rule %q, want offset %d rule %q (%v)",
					in, e.Offset, e.Rule(), want, c.rule, err)
			}
		})
	}
}

// TestMessages checks whole messages: the rule, the RFC section and the
// offset a person reads.
func TestMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://host.example/~user/", `http: "~" at 20 is unsafe and must be encoded (RFC 1738 section 2.2)`},
		{"ftp://h.example/f;type=x", `ftp: "x" at 23 is not allowed here: expected ";type=" and one of "a", "i", "d", "A", "I", "D" (RFC 1738 section 3.2.2)`},
		{"http://exa_mple.com/", `http: "_" at 10 is not allowed here: expected a host name character, ":" and a port, "/" or the end of the URL (RFC 1738 section 3.3)`},
		{"mailto:http://y.example/", `mailto: reserved ":" at 11 is not allowed here: expected "." and another word, or "@" and the domain (RFC 1738 section 3.5)`},
		{"http:g", `http: "g" at 5 is not allowed here: expected "//" and a host after the scheme (RFC 1738 section 3.3)`},
		{"http://h/a%2", `http: bad escape "%2" at 10: "%" must be followed by two hex digits (RFC 1738 section 2.2)`},
		{"foo:a\tb", `foo: control character "\t" at 5 must be encoded (RFC 1738 section 2.2)`},
		{"foo:aéb", `foo: non-ASCII "é" at 5 must be encoded (RFC 1738 section 2.2)`},
		{"foo:a\xffb", `foo: non-ASCII "\xff" at 5 must be encoded (RFC 1738 section 2.2)`},
		{"http://h/a?b?c", `http: reserved "?" at 12 is not allowed here: expected a search character ("/" and "?" must be encoded) or the end of the URL (RFC 1738 section 3.3)`},
		{"nntp://h", `nntp: unexpected end at 8: expected a host name character, ":" and a port, or "/" (RFC 1738 section 3.7)`},
		{"news:a@b@c", `news: reserved "@" at 8 is not allowed here: expected the end of the URL (RFC 1738 section 3.6)`},
		{"", `empty string: a URL starts with a scheme and ":" (RFC 1738 section 2.1)`},
		{"abc", `unexpected end at 3: expected a scheme name (letters, digits, "+", "-", ".") and ":" (RFC 1738 section 2.1)`},
		{"x:a#b#", `x: "#" at 5 is unsafe and must be encoded (RFC 1738 section 2.2)`},
		{"http://h%41/", `http: "%41" at 8 is not allowed here: expected a host name character, ":" and a port, "/" or the end of the URL (RFC 1738 section 3.3)`},
	} {
		err := Validate(c.in)
		if err == nil || err.Error() != c.want {
			t.Errorf("Validate(%q) = %v\nwant %s", c.in, err, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want URL
	}{
		{"HTTP://Host.Example:8080/a/b?q=1#top", URL{Scheme: "http", Host: "Host.Example", Port: "8080",
			PortGiven: true, NonDefaultPort: true, Path: "a/b", HasPath: true, Search: "q=1", HasSearch: true,
			Fragment: "top", HasFragment: true}},
		{"http://h", URL{Scheme: "http", Host: "h", Port: "80"}},
		{"http://h:080/", URL{Scheme: "http", Host: "h", Port: "080", PortGiven: true, HasPath: true}},
		{"ftp://myname@host.dom/%2Fetc/motd;type=a", URL{Scheme: "ftp", User: "myname", HasUser: true,
			Host: "host.dom", Port: "21", Path: "%2Fetc/motd", HasPath: true, Typecode: "a"}},
		{"ftp://@host.com/", URL{Scheme: "ftp", HasUser: true, Host: "host.com", Port: "21", HasPath: true}},
		{"ftp://foo:@host.com/", URL{Scheme: "ftp", User: "foo", HasUser: true, HasPassword: true,
			Host: "host.com", Port: "21", HasPath: true}},
		{"ftp://u:p@1.2.3.4:21", URL{Scheme: "ftp", User: "u", Password: "p", HasUser: true, HasPassword: true,
			Host: "1.2.3.4", Port: "21", PortGiven: true}},
		{"file:///etc/motd", URL{Scheme: "file", Path: "etc/motd", HasPath: true}},
		{"file://localhost/x", URL{Scheme: "file", Host: "localhost", Path: "x", HasPath: true}},
		{"gopher://h", URL{Scheme: "gopher", Host: "h", Port: "70", GopherType: "1"}},
		{"gopher://h:7070/0a/b%09c%09+", URL{Scheme: "gopher", Host: "h", Port: "7070", PortGiven: true,
			NonDefaultPort: true, Path: "0a/b%09c%09+", HasPath: true, GopherType: "0", Selector: "a/b",
			Search: "c", HasSearch: true, GopherPlus: "+", HasGopherPlus: true}},
		// The first "%09" is followed by "/", which search cannot hold:
		// it belongs to the selector.
		{"gopher://h/1a%09b/c%09d", URL{Scheme: "gopher", Host: "h", Port: "70", Path: "1a%09b/c%09d",
			HasPath: true, GopherType: "1", Selector: "a%09b/c", Search: "d", HasSearch: true}},
		{"gopher://h/%31x", URL{Scheme: "gopher", Host: "h", Port: "70", Path: "%31x", HasPath: true,
			GopherType: "%31", Selector: "x"}},
		{"mailto:a@b.example", URL{Scheme: "mailto", Opaque: "a@b.example", Address: "a@b.example"}},
		{"news:comp.lang.c", URL{Scheme: "news", Opaque: "comp.lang.c", Group: "comp.lang.c"}},
		{"news:*", URL{Scheme: "news", Opaque: "*", Group: "*"}},
		{"news:123@h.example", URL{Scheme: "news", Opaque: "123@h.example", Article: "123@h.example", Host: "h.example"}},
		{"nntp://h/comp.lang.c/42", URL{Scheme: "nntp", Host: "h", Port: "119", Group: "comp.lang.c", Article: "42"}},
		{"telnet://u:p@h:2323/", URL{Scheme: "telnet", User: "u", Password: "p", HasUser: true, HasPassword: true,
			Host: "h", Port: "2323", PortGiven: true, NonDefaultPort: true}},
		{"wais://h/db?x", URL{Scheme: "wais", Host: "h", Port: "210", Path: "db?x", HasPath: true,
			Database: "db", Search: "x", HasSearch: true}},
		{"wais://h/db/TEXT/p1", URL{Scheme: "wais", Host: "h", Port: "210", Path: "db/TEXT/p1", HasPath: true,
			Database: "db", WaisType: "TEXT", WaisPath: "p1"}},
		{"prospero://host.dom//pros/name;a=b;c=", URL{Scheme: "prospero", Host: "host.dom", Port: "1525",
			Path: "/pros/name", HasPath: true, Fields: []Field{{"a", "b"}, {"c", ""}}}},
		{"x-a://u@h:1/p", URL{Scheme: "x-a", User: "u", HasUser: true, Host: "h", Port: "1", PortGiven: true,
			Path: "p", HasPath: true}},
		{"x-a://h", URL{Scheme: "x-a", Host: "h"}},
		{"x-a://h?x", URL{Scheme: "x-a", Opaque: "//h?x"}},
		{"urn:ietf:rfc:1738", URL{Scheme: "urn", Opaque: "ietf:rfc:1738"}},
	} {
		u, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(*u, c.want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", c.in, *u, c.want)
		}
	}
	if u, err := Parse("http://h/~x"); u != nil || err == nil {
		t.Errorf("Parse of an invalid URL = %v, %v; want nil and an error", u, err)
	}
}

func TestUnescape(t *testing.T) {
	got, err := Unescape("%2Fetc/a+b%20c")
	if got != "/etc/a+b c" || err != nil {
		t.Errorf("Unescape = %q, %v", got, err)
	}
	if _, err := Unescape("%zz"); err == nil {
		t.Error("Unescape(%zz) succeeded")
	}
}
