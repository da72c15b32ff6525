module github.com/urlsift/urlsift

go 1.24
