package schemagen

import (
	"go/types"
)

// This file memoizes, per Builder, what Schema would otherwise recompute
// for every root and in both of its passes. Each memoized function is a
// pure function of its argument (a type, which go/types never changes after
// checking), so returning the first result again gives the same schemas;
// the caches only grow, and a Builder is used by one goroutine at a time.

// memo holds the caches.
type memo struct {
	keys   map[types.Type]string         // typeKey
	text   map[types.Type]bool           // marshalsAsText
	fields map[*types.Struct][]jsonField // typeFields; callers never modify the slices
}

func newMemo() memo {
	return memo{
		keys:   map[types.Type]string{},
		text:   map[types.Type]bool{},
		fields: map[*types.Struct][]jsonField{},
	}
}

// typeKey is the memoized typeKey.
func (b *Builder) typeKey(t types.Type) string {
	if k, ok := b.memo.keys[t]; ok {
		return k
	}
	k := typeKey(t)
	b.memo.keys[t] = k
	return k
}

// marshalsAsText is the memoized marshalsAsText: two or four
// types.Implements calls per use otherwise.
func (b *Builder) marshalsAsText(t types.Type) bool {
	if v, ok := b.memo.text[t]; ok {
		return v
	}
	v := marshalsAsText(t, b.textMarshaler, b.jsonMarshaler)
	b.memo.text[t] = v
	return v
}

// typeFields is the memoized typeFields.
func (b *Builder) typeFields(st *types.Struct) []jsonField {
	if f, ok := b.memo.fields[st]; ok {
		return f
	}
	f := typeFields(st)
	b.memo.fields[st] = f
	return f
}
