package source_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/source"
)

// An indexer reads each file of an archive as urlsift does: compressed or
// not, text, mail or mbox, every URL with where it is.
func Example() {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("From a@example.org Mon Jan  1 00:00:00 2001\nFrom: a@example.org\nMessage-ID: <1@example.org>\n" +
		"List-Archive: <http://lists.example.org/archive/>\n\nSee <URL:ftp://ftp.example.org/pub/\n  file.txt>.\n"))
	zw.Close()

	src := source.New(source.SkipBinary(), source.With(extract.ReportInvalid()))
	for m, err := range src.Read(&gz, "list.mbox.gz") {
		var pe *mail.PartError
		switch {
		case errors.Is(err, source.ErrBinary):
			fmt.Println("skipped:", err)
		case errors.As(err, &pe):
			fmt.Println("part lost or warned:", err)
		case err != nil:
			fmt.Println("input failed:", err)
		default:
			fmt.Println(m.Input, m.Mail.MessageID, m.Mail.Part, m.Pos, m.URL)
		}
	}
	// Output:
	// mbox <1@example.org> header:List-Archive list.mbox.gz:4:15 http://lists.example.org/archive/
	// mbox <1@example.org> 1 list.mbox.gz:6:5 ftp://ftp.example.org/pub/file.txt
}
