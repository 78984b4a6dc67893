module vettest

go 1.26.0

require github.com/toolgen-go/toolgen v0.0.0

replace github.com/toolgen-go/toolgen => ../../..

tool github.com/toolgen-go/toolgen/cmd/toolgen-vet
