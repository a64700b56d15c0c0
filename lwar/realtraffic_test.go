package lwar_test

import (
	"bytes"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/lwar"
)

// realTraffic is one session with the original lwar server of revision 14
// (github.com/axel-habermaier/lwar, commit 2796ebc, Source/Server built
// with gcc on Linux, bound to 127.0.0.1): the client's datagrams were built
// by this package, the server's are what it answered.
var realTraffic = []struct {
	from  string
	hex   string
	types []lwar.Type
}{
	{"client", "f27087c5000000000000000001000000010867616d6577697265",
		[]lwar.Type{lwar.TypeConnect}},
	{"server", "f27087c50000000100000aa40300000001000000010867616d657769726503000000020000000006736572766572060000000300000000000000000306000000040000000100000000040a000000056e020000000001f401f400006400000001fe0bfff6000064",
		[]lwar.Type{lwar.TypeJoin, lwar.TypeJoin, lwar.TypeAdd, lwar.TypeAdd, lwar.TypeSynced, lwar.TypeUpdate}},
	{"client", "f27087c500000005000000640500000002000000010d68656c6c6f2066726f6d20676f09000000030000000106676f70686572080000000400000001030400000067000000010000000101000000000000000000000a0014",
		[]lwar.Type{lwar.TypeChat, lwar.TypeName, lwar.TypeSelection, lwar.TypeInput}},
	{"server", "f27087c50000000400000ac30500000006000000010d68656c6c6f2066726f6d20676f09000000070000000106676f7068657208000000080000000103040000000600000009000000020000000103060000000a0000000300000001046e040000000001f401f400006400000001fe0cfff600006400000002000000000000640000000300000000000064",
		[]lwar.Type{lwar.TypeChat, lwar.TypeName, lwar.TypeSelection, lwar.TypeAdd, lwar.TypeAdd, lwar.TypeUpdate}},
	{"client", "f27087c500000009000000c80200000005",
		[]lwar.Type{lwar.TypeDisconnect}},
	{"server", "f27087c50000000500000add060000000a000000030000000104040000000b000000016e040000000001f401f400006400000001fe0dfff500006400000002000000000000640000000300000000000064",
		[]lwar.Type{lwar.TypeAdd, lwar.TypeLeave, lwar.TypeUpdate}},
}

// TestRealTraffic decodes the session byte for byte and checks what the
// spec says of it.
func TestRealTraffic(t *testing.T) {
	var packets []lwar.Packet
	for i, d := range realTraffic {
		b := codectest.Hex(t, d.hex)
		var p lwar.Packet
		if err := p.UnmarshalBinary(b); err != nil {
			t.Fatalf("datagram %d (%s): %v", i, d.from, err)
		}
		var types []lwar.Type
		for _, m := range p.Messages {
			types = append(types, lwar.TypeOf(m))
			if err := m.Validate(); err != nil {
				t.Errorf("datagram %d: the original sent an invalid %v: %v", i, lwar.TypeOf(m), err)
			}
		}
		if diff(d.types, types) != "" {
			t.Errorf("datagram %d: types %v, want %v", i, types, d.types)
		}
		enc, err := p.MarshalBinary()
		if err != nil || !bytes.Equal(enc, b) {
			t.Errorf("datagram %d: re-encoded %x, %v", i, enc, err)
		}
		packets = append(packets, p)
	}
	// "This must be the first message sent to the new client and it must
	// have sequence number 1. Furthermore, this message must acknowledge
	// the reception of the client's Connect message."
	first := packets[1]
	join, ok := first.Messages[0].(*lwar.Join)
	if !ok || join.Seqno != 1 || first.Header.Ack != 1 || string(join.Name) != "gamewire" {
		t.Errorf("server's first packet: ack %d, %+v", first.Header.Ack, first.Messages[0])
	}
	// The server forwards the client's Chat with its own seqno.
	sent := packets[2].Messages[0].(*lwar.Chat)
	fwd := packets[3].Messages[0].(*lwar.Chat)
	if string(sent.Msg) != string(fwd.Msg) || sent.PlayerID != fwd.PlayerID || fwd.Seqno != 6 {
		t.Errorf("forwarded chat %+v, sent %+v", fwd, sent)
	}
	// The Leave for the disconnecting client acknowledges its Disconnect.
	last := packets[5]
	if leave, ok := last.Messages[1].(*lwar.Leave); !ok || leave.PlayerID != join.PlayerID || last.Header.Ack != 5 {
		t.Errorf("leave packet: ack %d, %+v", last.Header.Ack, last.Messages[1])
	}
}
