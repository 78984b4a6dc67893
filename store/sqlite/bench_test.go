package sqlite_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/sqlite"
)

// state is a paused run's state of about 4 KiB.
var state = append([]byte(`{"version":2,"messages":[`), append(bytes.Repeat([]byte(`{"role":"user","text":"lorem ipsum dolor sit amet"},`), 78), []byte(`{}]}`)...)...)

// putTake puts run id, takes it and marks it done.
func putTake(b *testing.B, s *sqlite.Store, id string) {
	ctx := b.Context()
	if err := s.Put(ctx, store.Run{ID: id, Conversation: "conv", State: state, Expires: time.Now().Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	r, err := s.Take(ctx, id, time.Minute)
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Done(ctx, id, r.Claim); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPutTake: a paused run of 4 KiB put, taken and done, in turn
// (three writes, each synced to the disk).
func BenchmarkPutTake(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "bench.db"), sqlite.Options{})
	b.SetBytes(int64(len(state)))
	for i := 0; b.Loop(); i++ {
		putTake(b, s, fmt.Sprint("run-", i))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puttake/s")
}

// BenchmarkPutTakeParallel: the same from GOMAXPROCS goroutines at once
// on one Store.
func BenchmarkPutTakeParallel(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "bench.db"), sqlite.Options{})
	b.SetBytes(int64(len(state)))
	var n atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			putTake(b, s, fmt.Sprint("run-", n.Add(1)))
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puttake/s")
}
