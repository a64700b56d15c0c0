package planted

import (
	"math"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire/spec"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/gamewire/gamewire/wire"
)

// TFighters returns a new game of tfighters.Server with lag checks a few
// milliseconds apart, so that a client is in the game quickly. The Server
// is Lax, as the original server is: it takes messages that break the
// spec's rules.
func TFighters(now time.Time) Game {
	s := tfighters.NewServer()
	s.Start = now
	s.LagDelay = 2 * time.Millisecond
	s.LagInterval = time.Hour
	s.Lax = true
	return &tfGame{s: s, out: map[netip.AddrPort][]wire.Message{}}
}

// tfGame runs a tfighters.Server, a session of the one contract, as a
// Game: a connection is a made-up peer address, the messages it sends
// are encoded for Handle, and what Transmit gives is decoded again, by
// peer, for Out.
type tfGame struct {
	s     *tfighters.Server
	peers uint32 // how many connections were accepted
	out   map[netip.AddrPort][]wire.Message
	buf   []byte
}

func (g *tfGame) Table() *spec.Table { return tfighters.Table() }

// Accept connects a peer at the next made-up address, 10.x.y.z:1.
func (g *tfGame) Accept(now time.Time) any {
	g.peers++
	n := g.peers
	a := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, byte(n >> 16), byte(n >> 8), byte(n)}), 1)
	g.s.Connected(now, a)
	return a
}

func (g *tfGame) Handle(p any, m wire.Message, now time.Time) {
	var err error
	if g.buf, err = m.AppendBinary(g.buf[:0]); err == nil {
		g.s.Handle(now, p.(netip.AddrPort), g.buf) // a refusal is the server's business
	}
}

func (g *tfGame) Tick(now time.Time) { g.s.Tick(now) }

// pump takes every frame the server has to send, and the peers it hangs
// up on (they are then gone from its players).
func (g *tfGame) pump() {
	for {
		to, unit, ok := g.s.Transmit(time.Now(), nil)
		if !ok {
			break
		}
		if m, _, _ := tfighters.Decode(unit, wire.FromServer); m != nil {
			g.out[to] = append(g.out[to], m)
		}
	}
	for _, ok := g.s.Hangup(); ok; _, ok = g.s.Hangup() {
	}
}

// player returns the server's player at peer p, or nil once it is gone.
func (g *tfGame) player(p any) *tfighters.Peer {
	for _, q := range g.s.Players() {
		if q.Addr() == p.(netip.AddrPort) {
			return q
		}
	}
	return nil
}

func (g *tfGame) Closed(p any) bool {
	g.pump()
	return g.player(p).Closed() && len(g.out[p.(netip.AddrPort)]) == 0
}

func (g *tfGame) Leave(p any, now time.Time) {
	g.s.Disconnected(now, p.(netip.AddrPort))
	delete(g.out, p.(netip.AddrPort))
}

// Joined: the nick was accepted (the lag checks or the game).
func (g *tfGame) Joined(p any) bool { return g.player(p).Registered() }

func (g *tfGame) Out(p any) []wire.Message {
	g.pump()
	out := g.out[p.(netip.AddrPort)]
	delete(g.out, p.(netip.AddrPort))
	return out
}

// Paintball returns a new game of paintball.Server with a dump every 250ms (dead objects are forgotten after two).
func Paintball(now time.Time) Game {
	s := paintball.NewServer(now)
	s.DumpInterval = 250 * time.Millisecond
	return &pbGame{s: s, out: map[netip.AddrPort][]wire.Message{}, closed: map[netip.AddrPort]bool{}}
}

// pbGame runs a paintball.Server, a session of bytes whose peers are
// addresses, as a Game of messages whose peers are what Accept returns:
// each connection gets an address of its own, a message is encoded for
// Handle, and what Transmit sends is decoded into each peer's outbox.
type pbGame struct {
	s      *paintball.Server
	n      uint16
	out    map[netip.AddrPort][]wire.Message
	closed map[netip.AddrPort]bool
}

