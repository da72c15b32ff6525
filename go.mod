module github.com/urlsift/urlsift

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/sebdah/goldie/v2 v2.8.0
	github.com/spf13/pflag v1.1.0
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/sergi/go-diff v1.0.0 // indirect
)
