package schema_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
)

// TestParseNumberBounds checks the syntax pass's bounds on numbers: an
// integer is taken as written up to 1,024 digits (a big.Int may hold it),
// a number with a fraction or an exponent up to 128 characters.
func TestParseNumberBounds(t *testing.T) {
	big := strings.Repeat("9", 1000)
	v, err := schema.Parse([]byte(big))
	require.NoError(t, err)
	assert.Equal(t, json.Number(big), v)

	_, err = schema.Parse([]byte(strings.Repeat("9", 1025)))
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.ErrorContains(t, err, "number longer than 128 characters (1024 for an integer)")

	_, err = schema.Parse([]byte("0." + strings.Repeat("1", 127)))
	assert.ErrorContains(t, err, "number longer than 128 characters")

	_, err = schema.Parse([]byte("1e999"))
	assert.ErrorContains(t, err, "number out of range")
}
