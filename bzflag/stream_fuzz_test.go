package bzflag_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
)

// FuzzStream reads any bytes as a stream from a client and from a server:
// nothing panics, and every message read re-encodes to exactly the frame
// it came from (the spec's framing, specFrame, over the same bytes gives the frames), with
// Size() equal to its length; the stream stops at the first framing error
// only; every error of a frame that is there is a *wire.Error, and every
// message passes checkValidate. The seeds include every golden vector.
func FuzzStream(f *testing.F) {
	f.Add(frames(f, serverMessages()...))
	f.Add(frames(f, &bzflag.GetWorldRequest{Offset: 0}, &bzflag.Enter{ID: myID, CallSign: bzflag.NewCallSign("a")},
		&bzflag.AliveFromClient{}, &bzflag.PlayerUpdate{}, &bzflag.ShotBegin{}, &bzflag.MessageFromClient{}, &bzflag.Exit{}))
	f.Add(frames(f, &bzflag.GetWorldReply{Remaining: 3, Data: []byte{1, 2, 3}}, &bzflag.Reject{Reason: bzflag.RejectServerFull}))
	// Every golden vector, one after the other: each direction's stream
	// meets its own forms and the other side's.
	var all []byte
	for _, v := range goldenVectors {
		all = append(all, v.bytes()...)
	}
	f.Add(all)
	f.Add([]byte{0, 3, 'z', 'z', 1, 2, 3})
	f.Add([]byte{0xff, 0xff, 'a', 'c'})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, from := range []bzflag.Direction{bzflag.FromClient, bzflag.FromServer} {
			s := bzflag.NewStream(bytes.NewReader(b), from)
			if from == bzflag.FromServer {
				s.SetPolicy(wire.Lax)
			}
			rest := b
			for i := 0; ; i++ {
				frame, ferr := specFrame(&rest)
				m, err := s.Next()
				if ferr != nil {
					if err == nil {
						t.Fatalf("frame %d: the stream read %v where framing fails with %v", i, bzflag.CodeOf(m), ferr)
					}
					break
				}
				if err != nil {
					codectest.CheckError(t, err)
				}
				if m == nil {
					if err == nil {
						t.Fatalf("frame %d: no message and no error", i)
					}
					continue
				}
				codectest.CheckValidate(t, m)
				codectest.CheckReencode(t, m, frame)
			}
		}
	})
}

// errSpecTooLong is specFrameLen's error for a frame over MaxPacketLen.
var errSpecTooLong = errors.New("frame longer than MaxPacketLen")

// specFrame cuts the next frame off *rest by the spec's framing, written
// apart from the table's, for FuzzStream to hold the Stream to: io.EOF at
// the end, an error for a frame over MaxPacketLen or cut short.
func specFrame(rest *[]byte) ([]byte, error) {
	b := *rest
	if len(b) == 0 {
		return nil, io.EOF
	}
	if len(b) < bzflag.HeaderLen {
		return nil, io.ErrUnexpectedEOF
	}
	n, err := specFrameLen(b[:bzflag.HeaderLen])
	switch {
	case err != nil:
		return nil, err
	case n > len(b):
		return nil, io.ErrUnexpectedEOF
	}
	*rest = b[n:]
	return b[:n], nil
}

// specFrameLen is the spec's framing: the header's length counts the body
// only ("excludes itself and the code"), and no frame is longer than
// MaxPacketLen.
func specFrameLen(h []byte) (int, error) {
	n := bzflag.HeaderLen + int(binary.BigEndian.Uint16(h))
	if n > bzflag.MaxPacketLen {
		return 0, errSpecTooLong
	}
	return n, nil
}
