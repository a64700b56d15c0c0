package bzflag_test

import (
	"bytes"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/wire"
)

// nettest.Update (-update) rewrites the captures in testdata/bzflag: go
// test ./bzflag -run TestLoopbackSession -update (and, with BZFS_ADDR,
// TestOriginalServer).

// Paths of the loopback session's capture, from the repository's root:
// the game connection's bytes, client to server and server to client (the
// handshake travels on the first connection and is not in them).
var captureClient, captureServer = nettest.Captures("bzflag")

// TestLoopbackSession runs a session of a Client driven by hand over real loopback TCP,
// records the game connection on the server's side, checks the recorded
// streams message by message, and (with -update) writes them to testdata.
func TestLoopbackSession(t *testing.T) {
	s, err := newTinyServer()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var rec *nettest.Recorder
	s.wrap = func(c net.Conn) net.Conn { rec = &nettest.Recorder{Conn: c}; return rec }
	wait := background(s.serveOne)

	var log bytes.Buffer
	if err := playSession(s.addr(), &log); err != nil {
		t.Fatalf("client: %v\n%s", err, log.String())
	}
	if err := wait(); err != nil {
		t.Fatalf("server: %v", err)
	}
	client, server := rec.Received(), rec.Sent()

	checkSession(t, client, server)
	if *nettest.Update {
		nettest.WriteFiles(t, nettest.File{Path: captureClient, Data: client}, nettest.File{Path: captureServer, Data: server})
	}
}

// TestCapture checks that the shipped capture still decodes, every frame,
// both directions, and tells the session the loopback test plays.
func TestCapture(t *testing.T) {
	client, server := nettest.ReadFile(t, captureClient), nettest.ReadFile(t, captureServer)
	checkSession(t, client, server)
}

// codes reads every message of a recorded stream, strictly (no unknown
// codes, every rule of the spec), checks that each re-encodes to its own
// bytes, and returns their codes.
func codes(t *testing.T, b []byte, from bzflag.Direction) []bzflag.Code {
	t.Helper()
	s := bzflag.NewStream(bytes.NewReader(b), from)
	s.SetPolicy(wire.Strict)
	var out []bzflag.Code
	codectest.CheckCapture(t, from.String()+" stream", b, s.Next, func(m wire.Message) { out = append(out, bzflag.CodeOf(m)) })
	return out
}

// checkSession checks the two streams of the loopback session.
func checkSession(t *testing.T, client, server []byte) {
	t.Helper()
	c := codes(t, client, bzflag.FromClient)
	sv := codes(t, server, bzflag.FromServer)
	// The tiny server's world is 162 bytes, served in chunks of 256: one
	// request. Then the client enters, acknowledges its id, comes alive,
	// sends three updates and a shot, chats and exits.
	wantClient := []bzflag.Code{bzflag.CodeGetWorld, bzflag.CodeEnter, bzflag.CodeIDAck, bzflag.CodeAlive,
		bzflag.CodePlayerUpdate, bzflag.CodePlayerUpdate, bzflag.CodePlayerUpdate, bzflag.CodeShotBegin,
		bzflag.CodeMessage, bzflag.CodeExit}
	wantServer := []bzflag.Code{bzflag.CodeGetWorld, bzflag.CodeAccept, bzflag.CodeTeamUpdate, bzflag.CodeTeamUpdate,
		bzflag.CodeFlagUpdate, bzflag.CodeAddPlayer, bzflag.CodeAddPlayer, bzflag.CodeAlive, bzflag.CodeShotBegin,
		bzflag.CodeMessage}
	if !slices.Equal(c, wantClient) {
		t.Errorf("client stream: %v\nwant %v", c, wantClient)
	}
	if !slices.Equal(sv, wantServer) {
		t.Errorf("server stream: %v\nwant %v", sv, wantServer)
	}
}

