package tools100

import (
	"context"
	"time"
)

// Level is how loud a thing is.
type Level string

// The levels.
const (
	// Quiet is quiet.
	Quiet Level = "quiet"
	// Loud is loud.
	Loud Level = "loud"
)

// Shared is used by every tool.
type Shared struct {
	// When is a time.
	When time.Time `json:"when"`
	// Tags label it.
	Tags []string `json:"tags,omitempty"`
}

// In0 is the input of tool 0.
type In0 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out0 is the output of tool 0.
type Out0 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool0 does thing number 0.
//
//tool:tool-0 readonly
func Tool0(ctx context.Context, in In0) (Out0, error) {
	return Out0{OK: in.Name != "", Items: []Shared{}}, nil
}

// In1 is the input of tool 1.
type In1 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out1 is the output of tool 1.
type Out1 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool1 does thing number 1.
//
//tool:tool-1 readonly
func Tool1(ctx context.Context, in In1) (Out1, error) {
	return Out1{OK: in.Name != "", Items: []Shared{}}, nil
}

// In2 is the input of tool 2.
type In2 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out2 is the output of tool 2.
type Out2 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool2 does thing number 2.
//
//tool:tool-2 readonly
func Tool2(ctx context.Context, in In2) (Out2, error) {
	return Out2{OK: in.Name != "", Items: []Shared{}}, nil
}

// In3 is the input of tool 3.
type In3 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out3 is the output of tool 3.
type Out3 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool3 does thing number 3.
//
//tool:tool-3 readonly
func Tool3(ctx context.Context, in In3) (Out3, error) {
	return Out3{OK: in.Name != "", Items: []Shared{}}, nil
}

// In4 is the input of tool 4.
type In4 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out4 is the output of tool 4.
type Out4 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool4 does thing number 4.
//
//tool:tool-4 readonly
func Tool4(ctx context.Context, in In4) (Out4, error) {
	return Out4{OK: in.Name != "", Items: []Shared{}}, nil
}

// In5 is the input of tool 5.
type In5 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out5 is the output of tool 5.
type Out5 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool5 does thing number 5.
//
//tool:tool-5 readonly
func Tool5(ctx context.Context, in In5) (Out5, error) {
	return Out5{OK: in.Name != "", Items: []Shared{}}, nil
}

// In6 is the input of tool 6.
type In6 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out6 is the output of tool 6.
type Out6 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool6 does thing number 6.
//
//tool:tool-6 readonly
func Tool6(ctx context.Context, in In6) (Out6, error) {
	return Out6{OK: in.Name != "", Items: []Shared{}}, nil
}

// In7 is the input of tool 7.
type In7 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out7 is the output of tool 7.
type Out7 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool7 does thing number 7.
//
//tool:tool-7 readonly
func Tool7(ctx context.Context, in In7) (Out7, error) {
	return Out7{OK: in.Name != "", Items: []Shared{}}, nil
}

// In8 is the input of tool 8.
type In8 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out8 is the output of tool 8.
type Out8 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool8 does thing number 8.
//
//tool:tool-8 readonly
func Tool8(ctx context.Context, in In8) (Out8, error) {
	return Out8{OK: in.Name != "", Items: []Shared{}}, nil
}

// In9 is the input of tool 9.
type In9 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out9 is the output of tool 9.
type Out9 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool9 does thing number 9.
//
//tool:tool-9 readonly
func Tool9(ctx context.Context, in In9) (Out9, error) {
	return Out9{OK: in.Name != "", Items: []Shared{}}, nil
}

// In10 is the input of tool 10.
type In10 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out10 is the output of tool 10.
type Out10 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool10 does thing number 10.
//
//tool:tool-10 readonly
func Tool10(ctx context.Context, in In10) (Out10, error) {
	return Out10{OK: in.Name != "", Items: []Shared{}}, nil
}

