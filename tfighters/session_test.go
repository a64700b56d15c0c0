package tfighters_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
)

// The sessions meet the contract.
var (
	_ session.Framed = (*tfighters.Client)(nil)
	_ session.Server = (*tfighters.Server)(nil)
)

// epoch is the time of the in-memory tests.
var epoch = time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC)

// link carries frames between a Server and its Clients in memory, with
// injected time: what Transmit gives one side, the other's Handle takes.
// Each side is ticked only when its Deadline says so.
type link struct {
	t       *testing.T
	srv     *tfighters.Server
	now     time.Time
	addr    map[*tfighters.Client]netip.AddrPort
	client  map[netip.AddrPort]*tfighters.Client
	fromSrv map[*tfighters.Client]*bytes.Buffer // what the server sent each client
	events  map[*tfighters.Client][]tfighters.Event
	hangups []netip.AddrPort
}

func newLink(t *testing.T) *link {
	srv := tfighters.NewServer()
	srv.Start = epoch
	return &link{
		t: t, srv: srv, now: epoch,
		addr:    map[*tfighters.Client]netip.AddrPort{},
		client:  map[netip.AddrPort]*tfighters.Client{},
		fromSrv: map[*tfighters.Client]*bytes.Buffer{},
		events:  map[*tfighters.Client][]tfighters.Event{},
	}
}

func (l *link) connect(c *tfighters.Client) {
	l.t.Helper()
	a := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), uint16(40000+len(l.addr)))
	if err := l.srv.Connected(l.now, a); err != nil {
		l.t.Fatal(err)
	}
	l.addr[c], l.client[a] = a, c
	l.fromSrv[c] = new(bytes.Buffer)
}

// disconnect closes c's connection: the server is told.
func (l *link) disconnect(c *tfighters.Client) {
	l.srv.Disconnected(l.now, l.addr[c])
	delete(l.client, l.addr[c])
	delete(l.addr, c)
}

// pump moves frames both ways until nothing is left to send, and reads
// the clients' events.
func (l *link) pump() {
	l.t.Helper()
	for moved := true; moved; {
		moved = false
		for {
			to, unit, ok := l.srv.Transmit(l.now, nil)
			if !ok {
				break
			}
			moved = true
			c := l.client[to]
			if c == nil {
				l.t.Fatalf("a frame for %v, who is not connected", to)
			}
			l.fromSrv[c].Write(unit)
			if err := c.Handle(l.now, netip.AddrPort{}, unit); err != nil {
				l.t.Fatalf("client %s: Handle(%x): %v", c.Nick(), unit, err)
			}
		}
		for c, a := range l.addr {
			for {
				_, unit, ok := c.Transmit(l.now, nil)
				if !ok {
					break
				}
				moved = true
				if err := l.srv.Handle(l.now, a, unit); err != nil {
					l.t.Fatalf("server: Handle(%x) from %s: %v", unit, c.Nick(), err)
				}
			}
			for e, ok := c.Event(); ok; e, ok = c.Event() {
				l.events[c] = append(l.events[c], e)
			}
		}
		for p, ok := l.srv.Hangup(); ok; p, ok = l.srv.Hangup() {
			l.hangups = append(l.hangups, p)
		}
	}
}

// tick calls Tick on every side whose deadline has come.
func (l *link) tick() {
	if d := l.srv.Deadline(); !d.IsZero() && !l.now.Before(d) {
		l.srv.Tick(l.now)
	}
	for c := range l.addr {
		if d := c.Deadline(); !d.IsZero() && !l.now.Before(d) {
			c.Tick(l.now)
		}
	}
}

// advance moves the clock by d in steps of 10 ms, ticking and pumping.
func (l *link) advance(d time.Duration) {
	l.t.Helper()
	for end := l.now.Add(d); l.now.Before(end); {
		l.now = l.now.Add(10 * time.Millisecond)
		l.tick()
		l.pump()
	}
}

// kinds lists the kinds of c's events so far, and forgets them.
func (l *link) kinds(c *tfighters.Client) []string {
	var out []string
	for _, e := range l.events[c] {
		out = append(out, e.Kind.String())
	}
	l.events[c] = nil
	return out
}

// frames decodes the frames of a stream.
func frames(t *testing.T, stream []byte) []tfighters.Message {
	t.Helper()
	var out []tfighters.Message
	for len(stream) > 0 {
		m, n, err := tfighters.Decode(stream, tfighters.AnyDirection)
		if err != nil {
			t.Fatalf("parse %x: %v", stream, err)
		}
		out = append(out, m)
		stream = stream[n:]
	}
	return out
}

// codes lists the codes of the frames in a stream.
func codes(t *testing.T, stream []byte) []string {
	t.Helper()
	var out []string
	for _, m := range frames(t, stream) {
		out = append(out, code(m).String())
	}
	return out
}

