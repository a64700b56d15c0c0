package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/lwar"
)

// lwarPackets are datagrams in the spec's layout: a server's first packet
// to a new client (Join, Synced, Chat, UpdatePos, Full), a client's
// Connect with an Input, and a header-only ack.
var lwarPackets = []string{
	"f27087c50000000100000bb8" + "030000000100000001044178656c" + "0a00000002" + "05000000030000000102" + "6869" + "6f01000000110001000268",
	"f27087c50000000000000010" + "01000000010441786" + "56c" + "67" + "00000001" + "00000001" + "010000000000" + "00000000" + "fffe0064",
	"f27087c5000000070000abcd",
}

// lwarCapture returns the datagrams of the loopback capture in
// testdata/lwar (one hex datagram per line), if it is there.
func lwarCapture(t *testing.T) []string {
	files, _ := filepath.Glob("../../testdata/lwar/*.hex")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
	}
	return out
}

// lwarOversize returns, in hex, a datagram over the spec's 512 bytes as
// the original server sends them (docs/errata/lwar.md, E5): Joins, the
// last one appended past the limit.
func lwarOversize(t *testing.T) string {
	p := lwar.Packet{Header: lwar.Header{Ack: 1, Timestamp: 7}}
	for p.Size() <= lwar.MaxPacketSize {
		p.Messages = append(p.Messages, &lwar.Join{Seqno: uint32(len(p.Messages) + 1), Name: []byte(strings.Repeat("n", 30))})
	}
	b, err := p.AppendLax(nil)
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func TestLwarDecodeEncodeIdentity(t *testing.T) {
	packets := append(append([]string{}, lwarPackets...), lwarCapture(t)...)
	packets = append(packets, lwarOversize(t))
	in := strings.Join(packets, "\n") + "\n"
	code, out, errs := runCLI(t, in, "decode", "-proto", "lwar", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(packets) {
		t.Fatalf("%d lines for %d datagrams", len(lines), len(packets))
	}
	var first struct {
		Msg       string           `json:"msg"`
		Ack       uint32           `json:"ack"`
		Timestamp uint32           `json:"timestamp"`
		Messages  []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Msg != "Packet" || first.Ack != 1 || first.Timestamp != 3000 || len(first.Messages) != 5 ||
		first.Messages[0]["msg"] != "Join" || first.Messages[0]["name"] != "Axel" ||
		first.Messages[2]["message"] != "hi" || first.Messages[4]["code"] != 104.0 {
		t.Errorf("first datagram = %s", lines[0])
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); !strings.Contains(lines[len(lines)-1], `"oversize":true`) || strings.Contains(lines[0], "oversize") {
		t.Errorf("the over-size datagram is not flagged, or another is: %s", lines[len(lines)-1])
	}
	code, hexOut, errs := runCLI(t, out, "encode", "-proto", "lwar", "-hex")
	if code != exitOK {
		t.Fatalf("encode: exit %d, %s", code, errs)
	}
	if got := strings.Fields(hexOut); strings.Join(got, "\n") != strings.Join(packets, "\n") {
		t.Errorf("decode | encode =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(packets, "\n"))
	}
}

func TestLwarMalformed(t *testing.T) {
	checkDecodeCases(t, "lwar", []decodeCase{
		{"wrong appId", "", "f27087c6000000010000000268", "appId"},
		{"deprecated type", "", "f27087c5000000010000000266", "102"},
		{"cut message", "", "f27087c500000001000000020500000001000000010568", "message"},
	})
	bad := `{"msg":"Packet","appId":1,"ack":0,"timestamp":0,"messages":[]}`
	if code, _, _ := runCLI(t, bad, "encode", "-proto", "lwar", "-hex"); code == exitOK {
		t.Error("encode accepted a wrong appId")
	}
	big := `{"msg":"Packet","ack":0,"timestamp":0,"messages":[` +
		`{"msg":"Chat","seqno":1,"playerId":{"generation":0,"identity":1},"message":"` + strings.Repeat("x", 255) + `"},` +
		`{"msg":"Chat","seqno":2,"playerId":{"generation":0,"identity":1},"message":"` + strings.Repeat("x", 255) + `"}]}`
	if code, _, errs := runCLI(t, big, "encode", "-proto", "lwar", "-hex"); code == exitOK || !strings.Contains(errs, "too long") {
		t.Errorf("encode of a 542-byte packet: exit %d, %s", code, errs)
	}
}

func TestLwarSpec(t *testing.T) {
	checkSpec(t, "lwar", "Connect", "UpdateCircle", "code   113", "seqno", "entries")
}

// TestLwarIDOrder: an Id prints in the wire's order, generation then
// identity, in the text line and in JSON, as lwar.ID.String ("G/I") does.
// The datagram's Join names generation 0x0102, identity 0x0304.
func TestLwarIDOrder(t *testing.T) {
	pkt := "f27087c50000000100000bb8" + "03" + "00000001" + "01020304" + "0141"
	code, out, errs := runCLI(t, pkt+"\n", "decode", "-proto", "lwar", "-hex")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	if !strings.Contains(out, "playerId={generation=258 identity=772}") {
		t.Errorf("text line %q, want playerId={generation=258 identity=772}", out)
	}
	code, out, errs = runCLI(t, pkt+"\n", "decode", "-proto", "lwar", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode -json: exit %d, %s", code, errs)
	}
	if !strings.Contains(out, `"playerId":{"generation":258,"identity":772}`) {
		t.Errorf("JSON line %q", out)
	}
	if s := (lwar.ID{Generation: 258, Identity: 772}).String(); s != "258/772" {
		t.Errorf("ID.String() = %q, want 258/772", s)
	}
}