// In11 is the input of tool 11.
type In11 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out11 is the output of tool 11.
type Out11 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool11 does thing number 11.
//
//tool:tool-11 readonly
func Tool11(ctx context.Context, in In11) (Out11, error) {
	return Out11{OK: in.Name != "", Items: []Shared{}}, nil
}

// In12 is the input of tool 12.
type In12 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out12 is the output of tool 12.
type Out12 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool12 does thing number 12.
//
//tool:tool-12 readonly
func Tool12(ctx context.Context, in In12) (Out12, error) {
	return Out12{OK: in.Name != "", Items: []Shared{}}, nil
}

// In13 is the input of tool 13.
type In13 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out13 is the output of tool 13.
type Out13 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool13 does thing number 13.
//
//tool:tool-13 readonly
func Tool13(ctx context.Context, in In13) (Out13, error) {
	return Out13{OK: in.Name != "", Items: []Shared{}}, nil
}

// In14 is the input of tool 14.
type In14 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out14 is the output of tool 14.
type Out14 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool14 does thing number 14.
//
//tool:tool-14 readonly
func Tool14(ctx context.Context, in In14) (Out14, error) {
	return Out14{OK: in.Name != "", Items: []Shared{}}, nil
}

// In15 is the input of tool 15.
type In15 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out15 is the output of tool 15.
type Out15 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool15 does thing number 15.
//
//tool:tool-15 readonly
func Tool15(ctx context.Context, in In15) (Out15, error) {
	return Out15{OK: in.Name != "", Items: []Shared{}}, nil
}

// In16 is the input of tool 16.
type In16 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out16 is the output of tool 16.
type Out16 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool16 does thing number 16.
//
//tool:tool-16 readonly
func Tool16(ctx context.Context, in In16) (Out16, error) {
	return Out16{OK: in.Name != "", Items: []Shared{}}, nil
}

// In17 is the input of tool 17.
type In17 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out17 is the output of tool 17.
type Out17 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool17 does thing number 17.
//
//tool:tool-17 readonly
func Tool17(ctx context.Context, in In17) (Out17, error) {
	return Out17{OK: in.Name != "", Items: []Shared{}}, nil
}

// In18 is the input of tool 18.
type In18 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out18 is the output of tool 18.
type Out18 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool18 does thing number 18.
//
//tool:tool-18 readonly
func Tool18(ctx context.Context, in In18) (Out18, error) {
	return Out18{OK: in.Name != "", Items: []Shared{}}, nil
}

// In19 is the input of tool 19.
type In19 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out19 is the output of tool 19.
type Out19 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool19 does thing number 19.
//
//tool:tool-19 readonly
func Tool19(ctx context.Context, in In19) (Out19, error) {
	return Out19{OK: in.Name != "", Items: []Shared{}}, nil
}

// In20 is the input of tool 20.
type In20 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out20 is the output of tool 20.
type Out20 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool20 does thing number 20.
//
//tool:tool-20 readonly
func Tool20(ctx context.Context, in In20) (Out20, error) {
	return Out20{OK: in.Name != "", Items: []Shared{}}, nil
}

// In21 is the input of tool 21.
type In21 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out21 is the output of tool 21.
type Out21 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool21 does thing number 21.
//
//tool:tool-21 readonly
func Tool21(ctx context.Context, in In21) (Out21, error) {
	return Out21{OK: in.Name != "", Items: []Shared{}}, nil
}

// In22 is the input of tool 22.
type In22 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out22 is the output of tool 22.
type Out22 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool22 does thing number 22.
//
//tool:tool-22 readonly
func Tool22(ctx context.Context, in In22) (Out22, error) {
	return Out22{OK: in.Name != "", Items: []Shared{}}, nil
}

// In23 is the input of tool 23.
type In23 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out23 is the output of tool 23.
type Out23 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool23 does thing number 23.
//
//tool:tool-23 readonly
func Tool23(ctx context.Context, in In23) (Out23, error) {
	return Out23{OK: in.Name != "", Items: []Shared{}}, nil
}

