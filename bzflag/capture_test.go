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
	seen := map[string]int{}
	nettest.EachCapture(t, bzfsClient, bzfsServer, func(file string, from wire.Direction, b []byte) {
		d := bzflag.NewDecoder()
		d.Policy = wire.Strict
		codectest.CheckCapture(t, file, b, codectest.Frames(d, b, from), func(m wire.Message) {
			if ap, ok := m.(*bzflag.AddPlayer); ok && ap.HasAssignedID {
				seen["AddPlayer with assigned id"]++
			}
			seen[from.String()+" "+bzflag.CodeOf(m).String()]++
		})
	})
	t.Logf("frames: %v", seen)
	for _, want := range []string{"server MsgGetWorld", "server MsgAccept", "server MsgAddPlayer", "server MsgTeamUpdate",
		"client MsgEnter", "client MsgGetWorld", "AddPlayer with assigned id", "client MsgIdAck"} {
		if seen[want] == 0 {
			t.Errorf("capture holds no %s", want)
		}
	}
}
