package runtime

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

type sfInner struct {
	URL struct {
		A int `json:"a"`
	} `json:"url"`
	Shared string
	Deep   string
}

type sfOther struct {
	Shared string
	Deep   string
}

type sfOuter struct {
	sfInner
	sfOther
	URL   map[string]int `json:"url"`
	Bad   string         `json:"a\\b"`
	Plain int
}

type sfTwice struct {
	A sfOther `json:"a"`
	sfOther
	Tagged string `json:"Deep"`
}

// TestStructFieldsAgreesWithEncodingJSON resolves names as encoding/json
// does: the shallowest field wins, a tie is dropped, a tagged field beats
// an untagged one at the same depth, an invalid tag name is ignored.
func TestStructFieldsAgreesWithEncodingJSON(t *testing.T) {
	got := structFields(reflect.TypeFor[sfOuter]())
	assert.Equal(t, reflect.TypeFor[map[string]int](), got["url"], "the outer url shadows the embedded one")
	assert.NotContains(t, got, "Shared", "a tie at the same depth is dropped")
	assert.NotContains(t, got, "Deep")
	assert.Contains(t, got, "Bad", "an invalid tag name falls back to the field name")
	assert.Contains(t, got, "Plain")

	// encoding/json itself: marshal a value and compare the keys.
	data, err := json.Marshal(sfOuter{URL: map[string]int{}})
	assert.NoError(t, err)
	var keys map[string]any
	assert.NoError(t, json.Unmarshal(data, &keys))
	for k := range keys {
		assert.Contains(t, got, k)
	}
	assert.Len(t, got, len(keys))

	twice := structFields(reflect.TypeFor[sfTwice]())
	assert.Equal(t, reflect.TypeFor[string](), twice["Deep"], "a tagged field at depth 0 wins")
	assert.Equal(t, reflect.TypeFor[string](), twice["Shared"])
}

// TestCheckKeysFollowsTheShadowingField is the generator's differential
// soak finding (seed 503): a valid input was rejected because the key
// check looked in the shadowed embedded field.
func TestCheckKeysFollowsTheShadowingField(t *testing.T) {
	var v any
	assert.NoError(t, json.Unmarshal([]byte(`{"url":{"key0":1}}`), &v))
	assert.NoError(t, checkKeys(v, reflect.TypeFor[sfOuter](), ""))
}
