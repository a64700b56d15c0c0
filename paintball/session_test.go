package paintball_test

import (
	"errors"
	"math"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
)

// game is a Server and its Clients in memory, driven by hand with an
// injected clock: every packet travels as its bytes (Transmit, then
// Handle), as a driver would carry it.
type game struct {
	t       testing.TB
	now     time.Time
	srv     *paintball.Server
	clients []*paintball.Client
	addrs   []netip.AddrPort
	buf     []byte
	// strict fails the test on any refusal (the default).
	lenient bool
}

func newGame(t testing.TB) *game {
	now := time.Unix(1000, 0)
	return &game{t: t, now: now, srv: paintball.NewServer(now)}
}

func peerAddr(i int) netip.AddrPort {
	return netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), uint16(40000+i))
}

// connect connects a client that has not joined yet.
func (g *game) connect(name string) int {
	c, err := paintball.NewClient(name)
	if err != nil {
		g.t.Fatal(err)
	}
	i := len(g.clients)
	g.clients = append(g.clients, c)
	g.addrs = append(g.addrs, peerAddr(i))
	if err := g.srv.Connected(g.now, g.addrs[i]); err != nil {
		g.t.Fatal(err)
	}
	return i
}

func (g *game) join(name string) int {
	i := g.connect(name)
	if err := g.clients[i].Join(); err != nil {
		g.t.Fatal(err)
	}
	g.pump()
	return i
}

// pump delivers every queued packet, both ways, until none is left.
func (g *game) pump() {
	g.t.Helper()
	for moved := true; moved; {
		moved = false
		for i, c := range g.clients {
			for {
				_, unit, ok := c.Transmit(g.now, g.buf[:0])
				if !ok {
					break
				}
				g.buf, moved = unit, true
				if err := g.srv.Handle(g.now, g.addrs[i], unit); err != nil && !g.lenient {
					g.t.Fatalf("server: %v", err)
				}
			}
		}
		for {
			to, unit, ok := g.srv.Transmit(g.now, g.buf[:0])
			if !ok {
				break
			}
			g.buf, moved = unit, true
			i := slices.Index(g.addrs, to)
			if i < 0 {
				g.t.Fatalf("a packet for %v, no such client", to)
			}
			if err := g.clients[i].Handle(g.now, netip.AddrPort{}, unit); err != nil && !g.lenient {
				g.t.Fatalf("client %d: %v", i, err)
			}
		}
	}
}

