package spec_test

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
)

// checkError fails t unless err is a *codec.Error equal to want (found
// with errors.As) that wraps want.Err (errors.Is).
func checkError(t *testing.T, err error, want codec.Error) {
	t.Helper()
	var e *codec.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *codec.Error", err, err)
	}
	if *e != want {
		t.Errorf("error = %+v, want %+v", *e, want)
	}
	if !errors.Is(err, want.Err) {
		t.Errorf("errors.Is(%v, %v) = false", err, want.Err)
	}
}
