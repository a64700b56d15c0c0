package lwar_test

import (
	"testing"

	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
)

// vector is a golden vector of one message type, with what the tests
// need of that type: the golden check and the contract harness.
type vector struct {
	name   string
	msg    lwar.Message
	hex    string
	golden func(t *testing.T)
	check  func(t *testing.T, opts ...codectest.Option)
}

// newVector returns the vector of m, whose encoding is hex; its type
// parameters follow from m.
func newVector[T any, P interface {
	*T
	lwar.Message
}](name string, m P, hex string) vector {
	return vector{name: name, msg: m, hex: hex,
		golden: func(t *testing.T) { codectest.Golden(t, m, hex) },
		check: func(t *testing.T, opts ...codectest.Option) {
			codectest.Check[T, P](t, lwargen.Form(m.Form().Name), opts...)
		}}
}

// golden holds one encoding of every message type, written byte by byte
// from the spec's tables ("Message Header", "Messages Payload Data"): all
// fields big-endian, an Id as generation then identity (see the errata).
var golden = []vector{
	newVector("Connect", &lwar.Connect{Seqno: 1, Name: []byte("Axel")},
		"01 00000001 | 04 4178656c"),
	newVector("Disconnect", &lwar.Disconnect{Seqno: 7},
		"02 00000007"),
	newVector("Join", &lwar.Join{Seqno: 1, PlayerID: lwar.ID{Generation: 0, Identity: 1}, Name: []byte("Gidon")},
		"03 00000001 | 0000 0001 | 05 476964 6f6e"),
	newVector("Leave", &lwar.Leave{Seqno: 2, PlayerID: lwar.ID{Generation: 1, Identity: 3}},
		"04 00000002 | 0001 0003"),
	newVector("Chat", &lwar.Chat{Seqno: 3, PlayerID: lwar.ID{Identity: 2}, Msg: []byte("hi")},
		"05 00000003 | 0000 0002 | 02 6869"),
	newVector("Add", &lwar.Add{Seqno: 4, EntityID: lwar.ID{Generation: 2, Identity: 0x10}, PlayerID: lwar.ID{Identity: 1}, TypeID: 5},
		"06 00000004 | 0002 0010 | 0000 0001 | 05"),
	newVector("Remove", &lwar.Remove{Seqno: 5, EntityID: lwar.ID{Generation: 2, Identity: 0x10}},
		"07 00000005 | 0002 0010"),
	newVector("Selection", &lwar.Selection{Seqno: 6, PlayerID: lwar.ID{Identity: 1}, ShipType: 1, WeaponType: [4]uint8{2, 3, 4, 5}},
		"08 00000006 | 0000 0001 | 01 | 02 03 04 05"),
	newVector("Name", &lwar.Name{Seqno: 8, PlayerID: lwar.ID{Identity: 1}, Name: []byte("Bob")},
		"09 00000008 | 0000 0001 | 03 426f62"),
	newVector("Synced", &lwar.Synced{Seqno: 9},
		"0a 00000009"),
	newVector("Stats", &lwar.Stats{Entries: []lwar.StatsEntry{
		{Player: lwar.ID{Identity: 1}, Kills: 3, Deaths: 1, Ping: 50},
		{Player: lwar.ID{Generation: 1, Identity: 2}, Kills: 0, Deaths: 4, Ping: 500},
	}}, "65 02 | 0000 0001 0003 0001 0032 | 0001 0002 0000 0004 01f4"),
	newVector("Input", &lwar.Input{PlayerID: lwar.ID{Identity: 1}, FrameNo: 42,
		Forward: 1, Backward: 0, TurnLeft: 3, TurnRight: 0, StrafeLeft: 0xff, StrafeRight: 0x80,
		Shooting: [4]uint8{1, 0, 0, 2}, AimX: -2, AimY: 100},
		"67 | 0000 0001 | 0000002a | 01 00 03 00 ff 80 | 01 00 00 02 | fffe 0064"),
	newVector("Full", &lwar.Full{}, "68"),
	newVector("Collision", &lwar.Collision{EntityIDs: [2]lwar.ID{{Identity: 0x10}, {Generation: 1, Identity: 0x11}}, X: -100, Y: 50},
		"69 | 0000 0010 | 0001 0011 | ff9c 0032"),
	newVector("Update", &lwar.Update{Entries: []lwar.UpdateEntry{{EntityID: lwar.ID{Identity: 0x10}, X: 100, Y: -200, Orientation: 180, Health: 100}}},
		"6e 01 | 0000 0010 | 0064 ff38 | 00b4 | 64"),
	newVector("UpdatePos", &lwar.UpdatePos{Entries: []lwar.UpdatePosEntry{{EntityID: lwar.ID{Identity: 0x11}, X: 1, Y: 2}}},
		"6f 01 | 0000 0011 | 0001 0002"),
	newVector("UpdateRay", &lwar.UpdateRay{Entries: []lwar.UpdateRayEntry{{EntityID: lwar.ID{Identity: 0x12}, Orientation: 90, Length: 500}}},
		"70 01 | 0000 0012 | 0000 0000 | 005a 01f4"),
	newVector("UpdateCircle", &lwar.UpdateCircle{Entries: []lwar.UpdateCircleEntry{{EntityID: lwar.ID{Identity: 0x13}, X: 10, Y: 11, Radius: 32}}},
		"71 01 | 0000 0013 | 000a 000b | 0020"),
	newVector("Update (empty)", &lwar.Update{}, "6e 00"),
}

