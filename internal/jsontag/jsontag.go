// Package jsontag holds the rules of encoding/json's struct tags that both
// the generator (the schemas, decoders and encoders it writes) and the
// runtime (its check of key case) must apply exactly as encoding/json does.
package jsontag

import (
	"strings"
	"unicode"
)

// ValidName reports whether encoding/json accepts name, from a json tag, as
// a field's JSON name (isValidTag in encoding/json/encode.go); when it does
// not, encoding/json uses the Go field name.
func ValidName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
			// Backslash and quote chars are reserved, but otherwise any
			// punctuation chars are allowed in a tag name.
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
