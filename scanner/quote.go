package scanner

import "strings"

// leadQuote returns the markers of the quote prefix that starts lead.
func leadQuote(lead []byte) string {
	var buf [leadMax]byte
	m, bars := buf[:0], false
	for i := 0; i < len(lead) && (lead[i] == '>' || lead[i] == '|'); i++ {
		m = append(m, lead[i])
		bars = bars || lead[i] == '|'
		if i+1 < len(lead) && lead[i+1] == ' ' {
			i++
		}
	}
	if !bars {
		return quoteMarkers[:len(m)] // no allocation for the common prefixes
	}
	return string(m)
}

// quoteMarkers holds the markers of every quote prefix of ">" alone.
var quoteMarkers = strings.Repeat(">", leadMax)

// matchQuote reports whether b starts with a quote prefix of exactly the
// markers quote, each optionally followed by a space, and where it ends.
func matchQuote(b []byte, quote string) (int, bool) {
	i := 0
	for k := 0; k < len(quote); k++ {
		if i >= len(b) || b[i] != quote[k] {
			return 0, false
		}
		i++
		if i < len(b) && b[i] == ' ' {
			i++
		}
	}
	if i < len(b) && (b[i] == '>' || b[i] == '|') {
		return 0, false // a deeper quote
	}
	return i, true
}