// unhex decodes hex written with spaces and "|" separators.

func TestGolden(t *testing.T) {
	for _, g := range golden {
		t.Run(g.name, func(t *testing.T) {
			g.golden(t)
			// The type byte and the header size agree with the spec's table.
			b := codectest.Hex(t, g.hex)
			if lwar.Type(b[0]) != lwar.TypeOf(g.msg) {
				t.Errorf("type byte %d, Type() %d", b[0], lwar.TypeOf(g.msg))
			}
			if lwar.TypeOf(g.msg).Reliable() != (b[0] < 100) {
				t.Errorf("Reliable() disagrees with the id range")
			}
		})
	}
}

// TestGoldenCoversEveryType makes sure the golden table (and with it the
// fuzz seeds) holds every message type of the spec.
func TestGoldenCoversEveryType(t *testing.T) {
	seen := map[lwar.Type]bool{}
	for _, g := range golden {
		seen[lwar.TypeOf(g.msg)] = true
	}
	for i := range lwar.Table().Forms {
		if ty := lwar.Type(lwar.Table().Forms[i].Code); !seen[ty] {
			t.Errorf("no golden vector for %v", ty)
		}
	}
}

func TestGoldenHeader(t *testing.T) {
	codectest.Golden(t, &lwar.Header{Ack: 3, Timestamp: 1000}, "f27087c5 | 00000003 | 000003e8")
}

// TestGoldenPacket decodes a whole packet as the original server would
// send it to a new client: Join with seqno 1 acknowledging the client's
// Connect (ack 1), then Synced, then an unreliable UpdatePos.
func TestGoldenPacket(t *testing.T) {
	b := codectest.Hex(t, `f27087c5 00000001 00000bb8
		03 00000001 0000 0001 04 4178656c
		0a 00000002
		6f 01 0000 0011 0001 0002`)
	want := lwar.Packet{Header: lwar.Header{Ack: 1, Timestamp: 3000}, Messages: []lwar.Message{
		&lwar.Join{Seqno: 1, PlayerID: lwar.ID{Identity: 1}, Name: []byte("Axel")},
		&lwar.Synced{Seqno: 2},
		&lwar.UpdatePos{Entries: []lwar.UpdatePosEntry{{EntityID: lwar.ID{Identity: 0x11}, X: 1, Y: 2}}},
	}}
	var got lwar.Packet
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" {
		t.Fatalf("decoded packet differs (-want +got):\n%s", d)
	}
	enc, err := want.MarshalBinary()
	if err != nil || string(enc) != string(b) {
		t.Fatalf("MarshalBinary = %x, %v\nwant %x", enc, err, b)
	}
}
