// Package mail finds URLs in mail and news archives: mbox files, rnews
// batches, MMDF files and single messages, MIME-encoded, in any charset.
// Package source reads a file as the command does, compressed or not, and
// hands mail to this package.
//
// A Reader's Matches walks every message of an input and every part of
// each, nested multiparts and attached messages included, decodes them to
// UTF-8 text and runs package extract on each, with the header fields
// too:
//
//	br := bufio.NewReader(f)
//	head, _ := br.Peek(4096)
//	rd := mail.NewReader(extract.Filename(name))
//	for m, err := range rd.Matches(br, mail.Detect(head), mail.Start{}) {
//		var pe *mail.PartError
//		if errors.As(err, &pe) { ... } // one part lost; the others go on
//		...                            // m.URL, m.Mail.MessageID, m.Mail.Part
//	}
//	counts := rd.Counts() // messages and parts read
//
// A part that cannot be decoded is reported as a *PartError and skipped,
// and the walk goes on with the next part and the next message. Nothing is
// held in memory but one header block and one part's buffers at a time. A
// Reader keeps its extractors, buffers and decoders from one input to the
// next: a program that reads many inputs, or a large mbox in pieces (see
// Start and MessageAt), makes them once.
//
// # Places
//
// A match's Pos is its place in the input, after decompression: the line,
// column and offset of its first character in the file, whatever the
// part's encoding. The walk counts the file as it reads it, and each
// decoding on the way from the file to a part's text (the mbox reader,
// which takes a ">" from quoted "From " lines; quoted-printable; base64; a
// charset; HTML; format=flowed) ties what it gives out to what it reads,
// so that a place in the text is taken back through each in turn:
// exactly but for base64, where a byte stands at the start of the encoded
// line that holds it, and a multi-byte charset, at the start of its line.
// Match.Mail.PartPos is the match's place in its part's decoded text.
//
// The files, by idea: reader.go is the Reader, which runs package extract
// on each part and places its matches; walk.go walks an input's messages
// and their parts, mbox.go splits an mbox into messages, and with rnews.go
// and mmdf.go an rnews batch and an MMDF file, header.go reads a
// header block and words.go its encoded words, locate.go finds where a
// multipart's parts start; decode.go chooses a part's decoding, which
// qp.go, base64.go, charset.go, utf7.go, html.go and flowed.go do; shifts.go
// takes places back through them; mail.go holds the kinds of input, the
// errors and Start.
//
// # Mail and news archives
//
//		urlsift --json -H ~/Mail          # every URL of every message and part, with where it is
//		urlsift --with-message list.mbox.gz
//
//	  - Input kinds: `--input auto|text|mail|mbox|rnews|mmdf`. `auto` (the default) takes for mail
//	    only what looks like mail, so that no text is lost to a header parser: an input is one
//	    message when it starts with a header block whose field names are letters, digits and `-`
//	    only, at least one of them a field that mail or news carries (From, To, Cc, Bcc, Subject,
//	    Date, Message-ID, In-Reply-To, References, Reply-To, Sender, Received, Return-Path, Delivered-To,
//	    Envelope-To, X-Original-To, Resent-From, Resent-To, Resent-Date, Resent-Message-ID,
//	    MIME-Version, Content-Type, Content-Transfer-Encoding, Content-Disposition, Newsgroups,
//	    Path, Followup-To, Xref, Lines, NNTP-Posting-Host, Organization, User-Agent, X-Mailer,
//	    List-Id, DKIM-Signature, Authentication-Results), up to an empty line or the end of the
//	    input; it is an mbox when its first line starts with `From ` and such a block follows it;
//	    an rnews batch when its first line is `#! rnews ` and a decimal count; an MMDF file when its
//	    first line is four Control-A bytes and such a block follows it (after a `From ` line, which
//	    mutt writes there). Lines end in LF or CR LF. Anything else is text:
//	    `<URL:http://a.example/>` or `12: see <...>` on the first line, `From the archive, see
//	    <...>`, `#! rnews` without a count, `#!/bin/sh` or three Control-A, are text.
//	  - Whatever is taken for a header block still gives its URLs, at the file's own line and
//	    column: the block is scanned as text, and each URL is named by the field it stands in
//	    (`header:List-Archive`). A test over generated header-like text and a fuzz target check that
//	    every URL `--input text` finds in a header block is found so. A field's RFC 2047 encoded
//	    words are decoded too, and a URL that only the decoded text holds is reported at the
//	    field's start.
//	  - An input that starts like mail but breaks, a header block that does not end within 1 MiB,
//	    is read as text from its first byte, with a warning that names the file and the reason; an
//	    attached message that breaks so is read as the text of its part, and a message of an mbox
//	    as text of the message. Standard input, being read once, keeps those bytes to read again.
//	  - A UTF-16 or UTF-32 file with a byte-order mark (either byte order) is decoded to UTF-8
//	    before anything else, the binary test included; positions then count in the decoded text.
//	    UTF-16 is decoded by a reader of our own, as the standard library's `unicode/utf16.Decode`
//	    decodes it: a surrogate that is not half of a pair is U+FFFD, and so is an odd last byte
//	    (`FuzzUTF16` checks it against `unicode/utf16`). UTF-32 is decoded with
//	    `golang.org/x/text`.
//	  - Compressed inputs are read through, found by their magic bytes whatever their name: gzip and
//	    bzip2 with the standard library, xz with `github.com/ulikunitz/xz`, zstd with
//	    `github.com/klauspost/compress/zstd`. zstd frames are taken with windows up to 2 GiB, the
//	    most the reference `zstd` writes (`--long=31`; the format allows more, no encoder writes
//	    it); the decoder keeps up to one window of history, so such a file costs up to its window
//	    in memory, as `zstd -d` does.
//	  - mbox: a message starts after a `From ` line that begins the file or follows an empty line;
//	    lines `>From `, `>>From `... lose one `>` (mboxrd; this also undoes mboxo's quoting).
//	  - rnews batch (what rnews(1) reads): a line `#! rnews N`, then the N bytes of an article,
//	    then the next `#! rnews N` line, and so on; no line is unquoted. An article ends at its
//	    count, even inside a line, so a `#! rnews` line in an article's body is the article's.
//	    Where the batch breaks, nothing of it is skipped, and the break is reported with its line
//	    and column (an error: the exit status is 2): after an article anything but the input's end
//	    or a `#! rnews N` line is read as the article's too, up to the next line that starts with
//	    one (a count too small, as every count is once a batch's lines are made CR LF, so loses
//	    nothing; INN's rnews stops there, older unbatchers skipped lines up to the next count); a
//	    count past the input's end reads the article as far as it goes and reports the batch cut
//	    short; text before the first `#! rnews N` line, when `--input rnews` says to read a file
//	    that does not start like a batch, is read as an article of its own. A count is never
//	    allocated: an article streams, however large its count.
//	  - MMDF: messages, each between two lines of four Control-A bytes (`^A^A^A^A`, LF or CR LF);
//	    a `From ` line right after the opening one (mutt writes one) belongs to the separator; no
//	    line is unquoted. Empty lines between messages are passed over, and a separator that ends
//	    the file opens nothing. Other text between messages (a message that lost its opening
//	    separator, or whose closing one the message before lost) is read as a message of its own,
//	    up to the next separator, and reported; that separator closes it when another follows at
//	    once, and else opens the next message, so that one lost separator costs one pair, not
//	    every message after it. A message that the file ends before its closing separator (a file
//	    cut short) is read to the end and reported (an error: the exit status is 2).
//	  - rnews batches and MMDF files are read whole, on one core: where a message starts in them
//	    is known only from the start of the file.
//	  - A large mbox (a file of 4 MiB or more, uncompressed, read as an mbox) is read on all cores:
//	    it is cut at message starts into pieces of about 1 MiB, each read from the lines and
//	    messages before it, and the output comes in the file's order, the same as a read on one
//	    core (see cmd/urlsift/BENCHMARKS.md). Standard input and every other input are read whole. The
//	    splitter is the library's (`extract/source`, `NextPiece` and `Count`), which the Beam
//	    pipeline uses too (`Summarize` and `Pieces`).
//	  - Messages: the header block is read leniently, as mail readers do: a line that is neither a
//	    field nor the fold of one is skipped with a warning (`line 8: header line without a field
//	    name and colon skipped`), and the rest of the message is read. The `<...>` URLs of every
//	    header field are reported (`List-Archive`, `List-Unsubscribe`, `List-Help`,
//	    `Organization`, `X-URL`...; the known-scheme rule keeps Message-IDs and addresses out). The
//	    MIME structure is walked with `mime/multipart`, nested multiparts and attached messages
//	    (`message/rfc822`, with their own header fields) included; every `text/*` part is read,
//	    whatever its disposition, and so are the reports `message/delivery-status`,
//	    `message/disposition-notification` and `message/feedback-report`. A missing or
//	    syntactically invalid Content-Type (`text` alone, as an old mailer wrote it, or `garbage`)
//	    is `text/plain; charset=us-ascii`, as RFC 2045 section 5.2 says. Parts of other types
//	    (images, `application/octet-stream`) are skipped on purpose and never silently: with
//	    `--json` each is named on standard error, and otherwise their number is said at the end. A
//	    multipart without a usable boundary (no parameter, a boundary that never comes, none in its
//	    first 1 MiB) is read as text of its part, with a warning.
//	    Quoted-printable is decoded leniently (a `=` that starts no escape, a control byte or an
//	    8-bit byte passes through as itself), base64 strictly (line breaks are skipped; any other byte
//	    outside its alphabet, or data after its padding, breaks the part there, and a body that ends
//	    inside a group of four characters is reported cut short), every charset is converted to UTF-8
//	    with `golang.org/x/text/encoding/htmlindex` (an unknown one is read as windows-1252, with a
//	    warning), and format=flowed (RFC 3676, with DelSp) is undone, lines of any length. In
//	    `text/html` parts the wrapper rules apply to the text (tags removed,
//	    character references decoded, scripts and styles left out), and the `href` and `src`
//	    attributes that start with a known scheme are reported too, with the form `href`.
//	  - Where a URL came from: `--json` records of mail add `message` (from 1), `message_id`,
//	    `message_offset` (the input offset of the message's `From ` line, `#! rnews N` line or
//	    opening MMDF separator, 0 for a single message) and `part`, the MIME part as IMAP numbers
//	    it (`1` for the body of a simple message, `2.1` for the first part of the second, `3.1` for
//	    the body of a message attached as part 3), or
//	    `header:List-Archive` (`3.header:X-URL` in an attached message), and `charset`, the charset
//	    the part declares (`us-ascii` when none; absent for header fields), and `part_line`,
//	    `part_col`, `part_offset`, where the URL stands in its part's decoded text (from 1:1,
//	    offset 0). `offset`, `line` and `col` are places in the file as read (after
//	    decompression), in every part, through every decoding: 7bit and 8bit exactly (offsets
//	    count the file's bytes, not the UTF-8 that a single-byte charset becomes, and the `>` that
//	    mbox adds before a `From ` line); quoted-printable through its soft line breaks and `=XX`
//	    escapes; base64 at the start of the encoded line that holds the URL's first byte; HTML at
//	    the text's place in the HTML source (`&lt;` of an escaped wrapper) or, for an `href` or
//	    `src`, at its tag's `<`; format=flowed at the line each piece came from; header fields
//	    through their folds, an encoded word at its `=?`; parts of multiparts and attached
//	    messages at any depth; in a multi-byte charset (Shift_JIS, ISO-2022-JP, GBK...) at the
//	    start of the line that holds the URL. UTF-16 parts are not taken back: their URLs keep
//	    their part's places, as `part_*` say.
//	  - Plain output stays one URL per line; `-H` puts the file name before it (`file:URL`) and
//	    `--with-message` the Message-ID (`<id@host> URL`, `-` for a message without one). What the
//	    input holds never acts on a terminal: in file names, Message-IDs and messages, control
//	    characters (C0, DEL, C1), bidirectional formatting characters (U+202A to U+202E, U+2066 to
//	    U+2069, U+200E, U+200F, U+061C) and bytes that are not UTF-8 are escaped as Go escapes them
//	    (`\x1b`, `\u202e`), and JSON escapes the same characters as `\u` sequences.
//	  - A part that cannot be decoded (bad base64, a multipart cut short) is
//	    reported on standard error with the file, message, Message-ID, part and the line and column
//	    in the part where decoding failed; its URLs before that point are printed, the rest of the
//	    message and the archive are read, and the exit status is 2. An unknown charset is reported
//	    too, without changing the exit status, and its URLs carry the warning.
//	  - Directories are walked recursively, in lexical order. A symbolic link named on the command
//	    line is followed, to a directory too; links met inside a walk are not, as with `grep -r`.
//	    Files are read on all cores and printed in the order of the arguments and of the walk. A file found in a directory whose
//	    first 8 KiB (decompressed) hold a NUL byte is skipped as binary, as `grep -I` does, and the
//	    count is reported at the end. A file named on the command line is always read.
//	  - `--progress auto|always|never`: a bar on standard error with the files done, the bytes read,
//	    the speed and the time left, from `github.com/schollz/progressbar/v3`. `auto` shows it when
//	    standard error is a terminal and the inputs add up to more than 4 MiB; it never goes to a
//	    pipe unless asked.
//
// Checked on real mail, not committed here: on the 321 files of notmuch's test corpora (real
// messages, broken ones among them) and on Mailpile's test mbox, urlsift finds the same wrapped
// URLs, file by file, as a reader built on Python's `email` package that decodes each text part
// and looks for the same wrappers (603 and 2). One difference remains: where a mailing list
// appended a plain-text footer to a base64 body, Python decodes the footer as garbage and goes
// on, while urlsift reports the part as broken at the footer's line.
package mail