func (g *pbGame) Table() *spec.Table { return paintball.Table() }
func (g *pbGame) Accept(now time.Time) any {
	g.n++
	p := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), g.n)
	g.s.Connected(now, p)
	return p
}
func (g *pbGame) Handle(p any, m wire.Message, now time.Time) {
	if b, err := m.AppendBinary(nil); err == nil {
		g.s.Handle(now, p.(netip.AddrPort), b)
	}
}
func (g *pbGame) Tick(now time.Time) {
	if d := g.s.Deadline(); !d.IsZero() && !now.Before(d) {
		g.s.Tick(now)
	}
}
func (g *pbGame) Closed(p any) bool { g.drain(); return g.closed[p.(netip.AddrPort)] }
func (g *pbGame) Leave(p any, now time.Time) {
	g.s.Disconnected(now, p.(netip.AddrPort))
	delete(g.out, p.(netip.AddrPort))
	delete(g.closed, p.(netip.AddrPort))
}
func (g *pbGame) Joined(p any) bool {
	pl, ok := g.s.Player(p.(netip.AddrPort))
	return ok && pl.LoggedIn()
}
func (g *pbGame) Out(p any) []wire.Message {
	g.drain()
	out := g.out[p.(netip.AddrPort)]
	delete(g.out, p.(netip.AddrPort))
	return out
}

// drain sorts what the server transmits into the peers' outboxes, and
// notes the peers it hangs up on.
func (g *pbGame) drain() {
	for {
		to, unit, ok := g.s.Transmit(time.Now(), nil)
		if !ok {
			break
		}
		if m, _, _ := paintball.Decode(unit, paintball.FromServer); m != nil {
			g.out[to] = append(g.out[to], m)
		}
	}
	for {
		p, ok := g.s.Hangup()
		if !ok {
			break
		}
		g.closed[p] = true
	}
}

// The planted faults of the tests, by name.
var faults = map[string]struct {
	game  func(time.Time) Game
	fault Fault
}{
	// A crash on one rule-breaking value: CMSG_ACCEL's accel must be -1,
	// 0 or +1; 127 kills the server.
	"tfighters-accel": {TFighters, Fault{Name: "CMSG_ACCEL accel=127", Effect: Crash,
		Message: func(m wire.Message) bool { a, ok := m.(*tfighters.ClientAccel); return ok && a.Accel == 127 }}},
	// A fault reachable only after the handshake: CMSG_TURN with turn
	// -128 from a client whose nick was accepted kills the server.
	"tfighters-turn-joined": {TFighters, Fault{Name: "CMSG_TURN turn=-128 after the handshake", Effect: Crash, Joined: true,
		Message: func(m wire.Message) bool { t, ok := m.(*tfighters.ClientTurn); return ok && t.Turn == -128 }}},
	// A hang on one length: a whole frame whose len field is 3 (one data
	// byte) stops the server.
	"tfighters-len3": {TFighters, Fault{Name: "a frame with len=3", Effect: Hang,
		Frame: func(b []byte) bool { return len(b) == 5 && b[0] == 3 && b[1] == 0 }}},
	// A stall on one length: a Login whose username is 256 bytes blocks
	// its connection (others are served).
	"paintball-name256": {Paintball, Fault{Name: "Login with a 256-byte username", Effect: Stall,
		Message: func(m wire.Message) bool { l, ok := m.(*paintball.Login); return ok && len(l.Username) == 256 }}},
	// A crash on one rule-breaking value: a shooting state of 255.
	"paintball-shoot": {Paintball, Fault{Name: "Shoot Update Request state=255", Effect: Crash,
		Message: func(m wire.Message) bool {
			s, ok := m.(*paintball.ShootUpdateRequest)
			return ok && s.ShootingState == 255
		}}},
	// A crash on one rule-breaking value: MsgEnter with a team that is
	// no TeamColor.
	"bzflag-enter-team": {BZFlag, Fault{Name: "MsgEnter with an unknown team", Effect: Crash,
		Message: func(m wire.Message) bool { e, ok := m.(*bzflag.Enter); return ok && !e.Team.Known() }}},
	// A hang on one length: a frame whose body is 3 bytes long.
	"bzflag-len3": {BZFlag, Fault{Name: "a frame with length 3", Effect: Hang,
		Frame: func(b []byte) bool { return len(b) == 7 && b[0] == 0 && b[1] == 3 }}},
	// A fault reachable only after the handshake and the join: MsgAlive
	// at an infinite position from a player in the game.
	"bzflag-alive-joined": {BZFlag, Fault{Name: "MsgAlive at +Inf after the join", Effect: Crash, Joined: true,
		Message: func(m wire.Message) bool {
			a, ok := m.(*bzflag.AliveFromClient)
			return ok && (math.IsInf(float64(a.Position[0]), 1) || math.IsInf(float64(a.Position[1]), 1) || math.IsInf(float64(a.Position[2]), 1))
		}}},
}

