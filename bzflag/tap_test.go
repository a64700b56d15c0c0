package bzflag_test

import (
	"bytes"

	"net"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
)

// tapped is one frame a Tap saw.
type tapped struct {
	from  bzflag.Direction
	frame []byte
}

// TestTapRecordsSession records Example_game's session (TCP and UDP) with
// a Dialer's Tap and Wrap, and replays it:
//   - the TCP frames the Tap saw are, byte for byte, the bytes that went
//     through the socket (the Wrap's recorder), both ways (but for what
//     the Conn has read and not yet returned);
//   - every recorded frame decodes strictly and re-encodes to its bytes;
//   - a new Game fed the recorded server frames, in order, ends with the
//     same tables of players, flags and teams as the Game that played.
func TestTapRecordsSession(t *testing.T) {
	s, wait := startGameServer(t, true)

	var rec *nettest.Recorder
	var all, tcp []tapped
	tcpTap := func(from bzflag.Direction, f []byte) {
		all = append(all, tapped{from, bytes.Clone(f)})
		tcp = append(tcp, tapped{from, bytes.Clone(f)})
	}
	wrap := func(c net.Conn) net.Conn { rec = &nettest.Recorder{Conn: c}; return rec }
	var log bytes.Buffer
	p, err := dialPlayer(s.addr(), true, &log, wrap, tcpTap)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.g.UDP.Tap = func(from bzflag.Direction, f []byte) { all = append(all, tapped{from, bytes.Clone(f)}) }
	if err := p.play(); err != nil {
		t.Fatalf("client: %v\n%s", err, log.String())
	}
	if err := wait(); err != nil {
		t.Fatalf("server: %v", err)
	}

	var in, out []byte
	for _, f := range tcp {
		if f.from == bzflag.FromServer {
			in = append(in, f.frame...)
		} else {
			out = append(out, f.frame...)
		}
	}
	// What was read and not yet returned as a frame is not tapped.
	read, sent := rec.Received(), rec.Sent()
	if !bytes.Equal(in, read[:len(read)-len(p.g.TCP.Buffered())]) || !bytes.Equal(out, sent) {
		t.Errorf("the Tap saw %d bytes in, %d out; the socket carried %d in, %d out", len(in), len(out), len(read), len(sent))
	}
	if len(all) <= len(tcp) {
		t.Fatalf("no UDP frame tapped (%d frames, %d over TCP)", len(all), len(tcp))
	}

	// Replay.
	dec := bzflag.NewDecoder()
	dec.Policy = wire.Strict
	g := &bzflag.Game{TCP: wire.NewConn(bzflag.Table(), &sink{}, bzflag.FromServer)}
	g.Join.Enter = p.g.Join.Enter
	if err := g.Start(0); err != nil {
		t.Fatal(err)
	}
	for i, f := range all {
		m, n, err := dec.Decode(f.frame, f.from)
		if err != nil || n != len(f.frame) {
			t.Fatalf("frame %d (%s): %v", i, f.from, err)
		}
		if b, err := m.AppendBinary(nil); err != nil || !bytes.Equal(b, f.frame) {
			t.Fatalf("frame %d (%v) does not re-encode to its bytes", i, bzflag.CodeOf(m))
		}
		if f.from == bzflag.FromServer {
			if err := g.Handle(m, 0); err != nil {
				t.Fatalf("replay of frame %d (%v): %v", i, bzflag.CodeOf(m), err)
			}
		}
	}
	if g.ID() != p.g.ID() || *g.Teams() != *p.g.Teams() {
		t.Errorf("replayed id %v, teams %v; played %v, %v", g.ID(), g.Teams(), p.g.ID(), p.g.Teams())
	}
	if a, b := g.Flags(), p.g.Flags(); len(a) != len(b) || a[0] != b[0] {
		t.Errorf("replayed flags %v, played %v", a, b)
	}
	a, b := g.Players(), p.g.Players()
	if len(a) != len(b) {
		t.Fatalf("replayed %d players, played %d", len(a), len(b))
	}
	for i := range a {
		a[i].Updated, b[i].Updated = 0, 0
		if a[i] != b[i] {
			t.Errorf("player %d replayed %+v\nplayed %+v", i, a[i], b[i])
		}
	}
}
