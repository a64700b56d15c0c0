package tfighters_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// link carries messages between a Server and its Clients in memory, through
// the codec: every message is encoded, and decoded by a Decoder of the
// receiving side.
type link struct {
	t       *testing.T
	srv     *tfighters.Server
	now     time.Time
	clients map[*tfighters.Client]*tfighters.Peer
	fromSrv map[*tfighters.Client]*bytes.Buffer // what the server sent each client
	dec     *wire.Decoder
}

func newLink(t *testing.T) *link {
	now := time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC)
	return &link{
		t: t, srv: tfighters.NewServer(now), now: now,
		clients: map[*tfighters.Client]*tfighters.Peer{},
		fromSrv: map[*tfighters.Client]*bytes.Buffer{},
		dec:     tfighters.NewDecoder(),
	}
}

func (l *link) connect(c *tfighters.Client) {
	c.Clock = func() time.Time { return l.now }
	l.clients[c] = l.srv.Accept(l.now)
	l.fromSrv[c] = new(bytes.Buffer)
}

// pump moves messages both ways until nothing is left to send.
func (l *link) pump() {
	l.t.Helper()
	for moved := true; moved; {
		moved = false
		for c, p := range l.clients {
			for m := p.Next(); m != nil; m = p.Next() {
				moved = true
				b := codectest.Encode(l.t, m)
				l.fromSrv[c].Write(b)
				got, _, err := l.dec.Decode(b, tfighters.FromServer)
				if err != nil {
					l.t.Fatalf("client decode %x: %v", b, err)
				}
				if err := c.Handle(got); err != nil {
					l.t.Fatalf("client %s: Handle(%s): %v", c.Nick, code(got), err)
				}
			}
			for m := c.Next(); m != nil; m = c.Next() {
				moved = true
				got, _, err := l.dec.Decode(codectest.Encode(l.t, m), tfighters.FromClient)
				if err != nil {
					l.t.Fatalf("server decode: %v", err)
				}
				l.srv.Handle(p, got, l.now)
			}
		}
	}
}