// udpFaults are the planted faults of the datagram servers.
var udpFaults = map[string]struct {
	game  func() DatagramGame
	fault Fault
}{
	// A hang on one length: a datagram of exactly 8 bytes (no message a
	// client sends has that size) stops the server's loop.
	"retrotank-len8": {RetroTankGame, Fault{Name: "an 8-byte datagram", Effect: Hang, Frame: func(b []byte) bool { return len(b) == 8 }}},
	// A crash after the handshake: PLAYER_SPAWN from an accepted client
	// with a message id of 0xffff.
	"retrotank-spawn-joined": {RetroTankGame, Fault{Name: "MSG_TYPE_PLAYER_SPAWN id=0xffff after the handshake", Effect: Crash, Joined: true,
		Message: func(m wire.Message) bool { p, ok := m.(*retrotank.PlayerSpawn); return ok && p.ID == 0xffff }}},
	// A crash on one rule-breaking value: a Connect whose name is longer
	// than Max Player Name Length (32).
	"lwar-connect-name": {LwarGame, Fault{Name: "Connect with a name over 32 bytes", Effect: Crash,
		Message: func(m wire.Message) bool {
			c, ok := m.(*lwar.Connect)
			return ok && len(c.Name) > lwar.MaxPlayerNameLength
		}}},
	// A hang on one length: a Chat whose message is 255 bytes long.
	"lwar-chat255": {LwarGame, Fault{Name: "Chat with a 255-byte message", Effect: Hang,
		Message: func(m wire.Message) bool { c, ok := m.(*lwar.Chat); return ok && len(c.Msg) == 255 }}},
	// A fault reachable only after the handshake: a Selection of ship
	// type 255 from a client the server accepted.
	"lwar-selection-joined": {LwarGame, Fault{Name: "Selection of ship type 255 after Connect", Effect: Crash, Joined: true,
		Message: func(m wire.Message) bool { s, ok := m.(*lwar.Selection); return ok && s.ShipType == 255 }}},
}

// NewUDP returns a datagram server (not started) with the planted fault
// called name (retrotank-len8, retrotank-spawn-joined, lwar-connect-name,
// lwar-chat255, lwar-selection-joined), or nil.
func NewUDP(name string) *UDP {
	f, ok := udpFaults[name]
	if !ok {
		return nil
	}
	return &UDP{NewGame: f.game, Faults: []Fault{f.fault}}
}

// New returns a server (not started) with the planted fault called name:
// tfighters-accel, tfighters-turn-joined, tfighters-len3,
// paintball-name256, paintball-shoot, bzflag-enter-team, bzflag-len3 or
// bzflag-alive-joined. It returns nil for another name.
func New(name string) *Server {
	f, ok := faults[name]
	if !ok {
		return nil
	}
	return &Server{NewGame: f.game, Faults: []Fault{f.fault}}
}