func TestSessionHandshake(t *testing.T) {
	l := newLink(t)
	a := tfighters.NewClient("Alice")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	if a.State() != tfighters.ClientSpawnReady {
		t.Fatalf("after the lag checks: state %s, want spawn-ready", a.State())
	}
	got := strings.Join(codes(t, l.fromSrv[a].Bytes()), " ")
	// The order of the original server (see docs/errata/tfighters.md): no
	// reply to CMSG_VERSION; NICKREPLY; the first PING before the user
	// list; the list holds the new player, whose NEWUSER is followed by
	// INVINCIBLE; four more PINGs; SPAWNREADY after the last PING; a LAG
	// for each PONG.
	want := "SMSG_HI SMSG_NICKREPLY SMSG_PING SMSG_NEWUSER SMSG_INVINCIBLE SMSG_LAG " +
		"SMSG_PING SMSG_LAG SMSG_PING SMSG_LAG SMSG_PING SMSG_LAG SMSG_PING SMSG_SPAWNREADY SMSG_LAG"
	if got != want {
		t.Errorf("server sent\n %s\nwant\n %s", got, want)
	}
	if got := l.kinds(a); !slices.Equal(got, []string{"joined", "spawn-ready"}) {
		t.Errorf("events %v, want joined and spawn-ready (no player-joined for ourselves)", got)
	}
	if e, ok := l.srv.Event(); !ok || e.Kind != tfighters.EventJoined || e.ID != a.ID() || e.Text != "Alice" {
		t.Errorf("server's event %v, want joined %d Alice", e, a.ID())
	}
	if err := a.Spawn(); err != nil {
		t.Fatal(err)
	}
	l.pump()
	if a.State() != tfighters.ClientPlaying {
		t.Fatalf("after CMSG_SPAWN: state %s", a.State())
	}
	if me := a.Object(a.ID()); me == nil || me.Nick != "Alice" || !me.Alive || !me.Invincible || me.X != 9000 {
		t.Errorf("own object %+v", me)
	}
	if e := l.events[a]; len(e) != 1 || e[0].String() != "spawned 1 at (90.00, 310.00)" {
		t.Errorf("events %v, want our spawn", e)
	}
	// Invincibility ends on the Client's deadline: nobody announces it.
	until := a.Object(a.ID()).InvincibleUntil
	if d := a.Deadline(); !d.After(until) || d.Sub(until) > time.Millisecond {
		t.Errorf("deadline %v, want just after %v", d, until)
	}
	l.advance(until.Sub(l.now) + 10*time.Millisecond)
	if a.Object(a.ID()).Invincible || !a.Deadline().IsZero() {
		t.Errorf("after its time: %+v, deadline %v", a.Object(a.ID()), a.Deadline())
	}
}

func TestSessionTwoPlayers(t *testing.T) {
	l := newLink(t)
	a, b := tfighters.NewClient("Alice"), tfighters.NewClient("Bob")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	l.connect(b)
	l.advance(500 * time.Millisecond)
	for _, c := range []*tfighters.Client{a, b} {
		if err := c.Spawn(); err != nil {
			t.Fatal(err)
		}
	}
	l.pump()
	if o := a.Object(b.ID()); o == nil || o.Nick != "Bob" || !o.Alive {
		t.Fatalf("Alice does not see Bob: %+v", o)
	}
	if o := b.Object(a.ID()); o == nil || o.Nick != "Alice" {
		t.Fatalf("Bob does not see Alice: %+v", o)
	}
	if got := l.kinds(a); !slices.Contains(got, "player-joined") {
		t.Errorf("Alice's events %v lack Bob's joining", got)
	}
	if got := l.kinds(b); !slices.Equal(got, []string{"joined", "player-joined", "spawn-ready", "spawned", "spawned"}) {
		t.Errorf("Bob's events %v", got)
	}
	steps := []struct {
		name  string
		do    func() error
		check func() bool
		event string // what Bob (or Alice, for Bob's actions) sees
	}{
		{"accel", func() error { return a.Accel(9100, 31050, 1, 25) },
			func() bool {
				o := b.Object(a.ID())
				return o.X == 9100 && o.Y == 31050 && o.Accel == 1 && o.Speed == 25
			}, ""},
		{"turn", func() error { return a.Turn(9150, 31075, -2, 17500) },
			func() bool { o := b.Object(a.ID()); return o.Turn == -2 && o.Deg == 17500 && o.X == 9150 }, ""},
		{"shoot", func() error { return a.Shoot(l.now, 9150, 31075, 17500) }, func() bool { return true },
			"shot 1 bullet 3 at (91.50, 310.75) heading 175.00"},
		{"say", func() error { return a.Say("hello\x01ignored") }, func() bool { return true }, `chat 1 "hello"`},
		{"nick", func() error { return a.SetNick("Alice2") },
			func() bool { return b.Object(a.ID()).Nick == "Alice2" && a.Nick() == "Alice2" }, `nick 1 "Alice2"`},
		{"taken nick", func() error { return a.SetNick("Bob") },
			func() bool { return a.NickProblem() == "Nick already in use" && a.Nick() == "Alice2" }, ""},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		l.pump()
		if !s.check() {
			t.Errorf("%s: not seen by the other side", s.name)
		}
		var got []string
		for _, e := range l.events[b] {
			got = append(got, e.String())
		}
		l.events[b] = nil
		if want := []string{s.event}; s.event != "" && !slices.Equal(got, want) || s.event == "" && len(got) > 0 {
			t.Errorf("%s: Bob's events %q, want %q", s.name, got, s.event)
		}
	}
	if got := l.kinds(a); !slices.Equal(got, []string{"chat", "nick", "nick-rejected"}) {
		t.Errorf("Alice's own events %v: the chat line and the nick come back, the shot not", got)
	}
	// The server saw it too.
	var srv []string
	for e, ok := l.srv.Event(); ok; e, ok = l.srv.Event() {
		srv = append(srv, e.Kind.String())
	}
	if want := []string{"joined", "joined", "spawned", "spawned", "shot", "chat", "nick"}; !slices.Equal(srv, want) {
		t.Errorf("server's events %v, want %v", srv, want)
	}
	// Bob leaves: the protocol has no message; his connection closes, and
	// the original tells the others with SMSG_KICK "Read error".
	if err := b.Leave(); err != nil || !b.Done() || b.State() != tfighters.ClientClosed {
		t.Fatalf("Leave: %v, done %v, state %s", err, b.Done(), b.State())
	}
	if err := b.Leave(); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Leave twice: %v", err)
	}
	if err := b.Say("still here?"); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Say after Leave: %v", err)
	}
	l.disconnect(b)
	l.pump()
	if a.Object(b.ID()) != nil {
		t.Errorf("Alice still sees Bob after he left")
	}
	if e := l.events[a]; len(e) != 1 || e[0].String() != `player-left 2 "Read error"` {
		t.Errorf("Alice's events %v", e)
	}
	if len(l.srv.Players()) != 1 {
		t.Errorf("server keeps %d players, want 1", len(l.srv.Players()))
	}
	if e, ok := l.srv.Event(); !ok || e.String() != `player-left 2 "Read error"` {
		t.Errorf("server's event %v", e)
	}
}

