package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// finder finds the occurrences of one byte in the buffer, searching each
// part of it once however often it is asked: it knows that the buffer
// holds no c in [from, end) but at next (-1 when none). With a filter,
// it passes over the occurrences that cannot start what is looked for
// (see filtered), as if they were not there.
type finder struct {
	c               byte
	filter          filter
	p               *prose // of the schemes filter
	from, end, next int
}

// find returns the offset of the first c in buf[i:j], or -1. buf ends
// where the data does.
func (f *finder) find(buf []byte, i, j int) int {
	if i < f.from && f.from <= j {
		// Searching again from further back (after a candidate closed
		// at a quote marker): only the bytes before what is known are
		// new.
		if k := f.index(buf, i, f.from); k >= 0 {
			f.from, f.end, f.next = i, k+1, k
		} else {
			f.from = i
		}
	}
	if i < f.from || i > f.end {
		f.from, f.end, f.next = i, i, -1 // what is known does not help
	}
	if f.next >= i {
		if f.next < j {
			return f.next
		}
		return -1
	}
	if f.end >= j {
		return -1
	}
	// Without a filter, the search goes on past j to the end of the
	// data: the next calls, for the spans after this one, then cost no
	// search of their own until that c.
	lim := j
	if f.filter == all || f.filter == fullwidth {
		lim = len(buf)
	}
	k := f.index(buf, f.end, lim)
	if k < 0 {
		f.from, f.end, f.next = i, lim, -1
		return -1
	}
	f.from, f.next = i, k
	f.end = k + 1
	if k >= j {
		return -1
	}
	return k
}

// index returns the offset of the first c in buf[i:j] that the filter
// keeps, or -1.
func (f *finder) index(buf []byte, i, j int) int {
	switch f.filter {
	case all:
	case fullwidth:
		return fullwidthIndex(buf, i, j)
	default:
		return f.filtered(buf[:j], i)
	}
	if k := bytes.IndexByte(buf[i:j], f.c); k >= 0 {
		return i + k
	}
	return -1
}

// fullwidthIndex returns the offset of the first 0xEF in buf[i:j] that
// 0xBC follows, or that ends buf (the data may go on with 0xBC), or -1.
func fullwidthIndex(buf []byte, i, j int) int {
	end := min(j+1, len(buf)) // 0xBC at j follows an 0xEF in range
	for from := i + 1; from < end; {
		k := bytes.IndexByte(buf[from:end], 0xBC)
		if k < 0 {
			break
		}
		if k += from; buf[k-1] == 0xEF {
			return k - 1
		}
		from = k + 1
	}
	if n := len(buf); n > i && n <= j && buf[n-1] == 0xEF {
		return n - 1
	}
	return -1
}

// reset makes f know nothing of the data.
func (f *finder) reset() { f.from, f.end, f.next = 0, 0, -1 }

// learn tells f that buf[i:j] holds no c (that the filter keeps), found
// out otherwise. What f knew is kept when the two join.
func (f *finder) learn(i, j int) {
	switch {
	case i >= j:
	case f.next < 0 && f.from <= i && i <= f.end:
		f.end = max(f.end, j)
	default:
		f.from, f.end, f.next = i, j, -1
	}
}

// none reports whether f knows, without a search, that buf[i:j] holds no
// c.
func (f *finder) none(i, j int) bool {
	return f.from <= i && j <= f.end && (f.next < i || f.next >= j)
}

// shift keeps f right when the buffer moves n bytes to the front.
func (f *finder) shift(n int) {
	if f.end <= n || f.from < n && (f.filter != all && f.filter != fullwidth || noLearn) {
		// It knew of bytes now gone, or of bytes that its filter judged
		// by what came before them.
		f.from, f.end, f.next = 0, 0, -1
		return
	}
	if f.from < n {
		// What it knew of the bytes that stay holds.
		f.from = n
		if f.next < n {
			f.next = -1
		}
	}
	f.from -= n
	f.end -= n
	if f.next >= 0 {
		f.next -= n
	}
}

// filter says which occurrences of its byte a finder keeps.
type filter uint8

const (
	all     filter = iota
	schemes        // ":" after a scheme byte, not followed by what ends a URL ("Note: ...")
	www            // "." after "www" or "ftp" at a word start (without hostsMode)
	// "." that a label may follow (hostsMode): not the end of a
	// sentence, nor a dot of a run ("...").
	label
	// 0xEF followed by 0xBC, or last in the data: what starts "＜", "＞"
	// or "：". Searched for by its second byte, which text with many
	// characters of three bytes (CJK, or UTF-16 decoded) holds far less
	// often than the lead byte 0xEF.
	fullwidth
)

// filtered returns the offset of the first c from buf offset i on that
// the filter keeps, or -1. The rest of a run of c goes with one it does
// not keep ("....." in a table of contents).
func (f *finder) filtered(buf []byte, i int) int {
	dense := false
	for i < len(buf) {
		var k int
		if dense {
			// The last one was near: a loop over the next bytes costs
			// less than a call to IndexByte.
			end := min(i+64, len(buf))
			for k = i; k < min(i+8, end) && buf[k] != f.c; k++ {
			}
			if k == i+8 {
				if n := indexNear(buf[k:end], f.c); n >= 0 {
					k += n
				} else {
					k = end
				}
			}
			if k == end {
				i, dense = end, false
				continue
			}
		} else {
			k = bytes.IndexByte(buf[i:], f.c)
			if k < 0 {
				return -1
			}
			dense = k < 16
			k += i
		}
		switch f.filter {
		case schemes:
			if k > 0 && schemeByte[buf[k-1]] && (k+1 == len(buf) || !(buf[k+1] < 0x80 && stopByte[buf[k+1]]) ||
				breaksAt(buf, k+1)) && f.p.mayScheme(buf, k) {
				return k
			}
		case www:
			if k >= 3 && isWWW(buf[k-3:k]) && (k == 3 || !wordByte[buf[k-4]] && !boundNot[buf[k-4]]) {
				return k
			}
		case label:
			// A byte past the data may be a label's (it is not known);
			// one that is not ASCII may start a letter of one.
			if k+1 == len(buf) || buf[k+1] >= 0x80 || hostByte[buf[k+1]] && buf[k+1] != '-' {
				return k
			}
		}
		for i = k + 1; i < len(buf) && buf[i] == f.c; i++ {
		}
	}
	return -1
}

// indexNear is bytes.IndexByte for a short b: eight bytes at a time,
// with no call to set up.
func indexNear(b []byte, c byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	rep := ones * uint64(c)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		// A byte of x is zero where b holds c; the lowest byte whose
		// high bit t sets is the first such.
		x := binary.LittleEndian.Uint64(b[i:]) ^ rep
		if t := (x - ones) &^ x & highs; t != 0 {
			return i + bits.TrailingZeros64(t)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}
