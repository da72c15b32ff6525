package scanner

import "strings"

// Schemes is a set of URL schemes, built once from a grammar's table by
// the layer that owns the grammar (package extract) and handed down as
// data: the scanner reads it to find URLs in prose, package wrap to tell
// a bare wrapper of a known scheme ("<http://a.example/>") from any other
// text in angle brackets ("<p>", "<xs:element>"). Names are compared
// without case. A nil *Schemes holds no scheme.
type Schemes struct {
	names    map[string]uint8 // a lower-case name: its flags
	prefixes []string         // the starts of the names of a pattern ("x-" for "x-*")
	longest  int              // the longest name, or pattern's start
	// The names most URLs start with that the set holds, and their
	// flags: compared before the map is asked, whose hash of each name
	// took 7% of a run of --json on dense wrappers.
	common []named
}

// named is a name of a Schemes and its flags.
type named struct {
	name  string
	flags uint8
}

// commonNames are the schemes of most URLs, in the order they are
// compared.
var commonNames = [...]string{"http", "https", "ftp", "mailto"}

// The flags of a name in a Schemes.
const (
	knownFlag  uint8 = 1 << iota // the grammar knows it
	proseFlag                    // a URL in prose may start with it
	opaqueFlag                   // in prose, no "//" need follow its ":"
)

// NewSchemes returns the set of the schemes in known, a grammar's (a
// name that ends in "*" stands for every longer name that starts with
// what comes before the "*", as "x-*" does), and of the schemes that
// count for a URL in prose: each of prose, which maps a name to whether
// "//" must follow its ":" (true for "http", false for "mailto"), and any
// of known when "//" follows its ":".
func NewSchemes(known []string, prose map[string]bool) *Schemes {
	s := &Schemes{names: make(map[string]uint8, len(known)+len(prose))}
	for _, n := range known {
		n = strings.ToLower(n)
		if p, ok := strings.CutSuffix(n, "*"); ok {
			s.prefixes = append(s.prefixes, p)
			s.longest = max(s.longest, len(p)+1)
			continue
		}
		s.add(n, knownFlag)
	}
	for n, slashes := range prose {
		f := proseFlag
		if !slashes {
			f |= opaqueFlag
		}
		s.add(strings.ToLower(n), f)
	}
	for _, n := range commonNames {
		if f := s.names[n]; f != 0 {
			s.common = append(s.common, named{n, f})
		}
	}
	return s
}

func (s *Schemes) add(name string, f uint8) {
	s.names[name] |= f
	s.longest = max(s.longest, len(name))
}

// flags returns the flags of name, compared without case; 0 when the set
// does not hold it. A name that only a pattern matches is known.
func (s *Schemes) flags(name []byte) uint8 {
	if s == nil || len(name) == 0 || len(name) > s.longest && len(s.prefixes) == 0 {
		return 0
	}
	var buf [64]byte
	lower := buf[:0]
	for _, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if len(lower) == len(buf) {
			break
		}
		lower = append(lower, c)
	}
	for _, c := range s.common {
		if string(lower) == c.name {
			return c.flags
		}
	}
	if len(name) <= len(buf) {
		if f := s.names[string(lower)]; f != 0 {
			return f
		}
	}
	for _, p := range s.prefixes {
		if len(lower) > len(p) && string(lower[:len(p)]) == p {
			return knownFlag
		}
	}
	return 0
}

// Known reports whether the grammar knows the scheme name: whether a bare
// wrapper that starts with it and ":" is taken for a URL.
func (s *Schemes) Known(name []byte) bool { return s.flags(name)&knownFlag != 0 }

// Prose reports whether a URL in prose may start with the scheme name and
// ":" (take), and whether "//" must then follow (slashes): the schemes
// given for prose as they were given, and every other known one with
// "//".
func (s *Schemes) Prose(name []byte) (take, slashes bool) {
	f := s.flags(name)
	switch {
	case f&proseFlag != 0:
		return true, f&opaqueFlag == 0
	case f&knownFlag != 0:
		return true, true
	}
	return false, false
}