// send returns the frame of m, as a client or server sends it.
func frame(t *testing.T, m tfighters.Message) []byte { return codectest.Encode(t, m) }

// newPeer connects a peer to a fresh server and drops its SMSG_HI.
func newPeer(t *testing.T) (*tfighters.Server, netip.AddrPort) {
	s := tfighters.NewServer()
	a := netip.MustParseAddrPort("127.0.0.1:4000")
	if err := s.Connected(epoch, a); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := s.Transmit(epoch, nil); !ok {
		t.Fatal("no SMSG_HI")
	}
	return s, a
}

// TestServerKicks checks the original server's answers to out-of-sequence
// messages: the SMSG_KICK, the hangup, and Handle's error.
func TestServerKicks(t *testing.T) {
	tests := []struct {
		name   string
		frames [][]byte
		reason string
		seq    bool // the error wraps ErrSequence
	}{
		{"nick before version", [][]byte{frame(t, &tfighters.ClientNick{Nick: []byte("x")})}, "Invalid protocol sequence (nick)", true},
		{"version twice", [][]byte{frame(t, &tfighters.Version{MyVersion: 1}), frame(t, &tfighters.Version{MyVersion: 1})}, "Invalid protocol sequence (version)", true},
		{"say before nick", [][]byte{frame(t, &tfighters.Version{MyVersion: 1}), frame(t, &tfighters.ClientSay{Text: []byte("hi")})}, "Packet error/not registered", true},
		{"pass before nick", [][]byte{frame(t, &tfighters.Pass{Pass: []byte("secret")})}, "Packet error/not registered", true},
		{"unknown code", [][]byte{raw(0x8f00, nil).Frame}, "Packet error/not registered", true},
		{"a server's code", [][]byte{frame(t, &tfighters.Lag{Diff: 1})}, "Packet error/not registered", true},
		{"negative lag", [][]byte{frame(t, &tfighters.Pong{ServerTime: 1000})}, "Negative lag detected", false},
		{"cut short", [][]byte{codectest.Hex(t, "0600 0080 0100")}, "Packet error", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, a := newPeer(t)
			var err error
			for _, f := range tt.frames {
				err = s.Handle(epoch, a, f)
			}
			var ke *tfighters.KickError
			if !errors.As(err, &ke) || ke.Reason != tt.reason || errors.Is(err, tfighters.ErrSequence) != tt.seq {
				t.Fatalf("Handle: %v, want a kick for %q", err, tt.reason)
			}
			p := s.Players()[0]
			if !p.Closed() || p.Reason() != tt.reason {
				t.Fatalf("closed %v reason %q, want %q", p.Closed(), p.Reason(), tt.reason)
			}
			to, unit, _ := s.Transmit(epoch, nil)
			var k tfighters.Kick
			if err := k.UnmarshalBinary(unit); err != nil || to != a || string(k.Text) != tt.reason || k.ID != p.ID() {
				t.Errorf("sent %x to %v, want SMSG_KICK", unit, to)
			}
			if e, ok := s.Event(); ok {
				t.Errorf("event %v for a player that never joined", e)
			}
			if h, ok := s.Hangup(); !ok || h != a {
				t.Errorf("Hangup: %v %v", h, ok)
			}
			if err := s.Handle(epoch, a, tt.frames[0]); !errors.Is(err, tfighters.ErrUnknownPeer) {
				t.Errorf("a frame after the hangup: %v", err)
			}
		})
	}
}