// advance moves the clock on by d, ticking the server at each of its
// deadlines on the way, as a driver does.
func (g *game) advance(d time.Duration) {
	g.t.Helper()
	end := g.now.Add(d)
	for n := 0; ; n++ {
		dl := g.srv.Deadline()
		if dl.IsZero() || dl.After(end) {
			break
		}
		if n > 100000 {
			g.t.Fatalf("the deadline %v does not move", dl)
		}
		g.now = maxTime(g.now, dl)
		g.srv.Tick(g.now)
		g.pump()
	}
	g.now = end
	g.pump()
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// leave makes client i leave as its driver would: Leave, send what is
// queued, close (the server sees the connection end).
func (g *game) leave(i int) {
	if err := g.clients[i].Leave(); err != nil {
		g.t.Fatal(err)
	}
	g.pump()
	if !g.clients[i].Done() {
		g.t.Fatal("not Done after Leave")
	}
	g.srv.Disconnected(g.now, g.addrs[i])
	g.pump()
}

// eventer is a session of the package: it has events.
type eventer interface {
	Event() (paintball.Event, bool)
}

// events drains the events of s.
func events(s eventer) []string {
	var out []string
	for ev, ok := s.Event(); ok; ev, ok = s.Event() {
		out = append(out, ev.String())
	}
	return out
}

func TestLoginFlow(t *testing.T) {
	g := newGame(t)
	a := g.join("alice")
	g.join("bob")
	g.join("carol")
	// Each is told of those who came after it, never of itself or of those
	// before (docs/errata/paintball.md, 14).
	for i, want := range [][]string{{"bob", "carol"}, {"carol"}, nil} {
		if got := g.clients[i].Players(); !slices.Equal(got, want) {
			t.Errorf("client %d Players = %q, want %q", i, got, want)
		}
		if s := g.clients[i].State(); s != paintball.ClientPlaying {
			t.Errorf("client %d in state %v", i, s)
		}
	}
	// Teams: the smallest, lowest first.
	for i, want := range []int{0, 1, 0} {
		if p, _ := g.srv.Player(g.addrs[i]); p.Team != want || !p.LoggedIn() {
			t.Errorf("player %d: %+v, want team %d", i, p, want)
		}
	}
	// Everyone's mirror has the three players (the new player's Update goes
	// to all; each Login came with a dump request).
	for i := range g.clients {
		if n := g.clients[i].Mirror().Live(); n != 3 {
			t.Errorf("client %d mirror has %d live objects, want 3", i, n)
		}
	}
	if got, want := g.clients[a].Mirror().Objects(), g.srv.Objects(); !cmp.Equal(got, want) {
		t.Errorf("alice's mirror differs from the server:\n%s", cmp.Diff(want, got))
	}
}

// TestEvents: what each side reports, in order.
func TestEvents(t *testing.T) {
	g := newGame(t)
	a := g.join("alice")
	b := g.join("bob")
	g.clients[b].Move(5, 5, 0.125)
	g.pump()
	g.leave(b)
	for _, tt := range []struct {
		name string
		s    eventer
		want []string
	}{
		{"server", g.srv, []string{"alice joined as 1 in team 0", "bob joined as 2 in team 1", "bob left"}},
		{"alice", g.clients[a], []string{"joined", "bob joined", "player 2 left"}},
		{"bob", g.clients[b], []string{"joined", "self is 2", "left"}},
	} {
		if got := events(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("%s's events: %q, want %q", tt.name, got, tt.want)
		}
	}
	ev, ok := g.srv.Event()
	if ok || ev != (paintball.Event{}) {
		t.Errorf("an event after the last: %+v, %v", ev, ok)
	}
	// The server's events carry the peer, the id and the name.
	g.join("carol")
	if ev, _ := g.srv.Event(); ev.Kind != paintball.EventPlayerJoined || ev.Peer != g.addrs[2] || ev.ID != 3 || ev.Name != "carol" {
		t.Errorf("carol's event: %+v", ev)
	}
	if s := paintball.EventKind(200).String(); s != "200" {
		t.Errorf("an unknown kind prints as %q", s)
	}
}

func TestGreetNewcomers(t *testing.T) {
	g := newGame(t)
	g.srv.GreetNewcomers = true
	g.join("alice")
	g.join("bob")
	g.join("carol")
	if got := g.clients[2].Players(); !slices.Equal(got, []string{"alice", "bob"}) {
		t.Errorf("carol's Players = %q", got)
	}
}

func TestRequestsApplied(t *testing.T) {
	g := newGame(t)
	a, b := g.join("alice"), g.join("bob")
	if err := g.clients[a].Move(100, 0, 0.5); err != nil {
		t.Fatal(err)
	}
	g.pump()
	pa, _ := g.srv.Player(g.addrs[a])
	u, ok := g.clients[b].Mirror().Object(pa.ID)
	if !ok || u.VelocityX != 100 || u.VelocityY != 0 || u.Facing != 0.5 {
		t.Fatalf("bob sees alice as %+v, %v", u, ok)
	}
	// Alice finds herself: exactly one player took what she asked for.
	if self, ok := g.clients[a].Self(); !ok || self != pa.ID {
		t.Errorf("alice's Self = %d, %v; want %d", self, ok, pa.ID)
	}
	if _, ok := g.clients[b].Self(); ok {
		t.Error("bob knows himself without asking for anything")
	}
	// A single shot: one paintball, along the facing, at the speed.
	if err := g.clients[a].Shoot(paintball.ShootingStateSingle); err != nil {
		t.Fatal(err)
	}
	g.pump()
	balls := func(c *paintball.Client) (n int, last paintball.Update) {
		for _, o := range c.Mirror().Objects() {
			if o.ObjectType == paintball.ObjectTypePaintball && !o.Dead() {
				n, last = n+1, o
			}
		}
		return n, last
	}
	n, ball := balls(g.clients[b])
	if n != 1 || ball.Facing != 0.5 || ball.VelocityX != int32(math.Round(300*math.Cos(0.5))) {
		t.Fatalf("bob sees %d paintballs, %+v", n, ball)
	}
	// Automatic fire, limited to one shot per FireInterval, at the
	// server's deadlines.
	if err := g.clients[a].Shoot(paintball.ShootingStateAutomatic); err != nil {
		t.Fatal(err)
	}
	g.pump() // within 250 ms of the single shot: no shot yet
	if d := g.srv.Deadline(); d != g.now.Add(250*time.Millisecond) {
		t.Errorf("the deadline is %v after the shot, want the next shot's", d.Sub(g.now))
	}
	g.advance(time.Second)
	if n, _ := balls(g.clients[b]); n != 5 {
		t.Errorf("after a second of automatic fire bob sees %d live paintballs, want 5", n)
	}
	if err := g.clients[a].Shoot(paintball.ShootingStateNone); err != nil {
		t.Fatal(err)
	}
	g.pump()
	// Paintballs die at the edge: after 4 s all have left the field and
	// every client has been told, each at the deadline of its exit.
	g.advance(4 * time.Second)
	if n, _ := balls(g.clients[b]); n != 0 {
		t.Errorf("after 4 s bob still sees %d live paintballs", n)
	}
	// Alice, moving right at 100 from x=333, stops at the edge, x=999,
	// 6.66 s after her move: everyone is told.
	g.advance(2 * time.Second)
	if u, _ := g.clients[b].Mirror().Object(pa.ID); u.PositionX != 999 || u.VelocityX != 0 {
		t.Errorf("alice at the edge: %+v", u)
	}
	// Invalid requests are refused by the client before they are sent.
	if err := g.clients[a].Move(0, 0, math.NaN()); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Move with a NaN facing: %v", err)
	}
	if err := g.clients[a].Shoot(9); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Shoot(9): %v", err)
	}
	if _, _, ok := g.clients[a].Transmit(g.now, nil); ok {
		t.Error("a refused request was queued")
	}
}

