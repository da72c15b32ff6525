package scanner

import "bytes"

// has2 reports whether b holds c1 and whether it holds c2, in one pass
// where the processor allows (vector_amd64.s): the scanner asks it of every
// block it reads, for CR and for 0xBC, the second byte of the fullwidth
// brackets, which most text holds neither of.
func has2(b []byte, c1, c2 byte) (bool, bool) {
	if len(b) >= 64 && useVector {
		r := has2Vector(b, c1, c2)
		return r&1 != 0, r&2 != 0
	}
	return has2Generic(b, c1, c2)
}

// has2Generic is has2 by two searches.
func has2Generic(b []byte, c1, c2 byte) (bool, bool) {
	return bytes.IndexByte(b, c1) >= 0, bytes.IndexByte(b, c2) >= 0
}