// advance moves the clock by d in steps of 10 ms, ticking and pumping.
func (l *link) advance(d time.Duration) {
	l.t.Helper()
	for end := l.now.Add(d); l.now.Before(end); {
		l.now = l.now.Add(10 * time.Millisecond)
		l.srv.Tick(l.now)
		l.pump()
	}
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
	if err := a.Spawn(); err != nil {
		t.Fatal(err)
	}
	l.pump()
	if a.State() != tfighters.ClientPlaying {
		t.Fatalf("after CMSG_SPAWN: state %s", a.State())
	}
	if me := a.Objects[a.ID]; me == nil || me.Nick != "Alice" || !me.Alive || !me.Invincible || me.X != 9000 {
		t.Errorf("own object %+v", me)
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
	if a.Objects[b.ID] == nil || a.Objects[b.ID].Nick != "Bob" || !a.Objects[b.ID].Alive {
		t.Fatalf("Alice does not see Bob: %+v", a.Objects[b.ID])
	}
	if b.Objects[a.ID] == nil || b.Objects[a.ID].Nick != "Alice" {
		t.Fatalf("Bob does not see Alice: %+v", b.Objects[a.ID])
	}
	steps := []struct {
		name  string
		do    func() error
		check func() bool
	}{
		{"accel", func() error { return a.Accel(9100, 31050, 1, 25) },
			func() bool { o := b.Objects[a.ID]; return o.X == 9100 && o.Y == 31050 && o.Accel == 1 && o.Speed == 25 }},
		{"turn", func() error { return a.Turn(9150, 31075, -2, 17500) },
			func() bool { o := b.Objects[a.ID]; return o.Turn == -2 && o.Deg == 17500 && o.X == 9150 }},
		{"shoot", func() error { return a.Shoot(9150, 31075, 17500) },
			func() bool {
				for _, m := range frames(t, l.fromSrv[b].Bytes()) {
					if nb, ok := m.(*tfighters.ServerNewBullet); ok && nb.OwnerID == a.ID && nb.Deg == 17500 {
						return true
					}
				}
				return false
			}},
		{"nick", func() error { return b.SetNick("Bobby") },
			func() bool { return a.Objects[b.ID].Nick == "Bobby" && string(b.Nick) == "Bobby" }},
		{"taken nick", func() error { return b.SetNick("Alice") },
			func() bool { return b.NickProblem == "Nick already in use" && string(b.Nick) == "Bobby" }},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		l.pump()
		if !s.check() {
			t.Errorf("%s: not seen by the other side", s.name)
		}
	}
	// Chat comes back to the sender too.
	l.fromSrv[a].Reset()
	if err := b.Say("hello\x01ignored"); err != nil {
		t.Fatal(err)
	}
	l.pump()
	var say tfighters.ServerSay
	if err := say.UnmarshalBinary(l.fromSrv[a].Bytes()); err != nil || say.ID != b.ID || string(say.Text) != "hello" {
		t.Errorf("Alice got %x (%v), want SMSG_SAY from Bob with the text cut at the control byte", l.fromSrv[a].Bytes(), err)
	}
	// Bob leaves: the original tells the others with SMSG_KICK "Read error".
	l.srv.Disconnected(l.clients[b])
	delete(l.clients, b)
	l.pump()
	if _, ok := a.Objects[b.ID]; ok {
		t.Errorf("Alice still sees Bob after he left")
	}
	if len(l.srv.Players()) != 1 {
		t.Errorf("server keeps %d players, want 1", len(l.srv.Players()))
	}
}

// TestServerKicks checks the original server's answers to out-of-sequence
// messages.
func TestServerKicks(t *testing.T) {
	tests := []struct {
		name   string
		msgs   []tfighters.Message
		reason string
	}{
		{"nick before version", []tfighters.Message{&tfighters.ClientNick{Nick: []byte("x")}}, "Invalid protocol sequence (nick)"},
		{"version twice", []tfighters.Message{&tfighters.Version{MyVersion: 1}, &tfighters.Version{MyVersion: 1}}, "Invalid protocol sequence (version)"},
		{"say before nick", []tfighters.Message{&tfighters.Version{MyVersion: 1}, &tfighters.ClientSay{Text: []byte("hi")}}, "Packet error/not registered"},
		{"pass before nick", []tfighters.Message{&tfighters.Pass{Pass: []byte("secret")}}, "Packet error/not registered"},
		{"unknown code", []tfighters.Message{raw(0x8f00, nil)}, "Packet error/not registered"},
		{"negative lag", []tfighters.Message{&tfighters.Pong{ServerTime: 1000}}, "Negative lag detected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Now()
			s := tfighters.NewServer(now)
			p := s.Accept(now)
			p.Next() // SMSG_HI
			for _, m := range tt.msgs {
				s.Handle(p, m, now)
			}
			if !p.Closed() || p.Reason != tt.reason {
				t.Fatalf("closed %v reason %q, want %q", p.Closed(), p.Reason, tt.reason)
			}
			k, ok := p.Next().(*tfighters.Kick)
			if !ok || string(k.Text) != tt.reason || k.ID != p.ID {
				t.Errorf("sent %+v, want SMSG_KICK", k)
			}
		})
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
		now := time.Now()
		s := tfighters.NewServer(now)
		p := s.Accept(now)
		p.Next()
		s.Handle(p, &tfighters.Version{MyVersion: 1}, now)
		s.Handle(p, &tfighters.ClientNick{Nick: []byte(tt.nick)}, now)
		r, ok := p.Next().(*tfighters.NickReply)
		if !ok || r.GoodOrBad != tt.want || string(r.Text) != tt.text {
			t.Errorf("nick %q: reply %+v, want %v %q", tt.nick, r, tt.want, tt.text)
		}
	}
}

// TestClientSequence checks that the client refuses what its state does
// not allow, and survives an unknown code.
func TestClientSequence(t *testing.T) {
	c := tfighters.NewClient("Alice")
	if err := c.Handle(&tfighters.Lag{Diff: 1}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("SMSG_LAG before SMSG_HI: %v, want ErrSequence", err)
	}
	if err := c.Spawn(); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Spawn before SPAWNREADY: %v", err)
	}
	if err := c.Handle(&tfighters.Hi{MyVersion: 1, UWID: 7}); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Next().(*tfighters.Version); !ok {
		t.Error("no CMSG_VERSION after SMSG_HI")
	}
	if n, ok := c.Next().(*tfighters.ClientNick); !ok || string(n.Nick) != "Alice" {
		t.Error("no CMSG_NICK after CMSG_VERSION")
	}
	if err := c.Handle(raw(0x7abc, []byte{1, 2})); err != nil {
		t.Errorf("unknown code: %v", err)
	}
	if err := c.Handle(&tfighters.SpawnReady{}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("SPAWNREADY before the nick is accepted: %v", err)
	}
	if err := c.Handle(&tfighters.Version{}); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("a client message: %v", err)
	}
	if err := c.Accel(1, 2, 1, 3); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Accel before spawning: %v", err)
	}
	if err := c.Say("hi"); !errors.Is(err, tfighters.ErrSequence) {
		t.Errorf("Say before SPAWNREADY (the original kicks): %v", err)
	}
	if err := c.SetNick("no spaces"); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("SetNick with a bad nick: %v", err)
	}
	for _, m := range []tfighters.Message{
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.SpawnReady{},
		&tfighters.ServerSpawn{ID: 7},
	} {
		if err := c.Handle(m); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
	if err := c.Spawn(); !errors.Is(err, tfighters.ErrSequence) || c.State() != tfighters.ClientPlaying {
		t.Errorf("Spawn while playing: %v, state %s", err, c.State())
	}
	if err := c.Accel(1, 2, 3, 4); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("Accel 3: %v", err)
	}
	if err := c.Handle(&tfighters.Kill{VictimID: 7, EvilID: 9}); err != nil || c.State() != tfighters.ClientDead {
		t.Errorf("killed: %v, state %s", err, c.State())
	}
	if err := c.Handle(&tfighters.Kick{ID: 7, Text: []byte("bye")}); err != nil || c.State() != tfighters.ClientClosed || c.Reason != "bye" {
		t.Errorf("kick: %v, state %s, reason %q", err, c.State(), c.Reason)
	}
}

