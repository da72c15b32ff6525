package rfc3986

import (
	"github.com/urlsift/urlsift/extract/internal/uri"
	"github.com/urlsift/urlsift/extract/rfc1738"
)

// Normalize returns the normal form of a URI (an IRI mapped to a URI, for
// the IRI grammar): the syntax-based and scheme-based normalization of
// RFC 3986 section 6.2.2 and 6.2.3.
//
//   - the scheme and the host in lower case, and the hex digits of
//     escapes in upper case: "HTTP://www.Example.COM/%7e" is
//     "http://www.example.com/~";
//   - the escapes of unreserved characters decoded ("%7E" to "~",
//     "%41" to "A"), every other escape kept ("%2f" to "%2F");
//   - the dot segments removed from a path that starts with "/"
//     ("/a/./b/../c" to "/a/c"), by the algorithm of section 5.2.4;
//   - an empty port, and the default port of the scheme (DefaultPort),
//     dropped; leading zeros of a port dropped;
//   - an empty path after an authority written as "/".
//
// For an IRI first (RFC 3987 section 3.1): a host name outside US-ASCII
// through IDNA (UTS 46, the lookup profile of golang.org/x/net/idna),
// every other character outside US-ASCII as the escapes of its UTF-8
// bytes. Nothing else changes: the case of the rest, "+" in a query, an
// empty query or fragment, the order of query parameters, and a path
// that does not start with "/" (a mailto address, a URN), whose "." and
// ".." are not segments of a hierarchy. s must be valid by the grammar;
// the error is IDNA's, with s returned as it is.
func (g Grammar) Normalize(s string) (string, error) {
	return uri.Normalize(s, uri.Policy{Decode: true, Dots: always, DefaultPort: DefaultPort, EmptyPath: true, IDNA: g.iri})
}

// DefaultPort returns the default port of a scheme given in lower case,
// "" when it has none or none is known: the ports of RFC 1738's schemes
// (rfc1738.DefaultPort), and those of https (RFC 9110), ws and wss (RFC
// 6455), news (RFC 5538), ldap (RFC 4516) and rtsp (RFC 7826).
func DefaultPort(scheme string) string {
	switch scheme {
	case "https", "wss":
		return "443"
	case "ws":
		return "80"
	case "news":
		return "119"
	case "ldap":
		return "389"
	case "rtsp":
		return "554"
	}
	return rfc1738.DefaultPort(scheme)
}

func always(string) bool { return true }
