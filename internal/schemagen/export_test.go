package schemagen

import (
	"fmt"
	"go/types"
	"slices"
)

// GraphCheck computes the schema of t as Schema does and returns what the
// graph walk recorded and what the schema pass did, in one form: for each
// body of a named type (or the unnamed root, ""), how many times it uses
// each named type ("from -> to xN"), and which types a oneof_ref or
// anyof_ref tag uses ("forced to"). The schema pass may build a body
// several times (inlined at each use); its counts are divided by the
// number of builds, and a count that does not divide is kept as is, which
// makes the results differ.
func GraphCheck(b *Builder, t types.Type) (walked, built []string) {
	t = derefAll(t)
	c := newCtx(b)
	c.analyze(t)
	for from, nd := range c.nodes {
		counts := map[string]int{}
		for _, to := range nd.edges {
			counts[to]++
		}
		for to, n := range counts {
			walked = append(walked, fmt.Sprintf("%q -> %q x%d", from, to, n))
		}
		if nd.forced {
			walked = append(walked, fmt.Sprintf("forced %q", from))
		}
		if nd.zeroKept {
			walked = append(walked, fmt.Sprintf("zeroKept %q", from))
		}
	}
	c.decide()
	uses := map[[2]string]int{}
	builds := map[string]int{rootKey: 1}
	if c.rootNamed != "" {
		builds = map[string]int{c.rootNamed: 1}
	}
	forced, zeroKept := map[string]bool{}, map[string]bool{}
	c.trace = func(from, to string, force, build, keep bool) {
		uses[[2]string{from, to}]++
		if build {
			builds[to]++
		}
		if force {
			forced[to] = true
		}
		if keep {
			zeroKept[to] = true
		}
	}
	c.root(t, site{path: "T"})
	for use, n := range uses {
		if k := builds[use[0]]; k > 0 && n%k == 0 {
			n /= k
		}
		built = append(built, fmt.Sprintf("%q -> %q x%d", use[0], use[1], n))
	}
	for to := range forced {
		built = append(built, fmt.Sprintf("forced %q", to))
	}
	for to := range zeroKept {
		built = append(built, fmt.Sprintf("zeroKept %q", to))
	}
	slices.Sort(walked)
	slices.Sort(built)
	return walked, built
}

// TwoPass makes b compute every schema with both passes, never inlineAll.
func TwoPass(b *Builder) { b.twoPass = true }

// SharedBodyNames names the types whose bodies b memoized (inlineBody),
// sorted.
func SharedBodyNames(b *Builder) []string {
	var out []string
	for n := range b.memo.bodies {
		out = append(out, n.Obj().Name())
	}
	slices.Sort(out)
	return out
}

// BodyCounts computes the schema of t as Schema does with both passes and
// returns, by type key, how many times it writes the body of each named
// type that may live in $defs, inline or in $defs, the root's own at the
// root included. A body that a field's tags make its own is not counted:
// it is not the type's.
func BodyCounts(b *Builder, t types.Type) map[string]int {
	t = derefAll(t)
	c := newCtx(b)
	c.analyze(t)
	c.decide()
	counts := map[string]int{}
	if c.rootNamed != "" {
		counts[c.rootNamed] = 1
	}
	c.trace = func(_, to string, _, build, _ bool) {
		if build {
			counts[to]++
		}
	}
	c.root(t, site{path: "T"})
	return counts
}

// OnePass reports whether Schema builds the schema of t in one pass
// (inlineAll).
func OnePass(b *Builder, t types.Type) bool {
	_, _, ok := (&ctx{b: b}).inlineAll(derefAll(t), site{path: "T"})
	return ok
}
