package codectest

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
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
func CheckReencode(t FTB, m spec.Codec, read []byte) {
	t.Helper()
	re, err := m.AppendBinary(nil)
	if err != nil || !bytes.Equal(re, read) || m.Size() != len(read) {
		t.Fatalf("%T: %x decodes but re-encodes to %x, %v (Size %d)", m, read, re, err, m.Size())
	}
}

// Decoding is what a protocol package decodes single frames or datagrams
// with, for the body of its decode fuzz target (Fuzz).
type Decoding struct {
	// Decoder is the reusing decoder, with the package's default policy
	// (wire.Checked), as Decode has.
	Decoder *wire.Decoder
	// Decode is the package's allocating decoder (bzflag.Decode and its
	// kin).
	Decode func(b []byte, from wire.Direction) (wire.Message, int, error)
	// From lists the directions each input is decoded from.
	From []wire.Direction
}

// Fuzz checks one fuzz input b, decoded from every direction of d.From:
// nothing panics; every decode error is a *wire.Error (CheckError); Decode
// and the Decoder answer alike (a message of the same form, or none; the
// same length; the same error, a broken rule's included), as the two entry
// points of one policy must; and what decodes re-encodes to the bytes it
// read (CheckReencode) and passes CheckValidate.
func (d Decoding) Fuzz(t FTB, b []byte) {
	t.Helper()
	for _, from := range d.From {
		m, n, err := d.Decoder.Decode(b, from)
		p, pn, perr := d.Decode(b, from)
		if err != nil {
			CheckError(t, err)
		}
		if perr != nil {
			CheckError(t, perr)
		}
		if (m == nil) != (p == nil) || n != pn || fmt.Sprint(err) != fmt.Sprint(perr) || m != nil && p.Form() != m.Form() {
			t.Fatalf("Decode disagrees with the Decoder: %v %d bytes %v, the Decoder %v %d bytes %v", p, pn, perr, m, n, err)
			return
		}
		if m == nil {
			continue
		}
		CheckReencode(t, m, b[:n])
		CheckReencode(t, p, b[:n])
		CheckValidate(t, m)
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
