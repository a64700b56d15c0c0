package toy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"testing/iotest"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// FuzzStream reads any stream of toy frames with a wire.Stream. mode[0]
// chooses how the stream is delivered (reads of 1..8 bytes, all at once
// with the final EOF in the same call, halves, or with empty reads in
// between) and mode[1] the policy and the direction; in is the stream.
//
// Invariants: nothing panics; the Stream splits in into exactly the
// frames of a simple model of the toy's framing, which also predicts the
// error that ends them (a *wire.Error, the length and the limit of a
// frame too long included, except a clean end's io.EOF); each frame's
// message and error are a Decoder's of the same policy (ErrTrailing when
// the message leaves bytes of its frame unread), and under Checked the
// one-shot wire.Decode's too; a message re-encodes to its frame; nothing
// received is lost: the frames, then Buffered, are the bytes the reader
// delivered; and after Reset the Stream splits the stream again the same
// way.
func FuzzStream(f *testing.F) {
	frames := bytes.Join([][]byte{
		Frame(&Ping{Value: 7}), Frame(&Ping{Value: 13}), Frame(&Say{Kind: 1, Text: []byte("hi"), After: 2}),
		Frame(&Say{Text: []byte("x"), Pad: 2}), {0, 1, 0x12, 0x34, 0xee}, Frame(&Pong{X: -1, ID: [2]uint8{1, 2}}),
	}, nil)
	f.Add([]byte{0, 0}, frames)
	f.Add([]byte{0x43, 1}, frames)
	f.Add([]byte{0x85, 5}, append(frames, 0, 30, 0x70, 0x69))
	f.Add([]byte{0xc2, 4}, append(frames, 0, 5, 0x73, 0x61, 1))
	f.Add([]byte{7, 8}, Frame(&Say{Text: bytes.Repeat([]byte("x"), 20)}))
	f.Add([]byte{1, 3}, []byte{0})
	f.Fuzz(func(t *testing.T, mode []byte, in []byte) {
		if len(mode) < 2 {
			return
		}
		var src io.Reader = bytes.NewReader(in)
		switch mode[0] >> 6 {
		case 0:
			src = &Chunks{Data: in, Size: 1 + int(mode[0]&7)}
		case 1:
			src = iotest.DataErrReader(src)
		case 2:
			src = iotest.HalfReader(src)
		case 3:
			src = &Stutter{Data: in, Gap: int(mode[0] & 7)}
		}
		policy := wire.Policy(mode[1] % 3)
		from := [...]wire.Direction{wire.FromClient, wire.FromServer, wire.Both}[mode[1]/3%3]
		cr := &Counting{R: src}
		s := wire.NewStream(Table, cr, from)
		s.SetPolicy(policy)
		d := wire.NewDecoder(Table)
		d.Policy = policy
		want, end := modelFrames(in)
		var got []byte
		for i := 0; ; i++ {
			m, err := s.Next()
			if i == len(want) {
				checkEnd(t, err, end, in[len(got):])
				break
			}
			checkFrame(t, want[i], m, err, d, from)
			got = append(got, want[i]...)
		}
		if cr.N > len(in) {
			t.Fatalf("the reader delivered %d of %d bytes", cr.N, len(in))
		}
		if all := append(got, s.Buffered()...); !bytes.Equal(all, in[:cr.N]) {
			t.Fatalf("frames+Buffered = % x, want the %d bytes delivered % x", all, cr.N, in[:cr.N])
		}
		s.Reset(bytes.NewReader(in))
		for i := range want {
			if b, err := s.NextFrame(); err != nil || !bytes.Equal(b, want[i]) {
				t.Fatalf("after Reset, frame %d = % x, %v; want % x", i, b, err, want[i])
			}
		}
		if _, err := s.NextFrame(); !errors.Is(err, end) {
			t.Fatalf("after Reset, the end: %v, want %v", err, end)
		}
	})
}

// modelFrames splits in as a Stream of the toy must: the frames, and the
// error that ends them.
func modelFrames(in []byte) (frames [][]byte, err error) {
	for {
		switch {
		case len(in) == 0:
			return frames, io.EOF
		case len(in) < 2:
			return frames, wire.ErrUnexpectedEnd
		}
		n := int(codec.BigEndian.U16(in)) + 4
		switch {
		case n > Protocol.HardMax:
			return frames, wire.ErrTooLong
		case n > len(in):
			return frames, wire.ErrUnexpectedEnd
		}
		frames, in = append(frames, in[:n]), in[n:]
	}
}

// checkEnd fails t unless err, after the last whole frame, is the end the
// model predicts, with the place and the length: rest is the stream after
// the frames, delivered whole when the stream ends inside a frame.
func checkEnd(t *testing.T, err, end error, rest []byte) {
	t.Helper()
	if end == io.EOF {
		if err != io.EOF {
			t.Fatalf("the end: %v, want io.EOF", err)
		}
		return
	}
	var e *wire.Error
	if !errors.As(err, &e) || e.Err != end || e.Protocol != "toy" || e.Message != "frame" {
		t.Fatalf("the end: %v (%T), want a *wire.Error of the frame wrapping %v", err, err, end)
	}
	want := wire.Error{Protocol: "toy", Message: "frame", Offset: len(rest), Err: end}
	if end == wire.ErrTooLong {
		want = wire.Error{Protocol: "toy", Message: "frame", Field: "length", Err: end,
			Length: int(codec.BigEndian.U16(rest)) + 4, Limit: Protocol.HardMax}
	}
	if *e != want {
		t.Fatalf("the end: %+v, want %+v", *e, want)
	}
}

// checkFrame fails t unless m and err, what a Stream read from frame sent
// from, are d's answer for it (ErrTrailing when the message read less
// than its frame), whose answer is, under Checked, the one-shot Decode's
// too; and unless m re-encodes to frame.
func checkFrame(t *testing.T, frame []byte, m wire.Message, err error, d *wire.Decoder, from wire.Direction) {
	t.Helper()
	dm, dn, derr := d.Decode(frame, from)
	if d.Policy == wire.Checked {
		om, on, oerr := wire.Decode(Table, frame, from)
		if (om == nil) != (dm == nil) || om != nil && om.Form() != dm.Form() || on != dn || fmt.Sprint(oerr) != fmt.Sprint(derr) {
			t.Fatalf("frame % x: Decode = %v, %d, %v; a Decoder says %v, %d, %v", frame, om, on, oerr, dm, dn, derr)
		}
	}
	if dm != nil && dn != len(frame) {
		dm, derr = nil, fmt.Errorf("toy: %s: at byte %d: trailing bytes", dm.Form().Name, dn)
	}
	if (m == nil) != (dm == nil) || m != nil && m.Form() != dm.Form() || fmt.Sprint(err) != fmt.Sprint(derr) {
		t.Fatalf("frame % x: %v, %v; a Decoder says %v, %v", frame, m, err, dm, derr)
	}
	if err != nil {
		var e *wire.Error
		if !errors.As(err, &e) {
			t.Fatalf("frame % x: error %v (%T) is not a *wire.Error", frame, err, err)
		}
		if e.Offset < 0 || e.Offset > len(frame) {
			t.Fatalf("frame % x: error %v at an offset outside the frame", frame, err)
		}
	}
	if m != nil {
		if out, err := m.AppendBinary(nil); err != nil || !bytes.Equal(out, frame) {
			t.Fatalf("frame % x: %v re-encodes to % x, %v", frame, m, out, err)
		}
	}
}
