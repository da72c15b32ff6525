package rfc1738

import "github.com/urlsift/urlsift/extract/internal/ascii"

// The address of a mailto URL is "(the encoding of an) addr-spec, as
// specified in RFC 822" (RFC 1738 section 3.5). It is matched here on the
// decoded characters, each read from the URL as itself or as an escape:
//
//	addr-spec      = local-part "@" domain
//	local-part     = word *("." word)
//	word           = atom / quoted-string
//	domain         = sub-domain *("." sub-domain)
//	sub-domain     = domain-ref / domain-literal
//	domain-ref     = atom
//	atom           = 1*<any CHAR except specials, SPACE and CTLs>
//	quoted-string  = <"> *(qtext / quoted-pair) <">
//	domain-literal = "[" *(dtext / quoted-pair) "]"
//	quoted-pair    = "\" CHAR
//
// RFC 822 also allows comments and folding white space between these
// tokens; a mailto URL names one address and carries neither.
//
// net/mail is not used: it implements RFC 5322 with display names and
// angle brackets, and says nothing of where a string failed.

const mailSpecials = "()<>@,;:\\\".[]"

// mailChar reads the decoded character at i: an xchar or an escape.
func (p *parser) mailChar(i int) (c byte, next int, ok bool) {
	s := p.s
	switch {
	case i >= len(s):
		return 0, i, false
	case s[i] == '%':
		if !escapeAt(s, i) {
			return 0, i, false
		}
		b, _ := ascii.HexByte(s[i+1], s[i+2])
		return b, i + 3, true
	case cls[s[i]]&setXchar != 0:
		return s[i], i + 1, true
	}
	return 0, i, false
}

func isAtomChar(c byte) bool {
	return c > ' ' && c < 0x7f && !containsByte(mailSpecials, c)
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

func (p *parser) addrSpec(i int) bool {
	i, ok := p.mailWord(i, rMailto)
	for ok {
		c, n, more := p.mailChar(i)
		if !more || c != '.' {
			break
		}
		i, ok = p.mailWord(n, rMailLocal)
	}
	if !ok {
		return false
	}
	if c, n, more := p.mailChar(i); !more || c != '@' {
		return p.fail(i, rMailAt)
	} else {
		i = n
	}
	for {
		if i, ok = p.subDomain(i); !ok {
			return false
		}
		c, n, more := p.mailChar(i)
		if !more || c != '.' {
			return p.end(i, rMailEnd)
		}
		i = n
	}
}

// mailWord = atom / quoted-string
func (p *parser) mailWord(i int, r rule) (int, bool) {
	c, n, ok := p.mailChar(i)
	if ok && c == '"' {
		return p.mailDelimited(n, '"', rMailQuoted)
	}
	return p.atom(i, r)
}

// sub-domain = domain-ref / domain-literal
func (p *parser) subDomain(i int) (int, bool) {
	c, n, ok := p.mailChar(i)
	if ok && c == '[' {
		return p.mailDelimited(n, ']', rMailLiteral)
	}
	return p.atom(i, rMailDomain)
}

func (p *parser) atom(i int, r rule) (int, bool) {
	start := i
	for {
		c, n, ok := p.mailChar(i)
		if !ok || !isAtomChar(c) {
			break
		}
		i = n
	}
	if i == start {
		return i, p.fail(i, r)
	}
	return i, true
}

// mailDelimited reads the rest of a quoted-string (close is <">) or a
// domain-literal (close is "]") after its opening character: any CHAR but
// CR, the closing character and "\", which quotes the CHAR after it. A
// domain-literal may not contain "[" either.
func (p *parser) mailDelimited(i int, close byte, r rule) (int, bool) {
	for {
		c, n, ok := p.mailChar(i)
		switch {
		case !ok || c >= 0x80 || c == '\r' || (close == ']' && c == '['):
			return i, p.fail(i, r)
		case c == close:
			return n, true
		case c == '\\':
			q, m, ok := p.mailChar(n)
			if !ok || q >= 0x80 {
				return n, p.fail(n, r)
			}
			n = m
		}
		i = n
	}
}
