package bzflag_test

import (
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
)

// TestCaptureCodec decodes the traffic of a real session with the original
// bzfs 1.7g2 server (testdata/bzflag/bzfs-1.7g2-*.bin, recorded by the
// loopback test) strictly, frame by frame, and re-encodes every frame
// byte for byte. It also checks that the capture holds the forms the spec
// omits and the 1.7g2 server really sends.
func TestCaptureCodec(t *testing.T) {
	must := map[wire.Direction][]string{
		bzflag.FromClient: {"MsgEnter", "MsgGetWorld", "MsgIdAck"},
		bzflag.FromServer: {"MsgGetWorld", "MsgAccept", "MsgAddPlayer", "MsgTeamUpdate"},
	}
	assigned := 0
	nettest.EachCapture(t, bzfsClient, bzfsServer, func(file string, from wire.Direction, b []byte) {
		d := bzflag.NewDecoder()
		d.Policy = wire.Strict
		names := codectest.CheckCapture(t, file, b, codectest.Frames(d, b, from), func(m wire.Message) {
			if ap, ok := m.(*bzflag.AddPlayer); ok && ap.HasAssignedID {
				assigned++
			}
		})
		codectest.Holds(t, file, names, must[from]...)
	})
	if assigned == 0 {
		t.Error("the server's capture holds no MsgAddPlayer with an assigned id")
	}
}
