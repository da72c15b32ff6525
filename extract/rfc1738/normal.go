package rfc1738

import "github.com/urlsift/urlsift/extract/internal/uri"

// Normalize returns the normal form of a URL that is valid by RFC 1738:
// only what that RFC makes the same URL.
//
//   - the scheme in lower case (section 2.1);
//   - the host in lower case, as a domain name is (section 3.1), and the
//     hex digits of escapes in upper case: an escape stands for its octet
//     whatever the case of its digits (section 2.2);
//   - a port equal to the scheme's default port (DefaultPort) dropped,
//     as an empty one, since section 3 gives each scheme's default;
//   - nothing after the host written as "/": section 3.1 lets that "/"
//     be left out when the url-path is empty;
//   - for http only, the dot segments of the path removed, as RFC 9110
//     section 4.2.3, the current definition of the http scheme,
//     normalizes it.
//
// The host and port rules hold for the schemes of section 3 that use
// the common syntax of section 3.1 (ftp, http, gopher, nntp, telnet,
// wais, file and prospero): this package reads any other scheme,
// https among them, as a genericurl, whose "//" RFC 1738 gives no
// meaning, so only its scheme's case and its escapes' digits change.
//
// No escape is decoded: RFC 1738 makes "%7E" and "~" the same only
// "usually" (section 2.2), and "~" is unsafe in a URL. An ftp path's
// ".." is a CWD command and a gopher selector is opaque, so their dots
// stay. s must be valid; Normalize returns it as it is, with an error,
// when it is not a URL.
func Normalize(s string) (string, error) { return uri.Normalize(s, policy) }

// policy is Normalize's: the login of the common syntax (section 3.1)
// may hold "?", which does not end it as it ends an authority of RFC
// 3986.
var policy = uri.Policy{Dots: isHTTP, Authority: commonSyntax, DefaultPort: DefaultPort, EmptyPath: true, Login: true}

// Normalize is the function Normalize, for package extract.
func (Grammar) Normalize(s string) (string, error) { return Normalize(s) }

// Host returns the host of a URL in normal form, for package extract:
// the host of a login that holds "?" is after it.
func (Grammar) Host(normal string) string { return policy.Host(normal) }

func isHTTP(scheme string) bool { return scheme == "http" }

// commonSyntax says whether a scheme given in lower case is one of
// section 3 that uses the common Internet scheme syntax of section 3.1.
func commonSyntax(scheme string) bool {
	switch p, _ := lookup(scheme); p {
	case pFTP, pHTTP, pGopher, pNNTP, pTelnet, pWais, pFile, pProspero:
		return true
	}
	return false
}
