package rfc3986

import (
	"errors"
	"strings"
	"testing"
)

// mark stands just before the character at which matching must fail (at
// the end when the input ends too early); it is removed from the input,
// and its byte offset is the expected Error.Offset.
const mark = "¦"

// A case is written from the ABNF: rule is "" for a URI (an IRI), else
// the rule that must fail; section is the RFC section that decides it.
type tcase struct {
	in, rule, section string
}

// uriCases are judged as URIs and as IRIs alike: an IRI is a URI with
// more characters allowed.
var uriCases = []tcase{
	// RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
	{"foo:", "", "RFC 3986 section 3.1"},
	{"a+b.c-9:x", "", "RFC 3986 section 3.1"},
	{"HTTP://EXAMPLE.COM/", "", "RFC 3986 section 3.1"},
	{"¦", "scheme", "RFC 3986 section 3.1"},
	{"¦1abc:x", "scheme", "RFC 3986 section 3.1"},
	{"¦+abc:x", "scheme", "RFC 3986 section 3.1"},
	{"abc¦", "scheme", "RFC 3986 section 3.1"},
	{"ab¦_c:x", "scheme", "RFC 3986 section 3.1"},
	{"¦:x", "scheme", "RFC 3986 section 3.1"},
	{"a¦ b:x", "scheme", "RFC 3986 section 3.1"},
	// Section 3: hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty.
	{"foo://example.com:8042/over/there?name=ferret#nose", "", "RFC 3986 section 3"},
	{"urn:example:animal:ferret:nose", "", "RFC 3986 section 3"},
	{"foo:/abs/path", "", "RFC 3986 section 3.3"},
	{"foo:rootless/path", "", "RFC 3986 section 3.3"},
	{"foo:", "", "RFC 3986 section 3.3"},
	{"foo:?q", "", "RFC 3986 section 3.4"},
	{"foo:#f", "", "RFC 3986 section 3.5"},
	{"foo://", "", "RFC 3986 section 3.2"},
	{"foo:///x", "", "RFC 3986 section 3.2.2"},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", "", "RFC 3986 section 1.1.2"},
	{"tel:+1-816-555-1212", "", "RFC 3986 section 1.1.2"},
	{"telnet://192.0.2.16:80/", "", "RFC 3986 section 1.1.2"},
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "", "RFC 3986 section 1.1.2"},
	{"news:comp.infosystems.www.servers.unix", "", "RFC 3986 section 1.1.2"},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "", "RFC 3986 section 1.1.2"},
	// Section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ).
	{"foo://user:pass@host/", "", "RFC 3986 section 3.2.1"},
	{"foo://@host/", "", "RFC 3986 section 3.2.1"},
	{"foo://u%20s!$&'()*+,;=:@host", "", "RFC 3986 section 3.2.1"},
	{"foo://us¦[er@host/", "userinfo", "RFC 3986 section 3.2.1"},
	{"foo://us¦<er@host/", "userinfo", "RFC 3986 section 3.2.1"},
	{"foo://a@b¦@c/", "authority", "RFC 3986 section 3.2.2"},
	// Section 3.2.2: host = IP-literal / IPv4address / reg-name.
	{"foo://www.example.com/", "", "RFC 3986 section 3.2.2"},
	{"foo://a-b_c~d.e!f$g&h'i(j)k*l+m,n;o=p/", "", "RFC 3986 section 3.2.2"},
	{"foo://%65xample.com/", "", "RFC 3986 section 3.2.2"},
	{"foo://192.0.2.1/", "", "RFC 3986 section 3.2.2"},
	{"foo://999.999.999.999/", "", "RFC 3986 section 3.2.2"}, // a reg-name
	{"foo://exa¦ mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦\"mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦`mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦^mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦{mple}/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦\\mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://exa¦]mple/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://ex¦%zzample/", "pct-encoded", "RFC 3986 section 2.1"},
	{"foo://ex¦%4/", "pct-encoded", "RFC 3986 section 2.1"},
	// IP-literal = "[" ( IPv6address / IPvFuture ) "]"; IPv6address takes the forms of RFC 4291 section 2.2.
	{"foo://[2001:db8::1]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[2001:0db8:0000:0000:0000:0000:0000:0001]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[::]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[::1]:80/", "", "RFC 3986 section 3.2.2"},
	{"foo://[fe80::]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[::ffff:192.0.2.1]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[1:2:3:4:5:6:192.0.2.1]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[1:2:3:4:5:6:7:8]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[1::8]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[ABCD:EF01::]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[¦1:2:3:4:5:6:7:8:9]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦1::2::3]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦12345::]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦g::1]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦192.0.2.1]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦fe80::1%25eth0]/", "IPv6address", "RFC 3986 section 3.2.2"}, // no zone IDs
	{"foo://[¦::ffff:192.0.2.01]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[¦]/", "IPv6address", "RFC 3986 section 3.2.2"},
	{"foo://[::1¦", "IP-literal", "RFC 3986 section 3.2.2"},
	{"foo://[::1¦/x", "IP-literal", "RFC 3986 section 3.2.2"},
	{"foo://[::1]¦x/", "authority", "RFC 3986 section 3.2.2"},
	{"foo://[v1.fe80::a+en1]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[V7.a:b:c]/", "", "RFC 3986 section 3.2.2"},
	{"foo://[v¦.x]/", "IPvFuture", "RFC 3986 section 3.2.2"},
	{"foo://[v1¦]/", "IPvFuture", "RFC 3986 section 3.2.2"},
	{"foo://[v1.¦]/", "IPvFuture", "RFC 3986 section 3.2.2"},
	{"foo://[v1.a¦/b]/", "IP-literal", "RFC 3986 section 3.2.2"}, // the authority ends at "/", before "]"
	// Section 3.2.3: port = *DIGIT.
	{"foo://host:8080/", "", "RFC 3986 section 3.2.3"},
	{"foo://host:/", "", "RFC 3986 section 3.2.3"},
	{"foo://host:99999999999999/", "", "RFC 3986 section 3.2.3"},
	{"foo://host:80¦a/", "port", "RFC 3986 section 3.2.3"},
	{"foo://host:¦-1/", "port", "RFC 3986 section 3.2.3"},
	{"foo://host:80¦:81/", "port", "RFC 3986 section 3.2.3"},
	// Section 3.3: path segments of pchar = unreserved / pct-encoded / sub-delims / ":" / "@".
	{"foo://h/a/b/c", "", "RFC 3986 section 3.3"},
	{"foo://h//double//slashes/", "", "RFC 3986 section 3.3"},
	{"foo://h/~user/", "", "RFC 3986 section 3.3"},
	{"foo://h/a:b@c!$&'()*+,;=", "", "RFC 3986 section 3.3"},
	{"foo://h/%7Euser%2fx", "", "RFC 3986 section 3.3"},
	{"foo:a:b:c", "", "RFC 3986 section 3.3"},
	{"foo://h/a¦|b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦ b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦<b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦\"b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦{b}", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦^b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦`b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦\\b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦[b", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦\x7fb", "path", "RFC 3986 section 3.3"},
	{"foo://h/a¦\x00b", "path", "RFC 3986 section 3.3"},
	{"foo://h/¦%", "pct-encoded", "RFC 3986 section 2.1"},
	{"foo://h/¦%G0", "pct-encoded", "RFC 3986 section 2.1"},
	{"foo://h/x¦%0", "pct-encoded", "RFC 3986 section 2.1"},
	// Sections 3.4 and 3.5: query and fragment = *( pchar / "/" / "?" ).
	{"foo://h/p?a=b&c=d/e?f:g@h", "", "RFC 3986 section 3.4"},
	{"foo://h/p??", "", "RFC 3986 section 3.4"},
	{"foo://h/p?q#frag/ment?x", "", "RFC 3986 section 3.5"},
	{"foo://h/p#", "", "RFC 3986 section 3.5"},
	{"foo://h/p?a#b¦#c", "fragment", "RFC 3986 section 3.5"},
	{"foo://h/p#a¦#b", "fragment", "RFC 3986 section 3.5"},
	{"foo://h/p?a¦ b", "query", "RFC 3986 section 3.4"},
	{"foo://h/p?a¦|b", "query", "RFC 3986 section 3.4"},
	{"foo://h/p?a¦[b]", "query", "RFC 3986 section 3.4"},
	{"foo://h/p#a¦^", "fragment", "RFC 3986 section 3.5"},
	// RFC 9110 section 4.2: http and https URIs need an authority with a host.
	{"http://example.com", "", "RFC 9110 section 4.2.1"},
	{"http://example.com:8080/a/b?c#d", "", "RFC 9110 section 4.2.1"},
	{"https://user@example.com/", "", "RFC 9110 section 4.2.2"},
	{"HTTPS://[2001:db8::1]/", "", "RFC 9110 section 4.2.2"},
	{"http://a.example/~user/", "", "RFC 9110 section 4.2.1"},
	{"http:¦g", "authority", "RFC 9110 section 4.2"},
	{"http:¦/g", "authority", "RFC 9110 section 4.2"},
	{"http:¦", "authority", "RFC 9110 section 4.2"},
	{"http://¦/path", "authority", "RFC 9110 section 4.2"},
	{"https://user@¦/", "authority", "RFC 9110 section 4.2"},
	{"http://¦:80/", "authority", "RFC 9110 section 4.2"},
	{"http://a.example/a¦|b", "path", "RFC 3986 section 3.3"},
	// RFC 6068 section 2: mailto.
	{"mailto:chris@example.com", "", "RFC 6068 section 6.1"},
	{"mailto:infobot@example.com?subject=current-issue", "", "RFC 6068 section 6.1"},
	{"mailto:infobot@example.com?body=send%20current-issue", "", "RFC 6068 section 6.1"},
	{"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", "", "RFC 6068 section 6.1"},
	{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", "", "RFC 6068 section 6.1"},
	{"mailto:majordomo@example.com?body=subscribe%20bamboo-l", "", "RFC 6068 section 6.1"},
	{"mailto:joe@example.com?cc=bob@example.com&body=hello", "", "RFC 6068 section 6.1"},
	{"mailto:gorby%25kremvax@example.com", "", "RFC 6068 section 6.1"},
	{"mailto:unlikely%3Faddress@example.com?blat=foop", "", "RFC 6068 section 6.1"},
	{"mailto:Mike%26family@example.org", "", "RFC 6068 section 6.1"},
	{"mailto:%22not%40me%22@example.org", "", "RFC 6068 section 6.2"},
	{"mailto:%22oh%5C%5Cno%22@example.org", "", "RFC 6068 section 6.2"},
	{"mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", "", "RFC 6068 section 6.2"},
	{"mailto:user@example.org?subject=caf%C3%A9", "", "RFC 6068 section 6.3"},
	{"mailto:?to=addr1@an.example,addr2@an.example", "", "RFC 6068 section 6.1"},
	{"mailto:addr1@an.example,addr2@an.example", "", "RFC 6068 section 6.1"},
	{"mailto:a@%5B192.0.2.1%5D", "", "RFC 6068 section 2"},
	{"mailto:a@¦[192.0.2.1]", "dot-atom-text", "RFC 5322 section 3.2.3"}, // "[" and "]" must be encoded
	{"mailto:a.b.c@d.e", "", "RFC 6068 section 2"},
	{"mailto:", "", "RFC 6068 section 2"},
	{"mailto:?subject=x", "", "RFC 6068 section 2"},
	{"mailto:a@b?x=", "", "RFC 6068 section 2"},
	{"mailto:a@b?=x", "", "RFC 6068 section 2"},
	{"mailto:http¦://y.example/", "addr-spec", "RFC 6068 section 2"},
	{"mailto:joe¦", "addr-spec", "RFC 6068 section 2"},
	{"mailto:¦@example.org", "dot-atom-text", "RFC 5322 section 3.2.3"},
	{"mailto:a.¦.b@example.org", "dot-atom-text", "RFC 5322 section 3.2.3"},
	{"mailto:a@¦", "dot-atom-text", "RFC 5322 section 3.2.3"},
	{"mailto:a@b.¦", "dot-atom-text", "RFC 5322 section 3.2.3"},
	{"mailto:a@b¦@c", "addr-spec", "RFC 6068 section 2"},
	{"mailto:a@b,¦", "addr-spec", "RFC 6068 section 2"},
	{"mailto:a@b¦/c", "to", "RFC 6068 section 2"},
	{"mailto:a@b¦#frag", "to", "RFC 6068 section 2"},
	{"mailto:a@b?subject¦", "hfield", "RFC 6068 section 2"},
	{"mailto:a@b?subject=x¦?y=z", "hfield", "RFC 6068 section 2"},
	{"mailto:a@b?subject=x&¦", "hfield", "RFC 6068 section 2"},
	{"mailto:a@b?s=a¦ b", "hfield", "RFC 6068 section 2"},
	{"mailto:a@b?s=¦%zz", "pct-encoded", "RFC 3986 section 2.1"},
	{"mailto:%22abc¦", "quoted-string", "RFC 5322 section 3.2.4"},
	{"mailto:a@%5B1.2¦", "domain", "RFC 6068 section 2"},
	{"mailto:a@%5Bx¦%5C%5D", "domain", "RFC 6068 section 2"},
	// RFC 8141 section 2: urn.
	{"urn:isbn:0451450523", "", "RFC 8141 section 2"},
	{"urn:ietf:rfc:2648", "", "RFC 8141 section 2"},
	{"urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", "", "RFC 8141 section 2"},
	{"URN:EXAMPLE:a123,z456", "", "RFC 8141 section 2"},
	{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", "", "RFC 8141 section 2.3.1"},
	{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", "", "RFC 8141 section 2.3.2"},
	{"urn:example:a?+r?=q#f", "", "RFC 8141 section 2.3"},
	{"urn:example:a/b/c", "", "RFC 8141 section 2"},
	{"urn:ab:x", "", "RFC 8141 section 2"},
	{"urn:a-b:x", "", "RFC 8141 section 2"},
	{"urn:a¦:x", "NID", "RFC 8141 section 2"},
	{"urn:¦-ab:x", "NID", "RFC 8141 section 2"},
	{"urn:ab¦-:x", "NID", "RFC 8141 section 2"},
	{"urn:¦:x", "NID", "RFC 8141 section 2"},
	{"urn:abcdefghijabcdefghijabcdefghijab¦c:x", "NID", "RFC 8141 section 2"},
	{"urn:ab¦_c:x", "NID", "RFC 8141 section 2"},
	{"urn:example¦", "NID", "RFC 8141 section 2"},
	{"urn:example:¦", "NSS", "RFC 8141 section 2"},
	{"urn:example:¦/a", "NSS", "RFC 8141 section 2"},
	{"urn:example:a¦ b", "assigned-name", "RFC 8141 section 2"},
	{"urn:example:a¦?x", "assigned-name", "RFC 8141 section 2"},
	{"urn:example:a?+¦", "r-component", "RFC 8141 section 2"},
	{"urn:example:a?=¦/b", "r-component", "RFC 8141 section 2"},
	// RFC 8089 section 2: file.
	{"file:///etc/hosts", "", "RFC 8089 section 2"},
	{"file:/etc/hosts", "", "RFC 8089 section 2"},
	{"file://localhost/etc/fstab", "", "RFC 8089 section 2"},
	{"file://host.example.com/Share/path/to/file.txt", "", "RFC 8089 appendix E.3"},
	{"file:///c:/path/to/the%20file.txt", "", "RFC 8089 appendix E.2"},
	{"file://[::1]/x", "", "RFC 8089 section 2"},
	{"file:¦etc/hosts", "path-absolute", "RFC 8089 section 2"},
	{"file:¦", "path-absolute", "RFC 8089 section 2"},
	{"file://host¦", "path-absolute", "RFC 8089 section 2"},
	{"file://host¦:80/x", "file-auth", "RFC 8089 section 2"},
	{"file://user¦@host/x", "file-auth", "RFC 8089 section 2"},
	{"file:///x¦?q", "file-URI", "RFC 8089 section 2"},
	{"file:///x¦#f", "file-URI", "RFC 8089 section 2"},
	{"file://¦//x", "path-absolute", "RFC 8089 section 2"},
	// RFC 5538 section 2: news and nntp.
	{"news:comp.lang.go", "", "RFC 5538 section 2.1"},
	{"news:*", "", "RFC 5538 section 2.1"},
	{"news:comp.*,!comp.lang.*", "", "RFC 5538 section 2.1"},
	{"news:", "", "RFC 5538 section 2.1"},
	{"news:12345@example.org", "", "RFC 5538 section 2.1"},
	{"news://news.example.org/comp.lang.go", "", "RFC 5538 section 2.1"},
	{"news://news.example.org:119/12345@example.org", "", "RFC 5538 section 2.1"},
	{"news:comp¦/lang", "newsgroups", "RFC 5538 section 2.1"},
	{"news:comp¦ lang", "newsgroups", "RFC 5538 section 2.1"},
	{"news:¦@example.org", "message", "RFC 5538 section 2.1"},
	{"news:a@¦", "message", "RFC 5538 section 2.1"},
	{"news://h¦", "news-server", "RFC 5538 section 2"},
	{"nntp://news.example.org/comp.lang.go", "", "RFC 5538 section 2.2"},
	{"nntp://news.example.org:119/comp.lang.go/12345", "", "RFC 5538 section 2.2"},
	{"nntp:¦comp.lang.go", "news-server", "RFC 5538 section 2"},
	{"nntp://h¦", "news-server", "RFC 5538 section 2"},
	{"nntp://h/¦", "group", "RFC 5538 section 2.2"},
	{"nntp://h/g/¦", "article-number", "RFC 5538 section 2.2"},
	{"nntp://h/g/12¦a", "nntpURL", "RFC 5538 section 2.2"},
	{"nntp://h/g/1234567890123456¦7", "article-number", "RFC 5538 section 2.2"},
	{"nntp://h/g¦?x", "nntpURL", "RFC 5538 section 2.2"},
	{"nntp://¦/g", "authority", "RFC 9110 section 4.2"},
	// RFC 2397 section 3: data.
	{"data:,A%20brief%20note", "", "RFC 2397 section 4"},
	{"data:text/plain;charset=iso-8859-7,%be%be", "", "RFC 2397 section 4"},
	// RFC 2397's own example holds "%fg", which is no escape.
	{"data:text/plain;charset=iso-8859-7,%be¦%fg%be", "pct-encoded", "RFC 3986 section 2.1"},
	{"data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw", "", "RFC 2397 section 4"},
	{"data:;base64,SGVsbG8=", "", "RFC 2397 section 3"},
	{"data:,", "", "RFC 2397 section 3"},
	{"data:text/plain,a/b?c#frag", "", "RFC 2397 section 3"},
	{"data:¦", "dataurl", "RFC 2397 section 3"},
	{"data:text¦,x", "mediatype", "RFC 2397 section 3"},
	{"data:text/¦,x", "mediatype", "RFC 2397 section 3"},
	{"data:text/plain;charset¦,x", "parameter", "RFC 2397 section 3"},
	{"data:text/plain;¦=x,y", "parameter", "RFC 2397 section 3"},
	{"data:text/plain;a=¦,y", "parameter", "RFC 2397 section 3"},
	{"data:text/plain¦ x,y", "dataurl", "RFC 2397 section 3"},
	{"data:,a¦ b", "data", "RFC 2397 section 3"},
}

// iriCases are IRIs and not URIs, or neither (RFC 3987).
var iriCases = []tcase{
	{"http://例え.テスト/パス?クエリ=値#断片", "", "RFC 3987 section 2.2"},
	{"http://www.example.org/red%09ros%C3%A9#red", "", "RFC 3987 section 3.1"},
	{"http://www.example.org/résumé.html", "", "RFC 3987 section 2.2"},
	{"http://xn--80ak6aa92e.com/", "", "RFC 3987 section 3.1"},
	{"http://bücher.example/", "", "RFC 3987 section 3.1"},
	{"mailto:user@example.org?subject=café", "", "RFC 6068 section 6.3"},
	{"foo:x?\ue000", "", "RFC 3987 section 2.2"}, // iprivate, in a query only
	{"foo:x/¦\ue000", "path", "RFC 3987 section 2.2"},
	{"foo:x#¦\ue000", "fragment", "RFC 3987 section 2.2"},
	{"http://a.example/¦\u202eevil", "ucschar", "RFC 3987 section 4.1"},
	{"http://a.example/x?¦\u200e", "ucschar", "RFC 3987 section 4.1"},
	{"http://a.example/x#¦\u2066", "ucschar", "RFC 3987 section 4.1"},
	{"http://a.example/¦\ufdd0", "path", "RFC 3987 section 2.2"}, // a non-character
	{"http://a.example/¦\uffff", "path", "RFC 3987 section 2.2"},
	{"http://a.example/¦\u0085", "path", "RFC 3987 section 2.2"},   // C1, below ucschar
	{"http://ex\u00adample.com/", "", "RFC 3987 section 3.1"},      // IDNA maps a soft hyphen away
	{"http://¦\u0301a.example/", "ihost", "RFC 3987 section 3.1"},  // a label starts with no combining mark
	{"http://¦a\u2028b.example/", "ihost", "RFC 3987 section 3.1"}, // IDNA disallows U+2028
}

func strip(in string) (string, int) {
	at := strings.Index(in, mark)
	return strings.Replace(in, mark, "", 1), at
}

func check(t *testing.T, c tcase, iri bool) {
	t.Helper()
	in, at := strip(c.in)
	err := validate(in, iri)
	if valid := (iri && ValidIRI(in)) || (!iri && Valid(in)); valid != (err == nil) {
		t.Errorf("%q: Valid %v, Validate %v", in, valid, err)
	}
	if c.rule == "" {
		if err != nil {
			t.Errorf("%q (%s): %v", in, c.section, err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%q: valid, want %s to fail at %d (%s)", in, c.rule, at, c.section)
		return
	}
	section := e.Section()
	if iri && section == "RFC 3987 section 2.2" && strings.HasPrefix(c.section, "RFC 3986 section 3") {
		section = c.section // the IRI rule of the same URI rule
	}
	if e.Offset != at || e.Rule() != c.rule || section != c.section && !strings.HasPrefix(c.section, section) {
		t.Errorf("%q: %s at %d (%s): %v\nwant %s at %d (%s)", in, e.Rule(), e.Offset, e.Section(), err, c.rule, at, c.section)
	}
}

func TestURI(t *testing.T) {
	if n := len(uriCases); n < 150 {
		t.Errorf("%d cases, want at least 150", n)
	}
	for _, c := range uriCases {
		check(t, c, false)
		check(t, c, true) // every case is the same for an IRI: none holds a character beyond US-ASCII
	}
}

func TestIRI(t *testing.T) {
	for _, c := range iriCases {
		check(t, c, true)
		in, _ := strip(c.in)
		if strings.ContainsFunc(in, func(r rune) bool { return r >= 0x80 }) && Valid(in) {
			t.Errorf("%q is a URI", in)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a.example/a|b", `http: "|" at 18 is not allowed here: expected a path character, "/", "?" and a query, "#" and a fragment, or the end (RFC 3986 section 3.3)`},
		{"http:g", `http: "g" at 5 is not allowed here: expected "//" and a host that is not empty (RFC 9110 section 4.2)`},
		{"foo://h/%G0", `foo: bad escape "%G0" at 8: expected "%" and two hex digits (RFC 3986 section 2.1)`},
		{"", `empty string: expected a scheme (a letter, then letters, digits, "+", "-", ".") and ":" (RFC 3986 section 3.1)`},
		{"urn:example", `urn: unexpected end at 11: expected a namespace identifier of 2 to 32 letters, digits and "-" (not first or last), then ":" (RFC 8141 section 2)`},
	} {
		if got := Validate(c.in).Error(); got != c.want {
			t.Errorf("%q:\ngot  %s\nwant %s", c.in, got, c.want)
		}
	}
	// Offsets count characters.
	err := ValidateIRI("http://é.example/\u202e")
	var e *Error
	if !errors.As(err, &e) || e.At() != 17 || e.Offset != 18 {
		t.Errorf("%v: At %d, Offset %d", err, e.At(), e.Offset)
	}
}

func TestKnownScheme(t *testing.T) {
	for _, s := range []string{"http", "https", "urn", "tel", "sip", "sips", "data", "ldap", "irc", "ssh", "git", "xmpp", "x-custom", "HTTPS"} {
		if !URI.KnownScheme(s) {
			t.Errorf("%q is not known", s)
		}
	}
	for _, s := range []string{"", "x-", "xs", "port", "p", "url", "scheme"} {
		if URI.KnownScheme(s) {
			t.Errorf("%q is known", s)
		}
	}
}