// TestDeadline: the server asks to be called for the periodic dump, the
// next automatic shot and an object's exit from the field, and only
// then; the client never.
func TestDeadline(t *testing.T) {
	g := newGame(t)
	start := g.now
	if d := g.srv.Deadline(); !d.Equal(start.Add(2 * time.Second)) {
		t.Errorf("an empty server's deadline: %v, want the dump's", d.Sub(start))
	}
	a := g.join("alice") // at x=333, y=500
	if err := g.clients[a].Move(0, -100, 0); err != nil {
		t.Fatal(err)
	}
	g.pump()
	// y goes from 500 to below 0 after 5 s, past the dump.
	if d := g.srv.Deadline(); !d.Equal(start.Add(2 * time.Second)) {
		t.Errorf("deadline %v", d.Sub(start))
	}
	g.advance(2 * time.Second)
	if d, want := g.srv.Deadline(), start.Add(4*time.Second); !d.Equal(want) {
		t.Errorf("after the dump: %v, want %v", d.Sub(start), want.Sub(start))
	}
	g.srv.DumpInterval = -1
	if d, want := g.srv.Deadline(), start.Add(5*time.Second+time.Millisecond); !d.Equal(want) {
		t.Errorf("without dumps: %v, want the exit at %v", d.Sub(start), want.Sub(start))
	}
	g.advance(3*time.Second + time.Millisecond)
	if d := g.srv.Deadline(); !d.IsZero() {
		t.Errorf("nothing moves and no dump: deadline %v", d.Sub(start))
	}
	if u, _ := g.clients[a].Mirror().Object(1); u.PositionY != 0 || u.VelocityY != 0 {
		t.Errorf("alice at the edge: %+v", u)
	}
	if d := g.clients[a].Deadline(); !d.IsZero() {
		t.Errorf("a client's deadline: %v", d)
	}
	g.clients[a].Tick(g.now) // does nothing
}

