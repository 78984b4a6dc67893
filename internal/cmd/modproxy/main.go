// Command modproxy serves this checkout's modules as a Go module proxy on
// the file system, at one version, so that a module outside the repository
// can require toolgen the way a user does (go get, no replace directive)
// before the version is published. CI points GOPROXY at it to build
// .ci/stack, a module that uses toolgen beside Genkit, Eino and the
// official SDKs.
//
// Usage:
//
//	go run ./internal/cmd/modproxy -out DIR [-version v0.0.1-ci] [module-dir ...]
//
// Each module directory (default: the repository's modules that users
// import) is served with the files git tracks in it, outside its nested
// modules, as the go command's own zips of a tagged release hold them.
// In the go.mod it serves, a requirement of another toolgen module is set
// to the version, and replace directives of toolgen modules are dropped:
// what a release's go.mod says.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// rootModule is the path of the main module; the others are under it.
const rootModule = "github.com/toolgen-go/toolgen"

// defaultDirs are the modules a user's module may require.
var defaultDirs = []string{".", "provider/anthropic", "genkit", "eino", "temporal", "store/sqlite", "store/postgres"}

func main() {
	out := flag.String("out", "", "the proxy's directory (created)")
	version := flag.String("version", "v0.0.1-ci", "the version to serve every module at")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: modproxy -out DIR [-version V] [module-dir ...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	dirs := flag.Args()
	if len(dirs) == 0 {
		for _, d := range defaultDirs {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				dirs = append(dirs, d)
			}
		}
	}
	for _, dir := range dirs {
		mod, err := serve(*out, dir, *version)
		if err != nil {
			fmt.Fprintf(os.Stderr, "modproxy: %s: %v\n", dir, err)
			os.Exit(1)
		}
		fmt.Printf("%s@%s\n", mod, *version)
	}
}

// serve writes the module in dir to the proxy at out, at version, and
// returns its path.
func serve(out, dir, version string) (string, error) {
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	f, err := modfile.Parse(filepath.Join(dir, "go.mod"), gomod, nil)
	if err != nil {
		return "", err
	}
	modPath := f.Module.Mod.Path
	if err := release(f, version); err != nil {
		return "", err
	}
	released, err := f.Format()
	if err != nil {
		return "", fmt.Errorf("format go.mod: %w", err)
	}
	files, err := tracked(dir)
	if err != nil {
		return "", err
	}
	escaped, err := module.EscapePath(modPath)
	if err != nil {
		return "", err
	}
	at := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return "", err
	}
	var zipped bytes.Buffer
	zfiles := []modzip.File{memFile{"go.mod", released}}
	for _, name := range files {
		if name != "go.mod" {
			zfiles = append(zfiles, diskFile{name, filepath.Join(dir, filepath.FromSlash(name))})
		}
	}
	if err := modzip.Create(&zipped, module.Version{Path: modPath, Version: version}, zfiles); err != nil {
		return "", fmt.Errorf("zip: %w", err)
	}
	info, err := json.Marshal(map[string]any{"Version": version, "Time": time.Now().UTC().Format(time.RFC3339)})
	if err != nil {
		return "", err
	}
	for name, data := range map[string][]byte{
		version + ".mod":  released,
		version + ".zip":  zipped.Bytes(),
		version + ".info": info,
		"list":            []byte(version + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return modPath, nil
}

// release makes f what the go.mod of a release at version says: toolgen's
// modules required at version, and no replace of them.
func release(f *modfile.File, version string) error {
	ours := func(p string) bool { return p == rootModule || strings.HasPrefix(p, rootModule+"/") }
	for _, r := range f.Require {
		if ours(r.Mod.Path) {
			if err := f.AddRequire(r.Mod.Path, version); err != nil {
				return err
			}
		}
	}
	for _, r := range f.Replace {
		if ours(r.Old.Path) {
			if err := f.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return err
			}
		}
	}
	f.Cleanup()
	return nil
}

// tracked lists the files git tracks in dir, relative to it, leaving out
// those of nested modules.
func tracked(dir string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	var names, nested []string
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		names = append(names, name)
		if path.Base(name) == "go.mod" && name != "go.mod" {
			nested = append(nested, path.Dir(name)+"/")
		}
	}
	var files []string
	for _, name := range names {
		inNested := false
		for _, n := range nested {
			inNested = inNested || strings.HasPrefix(name, n)
		}
		if !inNested {
			files = append(files, name)
		}
	}
	return files, nil
}

// memFile is a file of the zip held in memory: the released go.mod.
type memFile struct {
	name string
	data []byte
}

func (f memFile) Path() string { return f.name }
func (f memFile) Lstat() (os.FileInfo, error) {
	return fileInfo{f.name, int64(len(f.data))}, nil
}
func (f memFile) Open() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(f.data)), nil }

// diskFile is a file of the zip read from the checkout.
type diskFile struct{ name, path string }

func (f diskFile) Path() string                 { return f.name }
func (f diskFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.path) }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.path) }

// fileInfo is the os.FileInfo of a memFile.
type fileInfo struct {
	name string
	size int64
}

func (fi fileInfo) Name() string       { return path.Base(fi.name) }
func (fi fileInfo) Size() int64        { return fi.size }
func (fi fileInfo) Mode() os.FileMode  { return 0o644 }
func (fi fileInfo) ModTime() time.Time { return time.Time{} }
func (fi fileInfo) IsDir() bool        { return false }
func (fi fileInfo) Sys() any           { return nil }