// In24 is the input of tool 24.
type In24 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out24 is the output of tool 24.
type Out24 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool24 does thing number 24.
//
//tool:tool-24 readonly
func Tool24(ctx context.Context, in In24) (Out24, error) {
	return Out24{OK: in.Name != "", Items: []Shared{}}, nil
}

// In25 is the input of tool 25.
type In25 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out25 is the output of tool 25.
type Out25 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool25 does thing number 25.
//
//tool:tool-25 readonly
func Tool25(ctx context.Context, in In25) (Out25, error) {
	return Out25{OK: in.Name != "", Items: []Shared{}}, nil
}

// In26 is the input of tool 26.
type In26 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out26 is the output of tool 26.
type Out26 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool26 does thing number 26.
//
//tool:tool-26 readonly
func Tool26(ctx context.Context, in In26) (Out26, error) {
	return Out26{OK: in.Name != "", Items: []Shared{}}, nil
}

// In27 is the input of tool 27.
type In27 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out27 is the output of tool 27.
type Out27 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool27 does thing number 27.
//
//tool:tool-27 readonly
func Tool27(ctx context.Context, in In27) (Out27, error) {
	return Out27{OK: in.Name != "", Items: []Shared{}}, nil
}

// In28 is the input of tool 28.
type In28 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out28 is the output of tool 28.
type Out28 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool28 does thing number 28.
//
//tool:tool-28 readonly
func Tool28(ctx context.Context, in In28) (Out28, error) {
	return Out28{OK: in.Name != "", Items: []Shared{}}, nil
}

// In29 is the input of tool 29.
type In29 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out29 is the output of tool 29.
type Out29 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool29 does thing number 29.
//
//tool:tool-29 readonly
func Tool29(ctx context.Context, in In29) (Out29, error) {
	return Out29{OK: in.Name != "", Items: []Shared{}}, nil
}

// In30 is the input of tool 30.
type In30 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out30 is the output of tool 30.
type Out30 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool30 does thing number 30.
//
//tool:tool-30 readonly
func Tool30(ctx context.Context, in In30) (Out30, error) {
	return Out30{OK: in.Name != "", Items: []Shared{}}, nil
}

// In31 is the input of tool 31.
type In31 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out31 is the output of tool 31.
type Out31 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool31 does thing number 31.
//
//tool:tool-31 readonly
func Tool31(ctx context.Context, in In31) (Out31, error) {
	return Out31{OK: in.Name != "", Items: []Shared{}}, nil
}

// In32 is the input of tool 32.
type In32 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out32 is the output of tool 32.
type Out32 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool32 does thing number 32.
//
//tool:tool-32 readonly
func Tool32(ctx context.Context, in In32) (Out32, error) {
	return Out32{OK: in.Name != "", Items: []Shared{}}, nil
}

// In33 is the input of tool 33.
type In33 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out33 is the output of tool 33.
type Out33 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool33 does thing number 33.
//
//tool:tool-33 readonly
func Tool33(ctx context.Context, in In33) (Out33, error) {
	return Out33{OK: in.Name != "", Items: []Shared{}}, nil
}

// In34 is the input of tool 34.
type In34 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out34 is the output of tool 34.
type Out34 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool34 does thing number 34.
//
//tool:tool-34 readonly
func Tool34(ctx context.Context, in In34) (Out34, error) {
	return Out34{OK: in.Name != "", Items: []Shared{}}, nil
}

// In35 is the input of tool 35.
type In35 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out35 is the output of tool 35.
type Out35 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool35 does thing number 35.
//
//tool:tool-35 readonly
func Tool35(ctx context.Context, in In35) (Out35, error) {
	return Out35{OK: in.Name != "", Items: []Shared{}}, nil
}

// In36 is the input of tool 36.
type In36 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out36 is the output of tool 36.
type Out36 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool36 does thing number 36.
//
//tool:tool-36 readonly
func Tool36(ctx context.Context, in In36) (Out36, error) {
	return Out36{OK: in.Name != "", Items: []Shared{}}, nil
}

