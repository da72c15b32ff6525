package source

import (
	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/whatwg"
)

// Settings are urlsift's options that apply to each file, by the names
// its flags take: the command and the Beam pipeline read their files
// with the Source they make.
type Settings struct {
	Grammar    string       // "rfc1738" (or ""), "rfc3986", "iri" or "whatwg"
	Input      string       // "auto" (or ""), "text", "mail", "mbox", "rnews" or "mmdf"
	MaxLength  int          // the longest wrapper; 0 for the default
	Off        extract.Rule // the layout rules turned off
	Unwrapped  bool         // also the URLs of prose
	Schemeless bool         // and bare host names and e-mail addresses
	Schemes    []string     // the schemes of prose, instead of the default
	Invalid    bool         // report the invalid wrappers too (as --json)
	Normalize  bool         // give each valid URL its normal form, host and site
	NoLines    bool         // leave the lines of the matches of text uncounted (NoLines)
}

// grammars are the grammars by name.
var grammars = map[string]extract.Grammar{
	"":        rfc1738.Grammar{},
	"rfc1738": rfc1738.Grammar{},
	"rfc3986": rfc3986.URI,
	"iri":     rfc3986.IRI,
	"whatwg":  whatwg.Grammar{},
}

// inputs are the kinds of input by name; auto is absent.
var inputs = map[string]mail.Kind{"text": mail.Text, "mail": mail.Message, "mbox": mail.Mbox, "rnews": mail.Rnews, "mmdf": mail.MMDF}

// KnownGrammar says whether Settings.Grammar takes name.
func KnownGrammar(name string) bool { return grammars[name] != nil }

// KnownInput says whether Settings.Input takes name.
func KnownInput(name string) bool {
	_, ok := inputs[name]
	return ok || name == "" || name == "auto"
}

// New returns a Source with s. An unknown grammar or input is taken as
// the default: check them with KnownGrammar and KnownInput.
func (s Settings) New() *Source {
	g := grammars[s.Grammar]
	if g == nil {
		g = grammars[""]
	}
	opts := []extract.Option{extract.Disable(s.Off), extract.WithGrammar(g)}
	if s.MaxLength > 0 {
		opts = append(opts, extract.MaxLength(s.MaxLength))
	}
	if s.Invalid {
		opts = append(opts, extract.ReportInvalid())
	}
	if s.Normalize {
		opts = append(opts, extract.Normalize())
	}
	switch {
	case s.Schemeless:
		opts = append(opts, extract.Schemeless())
	case s.Unwrapped:
		opts = append(opts, extract.Unwrapped())
	}
	if len(s.Schemes) > 0 {
		opts = append(opts, extract.Schemes(s.Schemes...))
	}
	sopts := []Option{With(opts...)}
	if s.NoLines {
		sopts = append(sopts, NoLines())
	}
	if kind, ok := inputs[s.Input]; ok {
		sopts = append(sopts, As(kind))
	}
	return New(sopts...)
}
