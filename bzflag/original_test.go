package bzflag_test

import (
	"context"
	"errors"
	"net"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// TestOriginalServerMessages plays every client message against the
// original BZFlag 1.7 server (bzfs) and checks that it answers as the
// errata say, with frames that decode strictly and pass Validate: the
// forms the spec omits (MsgWantWHash, MsgQueryGame, MsgQueryPlayers, the
// assigned id and MsgIdAck, MsgAccept for MsgNetworkRelay, MsgSetTTL from
// the client) and the spec's own. It runs only when BZFS_ADDR names a bzfs
// on the loopback interface, started for example as
// `bzfs -i 127.0.0.1 -p 5155 -pr 5156 -noudp -c -s 3 -j` (capture the
// flag, so team flags exist).
func TestOriginalServerMessages(t *testing.T) {
	c, _ := dialBzfs(t)
	c.SetPolicy(wire.Strict)

	send := func(m bzflag.Message) {
		t.Helper()
		netConn(c).SetWriteDeadline(time.Now().Add(5 * time.Second))
		if err := c.WriteMessage(m); err != nil {
			t.Fatalf("write %T: %v", m, err)
		}
	}
	// expect reads until a message of want's type arrives (within 5 s and
	// 60 messages), checking every message on the way.
	expect := func(want bzflag.Message) bzflag.Message {
		t.Helper()
		netConn(c).SetReadDeadline(time.Now().Add(5 * time.Second))
		for i := 0; i < 60; i++ {
			m, err := c.Next()
			if err != nil {
				t.Fatalf("waiting for %T: %v", want, err)
			}
			if err := m.Validate(); err != nil {
				t.Errorf("%T from bzfs fails Validate: %v", m, err)
			}
			if bzflag.CodeOf(m) == bzflag.CodeOf(want) {
				if reflect.TypeOf(m) != reflect.TypeOf(want) {
					t.Fatalf("got %T, want %T", m, want)
				}
				return m
			}
		}
		t.Fatalf("no %T in 60 messages", want)
		return nil
	}
	// drain reads whatever comes within d, checking it.
	drain := func(d time.Duration) {
		netConn(c).SetReadDeadline(time.Now().Add(d))
		for {
			m, err := c.Next()
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return
			}
			if err != nil {
				t.Fatalf("drain: %v", err)
			}
			if err := m.Validate(); err != nil {
				t.Errorf("%T from bzfs fails Validate: %v", m, err)
			}
		}
	}

	send(&bzflag.WantWHashRequest{})
	if r := expect(&bzflag.WantWHashReply{}).(*bzflag.WantWHashReply); len(r.Digest) != 33 {
		t.Errorf("digest %q: want 't' or 'p' and 32 hex digits", r.Digest)
	}
	send(&bzflag.QueryGameRequest{})
	expect(&bzflag.QueryGameReply{})
	send(&bzflag.QueryPlayersRequest{})
	expect(&bzflag.QueryPlayersReply{})
	send(&bzflag.GetWorldRequest{})
	expect(&bzflag.GetWorldReply{})

	send(&bzflag.Enter{Type: bzflag.TankPlayer, Team: bzflag.RedTeam,
		CallSign: bzflag.NewCallSign("gamewire-msgs"), Email: bzflag.NewEmail("test@localhost")})
	expect(&bzflag.Accept{})
	add := expect(&bzflag.AddPlayer{}).(*bzflag.AddPlayer)
	if !add.HasAssignedID {
		t.Fatal("own MsgAddPlayer without the assigned id")
	}
	me := add.AssignedID
	send(&bzflag.IDAck{})
	drain(time.Second)

	send(&bzflag.NetworkRelay{})
	expect(&bzflag.Accept{})
	// bzfs broadcasts MsgSetTTL only for a TTL above every earlier one, so
	// whether it answers depends on its past: the reply is not awaited.
	send(&bzflag.SetTTL{TTL: bzflag.DefaultTTL + 1})
	send(&bzflag.AliveFromClient{Forward: bzflag.Vec3{1, 0, 0}})
	if r := expect(&bzflag.AliveFromServer{}).(*bzflag.AliveFromServer); r.ID != me {
		t.Errorf("MsgAlive for %v, want %v", r.ID, me)
	}
	send(&bzflag.PlayerUpdate{ID: me, Status: bzflag.StatusAlive, Position: bzflag.Vec3{1, 2, 0}})
	shot := &bzflag.ShotBegin{Shooter: me, Position: bzflag.Vec3{1, 2, 1.57}, Velocity: bzflag.Vec3{100, 0, 0}, Lifetime: 3.5}
	send(shot)
	if r := expect(&bzflag.ShotBegin{}).(*bzflag.ShotBegin); *r != *shot {
		t.Errorf("MsgShotBegin back as %+v, want %+v", r, shot)
	}
	send(&bzflag.ShotEnd{Shooter: me})
	expect(&bzflag.ShotEnd{})
	send(&bzflag.TeleportFromClient{From: 0, To: 1})
	if r := expect(&bzflag.TeleportFromServer{}).(*bzflag.TeleportFromServer); r.ID != me || r.To != 1 {
		t.Errorf("MsgTeleport back as %+v", r)
	}
	send(&bzflag.KilledFromClient{Killer: me, ShotID: -1})
	if r := expect(&bzflag.KilledFromServer{}).(*bzflag.KilledFromServer); r.Victim != me || r.ShotID != -1 {
		t.Errorf("MsgKilled back as %+v", r)
	}
	send(&bzflag.ScoreFromClient{Losses: 1})
	send(&bzflag.MessageFromClient{Team: bzflag.RogueTeam, Text: bzflag.NewMessageText("hello, bzfs")})
	if r := expect(&bzflag.MessageFromServer{}).(*bzflag.MessageFromServer); r.From != me {
		t.Errorf("MsgMessage back as %+v", r)
	}
	send(&bzflag.ClientVersion{Version: 0x17a0})
	send(&bzflag.LagPing{Seq: 1})
	drain(time.Second)
	send(&bzflag.Exit{})
}

