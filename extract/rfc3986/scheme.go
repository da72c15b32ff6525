package rfc3986

import (
	"strings"

	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// mailto matches RFC 6068 section 2 from i:
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *("," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue ; each *qchar
//
// An address is checked as RFC 5322's addr-spec once its escapes are
// decoded (local-part is dot-atom-text or quoted-string, domain is
// dot-atom-text or a domain literal); unencoded, it holds only what a
// URI holds but "/", "?", "#", "[", "]" and "%".
func (p *parser) mailto(i int) bool {
	s := p.s
	for first := true; i < len(s) && s[i] != '?'; first = false {
		if !first {
			i++ // the ","
		}
		end, ok := p.run(i, set{sub: true, extra: ":@"})
		if !ok {
			return false
		}
		if c := strings.IndexByte(s[i:end], ','); c >= 0 {
			end = i + c
		}
		if !p.addrSpec(i, end) {
			return false
		}
		i = end
		if i < len(s) && s[i] != ',' && s[i] != '?' {
			return p.fail(i, rMailtoTo)
		}
	}
	if i == len(s) {
		return true
	}
	for { // i is at "?" or "&"
		j, ok := p.run(i+1, setQchar)
		if !ok {
			return false
		}
		if j == len(p.s) || s[j] != '=' {
			return p.fail(j, rHfield)
		}
		if j, ok = p.run(j+1, setQchar); !ok {
			return false
		}
		if j == len(s) {
			return true
		}
		if s[j] != '&' {
			return p.fail(j, rHfield)
		}
		i = j
	}
}

// decoded returns the byte that raw offset i of s stands for, decoding
// an escape, and how many bytes of s it takes.
func decoded(s string, i int) (byte, int) {
	if s[i] == '%' && i+2 < len(s) {
		b, _ := ascii.HexByte(s[i+1], s[i+2])
		return b, 3
	}
	return s[i], 1
}

// atext reports RFC 5322's atext, with RFC 6532's UTF-8.
func atext(c byte) bool {
	return class[c]&(cAlpha|cDigit) != 0 || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0 || c >= 0x80
}

// addrSpec checks s[i:end], decoded, as local-part "@" domain.
func (p *parser) addrSpec(i, end int) bool {
	s := p.s
	if i == end {
		return p.fail(i, rAddrSpec)
	}
	// local-part = dot-atom-text / quoted-string
	if c, n := decoded(s, i); c == '"' {
		i += n
		for {
			if i >= end {
				return p.fail(i, rQuoted)
			}
			c, n := decoded(s, i)
			i += n
			if c == '"' {
				break
			}
			if c == '\\' {
				if i >= end {
					return p.fail(i, rQuoted)
				}
				_, n = decoded(s, i)
				i += n
			} else if c < ' ' || c == 0x7f {
				return p.fail(i-n, rQuoted)
			}
		}
	} else if i = p.dotAtom(i, end); i < 0 {
		return false
	}
	if c, n := decoded(s, min(i, end-1)); i >= end || c != '@' {
		return p.fail(i, rAddrSpec)
	} else {
		i += n
	}
	// domain = dot-atom-text / "[" *dtext-no-obs "]"
	if i < end {
		if c, n := decoded(s, i); c == '[' {
			i += n
			for i < end {
				c, n := decoded(s, i)
				if c == ']' {
					if i+n != end {
						return p.fail(i+n, rAddrSpec)
					}
					return true
				}
				if c < 33 || c > 126 || c == '[' || c == '\\' {
					return p.fail(i, rDomainLiteral)
				}
				i += n
			}
			return p.fail(i, rDomainLiteral)
		}
	}
	if i = p.dotAtom(i, end); i < 0 {
		return false
	}
	if i != end {
		return p.fail(i, rAddrSpec)
	}
	return true
}

// dotAtom matches dot-atom-text = 1*atext *("." 1*atext) from i, and
// returns where it ends, or -1 when it failed.
func (p *parser) dotAtom(i, end int) int {
	s := p.s
	for {
		start := i
		for i < end {
			c, n := decoded(s, i)
			if !atext(c) {
				break
			}
			i += n
		}
		if i == start {
			p.fail(i, rDotAtom)
			return -1
		}
		if i == end {
			return i
		}
		if c, n := decoded(s, i); c == '.' {
			i += n
			continue
		}
		return i
	}
}

// urn matches RFC 8141 section 2 from i:
//
//	assigned-name = "urn" ":" NID ":" NSS
//	NID           = (alphanum) 0*30(ldh) (alphanum)
//	NSS           = pchar *(pchar / "/")
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
//	f-component   = "#" fragment
func (p *parser) urn(i int) bool {
	s := p.s
	j := i
	for j < len(s) && (class[s[j]]&(cAlpha|cDigit) != 0 || s[j] == '-') {
		j++
	}
	switch n := j - i; {
	case n == 0 || s[i] == '-':
		return p.fail(i, rNID)
	case n == 1:
		return p.fail(j, rNID)
	case n > 32:
		return p.fail(i+32, rNID)
	case s[j-1] == '-':
		return p.fail(j-1, rNID)
	}
	if j == len(s) || s[j] != ':' {
		return p.fail(j, rNID)
	}
	i = j + 1
	j, ok := p.run(i, setURNName)
	if !ok {
		return false
	}
	if j == i || s[i] == '/' {
		return p.fail(i, rNSS)
	}
	i = j
	if strings.HasPrefix(s[i:], "?+") {
		if i, ok = p.component(i + 2); !ok {
			return false
		}
	}
	if strings.HasPrefix(s[i:], "?=") {
		if i, ok = p.component(i + 2); !ok {
			return false
		}
	}
	if i < len(s) && s[i] == '#' {
		if i, ok = p.run(i+1, setFragment); !ok {
			return false
		}
	}
	if i < len(s) {
		return p.fail(i, rURNEnd)
	}
	return true
}

// component matches an r-component or q-component: pchar *( pchar / "/"
// / "?" ), up to a "?=" that starts the next.
func (p *parser) component(i int) (int, bool) {
	s := p.s
	start := i
	for {
		j, ok := p.run(i, set{sub: true, extra: ":@/"})
		if !ok {
			return j, false
		}
		i = j
		if i < len(s) && s[i] == '?' && !strings.HasPrefix(s[i:], "?=") {
			i++
			continue
		}
		break
	}
	if i == start || s[start] == '/' || s[start] == '?' {
		return start, p.fail(start, rComponent)
	}
	return i, true
}

// file matches RFC 8089 section 2 from i:
//
//	file-hier-part = ( "//" auth-path ) / local-path
//	auth-path      = [ file-auth ] path-absolute
//	file-auth      = "localhost" / host
//	local-path     = path-absolute
//
// A file URI has no user, no port, no query and no fragment.
func (p *parser) file(i int) bool {
	s := p.s
	if strings.HasPrefix(s[i:], "//") {
		end := i + 2
		for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
			end++
		}
		j, ok := p.host(i+2, end)
		if !ok {
			return false
		}
		if j < end {
			return p.fail(j, rFileHost)
		}
		i = j
	}
	if i == len(s) || s[i] != '/' || strings.HasPrefix(s[i:], "//") {
		return p.fail(i, rFilePath)
	}
	j, ok := p.run(i, setPath)
	if !ok {
		return false
	}
	if j < len(s) {
		return p.fail(j, rFileEnd)
	}
	return true
}

// news matches RFC 5538 section 2.1 from i:
//
//	newsURL     = "news:" [ news-server ] [ refers ]
//	news-server = "//" authority "/"
//	refers      = newsgroups / message
//
// newsgroups is a wildmat of newsgroup names ("*", "?", "," and "!"
// included), message a Message-ID without its brackets.
func (p *parser) news(i int) bool {
	s := p.s
	var ok bool
	if strings.HasPrefix(s[i:], "//") {
		if i, ok = p.authority(i+2, false); !ok {
			return false
		}
		if i == len(s) || s[i] != '/' {
			return p.fail(i, rNewsServer)
		}
		i++
	}
	if strings.IndexByte(s[i:], '@') >= 0 {
		k, ok := p.pair(i, setMessage, '@', rMessage)
		if ok && k < len(s) {
			return p.fail(k, rMessage)
		}
		return ok
	}
	for i < len(s) && (class[s[i]]&(cAlpha|cDigit) != 0 || strings.IndexByte("+-_.*?,!", s[i]) >= 0) {
		i++
	}
	if i < len(s) {
		return p.fail(i, rWildmat)
	}
	return true
}

// nntp matches RFC 5538 section 2.2 from i:
//
//	nntpURL = "nntp:" "//" authority "/" group [ "/" article-number ]
//	article-number = 1*16DIGIT
func (p *parser) nntp(i int) bool {
	s := p.s
	if !strings.HasPrefix(s[i:], "//") {
		return p.fail(i, rNewsServer)
	}
	i, ok := p.authority(i+2, true)
	if !ok {
		return false
	}
	if i == len(s) || s[i] != '/' {
		return p.fail(i, rNewsServer)
	}
	i++
	j := i
	for j < len(s) && (class[s[j]]&(cAlpha|cDigit) != 0 || strings.IndexByte("+-_.", s[j]) >= 0) {
		j++
	}
	if j == i {
		return p.fail(j, rGroup)
	}
	if j < len(s) && s[j] == '/' {
		k := j + 1
		for k < len(s) && class[s[k]]&cDigit != 0 && k-j <= 16 {
			k++
		}
		if k == j+1 || k < len(s) && class[s[k]]&cDigit != 0 {
			return p.fail(k, rArticleNumber) // none, or more than 16
		}
		j = k
	}
	if j < len(s) {
		return p.fail(j, rNNTPEnd)
	}
	return true
}

// data matches RFC 2397 section 3 from i:
//
//	dataurl   = "data:" [ mediatype ] [ ";base64" ] "," data
//	mediatype = [ type "/" subtype ] *( ";" parameter )
//	parameter = attribute "=" value
//
// Types, attributes and values are RFC 2045 tokens, as a URI holds them.
func (p *parser) data(i int) bool {
	s := p.s
	var ok bool
	if i < len(s) && s[i] != ';' && s[i] != ',' {
		if i, ok = p.pair(i, setToken, '/', rMediaType); !ok {
			return false
		}
	}
	for i < len(s) && s[i] == ';' {
		if strings.HasPrefix(s[i:], ";base64,") {
			i += len(";base64")
			break
		}
		if i, ok = p.pair(i+1, setToken, '=', rParameter); !ok {
			return false
		}
	}
	if i == len(s) || s[i] != ',' {
		return p.fail(i, rDataComma)
	}
	j, ok := p.run(i+1, set{sub: true, extra: ":@/?"})
	if !ok {
		return false
	}
	return p.queryFragment(j, rData)
}

// pair matches 1*c sep 1*c from i, c a character of st: "type/subtype",
// "attribute=value", "id@domain". It returns where the pair ends.
func (p *parser) pair(i int, st set, sep byte, r rule) (int, bool) {
	s := p.s
	j, ok := p.run(i, st)
	if !ok {
		return j, false
	}
	if j == i || j == len(s) || s[j] != sep {
		return j, p.fail(j, r)
	}
	k, ok := p.run(j+1, st)
	if !ok {
		return k, false
	}
	if k == j+1 {
		return k, p.fail(k, r)
	}
	return k, true
}
