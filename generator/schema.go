package generator

import (
	"bytes"
	"encoding/json"
	"go/types"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// schemaJob is the computation of one tool's schemas.
type schemaJob struct {
	ts              *toolState
	env             *decoderEnv  // the decoders' view of the tool's package
	dec             *toolDecoder // the tool's decoder, planned from in
	in, out         json.RawMessage
	inKind, outKind int // rawKind of in and out
	inErr, outErr   []*schemagen.Error
	encErr          error
}

// schemas computes the input and output schema of every tool. Tools are
// independent, so they are spread over GOMAXPROCS workers, each with its own
// Builder (a Builder is not safe for concurrent use); the results are
// collected in source order, so the output does not depend on scheduling.
// The workers share one index of the files' declarations (it is safe for
// concurrent use and indexes each file once), rather than each indexing
// every file. The output encoders are generated beside them (see
// encoders).
func (g *gen) schemas() {
	var jobs []*schemaJob
	for _, ps := range g.pkgs {
		if len(ps.tools) == 0 || ps.model == nil {
			continue
		}
		env := newDecoderEnv(ps)
		for _, ts := range ps.tools {
			if !ts.broken && ts.in != nil {
				jobs = append(jobs, &schemaJob{ts: ts, env: env})
			}
		}
	}
	// The encoders need the import names that newDecoderEnv settled and
	// nothing the workers compute (their names, encode… and isZero…, cannot
	// meet the decoders' decode…), so they are generated meanwhile.
	// A panic in them is raised again here, where it used to happen.
	encoded := make(chan struct{})
	var encPanic any
	go func() {
		defer close(encoded)
		defer func() { encPanic = recover() }()
		g.encoders()
	}()
	defer func() {
		<-encoded
		if encPanic != nil {
			panic(encPanic)
		}
	}()
	comments := schemagen.NewComments(g.l.fset)
	for _, ps := range g.pkgs {
		comments.AddFiles(ps.pkg.Syntax...)
		for _, f := range ps.pkg.Syntax {
			comments.AddDocs(g.l.docs[f])
		}
	}
	// Workers take the next job as they go, rather than a fixed share: they
	// run beside the render goroutine (see Generate), so they do not
	// progress at the same pace. Which worker computes a job does not
	// matter: a Builder's caches are memos of pure functions.
	workers := min(runtime.GOMAXPROCS(0), len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := schemagen.NewWithComments(comments)
			dc := newDecoderCache()
			var scratch []byte
			for {
				i := int(next.Add(1)) - 1
				if i >= len(jobs) {
					return
				}
				j := jobs[i]
				j.in, j.inErr, j.encErr = schemaJSON(b, j.ts.in, &scratch)
				if j.encErr == nil {
					j.out, j.outErr, j.encErr = schemaJSON(b, j.ts.out, &scratch)
				}
				if j.in != nil && len(j.inErr) == 0 {
					j.dec = planDecoder(j.env, b, dc, j.ts.in, j.in, j.ts.model.Strict)
				}
				// How the literals will be spelled (see substitute), found
				// here in parallel rather than by the one goroutine that
				// substitutes them.
				j.inKind, j.outKind = rawKind(j.in), rawKind(j.out)
			}
		}()
	}
	wg.Wait()
	g.rawKinds = make(rawKinds, 2*len(jobs))
	for _, j := range jobs {
		for _, e := range append(j.inErr, j.outErr...) {
			g.diags.errorf(e.Pos, msgSchema, e.Path, e.Message)
		}
		if j.encErr != nil {
			g.diags.errorf(j.ts.decl.Name.Pos(), "encode the schemas of %s: %v", j.ts.model.Func, j.encErr)
		}
		j.ts.model.InputSchema, j.ts.model.OutputSchema = j.in, j.out
		// The kinds of exactly these bytes, which nothing changes later.
		g.rawKinds[&j.ts.model.InputSchema] = j.inKind
		g.rawKinds[&j.ts.model.OutputSchema] = j.outKind
	}
	byTool := make(map[*toolState]*toolDecoder, len(jobs))
	for _, j := range jobs {
		byTool[j.ts] = j.dec
	}
	for _, ps := range g.pkgs {
		if ps.model == nil {
			continue
		}
		plans := make([]*toolDecoder, len(ps.tools))
		for i, ts := range ps.tools {
			plans[i] = byTool[ts]
		}
		assignDecoders(ps.model, plans, ps.pkg.Types.Scope())
	}
}

// schemaJSON computes one schema as indented JSON. scratch is the worker's
// buffer, reused from schema to schema; the result is a copy of exactly the
// right size.
func schemaJSON(b *schemagen.Builder, t types.Type, scratch *[]byte) (json.RawMessage, []*schemagen.Error, error) {
	s, errs := b.Schema(t, rootName(t))
	if len(errs) > 0 || s == nil {
		return nil, errs, nil
	}
	// The same bytes as json.Marshal then json.Indent with two spaces (see
	// schemagen.MarshalIndent), in one pass.
	data, err := schemagen.MarshalIndent((*scratch)[:0], s)
	*scratch = data
	if err != nil {
		return nil, nil, err
	}
	return bytes.Clone(data), nil, nil
}

// rootName is the Go name an error path starts from.
func rootName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
