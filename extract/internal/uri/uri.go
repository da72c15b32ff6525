// Package uri holds the one normalizer of URLs that the grammars share:
// the parts of a URL as RFC 3986 Appendix B splits them, and the steps of
// RFC 3986 section 6.2.2 and 6.2.3 that each grammar takes or leaves
// (Policy). Package rfc1738 takes the case rules and the default ports,
// package rfc3986 all of them and, for an IRI, the mapping of RFC 3987
// section 3.1; package extract finds the host of a normal form here
// (Host).
//
//	n, err := uri.Normalize(s, uri.Policy{Decode: true, Dots: always, DefaultPort: port, IDNA: true})
//
// Normalize takes a string that its grammar has found valid: it does not
// validate, and it never panics on any string.
package uri

import (
	"errors"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"

	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// Parts are the parts of a URL, as RFC 3986 Appendix B splits a URI
// reference: each is a part of the string split, delimiters excluded.
type Parts struct {
	Scheme, Authority, Path, Query, Fragment string
	HasAuthority, HasQuery, HasFragment      bool
}

// Split splits s at its first ":", "//", "?" and "#" as the regular
// expression of RFC 3986 Appendix B does; Scheme is "" when s has no
// scheme.
func Split(s string) Parts { return split(s, "/?") }

// SplitLogin is Split for a URL of RFC 1738's common Internet scheme
// syntax (section 3.1): the authority after "//" is its login, which only
// "/" ends, since its user and password may hold "?".
func SplitLogin(s string) Parts { return split(s, "/") }

// split splits s as Split does, its authority ending at the first of ends.
func split(s, ends string) Parts {
	var p Parts
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		p.Scheme, s = s[:i], s[i+1:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		p.Fragment, p.HasFragment, s = s[i+1:], true, s[:i]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexAny(s, ends)
		if i < 0 {
			i = len(s)
		}
		p.Authority, p.HasAuthority, s = s[:i], true, s[i:]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		p.Query, p.HasQuery, s = s[i+1:], true, s[:i]
	}
	p.Path = s
	return p
}

// Authority is an authority split into its parts (RFC 3986 section 3.2).
type Authority struct {
	Userinfo, Host, Port string
	HasUserinfo, HasPort bool
}

// SplitAuthority splits an authority at its last "@" and at the ":" of
// its port, after the "]" of an IP literal.
func SplitAuthority(a string) Authority {
	var au Authority
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		au.Userinfo, au.HasUserinfo, a = a[:i], true, a[i+1:]
	}
	start := 0
	if strings.HasPrefix(a, "[") {
		if j := strings.IndexByte(a, ']'); j >= 0 {
			start = j
		}
	}
	if i := strings.LastIndexByte(a[start:], ':'); i >= 0 {
		au.Port, au.HasPort, a = a[start+i+1:], true, a[:start+i]
	}
	au.Host = a
	return au
}

// Host returns the host of a URL in normal form: "" when it has no
// authority. The brackets of an IP literal are kept.
func Host(s string) string { return (&Policy{}).Host(s) }

// Host is Host for a URL in p's normal form: its authority read as p
// reads it (Login).
func (p *Policy) Host(s string) string {
	parts := p.split(s)
	if !parts.HasAuthority {
		return ""
	}
	return SplitAuthority(parts.Authority).Host
}

// split splits s as Split does, or as SplitLogin does when p reads the
// authority of s's scheme as a login (Login).
func (p *Policy) split(s string) Parts {
	parts := Split(s)
	if !p.Login || !parts.HasAuthority || !parts.HasQuery {
		return parts // a "?" that ends no authority reads the same
	}
	if p.Authority != nil && !p.Authority(strings.ToLower(parts.Scheme)) {
		return parts
	}
	return SplitLogin(s)
}

// Policy says which steps a grammar's normal form takes. Every policy
// puts the scheme and the host in lower case and the hex digits of
// escapes in upper case (RFC 3986 section 6.2.2.1), and drops an empty
// port.
type Policy struct {
	// Decode decodes the escapes of unreserved characters (section
	// 6.2.2.2).
	Decode bool
	// Dots says whether the dot segments of a path that starts with "/"
	// are removed (section 6.2.2.3), by the URL's scheme in lower case;
	// nil for none.
	Dots func(scheme string) bool
	// Authority says whether "//" after the scheme starts an authority,
	// whose host and port are normalized, by the scheme; nil for every
	// scheme.
	Authority func(scheme string) bool
	// DefaultPort returns the default port of a scheme given in lower
	// case, "" when it has none: a port equal to it is dropped (section
	// 6.2.3).
	DefaultPort func(scheme string) string
	// EmptyPath writes an empty path after an authority as "/" (section
	// 6.2.3).
	EmptyPath bool
	// Login reads the authority of a scheme that Authority keeps as RFC
	// 1738's login (SplitLogin), where a "?" does not end it.
	Login bool
	// IDNA maps an IRI to a URI (RFC 3987 section 3.1): a host name
	// outside US-ASCII through IDNA (UTS 46, lookup profile), every other
	// character outside US-ASCII as the escapes of its UTF-8 bytes.
	IDNA bool
}

