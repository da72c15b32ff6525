package rfc1738

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error says why a string is not a URL: where matching failed and which
// rule of RFC 1738 it broke. Its message is built when Error is called,
// so that a failed Validate costs one small allocation and no formatting.
type Error struct {
	// Input is the string that was validated.
	Input string
	// Offset is the byte offset in Input at which matching failed: the
	// furthest position any parse of Input reached, len(Input) when the
	// input ended too early. Every byte before it is US-ASCII, so it is
	// also a count of characters.
	Offset int
	// Scheme is the scheme in lower case, or "" when Input does not
	// start with a well-formed scheme and ":".
	Scheme string

	rule rule
}

// Rule names the BNF production of RFC 1738 section 5 (or the rule of
// section 2) that failed, such as "hostname" or "escape".
func (e *Error) Rule() string {
	switch e.kind() {
	case kindBadEscape:
		return "escape"
	case kindUnsafe, kindControl, kindNonASCII:
		return "unsafe"
	}
	return rules[e.rule].name
}

type kind uint8

const (
	kindEnd       kind = iota // the input ended
	kindBadEscape             // "%" not followed by two hex digits
	kindUnsafe                // space, national or punctuation character
	kindControl               // US-ASCII control character
	kindNonASCII              // byte outside US-ASCII
	kindReserved              // reserved character where the rule does not allow it
	kindOther                 // any other character the rule does not allow
)

func (e *Error) kind() kind {
	s, i := e.Input, e.Offset
	if i >= len(s) {
		return kindEnd
	}
	c := s[i]
	switch {
	case c == '%' && !escapeAt(s, i):
		return kindBadEscape
	case c == '%':
		return kindOther // a well-formed escape where escapes are not allowed
	case c >= utf8.RuneSelf:
		return kindNonASCII
	case c < 0x20 || c == 0x7f:
		return kindControl
	case cls[c]&bUnsafe != 0:
		return kindUnsafe
	case cls[c]&setReserved != 0:
		return kindReserved
	}
	return kindOther
}

