// Package mail finds URLs in mail and news archives: mbox files and single
// messages, MIME-encoded, in any charset. Package source reads a file as
// the command does, compressed or not, and hands mail to this package.
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
// and their parts, mbox.go splits an mbox into messages, header.go reads a
// header block and words.go its encoded words, locate.go finds where a
// multipart's parts start; decode.go chooses a part's decoding, which
// qp.go, base64.go, charset.go, utf7.go, html.go and flowed.go do; shifts.go
// takes places back through them; mail.go holds the kinds of input, the
// errors and Start.
package mail