// In37 is the input of tool 37.
type In37 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out37 is the output of tool 37.
type Out37 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool37 does thing number 37.
//
//tool:tool-37 readonly
func Tool37(ctx context.Context, in In37) (Out37, error) {
	return Out37{OK: in.Name != "", Items: []Shared{}}, nil
}

// In38 is the input of tool 38.
type In38 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out38 is the output of tool 38.
type Out38 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool38 does thing number 38.
//
//tool:tool-38 readonly
func Tool38(ctx context.Context, in In38) (Out38, error) {
	return Out38{OK: in.Name != "", Items: []Shared{}}, nil
}

// In39 is the input of tool 39.
type In39 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out39 is the output of tool 39.
type Out39 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool39 does thing number 39.
//
//tool:tool-39 readonly
func Tool39(ctx context.Context, in In39) (Out39, error) {
	return Out39{OK: in.Name != "", Items: []Shared{}}, nil
}

// In40 is the input of tool 40.
type In40 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out40 is the output of tool 40.
type Out40 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool40 does thing number 40.
//
//tool:tool-40 readonly
func Tool40(ctx context.Context, in In40) (Out40, error) {
	return Out40{OK: in.Name != "", Items: []Shared{}}, nil
}

// In41 is the input of tool 41.
type In41 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out41 is the output of tool 41.
type Out41 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool41 does thing number 41.
//
//tool:tool-41 readonly
func Tool41(ctx context.Context, in In41) (Out41, error) {
	return Out41{OK: in.Name != "", Items: []Shared{}}, nil
}

// In42 is the input of tool 42.
type In42 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out42 is the output of tool 42.
type Out42 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool42 does thing number 42.
//
//tool:tool-42 readonly
func Tool42(ctx context.Context, in In42) (Out42, error) {
	return Out42{OK: in.Name != "", Items: []Shared{}}, nil
}

// In43 is the input of tool 43.
type In43 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out43 is the output of tool 43.
type Out43 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool43 does thing number 43.
//
//tool:tool-43 readonly
func Tool43(ctx context.Context, in In43) (Out43, error) {
	return Out43{OK: in.Name != "", Items: []Shared{}}, nil
}

// In44 is the input of tool 44.
type In44 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out44 is the output of tool 44.
type Out44 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool44 does thing number 44.
//
//tool:tool-44 readonly
func Tool44(ctx context.Context, in In44) (Out44, error) {
	return Out44{OK: in.Name != "", Items: []Shared{}}, nil
}

// In45 is the input of tool 45.
type In45 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out45 is the output of tool 45.
type Out45 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool45 does thing number 45.
//
//tool:tool-45 readonly
func Tool45(ctx context.Context, in In45) (Out45, error) {
	return Out45{OK: in.Name != "", Items: []Shared{}}, nil
}

// In46 is the input of tool 46.
type In46 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out46 is the output of tool 46.
type Out46 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool46 does thing number 46.
//
//tool:tool-46 readonly
func Tool46(ctx context.Context, in In46) (Out46, error) {
	return Out46{OK: in.Name != "", Items: []Shared{}}, nil
}

// In47 is the input of tool 47.
type In47 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out47 is the output of tool 47.
type Out47 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool47 does thing number 47.
//
//tool:tool-47 readonly
func Tool47(ctx context.Context, in In47) (Out47, error) {
	return Out47{OK: in.Name != "", Items: []Shared{}}, nil
}

// In48 is the input of tool 48.
type In48 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out48 is the output of tool 48.
type Out48 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool48 does thing number 48.
//
//tool:tool-48 readonly
func Tool48(ctx context.Context, in In48) (Out48, error) {
	return Out48{OK: in.Name != "", Items: []Shared{}}, nil
}

// In49 is the input of tool 49.
type In49 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out49 is the output of tool 49.
type Out49 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool49 does thing number 49.
//
//tool:tool-49 readonly
func Tool49(ctx context.Context, in In49) (Out49, error) {
	return Out49{OK: in.Name != "", Items: []Shared{}}, nil
}