// TestDumpMakesMirrorEqual: whatever a client has missed, one dump makes
// its mirror equal to the server's state.
func TestDumpMakesMirrorEqual(t *testing.T) {
	g := newGame(t)
	a, b := g.join("alice"), g.join("bob")
	g.srv.AddObstacle(10, 20)
	g.clients[a].Move(30, -40, 2)
	g.clients[b].Move(-10, 0, 1)
	g.clients[a].Shoot(paintball.ShootingStateAutomatic)
	g.pump()
	g.advance(2100 * time.Millisecond)
	// A newcomer who asks for nothing, fed one dump.
	d := g.connect("dave")
	late := g.clients[d]
	late.DumpOnLogin = false
	late.Join()
	g.pump()
	late.RequestDump()
	g.pump()
	want := g.srv.Objects()
	if got := late.Mirror().Objects(); !cmp.Equal(got, want) {
		t.Fatalf("after a dump the mirror differs from the server (-server +mirror):\n%s", cmp.Diff(want, got))
	}
	// The others too, after the periodic dump.
	g.advance(2 * time.Second)
	want = g.srv.Objects()
	for i, c := range g.clients {
		var live []paintball.Update
		for _, o := range c.Mirror().Objects() {
			if i := slices.IndexFunc(want, func(w paintball.Update) bool { return w.ObjectID == o.ObjectID }); i >= 0 || !o.Dead() {
				live = append(live, o)
			}
		}
		if !cmp.Equal(live, want) {
			t.Errorf("client %d after the periodic dump (-server +mirror):\n%s", i, cmp.Diff(want, live))
		}
	}
}

// TestDumpMakesMirrorEqualProperty: for any game state, the Updates of a
// dump applied to an empty mirror, or to a mirror holding an older
// version of every object, give exactly that state.
func TestDumpMakesMirrorEqualProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	p := gopter.NewProperties(params)
	p.Property("dump -> mirror == state", prop.ForAll(func(state, old []paintball.Update) bool {
		var mr paintball.Mirror
		for i := range old {
			mr.Apply(&old[i])
		}
		for i := range state {
			u := wireCopy(t, &state[i], paintball.FromServer).(*paintball.Update)
			mr.Apply(u)
		}
		got := mr.Objects()
		// Objects only in the old version stay: a dump never says "gone".
		got = slices.DeleteFunc(got, func(u paintball.Update) bool {
			return !slices.ContainsFunc(state, func(s paintball.Update) bool { return s.ObjectID == u.ObjectID })
		})
		return cmp.Equal(got, state, cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }))
	}, paintballgen.GameState(), paintballgen.GameState()))
	p.TestingRun(t)
}

// wireCopy sends m through its bytes.
func wireCopy(t *testing.T, m paintball.Message, from wire.Direction) paintball.Message {
	t.Helper()
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	got, n, err := paintball.Decode(b, from)
	if err != nil || n != len(b) {
		t.Fatalf("%s: %v", m.Form().Name, err)
	}
	return got
}

