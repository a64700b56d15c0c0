package codectest

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// FTB is the part of testing.TB the fuzz checks use; *testing.T satisfies
// it. Each check calls Fatalf at most once and returns after it.
type FTB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// sentinels are the kinds every decoding error wraps.
var sentinels = []error{wire.ErrShort, wire.ErrTrailing, wire.ErrTooLong, wire.ErrInvalid, wire.ErrUnknownCode}

// CheckError fails t unless err, returned by a decoder, is a *wire.Error
// (reached with errors.As, as a user does) wrapping one of the wire
// sentinels.
func CheckError(t FTB, err error) {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
		return
	}
	for _, kind := range sentinels {
		if errors.Is(err, kind) {
			return
		}
	}
	t.Fatalf("error %v has no known sentinel", err)
}

// CheckValidate runs v.Validate, which must not panic (the fuzzer reports
// a panic as a failure), and fails t unless a failure names the rule it
// breaks: a *wire.Error with the Field, wrapping ErrInvalid or ErrTooLong.
// A raw message (a code its protocol does not know) fails with
// ErrUnknownCode instead.
func CheckValidate(t FTB, v interface{ Validate() error }) {
	t.Helper()
	err := v.Validate()
	if err == nil {
		return
	}
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("%T: Validate: %v (%T) is not a *wire.Error", v, err, err)
		return
	}
	if _, raw := v.(*wire.Raw); raw {
		if !errors.Is(err, wire.ErrUnknownCode) {
			t.Fatalf("raw message: Validate: %v, want ErrUnknownCode", err)
		}
		return
	}
	if we.Field == "" || !errors.Is(err, wire.ErrInvalid) && !errors.Is(err, wire.ErrTooLong) {
		t.Fatalf("%T: Validate: %v names no rule (field %q; want ErrInvalid or ErrTooLong)", v, err, we.Field)
	}
}

// CheckReencode fails t unless m, decoded from read (exactly the bytes its
// decoder consumed), re-encodes to them byte for byte, with Size equal to
// their count.
func CheckReencode(t FTB, m wire.Codec, read []byte) {
	t.Helper()
	re, err := m.AppendBinary(nil)
	if err != nil || !bytes.Equal(re, read) || m.Size() != len(read) {
		t.Fatalf("%T: %x decodes but re-encodes to %x, %v (Size %d)", m, read, re, err, m.Size())
	}
}

// Decoding is what a protocol package decodes single frames or datagrams
// with, for the body of its decode fuzz target (Fuzz).
type Decoding struct {
	// Decoder is the reusing decoder, with the policy the target wants.
	Decoder *wire.Decoder
	// Decode is the package's allocating decoder (bzflag.Decode and its
	// kin).
	Decode func(b []byte, from wire.Direction) (wire.Message, int, error)
	// Whole says Decode takes exactly one whole datagram (it fails on
	// trailing bytes) where the Decoder reads a message from the start.
	Whole bool
	// From lists the directions each input is decoded from.
	From []wire.Direction
}

// Fuzz checks one fuzz input b, decoded from every direction of d.From:
// nothing panics; every decode error is a *wire.Error (CheckError); what
// the Decoder decodes re-encodes to the bytes it read (CheckReencode) and
// passes CheckValidate; and for a form the table knows (not a *wire.Raw)
// Decode agrees, with the same form and length, or, when Whole, fails
// exactly when the Decoder did not read all of b.
func (d Decoding) Fuzz(t FTB, b []byte) {
	t.Helper()
	for _, from := range d.From {
		m, n, err := d.Decoder.Decode(b, from)
		p, pn, perr := d.Decode(b, from)
		if perr != nil {
			CheckError(t, perr)
		}
		if err != nil {
			CheckError(t, err)
			continue
		}
		CheckReencode(t, m, b[:n])
		CheckValidate(t, m)
		if _, raw := m.(*wire.Raw); raw {
			continue
		}
		if d.Whole && n != len(b) {
			if perr == nil {
				t.Fatalf("%s: Decode took %d bytes where the Decoder read %d of %d", m.Form().Name, pn, n, len(b))
				return
			}
			continue
		}
		if perr != nil || pn != n || p.Form() != m.Form() {
			t.Fatalf("%s: Decode disagrees with the Decoder (%d bytes): %v, %d bytes", m.Form().Name, n, perr, pn)
			return
		}
	}
}

// AddSeeds adds every seed to the fuzz target's corpus.
func AddSeeds(f *testing.F, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
}

// AddStream adds every seed to a stream fuzz target's corpus, and all of
// them one after the other, as one stream.
func AddStream(f *testing.F, seeds [][]byte) {
	f.Add(bytes.Join(seeds, nil))
	AddSeeds(f, seeds)
}

// Encode returns m's encoding, failing t if it does not encode.
func Encode(t FTB, m wire.Message) []byte {
	t.Helper()
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatalf("%s: AppendBinary: %v", m.Form().Name, err)
	}
	return b
}

// Encodings returns the encoding of every message of ms, in order (Encode).
func Encodings(t FTB, ms ...wire.Message) [][]byte {
	t.Helper()
	out := make([][]byte, 0, len(ms))
	for _, m := range ms {
		out = append(out, Encode(t, m))
	}
	return out
}