// In50 is the input of tool 50.
type In50 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out50 is the output of tool 50.
type Out50 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool50 does thing number 50.
//
//tool:tool-50 readonly
func Tool50(ctx context.Context, in In50) (Out50, error) {
	return Out50{OK: in.Name != "", Items: []Shared{}}, nil
}

// In51 is the input of tool 51.
type In51 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out51 is the output of tool 51.
type Out51 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool51 does thing number 51.
//
//tool:tool-51 readonly
func Tool51(ctx context.Context, in In51) (Out51, error) {
	return Out51{OK: in.Name != "", Items: []Shared{}}, nil
}

// In52 is the input of tool 52.
type In52 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out52 is the output of tool 52.
type Out52 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool52 does thing number 52.
//
//tool:tool-52 readonly
func Tool52(ctx context.Context, in In52) (Out52, error) {
	return Out52{OK: in.Name != "", Items: []Shared{}}, nil
}

// In53 is the input of tool 53.
type In53 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out53 is the output of tool 53.
type Out53 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool53 does thing number 53.
//
//tool:tool-53 readonly
func Tool53(ctx context.Context, in In53) (Out53, error) {
	return Out53{OK: in.Name != "", Items: []Shared{}}, nil
}

// In54 is the input of tool 54.
type In54 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out54 is the output of tool 54.
type Out54 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool54 does thing number 54.
//
//tool:tool-54 readonly
func Tool54(ctx context.Context, in In54) (Out54, error) {
	return Out54{OK: in.Name != "", Items: []Shared{}}, nil
}

// In55 is the input of tool 55.
type In55 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out55 is the output of tool 55.
type Out55 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool55 does thing number 55.
//
//tool:tool-55 readonly
func Tool55(ctx context.Context, in In55) (Out55, error) {
	return Out55{OK: in.Name != "", Items: []Shared{}}, nil
}

// In56 is the input of tool 56.
type In56 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out56 is the output of tool 56.
type Out56 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool56 does thing number 56.
//
//tool:tool-56 readonly
func Tool56(ctx context.Context, in In56) (Out56, error) {
	return Out56{OK: in.Name != "", Items: []Shared{}}, nil
}

// In57 is the input of tool 57.
type In57 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out57 is the output of tool 57.
type Out57 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool57 does thing number 57.
//
//tool:tool-57 readonly
func Tool57(ctx context.Context, in In57) (Out57, error) {
	return Out57{OK: in.Name != "", Items: []Shared{}}, nil
}

// In58 is the input of tool 58.
type In58 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out58 is the output of tool 58.
type Out58 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool58 does thing number 58.
//
//tool:tool-58 readonly
func Tool58(ctx context.Context, in In58) (Out58, error) {
	return Out58{OK: in.Name != "", Items: []Shared{}}, nil
}

// In59 is the input of tool 59.
type In59 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out59 is the output of tool 59.
type Out59 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool59 does thing number 59.
//
//tool:tool-59 readonly
func Tool59(ctx context.Context, in In59) (Out59, error) {
	return Out59{OK: in.Name != "", Items: []Shared{}}, nil
}

// In60 is the input of tool 60.
type In60 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out60 is the output of tool 60.
type Out60 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool60 does thing number 60.
//
//tool:tool-60 readonly
func Tool60(ctx context.Context, in In60) (Out60, error) {
	return Out60{OK: in.Name != "", Items: []Shared{}}, nil
}

// In61 is the input of tool 61.
type In61 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out61 is the output of tool 61.
type Out61 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool61 does thing number 61.
//
//tool:tool-61 readonly
func Tool61(ctx context.Context, in In61) (Out61, error) {
	return Out61{OK: in.Name != "", Items: []Shared{}}, nil
}

// In62 is the input of tool 62.
type In62 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out62 is the output of tool 62.
type Out62 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool62 does thing number 62.
//
//tool:tool-62 readonly
func Tool62(ctx context.Context, in In62) (Out62, error) {
	return Out62{OK: in.Name != "", Items: []Shared{}}, nil
}