func TestLeaving(t *testing.T) {
	g := newGame(t)
	a, b, c := g.join("alice"), g.join("bob"), g.join("carol")
	pb, _ := g.srv.Player(g.addrs[b])
	g.leave(b)
	for _, i := range []int{a, c} {
		u, ok := g.clients[i].Mirror().Object(pb.ID)
		if !ok || !u.Dead() {
			t.Errorf("client %d sees bob as %+v after he left", i, u)
		}
	}
	if len(g.srv.Players()) != 2 {
		t.Errorf("server has %d players", len(g.srv.Players()))
	}
	if _, ok := g.srv.Player(g.addrs[b]); ok {
		t.Error("bob is still a player")
	}
	// Bob's tombstone is in the next KeepDead periodic dumps, then gone.
	for k := 1; k <= 3; k++ {
		g.advance(2 * time.Second)
		_, kept := slices.BinarySearchFunc(g.srv.Objects(), pb.ID, func(u paintball.Update, id int32) int { return int(u.ObjectID - id) })
		if kept != (k < g.srv.KeepDead) {
			t.Errorf("after %d dumps: tombstone kept = %v", k, kept)
		}
	}
	// A kicked player is hung up on, once, and leaves when its
	// connection closes.
	if err := g.srv.Kick(g.addrs[c]); err != nil {
		t.Fatal(err)
	}
	g.srv.Kick(g.addrs[c])
	if p, ok := g.srv.Hangup(); !ok || p != g.addrs[c] {
		t.Errorf("Hangup: %v, %v", p, ok)
	}
	if _, ok := g.srv.Hangup(); ok {
		t.Error("a second hangup")
	}
	g.srv.Disconnected(g.now, g.addrs[c])
	g.pump()
	pc, _ := g.srv.Player(g.addrs[a]) // alice remains
	if u, _ := g.clients[a].Mirror().Object(3); !u.Dead() || pc.ID != 1 {
		t.Errorf("alice sees carol as %+v after the kick", u)
	}
	if err := g.srv.Kick(g.addrs[c]); err == nil {
		t.Error("kicked a player who is gone")
	}
}

