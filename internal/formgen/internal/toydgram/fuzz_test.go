package toydgram

import (
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
)

// FuzzDecode feeds any bytes to every generated decoder, through
// wire.Decoder (by code) and directly (whatever the code): nothing
// panics, and what decodes re-encodes to the bytes it took, in Size()
// bytes.
func FuzzDecode(f *testing.F) { codectest.FuzzForms(f, Table()) }
