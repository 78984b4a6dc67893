package jsonout

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// FuzzAppendString compares AppendString and AppendQuotedString with
// json.Marshal on any string, valid UTF-8 or not.
func FuzzAppendString(f *testing.F) {
	for _, s := range stringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q):\n got %s\nwant %s", s, got, want)
		}
		want, err = json.Marshal(quoted{S: s})
		if err != nil {
			t.Fatal(err)
		}
		got := append([]byte(`{"S":`), AppendQuotedString(nil, s)...)
		got = append(got, `,"I":"0","U":"0","F":"0","F3":"0","B":"false","N":"0","P":null}`...)
		if !bytes.Equal(got, want) {
			t.Fatalf("AppendQuotedString(%q):\n got %s\nwant %s", s, got, want)
		}
	})
}

// FuzzAppendFloat compares AppendFloat with json.Marshal on every float64
// bit pattern, as a float64 and rounded to float32.
func FuzzAppendFloat(f *testing.F) {
	for _, x := range floatCases {
		f.Add(math.Float64bits(x))
		f.Add(uint64(math.Float32bits(float32(x))))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		check := func(bits int, v any, x float64) {
			want, wantErr := json.Marshal(v)
			got, err := AppendFloat(nil, x, bits)
			if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("AppendFloat(%v, %d): error %v, json.Marshal's %v", x, bits, err, wantErr)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("AppendFloat(%v, %d):\n got %s\nwant %s", x, bits, got, want)
			}
		}
		check(64, x, x)
		check(32, float32(x), float64(float32(x)))
		// The low 32 bits as a float32's bits, so that every float32 is
		// reached directly.
		x32 := math.Float32frombits(uint32(bits))
		check(32, x32, float64(x32))
	})
}

// FuzzAppendMarshalJSON compares the compaction of a MarshalJSON result
// with json.Marshal's, on any bytes.
func FuzzAppendMarshalJSON(f *testing.F) {
	for _, s := range marshalerCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := marshaler{b: s}
		want, wantErr := json.Marshal(m)
		got, err := AppendMarshalJSON(nil, m)
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("%q: error %v, json.Marshal's %v", s, err, wantErr)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%q:\n got %s\nwant %s", s, got, want)
		}
	})
}

// FuzzAppendFloatDecimal compares AppendFloat with json.Marshal on the
// floats nearest to n/10^k and their neighbours, which AppendFloat writes
// without strconv when it can.
func FuzzAppendFloatDecimal(f *testing.F) {
	f.Add(int64(653), uint8(1))
	f.Add(int64(6422), uint8(2))
	f.Add(int64(-5), uint8(7))
	f.Add(int64(999999999999999), uint8(3))
	f.Add(int64(16777217), uint8(0))
	f.Fuzz(func(t *testing.T, n int64, k uint8) {
		p := math.Pow(10, float64(k%24))
		for _, x := range []float64{float64(n) / p, float64(float32(n) / float32(p))} {
			for _, y := range []float64{x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1))} {
				for _, bits := range []int{64, 32} {
					var v any = y
					if bits == 32 {
						v = float32(y)
					}
					want, wantErr := json.Marshal(v)
					got, err := AppendFloat(nil, y, bits)
					if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
						t.Fatalf("AppendFloat(%v, %d):\n got %s, %v\nwant %s, %v", y, bits, got, err, want, wantErr)
					}
				}
			}
		}
	})
}
