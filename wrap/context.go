package wrap

import (
	"bytes"

	"github.com/urlsift/urlsift/scanner"
)

// address reports whether an e-mail address found in prose (Hosts) is
// one to read as a mailto: URL: not the address of an attribution line
// ("Ann <ann@a.example> wrote:"), nor a Message-ID ("In article
// <1234@a.example>", or a line of the header fields that hold them).
func (r *Reader) address(c *scanner.Candidate) bool {
	lead := c.Layout.Lead
	if q := c.Layout.QuoteLen(lead); q > 0 {
		lead = lead[q:]
	}
	lead = bytes.TrimLeft(lead, " \t")
	for _, f := range idFields {
		if len(lead) >= len(f) && bytes.EqualFold(lead[:len(f)], []byte(f)) {
			return false
		}
	}
	if bytes.HasSuffix(lead, []byte("<")) && bytes.Contains(bytes.ToLower(lead), []byte("in article")) {
		return false
	}
	rest := bytes.TrimRight(c.Raw[c.Body.End:], " \t")
	if rest, ok := bytes.CutSuffix(rest, []byte(":")); ok {
		rest = bytes.TrimRight(rest, " ")
		for _, w := range attributions {
			if bytes.HasSuffix(bytes.ToLower(rest), []byte(w)) {
				return false
			}
		}
	}
	return true
}

// idFields are the header fields whose addresses are message
// identifiers, not mailboxes, as they stand in a forwarded header.
var idFields = []string{"message-id:", "references:", "in-reply-to:", "supersedes:", "resent-message-id:"}

// attributions are the last words of the lines that introduce a quoted
// message, before their ":".
var attributions = []string{" wrote", " writes", " said", " says", " schrieb", " écrit"}

// uuencoded reports whether the line on which a URL in prose starts is a
// line of uuencoded data: its first character gives its length (n bytes
// take 1+4*ceil(n/3) characters), and all its characters lie between
// " " and "`". Such lines are full of dots and letters that look like
// host names ("KE9.MZ").
func (r *Reader) uuencoded(c *scanner.Candidate) bool {
	lead := c.Layout.Lead
	if len(lead) == 0 || len(lead) >= 64 || lead[0] < ' ' || lead[0] > '`' {
		return false
	}
	n := int(lead[0]-' ') & 63
	k := 1 + (n+2)/3*4 - len(lead) // the length of the rest of the line: k or k+1
	if n == 0 || k < 0 {
		return false
	}
	rest := c.Raw[:min(len(c.Raw), k+2)] // a line end past k+1 is too far
	rest = rest[:lineEnd(rest)]
	if len(rest) < k || len(rest) > k+1 {
		return false
	}
	for _, part := range [][]byte{lead, rest} {
		for _, b := range part {
			if b < ' ' || b > '`' {
				return false
			}
		}
	}
	return true
}
