package tfighters_test

import (
	"bytes"
	"io"
	"net"
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
type tcpEvent struct {
	nc     net.Conn          // a new connection
	peer   *tfighters.Peer   // the peer a message or error comes from
	msg    tfighters.Message // a message (a copy, owned by the loop)
	err    error             // a message error (the frame is skipped)
	closed bool              // the connection is gone
}

type tcpServer = nettest.Server[tcpEvent]

// startServer starts a small TFighters server built from the package: one
// goroutine owns the Server state machine; one goroutine per connection
// reads frames; the loop ticks every 5 ms and writes what peers have
// queued.
func startServer(t *testing.T) *tcpServer {
	return nettest.StartServer(t, func(nc net.Conn) tcpEvent { return tcpEvent{nc: nc} }, serve)
}

func read(s *tcpServer, p *tfighters.Peer, c *wire.Conn) {
	for {
		m, err := c.ReadMessage()
		ev := tcpEvent{peer: p}
		switch {
		case broken(err):
			ev.closed = true
		case err != nil:
			ev.err = err
		default:
			// The Conn reuses its values: hand the loop a copy.
			b, _ := m.AppendBinary(nil)
			if r, ok := m.(*wire.Raw); ok {
				ev.msg = wire.NewRaw(tfighters.Table(), r.Code, r.From, b)
			} else {
				ev.msg, _, _ = tfighters.Decode(b, tfighters.FromClient)
			}
		}
		if !s.Send(ev) || ev.closed {
			return
		}
	}
}

func serve(s *tcpServer) {
	srv := tfighters.NewServer(time.Now())
	conns := map[*tfighters.Peer]net.Conn{}
	writers := map[*tfighters.Peer]*wire.Conn{}
	s.Loop(5*time.Millisecond, func() { srv.Tick(time.Now()) }, func(ev tcpEvent) {
		switch {
		case ev.nc != nil:
			p := srv.Accept(time.Now())
			c := tfighters.NewConn(ev.nc, tfighters.FromClient)
			conns[p], writers[p] = ev.nc, c
			s.Go(func() { read(s, p, c) })
		case ev.closed:
			if !ev.peer.Closed() {
				srv.Disconnected(ev.peer)
			}
			conns[ev.peer].Close()
			delete(conns, ev.peer)
			delete(writers, ev.peer)
		case ev.err != nil:
			srv.Kick(ev.peer, "Packet error") // the original kicks so for fields cut short; we also for rule violations
		default:
			srv.Handle(ev.peer, ev.msg, time.Now())
		}
	}, func() {
		for p, c := range writers {
			for m := p.Next(); m != nil; m = p.Next() {
				if c.WriteMessage(m) != nil {
					break
				}
			}
			if p.Closed() {
				conns[p].Close()
				srv.Remove(p)
				delete(writers, p)
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
	tests := []struct {
		file  string
		from  wire.Direction
		first tfighters.Code
		must  []tfighters.Code
	}{
		{captureClient, tfighters.FromClient, tfighters.CodeVersion, []tfighters.Code{
			tfighters.CodeClientNick, tfighters.CodePong, tfighters.CodeClientSpawn, tfighters.CodeClientAccel,
			tfighters.CodeClientTurn, tfighters.CodeClientNewBullet, tfighters.CodeCmd, tfighters.CodeClientTeamSay,
			tfighters.CodeClientSay}},
		{captureServer, tfighters.FromServer, tfighters.CodeHi, []tfighters.Code{
			tfighters.CodeNickReply, tfighters.CodePing, tfighters.CodeLag, tfighters.CodeNewUser, tfighters.CodeInvincible,
			tfighters.CodeSpawnReady, tfighters.CodeServerSpawn, tfighters.CodeServerAccel, tfighters.CodeServerTurn,
			tfighters.CodeServerNewBullet, tfighters.CodeServerSay, tfighters.CodeServerNick, tfighters.CodeKick}},
	}
	for _, tt := range tests {
		data := nettest.ReadFile(t, tt.file)
		c := tfighters.NewConn(rw{bytes.NewReader(data), nil}, tt.from)
		names := codectest.CheckCapture(t, tt.file, data, c.ReadMessage, nil)
		if len(names) == 0 || names[0] != tt.first.String() {
			t.Errorf("%s starts with %v, want %s", tt.file, names[:min(1, len(names))], tt.first)
		}
		var must []string
		for _, c := range tt.must {
			must = append(must, c.String())
		}
		codectest.Holds(t, tt.file, names, must...)
		raws, unknown := 0, wire.NewRaw(tfighters.Table(), 0, tt.from, nil).Form().Name
		for _, name := range names {
			if name == unknown {
				raws++
			}
		}
		if tt.from == tfighters.FromClient && raws != 1 {
			t.Errorf("%s holds %d frames of unknown codes, want 1", tt.file, raws)
		}
	}
}
