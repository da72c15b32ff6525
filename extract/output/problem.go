package output

import (
	"errors"
	"io/fs"
	"strconv"

	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

// named is an error that names its input first, as an error in a
// member of a container (source.MemberError) names the container and the
// member.
type named interface{ Input() string }

// AppendProblem appends the JSON record of what could not be read, or was
// read with a warning, to dst, without a newline:
//
//	path, kind, error, offset
//
// and, for a *mail.PartError, message, message_id and part. kind is
// "error" (a file, or a part of it, is lost), "warning" (it was read all
// the same, or a part skipped on purpose: not text) or "skipped" (a
// binary file found in a directory); error is err's message as urlsift
// prints it, naming path unless err names it already; offset orders a
// file's records.
func AppendProblem(dst []byte, path, kind string, offset int64, err error) []byte {
	text := err.Error()
	switch err.(type) {
	case *scanner.Error, *fs.PathError, named: // they name the file
	default:
		text = path + ": " + text
	}
	dst = append(dst, `{"path":`...)
	dst = AppendString(dst, path)
	dst = append(dst, `,"kind":`...)
	dst = AppendString(dst, kind)
	dst = append(dst, `,"error":`...)
	dst = AppendString(dst, text)
	dst = append(dst, `,"offset":`...)
	dst = strconv.AppendInt(dst, offset, 10)
	var part *mail.PartError
	if errors.As(err, &part) {
		dst = append(dst, `,"message":`...)
		dst = strconv.AppendInt(dst, int64(part.Message), 10)
		dst = append(dst, `,"message_id":`...)
		dst = AppendString(dst, part.MessageID)
		dst = append(dst, `,"part":`...)
		dst = AppendString(dst, part.Path)
	}
	return append(dst, '}')
}
