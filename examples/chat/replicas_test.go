package main

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store/postgres/postgrestest"
)

// replicaRuns is how many paused runs two servers on one Postgres answer
// in TestTwoServersOnePostgres and BenchmarkTwoServersOnePostgres.
const replicaRuns = 1000

// TestTwoServersOnePostgres: two chat server processes share one Postgres
// database. 1,000 bookings pause, half on each; then every approval is
// posted to both servers at once. Each run is resumed once: one server
// answers it with the booking, the other with 409, and the booking
// service sees each call's Idempotency-Key once.
func TestTwoServersOnePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 1,000 runs on two servers")
	}
	r := twoServers(t, postgrestest.Database(t), replicaRuns)
	t.Logf("%d runs paused in %v (%.0f/s), resumed in %v (%.0f/s), %d by the first server",
		replicaRuns, r.paused, float64(replicaRuns)/r.paused.Seconds(), r.resumed, float64(replicaRuns)/r.resumed.Seconds(), r.byFirst)
}

// BenchmarkTwoServersOnePostgres is TestTwoServersOnePostgres as a
// benchmark: the runs paused and resumed per second.
func BenchmarkTwoServersOnePostgres(b *testing.B) {
	db := postgrestest.Database(b)
	var paused, resumed time.Duration
	for b.Loop() {
		r := twoServers(b, db, replicaRuns)
		paused += r.paused
		resumed += r.resumed
	}
	b.ReportMetric(float64(b.N*replicaRuns)/paused.Seconds(), "pauses/s")
	b.ReportMetric(float64(b.N*replicaRuns)/resumed.Seconds(), "resumes/s")
}

type replicaResult struct {
	paused, resumed time.Duration
	byFirst         int
}

// twoServers runs the scenario of TestTwoServersOnePostgres with n runs
// on the database db, with 16 clients at a time.
func twoServers(t testing.TB, db string, n int) replicaResult {
	const clients = 16
	bin := chatBinary(t)
	svc, bookings := newBookingService(t, false)
	servers := [2]*proc{}
	for i := range servers {
		servers[i] = startChat(t, bin, "127.0.0.1:0", "-db", db, "-bookings", bookings.URL)
	}
	var r replicaResult

	runs := make([]paused, n)
	start := time.Now()
	each(clients, n, func(i int) { runs[i] = pauseBooking(t, servers[i%2].url) })
	r.paused = time.Since(start)

	type answer struct {
		status int
		raw    []byte
	}
	answers := make([][2]answer, n)
	var failed atomic.Int32
	start = time.Now()
	each(clients, n, func(i int) {
		var wg sync.WaitGroup
		for s := range servers {
			wg.Go(func() {
				status, raw, err := postAnswer(context.Background(), servers[s].url, runs[i], true)
				if err != nil {
					failed.Add(1)
					t.Errorf("run %d, server %d: %v", i, s, err)
				}
				answers[i][s] = answer{status, raw}
			})
		}
		wg.Wait()
	})
	r.resumed = time.Since(start)
	require.Zero(t, failed.Load())

	for i, a := range answers {
		won := -1
		for s, x := range a {
			switch {
			case x.status == http.StatusOK && won < 0:
				won = s
				checkBooked(t, runs[i], x.raw)
			case x.status == http.StatusConflict && (strings.Contains(string(x.raw), "being resumed") || strings.Contains(string(x.raw), "answered already")):
			default:
				t.Errorf("run %d: server %d answered %d: %s", i, s, x.status, x.raw)
			}
		}
		if won < 0 {
			t.Errorf("run %d was resumed by no server", i)
		}
		if won == 0 {
			r.byFirst++
		}
	}
	keys, booked, bad := svc.requests()
	assert.Empty(t, bad)
	assert.Len(t, keys, n, "one booking request per run")
	assert.Equal(t, n, booked, "one booking per run")
	return r
}

// each calls f(i) for i in [0, n), with k calls at a time.
func each(k, n int, f func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range k {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
