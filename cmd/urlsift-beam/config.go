package main

import (
	"fmt"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// config holds urlsift's options, as the workers get them: the fields
// of a DoFn travel as JSON.
type config struct {
	Grammar    string
	Unwrapped  bool
	Schemeless bool
	Schemes    []string
	InputKind  string // auto, text, mail or mbox
	MaxLength  int
	Off        uint // the layout rules turned off (extract.Rule)
	SplitSize  int64
}

// grammars are the values of --grammar, as the command takes them.
var grammars = map[string]extract.Grammar{
	"rfc1738": rfc1738.Grammar{},
	"rfc3986": rfc3986.URI,
	"iri":     rfc3986.IRI,
}

var kinds = map[string]mail.Kind{"text": mail.Text, "mail": mail.Message, "mbox": mail.Mbox}

// check says what is wrong with c, as the command says it.
func (c config) check() error {
	_, kind := kinds[c.InputKind]
	switch {
	case grammars[c.Grammar] == nil:
		return fmt.Errorf("--grammar must be rfc1738, rfc3986 or iri")
	case c.InputKind != "auto" && !kind:
		return fmt.Errorf("--input-kind must be auto, text, mail or mbox")
	case c.MaxLength < 16 || c.MaxLength > scanner.MaxLengthLimit:
		return fmt.Errorf("--max-length must be between 16 and %d bytes", scanner.MaxLengthLimit)
	case c.SplitSize < 1:
		return fmt.Errorf("--split-size must be at least 1 byte")
	}
	return nil
}

// source returns the library's reader of files with c's options: those
// of urlsift --json.
func (c config) source() *source.Source {
	opts := []extract.Option{extract.MaxLength(c.MaxLength), extract.Disable(extract.Rule(c.Off)),
		extract.WithGrammar(grammars[c.Grammar]), extract.ReportInvalid()}
	switch {
	case c.Schemeless:
		opts = append(opts, extract.Schemeless())
	case c.Unwrapped:
		opts = append(opts, extract.Unwrapped())
	}
	if len(c.Schemes) > 0 {
		opts = append(opts, extract.Schemes(c.Schemes...))
	}
	sopts := []source.Option{source.With(opts...)}
	if kind, ok := kinds[c.InputKind]; ok {
		sopts = append(sopts, source.As(kind))
	}
	return source.New(sopts...)
}