// found is the text at the failing offset as the message shows it: one
// character, a whole escape, or one byte of invalid UTF-8.
func (e *Error) found() string {
	s, i := e.Input, e.Offset
	if escapeAt(s, i) {
		return s[i : i+3]
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n > 1 {
		return s[i : i+n]
	}
	return s[i : i+1]
}

func (e *Error) Error() string {
	prefix := ""
	if e.Scheme != "" {
		prefix = e.Scheme + ": "
	}
	r := rules[e.rule]
	section := r.section
	if section == "" {
		section = schemeSection(e.Scheme)
	}
	if q := strings.IndexByte(e.Input, '?'); e.Scheme == "mailto" && q >= 0 && q < e.Offset && e.kind() != kindEnd {
		// RFC 6068's header fields: the BNF's own reason would mislead.
		return fmt.Sprintf("mailto: %q at %d: RFC 1738 allows only an address in a mailto URL (RFC 1738 section 3.5); "+
			"header fields after \"?\" are RFC 6068's (urlsift --grammar rfc3986 reads them)", e.found(), e.Offset)
	}
	switch e.kind() {
	case kindEnd:
		if len(e.Input) == 0 {
			return "empty string: a URL starts with a scheme and \":\" (RFC 1738 section 2.1)"
		}
		return fmt.Sprintf("%sunexpected end at %d: expected %s (RFC 1738 section %s)",
			prefix, e.Offset, r.expect, section)
	case kindBadEscape:
		end := min(e.Offset+3, len(e.Input))
		return fmt.Sprintf("%sbad escape %q at %d: \"%%\" must be followed by two hex digits (RFC 1738 section 2.2)",
			prefix, e.Input[e.Offset:end], e.Offset)
	case kindUnsafe:
		return fmt.Sprintf("%s%q at %d is unsafe and must be encoded (RFC 1738 section 2.2)",
			prefix, e.found(), e.Offset)
	case kindControl:
		return fmt.Sprintf("%scontrol character %q at %d must be encoded (RFC 1738 section 2.2)",
			prefix, e.found(), e.Offset)
	case kindNonASCII:
		return fmt.Sprintf("%snon-ASCII %q at %d must be encoded (RFC 1738 section 2.2)",
			prefix, e.found(), e.Offset)
	case kindReserved:
		return fmt.Sprintf("%sreserved %q at %d is not allowed here: expected %s (RFC 1738 section %s)",
			prefix, e.found(), e.Offset, r.expect, section)
	}
	return fmt.Sprintf("%s%q at %d is not allowed here: expected %s (RFC 1738 section %s)",
		prefix, e.found(), e.Offset, r.expect, section)
}

// rule identifies what the parser expected where it failed.
type rule uint8

const (
	rScheme rule = iota
	rSlashes
	rHost
	rLabel
	rTopLabel
	rHostNumber
	rPort
	rUserInfo
	rAfterHost      // ":" port, "/" or the end
	rAfterHostSlash // ":" port or "/"
	rAfterLogin     // "/" or the end (ftp, telnet, generic)
	rFileHost       // "/" after the host of a file URL
	rTelnetEnd
	rHpath
	rSearch
	rFpath
	rFilePath
	rFtpType
	rEnd
	rXchar
	rMailto
	rMailLocal
	rMailAt
	rMailDomain
	rMailQuoted
	rMailLiteral
	rMailEnd
	rGroupPart
	rGroup
	rArticleAt
	rNNTPGroup
	rNNTPNumber
	rNNTPEnd
	rWaisDB
	rWaisType
	rWaisPath
	rPpath
	rField
	rFieldEq
	rFragment
)

// rules gives, for each rule, the BNF production it stands for, what was
// expected where it failed, and the section of RFC 1738 that defines it
// ("" means the section of the URL's scheme).
var rules = [...]struct{ name, expect, section string }{
	rScheme:         {"scheme", `a scheme name (letters, digits, "+", "-", ".") and ":"`, "2.1"},
	rSlashes:        {"ip-schemepart", `"//" and a host after the scheme`, ""},
	rHost:           {"host", "a host name or an IP address", "3.1"},
	rLabel:          {"domainlabel", `a letter or digit: a host name label starts and ends with one`, "3.1"},
	rTopLabel:       {"toplabel", `"." and another label: the last label of a host name starts with a letter`, "3.1"},
	rHostNumber:     {"hostnumber", `an IP address of four decimal numbers separated by "."`, "3.1"},
	rPort:           {"port", "a port number of decimal digits", "3.1"},
	rUserInfo:       {"login", `"@" after the user name and password`, "3.1"},
	rAfterHost:      {"hostport", `a host name character, ":" and a port, "/" or the end of the URL`, ""},
	rAfterHostSlash: {"hostport", `a host name character, ":" and a port, or "/"`, ""},
	rAfterLogin:     {"login", `a host name character, ":" and a port, "/" or the end of the URL`, ""},
	rFileHost:       {"fileurl", `a host name character or "/" (a file URL has no port)`, "3.10"},
	rTelnetEnd:      {"telneturl", `the end of the URL: a telnet URL has no path`, "3.8"},
	rHpath:          {"hpath", `a path character, "/", "?" and a search, or the end of the URL`, "3.3"},
	rSearch:         {"search", `a search character ("/" and "?" must be encoded) or the end of the URL`, ""},
	rFpath:          {"fpath", `a path character, "/", ";type=" or the end of the URL`, "3.2.2"},
	rFilePath:       {"fpath", `a path character, "/" or the end of the URL`, "3.10"},
	rFtpType:        {"ftptype", `";type=" and one of "a", "i", "d", "A", "I", "D"`, "3.2.2"},
	rEnd:            {"end", "the end of the URL", ""},
	rXchar:          {"xchar", "a URL character or the end of the URL", ""},
	rMailto:         {"encoded822addr", `an RFC 822 address: local-part "@" domain`, "3.5"},
	rMailLocal:      {"local-part", `a word of the address (an atom or a quoted string)`, "3.5"},
	rMailAt:         {"addr-spec", `"." and another word, or "@" and the domain`, "3.5"},
	rMailDomain:     {"domain", `a sub-domain of the address (an atom or a [domain literal])`, "3.5"},
	rMailQuoted:     {"quoted-string", `a closing quote of the quoted string`, "3.5"},
	rMailLiteral:    {"domain-literal", `"]" closing the domain literal`, "3.5"},
	rMailEnd:        {"domain", `"." and another sub-domain, or the end of the URL`, "3.5"},
	rGroupPart:      {"grouppart", `"*", a newsgroup name or a message ID ("unique@host")`, "3.6"},
	rGroup:          {"group", `a newsgroup name: a letter, then letters, digits, "-", ".", "+" or "_"`, "3.6"},
	rArticleAt:      {"article", `a host name after "@", then the end of the URL`, "3.6"},
	rNNTPGroup:      {"group", `a newsgroup name: a letter, then letters, digits, "-", ".", "+" or "_"`, "3.7"},
	rNNTPNumber:     {"digits", "an article number of decimal digits", "3.7"},
	rNNTPEnd:        {"nntpurl", `"/" and an article number, or the end of the URL`, "3.7"},
	rWaisDB:         {"waisurl", `a database character, "?" and a search, "/" and a type, or the end of the URL`, "3.9"},
	rWaisType:       {"wtype", `a type character or "/" and the path`, "3.9"},
	rWaisPath:       {"wpath", "a path character (reserved ones encoded) or the end of the URL", "3.9"},
	rPpath:          {"ppath", `a path character, "/", ";" and a field, or the end of the URL`, "3.11"},
	rField:          {"fieldspec", `a field character, ";" and another field, or the end of the URL`, "3.11"},
	rFieldEq:        {"fieldspec", `a field name character or "=" and the value`, "3.11"},
	rFragment:       {"fragment", "a fragment character (unreserved, reserved or an escape)", "5"},
}
