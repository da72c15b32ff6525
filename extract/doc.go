// Package extract finds the URLs in plain text that RFC 1738's Appendix
// describes: inside <URL:...> and bare <...> wrappers, broken across
// lines, and broken after hyphens that may or may not belong to them.
// Every reading is checked with a Grammar: package rfc1738's by default,
// or package rfc3986's URI or IRI grammar, or the URL Standard's parser
// (package whatwg), with WithGrammar; Normalize gives each URL its normal
// form, host and site.
//
// An Extractor streams its input and returns one Match at a time:
//
//	x := extract.New(r, extract.Filename("notes.txt"))
//	for x.Next() {
//		m := x.Match()
//		fmt.Println(m.URL)
//	}
//	if err := x.Err(); err != nil { ... }
//
// or, with a range loop:
//
//	for m, err := range extract.All(r) { ... }
//
// Next returns false at the end of the input or at the first read error,
// after every match found before it; Err is nil at a clean end. By default
// only valid URLs are returned; with ReportInvalid, every candidate that
// is reported (every <URL:...> wrapper, every bare wrapper of a known
// scheme, and with Unwrapped every URL in prose) is returned, valid or
// not, with the reason. The valid URLs are the same either way.
//
// # The library
//
//	// A file as the command reads it: compressed or not, text, mail, mbox, rnews or MMDF.
//	src := source.New(source.SkipBinary(), source.With(extract.ReportInvalid()))
//	var enc output.Encoder
//	for m, err := range src.Open("list.mbox.gz") {
//		// m.URL, m.Pos (file, offset, line, column), m.Input, m.Mail.Part, m.Mail.MessageID;
//		// errors.Is(err, source.ErrBinary); a *mail.PartError costs one part only
//		line := output.AppendJSON(nil, &m) // the record of urlsift --json
//		buf = enc.Append(buf, &m)          // the same bytes, the path and scheme escaped once
//	}
//
//	// The same, each match in place, its strings views of the reader's buffers: valid until
//	// the function returns (m.Clone() keeps one).
//	src.Each(f, "list.mbox", func(m *extract.Match, err error) bool { ...; return true })
//
//	// A large file in pieces, as the Beam pipeline reads it (see cmd/urlsift-beam/README.md).
//	l, _ := src.Sniff(f)           // l.Kind, l.Compression, l.Encoding, l.Binary
//	if l.Splittable() {            // text or mbox, neither compressed nor UTF-16/32
//		src.EachPiece(piece, "list.mbox", l.Kind, mail.Start{Pos: pos, Messages: n}, yield)
//	}
//
//	// Plain text from any reader.
//	x := extract.New(r, extract.Filename("notes.txt"), extract.WithGrammar(rfc3986.URI))
//	for x.Next() {
//		m := x.Match() // m.Err is an extract.SyntaxError when m is invalid
//	}
//	if err := x.Err(); err != nil { ... } // nil at a clean end
//	for m, err := range extract.All(r, extract.ReportInvalid()) { ... }
//
//	// Text already in memory, scanned where it lies (no reader, no copy); b must not change
//	// until the next Reset. Positions count from at, as ResetAt counts them.
//	x.ResetBytes(b, scanner.Position{Offset: 4096, Line: 80, Column: 1}, nil)
//
//	// Mail from many inputs, or from the pieces of one mbox: a Reader keeps its extractors,
//	// buffers and decoders from one to the next (a Source keeps one for its inputs).
//	rd := mail.NewReader(extract.ReportInvalid())
//	rd.SetFilename("list.mbox")
//	for m, err := range rd.Matches(r, mail.Mbox, mail.Start{Pos: pos, Messages: n}) { ... } // m in place
//	counts := rd.Counts()
//
// The layers, each a package: `scanner` (bytes to candidate wrappers, with positions; one
// bounded buffer) → `wrap` (a candidate to its form, URL text and readings) → `extract`
// (validate with a `Grammar`, choose, report) → `cmd/urlsift`. Beside them: the grammars
// `extract/rfc1738` and `extract/rfc3986`, usable on their own; `extract/mail`, which splits
// mbox files, rnews batches and MMDF files and walks MIME messages and runs `extract` on each
// part; `extract/source`, which does for a file all that the command does (decompression,
// byte-order marks, the binary test, text, mail, mbox, rnews or MMDF, the walk of a directory)
// and reads a large file in pieces; and `extract/output`, which writes a match as the JSON
// record (`AppendJSON`, or an `Encoder` that keeps the escaped path, input and scheme from one
// record to the next).
// `scanner.Position` is the one position type of every package, and `scanner.Lines` the one
// line counter (the scanner's, the mbox reader's, the Beam splitter's), with one rule for a CR
// LF that a read cuts in two. The command keeps only flags, the
// ordered fan-out over files with its memory budget, and writing. `cmd/urlsift-beam`, its own
// module, runs the same on Apache Beam (cmd/urlsift-beam/README.md).
//
// `go doc` on each package shows its public surface and nothing of its workings. What the
// packages pass each other is public because the layers are separate packages at the top
// level: Go lets `scanner` share an internal package with `wrap` and `extract` only through a
// top-level `internal/` folder, which the design keeps out. So `scanner.Candidate`'s layout
// field (a `Layout`), one `Kind` and one `Rule` set for every layer, and the set of schemes
// (`Schemes`, built once by `extract` from the grammar, as data) are documented as the contract
// between the layers; the rest (the scanner's finders, its window, its skip modes, the
// extractor's reading picker, `extract/internal/arena` (the shared blocks that the strings of
// kept matches and Message-IDs are carved from), `extract/internal/ascii`, the scheme table generator
// under `extract/rfc3986/internal/`) is unexported or internal.
//
// # Extraction rules
//
//  1. Input is read as UTF-8; a byte that is not valid UTF-8 is one character of its own, never
//     part of a valid URL. Whitespace is SP, HT, LF, VT, FF, CR and every Unicode White_Space
//     character (NBSP, U+2028, U+3000, ...). A line breaks at LF, CR LF or a lone CR; U+2028 is
//     white space but not a line break.
//  2. `<` opens a candidate; the first `>` after it closes it (a `>` can never be part of a URL).
//     A candidate is abandoned when another `<` comes first (that `<` opens the next one), when
//     its raw text would grow past the maximum length (8192 bytes with both brackets: 8192 is
//     kept, 8193 abandoned; it is cut there and scanning goes on with the next byte), or when
//     the input ends (and, in quoted text, when the quoted text ends: see "Real documents").
//     `--json` reports an abandoned candidate, when it would have been reported, as invalid with
//     an `error` starting `unterminated wrapper:`.
//  3. Leading whitespace is skipped; a `URL:` prefix in any ASCII case makes the form `url` and is
//     removed with the whitespace after it. Otherwise the form is `bare`. `<URL :x>` is bare.
//  4. The URL text is the content with every whitespace character removed. The scheme is what
//     comes before its first `:`.
//  5. Every `url` form candidate is reported, valid or not; a `bare` one only when its URL text
//     starts with a known scheme and `:`: the ten of RFC 1738 section 3, the names reserved in
//     its section 4 (afs, mid, cid, nfs, tn3270, mailserver, z39.50), rlogin, https, urn, and any
//     scheme starting with `x-`. The table is `table` in `extract/rfc1738/schemes.go`, the one scheme table of the RFC 1738 grammar (`--grammar rfc3986` takes the IANA registry instead). `<port>`,
//     `<uri@bunyip.com>`, `<p>` are not reported.
//  6. The hyphen rule. A `-` is ambiguous when the next non-whitespace character after it lies on
//     a later line, or when only whitespace and a line break follow it before the closing `>`.
//     Each ambiguous hyphen may be kept or dropped: reading k drops hyphen i (from the left) when
//     bit i of k is set, so reading 0 keeps all. With more than four ambiguous hyphens only
//     reading 0 and the all-dropped reading are tried. The preferred reading is the first valid
//     one in that order (reading 0 when none is valid); the other valid readings are the
//     alternatives, each once. Keeping comes first because real documents need it.
//
// # Real documents
//
// The text around a wrapped URL is rarely clean. Four rules undo what layout puts inside
// wrappers. Each is on by default and has a flag to turn it off (`extract.Disable` in the
// library); none changes a wrapper that does not need it.
//
//	| rule | example | URL | off with |
//	| --- | --- | --- | --- |
//	| Page breaks: inside a wrapper, a line starting with a form feed, a footer line ending in `[Page N]`, and a header line starting with `RFC NNNN` or `Internet-Draft` are skipped like whitespace. The line that closes the wrapper is never taken for one. | `<http://nvlpubs.nist.gov/nistpubs/FIPS/`⏎⏎`Schaad ... [Page 90]`⏎`\f`⏎`RFC 8152 ... July 2017`⏎⏎`NIST.FIPS.186-4.pdf>` | `http://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.186-4.pdf` | `--no-page-breaks` |
//	| Quote prefixes: when the line on which a wrapper opens starts with a quote prefix (markers `>` or `\|`, each optionally followed by a space), a continuation line that starts with the same markers has them removed, and their `>` does not close the wrapper. `> > ` and `>> ` are the same prefix; a deeper or shallower one ends the quoted text. | `> like this: <http://piclab.com/`⏎`>lee/>.` | `http://piclab.com/lee/` | `--no-quotes` |
//	| ... and when the wrapper, so read, would be abandoned (the quoted text ends, another `<`, the length limit, the end of the input), the first `>` that starts one of its continuation lines closes it instead. With no such `>`, it is reported as `unterminated wrapper: the quoted text ended before ">"`. | `> see <http://www.extropy.org`⏎`> information on the new issue` | `http://www.extropy.org` | `--no-quotes` |
//	| ... and when, before any continuation line that starts with `>`, a line without the prefix starts with a word that ends in `>` (no white space, `<` or quote marker before it), that line goes on with the wrapper and closes it: a mailer re-wrapped the quoted line, and mailers break lines at white space, which a URL holds none of. Any other unprefixed line ends the quoted text. | `> see <URL:`⏎`http://a.example/x> here` | `http://a.example/x` | `--no-quotes` |
//	| Line numbers: when the line that opens a wrapper starts with a line number (optional spaces, digits, optional `.`, `:` or `\|`, white space), a continuation line that starts with the next number in the same shape has it removed. | `  845. <URL:ftp://ds.internic.net/internet-drafts`⏎`  846. /draft-ietf-uri-irl-fun-req-02.txt>` | `ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt` | `--no-line-numbers` |
//	| Typography: a soft hyphen (U+00AD) and the zero-width characters U+200B, U+200D, U+2060 and U+FEFF are removed anywhere; U+2010 or U+2011 followed only by spaces or tabs and a line break is a typesetter's hyphen and is dropped; `＜` and `＞` are brackets, and fullwidth forms (`ＵＲＬ：`, fullwidth ASCII) are folded to ASCII with `golang.org/x/text/width`. Positions and `raw` still point into the original bytes. | `＜URL:http://www.example.jp/＞` | `http://www.example.jp/` | `--no-typography` |
//
// `--json` records gain `warnings` (absent when there are none) for readings a person should
// look at:
//
//	| warning | when |
//	| --- | --- |
//	| `space inside a line` | whitespace between two characters of one line of the URL (`horses.ps or`⏎`horses.ascii` in RFC 1855 gives `horses.psorhorses.ascii`) |
//	| `a continuation line starts with a scheme` | a continuation line starts with a known scheme and `:`: several URLs listed in one pair of brackets, glued into one by the whitespace rule |
//	| `page break skipped` | a page break inside the wrapper was skipped |
//	| `quote prefix removed` | quote prefixes were removed from continuation lines |
//	| `closed at a quote marker` | the wrapper was closed at the `>` that starts a quoted line |
//	| `closed on a line without the quote prefix` | a mailer re-wrapped the quoted line: see below |
//	| `line number removed` | a line number gutter was removed |
//	| `typographic hyphen dropped` | a U+2010 or U+2011 at a line end was dropped |
//	| `joined with the next line after a hyphen` | a URL in prose went on on the next line after a hyphen or a soft hyphen that ended its line |
//	| `joined with the next line` | a URL in prose went on on the next line by the evidence of the two lines (its unjoined reading is among the alternatives when valid) |
//
// # Grammars
//
// Strict RFC 1738 is the default and stays so. `--grammar` (`extract.WithGrammar` in the
// library) judges the same readings by a later standard instead; the wrappers, the hyphen
// rule, the layout rules and the choice among readings are the same with every grammar.
//
//	| `--grammar` | what a URL is | bare wrappers taken for |
//	| --- | --- | --- |
//	| `rfc1738` (default) | RFC 1738 section 5, scheme by scheme (`extract/rfc1738`) | the schemes of RFC 1738's table (see rule 5) |
//	| `rfc3986` | RFC 3986's generic syntax (section 3, Appendix A: IPv4, every IPv6 form of RFC 4291 section 2.2 without zone IDs, IPvFuture, percent-encoding), with the rules the schemes' RFCs give: http and https need a host (RFC 9110 section 4.2), mailto is RFC 6068 (addresses checked as addr-spec once decoded, then `?` header fields), urn RFC 8141, file RFC 8089 (no port, query or fragment), news and nntp RFC 5538, data RFC 2397 (`extract/rfc3986`) | any scheme of the IANA registry (generated from `mvdan.cc/xurls/v2`'s copy of the registry by `go generate ./extract/rfc3986`), and `x-` schemes |
//	| `iri` | the same for IRIs (RFC 3987): `ucschar` where RFC 3987 allows it, `iprivate` in queries, host names checked with `golang.org/x/net/idna`; no bidirectional formatting character (section 4.1), no non-character | the same |
//	| `whatwg` | what the URL Standard's basic URL parser takes as an absolute URL, as browsers read it (`extract/whatwg`, on `github.com/nlnwa/whatwg-url`); the URL reported is the parser's serialization, its href (`HTTP://0x7f.1/a\b` gives `http://127.0.0.1/a/b`) | the same as `rfc3986` |
//
//	$ printf '<URL:http://[2001:db8::1]/~user/>\n<mailto:a@b.example?subject=hi>\n<URL:http://a.example/a|b>\n' > g.txt
//	$ urlsift g.txt
//	mailto:a@b.example?subject=hi
//	$ urlsift --grammar rfc3986 g.txt
//	http://[2001:db8::1]/~user/
//	mailto:a@b.example?subject=hi
//	$ urlsift --grammar rfc3986 --json g.txt | grep 'a|b'
//	{"path":"g.txt","input":"text","url":"http://a.example/a|b","valid":false,"error":"http: \"|\" at 18 is not allowed here: expected a path character, \"/\", \"?\" and a query, \"#\" and a fragment, or the end (RFC 3986 section 3.3)","error_rule":"path","error_section":"RFC 3986 section 3.3","error_offset":18,...}
//
// On the RFC set (1,105 files), `rfc1738` finds 360 URLs and `rfc3986` 477: the `~` paths,
// `sip:`, `imap:`, `pop:` and `opaquelocktoken:` URIs, mailto header fields. The six wrappers
// `rfc3986` still refuses are worth a look: `telnet//envnet:...` (RFC 1739) and
// `//http://www.isoc.org/...` (RFC 1855) lack a scheme; `http:g` and `http:` (RFC 1808's
// examples of relative references) have no host; `mailto:joe@example.com?cc=bob@example.com?body=hello`
// (RFC 2368) has a second `?`; and RFC 1808's `<URL:" absoluteURL ">` is prose.
//
// Every reason carries, in `--json`, the rule that failed (`error_rule`), the RFC and section
// that define it (`error_section`) and the offset in characters (`error_offset`); in the
// library, `Match.Err` is an `extract.SyntaxError` with the same. With `rfc1738`, a mailto URL
// that fails after a `?` (`mailto:infobot@example.com?body=send%20current-issue`, RFC 6068's
// form) says that RFC 1738 allows only an address (section 3.5) and that `--grammar rfc3986`
// reads header fields.
//
// Decisions: an error's offset counts characters; `HTTP:` and `http:` are the same scheme and
// nothing else ignores case; RFC 2397's own example `%fg` is no escape and is refused; an IRI
// host with characters beyond US-ASCII must pass IDNA's lookup profile (which maps a soft
// hyphen away); with `rfc3986`, `news:` takes a wildmat or a Message-ID and `nntp:` needs a
// host, a group and at most a 16-digit article number. Each grammar has a table of cases
// written by hand from its ABNF (253 for `rfc3986`, each with the section that decides it), a
// fuzz target that checks `Valid` against `Validate`, and examples in `go doc`. On the RFC set
// `rfc3986` and `iri` run as fast as `rfc1738` (`BenchmarkRFCs/*` below).
//
// # Normal forms
//
// An indexer wants each resource once. With `--normalize` (`extract.Normalize` in the
// library), every valid match carries its normal form (`Match.Normalized`, `normalized` in
// `--json`), which the command prints instead of the URL as read and by which `-u` tells URLs
// apart; `url` stays as it was read. Each grammar has its own (`Normalizer`), made by one
// normalizer that they share (`extract/internal/uri`), each taking the steps of RFC 3986
// section 6 that its RFC allows:
//
//	| step | `rfc1738` | `rfc3986` | `iri` | `whatwg` |
//	| --- | --- | --- | --- | --- |
//	| scheme in lower case (`HTTP:` to `http:`) | yes (section 2.1) | yes (6.2.2.1) | yes | the parser's href |
//	| host in lower case, IPv6 literal too | yes, for the schemes of section 3.1's common syntax | yes | yes | |
//	| hex digits of escapes in upper case (`%2f` to `%2F`) | yes (section 2.2) | yes | yes | |
//	| escapes of unreserved characters decoded (`%7E` to `~`) | no: `~` is unsafe in RFC 1738 | yes (6.2.2.2) | yes | |
//	| dot segments removed (`/a/./b/../c` to `/a/c`) | http only (RFC 9110 section 4.2.3) | paths that start with `/` (6.2.2.3) | the same | |
//	| default port dropped (`:80` on http, `:443` on https; `:8080` kept) | the ports of section 3 | and https, ws, wss, news, ldap, rtsp (6.2.3) | the same | |
//	| empty path after a host as `/` (`http://example.com` to `http://example.com/`) | yes (section 3.1) | yes (6.2.3) | yes | |
//	| IRI to URI: host through IDNA (UTS 46, `golang.org/x/net/idna`), the rest as UTF-8 escapes | | | yes (RFC 3987 section 3.1) | |
//
// Nothing else changes: the case of a path, a query or a user name, `+` in a query, an empty
// query or fragment, the order of query fields, a mailto address or a URN (whose `.` and `..`
// are no segments of a hierarchy), an ftp path (whose `..` is a CWD command) or a gopher
// selector. Under `rfc1738`, https and the schemes beyond section 3 are generic URLs whose
// `//` RFC 1738 gives no meaning: only their scheme and escapes change (`--grammar rfc3986`
// normalizes them in full). Under `whatwg` the URL is already the parser's href, its own
// normal form. A URL that has no normal form keeps its reading as `Normalized` with a warning
// (`WarnNormalize`); a normal form is never a different resource, and is itself valid and
// normal (fuzz targets in `extract/rfc1738` and `extract/rfc3986` check both).
//
// The same match carries its host (`Match.Host`, `host`: lower case, ASCII, `""` for a URL
// with no authority such as `mailto:`) and its site (`Match.Site`, `site`): the registrable
// domain by the public-suffix list of `golang.org/x/net/publicsuffix` (`www.example.co.uk`
// gives `example.co.uk`); an IP address, a single label or a public suffix is its own site.
// `--stats` counts the resources (distinct normal forms) and lists the ten most frequent
// sites. `ExampleNormalize` shows one key per resource:
//
//	for m, err := range extract.All(r, extract.Normalize()) {
//		if err == nil && !seen[m.Normalized] {
//			seen[m.Normalized] = true
//			index(m.Normalized, m.Site) // "http://example.com/b", "example.com"
//		}
//	}
//
// Cost, on 4 MiB of dense wrappers, every URL normalized (`BenchmarkNormalize`): about 350 ns
// a URL beside 165 without (two allocations, the normal form and the dot segments); the
// whatwg parser about 3.1 µs a URL (41 allocations), one parse serving validity, href and
// normal form.
//
// # URLs in prose
//
// The Appendix's wrappers stay the default. Two opt-in levels also find the URLs written
// without one, in the same pass over the input and in input order with the wrapped ones
// (library: `extract.Unwrapped()`, `extract.Schemeless()`, `extract.Schemes(...)`):
//
//		urlsift --unwrapped --grammar iri notes.txt      # schemes, "URL:", "...", www. and ftp.
//		urlsift --schemeless --grammar iri --json mail/  # and example.com, a@b.example
//
//	  - `--unwrapped`: a scheme and `:` at the start of a word (not after a letter, digit or `_`;
//	    `e.g.http://x` starts at `http`, `-https://x` at `https`, and `svn+ssh://x` is no
//	    `ssh://` URL), with `//` after it where the scheme has an authority;
//	    the schemes of `--schemes` (default: RFC 1738's ten and https, ftps, sftp, ssh, git, svn,
//	    rsync, ldap, ldaps, irc, ircs, urn, tel, sip, sips, xmpp, ws, wss, rtsp, nfs, imap, pop,
//	    snmp, cid, mid, sms, geo, data, magnet, bitcoin, matrix), and any other scheme the grammar
//	    knows when `://` follows it; `URL:` without brackets; URLs between double quotes
//	    (form `quoted`); host names starting `www.` or `ftp.`, printed with `http://` or `ftp://`
//	    (form `schemeless`).
//	  - `--schemeless`: also bare host names whose top-level domain is in the ICANN section of the
//	    public suffix list (`golang.org/x/net/publicsuffix`, internationalized names through
//	    `idna`), printed with `http://`, and e-mail addresses, printed as `mailto:` (form `email`).
//	    Not hosts: file names whose extension is a country code too (`setup.py`, `README.md`,
//	    `Foo.pm`: two labels or a capital letter, and one of .py .pl .pm .sh .rs .cc .ml .mk .am
//	    .ac .in .so .la .md .ps .ai .zip .mov); the CJK letters a host name is glued to. Not
//	    addresses: those of attribution lines (`Ann <a@b.example> wrote:`), `In article <...>` and
//	    Message-IDs. In mail and news, none of either in the fields of addresses, trace and
//	    identifiers (`From`, `To`, `Cc`, `Received`, `Message-ID`, `References`, `Path`, `Xref`,
//	    and the like). Nothing on a line of uuencoded data.
//
// One engine reads them all: the scanner finds where a URL in prose may start and where its
// line stops it, and package `wrap` reads it with the rules that wrappers have (quote prefixes,
// gutters, page breaks, soft hyphens and zero-width characters, typography) and decides where
// it ends and which lines go on with it. Where it ends does not depend on `--grammar`: a
// character the grammar rejects (`~` under RFC 1738) makes the URL invalid, reported with its
// reason by `--json` and counted by `--stats`, never cut short. A URL inside a closed wrapper is
// the wrapper's, one inside an abandoned wrapper is not: the valid URLs printed never depend on
// `--json` (`FuzzExtract` holds this for every option set). `--json` names the form: `url`,
// `bare`, `unwrapped`, `quoted`, `schemeless`, `email`; `raw` is the text as written.
//
// # Where a URL in prose ends
//
//	| rule | example | URL |
//	| --- | --- | --- |
//	| white space, control characters, `<`, `>`, `"` and `` ` `` end it | `"http://a.example/x" y` | `http://a.example/x` |
//	| Unicode punctuation, math symbols and fullwidth punctuation end it; soft hyphens and zero-width characters do not, and are removed | `网址http://a.example/。` | `http://a.example/` |
//	| `)` `]` `}` end it where no opening one inside balances them | `[text](http://a.example/b)` | `http://a.example/b` |
//	| balanced brackets stay | `http://en.wikipedia.org/wiki/Foo_(bar)` | the same |
//	| trailing `.` `,` `;` `:` `!` `?` `"` `*` `@` `\|` and a footnote mark `[1]` are not part of it | `see http://a.example/x[1].` | `http://a.example/x` |
//	| a trailing `'` is kept only when it closes a quote opened inside | `'http://a.example/x'` | `http://a.example/x` |
//	| a host name: labels, then maybe `:port`, then maybe a path; anything else after it (`foo.bar=baz`) means it is none | `example.org:8080.` | `http://example.org:8080` |
//	| hosts are checked as DNS has them: no label starting or ending with `-`, none ending with `_`, ports up to 65535 | `http://-a.example/` | none |
//	| longer than `--max-length`, as a wrapper is counted, or once `http://` is added: none, so that what is printed is found again on its own | | |
//
// # Which lines go on with a URL in prose
//
// When the URL's run ends its line, the next line may go on with it: its first run, after its
// indentation, the URL's line's quote prefix (exactly that one) and a line number that follows
// the URL's line's, and past a page break. Several lines may go on; the URL is then read with a
// warning (`joined with the next line`, or `... after a hyphen`) and its unjoined reading is
// among its `alternatives` when valid. Each row is a test in `extract/prose_test.go`; the
// evidence is scored in `wrap/evidence.go` (`evident`: 4 joins) and described in `go doc
// ./wrap`.
//
//	| when | example | URL |
//	| --- | --- | --- |
//	| never: a blank line, another quote depth, a list item, `--`, another URL, `(` `[` `{` a quote or a rule of `====` | `see http://a.example/x/⏎(or its mirror)` | `http://a.example/x/` |
//	| after a hyphen (the Appendix), both readings kept | `ftp://a.example/bootp-and-dhcp-⏎    parameters` | `ftp://a.example/bootp-and-dhcp-parameters` |
//	| after a soft hyphen, dropped | `http://stan­⏎dards.example.org/list` | `http://standards.example.org/list` |
//	| right after `http:` or `http://` | `(http://⏎code.example.com/p/bench/)` | `http://code.example.com/p/bench/` |
//	| a word cut on a line filled to 72 columns or more, the rest shaped as a URL | `…/Jobs/JobDet⏎ailAUF971004.html` | `…/Jobs/JobDetailAUF971004.html` |
//	| after `/`, the rest a file name alone on its line | `at http://access.example.net/pcw/⏎pcwpage.html.` | `http://access.example.net/pcw/pcwpage.html` |
//	| inside the host name | `(http://www.example.⏎au/aba/issue.htm)` | `http://www.example.au/aba/issue.htm` |
//	| a file name cut in its extension | `…/arcboot-and-progress.pa⏎tch` | `…/arcboot-and-progress.patch` |
//	| not: a word of prose (a capital after a sentence's `.`, never) | `see http://a.example/y/⏎for details` | `http://a.example/y/` |
//	| not: the URL on a line of its own shorter than 72 columns, and text after the next token | `http://a.example/build/1/⏎arch/x.c:856:7: error` | `http://a.example/build/1/` |
//	| not: the URL names a file already (`.html`, `.txt`, `.patch`...), nor a line wider than 80 columns | `…/page/index.html⏎next/step here` | `…/page/index.html` |
//
// # Measured quality
//
// Two measures, each with its cases cited and the commands beside them:
//
//   - **URLs cut by line breaks**, `extract/testdata/prose/broken/`: passages of real mail and
//     RFC text, judged by hand before any tool ran on them; `fresh.jsonl` (98 broken URLs, 259
//     URLs that end a line and must stay apart, from two archives and RFCs the rules were never
//     tuned on) is the held-out set (`TestBroken` holds it to the bounds below):
//
//     | finder | broken URLs joined exactly | kept apart |
//     | --- | --- | --- |
//     | `urlsift --unwrapped` (rfc1738 or iri) | **83.7%** (82/98) | **98.1%** (254/259) |
//     | the previous urlsift (joins after a hyphen only) | 14.3% | 99.6% |
//     | xurls v2.6.0 strict or relaxed | 0% | 98.8% |
//     | linkify-it (linkify-it-py 2.0.0) | 0% | 97.7% |
//
//     On the development sets, `dev.jsonl` and `heldout.jsonl`, urlsift joins 92.8% and 90.1%
//     and keeps apart 100% and 98.6% (the previous urlsift: 17.1% and 19.7%).
//
//   - **Every public suite of URL finding in prose**, each scored alone in
//     `extract/testdata/prose/SCORES.md`: linkify-it, xurls, URI::Find and its Schemeless,
//     Mozilla's mozTXTToHTMLConv, CommonMark and GFM autolinks, URLExtract, Emacs thing-at-point,
//     twitter-text, linkifyjs and the RFC set's prose (sources in
//     `extract/testdata/prose/README.md`). On linkify-it's, xurls's and the RFC cases together:
//
//     | finder | exact | precision | recall |
//     | --- | --- | --- | --- |
//     | `urlsift --schemeless --grammar iri` | 91.1% (397/436) | 97.6% | 86.7% |
//     | `urlsift --unwrapped --grammar iri` | 75.2% | 97.3% | 62.1% |
//     | xurls v2.6.0 strict / relaxed | 76.6% / 78.4% | 92.8% / 75.1% | 68.1% / 96.5% |
//     | linkify-it (linkify-it-py 2.0.0) | 89.7% | 92.4% | 85.3% |
//
//     Where suites disagree urlsift takes a side and every finder is scored on it (the cases with
//     a `why`): a bare IP address is no URL (nothing says its scheme); a bare host needs an ICANN
//     top-level domain (`foo.local` no); a scheme starts a word (`randomtexthttp://x` no); a
//     character the grammar rejects makes the URL invalid, not shorter (`http://a.example/[1]`
//     style brackets in a path, `{file.pdf}`); file names are no hosts (`outside.In`,
//     `Foo.pm`).
//
//     go test ./extract -run 'TestBroken|TestSuites' -v | grep -E 'jsonl +(urlsift|xurls)|exact'
//     python3 .ci/linkify-it.py extract/testdata/prose/suites/*.jsonl   # Debian: python3-linkify-it
//     python3 .ci/linkify-it-broken.py extract/testdata/prose/broken/*.jsonl
//
// `TestSuites` fails if `--schemeless --grammar iri` falls under 85% exact or 95% precision on
// the three suites together, or under xurls relaxed.
//
// # The validator: extract/rfc1738
//
// `rfc1738.Validate(s)` returns nil exactly when `s` matches the BNF of RFC 1738 section 5 for
// its scheme (`httpurl`, `ftpurl`, `gopherurl`, `mailtourl`, `newsurl`, `nntpurl`, `telneturl`,
// `waisurl`, `fileurl`, `prosperourl`, and `genericurl` for every other scheme), and otherwise
// an `*rfc1738.Error` with the offset and the rule:
//
//	http://host.example/~user/  http: "~" at 20 is unsafe and must be encoded (RFC 1738 section 2.2)
//	ftp://h.example/f;type=x    ftp: "x" at 23 is not allowed here: expected ";type=" and one of "a", "i", "d", "A", "I", "D" (RFC 1738 section 3.2.2)
//	http://exa_mple.com/        http: "_" at 10 is not allowed here: expected a host name character, ":" and a port, "/" or the end of the URL (RFC 1738 section 3.3)
//
// `rfc1738.Parse(s)` returns the parts an indexer needs (scheme, user, password, host, port or
// the scheme's default port, path, search, fragment, and the parts of each scheme), every part
// as written; `rfc1738.Unescape` decodes one on request. A port other than the scheme's default
// is flagged in `URL.NonDefaultPort`, as section 6 advises.
//
// Decisions where the RFC leaves room (see also the package documentation):
//
//   - Only the scheme ignores case. `;type=`, `localhost` and `%09` match as written, so
//     `ftp://h/f;TYPE=a` is invalid. The ten schemes of section 3 match only their own
//     production: `http:g` and `http://u:p@h/` are invalid.
//   - A `#` fragment of `xchar` may follow any URL; a second `#` is unsafe. An empty string or one
//     without `:` is invalid.
//   - The BNF sets no range on numbers: `http://999.1.1.1/` and a port of any length are valid.
//   - A mailto address must be an RFC 822 `addr-spec` once decoded (section 3.5 makes it part of
//     the syntax), without comments or folding white space, so `mailto:http://y.example/` and the
//     RFC 2368 forms with `%20` in a header value are invalid, while `mailto:a@b?subject=x` is
//     valid (`?` and `=` are atom characters). `net/mail` is not used for this: it implements
//     RFC 5322 with display names, and gives no offset.
//   - An error's offset counts characters into the reading reported and points at the furthest
//     position a parse reached; a bad escape is reported at its `%`. Two alternatives that can
//     never match are not tried: the user and password when no `@` comes before the first `/`,
//     and a host number that does not start with a digit. On a tie the later, more specific rule
//     is reported.
//   - The scheme may start with a digit, as the BNF allows (`1abc:x` is a generic URL).
package extract
