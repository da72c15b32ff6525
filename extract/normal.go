package extract

import (
	"net/netip"
	"slices"
	"strings"
	"unsafe"

	"golang.org/x/net/publicsuffix"

	"github.com/urlsift/urlsift/extract/internal/uri"
)

// A Normalizer is a Grammar that gives the normal form of the URLs it
// takes: rfc1738.Grammar, rfc3986.URI and rfc3986.IRI, and
// whatwg.Grammar are.
type Normalizer interface {
	// Normalize returns the normal form of s, a URL the grammar takes,
	// or s and an error when it has none.
	Normalize(s string) (string, error)
}

// A hoster is a Normalizer that finds the host of its normal forms
// itself, where RFC 3986's reading of a URL would not: rfc1738.Grammar,
// whose login may hold "?".
type hoster interface {
	Host(normal string) string
}

// A Serializer is a Grammar that reports each URL it takes as its parser
// writes it, not as it was written: whatwg.Grammar, whose URL is the
// URL Standard's href.
type Serializer interface {
	// Serialize returns the serialization of s, or an error when the
	// grammar does not take it.
	Serialize(s string) (string, error)
}

// WarnNormalize starts the warning of a valid URL that has no normal
// form (an IRI host that IDNA does not map): its Normalized is its URL.
const WarnNormalize = "no normal form: "

// Normalize makes the Extractor give each valid match its normal form,
// its host and its site (Match.Normalized, Host and Site), by the
// grammar's Normalize; see "Normal forms" in the package documentation.
// A grammar that is no Normalizer gives none.
func Normalize() Option { return func(c *config) { c.normalize = true } }

// finish completes a valid match: its serialization by a Serializer, and
// with Normalize its normal form, host and site. It says whether m.URL
// is now a string of its own.
func (x *Extractor) finish(m *Match) (own bool) {
	if !m.Valid {
		return false
	}
	if x.ser != nil {
		if href, err := x.ser.Serialize(m.URL); err == nil {
			m.URL, own = href, true
		}
		m.Alternatives = x.serializeAll(m.Alternatives, m.URL)
	}
	if x.norm == nil {
		return own
	}
	n, err := m.URL, error(nil)
	if !own { // a serialization is its grammar's normal form
		n, err = x.norm.Normalize(m.URL)
	}
	if err != nil {
		n = m.URL
		m.Warnings = append(slices.Clip(m.Warnings), WarnNormalize+err.Error()) // never into a view's array
	}
	m.Normalized = n
	if h, ok := x.norm.(hoster); ok {
		m.Host = h.Host(n)
	} else {
		m.Host = uri.Host(n)
	}
	m.Site = x.site(m.Host)
	return own
}

// serializeAll serializes the alternative readings alt, in place, and
// drops those that come out as url or as one before them.
func (x *Extractor) serializeAll(alt []string, url string) []string {
	kept := alt[:0]
	for _, a := range alt {
		if h, err := x.ser.Serialize(a); err == nil {
			a = h
		}
		if a != url && !contains(kept, a) {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}

// site returns Site(host), remembered by host: hosts repeat, and the
// public-suffix list is searched once for each. The table is bounded:
// emptied when full.
func (x *Extractor) site(host string) string {
	if n, ok := x.sites[host]; ok {
		return host[len(host)-n:]
	}
	site := Site(host)
	if x.sites == nil || len(x.sites) >= 4096 {
		x.sites = make(map[string]int, 64)
	}
	x.sites[strings.Clone(host)] = len(site)
	return site
}

// Site returns the registrable domain of a host in normal form: the host
// name one label longer than its public suffix, by the public-suffix
// list of golang.org/x/net/publicsuffix ("www.example.co.uk" gives
// "example.co.uk"). A host that has none, an IP address, a public suffix
// itself or a single label, is its own site; "" gives "". The site is a
// part of host.
func Site(host string) string {
	if host == "" || host[0] == '[' || host[len(host)-1] == '.' {
		return host
	}
	if c := host[len(host)-1]; '0' <= c && c <= '9' { // no top-level domain is all digits
		if _, err := netip.ParseAddr(host); err == nil {
			return host
		}
	}
	site, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil || !strings.HasSuffix(host, site) {
		return host
	}
	return host[len(host)-len(site):]
}

// keepNormal sets the normal form, host and site of x.m, a match whose
// URL was a view of url and is now copied: the normal form that was the
// URL itself is the copy too, and the host and site are parts of the
// normal form.
func (x *Extractor) keepNormal(url string) {
	m := &x.m
	if m.Normalized == "" {
		return
	}
	hostAt := offsetIn(m.Host, m.Normalized)
	if unsafe.StringData(m.Normalized) == unsafe.StringData(url) && len(m.Normalized) == len(url) {
		m.Normalized = m.URL
	}
	if hostAt >= 0 {
		siteLen := len(m.Site)
		m.Host = m.Normalized[hostAt : hostAt+len(m.Host)]
		m.Site = m.Host[len(m.Host)-siteLen:]
	}
}

// offsetIn returns the offset of s in t when s is a non-empty part of
// t, and -1 otherwise.
func offsetIn(s, t string) int {
	if s == "" || t == "" {
		return -1
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(t)))
	if off > uintptr(len(t)) || uintptr(len(s)) > uintptr(len(t))-off {
		return -1
	}
	return int(off)
}

// serialized is a Serializer grammar that remembers its last valid
// string: the reading found valid is parsed once, not again for its
// serialization. Errors are not kept: each names the string it was given,
// which may be a view of a buffer that changes.
type serialized struct {
	Grammar
	ser     Serializer
	in, out string // the last valid string, copied, and its serialization
}

func (g *serialized) Valid(s string) bool {
	_, err := g.Serialize(s)
	return err == nil
}

func (g *serialized) Validate(s string) error {
	_, err := g.Serialize(s)
	return err
}

func (g *serialized) Serialize(s string) (string, error) {
	if s == g.in && g.in != "" {
		return g.out, nil
	}
	out, err := g.ser.Serialize(s)
	if err != nil {
		return "", err
	}
	g.in, g.out = strings.Clone(s), out
	return out, nil
}
