module github.com/gamewire/gamewire

go 1.24
