package output

import (
	"errors"
	"fmt"
	"hash/maphash"
	"sort"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// Stats are what urlsift --stats tells of a run, or of one file: the
// matches reported, valid and invalid, by reason and by scheme, and of
// the matches with a normal form (extract.Normalize), the resources and
// the sites.
type Stats struct {
	Files, Messages, Wrappers, Valid, Invalid int
	Prose                                     int // of Wrappers, the URLs found in prose
	// Members counts the members of containers read, each as a file of
	// its own (and not in Files); MembersSkipped those skipped, each
	// named on standard error.
	Members, MembersSkipped int
	reasons, schemes        map[string]int
	names                   map[string]string // the keys of schemes and sites, by themselves (own)
	// resources holds the normal forms seen, each as two 64-bit hashes
	// (a chance of 2^-128 that two collide), 16 bytes each with no copy of
	// the URL; sites counts the matches by site.
	resources map[[2]uint64]struct{}
	sites     map[string]int
}

// seeds are the hash seeds of every Stats' resources, which Plus merges.
var seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// Resources returns the number of distinct normal forms counted.
func (s *Stats) Resources() int { return len(s.resources) }

// addNormal counts the normal form and the site of m.
func (s *Stats) addNormal(m *extract.Match) {
	if s.resources == nil {
		s.resources, s.sites = map[[2]uint64]struct{}{}, map[string]int{}
	}
	s.resources[[2]uint64{maphash.String(seeds[0], m.Normalized), maphash.String(seeds[1], m.Normalized)}] = struct{}{}
	if m.Site != "" {
		s.sites[s.own(m.Site)]++
	}
}

// own returns a copy of name that s keeps, made once: m's strings do not
// last, and an assignment to a map of strings stores the key it is given
// even when an equal key is there, so the counts are assigned by a copy.
func (s *Stats) own(name string) string {
	if s.names == nil {
		s.names = map[string]string{}
	}
	k, ok := s.names[name]
	if !ok {
		k = strings.Clone(name)
		s.names[k] = k
	}
	return k
}

// Add counts one reported match.
func (s *Stats) Add(m *extract.Match) {
	if s.reasons == nil {
		s.reasons, s.schemes = map[string]int{}, map[string]int{}
	}
	s.Wrappers++
	if m.Form == extract.FormUnwrapped || m.Form == extract.FormSchemeless {
		s.Prose++
	}
	if m.Valid {
		s.Valid++
		if m.Normalized != "" {
			s.addNormal(m)
		}
		s.schemes[s.own(m.Scheme)]++
		return
	}
	s.Invalid++
	s.reasons[Reason(m.Err)]++
}

// Reason names why a match is invalid, without its offsets: the rule and
// section, or why a wrapper was abandoned.
func Reason(err error) string {
	if err == nil {
		return ""
	}
	if se, ok := errors.AsType[extract.SyntaxError](err); ok {
		return se.Rule() + " (" + se.Section() + ")"
	}
	if u, ok := errors.AsType[*scanner.Unterminated](err); ok {
		return "unterminated wrapper: " + u.Err.Error()
	}
	return err.Error()
}

// Merge adds the counts of one file to the run's.
func (s *Stats) Merge(f *Stats) {
	s.Files++
	s.Plus(f)
}

// Plus adds the counts of f, but not its files: those of a piece of a
// file.
func (s *Stats) Plus(f *Stats) {
	if s.reasons == nil {
		s.reasons, s.schemes = map[string]int{}, map[string]int{}
	}
	s.Messages += f.Messages
	s.Members += f.Members
	s.MembersSkipped += f.MembersSkipped
	s.Wrappers += f.Wrappers
	s.Prose += f.Prose
	s.Valid += f.Valid
	s.Invalid += f.Invalid
	for k, v := range f.reasons {
		s.reasons[k] += v
	}
	for k, v := range f.schemes {
		s.schemes[k] += v
	}
	if f.resources != nil && s.resources == nil {
		s.resources, s.sites = map[[2]uint64]struct{}{}, map[string]int{}
	}
	for k := range f.resources {
		s.resources[k] = struct{}{}
	}
	for k, v := range f.sites {
		s.sites[k] += v
	}
}

// topSites returns at most ten sites, the most frequent first.
func (s *Stats) topSites() []string {
	keys := sortedKeys(s.sites)
	return keys[:min(10, len(keys))]
}

// sortedKeys returns the keys of m by decreasing count, then by name.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// TopReason returns the most frequent reason of the invalid matches (the
// first by name among as frequent ones) and its count, or "" and 0.
func (s *Stats) TopReason() (string, int) {
	if keys := sortedKeys(s.reasons); len(keys) > 0 {
		return keys[0], s.reasons[keys[0]]
	}
	return "", 0
}

// topReasons returns at most ten reasons, the most frequent first.
func (s *Stats) topReasons() []string {
	keys := sortedKeys(s.reasons)
	return keys[:min(10, len(keys))]
}

// Text is the statistics as urlsift writes them on standard error, for a
// run that read bytes in seconds.
func (s *Stats) Text(bytes int64, seconds float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "urlsift: %d files, %d bytes, %d messages, %d wrappers, %d URLs in prose: %d valid URLs, %d invalid; %.3f s, %.1f MB/s\n",
		s.Files, bytes, s.Messages, s.Wrappers-s.Prose, s.Prose, s.Valid, s.Invalid, seconds, float64(bytes)/1e6/max(seconds, 1e-9))
	if s.Members+s.MembersSkipped > 0 {
		fmt.Fprintf(&b, "urlsift: %d members of containers read, %d skipped\n", s.Members, s.MembersSkipped)
	}
	if s.Invalid > 0 {
		b.WriteString("urlsift: invalid by reason:")
		for _, k := range s.topReasons() {
			fmt.Fprintf(&b, "\n  %d %s", s.reasons[k], k)
		}
		b.WriteString("\n")
	}
	if s.Valid > 0 {
		b.WriteString("urlsift: URLs by scheme:")
		for _, k := range sortedKeys(s.schemes) {
			fmt.Fprintf(&b, " %d %s,", s.schemes[k], k)
		}
		trimComma(&b)
	}
	if s.resources != nil {
		fmt.Fprintf(&b, "urlsift: %d resources; URLs by site:", len(s.resources))
		for _, k := range s.topSites() {
			fmt.Fprintf(&b, " %d %s,", s.sites[k], k)
		}
		trimComma(&b)
	}
	return b.String()
}