// TestServerRefuses: what a client may not send is refused with an error,
// the server stays up, and the player stays unless the original kicks.
func TestServerRefuses(t *testing.T) {
	l := newLink(t)
	a := tfighters.NewClient("Alice")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	addr := l.addr[a]
	tests := []struct {
		name  string
		frame []byte
		want  error
	}{
		{"a server's message", frame(t, &tfighters.ServerSay{ID: 1, Text: []byte("x")}), tfighters.ErrSequence},
		{"a broken rule", frame(t, &tfighters.ClientAccel{Accel: 5}), wire.ErrInvalid},
		{"trailing bytes", append(frame(t, &tfighters.ClientSpawn{}), 0), codec.ErrTrailing},
	}
	for _, tt := range tests {
		err := l.srv.Handle(l.now, addr, tt.frame)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
		if tt.name != "trailing bytes" && l.srv.Players()[0].Closed() {
			t.Errorf("%s: the player was kicked", tt.name)
		}
	}
	if err := l.srv.Handle(l.now, netip.MustParseAddrPort("10.0.0.1:1"), frame(t, &tfighters.ClientSpawn{})); !errors.Is(err, tfighters.ErrUnknownPeer) {
		t.Errorf("a stranger's frame: %v", err)
	}
	// Lax takes the broken rule, as the original does, and relays it.
	l2 := newLink(t)
	l2.srv.Lax = true
	b, c := tfighters.NewClient("Bob"), tfighters.NewClient("Carol")
	l2.connect(b)
	l2.connect(c)
	l2.advance(500 * time.Millisecond)
	if err := l2.srv.Handle(l2.now, l2.addr[b], frame(t, &tfighters.ClientAccel{Accel: 5})); err != nil {
		t.Errorf("Lax: %v", err)
	}
	c.Lax = true
	l2.pump()
	if o := c.Object(b.ID()); o == nil || o.Accel != 5 {
		t.Errorf("Carol sees Bob as %+v", o)
	}
}

// TestServerNickReplies checks the texts and codes of SMSG_NICKREPLY.
func TestServerNickReplies(t *testing.T) {
	tests := []struct {
		nick string
		want tfighters.NickResult
		text string
	}{
		{"Alice", tfighters.NickResultOK, "Ok"},
		{"", tfighters.NickResultRejected, "Empty nick"},
		{strings.Repeat("a", 63), tfighters.NickResultRejected, "Nick too long"},
		{"bad nick!", tfighters.NickResultRejected, "Bad character(s) in nick"},
		{"[a|b]^-_9", tfighters.NickResultOK, "Ok"},
	}
	for _, tt := range tests {
		s, a := newPeer(t)
		s.Lax = true // the rejected nicks break CMSG_NICK's rules
		for _, m := range []tfighters.Message{&tfighters.Version{MyVersion: 1}, &tfighters.ClientNick{Nick: []byte(tt.nick)}} {
			if err := s.Handle(epoch, a, frame(t, m)); err != nil {
				t.Fatal(err)
			}
		}
		_, unit, _ := s.Transmit(epoch, nil)
		var r tfighters.NickReply
		if err := r.UnmarshalBinary(unit); err != nil || r.GoodOrBad != tt.want || string(r.Text) != tt.text {
			t.Errorf("nick %q: reply %+v, want %v %q", tt.nick, r, tt.want, tt.text)
		}
	}
}