// frame returns m's packet.
func frame(t *testing.T, m paintball.Message) []byte {
	t.Helper()
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestServerRefuses: what a client may not send is refused by Handle with
// a clear error, and the server goes on.
func TestServerRefuses(t *testing.T) {
	g := newGame(t)
	a := g.connect("alice")
	addr := g.addrs[a]
	now := g.now
	update := frame(t, &paintball.Update{ObjectID: 1})
	for _, tt := range []struct {
		name string
		from netip.AddrPort
		unit []byte
		want error
		text string
	}{
		{"a request before Login", addr, frame(t, &paintball.GameDumpRequest{}), paintball.ErrSequence, "paintball: GameDumpRequest out of sequence in state new"},
		{"an Update, a server's packet", addr, update, paintball.ErrSequence, "paintball: Update (only the server sends it) from the client out of sequence in state new"},
		{"an unknown peer", peerAddr(99), frame(t, &paintball.GameDumpRequest{}), nil, "paintball: no player is connected from 127.0.0.1:40099"},
		{"nothing", addr, nil, wire.ErrShort, ""},
		{"nil from the zero peer", netip.AddrPort{}, nil, nil, ""},
		{"type B", addr, []byte("*\x00B"), wire.ErrUnknownCode, ""},
		{"two packets in one unit", addr, append(frame(t, &paintball.GameDumpRequest{}), '*'), wire.ErrTrailing, ""},
	} {
		err := g.srv.Handle(now, tt.from, tt.unit)
		if err == nil || tt.want != nil && !errors.Is(err, tt.want) || tt.text != "" && err.Error() != tt.text {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	if err := g.srv.Handle(now, addr, frame(t, &paintball.Login{Username: paintball.UTF("alice")})); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		unit []byte
		want error
	}{
		{"a second Login", frame(t, &paintball.Login{Username: paintball.UTF("y")}), paintball.ErrSequence},
		{"an Update", update, paintball.ErrSequence},
		{"shooting state 3", []byte("*\x00D\x03"), wire.ErrInvalid},
		{"a NaN facing", frame(t, &paintball.PlayerUpdateRequest{Facing: math.NaN()}), wire.ErrInvalid},
	} {
		var seq *session.SequenceError
		if err := g.srv.Handle(now, addr, tt.unit); !errors.Is(err, tt.want) || tt.want == paintball.ErrSequence && !errors.As(err, &seq) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// Nothing refused had an effect; the server goes on.
	if objs := g.srv.Objects(); len(objs) != 1 || objs[0].VelocityX != 0 {
		t.Errorf("objects after the refusals: %+v", objs)
	}
	if err := g.srv.Handle(now, addr, frame(t, &paintball.PlayerUpdateRequest{VelocityX: 1})); err != nil {
		t.Errorf("a good request after the refusals: %v", err)
	}
	// Lax takes what breaks the rules, not what breaks the sequence.
	g.srv.Lax = true
	if err := g.srv.Handle(now, addr, []byte("*\x00D\x03")); err != nil {
		t.Errorf("lax, shooting state 3: %v", err)
	}
	if err := g.srv.Handle(now, addr, update); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("lax, an Update: %v", err)
	}
	// Connections: no address, twice.
	if err := g.srv.Connected(now, netip.AddrPort{}); err == nil {
		t.Error("connected the zero AddrPort")
	}
	if err := g.srv.Connected(now, addr); err == nil {
		t.Error("connected twice")
	}
	g.srv.Disconnected(now, peerAddr(99)) // unknown: nothing
}

// TestClientRefuses: the client refuses a client's packet, anything
// before Join and after Leave, and what breaks the rules.
func TestClientRefuses(t *testing.T) {
	c, _ := paintball.NewClient("z")
	now := time.Unix(1, 0)
	update := frame(t, &paintball.Update{ObjectType: paintball.ObjectTypePlayer, ObjectID: 1})
	if err := c.Handle(now, netip.AddrPort{}, update); !errors.Is(err, paintball.ErrSequence) || !strings.Contains(err.Error(), "state new") {
		t.Errorf("an Update before Join: %v", err)
	}
	if err := c.Join(); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		unit []byte
		want error
		text string
	}{
		{"a request", frame(t, &paintball.GameDumpRequest{}), paintball.ErrSequence,
			"paintball: GameDumpRequest (only the client sends it) from the server out of sequence in state joining"},
		{"a NaN facing", frame(t, &paintball.Update{Facing: math.NaN()}), wire.ErrInvalid, ""},
		{"a cut Update", update[:10], wire.ErrShort, ""},
		{"no marker", append([]byte{'+'}, update[1:]...), wire.ErrInvalid, ""},
	} {
		err := c.Handle(now, netip.AddrPort{}, tt.unit)
		if !errors.Is(err, tt.want) || tt.text != "" && err.Error() != tt.text {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	if c.State() != paintball.ClientJoining || c.Mirror().Len() != 0 {
		t.Errorf("after the refusals: %v, %d objects", c.State(), c.Mirror().Len())
	}
	if err := c.Handle(now, netip.AddrPort{}, update); err != nil || c.State() != paintball.ClientPlaying {
		t.Errorf("the first Update: %v, state %v", err, c.State())
	}
	c.Leave()
	if err := c.Handle(now, netip.AddrPort{}, update); !errors.Is(err, paintball.ErrSequence) {
		t.Errorf("an Update after Leave: %v", err)
	}
}

// TestClientSend: every packet a client queues is checked: its
// protocol, its direction, its rules and the session's state; Lax lets
// the rules and the sequence go, not the end.
func TestClientSend(t *testing.T) {
	var other wire.Message = wire.NewRaw(nil, 1, wire.FromClient, []byte{1})
	for _, tt := range []struct {
		name  string
		lax   bool
		setup func(c *paintball.Client)
		send  func(c *paintball.Client) error
		want  error // nil: accepted
	}{
		{"nil", false, nil, func(c *paintball.Client) error { return c.Send(nil) }, wire.ErrInvalid},
		{"a nil pointer", false, nil, func(c *paintball.Client) error { return c.Send((*paintball.Login)(nil)) }, wire.ErrInvalid},
		{"another protocol", false, nil, func(c *paintball.Client) error { return c.Send(other) }, wire.ErrInvalid},
		{"an Update", true, nil, func(c *paintball.Client) error { return c.Send(&paintball.Update{}) }, wire.ErrInvalid},
		{"Move before Join", false, nil, func(c *paintball.Client) error { return c.Move(1, 1, 0) }, paintball.ErrSequence},
		{"lax Move before Join", true, nil, func(c *paintball.Client) error { return c.Move(1, 1, 0) }, nil},
		{"a second Join", false, join, func(c *paintball.Client) error { return c.Join() }, paintball.ErrSequence},
		{"a second Login", false, join, func(c *paintball.Client) error { return c.Send(&paintball.Login{}) }, paintball.ErrSequence},
		{"lax second Login", true, join, func(c *paintball.Client) error { return c.Send(&paintball.Login{}) }, nil},
		{"NaN facing", false, join, func(c *paintball.Client) error { return c.Move(0, 0, math.Inf(1)) }, wire.ErrInvalid},
		{"lax NaN facing", true, join, func(c *paintball.Client) error { return c.Move(0, 0, math.NaN()) }, nil},
		{"a long name", false, func(c *paintball.Client) { c.Username = make(paintball.UTF, 70000) }, func(c *paintball.Client) error { return c.Join() }, wire.ErrTooLong},
		{"after Leave", true, leave, func(c *paintball.Client) error { return c.RequestDump() }, paintball.ErrSequence},
		{"Leave twice", false, leave, func(c *paintball.Client) error { return c.Leave() }, paintball.ErrSequence},
	} {
		c, _ := paintball.NewClient("z")
		if tt.setup != nil {
			tt.setup(c)
		}
		c.Lax = tt.lax
		drain(c) // what the setup queued
		err := tt.send(c)
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
		if n := drain(c); (n > 0) != (tt.want == nil) {
			t.Errorf("%s: %d packets queued", tt.name, n)
		}
	}
}

func join(c *paintball.Client)  { c.Join() }
func leave(c *paintball.Client) { c.Leave() }

// drain returns how many packets c had queued, and takes them.
func drain(c *paintball.Client) int {
	n := 0
	for _, _, ok := c.Transmit(time.Time{}, drainBuf[:0]); ok; _, _, ok = c.Transmit(time.Time{}, drainBuf[:0]) {
		n++
	}
	return n
}

var drainBuf = make([]byte, 0, 64)

// TestServerSend: the server sends only what a server may, to a player who
// has logged in (unless Lax).
func TestServerSend(t *testing.T) {
	g := newGame(t)
	a := g.connect("alice")
	u := &paintball.Update{ObjectID: 9}
	for _, tt := range []struct {
		name string
		to   netip.AddrPort
		m    paintball.Message
		want error
	}{
		{"nil", g.addrs[a], nil, wire.ErrInvalid},
		{"a request", g.addrs[a], &paintball.GameDumpRequest{}, wire.ErrInvalid},
		{"before Login", g.addrs[a], u, paintball.ErrSequence},
		{"no such peer", peerAddr(7), u, nil},
	} {
		if err := g.srv.Send(tt.to, tt.m); err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	g.clients[a].Join()
	g.pump()
	if err := g.srv.Send(g.addrs[a], u); err != nil {
		t.Fatal(err)
	}
	if err := g.srv.Send(g.addrs[a], &paintball.Update{Facing: math.NaN()}); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a NaN facing: %v", err)
	}
	g.pump()
	if _, ok := g.clients[a].Mirror().Object(9); !ok {
		t.Error("the Update sent did not arrive")
	}
	if err := g.srv.Dump(peerAddr(7)); err == nil {
		t.Error("a dump for no one")
	}
}