// trimComma ends the line of b, without its last comma.
func trimComma(b *strings.Builder) {
	t := strings.TrimSuffix(b.String(), ",")
	b.Reset()
	b.WriteString(t)
	b.WriteString("\n")
}

// JSON is the statistics as the last record of urlsift --json, with its
// newline.
func (s *Stats) JSON(bytes int64, seconds float64) []byte {
	b := fmt.Appendf(nil, `{"stats":{"files":%d,"bytes":%d,"messages":%d,"wrappers":%d,"prose":%d,"valid":%d,"invalid":%d,"invalid_by_reason":[`,
		s.Files, bytes, s.Messages, s.Wrappers-s.Prose, s.Prose, s.Valid, s.Invalid)
	for i, k := range s.topReasons() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"reason":`...)
		b = AppendString(b, k)
		b = fmt.Appendf(b, `,"count":%d}`, s.reasons[k])
	}
	b = append(b, ']')
	if s.Members+s.MembersSkipped > 0 {
		b = fmt.Appendf(b, `,"members":%d,"members_skipped":%d`, s.Members, s.MembersSkipped)
	}
	b = append(b, `,"schemes":{`...)
	for i, k := range sortedKeys(s.schemes) {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, k)
		b = fmt.Appendf(b, ":%d", s.schemes[k])
	}
	b = append(b, '}')
	if s.resources != nil {
		b = fmt.Appendf(b, `,"resources":%d,"sites":[`, len(s.resources))
		for i, k := range s.topSites() {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(append(b, `{"site":`...), k)
			b = fmt.Appendf(b, `,"count":%d}`, s.sites[k])
		}
		b = append(b, ']')
	}
	return fmt.Appendf(b, `,"seconds":%.3f,"bytes_per_second":%.0f}}`+"\n", seconds, float64(bytes)/max(seconds, 1e-9))
}
