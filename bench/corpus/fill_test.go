package corpus_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// The filler builds random values of a Go type, as a program would hold
// them, to see what encoding/json writes for them: pointers are nil about
// a third of the time, slices and maps nil, empty or filled, fields zero
// now and then, named types with constants one of their constants or
// their zero value, and the types with marshalers of their own valid
// values (the values their constructors and parsers give). Unlike the
// filler of generator/property_test.go it does not steer clear of what
// the schema is known to refuse: it builds what a tool may return.

// filler holds one value's random state.
type filler struct {
	r      *rand.Rand
	consts map[string][]reflect.Value // by "pkgpath.Name"
	// budget bounds the values built for one root value, so that stripe's
	// graphs of objects stay a few thousand values; past it pointers are
	// nil and slices and maps nil or empty.
	budget   int
	maxDepth int
	// nilElems lets elements of slices and values of maps be nil
	// pointers, which encoding/json writes as null. Off, they are never
	// nil, as in generator/property_test.go: no API's JSON decodes to
	// them and code that builds slices appends real values.
	nilElems bool
	// constsOnly fills the named types that have constants with one of
	// them, never another value (their zero value, say).
	constsOnly bool
}

// hasConsts reports whether t is a named type with constants.
func (f *filler) hasConsts(t reflect.Type) bool { return len(f.consts[typeKey(t)]) > 0 }

func (f *filler) chance(p float64) bool { return f.r.Float64() < p }

func pick[T any](f *filler, xs ...T) T { return xs[f.r.IntN(len(xs))] }

var (
	tBigInt       = reflect.TypeFor[big.Int]()
	tBigFloat     = reflect.TypeFor[big.Float]()
	tBigRat       = reflect.TypeFor[big.Rat]()
	tURL          = reflect.TypeFor[url.URL]()
	tUserinfo     = reflect.TypeFor[url.Userinfo]()
	tAddr         = reflect.TypeFor[netip.Addr]()
	tPrefix       = reflect.TypeFor[netip.Prefix]()
	tAddrPort     = reflect.TypeFor[netip.AddrPort]()
	tTime         = reflect.TypeFor[time.Time]()
	tDuration     = reflect.TypeFor[time.Duration]()
	tNumber       = reflect.TypeFor[json.Number]()
	tRaw          = reflect.TypeFor[json.RawMessage]()
	tMetaTime     = reflect.TypeFor[metav1.Time]()
	tMicroTime    = reflect.TypeFor[metav1.MicroTime]()
	tMetaDuration = reflect.TypeFor[metav1.Duration]()
	tIntOrString  = reflect.TypeFor[intstr.IntOrString]()
	tQuantity     = reflect.TypeFor[resource.Quantity]()
	tFieldsV1     = reflect.TypeFor[metav1.FieldsV1]()
	tPaymentSrc   = reflect.TypeFor[stripe.PaymentSource]()
	tUnstructured = reflect.TypeFor[unstructured.Unstructured]()
	tRawExtension = reflect.TypeFor[runtime.RawExtension]()
)

// value returns a random value of t, a root: a pointer root is never nil
// (a tool that returns nil, nil is not what this measures), the rest
// follows the rules above.
func (f *filler) value(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	if t.Kind() == reflect.Pointer {
		v.Set(reflect.New(t.Elem()))
		f.fill(v.Elem(), 0)
		return v
	}
	f.fill(v, 0)
	return v
}