// In63 is the input of tool 63.
type In63 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out63 is the output of tool 63.
type Out63 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool63 does thing number 63.
//
//tool:tool-63 readonly
func Tool63(ctx context.Context, in In63) (Out63, error) {
	return Out63{OK: in.Name != "", Items: []Shared{}}, nil
}

// In64 is the input of tool 64.
type In64 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out64 is the output of tool 64.
type Out64 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool64 does thing number 64.
//
//tool:tool-64 readonly
func Tool64(ctx context.Context, in In64) (Out64, error) {
	return Out64{OK: in.Name != "", Items: []Shared{}}, nil
}

// In65 is the input of tool 65.
type In65 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out65 is the output of tool 65.
type Out65 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool65 does thing number 65.
//
//tool:tool-65 readonly
func Tool65(ctx context.Context, in In65) (Out65, error) {
	return Out65{OK: in.Name != "", Items: []Shared{}}, nil
}

// In66 is the input of tool 66.
type In66 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out66 is the output of tool 66.
type Out66 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool66 does thing number 66.
//
//tool:tool-66 readonly
func Tool66(ctx context.Context, in In66) (Out66, error) {
	return Out66{OK: in.Name != "", Items: []Shared{}}, nil
}

// In67 is the input of tool 67.
type In67 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out67 is the output of tool 67.
type Out67 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool67 does thing number 67.
//
//tool:tool-67 readonly
func Tool67(ctx context.Context, in In67) (Out67, error) {
	return Out67{OK: in.Name != "", Items: []Shared{}}, nil
}

// In68 is the input of tool 68.
type In68 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out68 is the output of tool 68.
type Out68 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool68 does thing number 68.
//
//tool:tool-68 readonly
func Tool68(ctx context.Context, in In68) (Out68, error) {
	return Out68{OK: in.Name != "", Items: []Shared{}}, nil
}

// In69 is the input of tool 69.
type In69 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out69 is the output of tool 69.
type Out69 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool69 does thing number 69.
//
//tool:tool-69 readonly
func Tool69(ctx context.Context, in In69) (Out69, error) {
	return Out69{OK: in.Name != "", Items: []Shared{}}, nil
}

// In70 is the input of tool 70.
type In70 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out70 is the output of tool 70.
type Out70 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool70 does thing number 70.
//
//tool:tool-70 readonly
func Tool70(ctx context.Context, in In70) (Out70, error) {
	return Out70{OK: in.Name != "", Items: []Shared{}}, nil
}

// In71 is the input of tool 71.
type In71 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out71 is the output of tool 71.
type Out71 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool71 does thing number 71.
//
//tool:tool-71 readonly
func Tool71(ctx context.Context, in In71) (Out71, error) {
	return Out71{OK: in.Name != "", Items: []Shared{}}, nil
}

// In72 is the input of tool 72.
type In72 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out72 is the output of tool 72.
type Out72 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool72 does thing number 72.
//
//tool:tool-72 readonly
func Tool72(ctx context.Context, in In72) (Out72, error) {
	return Out72{OK: in.Name != "", Items: []Shared{}}, nil
}

// In73 is the input of tool 73.
type In73 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out73 is the output of tool 73.
type Out73 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool73 does thing number 73.
//
//tool:tool-73 readonly
func Tool73(ctx context.Context, in In73) (Out73, error) {
	return Out73{OK: in.Name != "", Items: []Shared{}}, nil
}

// In74 is the input of tool 74.
type In74 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out74 is the output of tool 74.
type Out74 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool74 does thing number 74.
//
//tool:tool-74 readonly
func Tool74(ctx context.Context, in In74) (Out74, error) {
	return Out74{OK: in.Name != "", Items: []Shared{}}, nil
}

// In75 is the input of tool 75.
type In75 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out75 is the output of tool 75.
type Out75 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool75 does thing number 75.
//
//tool:tool-75 readonly
func Tool75(ctx context.Context, in In75) (Out75, error) {
	return Out75{OK: in.Name != "", Items: []Shared{}}, nil
}