// TestOriginalServer plays the join sequence against a running original
// BZFlag 1.7 server (bzfs), when BZFS_ADDR names one on the loopback
// interface (for example "127.0.0.1:5155", with bzfs started as
// `bzfs -i 127.0.0.1 -p 5155 -pr 5156 -noudp`). It is skipped otherwise.
func TestOriginalServer(t *testing.T) {
	c, h := dialBzfs(t)
	nc := c.ReadWriter().(net.Conn)
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	t.Logf("server %s, reconnect port %d", h.Version, h.Port)
	// Record the game connection: nothing has been read from it yet.
	rec := &nettest.Recorder{Conn: nc}
	c = bzflag.NewConn(rec, bzflag.FromServer)
	j, err := join(c, h.Port, "gamewire", func(_ *bzflag.Client, in bzflag.Message) { t.Logf("<- %v", bzflag.CodeOf(in)) })
	if err != nil {
		t.Fatalf("while %v: %v (reject reason %v)", j.State(), err, j.RejectReason())
	}
	w := &j.World
	t.Logf("world %d bytes: %d bases, %d walls, %d boxes, %d pyramids, %d teleporters, %d links; joined as %v",
		len(j.Database()), len(w.Bases), len(w.Walls), len(w.Boxes), len(w.Pyramids), len(w.Teleporters), len(w.Links), j.ID())
	if pad := j.Trailing(); len(pad) != 0 {
		t.Logf("%d bytes after the end of data (bzfs's padding, errata W11): %x", len(pad), pad)
	}
	if err := w.Validate(); err != nil {
		t.Errorf("world: %v", err)
	}
	if err := c.WriteMessage(&bzflag.AliveFromClient{Position: bzflag.Vec3{0, 0, 0}, Forward: bzflag.Vec3{1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	chat := &bzflag.MessageFromClient{Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("hello from gamewire")}
	if err := c.WriteMessage(chat); err != nil {
		t.Fatal(err)
	}
	// Read what comes back until our chat message returns.
	for {
		in, err := c.Next()
		if err != nil {
			t.Fatalf("after joining: %v", err)
		}
		t.Logf("<- %v", bzflag.CodeOf(in))
		if m, ok := in.(*bzflag.MessageFromServer); ok && cstring(m.Text[:]) == "hello from gamewire" {
			break
		}
	}
	if err := c.WriteMessage(&bzflag.Exit{}); err != nil {
		t.Fatal(err)
	}
	if *nettest.Update {
		nettest.WriteFiles(t, nettest.File{Path: bzfsClient, Data: rec.Sent()}, nettest.File{Path: bzfsServer, Data: rec.Received()})
	}
}

// A capture of TestOriginalServer against bzfs 1.7g2 (built from
// BZFlag-Dev/bzflag tag v1.7g2, run as `bzfs -i 127.0.0.1 -p 15155 -pr
// 15156 -noudp -cr -mp 2,2,2,0,0 -t`: random capture-the-flag world with
// teleporters, blue and purple teams closed): real traffic of the original
// server, recorded by the client.
var (
	bzfsClient = nettest.Capture("bzflag", "bzfs-1.7g2-client.bin")
	bzfsServer = nettest.Capture("bzflag", "bzfs-1.7g2-server.bin")
)

// TestOriginalCapture decodes the bzfs capture strictly, both directions,
// reassembles the world database from its MsgGetWorld replies with the
// client's requests' offsets, and decodes it: bzfs's `remaining' (errata
// W1), its 256-byte chunks (W3) and its zero padding after the end of
// data (W11) as they really are.
func TestOriginalCapture(t *testing.T) {
	client, server := nettest.ReadFile(t, bzfsClient), nettest.ReadFile(t, bzfsServer)
	codes(t, client, bzflag.FromClient)
	codes(t, server, bzflag.FromServer)

	var offsets []uint16
	cs := bzflag.NewStream(bytes.NewReader(client), bzflag.FromClient)
	for {
		m, err := cs.Next()
		if err != nil {
			break
		}
		if r, ok := m.(*bzflag.GetWorldRequest); ok {
			offsets = append(offsets, r.Offset)
		}
	}
	var a world.Assembler
	ss := bzflag.NewStream(bytes.NewReader(server), bzflag.FromServer)
	replies := 0
	for !a.Done() {
		m, err := ss.Next()
		if err != nil {
			t.Fatalf("reply %d: %v", replies, err)
		}
		r, ok := m.(*bzflag.GetWorldReply)
		if !ok {
			t.Fatalf("reply %d is %v", replies, bzflag.CodeOf(m))
		}
		if len(r.Data) > 256 {
			t.Errorf("reply %d: %d bytes, bzfs sends at most 256", replies, len(r.Data))
		}
		if err := a.Feed(offsets[replies], r.Remaining, r.Data); err != nil {
			t.Fatalf("reply %d: %v", replies, err)
		}
		replies++
	}
	var w world.World
	n, err := w.Decode(a.Database())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Validate(); err != nil {
		t.Error(err)
	}
	pad := a.Database()[n:]
	if len(pad) != 80 || !bytes.Equal(pad, make([]byte, len(pad))) || len(w.Bases) != 2 {
		t.Errorf("%d bases, %d bytes after the end of data (%x); bzfs pads 40 zero bytes per closed team's base",
			len(w.Bases), len(pad), pad)
	}
	if w.Style.ServerTime == 0 {
		t.Error("server time not stamped (errata W6)")
	}
	re, err := w.MarshalBinary()
	if err != nil || !bytes.Equal(re, a.Database()[:n]) {
		t.Errorf("the world does not re-encode to its bytes: %v", err)
	}
}
