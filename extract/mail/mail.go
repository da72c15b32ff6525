package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// Kind is the kind of an input.
type Kind int

const (
	Text    Kind = iota // plain text
	Message             // one message: RFC 5322 header fields, then a body
	Mbox                // messages, each after a "From " line
	Rnews               // a news batch: articles, each after a "#! rnews N" line that counts its bytes
	MMDF                // messages, each between two lines of four Control-A bytes
)

// String returns "text", "mail", "mbox", "rnews" or "mmdf", the names of
// urlsift's --input flag, and "Kind(n)" for any other value.
func (k Kind) String() string {
	switch k {
	case Text:
		return "text"
	case Message:
		return "mail"
	case Mbox:
		return "mbox"
	case Rnews:
		return "rnews"
	case MMDF:
		return "mmdf"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Detect tells the kind of an input from its first bytes. It takes for
// mail only what looks like mail, so that no text is read as a header:
// a message when the input starts with a header block of fields whose
// names are letters, digits and "-", at least one of them a field that
// mail or news carries (From, To, Subject, Date, Message-ID, Received,
// Newsgroups, Path, MIME-Version, Content-Type...), up to an empty line or
// the end of head; an mbox when its first line starts with "From " and
// such a block follows it; an rnews batch when its first line is "#! rnews "
// and a decimal count; an MMDF file when its first line is four Control-A
// bytes and such a block follows it (after a "From " line, which mutt
// writes there). Lines end in LF or CR LF. Anything else is text.
func Detect(head []byte) Kind {
	line, rest, ok := cutLine(head)
	switch {
	case bytes.HasPrefix(head, from):
		if ok && headerBlock(rest) {
			return Mbox
		}
		return Text
	case rnewsLine(line):
		return Rnews
	case mmdfSeparator(line):
		if bytes.HasPrefix(rest, from) {
			_, rest, _ = cutLine(rest)
		}
		if headerBlock(rest) {
			return MMDF
		}
		return Text
	}
	if headerBlock(head) {
		return Message
	}
	return Text
}

// cutLine cuts b after its first line: the line with its LF, if it has
// one, and the rest.
func cutLine(b []byte) (line, rest []byte, ok bool) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return b, nil, false
	}
	return b[:i+1], b[i+1:], true
}

// Part is one text part of a message, or its header block.
type textPart struct {
	// Message counts the messages of the input from 1; MessageID is
	// its Message-ID field and MessageOffset the input offset of its
	// separator line, as extract.Mail says (0 for a single message).
	// Message is 0 for a single message whose header broke, read as text
	// from its first byte.
	Message       int
	MessageID     string
	MessageOffset int64
	// Path names the part as IMAP does: "1" for the body of a message
	// that is not multipart, "2.1" for the first part of the second;
	// the body of an attached message at "2" is "2.1" and its parts
	// "2.1", "2.2"... The header block of a message is "header", or
	// "2.header" for the message attached at "2"; its matches are
	// named by their field, "header:List-Archive".
	Path string
	// Charset is the charset the part declares, in lower case
	// ("us-ascii" when it declares none); "" for a header block.
	Charset string
	// Body is the text of the part, decoded to UTF-8.
	Body io.Reader
	// Origin is where Body's first byte stands, in the text that the
	// decodings around the part read (the file, but for what they
	// change before it): matches are counted from it, then taken back
	// to the file. The zero Position, for a part not InFile, means that
	// it counts from its own start.
	Origin scanner.Position
	// Warnings apply to every URL of the part.
	Warnings []string
	// InFile says that the positions of the part's matches are taken
	// back to the file, through every decoding on the way from the file
	// to Body: the mbox's quoted From lines, transfer encodings (base64
	// to the start of the encoded line), charsets (a multi-byte one to
	// the start of the line), HTML and format=flowed. It is false for
	// UTF-16, whose matches count in the part: their Pos is their
	// Mail.PartPos.
	InFile bool

	input string        // the kind of the input, for Match.Input
	cur   extract.Match // the match handed over last, when it is not the extractor's (not reset by newPart)
	// inMemory says that Body reads text, all of it in memory, and then
	// textErr (io.EOF when nil): Matches scans text where it lies.
	inMemory  bool
	text      []byte
	textErr   error
	html      *htmlText
	header    *header            // for a header block: its fields name its matches
	extras    []decoded          // the fields of the header with encoded words
	nextExtra int                // the first of extras whose matches are still to come
	link      link               // the href or src attribute of HTML handed over last
	stages    []stage            // for a part InFile, the stages from the file to its text
	x         *extract.Extractor // the extractor that reads it, which says how far it has settled
	chars     shifts             // for a part InFile in a single-byte charset, the characters that decoding grew
}

// PartError says that a part, or what is left of a message, could not be
// read. Warning errors cost nothing: the part was read all the same, or
// was skipped on purpose (errors.Is(err, ErrNotText)).
type PartError struct {
	Message       int
	MessageID     string
	MessageOffset int64  // as in textPart
	Path          string // "" for the message as a whole
	// Pos is where the part starts in the input (its body's first byte,
	// or its header's), when that is known; an Err that is a
	// *scanner.Error says where reading it broke off.
	Pos     scanner.Position
	Err     error
	Warning bool
}

func (e *PartError) Error() string {
	s := "message " + strconv.Itoa(e.Message)
	if e.MessageID != "" {
		s += " " + e.MessageID
	}
	if e.Path != "" {
		s += " part " + e.Path
	}
	// The place, without the file name, which the input's name before
	// the message says: where reading broke off, or where the part starts.
	var se *scanner.Error
	if errors.As(e.Err, &se) {
		return fmt.Sprintf("%s: %d:%d: %v", s, se.Pos.Line, se.Pos.Column, se.Err)
	}
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %d:%d: %v", s, e.Pos.Line, e.Pos.Column, e.Err)
	}
	return s + ": " + e.Err.Error()
}

func (e *PartError) Unwrap() error { return e.Err }

// ErrNotText is the reason of the warning for a part skipped because it
// is not text (an image, application/octet-stream...).
var ErrNotText = errors.New("not text: skipped")

// MaxDepth is how deep multiparts and attached messages nest before the
// rest of the deepest part is read as text, with a warning: each level
// holds a reader and its buffer, and reads the bytes of all the levels
// below it, so that depth bounds both memory and time.
const MaxDepth = 100

// maxPreamble bounds what is read of a multipart body before its first
// boundary; without one by then, the body is read as text.
const maxPreamble = 1 << 20

// Start says where a piece of an input read on its own stands in the
// input, so that its positions, message numbers and message offsets are
// the input's: a program that splits a large mbox at message starts
// (see MessageAt) reads each piece from its own Start.
type Start struct {
	// Pos is where the piece's first byte stands; the zero Position
	// means the input's start.
	Pos scanner.Position
	// Messages is the number of messages of the input before the piece.
	Messages int
}
