package bzflag_test

import (
	"errors"
	"fmt"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// Build the MsgEnter a client sends to join, and check it first.
func ExampleEnter() {
	m := &bzflag.Enter{
		Type:     bzflag.TankPlayer,
		Team:     bzflag.BlueTeam,
		CallSign: bzflag.NewCallSign("gopher"),
		Email:    bzflag.NewEmail("anonymous"),
	}
	if err := m.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := m.AppendBinary(make([]byte, 0, bzflag.MaxPacketLen))
	fmt.Printf("%d bytes: % x ...\n", len(b), b[:16])
	// Output: 176 bytes: 00 ac 65 6e 00 00 00 00 00 00 00 00 00 00 00 03 ...
}

// Decode a stream of frames from the server without allocating: the
// decoder reuses one value per message type, and keeps a frame of an
// unknown code as a *wire.Raw.
func ExampleNewDecoder() {
	var stream []byte
	stream, _ = (&bzflag.Accept{}).AppendBinary(stream)
	stream, _ = (&bzflag.TeamUpdate{Team: bzflag.RedTeam, Players: 1, Active: 1}).AppendBinary(stream)
	stream = append(stream, 0, 1, 'z', 'z', '?') // a code 1.7 does not define
	stream, _ = (&bzflag.LagPing{Seq: 42}).AppendBinary(stream)

	d := bzflag.NewDecoder()
	for len(stream) > 0 {
		m, n, err := d.Decode(stream, bzflag.FromServer)
		if err != nil {
			fmt.Println(err)
			return
		}
		stream = stream[n:]
		switch m := m.(type) {
		case *bzflag.TeamUpdate:
			fmt.Println(bzflag.CodeOf(m), m.Team, m.Players)
		case *bzflag.LagPing:
			fmt.Println(bzflag.CodeOf(m), m.Seq, "(echo it back)")
		default:
			fmt.Println(bzflag.CodeOf(m))
		}
	}
	// Output:
	// MsgAccept
	// MsgTeamUpdate RedTeam 1
	// 0x7a7a
	// MsgLagPing 42 (echo it back)
}

// Errors name the message, the field and the byte offset.
func ExampleDecode() {
	frame := []byte{0x00, 0x2a, 0x70, 0x75, 192, 0, 2, 1, 0x14, 0x23} // a cut MsgPlayerUpdate
	_, _, err := bzflag.Decode(frame, bzflag.FromServer)
	fmt.Println(err, errors.Is(err, wire.ErrShort))
	// Output: bzflag: MsgPlayerUpdate: field playerId at byte 4: short input true
}

// The table answers "what are the bytes of X?": every form's fields, with
// their offsets and sizes, header included.
func ExampleTable() {
	f := bzflag.Table().Form("MsgAlive", bzflag.FromServer)
	fmt.Println(f.Name, f.Type, f.From, f.Size, "bytes")
	for _, fl := range f.Layout() {
		fmt.Printf("%3d %2d %-8s %s\n", fl.Offset, fl.Size, fl.Name, fl.Type)
	}
	// Output:
	// MsgAlive AliveFromServer server 36 bytes
	//   0  2 length   u16
	//   2  2 code     u16
	//   4  8 playerId PlayerId
	//  12 12 position f32[3]
	//  24 12 forward  f32[3]
}
