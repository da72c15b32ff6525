// Package whatwg is the URL Standard's basic URL parser as a grammar of
// package extract: a string is a URL when the parser, given no base,
// does not fail on it, and the URL it stands for is the parser's
// serialization, its href, as a browser reads it.
//
//	href, err := whatwg.Grammar{}.Serialize("HTTP://Example.COM:80/a/./b") // "http://example.com/a/b"
//
//	x := extract.New(r, extract.WithGrammar(whatwg.Grammar{})) // Match.URL is the href
//
// Validation errors that are not failures (a backslash, a missing "//",
// a tab) do not make a string invalid, as they do not stop a browser: the
// href shows what the parser made of them. The other readings of a URL
// broken after a hyphen (Match.Alternatives) are hrefs too. Bare wrappers are taken for
// URLs when they start with a scheme of the IANA registry, as with
// rfc3986.URI. The parser gives no offset for its failures: an *Error's
// At is 0, its Rule the parser's name for the failure.
//
// # The parser
//
// The parser is github.com/nlnwa/whatwg-url (v0.6.2), which follows the
// URL Standard of 24 May 2023 with its IDNA step (UTS 46, through
// golang.org/x/net/idna). It was measured before it was chosen: 631 of
// the 642 cases below, and 3.1 µs a URL (41 allocations) on dense
// wrappers (BenchmarkNormalize in package extract), against 0.2 µs for
// the whole extraction of a URL under rfc3986. A parser of our own would
// be faster, but the Standard is a living document with a thousand test
// cases and an IDNA step of its own: the library keeps up with it, and
// the grammar is opt-in, its cost only on those who ask for it.
//
// The parser builds a user name and password a character at a time, in
// time that grows with the square of their length (a 64 KiB one takes
// 1.5 s, and a wrapper may be 1 MiB long): Serialize refuses one longer
// than MaxUserinfo (1,024 bytes) before the parser sees it. Every other
// part was measured linear, at about 0.1 µs a byte up to 512 KiB.
//
// # Web-platform-tests
//
// TestWPT runs url/resources/urltestdata.json of the web-platform-tests
// (testdata/urltestdata.json, the copy ada-url/ada keeps under tests/wpt
// at commit c4f3af647c7103116f0cb490392768600f8060ce, 891 cases): those
// whose input is an absolute URL (a scheme and ":") with no whitespace
// and no angle bracket, and whose result does not depend on the base (a
// special scheme that is the base's too, with no "//" after it, is read
// against the base), 642 cases. Each is given to urlsift as the command
// reads a file, "<URL:" input ">", with --normalize; a failure case
// passes when no valid record comes out of it, any other when its one
// valid record's url, and its normalized, is the expected href. Every
// case gives exactly one record.
//
//	go test ./extract/whatwg -run TestWPT -v
//
// 631 of 642 pass (98.29%). The eleven that fail:
//
//	| cases | why |
//	| --- | --- |
//	| http://a.b.c.xn--pokxncvks and http://10.0.0.xn--pokxncvks, each in three cases of "xn--" (6) | golang.org/x/net/idna rejects the label that the Punycode decodes to, which UTS 46 as the Standard uses it lets through: no valid record, where the href is expected |
//	| file://xn--/p, https://xn--/ (2) | golang.org/x/net/idna gives an empty label for "xn--", which the Standard keeps |
//	| http://example.com/\ufeff/foo, http://％４１.com, file://\u00ad/p (3) | urlsift's Typography layout rule, on by default, takes a zero-width character or a soft hyphen out and folds fullwidth forms to ASCII before any grammar sees the URL: in text these are typesetting, not part of the URL. With --no-typography the three pass (the test checks it) |
package whatwg
