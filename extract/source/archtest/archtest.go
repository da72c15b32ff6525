// Package archtest builds tar, zip and gzip archives in memory for the
// tests of the packages that read them.
package archtest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// Entry is a file of an archive built in a test.
type Entry struct {
	Name, Body string
	Type       byte // for a tar: tar.TypeReg when 0
	Link       string
}

// Tar returns a tar archive of files.
func Tar(t testing.TB, files ...Entry) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, f := range files {
		h := &tar.Header{Name: f.Name, Size: int64(len(f.Body)), Mode: 0o644, Typeflag: f.Type, Linkname: f.Link}
		switch f.Type {
		case 0:
			h.Typeflag = tar.TypeReg
		case tar.TypeDir, tar.TypeSymlink:
			h.Size = 0
		case tar.TypeXGlobalHeader:
			h = &tar.Header{Typeflag: f.Type, PAXRecords: map[string]string{"comment": f.Body}}
		}
		if err := w.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			io.WriteString(w, f.Body)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Zip returns a zip archive of files, deflated.
func Zip(t testing.TB, files ...Entry) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, f := range files {
		fw, err := w.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(fw, f.Body)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Gzip returns b compressed with gzip.
func Gzip(b []byte) []byte {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	w.Close()
	return z.Bytes()
}
