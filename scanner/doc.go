// Package scanner turns bytes into candidates: the places where a URL may
// be written, each with its position in the input and the raw text around
// it. It finds the wrappers of RFC 1738's Appendix, every "<" up to the
// first ">" after it, and with the Prose rule the URLs written without
// one: where such a URL may start (a scheme and ":" at the start of a
// word, a host name that starts with "www." or "ftp.", with the Hosts rule
// any host name or e-mail address) and where its line stops it. Reading a
// candidate (its form, its text, which lines go on with it, where a URL in
// prose ends) is package wrap's; judging it package extract's.
//
// A Scanner reads its input through one bounded buffer and never holds
// more than the longest candidate it accepts plus one read. Use it as
// bufio.Scanner is used:
//
//	s := scanner.New(r, scanner.Filename("mail.txt"), scanner.Rules(scanner.DefaultRules))
//	for s.Scan() {
//		c := s.Candidate() // *c is valid until the next Scan
//		...
//	}
//	if err := s.Err(); err != nil { ... }
//
// Scan returns false at the end of the input or at the first read error;
// Err is nil at a clean end. The candidates found before an error are all
// returned first, in input order: an error never takes back what was
// found. A candidate still open when reading fails is not returned:
// nobody knows where it would have ended.
//
// # Wrappers
//
// "<" opens a candidate and the first ">" after it closes it. A wrapper
// is abandoned when another "<" comes first (that "<" opens the next
// candidate), when it would grow past the maximum length (it is cut there
// and scanning goes on with the next byte), or when the input ends. By
// default the Scanner returns only the wrappers that may hold a valid URL:
// not those with nothing between their brackets or no ":", and, unless
// Invalid, not those abandoned or holding a byte no URL holds. Two rules
// of real documents are the scanner's, because they move where a wrapper
// ends: the quote prefixes of mail replies (QuotePrefixes) and fullwidth
// brackets (Typography).
//
// # URLs in prose
//
// A URL written without a wrapper is returned with its first line's run
// of characters (Run) as its Body, and as its Raw a window: the rest of
// its line, and when the run ends the line, the lines after it as far as
// the URL may reach. Package wrap reads which of them go on with it.
// Which schemes count is data that the layer above builds once from its
// grammar (Schemes).
//
// # Positions and lines
//
// Input is read as UTF-8; an invalid byte is a character of its own.
// Lines break at LF, CR LF or a lone CR; a CR LF counts as one line break
// even when a read cuts it in two. A Position's column counts characters.
// Position is the one position type of every package, and Advance its one
// line counter for text read in pieces. Scanning takes time linear in the
// input, whatever the input.
package scanner
