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
	}
	c.decide()
	uses := map[[2]string]int{}
	builds := map[string]int{rootKey: 1}
	if c.rootNamed != "" {
		builds = map[string]int{c.rootNamed: 1}
	}
	forced := map[string]bool{}
	c.trace = func(from, to string, force, build bool) {
		uses[[2]string{from, to}]++
		if build {
			builds[to]++
		}
		if force {
			forced[to] = true
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
	slices.Sort(walked)
	slices.Sort(built)
	return walked, built
}

// SharedBodies is the number of bodies b memoized (inlineBody).
func SharedBodies(b *Builder) int { return len(b.memo.bodies) }

// TwoPass makes b compute every schema with both passes, never inlineAll.
func TwoPass(b *Builder) { b.twoPass = true }
