package wire_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// unhex decodes hex written with optional spaces; bad test data panics.
func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// checkError fails t unless err is a *wire.Error equal to want (found with
// errors.As) that wraps want.Err (errors.Is).
func checkError(t *testing.T, err error, want wire.Error) {
	t.Helper()
	var e *wire.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
	}
	if *e != want {
		t.Errorf("error = %+v, want %+v", *e, want)
	}
	if !errors.Is(err, want.Err) {
		t.Errorf("errors.Is(%v, %v) = false", err, want.Err)
	}
}