// fill sets v, settable, to a random value of its type.
func (f *filler) fill(v reflect.Value, depth int) {
	f.budget--
	t := v.Type()
	if f.special(v, t) {
		return
	}
	exhausted := f.budget <= 0 || depth >= f.maxDepth
	switch t.Kind() {
	case reflect.Pointer:
		if exhausted || f.chance(1.0/3) {
			return // nil
		}
		v.Set(reflect.New(t.Elem()))
		f.fill(v.Elem(), depth+1)
	case reflect.Struct:
		if depth > 0 && f.chance(0.05) && !f.constsOnly {
			return // the zero value
		}
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() && !sf.Anonymous {
				continue
			}
			if sf.Tag.Get("json") == "-" {
				continue
			}
			fv := v.Field(i)
			if !fv.CanSet() {
				continue
			}
			if f.bounded(fv, sf.Tag.Get("jsonschema")) {
				continue
			}
			if f.chance(0.1) && !(f.constsOnly && f.hasConsts(fv.Type())) {
				continue // a zero field
			}
			f.fill(fv, depth+1)
		}
	case reflect.Slice:
		switch {
		case f.chance(0.25):
			return // nil
		case exhausted || f.chance(0.2):
			v.Set(reflect.MakeSlice(t, 0, 0))
			return
		}
		if t.Elem().Kind() == reflect.Uint8 {
			b := make([]byte, f.r.IntN(24))
			for i := range b {
				b[i] = byte(f.r.IntN(256))
			}
			v.Set(reflect.ValueOf(b).Convert(t))
			return
		}
		n := 1 + f.r.IntN(3)
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			f.elem(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		switch {
		case f.chance(0.25):
			return // nil
		case exhausted || f.chance(0.2):
			v.Set(reflect.MakeMap(t))
			return
		}
		m := reflect.MakeMap(t)
		for range 1 + f.r.IntN(3) {
			k := reflect.New(t.Key()).Elem()
			f.fill(k, depth+1)
			e := reflect.New(t.Elem()).Elem()
			f.elem(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Interface:
		if t.NumMethod() == 0 && !f.chance(0.2) {
			if x := f.anyValue(depth); x != nil {
				v.Set(reflect.ValueOf(x))
			}
		}
		// Other interfaces stay nil: what could fill them is unknown.
	case reflect.String:
		if cs := f.consts[typeKey(t)]; len(cs) > 0 {
			if f.constsOnly || !f.chance(0.15) {
				v.Set(pick(f, cs...).Convert(t))
			}
			return
		}
		v.SetString(f.str())
	case reflect.Bool:
		v.SetBool(f.chance(0.5))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if cs := f.consts[typeKey(t)]; len(cs) > 0 && t != tDuration {
			if f.constsOnly || !f.chance(0.15) {
				v.Set(pick(f, cs...).Convert(t))
			}
			return
		}
		v.SetInt(f.signed(t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if cs := f.consts[typeKey(t)]; len(cs) > 0 {
			if f.constsOnly || !f.chance(0.15) {
				v.Set(pick(f, cs...).Convert(t))
			}
			return
		}
		v.SetUint(f.unsigned(t.Bits()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f.float(t.Bits()))
	default:
		// complex, chan, func, unsafe.Pointer: left zero; encoding/json
		// refuses them, which the marshal step counts.
	}
}

// elem fills an element of a slice or a value of a map: a pointer is
// never nil unless nilElems.
func (f *filler) elem(v reflect.Value, depth int) {
	if v.Kind() != reflect.Pointer || f.nilElems {
		f.fill(v, depth)
		return
	}
	f.budget--
	v.Set(reflect.New(v.Type().Elem()))
	f.fill(v.Elem(), depth+1)
}

// bounded fills an integer field whose jsonschema tag bounds it with a
// value within the bounds, and reports whether it did. The corpus's tags
// use no other keyword that constrains values.
func (f *filler) bounded(v reflect.Value, tag string) bool {
	if tag == "" || !v.CanInt() {
		return false
	}
	lo, hi := int64(-1000), int64(1000)
	found := false
	for _, kw := range strings.Split(tag, ",") {
		k, val, _ := strings.Cut(kw, "=")
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "minimum":
			lo, found = n, true
		case "maximum":
			hi, found = n, true
		}
	}
	if !found {
		return false
	}
	if hi < lo {
		hi = lo
	}
	v.SetInt(lo + f.r.Int64N(hi-lo+1))
	return true
}

// typeKey is the key of a named type in the constants: "pkgpath.Name".
func typeKey(t reflect.Type) string {
	if t.Name() == "" {
		return ""
	}
	return t.PkgPath() + "." + t.Name()
}

// special fills the types with JSON forms of their own with valid values,
// and reports whether t is one of them.
func (f *filler) special(v reflect.Value, t reflect.Type) bool {
	zero := f.chance(0.12)
	switch t {
	case tBigInt:
		if !zero {
			v.Set(reflect.ValueOf(*f.bigInt()))
		}
	case tBigFloat:
		if !zero {
			x, _, err := big.ParseFloat(f.bigInt().String()+pick(f, "", ".5", ".125", "e-7", "e+300", "e-300", "e+5000"), 10, uint(pick(f, 24, 53, 64, 200)), big.ToNearestEven)
			if err != nil {
				panic(err)
			}
			v.Set(reflect.ValueOf(*x))
		}
	case tBigRat:
		if !zero {
			d := f.bigInt()
			if d.Sign() == 0 {
				d.SetInt64(1)
			}
			v.Set(reflect.ValueOf(*new(big.Rat).SetFrac(f.bigInt(), d)))
		}
	case tURL:
		if !zero {
			v.Set(reflect.ValueOf(*f.url()))
		}
	case tUserinfo:
		// Its fields are unexported; encoding/json writes {}.
	case tAddr:
		if !zero {
			v.Set(reflect.ValueOf(f.addr()))
		}
	case tPrefix:
		if !zero {
			a := f.addr()
			p := netip.PrefixFrom(a, f.r.IntN(a.BitLen()+1))
			if f.chance(0.5) {
				p = p.Masked()
			}
			v.Set(reflect.ValueOf(p))
		}
	case tAddrPort:
		if !zero {
			v.Set(reflect.ValueOf(netip.AddrPortFrom(f.addr(), uint16(f.r.IntN(65536)))))
		}
	case tTime:
		if !zero {
			v.Set(reflect.ValueOf(f.time()))
		}
	case tDuration:
		v.SetInt(f.signed(64))
	case tNumber:
		if !zero {
			v.SetString(pick(f, "0", "-12", "3.25", "1e10", "-0.5E-3", "12345678901234567890", "7"))
		}
	case tRaw:
		if !zero {
			b, err := json.Marshal(f.anyValue(2))
			if err != nil {
				panic(err)
			}
			v.SetBytes(b)
		}
	case tMetaTime:
		if !f.chance(0.3) {
			v.Set(reflect.ValueOf(metav1.NewTime(f.time())))
		}
	case tMicroTime:
		if !f.chance(0.3) {
			v.Set(reflect.ValueOf(metav1.NewMicroTime(f.time())))
		}
	case tMetaDuration:
		v.Set(reflect.ValueOf(metav1.Duration{Duration: time.Duration(f.signed(64))}))
	case tIntOrString:
		if f.chance(0.5) {
			v.Set(reflect.ValueOf(intstr.FromInt32(int32(f.signed(32)))))
		} else {
			v.Set(reflect.ValueOf(intstr.FromString(pick(f, "http", "80%", "25%", "", "metrics-"+f.word()))))
		}
	case tQuantity:
		if !zero {
			v.Set(reflect.ValueOf(resource.MustParse(pick(f, "0", "1", "100m", "1.5", "2Gi", "500Mi", "1e3", "-5", "0.001", "1k", "12345678901234567890", "250M", "3Ti"))))
		}
	case tFieldsV1:
		if !f.chance(0.2) {
			fv := metav1.FieldsV1{}
			fv.SetRawString(pick(f, `{}`, `{"f:metadata":{"f:labels":{"f:app":{}}}}`, `{"f:spec":{"f:replicas":{},"f:template":{".":{}}}}`))
			v.Set(reflect.ValueOf(fv))
		}
	case tUnstructured:
		// Its MarshalJSON refuses an object without a kind.
		obj := map[string]any{
			"apiVersion": pick(f, "v1", "apps/v1", "example.com/v1alpha1"),
			"kind":       pick(f, "ConfigMap", "Deployment", "Widget"),
			"metadata":   map[string]any{"name": f.word(), "namespace": "default"},
		}
		if !f.chance(0.3) {
			obj["spec"] = f.anyValue(1)
		}
		v.Set(reflect.ValueOf(unstructured.Unstructured{Object: obj}))
	case tRawExtension:
		if !zero {
			b, err := json.Marshal(map[string]any{"apiVersion": "v1", "kind": "Pod", "spec": f.anyValue(1)})
			if err != nil {
				panic(err)
			}
			v.Set(reflect.ValueOf(runtime.RawExtension{Raw: b}))
		}
	case tPaymentSrc:
		// Its MarshalJSON dereferences the member its Type names.
		f.budget -= 50
		var ps stripe.PaymentSource
		ps.ID = "src_" + f.word()
		switch f.r.IntN(3) {
		case 0:
			ps.Type = stripe.PaymentSourceTypeCard
			ps.Card = &stripe.Card{}
			f.fill(reflect.ValueOf(ps.Card).Elem(), f.maxDepth-1)
		case 1:
			ps.Type = stripe.PaymentSourceTypeBankAccount
			ps.BankAccount = &stripe.BankAccount{}
			f.fill(reflect.ValueOf(ps.BankAccount).Elem(), f.maxDepth-1)
		default:
			ps.Type = stripe.PaymentSourceTypeAccount
		}
		v.Set(reflect.ValueOf(ps))
	default:
		return false
	}
	return true
}

// bigInt returns a random integer: small, 64-bit, or huge, either sign.
func (f *filler) bigInt() *big.Int {
	x := new(big.Int)
	switch f.r.IntN(4) {
	case 0:
		x.SetInt64(int64(f.r.IntN(2001) - 1000))
	case 1:
		x.SetInt64(f.signed(64))
	case 2:
		// Beyond 64 bits, within a float64's range.
		x.Lsh(big.NewInt(int64(1+f.r.IntN(1000))), uint(64+f.r.IntN(200)))
	default:
		// Huge: hundreds of digits, beyond a float64.
		x.Exp(big.NewInt(10), big.NewInt(int64(300+f.r.IntN(200))), nil)
		x.Add(x, big.NewInt(int64(f.r.IntN(1000))))
	}
	if f.chance(0.4) {
		x.Neg(x)
	}
	return x
}

func (f *filler) url() *url.URL {
	u := &url.URL{Scheme: pick(f, "https", "http", "ftp", "mailto", "")}
	if u.Scheme == "mailto" {
		u.Opaque = f.word() + "@example.com"
	} else {
		u.Host = pick(f, "example.com", "localhost:8080", "[::1]:443", "", "xn--bcher-kva.example")
		u.Path = pick(f, "", "/", "/"+f.word(), "/a b/ç")
		if f.chance(0.2) {
			u.RawPath = strings.ReplaceAll(u.Path, " ", "%20")
		}
		u.OmitHost = f.chance(0.1)
	}
	if f.chance(0.4) {
		u.RawQuery = "q=" + f.word() + "&n=1"
	}
	u.ForceQuery = f.chance(0.1)
	if f.chance(0.3) {
		u.Fragment = f.word()
		if f.chance(0.3) {
			u.RawFragment = u.Fragment
		}
	}
	if f.chance(0.2) {
		u.User = url.UserPassword(f.word(), f.word())
	}
	return u
}

func (f *filler) addr() netip.Addr {
	switch f.r.IntN(4) {
	case 0:
		return netip.AddrFrom4([4]byte{byte(f.r.IntN(256)), byte(f.r.IntN(256)), byte(f.r.IntN(256)), byte(f.r.IntN(256))})
	case 1:
		var b [16]byte
		for i := range b {
			b[i] = byte(f.r.IntN(256))
		}
		return netip.AddrFrom16(b)
	case 2:
		// No zone ("fe80::1%eth0"): docs/schemas.md says it is outside the schema.
		return netip.MustParseAddr(pick(f, "::1", "::ffff:10.0.0.1", "fe80::1", "127.0.0.1"))
	default:
		return netip.MustParseAddr("192.168.1.1")
	}
}

// time returns a time that encoding/json can write: years 1 to 9998, any
// nanosecond, in UTC or a fixed zone.
func (f *filler) time() time.Time {
	const lo, hi = -62135596800 + 86400, 253370764800 // 0001-01-02 to 9998-12-31
	sec := lo + f.r.Int64N(hi-lo)
	if f.chance(0.5) {
		sec = 1500000000 + f.r.Int64N(500000000) // around now
	}
	t := time.Unix(sec, f.r.Int64N(1e9))
	switch f.r.IntN(3) {
	case 0:
		return t.UTC()
	case 1:
		return t.In(time.FixedZone("IST", 5*3600+1800))
	default:
		return t.In(time.FixedZone("PST", -8*3600))
	}
}

func (f *filler) word() string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 1+f.r.IntN(8))
	for i := range b {
		b[i] = letters[f.r.IntN(len(letters))]
	}
	return string(b)
}

// str returns a random string: empty, a word, text with escapes, Unicode,
// or bytes that are not UTF-8 (which encoding/json writes as U+FFFD).
func (f *filler) str() string {
	switch f.r.IntN(8) {
	case 0:
		return ""
	case 1:
		return "quote \" backslash \\ tab \t <tag> & nl\n"
	case 2:
		return "héllo wörld ✓ 日本 🎉"
	case 3:
		return "bad \xff utf8"
	default:
		return f.word()
	}
}

func (f *filler) signed(bits int) int64 {
	max := int64(1)<<(bits-1) - 1
	min := -max - 1
	switch f.r.IntN(6) {
	case 0:
		return 0
	case 1:
		return min
	case 2:
		return max
	case 3:
		return f.r.Int64N(201) - 100
	default:
		if bits == 64 {
			return int64(f.r.Uint64())
		}
		return f.r.Int64N(max-min+1) + min
	}
}

func (f *filler) unsigned(bits int) uint64 {
	max := uint64(1)<<bits - 1
	if bits == 64 {
		max = math.MaxUint64
	}
	switch f.r.IntN(5) {
	case 0:
		return 0
	case 1:
		return max
	case 2:
		return uint64(f.r.IntN(101))
	default:
		if bits == 64 {
			return f.r.Uint64()
		}
		return f.r.Uint64N(max + 1)
	}
}

func (f *filler) float(bits int) float64 {
	switch f.r.IntN(6) {
	case 0:
		return 0
	case 1:
		return float64(f.r.IntN(2001) - 1000)
	case 2:
		if bits == 32 {
			return float64(float32(math.MaxFloat32))
		}
		return -1.5e300
	case 3:
		return 1e-300 * float64(bits/32) // 0 for float32 stays exact
	default:
		x := (f.r.Float64() - 0.5) * 1e6
		if bits == 32 {
			return float64(float32(x))
		}
		return x
	}
}

// anyValue returns a random JSON value as encoding/json decodes one into
// an any.
func (f *filler) anyValue(depth int) any {
	n := 6
	if depth >= 3 {
		n = 4
	}
	switch f.r.IntN(n) {
	case 0:
		return nil
	case 1:
		return f.chance(0.5)
	case 2:
		return f.float(64)
	case 3:
		return f.str()
	case 4:
		xs := make([]any, f.r.IntN(3))
		for i := range xs {
			xs[i] = f.anyValue(depth + 1)
		}
		return xs
	default:
		m := map[string]any{}
		for range f.r.IntN(3) {
			m[f.word()] = f.anyValue(depth + 1)
		}
		return m
	}
}

// marshal is json.Marshal with a panic in a MarshalJSON method reported as
// an error.
func marshal(v any) (b []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return json.Marshal(v)
}