// ErrHost is the error of a host name that IDNA does not map.
var ErrHost = errors.New("host name not mapped by IDNA")

// Normalize returns the normal form of s by p, or s and an error when it
// has none. s is a URL that its grammar found valid.
func Normalize(s string, p Policy) (string, error) {
	parts := p.split(s)
	if parts.Scheme == "" {
		return s, errors.New("no scheme")
	}
	b := ascii.Lower(make([]byte, 0, len(s)+8), parts.Scheme)
	// The scheme in lower case, as a view of b's first bytes, which stay
	// as they are: the policy's funcs keep nothing of it.
	scheme := unsafe.String(unsafe.SliceData(b), len(b))
	b = append(b, ':')
	if parts.HasAuthority && p.Authority != nil && !p.Authority(scheme) {
		parts.Path = "//" + parts.Authority + parts.Path // the scheme's own syntax: only escapes change
		parts.HasAuthority = false
	}
	if parts.HasAuthority {
		var err error
		if b, err = p.authority(append(b, "//"...), scheme, parts.Authority); err != nil {
			return s, err
		}
	}
	n := len(b)
	b = p.escapes(b, parts.Path)
	if p.Dots != nil && p.Dots(scheme) && len(b) > n && b[n] == '/' {
		path := RemoveDotSegments(string(b[n:]))
		if !parts.HasAuthority && strings.HasPrefix(path, "//") {
			path = "/." + path // else the path's first segment reads as an authority
		}
		b = append(b[:n], path...)
	}
	if parts.HasAuthority && p.EmptyPath && len(b) == n {
		b = append(b, '/')
	}
	if parts.HasQuery {
		b = p.escapes(append(b, '?'), parts.Query)
	}
	if parts.HasFragment {
		b = p.escapes(append(b, '#'), parts.Fragment)
	}
	if string(b) == s {
		return s, nil
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), nil // b is not written again: no copy
}

// authority appends the normal form of the authority a of a URL of
// scheme to b.
func (p *Policy) authority(b []byte, scheme, a string) ([]byte, error) {
	au := SplitAuthority(a)
	if au.HasUserinfo {
		b = append(p.escapes(b, au.Userinfo), '@')
	}
	host := au.Host
	if p.IDNA && !ascii.Only(host) && !strings.HasPrefix(host, "[") {
		h, err := idna.Lookup.ToASCII(host)
		if err != nil || h == "" {
			return b, ErrHost
		}
		host = h
	}
	n := len(b)
	b = p.escapes(b, host)
	lowerOutsideEscapes(b[n:])
	if port := strings.TrimLeft(au.Port, "0"); au.HasPort && au.Port != "" {
		if port == "" {
			port = "0"
		}
		if p.DefaultPort == nil || port != p.DefaultPort(scheme) {
			b = append(append(b, ':'), port...)
		}
	}
	return b, nil
}

// escapes appends s to b with the hex digits of its escapes in upper
// case; with p.Decode, the escapes of unreserved characters decoded;
// with p.IDNA, the bytes outside US-ASCII escaped.
func (p *Policy) escapes(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s):
			d, ok := ascii.HexByte(s[i+1], s[i+2])
			switch {
			case !ok:
				b = append(b, c)
				continue
			case p.Decode && unreserved(d):
				b = append(b, d)
			default:
				b = append(b, '%', hex[d>>4], hex[d&15])
			}
			i += 2
		case c >= utf8.RuneSelf && p.IDNA:
			b = append(b, '%', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return b
}

// unreserved is RFC 3986's: ALPHA / DIGIT / "-" / "." / "_" / "~".
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// lowerOutsideEscapes puts the ASCII letters of b in lower case, but for
// the hex digits of its escapes.
func lowerOutsideEscapes(b []byte) {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%':
			i += 2
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
}

// RemoveDotSegments is the algorithm of RFC 3986 section 5.2.4, for a
// path that starts with "/".
func RemoveDotSegments(path string) string {
	if !strings.Contains(path, ".") {
		return path
	}
	out := make([]byte, 0, len(path))
	in := path
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = out[:lastSlash(out)]
		case in == "/..":
			in = "/"
			out = out[:lastSlash(out)]
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out, in = append(out, in[:i]...), in[i:]
		}
	}
	return string(out)
}

// lastSlash returns the index of the last "/" of b, 0 when it has none.
func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}
