package main

import (
	"fmt"

	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// config holds urlsift's options, as the workers get them: the fields
// of a DoFn travel as JSON.
type config struct {
	Read      source.Settings // always with Invalid: the records of --json
	SplitSize int64
}

// check says what is wrong with c, as the command says it.
func (c config) check() error {
	switch {
	case !source.KnownGrammar(c.Read.Grammar):
		return fmt.Errorf("--grammar must be rfc1738, rfc3986, iri or whatwg")
	case !source.KnownInput(c.Read.Input):
		return fmt.Errorf("--input-kind must be auto, text, mail, mbox, rnews or mmdf")
	case c.Read.MaxLength < 16 || c.Read.MaxLength > scanner.MaxLengthLimit:
		return fmt.Errorf("--max-length must be between 16 and %d bytes", scanner.MaxLengthLimit)
	case c.SplitSize < 1:
		return fmt.Errorf("--split-size must be at least 1 byte")
	}
	return nil
}

// source returns the library's reader of files with c's options.
func (c config) source() *source.Source { return c.Read.New() }
