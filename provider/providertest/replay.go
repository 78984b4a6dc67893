package providertest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// SettleGoroutines closes the idle connections of the server's [Client]
// and waits until the number of goroutines is back to at most base,
// failing the test if it does not get there within two seconds: a model
// that was cancelled, or whose stream was left early, leaves nothing
// running.
func (s *Server) SettleGoroutines(tb testing.TB, base int) {
	tb.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		s.transport.CloseIdleConnections()
		n := runtime.NumGoroutine()
		if n <= base {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			tb.Fatalf("%d goroutines left behind (want at most %d):\n%s", n-base, base, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Fixture returns the contents of testdata/name, in the directory of the
// test that calls it.
func Fixture(tb testing.TB, name string) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// RecordedDir is the directory of the recorded exchanges of provider
// ("openai", "anthropic", "gemini"): $TOOLGEN_RECORDED_<PROVIDER> when it is
// set, else shared/recorded/<provider> of the steering repository beside
// this repository's root.
func RecordedDir(provider string) string {
	if dir := os.Getenv("TOOLGEN_RECORDED_" + strings.ToUpper(provider)); dir != "" {
		return dir
	}
	// Tests run in their package's directory, provider/<provider> or
	// provider/providertest: the repository's root is two levels up.
	return filepath.Join("..", "..", "..", "shared", "recorded", provider)
}

// Recorded returns name, a real API exchange that another project
// recorded, from the recordings of provider (see [RecordedDir]),
// decompressed when its name ends in .gz. Those are third-party data, not
// in this repository; the testdata/RECORDED.md of the provider's package
// says where every file comes from. The test is skipped, saying so, when
// the file is not there.
func Recorded(tb testing.TB, provider, name string) []byte {
	tb.Helper()
	dir := RecordedDir(provider)
	data, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("recorded exchange %s is not in %s (see testdata/RECORDED.md of provider/%s)", name, dir, provider)
	}
	if err != nil {
		tb.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			tb.Fatalf("recorded exchange %s: %v", name, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			tb.Fatalf("recorded exchange %s: %v", name, err)
		}
	}
	return data
}
