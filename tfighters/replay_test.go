package tfighters_test

import (
	"encoding/hex"
	"net/netip"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
)

// originalToAlice is what the original server (commit 8812983, x86-64
// build, on 127.0.0.1) sent a gamewire Client "Alice" that joined, spawned,
// saw Bob join, spawn, move, turn and shoot, chatted, saw Bob change nick
// and leave. Its pings carry 8-byte times (erratum 4).
var originalToAlice = []string{
	"0a0000000100000005000000",
	"06000007004f6b00",
	"0a0002000803000000000000",
	"29000006050000002823000018790000504600000000000000000000000000000000000000416c69636500",
	"0b000204050000000183130000",
	"0600030000000000",
	"0a0002006a03000000000000",
	"0600030000000000",
	"0a000200d003000000000000",
	"0600030000000000",
	"0a0002003704000000000000",
	"0600030000000000",
	"0a0002009d04000000000000",
	"02000002",
	"0600030000000000",
	"0b000204050000000188130000",
	"1f0005060500000028230000187900005046000000000000000000000000000000",
	"27000006060000002823000018790000504600000000000000000000000000000000000000426f6200",
	"0b000204060000000188130000",
	"1f0005060600000028230000187900005046000000000000000000000000000000",
	"13000004060000008c230000187900000114000000",
	"13000104060000008c230000187900000244480000",
	"1600030600000000060000008c2300001879000044480000",
	"1a0000050500000068656c6c6f2066726f6d2067616d657769726500",
	"0c00040606000000426f62627900",
	"110007060600000052656164206572726f7200",
}

// TestClientReplaysOriginal feeds the original server's frames to a Client
// and checks its answers and what it learns.
func TestClientReplaysOriginal(t *testing.T) {
	c := tfighters.NewClient("Alice")
	var sent []string
	for i, h := range originalToAlice {
		f := codectest.Hex(t, h)
		m, n, err := tfighters.Decode(f, tfighters.FromServer)
		if err != nil || n != len(h)/2 {
			t.Fatalf("frame %d %s: %v", i, h, err)
		}
		if err := m.Validate(); err != nil {
			t.Errorf("frame %d %s: %v", i, code(m), err)
		}
		if err := c.Handle(epoch, netip.AddrPort{}, f); err != nil {
			t.Fatalf("frame %d %s: %v", i, code(m), err)
		}
		if _, ok := m.(*tfighters.SpawnReady); ok {
			if err := c.Spawn(); err != nil {
				t.Fatal(err)
			}
		}
		for _, unit, ok := c.Transmit(epoch, nil); ok; _, unit, ok = c.Transmit(epoch, nil) {
			sent = append(sent, hex.EncodeToString(unit))
		}
	}
	// What the Client sent in the real session (the same bytes).
	want := []string{
		"0600008001000000",     // CMSG_VERSION 1
		"08000280416c69636500", // CMSG_NICK "Alice"
		"0600038008030000",     // CMSG_PONG: the low 32 bits of the 8-byte time
		"060003806a030000",
		"06000380d0030000",
		"0600038037040000",
		"060003809d040000",
		"02000082", // CMSG_SPAWN
	}
	if len(sent) != len(want) {
		t.Fatalf("sent %v, want %v", sent, want)
	}
	for i := range want {
		if sent[i] != want[i] {
			t.Errorf("answer %d = %s, want %s", i, sent[i], want[i])
		}
	}
	if c.State() != tfighters.ClientPlaying || c.ID() != 5 || c.ServerVersion() != 1 {
		t.Errorf("state %s, id %d, server version %d", c.State(), c.ID(), c.ServerVersion())
	}
	if c.Object(6) != nil {
		t.Error("Bob (6) still known after his SMSG_KICK")
	}
	if me := c.Object(5); me == nil || me.Nick != "Alice" || !me.Alive || me.X.Float() != 90 || me.Y.Float() != 310 {
		t.Errorf("own object %+v", me)
	}
}