// In76 is the input of tool 76.
type In76 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out76 is the output of tool 76.
type Out76 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool76 does thing number 76.
//
//tool:tool-76 readonly
func Tool76(ctx context.Context, in In76) (Out76, error) {
	return Out76{OK: in.Name != "", Items: []Shared{}}, nil
}

// In77 is the input of tool 77.
type In77 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out77 is the output of tool 77.
type Out77 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool77 does thing number 77.
//
//tool:tool-77 readonly
func Tool77(ctx context.Context, in In77) (Out77, error) {
	return Out77{OK: in.Name != "", Items: []Shared{}}, nil
}

// In78 is the input of tool 78.
type In78 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out78 is the output of tool 78.
type Out78 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool78 does thing number 78.
//
//tool:tool-78 readonly
func Tool78(ctx context.Context, in In78) (Out78, error) {
	return Out78{OK: in.Name != "", Items: []Shared{}}, nil
}

// In79 is the input of tool 79.
type In79 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out79 is the output of tool 79.
type Out79 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool79 does thing number 79.
//
//tool:tool-79 readonly
func Tool79(ctx context.Context, in In79) (Out79, error) {
	return Out79{OK: in.Name != "", Items: []Shared{}}, nil
}

// In80 is the input of tool 80.
type In80 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out80 is the output of tool 80.
type Out80 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool80 does thing number 80.
//
//tool:tool-80 readonly
func Tool80(ctx context.Context, in In80) (Out80, error) {
	return Out80{OK: in.Name != "", Items: []Shared{}}, nil
}

// In81 is the input of tool 81.
type In81 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out81 is the output of tool 81.
type Out81 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool81 does thing number 81.
//
//tool:tool-81 readonly
func Tool81(ctx context.Context, in In81) (Out81, error) {
	return Out81{OK: in.Name != "", Items: []Shared{}}, nil
}

// In82 is the input of tool 82.
type In82 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out82 is the output of tool 82.
type Out82 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool82 does thing number 82.
//
//tool:tool-82 readonly
func Tool82(ctx context.Context, in In82) (Out82, error) {
	return Out82{OK: in.Name != "", Items: []Shared{}}, nil
}

// In83 is the input of tool 83.
type In83 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out83 is the output of tool 83.
type Out83 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool83 does thing number 83.
//
//tool:tool-83 readonly
func Tool83(ctx context.Context, in In83) (Out83, error) {
	return Out83{OK: in.Name != "", Items: []Shared{}}, nil
}

// In84 is the input of tool 84.
type In84 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out84 is the output of tool 84.
type Out84 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool84 does thing number 84.
//
//tool:tool-84 readonly
func Tool84(ctx context.Context, in In84) (Out84, error) {
	return Out84{OK: in.Name != "", Items: []Shared{}}, nil
}

// In85 is the input of tool 85.
type In85 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out85 is the output of tool 85.
type Out85 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool85 does thing number 85.
//
//tool:tool-85 readonly
func Tool85(ctx context.Context, in In85) (Out85, error) {
	return Out85{OK: in.Name != "", Items: []Shared{}}, nil
}

// In86 is the input of tool 86.
type In86 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out86 is the output of tool 86.
type Out86 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool86 does thing number 86.
//
//tool:tool-86 readonly
func Tool86(ctx context.Context, in In86) (Out86, error) {
	return Out86{OK: in.Name != "", Items: []Shared{}}, nil
}

// In87 is the input of tool 87.
type In87 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out87 is the output of tool 87.
type Out87 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool87 does thing number 87.
//
//tool:tool-87 readonly
func Tool87(ctx context.Context, in In87) (Out87, error) {
	return Out87{OK: in.Name != "", Items: []Shared{}}, nil
}

// In88 is the input of tool 88.
type In88 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out88 is the output of tool 88.
type Out88 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool88 does thing number 88.
//
//tool:tool-88 readonly
func Tool88(ctx context.Context, in In88) (Out88, error) {
	return Out88{OK: in.Name != "", Items: []Shared{}}, nil
}

