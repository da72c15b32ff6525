package source

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
)

// Limits bound what a container (a tar or zip archive) may cost. The
// zero value of a field takes its default.
type Limits struct {
	// MemberSize is the largest member read, in bytes once expanded
	// (DefaultMemberSize): a larger one is skipped with an error.
	MemberSize int64
	// Members is the most members one container may hold
	// (DefaultMembers): the reading stops there, with an error.
	Members int
	// Ratio is how many times over the bytes of an input its members'
	// may grow before it is taken for a bomb (DefaultRatio): the reading
	// stops with an error once more than RatioFloor bytes came out.
	Ratio int64
	// Depth is how deep containers are read inside containers
	// (DefaultDepth): a container deeper is skipped with an error.
	Depth int
}

// The defaults of Limits, and the sizes they rest on.
const (
	DefaultMemberSize = 1 << 30
	DefaultMembers    = 1_000_000
	DefaultRatio      = 100
	DefaultDepth      = 4
	// RatioFloor is how many bytes the members of an input may expand
	// to before Ratio is looked at: a small archive of repetitive text
	// compresses well, and costs little.
	RatioFloor = 16 << 20
	// MaxZipInMemory is the largest zip archive read from a stream (a
	// member of a tar, a compressed file, standard input): a zip is read
	// from its end, so such a one is read into memory first.
	MaxZipInMemory = 16 << 20
)

// WithLimits sets the limits of containers.
func WithLimits(l Limits) Option { return func(s *Source) { s.limits = l } }

func (l Limits) orDefaults() Limits {
	if l.MemberSize <= 0 {
		l.MemberSize = DefaultMemberSize
	}
	if l.Members <= 0 {
		l.Members = DefaultMembers
	}
	if l.Ratio <= 0 {
		l.Ratio = DefaultRatio
	}
	if l.Depth <= 0 {
		l.Depth = DefaultDepth
	}
	return l
}

// The reasons a member, or the rest of a container, is not read.
var (
	ErrTooLarge  = errors.New("member larger than the limit")
	ErrTooMany   = errors.New("more members than the limit")
	ErrBomb      = errors.New("expands past the limit of its ratio: a decompression bomb?")
	ErrTooDeep   = errors.New("container nested deeper than the limit")
	ErrEncrypted = errors.New("encrypted member skipped")
	ErrLink      = errors.New("link not followed")
	ErrSpecial   = errors.New("special file skipped")
	ErrOutside   = errors.New("name leads out of the archive (read; nothing is written anywhere)")
	ErrBigZip    = errors.New("zip archive inside a stream larger than " + strconv.Itoa(MaxZipInMemory>>20) + " MiB skipped: unpack it, or name the file")
)

// A MemberError is an error met in a member of a container, or in the
// container at a member. Name names the member as ugrep does,
// "archive.tgz{dir/file}", a member of a container inside another
// "outer.tar{inner.zip:dir/file}"; Offset is where the error was met, in
// bytes from the start of the member's container as read (decompressed),
// -1 when it is not known. A Warning error costs nothing that was to be
// read: a member skipped on purpose (binary, encrypted, a link) or a name
// to look at; any other cost the member, or the rest of the container,
// what was read before it kept.
type MemberError struct {
	Name    string
	Offset  int64
	Warning bool
	Err     error
}

func (e *MemberError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("%s: at offset %d: %v", e.Name, e.Offset, e.Err)
	}
	return e.Name + ": " + e.Err.Error()
}

func (e *MemberError) Unwrap() error { return e.Err }

// Input returns the name the error starts with, the member's (Name):
// a writer of errors that puts the input's name before them leaves it.
func (e *MemberError) Input() string { return e.Name }

// Member is a member of a container that Each read through, as
// Source.OnMember reports it once it is read.
type Member struct {
	// Path is the container's input; Name the member's name as
	// Match.Member gives it; Kind what it was read as.
	Path, Name string
	Kind       mail.Kind
}

// OnMember sets f, which is called after each member of a container that
// a file read from now on holds, as a file of its own: the members read,
// not those skipped (yielded as a *MemberError) nor the containers inside,
// whose members are reported in their turn. A command that counts files
// (grep's -c, -l, -L) counts members so.
func (s *Source) OnMember(f func(Member)) { s.onMember = f }

// isTar says whether head, the first 512 bytes of an input or more,
// is a tar header: the magic of ustar (POSIX, pax and GNU archives), or
// the checksum of a V7 header with a name.
func isTar(head []byte) bool {
	if len(head) < 512 {
		return false
	}
	if bytes.Equal(head[257:262], []byte("ustar")) {
		return true
	}
	// The checksum, octal digits between spaces and NULs: read here, not
	// by strconv.ParseUint, whose error for text that is not a number
	// (every text file read) was an allocation of its own.
	field := bytes.Trim(head[148:156], " \x00")
	if len(field) == 0 || head[0] == 0 {
		return false
	}
	var sum uint64
	for _, c := range field {
		if c < '0' || c > '7' {
			return false
		}
		sum = sum*8 + uint64(c-'0')
	}
	var got uint64
	for i, c := range head[:512] {
		if 148 <= i && i < 156 {
			c = ' '
		}
		got += uint64(c)
	}
	return got == sum
}

