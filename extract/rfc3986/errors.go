package rfc3986

import (
	"fmt"
	"unicode/utf8"
)

// Error says why a string is not a URI (an IRI): where matching failed
// and which rule it broke.
type Error struct {
	// Input is the string that was validated.
	Input string
	// Offset is the byte offset in Input where matching failed,
	// len(Input) when it ended too early.
	Offset int
	// Scheme is the scheme in lower case, "" when Input has none.
	Scheme string
	// IRI says Input was validated as an IRI.
	IRI bool

	rule rule
}

// rule identifies what was expected where matching failed.
type rule uint8

const (
	rScheme rule = iota
	rEscape
	rBidi
	rNeedHost
	rUserinfo
	rPort
	rAuthority
	rIPLiteral
	rIPv6
	rIPvFuture
	rIDNA
	rPath
	rQuery
	rFragment
	rMailtoTo
	rAddrSpec
	rDotAtom
	rQuoted
	rDomainLiteral
	rHfield
	rNID
	rNSS
	rComponent
	rURNEnd
	rFileHost
	rFilePath
	rFileEnd
	rNewsServer
	rMessage
	rWildmat
	rGroup
	rArticleNumber
	rNNTPEnd
	rMediaType
	rParameter
	rDataComma
	rData
)

// rules gives, for each rule, its ABNF name, what was expected, and the
// RFC and section that define it.
var rules = [...]struct{ name, expect, section string }{
	rScheme:        {"scheme", `a scheme (a letter, then letters, digits, "+", "-", ".") and ":"`, "RFC 3986 section 3.1"},
	rEscape:        {"pct-encoded", `"%" and two hex digits`, "RFC 3986 section 2.1"},
	rBidi:          {"ucschar", "no bidirectional formatting character", "RFC 3987 section 4.1"},
	rNeedHost:      {"authority", `"//" and a host that is not empty`, "RFC 9110 section 4.2"},
	rUserinfo:      {"userinfo", `a user information character (unreserved, sub-delims, ":" or an escape) or "@"`, "RFC 3986 section 3.2.1"},
	rPort:          {"port", `a port of decimal digits, then "/", "?", "#" or the end`, "RFC 3986 section 3.2.3"},
	rAuthority:     {"authority", `a host character, ":" and a port, "/", "?", "#" or the end`, "RFC 3986 section 3.2.2"},
	rIPLiteral:     {"IP-literal", `"]" closing the IP literal`, "RFC 3986 section 3.2.2"},
	rIPv6:          {"IPv6address", "an IPv6 address in one of the forms of RFC 4291 section 2.2, without a zone", "RFC 3986 section 3.2.2"},
	rIPvFuture:     {"IPvFuture", `"v", hex digits, "." and unreserved, sub-delims or ":"`, "RFC 3986 section 3.2.2"},
	rIDNA:          {"ihost", "a host name that IDNA takes", "RFC 3987 section 3.1"},
	rPath:          {"path", `a path character, "/", "?" and a query, "#" and a fragment, or the end`, "RFC 3986 section 3.3"},
	rQuery:         {"query", `a query character, "#" and a fragment, or the end`, "RFC 3986 section 3.4"},
	rFragment:      {"fragment", "a fragment character or the end", "RFC 3986 section 3.5"},
	rMailtoTo:      {"to", `"," and another address, "?" and header fields, or the end`, "RFC 6068 section 2"},
	rAddrSpec:      {"addr-spec", `an address: local-part "@" domain`, "RFC 6068 section 2"},
	rDotAtom:       {"dot-atom-text", `an atom character: a "." stands between two atoms`, "RFC 5322 section 3.2.3"},
	rQuoted:        {"quoted-string", "a closing quote", "RFC 5322 section 3.2.4"},
	rDomainLiteral: {"domain", `a domain literal character or "]"`, "RFC 6068 section 2"},
	rHfield:        {"hfield", `a header field "name=value", "&" and another, or the end`, "RFC 6068 section 2"},
	rNID:           {"NID", `a namespace identifier of 2 to 32 letters, digits and "-" (not first or last), then ":"`, "RFC 8141 section 2"},
	rNSS:           {"NSS", `a namespace specific string that starts with a path character`, "RFC 8141 section 2"},
	rComponent:     {"r-component", "a component that starts with a path character", "RFC 8141 section 2"},
	rURNEnd:        {"assigned-name", `"?+", "?=", "#" or the end`, "RFC 8141 section 2"},
	rFileHost:      {"file-auth", `a host name character or "/": a file URI has no user and no port`, "RFC 8089 section 2"},
	rFilePath:      {"path-absolute", `"/" and a path (a file URI's path is absolute)`, "RFC 8089 section 2"},
	rFileEnd:       {"file-URI", "a path character or the end: a file URI has no query and no fragment", "RFC 8089 section 2"},
	rNewsServer:    {"news-server", `"//", a server, and "/"`, "RFC 5538 section 2"},
	rMessage:       {"message", `a message ID: an identifier, "@" and a domain`, "RFC 5538 section 2.1"},
	rWildmat:       {"newsgroups", `a newsgroup name or wildmat (letters, digits, "+", "-", "_", ".", "*", "?", ",", "!") or the end`, "RFC 5538 section 2.1"},
	rGroup:         {"group", `a newsgroup name (letters, digits, "+", "-", "_", ".")`, "RFC 5538 section 2.2"},
	rArticleNumber: {"article-number", "an article number of 1 to 16 digits", "RFC 5538 section 2.2"},
	rNNTPEnd:       {"nntpURL", `"/" and an article number, or the end`, "RFC 5538 section 2.2"},
	rMediaType:     {"mediatype", `a media type "type/subtype"`, "RFC 2397 section 3"},
	rParameter:     {"parameter", `a parameter "attribute=value" or "base64"`, "RFC 2397 section 3"},
	rDataComma:     {"dataurl", `";" and a parameter, or "," and the data`, "RFC 2397 section 3"},
	rData:          {"data", "a URI character or the end", "RFC 2397 section 3"},
}

// Rule names the ABNF rule that failed, such as "path" or "IPv6address".
func (e *Error) Rule() string { return rules[e.rule].name }

// Section names the RFC and section of that rule, such as "RFC 3986
// section 3.3"; for an IRI, the rules of the generic syntax are RFC
// 3987's (section 2.2).
func (e *Error) Section() string {
	switch e.rule {
	case rScheme, rUserinfo, rAuthority, rPath, rQuery, rFragment:
		if e.IRI {
			return "RFC 3987 section 2.2"
		}
	}
	return rules[e.rule].section
}

// At returns the offset where matching failed, in characters.
func (e *Error) At() int { return utf8.RuneCountInString(e.Input[:e.Offset]) }

func (e *Error) Error() string {
	prefix := ""
	if e.Scheme != "" {
		prefix = e.Scheme + ": "
	}
	r := rules[e.rule]
	r.section = e.Section()
	at := e.At()
	if e.Offset >= len(e.Input) {
		if e.Input == "" {
			return fmt.Sprintf("empty string: expected %s (%s)", r.expect, r.section)
		}
		return fmt.Sprintf("%sunexpected end at %d: expected %s (%s)", prefix, at, r.expect, r.section)
	}
	found := e.Input[e.Offset:]
	if e.rule == rEscape {
		return fmt.Sprintf("%sbad escape %q at %d: expected %s (%s)", prefix, found[:min(3, len(found))], at, r.expect, r.section)
	}
	_, n := utf8.DecodeRuneInString(found)
	return fmt.Sprintf("%s%q at %d is not allowed here: expected %s (%s)", prefix, found[:n], at, r.expect, r.section)
}