// handleAll hands c the frames of msgs at now, failing t on an error.
func handleAll(t *testing.T, c *tfighters.Client, now time.Time, msgs ...tfighters.Message) {
	t.Helper()
	for _, m := range msgs {
		if err := c.Handle(now, netip.AddrPort{}, frame(t, m)); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
}

// sent returns the messages c has to send, decoded.
func sent(t *testing.T, c *tfighters.Client) []tfighters.Message {
	t.Helper()
	var out []tfighters.Message
	for {
		_, unit, ok := c.Transmit(epoch, nil)
		if !ok {
			return out
		}
		out = append(out, frames(t, unit)...)
	}
}

// TestClientSequence checks that the client refuses what its state does
// not allow, and survives an unknown code.
func TestClientSequence(t *testing.T) {
	c := tfighters.NewClient("Alice")
	h := func(m tfighters.Message) error { return c.Handle(epoch, netip.AddrPort{}, frame(t, m)) }
	if err := h(&tfighters.Lag{Diff: 1}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("SMSG_LAG before SMSG_HI: %v, want ErrSequence", err)
	}
	if err := c.Spawn(); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Spawn before SPAWNREADY: %v", err)
	}
	if err := h(&tfighters.Hi{MyVersion: 1, UWID: 7}); err != nil {
		t.Fatal(err)
	}
	out := sent(t, c)
	if len(out) != 2 {
		t.Fatalf("sent %v, want CMSG_VERSION and CMSG_NICK", out)
	}
	if v, ok := out[0].(*tfighters.Version); !ok || v.MyVersion != 1 {
		t.Error("no CMSG_VERSION 1 after SMSG_HI")
	}
	if n, ok := out[1].(*tfighters.ClientNick); !ok || string(n.Nick) != "Alice" {
		t.Error("no CMSG_NICK after CMSG_VERSION")
	}
	if err := c.Handle(epoch, netip.AddrPort{}, raw(0x7abc, []byte{1, 2}).Frame); err != nil {
		t.Errorf("unknown code: %v", err)
	}
	if err := c.Handle(epoch, netip.AddrPort{}, frame(t, &tfighters.Version{})); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("a client message: %v", err)
	}
	if err := h(&tfighters.SpawnReady{}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("SPAWNREADY before the nick is accepted: %v", err)
	}
	if err := c.Handle(epoch, netip.AddrPort{}, frame(t, &tfighters.ServerAccel{Accel: 9})); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a broken rule: %v", err)
	}
	if err := c.Handle(epoch, netip.AddrPort{}, []byte{1}); !errors.Is(err, wire.ErrShort) {
		t.Errorf("a byte: %v", err)
	}
	if err := c.Accel(1, 2, 1, 3); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Accel before spawning: %v", err)
	}
	if err := c.Say("hi"); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Say before SPAWNREADY (the original kicks): %v", err)
	}
	if err := c.SetNick("Bob"); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("SetNick while the first waits for its reply: %v", err)
	}
	if err := c.SetNick("no spaces"); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("SetNick with a bad nick: %v", err)
	}
	handleAll(t, c, epoch,
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.SpawnReady{},
		&tfighters.ServerSpawn{ID: 7})
	if err := c.Spawn(); !errors.Is(err, tfighters.ErrSequence) || c.State() != tfighters.ClientPlaying {
		t.Errorf("Spawn while playing: %v, state %s", err, c.State())
	}
	if err := c.Accel(1, 2, 3, 4); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Accel 3: %v", err)
	}
	handleAll(t, c, epoch, &tfighters.Kill{VictimID: 7, EvilID: 9})
	if c.State() != tfighters.ClientDead {
		t.Errorf("killed: state %s", c.State())
	}
	c.Say("last words")
	handleAll(t, c, epoch, &tfighters.Kick{ID: 7, Text: []byte("bye")})
	if c.State() != tfighters.ClientClosed || c.Reason() != "bye" || !c.Done() {
		t.Errorf("kick: state %s, reason %q, done %v", c.State(), c.Reason(), c.Done())
	}
	var kinds []string
	for e, ok := c.Event(); ok; e, ok = c.Event() {
		kinds = append(kinds, e.Kind.String())
	}
	if want := []string{"joined", "spawn-ready", "spawned", "killed", "kicked"}; !slices.Equal(kinds, want) {
		t.Errorf("events %v, want %v", kinds, want)
	}
	if err := h(&tfighters.Lag{}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("a frame after the kick: %v", err)
	}
}

// TestSend: every message leaves through Send, checked: nil, another
// protocol's, the server's direction, a broken rule and the sequence are
// refused; Lax lets the rule and the sequence through, never the rest.
func TestSend(t *testing.T) {
	c := tfighters.NewClient("Alice")
	handleAll(t, c, epoch, &tfighters.Hi{MyVersion: 1, UWID: 7})
	sent(t, c)
	var nilHi *tfighters.Hi
	for _, lax := range []bool{false, true} {
		c.Lax = lax
		for _, m := range []tfighters.Message{nil, nilHi, &tfighters.Hi{}, &paintball.GameDumpRequest{}} {
			var se *wire.SendError
			if err := c.Send(m); !errors.As(err, &se) {
				t.Errorf("lax %v, %T: %v, want a *wire.SendError", lax, m, err)
			}
		}
	}
	c.Lax = false
	if err := c.Send(&tfighters.ClientAccel{Accel: 1}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("CMSG_ACCEL before the spawn: %v", err)
	}
	if err := c.Send(&tfighters.ClientNick{}); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("an empty nick: %v", err)
	}
	c.Lax = true
	for _, m := range []tfighters.Message{&tfighters.ClientAccel{Accel: 5}, &tfighters.ClientNick{}, raw(0x8f00, []byte("x"))} {
		if err := c.Send(m); err != nil {
			t.Errorf("lax %s: %v", code(m), err)
		}
	}
	n := 0
	for _, _, ok := c.Transmit(epoch, nil); ok; _, _, ok = c.Transmit(epoch, nil) {
		n++
	}
	if n != 3 {
		t.Errorf("lax sent %d messages, want 3", n)
	}
	// The server checks its own the same way.
	s, a := newPeer(t)
	id := s.Players()[0].ID()
	for _, m := range []tfighters.Message{nil, &tfighters.Version{}, &paintball.GameDumpRequest{}, &tfighters.ServerAccel{Accel: 5}} {
		if err := s.Send(id, m); err == nil {
			t.Errorf("server Send %T: no error", m)
		}
		if err := s.Broadcast(m); err == nil {
			t.Errorf("server Broadcast %T: no error", m)
		}
	}
	if err := s.Send(id+1, &tfighters.Lag{}); !errors.Is(err, tfighters.ErrUnknownPeer) {
		t.Errorf("Send to nobody: %v", err)
	}
	if err := s.Send(id, &tfighters.Kill{VictimID: id, EvilID: 9}); err != nil {
		t.Errorf("Send SMSG_KILL: %v", err)
	}
	if to, unit, ok := s.Transmit(epoch, nil); !ok || to != a || code(frames(t, unit)[0]) != tfighters.CodeKill {
		t.Errorf("Transmit: %v %x %v", to, unit, ok)
	}
	if err := s.Kick(id, "enough"); err != nil {
		t.Fatal(err)
	}
	if err := s.Kick(id, "again"); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Kick twice: %v", err)
	}
	if err := s.Send(id, &tfighters.Lag{}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Send to the kicked: %v", err)
	}
	if err := s.Kick(id+1, "x"); !errors.Is(err, tfighters.ErrUnknownPeer) {
		t.Errorf("Kick nobody: %v", err)
	}
}

