package tfighters_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/internal/nettest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// Captures of the loopback session, as one client (Alice) saw it.
var captureClient, captureServer = nettest.Captures("tfighters")

// tcpEvent is what the server loop of startServer receives.
type tcpEvent = nettest.Event[*tfighters.Peer, tfighters.Message]

type tcpServer = nettest.Server[tcpEvent]

// startServer starts a small TFighters server built from the package: one
// goroutine owns the Server state machine; one goroutine per connection
// reads frames; the loop ticks every 5 ms and writes what peers have
// queued.
func startServer(t *testing.T) *tcpServer {
	return nettest.StartServer(t, nettest.Accepted[*tfighters.Peer, tfighters.Message], serve)
}

func read(s *tcpServer, p *tfighters.Peer, c *wire.Conn) {
	for {
		m, err := c.Next()
		ev := tcpEvent{Peer: p}
		switch {
		case broken(err):
			ev.Closed = true
		case err != nil:
			ev.Err = err
		default:
			// The Conn reuses its values: hand the loop a copy.
			b, _ := m.AppendBinary(nil)
			if r, ok := m.(*wire.Raw); ok {
				ev.Msg = wire.NewRaw(tfighters.Table(), r.Code, r.From, b)
			} else {
				ev.Msg, _, _ = tfighters.Decode(b, tfighters.FromClient)
			}
		}
		if !s.Send(ev) || ev.Closed {
			return
		}
	}
}

func serve(s *tcpServer) {
	srv := tfighters.NewServer(time.Now())
	var peers nettest.Peers[*tfighters.Peer, tfighters.Message]
	s.Loop(5*time.Millisecond, func() { srv.Tick(time.Now()) }, func(ev tcpEvent) {
		switch {
		case ev.Conn != nil:
			p := srv.Accept(time.Now())
			c := tfighters.NewConn(ev.Conn, tfighters.FromClient)
			peers.Add(p, ev.Conn, c)
			s.Go(func() { read(s, p, c) })
		case ev.Closed:
			if !ev.Peer.Closed() {
				srv.Disconnected(ev.Peer)
			}
			peers.Drop(ev.Peer)
		case ev.Err != nil:
			srv.Kick(ev.Peer, "Packet error") // the original kicks so for fields cut short; we also for rule violations
		default:
			srv.Handle(ev.Peer, ev.Msg, time.Now())
		}
	}, func() {
		peers.Flush()
		// A peer the server closed (a kick) goes once its last message
		// is out.
		for p := range peers.All() {
			if p.Closed() {
				peers.Drop(p)
				srv.Remove(p)
			}
		}
	})
}

// tcpClient is one player: a Client state machine on a real connection.
type tcpClient struct {
	*nettest.Player
	c *tfighters.Client
}

func dial(t *testing.T, addr, nick string) *tcpClient {
	t.Helper()
	c := tfighters.NewClient(nick)
	return &tcpClient{nettest.DialPlayer(t, addr, nick, c, func(rw io.ReadWriter) *wire.Conn {
		return tfighters.NewConn(rw, tfighters.FromServer)
	}), c}
}

func (tc *tcpClient) state(s tfighters.ClientState) func(tfighters.Message) bool {
	return func(tfighters.Message) bool { return tc.c.State() == s }
}

// is returns a condition on the next message of code c that f accepts.
func is[T tfighters.Message](f func(T) bool) func(tfighters.Message) bool {
	return func(m tfighters.Message) bool {
		v, ok := m.(T)
		return ok && f(v)
	}
}

