package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"cloud.google.com/go/storage"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/urlsift/urlsift/extract/source"
)

// remote says whether path names a file of a file system other than the
// local one ("gs://bucket/x").
func remote(path string) bool { return strings.Contains(path, "://") }

// expand turns a pattern into files. A local pattern is a glob, and a
// directory it matches is walked as the command walks it (source.Files);
// a remote one is listed by Beam's file system for its scheme.
func expand(ctx context.Context, pattern string) ([]source.File, error) {
	if !remote(pattern) {
		names, err := filepath.Glob(pattern)
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			names = []string{pattern} // read, to say why it cannot be
		}
		var files []source.File
		for _, n := range names {
			for f := range source.Files(n) {
				files = append(files, f)
			}
		}
		return files, nil
	}
	fsys, err := filesystem.New(ctx, pattern)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	names, err := fsys.List(ctx, pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no file matches", pattern)
	}
	files := make([]source.File, len(names))
	for i, n := range names {
		files[i] = source.File{Path: n, Size: -1}
		files[i].Size, files[i].Err = fsys.Size(ctx, n)
	}
	return files, nil
}

// openFile opens a file whole, through Beam's file system for it.
func openFile(ctx context.Context, path string) (io.ReadCloser, error) {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	return fsys.OpenRead(ctx, path)
}

// openWhole opens the file of u, which is read whole: at offsets when
// its size is known, as a zip archive is read (source.Source.Each), else
// as a stream.
func openWhole(ctx context.Context, u unit) (io.ReadCloser, error) {
	if u.Size < 0 {
		return openFile(ctx, u.Path)
	}
	ra, err := openAt(ctx, u.Path)
	if err != nil {
		return nil, err
	}
	return sectionCloser{io.NewSectionReader(ra, 0, u.Size), ra}, nil
}

// sectionCloser is a file read whole through a section of it, which can
// also be read at offsets, and its Size told.
type sectionCloser struct {
	*io.SectionReader
	io.Closer
}

// readerAt is a file read at offsets: a local file, or a remote one read
// by ranges, one stream at a time, reopened only when a read does not
// follow the last one.
type readerAt interface {
	io.ReaderAt
	io.Closer
}

// openAt opens a file for reads at offsets: what Beam's file system
// opens when it reads at offsets (a local file), else a stream of ranges.
func openAt(ctx context.Context, path string) (readerAt, error) {
	if !remote(path) {
		r, err := openFile(ctx, path)
		if ra, ok := r.(readerAt); ok || err != nil {
			return ra, err
		}
		r.Close()
	}
	open, err := ranger(ctx, path)
	if err != nil {
		return nil, err
	}
	return &stream{open: open}, nil
}

// ranger returns how to read path from an offset on: gs:// and s3://
// with ranged requests; any other file system by reading from the start
// and dropping what comes before the offset.
func ranger(ctx context.Context, path string) (func(off int64) (io.ReadCloser, error), error) {
	scheme, rest, _ := strings.Cut(path, "://")
	bucket, key, _ := strings.Cut(rest, "/")
	switch scheme {
	case "gs":
		client, err := gcsClient()
		if err != nil {
			return nil, err
		}
		obj := client.Bucket(bucket).Object(key)
		return func(off int64) (io.ReadCloser, error) { return obj.NewRangeReader(ctx, off, -1) }, nil
	case "s3":
		client, err := s3Client()
		if err != nil {
			return nil, err
		}
		return func(off int64) (io.ReadCloser, error) {
			out, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key),
				Range: aws.String(fmt.Sprintf("bytes=%d-", off))})
			if err != nil {
				return nil, err
			}
			return out.Body, nil
		}, nil
	}
	return func(off int64) (io.ReadCloser, error) {
		r, err := openFile(ctx, path)
		if err != nil {
			return nil, err
		}
		if _, err := io.CopyN(io.Discard, r, off); err != nil {
			r.Close()
			return nil, err
		}
		return r, nil
	}, nil
}

var (
	gcsClient = sync.OnceValues(func() (*storage.Client, error) { return storage.NewClient(context.Background()) })
	s3Client  = sync.OnceValues(func() (*s3.Client, error) {
		cfg, err := awsconfig.LoadDefaultConfig(context.Background())
		if err != nil {
			return nil, err
		}
		return s3.NewFromConfig(cfg), nil
	})
)

// stream reads a remote file at offsets through one open stream.
type stream struct {
	open func(off int64) (io.ReadCloser, error)
	r    io.ReadCloser
	at   int64 // the offset of r's next byte
}

func (s *stream) ReadAt(p []byte, off int64) (int, error) {
	if s.r == nil || off != s.at {
		s.Close()
		r, err := s.open(off)
		if err != nil {
			return 0, err
		}
		s.r, s.at = r, off
	}
	n, err := io.ReadFull(s.r, p)
	s.at += int64(n)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = io.EOF
	}
	return n, err
}

func (s *stream) Close() error {
	if s.r == nil {
		return nil
	}
	err := s.r.Close()
	s.r = nil
	return err
}

// createFile creates a file of the output, on any file system.
func createFile(ctx context.Context, path string) (io.WriteCloser, error) {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	return fsys.OpenWrite(ctx, path)
}