// isZip says whether head starts a zip archive: a local file header, or
// the end record of an empty archive.
func isZip(head []byte) bool {
	return bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.HasPrefix(head, []byte("PK\x05\x06"))
}

// container reads the members of the tar or zip archive br (its layout
// l), named by where: the input's path and, inside a container, the
// member that holds it. ra, when not nil, reads the same input at any
// offset, as a file does: a zip is read through it.
func (s *Source) container(br *bufio.Reader, ra sized, where place, l Layout, yield func(m *extract.Match, err error) bool) bool {
	if where.depth >= s.lim().Depth {
		return yield(&s.cur, &MemberError{Name: where.String(), Offset: -1, Err: ErrTooDeep})
	}
	if l.Container == "tar" {
		return s.tarMembers(br, where, yield)
	}
	if ra == nil || l.Compression != "" {
		b, err := io.ReadAll(io.LimitReader(br, MaxZipInMemory+1))
		switch {
		case err != nil:
			return yield(&s.cur, &MemberError{Name: where.String(), Offset: int64(len(b)), Err: err})
		case len(b) > MaxZipInMemory:
			return yield(&s.cur, &MemberError{Name: where.String(), Offset: -1, Warning: true, Err: ErrBigZip})
		}
		ra = bytes.NewReader(b)
	}
	return s.zipMembers(ra, where, yield)
}

// sized is an input that can be read at any offset: a file, or bytes in
// memory (*bytes.Reader).
type sized interface {
	io.ReaderAt
	Size() int64
}

// place is where a container is: its input's path and, inside another
// container, its member name there ("" for the input itself), depth
// containers deep.
type place struct {
	path, member string
	depth        int
}

// in returns the place of the member name of the container at p.
func (p place) in(name string) place {
	if p.member != "" {
		name = p.member + ":" + name
	}
	return place{p.path, name, p.depth + 1}
}

// String names p as ugrep does: "a.tgz{dir/file}".
func (p place) String() string { return MemberName(p.path, p.member) }

// MemberName names the member of the container at path as ugrep does,
// "spool.tgz{comp/www/2}", and is path itself when member is "".
func MemberName(path, member string) string {
	if member == "" {
		return path
	}
	return path + "{" + member + "}"
}

// outside says whether a member's name is absolute or climbs out of its
// archive with "..".
func outside(name string) bool {
	name = strings.ReplaceAll(name, "\\", "/")
	if strings.HasPrefix(name, "/") || len(name) > 1 && name[1] == ':' {
		return true
	}
	c := path.Clean(name)
	return c == ".." || strings.HasPrefix(c, "../")
}

// tarMembers reads the members of the tar archive r.
func (s *Source) tarMembers(r io.Reader, where place, yield func(m *extract.Match, err error) bool) bool {
	cr := &countReader{r: r}
	tr := tar.NewReader(cr)
	last := "" // the name of the member read last
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			return true
		}
		if err != nil {
			// A damaged or truncated archive: what was read is kept.
			if last != "" {
				err = fmt.Errorf("%w, after member %q", err, last)
			}
			return yield(&s.cur, &MemberError{Name: where.String(), Offset: cr.n, Err: err})
		}
		m := where.in(h.Name)
		last = h.Name
		if n >= s.lim().Members {
			return yield(&s.cur, &MemberError{Name: m.String(), Offset: cr.n, Err: ErrTooMany})
		}
		var skip error
		switch h.Typeflag {
		case tar.TypeReg, tar.TypeGNUSparse, '\x00':
		case tar.TypeDir, tar.TypeXGlobalHeader: // a folder, the settings of a pax archive
			continue
		case tar.TypeSymlink, tar.TypeLink:
			skip = fmt.Errorf("%w (to %q)", ErrLink, h.Linkname)
		default:
			skip = fmt.Errorf("%w (type %q)", ErrSpecial, h.Typeflag)
		}
		if skip == nil {
			skip = s.tooLarge(h.Size)
		}
		if skip != nil {
			if !yield(&s.cur, &MemberError{Name: m.String(), Offset: cr.n, Warning: !errors.Is(skip, ErrTooLarge), Err: skip}) {
				return false
			}
			continue
		}
		if !s.member(tr, m, h.Name, cr.n, yield) {
			return false
		}
		if s.broken != nil {
			return true // the stream failed in the member, which said so
		}
	}
}

// tooLarge says why a member of size bytes is not read, or nil.
func (s *Source) tooLarge(size int64) error {
	if l := s.lim().MemberSize; size > l {
		return fmt.Errorf("%w: %d bytes, the limit %d", ErrTooLarge, size, l)
	}
	return nil
}

