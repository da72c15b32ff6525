// Package wrap reads one candidate, as package scanner found it, the way
// RFC 1738's Appendix says people write URLs in context: a wrapper's form
// (<URL:...> or bare <...>), its URL text with all white space removed,
// and the readings that the hyphens at line breaks allow; and for a URL
// written without a wrapper, where it ends and which of the lines after
// it go on with it. It is the one line reader of every candidate,
// wrapped or in prose: the rules of real documents are written once, here
// (the quote prefixes of mail replies, line number gutters, page breaks,
// soft hyphens, zero-width characters and typesetters' characters, and
// the joins of lines), but for those that move where a wrapper ends,
// which the scanner applies first.
//
// A Reader is set up once, with the rules in force and the set of known
// schemes, then reads one candidate after another:
//
//	r := wrap.Reader{Rules: scanner.DefaultRules, Schemes: set}
//	for s.Scan() { // s a *scanner.Scanner
//		c := s.Candidate()
//		if !r.Read(c) {
//			continue // not a URL: "<p>", "<port>", "<uri@bunyip.com>"
//		}
//		for _, u := range r.Readings() { ... } // reading 0 first
//		_ = c.Raw[:r.End] // the text of the URL as written
//	}
//
// The slices a Reader holds are overwritten by its next Read.
//
// # Wrappers
//
// A wrapper's content is what lies between its brackets, its quote
// prefixes removed. After its leading white space, "URL:" in any case
// makes it a <URL:...> wrapper, and the prefix is removed; any other is
// bare, and read only when its text starts with a known scheme and ":".
// The URL text is the content with every white space character removed.
// A hyphen whose next character other than white space lies on a later
// line is ambiguous: it may or may not belong to the URL. With n of them
// there are 2^n readings, reading k dropping hyphen i when bit i of k is
// set (with more than four, only all kept and all dropped). Within a
// wrapper's continuation lines, the LineNumbers rule removes a line
// number gutter that follows the opening line's number, and the
// PageBreaks rule skips the lines of a page break.
//
// # URLs in prose
//
// A URL found without a wrapper ends where its run of characters stops
// (scanner.Run, which stops at a closing bracket that no opening one in it
// balances), without the punctuation that ends a sentence (".", ",", ";",
// ":", "!", "?", quotes, "*", "@", "|"), a footnote mark ("[1]"), and a
// "'" that closes no quote opened inside. When that run ends its line, the next line may go on with it:
// its first run of characters, after its indentation, the quote prefix of
// the URL's line (exactly that one: a line of another depth never goes
// on with it), a line number gutter that follows the URL's line's, and a
// page break. Which lines go on is decided in this order:
//
//   - never a blank line, a signature separator ("-- "), or a line that
//     starts with a list marker, another URL (a known scheme and ":",
//     "www."), "<", or a different quote prefix;
//   - after a hyphen "-" that ends the line, the next line's first run
//     goes on (the Appendix's rule), both readings kept as in a wrapper;
//     after a soft hyphen (Typography), it goes on and the soft hyphen is
//     dropped;
//   - otherwise the evidence must agree (see joins): where the break falls
//     (inside a word or a number, or after a character that does not end
//     a URL: "/", "?", "&", "=", "%", ".", ",", "-", "_", "~", "#"), what the
//     next line starts with (a token shaped like the rest of a URL: "/",
//     ".", "=", "&", "%", digits, a file extension; not a word of prose
//     that more prose follows), and whether the URL's line is as long as
//     the paragraph's lines, as a line that a mailer or an editor broke is.
//
// Several lines may go on. A URL so joined is read with a warning, and its
// unjoined reading comes last among its readings, as the other reading of
// an ambiguous hyphen does.
package wrap