func TestLoopback(t *testing.T) {
	addr := startServer(t).Addr()

	a := dial(t, addr, "Alice")
	a.Until("spawn ready", a.state(tfighters.ClientSpawnReady))
	a.Do(a.c.Spawn())
	a.Until("own spawn", a.state(tfighters.ClientPlaying))

	b := dial(t, addr, "Bob")
	b.Until("spawn ready", b.state(tfighters.ClientSpawnReady))
	if o := b.c.Objects[a.c.ID]; o == nil || o.Nick != "Alice" {
		t.Fatalf("Bob's user list lacks Alice: %+v", b.c.Objects)
	}
	a.Until("Bob joins", is(func(m *tfighters.NewUser) bool { return string(m.Nick) == "Bob" }))
	b.Do(b.c.Spawn())
	b.Until("own spawn", b.state(tfighters.ClientPlaying))
	a.Until("Bob spawns", is(func(m *tfighters.ServerSpawn) bool { return m.ID == b.c.ID }))

	// Bob moves, turns and shoots; Alice sees it.
	b.Do(b.c.Accel(9100, 31000, 1, 20))
	a.Until("Bob's accel", is(func(m *tfighters.ServerAccel) bool { return m.ID == b.c.ID && m.X == 9100 && m.Accel == 1 }))
	b.Do(b.c.Turn(9120, 31010, 4, 19000))
	a.Until("Bob's turn", is(func(m *tfighters.ServerTurn) bool { return m.ID == b.c.ID && m.Turn == 4 && m.Deg == 19000 }))
	b.Do(b.c.Shoot(9120, 31010, 19000))
	a.Until("Bob's bullet", is(func(m *tfighters.ServerNewBullet) bool { return m.OwnerID == b.c.ID && m.Deg == 19000 }))

	// Alice too; Bob sees it.
	a.Do(a.c.Accel(8900, 30900, -1, -15))
	b.Until("Alice's accel", is(func(m *tfighters.ServerAccel) bool { return m.ID == a.c.ID && m.Speed == -15 }))
	a.Do(a.c.Turn(8900, 30900, -2, 17000))
	b.Until("Alice's turn", is(func(m *tfighters.ServerTurn) bool { return m.ID == a.c.ID && m.Turn == -2 }))
	a.Do(a.c.Shoot(8900, 30900, 17000))
	b.Until("Alice's bullet", is(func(m *tfighters.ServerNewBullet) bool { return m.OwnerID == a.c.ID }))

	// Messages the original server ignores, and a code it does not know:
	// the session goes on, and the chat line after them comes back.
	a.Do(a.c.Command("addbot"))
	a.Do(a.c.TeamSay("team"))
	a.Conn.NoValidateWrites = true // Validate refuses undefined codes
	a.Do(a.Conn.WriteMessage(raw(0x8f00, []byte("from the future"))))
	a.Conn.NoValidateWrites = false
	a.Do(a.c.Say("hello Bob"))
	a.Until("own chat line", is(func(m *tfighters.ServerSay) bool { return m.ID == a.c.ID && string(m.Text) == "hello Bob" }))
	b.Until("Alice's chat line", is(func(m *tfighters.ServerSay) bool { return string(m.Text) == "hello Bob" }))
	b.Do(b.c.Say("hi Alice"))
	a.Until("Bob's chat line", is(func(m *tfighters.ServerSay) bool { return m.ID == b.c.ID && string(m.Text) == "hi Alice" }))

	a.Do(a.c.SetNick("Alice2"))
	b.Until("Alice's new nick", is(func(m *tfighters.ServerNick) bool { return string(m.NewNick) == "Alice2" }))
	a.Until("own new nick", is(func(m *tfighters.ServerNick) bool { return m.ID == a.c.ID }))

	// Bob quits: the original announces it as a kick for "Read error".
	b.Rec.Close()
	a.Until("Bob leaves", is(func(m *tfighters.Kick) bool { return m.ID == b.c.ID && string(m.Text) == "Read error" }))
	if _, ok := a.c.Objects[b.c.ID]; ok {
		t.Error("Alice still sees Bob")
	}
	a.Rec.Close()

	nettest.SaveClient(t, a.Rec, len(a.Conn.Buffered()), captureClient, captureServer)
}

// TestCapture checks that the checked-in capture of the loopback session
// still decodes, frame by frame, strictly, and re-encodes to the same
// bytes; regenerate it with go test -run TestLoopback -update.
func TestCapture(t *testing.T) {
	first := map[wire.Direction]tfighters.Code{tfighters.FromClient: tfighters.CodeVersion, tfighters.FromServer: tfighters.CodeHi}
	must := map[wire.Direction][]tfighters.Code{
		tfighters.FromClient: {tfighters.CodeClientNick, tfighters.CodePong, tfighters.CodeClientSpawn, tfighters.CodeClientAccel,
			tfighters.CodeClientTurn, tfighters.CodeClientNewBullet, tfighters.CodeCmd, tfighters.CodeClientTeamSay,
			tfighters.CodeClientSay},
		tfighters.FromServer: {tfighters.CodeNickReply, tfighters.CodePing, tfighters.CodeLag, tfighters.CodeNewUser, tfighters.CodeInvincible,
			tfighters.CodeSpawnReady, tfighters.CodeServerSpawn, tfighters.CodeServerAccel, tfighters.CodeServerTurn,
			tfighters.CodeServerNewBullet, tfighters.CodeServerSay, tfighters.CodeServerNick, tfighters.CodeKick},
	}
	nettest.EachCapture(t, captureClient, captureServer, func(file string, from wire.Direction, data []byte) {
		c := tfighters.NewConn(rw{bytes.NewReader(data), nil}, from)
		names := codectest.CheckCapture(t, file, data, c.Next, nil)
		if len(names) == 0 || names[0] != first[from].String() {
			t.Errorf("%s starts with %v, want %s", file, names[:min(1, len(names))], first[from])
		}
		var want []string
		for _, c := range must[from] {
			want = append(want, c.String())
		}
		codectest.Holds(t, file, names, want...)
		raws, unknown := 0, wire.NewRaw(tfighters.Table(), 0, from, nil).Form().Name
		for _, name := range names {
			if name == unknown {
				raws++
			}
		}
		if from == tfighters.FromClient && raws != 1 {
			t.Errorf("%s holds %d frames of unknown codes, want 1", file, raws)
		}
	})
}