// zipMembers reads the members of the zip archive ra.
func (s *Source) zipMembers(ra sized, where place, yield func(m *extract.Match, err error) bool) bool {
	cr := &countReaderAt{r: ra, budget: s.budget}
	z, err := zip.NewReader(cr, ra.Size())
	if err != nil {
		return yield(&s.cur, &MemberError{Name: where.String(), Offset: -1, Err: err})
	}
	if len(z.File) > s.lim().Members {
		if !yield(&s.cur, &MemberError{Name: where.String(), Offset: -1, Err: fmt.Errorf("%w: %d members", ErrTooMany, len(z.File))}) {
			return false
		}
		z.File = z.File[:s.lim().Members]
	}
	for _, f := range z.File {
		if strings.HasSuffix(f.Name, "/") {
			continue // a folder
		}
		m := where.in(f.Name)
		skip := s.tooLarge(int64(f.UncompressedSize64))
		if f.Flags&1 != 0 {
			skip = ErrEncrypted
		}
		var rc io.ReadCloser
		if skip == nil {
			rc, skip = f.Open()
		}
		if skip != nil {
			at, _ := f.DataOffset()
			if !yield(&s.cur, &MemberError{Name: m.String(), Offset: at, Warning: errors.Is(skip, ErrEncrypted), Err: skip}) {
				return false
			}
			continue
		}
		ok := s.member(rc, m, f.Name, -1, yield)
		rc.Close()
		if !ok {
			return false
		}
	}
	return true
}

// countReader counts the bytes read of r.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// countReaderAt counts, in the budget of its input, the bytes read of r.
type countReaderAt struct {
	r      io.ReaderAt
	budget *budget
}

func (c *countReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.budget.at += int64(n)
	return n, err
}

// budget is what an input's containers have cost: the bytes read of the
// input (through its reader, raw, and at offsets, at), and those that
// came out of its members; bomb says they came to more than ratio times
// the first, which ends the input.
type budget struct {
	raw     *countReader
	at, out int64
	ratio   int64
	bomb    bool
}

// in is how many bytes of the input were read.
func (b *budget) in() int64 { return b.raw.n + b.at }

// memberReader reads a member, counting what comes out of it in its
// input's budget, up to the member size limit.
type memberReader struct {
	r      io.Reader
	budget *budget
	n, max int64
	err    error // the error of r, other than io.EOF
}

func (m *memberReader) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	m.n += int64(n)
	b := m.budget
	b.out += int64(n)
	switch {
	case b.bomb || b.out > RatioFloor && b.out > b.ratio*max(b.in(), 1):
		b.bomb = true
		return n, fmt.Errorf("%w: %d bytes out of %d read; the rest of the input is not read", ErrBomb, b.out, b.in())
	case m.n > m.max:
		return n, fmt.Errorf("%w: more than %d bytes; the rest of the member is not read", ErrTooLarge, m.max)
	}
	if err != nil && err != io.EOF {
		m.err = err
	}
	return n, err
}

// member reads r, the member of a container named name there, at place
// m, that starts at offset at of the container (-1 if not known): as a
// file is read, its layout detected, a binary one skipped.
func (s *Source) member(r io.Reader, m place, name string, at int64, yield func(m *extract.Match, err error) bool) bool {
	if outside(name) && !yield(&s.cur, &MemberError{Name: m.String(), Offset: at, Warning: true, Err: ErrOutside}) {
		return false
	}
	c := s.child()
	mr := &memberReader{r: r, budget: s.budget, max: s.lim().MemberSize}
	display := m.String()
	stopped := false
	named := func(x *extract.Match, err error) bool {
		var pe *mail.PartError
		switch {
		case err == nil:
			x.Pos.Filename, x.Member = m.path, m.member
		case errors.As(err, &pe):
			err = &MemberError{Name: display, Offset: -1, Warning: pe.Warning, Err: err}
		}
		if !yield(x, err) {
			stopped = true
		}
		return !stopped
	}
	br, l, err := c.sniff(mr)
	switch {
	case err != nil:
		named(&c.cur, &MemberError{Name: display, Offset: at, Err: err})
	case l.Container != "":
		if !c.container(br, nil, m, l, yield) {
			stopped = true
		}
	case l.Binary:
		named(&c.cur, &MemberError{Name: display, Offset: at, Warning: true, Err: ErrBinary})
	default:
		c.each(br, nil, display, l.Kind, mail.Start{}, named)
		if s.onMember != nil && !s.budget.bomb {
			s.onMember(Member{Path: m.path, Name: m.member, Kind: l.Kind})
		}
	}
	cn := c.Counts()
	s.counts.Messages += cn.Messages
	s.counts.Parts += cn.Parts
	s.broken = mr.err
	return !stopped && !s.budget.bomb
}

// child returns the Source that reads the members of s's containers,
// with s's settings.
func (s *Source) child() *Source {
	if s.sub == nil {
		s.sub = &Source{kind: s.kind, forced: s.forced, noLines: s.noLines, opts: s.opts, limits: s.limits}
	}
	c := s.sub
	c.budget, c.onMember, c.lasting = s.budget, s.onMember, s.lasting
	c.counts, c.inMail = mail.Counts{}, false
	return c
}

// lim returns s's limits, with their defaults.
func (s *Source) lim() Limits { return s.limits.orDefaults() }
