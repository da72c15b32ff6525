package rfc1738

// Character classes of RFC 1738 section 5 ("Miscellaneous definitions"),
// one bit each, looked up through the table cls. Each reserved character
// has a bit of its own because every scheme allows a different subset of
// them in each of its parts.
const (
	bUnreserved uint16 = 1 << iota // alpha | digit | safe | extra
	bSemi                          // ";"
	bSlash                         // "/"
	bQuery                         // "?"
	bColon                         // ":"
	bAt                            // "@"
	bAmp                           // "&"
	bEq                            // "="
	bAlpha                         // alpha
	bDigit                         // digit
	bHex                           // hex
	bUnsafe                        // space, national and punctuation (section 2.2)
	bScheme                        // lowalpha | hialpha | digit | "+" | "-" | "."
	bHost                          // alpha | digit | "-" | "." (the characters of host)
	bGroup                         // alpha | digit | "-" | "." | "+" | "_" (news group)
)

// Sets used by the productions. A set that contains bUnreserved also
// accepts escapes: every such production is built on uchar.
const (
	setReserved = bSemi | bSlash | bQuery | bColon | bAt | bAmp | bEq
	setUchar    = bUnreserved
	setXchar    = bUnreserved | setReserved
	setUser     = setUchar | bSemi | bQuery | bAmp | bEq                   // user, password
	setFseg     = setUchar | bQuery | bColon | bAt | bAmp | bEq            // fsegment, psegment
	setHseg     = setUchar | bSemi | bColon | bAt | bAmp | bEq             // hsegment, search
	setArticle  = setUchar | bSemi | bSlash | bQuery | bColon | bAmp | bEq // article before "@"
	setField    = setUchar | bQuery | bColon | bAt | bAmp                  // fieldname, fieldvalue
)

var cls = func() (t [256]uint16) {
	set := func(chars string, bits uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	const (
		lower = "abcdefghijklmnopqrstuvwxyz"
		upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		digit = "0123456789"
	)
	set(lower+upper, bAlpha|bUnreserved|bScheme|bHost|bGroup)
	set(digit, bDigit|bHex|bUnreserved|bScheme|bHost|bGroup)
	set("abcdefABCDEF", bHex)
	set("$-_.+", bUnreserved)  // safe
	set("!*'(),", bUnreserved) // extra
	set("+-.", bScheme)
	set("-.", bHost)
	set("-.+_", bGroup)
	set(";", bSemi)
	set("/", bSlash)
	set("?", bQuery)
	set(":", bColon)
	set("@", bAt)
	set("&", bAmp)
	set("=", bEq)
	set(" {}|\\^~[]`<>#%\"", bUnsafe)
	return t
}()

// isHex reports whether c is a hex digit.
func isHex(c byte) bool { return cls[c]&bHex != 0 }

// escapeAt reports whether s[i:] starts with a well-formed escape "%" hex hex.
func escapeAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}

// span returns the end of the longest run from i of characters in set.
// Escapes count as one character of the run when set is built on uchar.
func span(s string, i int, set uint16) int {
	for i < len(s) {
		c := s[i]
		if cls[c]&set != 0 {
			i++
			continue
		}
		if c == '%' && set&bUnreserved != 0 && escapeAt(s, i) {
			i += 3
			continue
		}
		break
	}
	return i
}