// In89 is the input of tool 89.
type In89 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out89 is the output of tool 89.
type Out89 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool89 does thing number 89.
//
//tool:tool-89 readonly
func Tool89(ctx context.Context, in In89) (Out89, error) {
	return Out89{OK: in.Name != "", Items: []Shared{}}, nil
}

// In90 is the input of tool 90.
type In90 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out90 is the output of tool 90.
type Out90 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool90 does thing number 90.
//
//tool:tool-90 readonly
func Tool90(ctx context.Context, in In90) (Out90, error) {
	return Out90{OK: in.Name != "", Items: []Shared{}}, nil
}

// In91 is the input of tool 91.
type In91 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out91 is the output of tool 91.
type Out91 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool91 does thing number 91.
//
//tool:tool-91 readonly
func Tool91(ctx context.Context, in In91) (Out91, error) {
	return Out91{OK: in.Name != "", Items: []Shared{}}, nil
}

// In92 is the input of tool 92.
type In92 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out92 is the output of tool 92.
type Out92 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool92 does thing number 92.
//
//tool:tool-92 readonly
func Tool92(ctx context.Context, in In92) (Out92, error) {
	return Out92{OK: in.Name != "", Items: []Shared{}}, nil
}

// In93 is the input of tool 93.
type In93 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out93 is the output of tool 93.
type Out93 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool93 does thing number 93.
//
//tool:tool-93 readonly
func Tool93(ctx context.Context, in In93) (Out93, error) {
	return Out93{OK: in.Name != "", Items: []Shared{}}, nil
}

// In94 is the input of tool 94.
type In94 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out94 is the output of tool 94.
type Out94 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool94 does thing number 94.
//
//tool:tool-94 readonly
func Tool94(ctx context.Context, in In94) (Out94, error) {
	return Out94{OK: in.Name != "", Items: []Shared{}}, nil
}

// In95 is the input of tool 95.
type In95 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out95 is the output of tool 95.
type Out95 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool95 does thing number 95.
//
//tool:tool-95 readonly
func Tool95(ctx context.Context, in In95) (Out95, error) {
	return Out95{OK: in.Name != "", Items: []Shared{}}, nil
}

// In96 is the input of tool 96.
type In96 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out96 is the output of tool 96.
type Out96 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool96 does thing number 96.
//
//tool:tool-96 readonly
func Tool96(ctx context.Context, in In96) (Out96, error) {
	return Out96{OK: in.Name != "", Items: []Shared{}}, nil
}

// In97 is the input of tool 97.
type In97 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out97 is the output of tool 97.
type Out97 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool97 does thing number 97.
//
//tool:tool-97 readonly
func Tool97(ctx context.Context, in In97) (Out97, error) {
	return Out97{OK: in.Name != "", Items: []Shared{}}, nil
}

// In98 is the input of tool 98.
type In98 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out98 is the output of tool 98.
type Out98 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool98 does thing number 98.
//
//tool:tool-98 readonly
func Tool98(ctx context.Context, in In98) (Out98, error) {
	return Out98{OK: in.Name != "", Items: []Shared{}}, nil
}

// In99 is the input of tool 99.
type In99 struct {
	// Name names the thing.
	Name string `json:"name"`
	// Count counts it.
	Count int `json:"count,omitempty"`
	// Level is how loud it is.
	Level Level `json:"level"`
	// Extra is optional.
	Extra *Shared `json:"extra,omitempty"`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `json:"attrs,omitempty"`
}

// Out99 is the output of tool 99.
type Out99 struct {
	// OK says it worked.
	OK bool `json:"ok"`
	// Items are the things found.
	Items []Shared `json:"items"`
}

// Tool99 does thing number 99.
//
//tool:tool-99 readonly
func Tool99(ctx context.Context, in In99) (Out99, error) {
	return Out99{OK: in.Name != "", Items: []Shared{}}, nil
}
