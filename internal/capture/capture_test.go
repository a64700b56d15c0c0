package capture

import (
	"bytes"
	"net/netip"
	"testing"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// TestTCP writes a connection and reads it back: the handshake, the data
// of each side in order with contiguous sequence numbers and segments of
// at most MSS, ACKs of what the other side sent, FIN, rising times, and
// checksums that verify.
func TestTCP(t *testing.T) {
	var buf bytes.Buffer
	start := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	w, err := NewWriter(&buf, start)
	if err != nil {
		t.Fatal(err)
	}
	client, server := netip.MustParseAddrPort("192.0.2.10:40000"), netip.MustParseAddrPort("198.51.100.7:5155")
	c, err := w.TCP(client, server, 1000, 5000)
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("0123456789"), 400) // 4000 bytes: 3 segments
	if err := c.Send(false, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	if err := c.Send(true, big); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.TCP(netip.MustParseAddrPort("[2001:db8::1]:1"), server, 0, 0); err == nil {
		t.Error("an IPv6 address: no error")
	}

	r, err := pcapgo.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var got [2][]byte
	var flags []string
	last := time.Time{}
	next := [2]uint32{1001, 5001}
	for {
		data, ci, err := r.ReadPacketData()
		if err != nil {
			break
		}
		if !ci.Timestamp.After(last) {
			t.Errorf("time %v after %v", ci.Timestamp, last)
		}
		last = ci.Timestamp
		pkt := gopacket.NewPacket(data, layers.LinkTypeEthernet, gopacket.Default)
		if e := pkt.ErrorLayer(); e != nil {
			t.Fatal(e.Error())
		}
		ip := pkt.Layer(layers.LayerTypeIPv4).(*layers.IPv4)
		tcp := pkt.Layer(layers.LayerTypeTCP).(*layers.TCP)
		// Re-serialising with checksums computed gives the same bytes.
		again := gopacket.NewSerializeBuffer()
		tcp.SetNetworkLayerForChecksum(ip)
		gopacket.SerializeLayers(again, gopacket.SerializeOptions{ComputeChecksums: true, FixLengths: true},
			pkt.Layer(layers.LayerTypeEthernet).(*layers.Ethernet), ip, tcp, gopacket.Payload(tcp.Payload))
		if !bytes.Equal(again.Bytes(), data) {
			t.Error("a checksum or length does not verify")
		}
		side := 0
		if uint16(tcp.SrcPort) == server.Port() {
			side = 1
		}
		switch {
		case tcp.SYN:
			flags = append(flags, "SYN")
		case tcp.FIN:
			flags = append(flags, "FIN")
		case len(tcp.Payload) > 0:
			if tcp.Seq != next[side] {
				t.Errorf("side %d: seq %d, want %d", side, tcp.Seq, next[side])
			}
			if len(tcp.Payload) > MSS {
				t.Errorf("a segment of %d bytes", len(tcp.Payload))
			}
			if tcp.Ack != next[1-side] {
				t.Errorf("side %d: ack %d, want %d", side, tcp.Ack, next[1-side])
			}
			got[side] = append(got[side], tcp.Payload...)
			next[side] += uint32(len(tcp.Payload))
		}
	}
	if string(got[0]) != "hello" || !bytes.Equal(got[1], big) {
		t.Errorf("the streams read back differ: %q, %d bytes", got[0], len(got[1]))
	}
	if want := "SYN SYN FIN FIN"; string(bytes.Join(func() [][]byte {
		var b [][]byte
		for _, f := range flags {
			b = append(b, []byte(f))
		}
		return b
	}(), []byte(" "))) != want {
		t.Errorf("flags %v, want %s", flags, want)
	}
}
