module github.com/urlsift/urlsift

go 1.26.0

require github.com/sebdah/goldie/v2 v2.8.0

require (
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/sergi/go-diff v1.0.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
