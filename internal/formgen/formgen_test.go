package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedIsCurrent regenerates the checked-in test packages: the
// output must be what is checked in, byte for byte (go generate ./...
// leaves the tree unchanged).
func TestGeneratedIsCurrent(t *testing.T) {
	for _, dir := range []string{"internal/toy", "internal/toydgram"} {
		got, err := generate(dir, "forms.go", "forms_gen.go")
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		want, err := os.ReadFile(filepath.Join(dir, "forms_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/forms_gen.go is not what formgen writes now: run go generate ./...", dir)
		}
	}
}