// bzfsAddr returns BZFS_ADDR, the address of a running original bzfs, and
// skips the test when it is not set. Only loopback addresses are allowed.
// dialBzfs dials the bzfs of BZFS_ADDR (bzfsAddr), within 10 s, and
// returns the game connection, closed when the test ends, and the
// handshake.
func dialBzfs(t *testing.T) (*wire.Conn, bzflag.Handshake) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, h, err := bzflag.Dial(ctx, bzfsAddr(t), bzflag.ServerVersion)
	if err != nil {
		t.Fatalf("Dial: %v (handshake %+v)", err, h)
	}
	t.Cleanup(func() { nc.Close() })
	return bzflag.NewConn(nc, bzflag.FromServer), h
}

func bzfsAddr(t *testing.T) string {
	t.Helper()
	addr := os.Getenv("BZFS_ADDR")
	if addr == "" {
		t.Skip("BZFS_ADDR not set")
	}
	if host, _, err := net.SplitHostPort(addr); err != nil || !net.ParseIP(host).IsLoopback() {
		t.Fatalf("BZFS_ADDR %q: loopback addresses only", addr)
	}
	return addr
}

// TestOriginalServerEnter plays MsgEnter against the original bzfs (see
// TestOriginalServerMessages for how to start it; it must run without -r,
// so rogues are refused): the player type chooses the reject code only
// once another check has failed (a JAFO on an open team is accepted; a
// JAFO as a rogue gets RejectBadType, a tank RejectNoRogues), and a call
// sign already in play is refused with RejectBadTeam (errata M11, J5).
func TestOriginalServerEnter(t *testing.T) {
	enter := func(c *wire.Conn, typ bzflag.PlayerType, team bzflag.TeamColor, name string) bzflag.Message {
		t.Helper()
		netConn(c).SetDeadline(time.Now().Add(5 * time.Second))
		m := &bzflag.Enter{Type: typ, Team: team, CallSign: bzflag.NewCallSign(name), Email: bzflag.NewEmail("test@localhost")}
		if err := c.WriteMessage(m); err != nil {
			t.Fatalf("write MsgEnter: %v", err)
		}
		for {
			m, err := c.Next()
			if err != nil {
				t.Fatalf("MsgEnter %v %v: %v", typ, team, err)
			}
			switch m.(type) {
			case *bzflag.Accept, *bzflag.Reject:
				return m
			}
		}
	}
	wantReject := func(m bzflag.Message, code bzflag.RejectCode) {
		t.Helper()
		if r, ok := m.(*bzflag.Reject); !ok || r.Bare || r.Reason != code {
			t.Errorf("answer %+v, want MsgReject %v", m, code)
		}
	}
	c, _ := dialBzfs(t)
	c.SetPolicy(wire.Strict)
	wantReject(enter(c, bzflag.JAFOPlayer, bzflag.RogueTeam, "gamewire-jafo"), bzflag.RejectBadType)
	wantReject(enter(c, bzflag.TankPlayer, bzflag.RogueTeam, "gamewire-jafo"), bzflag.RejectNoRogues)
	if m := enter(c, bzflag.JAFOPlayer, bzflag.RedTeam, "gamewire-jafo"); bzflag.CodeOf(m) != bzflag.CodeAccept {
		t.Fatalf("a JAFO on an open team: %+v, want MsgAccept", m)
	}
	defer c.WriteMessage(&bzflag.Exit{})

	c2, _ := dialBzfs(t)
	c2.SetPolicy(wire.Strict)
	wantReject(enter(c2, bzflag.TankPlayer, bzflag.BlueTeam, "GameWire-JAFO"), bzflag.RejectBadTeam)
	if m := enter(c2, bzflag.TankPlayer, bzflag.BlueTeam, "gamewire-tank"); bzflag.CodeOf(m) != bzflag.CodeAccept {
		t.Errorf("another call sign: %+v, want MsgAccept", m)
	}
	c2.WriteMessage(&bzflag.Exit{})
}

// netConn returns the net.Conn under a connection of NewConn.
func netConn(c *wire.Conn) net.Conn { return c.ReadWriter().(net.Conn) }
