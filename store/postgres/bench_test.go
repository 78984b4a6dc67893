package postgres_test

import (
	"bytes"
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/postgres"
	"github.com/toolgen-go/toolgen/store/postgres/postgrestest"
)

// benchState is a state of 4 KiB, about a paused run's with a few
// messages.
var benchState = bytes.Repeat([]byte(`{"role":"user","content":"hello"},`), 4096/34)

// putTake puts run id, takes it and is done with it: a pause and its
// resume.
func putTake(ctx context.Context, s *postgres.Store, id string) error {
	if err := s.Put(ctx, store.Run{ID: id, Conversation: "bench", State: benchState, Expires: time.Now().Add(time.Hour)}); err != nil {
		return err
	}
	r, err := s.Take(ctx, id, time.Minute)
	if err != nil {
		return err
	}
	return s.Done(ctx, id, r.Claim)
}

// BenchmarkPutTake: Put, Take and Done of a 4 KiB state, one after the
// other: three round trips and three commits per iteration.
func BenchmarkPutTake(b *testing.B) {
	s := open(b, postgrestest.Database(b), postgres.Options{})
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if err := putTake(ctx, s, fmt.Sprint("run-", i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puttake/s")
}

// BenchmarkPutTakeParallel: the same from 16 goroutines per CPU on a pool
// of 32 connections, as the requests of a busy server.
func BenchmarkPutTakeParallel(b *testing.B) {
	s := open(b, withParam(b, postgrestest.Database(b), "pool_max_conns", "32"), postgres.Options{})
	ctx := context.Background()
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := putTake(ctx, s, fmt.Sprint("run-", n.Add(1))); err != nil {
				b.Error(err) // not Fatal: this is not the benchmark's goroutine
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puttake/s")
}