// TestServerHandshakeGolden compares our server's bytes with those the
// original server (commit 8812983, built for x86-64 Linux) sent on
// 127.0.0.1 for a client that connected, sent CMSG_VERSION 1 and CMSG_NICK
// "Alice" 304 ms later, while alone on the server. The original sent its
// time in 8 bytes (a 64-bit build: see the errata); ours sends the 4 of
// the spec and the 32-bit builds, so the PING frames differ in that only.
func TestServerHandshakeGolden(t *testing.T) {
	start := time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC)
	s := tfighters.NewServer(start)
	s.NextID = 5 // the original uses the socket descriptor
	connect := start.Add(6349 * time.Millisecond)
	p := s.Accept(connect)
	nickAt := connect.Add(304 * time.Millisecond)
	s.Handle(p, &tfighters.Version{MyVersion: 1}, nickAt)
	s.Handle(p, &tfighters.ClientNick{Nick: []byte("Alice")}, nickAt)
	var got []string
	for m := p.Next(); m != nil; m = p.Next() {
		got = append(got, hex.EncodeToString(codectest.Encode(t, m)))
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
	start := time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC)
	s := tfighters.NewServer(start)
	join := func(nick string, now time.Time) *tfighters.Peer {
		p := s.Accept(now)
		s.Handle(p, &tfighters.Version{MyVersion: 1}, now)
		s.Handle(p, &tfighters.ClientNick{Nick: []byte(nick)}, now)
		return p
	}
	alice := join("Alice", start)
	bob := join("Bob", start.Add(s.Invincibility+time.Second)) // no Tick in between
	for m := bob.Next(); m != nil; m = bob.Next() {
		if inv, ok := m.(*tfighters.Invincible); ok && inv.ID == alice.ID {
			t.Errorf("Bob's user list: %+v for Alice, whose invincibility ended 1 s ago", inv)
		}
	}
}

// TestClientZeroValue: a Client that NewClient did not make still handles
// the server's messages (no nil map).
func TestClientZeroValue(t *testing.T) {
	var c tfighters.Client
	c.Nick = []byte("Alice")
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob")},
	} {
		if err := c.Handle(m); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
	if o := c.Objects[6]; o == nil || o.Nick != "Bob" {
		t.Errorf("Objects = %v", c.Objects)
	}
}

