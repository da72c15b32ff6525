package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
)

// startProgress shows a bar on w until the returned function is called.
func startProgress(w io.Writer, total int64, files int, read, done *atomic.Int64) func() {
	bar := progressbar.NewOptions64(max(total, 1),
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			bar.Describe(fmt.Sprintf("files %d/%d", done.Load(), files))
			bar.Set64(read.Load())
			select {
			case <-quit:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(quit)
		wg.Wait()
		bar.Describe(fmt.Sprintf("files %d/%d", done.Load(), files))
		bar.Finish()
	}
}