// TestServerHandshakeGolden compares our server's bytes with those the
// original server (commit 8812983, built for x86-64 Linux) sent on
// 127.0.0.1 for a client that connected, sent CMSG_VERSION 1 and CMSG_NICK
// "Alice" 304 ms later, while alone on the server. The original sent its
// time in 8 bytes (a 64-bit build: see the errata); ours sends the 4 of
// the spec and the 32-bit builds, so the PING frames differ in that only.
func TestServerHandshakeGolden(t *testing.T) {
	s := tfighters.NewServer()
	s.Start = epoch
	s.NextID = 5 // the original uses the socket descriptor
	connect := epoch.Add(6349 * time.Millisecond)
	a := netip.MustParseAddrPort("127.0.0.1:4000")
	if err := s.Connected(connect, a); err != nil {
		t.Fatal(err)
	}
	nickAt := connect.Add(304 * time.Millisecond)
	for _, m := range []tfighters.Message{&tfighters.Version{MyVersion: 1}, &tfighters.ClientNick{Nick: []byte("Alice")}} {
		if err := s.Handle(nickAt, a, frame(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for to, unit, ok := s.Transmit(nickAt, nil); ok; to, unit, ok = s.Transmit(nickAt, nil) {
		if to != a {
			t.Errorf("a frame to %v", to)
		}
		got = append(got, hex.EncodeToString(unit))
	}
	want := []string{
		"0a0000000100000005000000", // SMSG_HI version 1, uwid 5
		"06000007004f6b00",         // SMSG_NICKREPLY 0 "Ok"
		"06000200fd190000",         // SMSG_PING 6653; the original: 0a000200fd19000000000000
		// SMSG_NEWUSER 5 (90.00, 310.00) 180.00, accel 0, alive 0, frags 0,
		// pending moves 0, turn 0, T_PLAYER, speed 0, "Alice"
		"29000006050000002823000018790000504600000000000000000000000000000000000000416c69636500",
		"0b000204050000000158120000", // SMSG_INVINCIBLE 5 yes 4696 ms left
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("server sent\n%s\nwant (from the original)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestServerExpiredInvincibility: a player whose invincibility ran out
// before the server's next Tick is not listed as invincible to a newcomer
// (no SMSG_INVINCIBLE with a wrapped-around time left).
func TestServerExpiredInvincibility(t *testing.T) {
	s := tfighters.NewServer()
	port := uint16(4000)
	join := func(nick string, now time.Time) netip.AddrPort {
		port++
		a := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), port)
		if err := s.Connected(now, a); err != nil {
			t.Fatal(err)
		}
		for _, m := range []tfighters.Message{&tfighters.Version{MyVersion: 1}, &tfighters.ClientNick{Nick: []byte(nick)}} {
			if err := s.Handle(now, a, frame(t, m)); err != nil {
				t.Fatal(err)
			}
		}
		return a
	}
	join("Alice", epoch)
	alice := s.Players()[0].ID()
	bob := join("Bob", epoch.Add(s.Invincibility+time.Second)) // no Tick in between
	for to, unit, ok := s.Transmit(epoch, nil); ok; to, unit, ok = s.Transmit(epoch, nil) {
		if inv, ok := frames(t, unit)[0].(*tfighters.Invincible); ok && to == bob && inv.ID == alice {
			t.Errorf("Bob's user list: %+v for Alice, whose invincibility ended 1 s ago", inv)
		}
	}
}

// TestServerInGame checks the periodic work once in the game: a ping every
// LagInterval, the end of invincibility, and the lag average.
func TestServerInGame(t *testing.T) {
	l := newLink(t)
	a := tfighters.NewClient("Alice")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	p := l.srv.Players()[0]
	if lag := p.Lag(); lag != 0 {
		t.Errorf("lag %v in memory, want 0", lag)
	}
	if d := l.srv.Deadline(); !d.Equal(l.now.Add(l.srv.LagInterval - 100*time.Millisecond)) {
		t.Errorf("deadline %v after the lag checks, want the in-game ping's", d.Sub(l.now))
	}
	l.fromSrv[a].Reset()
	l.advance(2 * time.Second)
	if got := codes(t, l.fromSrv[a].Bytes()); len(got) != 2 || got[0] != "SMSG_PING" || got[1] != "SMSG_LAG" {
		t.Errorf("in-game lag check: %v", got)
	}
	// Bob joins after Alice's invincibility ran out: his user list has no
	// SMSG_INVINCIBLE for her.
	l.advance(3 * time.Second)
	b := tfighters.NewClient("Bob")
	l.connect(b)
	l.advance(20 * time.Millisecond)
	if o := b.Object(a.ID()); o == nil || o.Invincible {
		t.Errorf("Bob sees Alice as %+v", o)
	}
	if !b.Object(b.ID()).Invincible {
		t.Error("Bob is not invincible in his own list")
	}
}

// TestClientNewUserAlive: an object the server announces only with
// SMSG_NEWUSER (a player already in the game when we join) is alive, as
// the original client makes it (client/socket.cpp m_newuser: dead = 0).
func TestClientNewUserAlive(t *testing.T) {
	c := tfighters.NewClient("Alice")
	handleAll(t, c, epoch,
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob"), Type: tfighters.ObjectTypePlayer},
		&tfighters.ServerAccel{ID: 6, X: 100, Y: 100, Accel: 1})
	if o := c.Object(6); o == nil || !o.Alive {
		t.Errorf("Bob, announced by SMSG_NEWUSER and moving: %+v, want Alive", o)
	}
	if objs := c.Objects(); len(objs) != 1 || objs[0].ID != 6 {
		t.Errorf("Objects() = %v", objs)
	}
}

// TestClientInvincibleExpires: SMSG_INVINCIBLE gives the time left; the
// original server sends nothing when it runs out (server/ship.c clears the
// flag silently), so the client expires it on its own: Deadline says
// when, and Tick (or a later Handle) does it.
func TestClientInvincibleExpires(t *testing.T) {
	c := tfighters.NewClient("Alice")
	handleAll(t, c, epoch,
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob"), Type: tfighters.ObjectTypePlayer},
		&tfighters.Invincible{ID: 6, YesNo: 1, InvincibilityT: 4696},
		&tfighters.NewUser{ID: 7, Nick: []byte("Carol"), Type: tfighters.ObjectTypePlayer},
		// A time left that wrapped around (the original computes it
		// unsigned, server/player.c:249) is already over.
		&tfighters.Invincible{ID: 7, YesNo: 1, InvincibilityT: 0xffffff00})
	bob := c.Object(6)
	if !bob.Invincible || !bob.InvincibleUntil.Equal(epoch.Add(4696*time.Millisecond)) {
		t.Fatalf("Bob after SMSG_INVINCIBLE: %+v", bob)
	}
	if c.Object(7).Invincible {
		t.Errorf("Carol, with a wrapped-around time left: %+v, want not invincible", c.Object(7))
	}
	if d := c.Deadline(); !d.Equal(epoch.Add(4696*time.Millisecond + 1)) {
		t.Errorf("deadline +%v, want just after 4696 ms", d.Sub(epoch))
	}
	for _, step := range []struct {
		at   time.Duration
		want bool
	}{{4696 * time.Millisecond, true}, {4697 * time.Millisecond, false}} {
		c.Tick(epoch.Add(step.at))
		if bob.Invincible != step.want {
			t.Errorf("at +%v: Invincible = %v, want %v", step.at, bob.Invincible, step.want)
		}
	}
	if !c.Deadline().IsZero() {
		t.Errorf("deadline %v with nobody invincible", c.Deadline())
	}
	// A frame handled later expires it too, without Tick.
	now := epoch.Add(5 * time.Second)
	handleAll(t, c, now, &tfighters.Invincible{ID: 6, YesNo: 1, InvincibilityT: 10})
	handleAll(t, c, now.Add(11*time.Millisecond), &tfighters.Lag{Diff: 3})
	if bob.Invincible || !bob.InvincibleUntil.IsZero() {
		t.Errorf("after its time, on the next Handle: %+v", bob)
	}
}

// TestClientBulletLimit: Shoot holds a shot back while MaxBullets-1
// bullets may be alive on the server, so that the original server's count
// never reaches BULLET_MAX on a CMSG_NEWBULLET, where a count that
// disagrees with its objects gets the player kicked (errata 28).
func TestClientBulletLimit(t *testing.T) {
	now := time.Unix(1000, 0)
	c := tfighters.NewClient("Alice")
	handleAll(t, c, now,
		&tfighters.Hi{MyVersion: 1, UWID: 7},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.SpawnReady{},
		&tfighters.ServerSpawn{ID: 7})
	sent(t, c)
	shots := func() (n int) {
		for _, m := range sent(t, c) {
			if _, ok := m.(*tfighters.ClientNewBullet); ok {
				n++
			}
		}
		return n
	}
	for i := 0; i < tfighters.MaxBullets-1; i++ {
		if err := c.Shoot(now, 1, 2, 90); err != nil {
			t.Fatalf("shot %d: %v", i+1, err)
		}
		now = now.Add(10 * time.Millisecond)
	}
	if err := c.Shoot(now, 1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("shot %d within BulletTTL: %v, want ErrBulletLimit", tfighters.MaxBullets, err)
	}
	if n := shots(); n != tfighters.MaxBullets-1 {
		t.Fatalf("%d CMSG_NEWBULLET sent, want %d", n, tfighters.MaxBullets-1)
	}
	// The first shot is BulletHold old: one more may go, then none.
	now = now.Add(tfighters.BulletHold - 40*time.Millisecond)
	if err := c.Shoot(now, 1, 2, 90); err != nil {
		t.Fatalf("after the first bullet's time: %v", err)
	}
	if err := c.Shoot(now, 1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("again: %v, want ErrBulletLimit", err)
	}
	// The lag lengthens the hold by twice its value.
	handleAll(t, c, now, &tfighters.Lag{Diff: 200})
	now = now.Add(10 * time.Millisecond) // the second shot is BulletHold old
	if err := c.Shoot(now, 1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("with 200 ms of lag: %v, want ErrBulletLimit", err)
	}
	now = now.Add(400 * time.Millisecond)
	if err := c.Shoot(now, 1, 2, 90); err != nil {
		t.Fatalf("after BulletHold and twice the lag: %v", err)
	}
	if n := shots(); n != 2 {
		t.Errorf("%d more CMSG_NEWBULLET sent, want 2", n)
	}
	// However fast the caller shoots, no window of BulletTTL ever holds
	// MaxBullets shots.
	var shotAt []time.Time
	for i := 0; i < 500; i++ {
		now = now.Add(17 * time.Millisecond)
		if c.Shoot(now, 1, 2, 90) == nil {
			shotAt = append(shotAt, now)
		}
	}
	for i := tfighters.MaxBullets - 1; i < len(shotAt); i++ {
		if d := shotAt[i].Sub(shotAt[i-(tfighters.MaxBullets-1)]); d < tfighters.BulletTTL {
			t.Fatalf("%d shots within %v", tfighters.MaxBullets, d)
		}
	}
}

// TestEventStrings: every kind has a name, and an event prints in one
// line.
func TestEventStrings(t *testing.T) {
	for k := tfighters.EventJoined; k <= tfighters.EventKicked; k++ {
		if s := k.String(); s == "" || s == "invalid" || s == "none" {
			t.Errorf("kind %d: %q", k, s)
		}
	}
	if s := tfighters.EventKind(200).String(); s != "invalid" {
		t.Errorf("kind 200: %q", s)
	}
	tests := []struct {
		e    tfighters.Event
		want string
	}{
		{tfighters.Event{Kind: tfighters.EventChat, ID: 5, Text: "hi"}, `chat 5 "hi"`},
		{tfighters.Event{Kind: tfighters.EventKilled, ID: 5, By: 6}, "killed 5 by 6"},
		{tfighters.Event{Kind: tfighters.EventHit, ID: 5, Bullet: 9, Power: 3}, "hit 5 by bullet 9 power 3"},
		{tfighters.Event{Kind: tfighters.EventSpawnReady}, "spawn-ready"},
		{tfighters.Event{Kind: tfighters.EventKicked, Text: "bye"}, `kicked "bye"`},
	}
	for _, tt := range tests {
		if got := tt.e.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.e, got, tt.want)
		}
	}
}

// TestEventsBounded: a game that never reads its events keeps the newest
// 1024.
func TestEventsBounded(t *testing.T) {
	c := tfighters.NewClient("Alice")
	handleAll(t, c, epoch, &tfighters.Hi{UWID: 1}, &tfighters.NickReply{Text: []byte("Ok")})
	f := frame(t, &tfighters.ServerNewBullet{OwnerID: 2})
	for i := range 2000 {
		binaryPutID(f, uint32(i))
		if err := c.Handle(epoch, netip.AddrPort{}, f); err != nil {
			t.Fatal(err)
		}
	}
	n, first := 0, tfighters.Event{}
	for e, ok := c.Event(); ok; e, ok = c.Event() {
		if n == 0 {
			first = e
		}
		n++
	}
	if n != 1024 || first.Bullet != 2000-1024 {
		t.Errorf("%d events kept, the first of bullet %d", n, first.Bullet)
	}
}

// binaryPutID writes id into the id field (after the header) of frame f.
func binaryPutID(f []byte, id uint32) {
	f[4], f[5], f[6], f[7] = byte(id), byte(id>>8), byte(id>>16), byte(id>>24)
}