// TestServerInGame checks the periodic work once in the game: a ping every
// LagInterval, the end of invincibility, and the lag average.
func TestServerInGame(t *testing.T) {
	l := newLink(t)
	a := tfighters.NewClient("Alice")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	p := l.clients[a]
	if lag := p.Lag(); lag != 0 {
		t.Errorf("lag %v in memory, want 0", lag)
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
	if b.Objects[a.ID] == nil || b.Objects[a.ID].Invincible {
		t.Errorf("Bob sees Alice as %+v", b.Objects[a.ID])
	}
	if !b.Objects[b.ID].Invincible {
		t.Error("Bob is not invincible in his own list")
	}
}

// TestClientNewUserAlive: an object the server announces only with
// SMSG_NEWUSER (a player already in the game when we join) is alive, as
// the original client makes it (client/socket.cpp m_newuser: dead = 0).
func TestClientNewUserAlive(t *testing.T) {
	c := tfighters.NewClient("Alice")
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob"), Type: tfighters.ObjectTypePlayer},
		&tfighters.ServerAccel{ID: 6, X: 100, Y: 100, Accel: 1},
	} {
		if err := c.Handle(m); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
	if o := c.Objects[6]; o == nil || !o.Alive {
		t.Errorf("Bob, announced by SMSG_NEWUSER and moving: %+v, want Alive", o)
	}
}

// TestClientInvincibleExpires: SMSG_INVINCIBLE gives the time left; the
// original server sends nothing when it runs out (server/ship.c clears the
// flag silently), so the client expires it on its own clock.
func TestClientInvincibleExpires(t *testing.T) {
	now := time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC)
	c := tfighters.NewClient("Alice")
	c.Clock = func() time.Time { return now }
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 5},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.NewUser{ID: 6, Nick: []byte("Bob"), Type: tfighters.ObjectTypePlayer},
		&tfighters.Invincible{ID: 6, YesNo: 1, InvincibilityT: 4696},
		&tfighters.NewUser{ID: 7, Nick: []byte("Carol"), Type: tfighters.ObjectTypePlayer},
		// A time left that wrapped around (the original computes it
		// unsigned, server/player.c:249) is already over.
		&tfighters.Invincible{ID: 7, YesNo: 1, InvincibilityT: 0xffffff00},
	} {
		if err := c.Handle(m); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
	bob := c.Objects[6]
	if !bob.Invincible || !bob.InvincibleUntil.Equal(now.Add(4696*time.Millisecond)) {
		t.Fatalf("Bob after SMSG_INVINCIBLE: %+v", bob)
	}
	if c.Objects[7].Invincible {
		t.Errorf("Carol, with a wrapped-around time left: %+v, want not invincible", c.Objects[7])
	}
	for _, step := range []struct {
		at   time.Duration
		want bool
	}{{4696 * time.Millisecond, true}, {4697 * time.Millisecond, false}} {
		now = time.Date(2003, 8, 30, 23, 36, 29, 0, time.UTC).Add(step.at)
		c.Tick()
		if bob.Invincible != step.want {
			t.Errorf("at +%v: Invincible = %v, want %v", step.at, bob.Invincible, step.want)
		}
	}
	// A message handled later expires it too, without Tick.
	c.Handle(&tfighters.Invincible{ID: 6, YesNo: 1, InvincibilityT: 10})
	now = now.Add(11 * time.Millisecond)
	if err := c.Handle(&tfighters.Lag{Diff: 3}); err != nil {
		t.Fatal(err)
	}
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
	c.Clock = func() time.Time { return now }
	for _, m := range []tfighters.Message{
		&tfighters.Hi{MyVersion: 1, UWID: 7},
		&tfighters.NickReply{GoodOrBad: tfighters.NickResultOK, Text: []byte("Ok")},
		&tfighters.SpawnReady{},
		&tfighters.ServerSpawn{ID: 7},
	} {
		if err := c.Handle(m); err != nil {
			t.Fatalf("%s: %v", code(m), err)
		}
	}
	for c.Next() != nil {
	}
	shots := func() (n int) {
		for m := c.Next(); m != nil; m = c.Next() {
			if _, ok := m.(*tfighters.ClientNewBullet); ok {
				n++
			}
		}
		return n
	}
	for i := 0; i < tfighters.MaxBullets-1; i++ {
		if err := c.Shoot(1, 2, 90); err != nil {
			t.Fatalf("shot %d: %v", i+1, err)
		}
		now = now.Add(10 * time.Millisecond)
	}
	if err := c.Shoot(1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("shot %d within BulletTTL: %v, want ErrBulletLimit", tfighters.MaxBullets, err)
	}
	if n := shots(); n != tfighters.MaxBullets-1 {
		t.Fatalf("%d CMSG_NEWBULLET sent, want %d", n, tfighters.MaxBullets-1)
	}
	// The first shot is BulletHold old: one more may go, then none.
	now = now.Add(tfighters.BulletHold - 40*time.Millisecond)
	if err := c.Shoot(1, 2, 90); err != nil {
		t.Fatalf("after the first bullet's time: %v", err)
	}
	if err := c.Shoot(1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("again: %v, want ErrBulletLimit", err)
	}
	// The lag lengthens the hold by twice its value.
	c.Lag = 200
	now = now.Add(10 * time.Millisecond) // the second shot is BulletHold old
	if err := c.Shoot(1, 2, 90); !errors.Is(err, tfighters.ErrBulletLimit) {
		t.Fatalf("with 200 ms of lag: %v, want ErrBulletLimit", err)
	}
	now = now.Add(400 * time.Millisecond)
	if err := c.Shoot(1, 2, 90); err != nil {
		t.Fatalf("after BulletHold and twice the lag: %v", err)
	}
	if n := shots(); n != 2 {
		t.Errorf("%d more CMSG_NEWBULLET sent, want 2", n)
	}
	// However fast the caller shoots, no window of BulletTTL ever holds
	// MaxBullets shots.
	var sent []time.Time
	for i := 0; i < 500; i++ {
		now = now.Add(17 * time.Millisecond)
		if c.Shoot(1, 2, 90) == nil {
			sent = append(sent, now)
		}
	}
	for i := tfighters.MaxBullets - 1; i < len(sent); i++ {
		if d := sent[i].Sub(sent[i-(tfighters.MaxBullets-1)]); d < tfighters.BulletTTL {
			t.Fatalf("%d shots within %v", tfighters.MaxBullets, d)
		}
	}
}
