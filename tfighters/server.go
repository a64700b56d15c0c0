package tfighters

import (
	"bytes"
	"errors"
	"net/netip"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// peerState mirrors the original server's STATE_* values.
type peerState uint8

const (
	peerNew        peerState = iota // STATE_NEW: just connected
	peerGotVersion                  // STATE_GOTVERSION: CMSG_VERSION received
	peerLag                         // STATE_LAG: nick accepted, lag checks running
	peerOK                          // STATE_OK: fully connected
	peerDead                        // STATE_DEAD: kicked or gone
)

// ErrUnknownPeer is Server.Handle's error for a unit from a peer that is
// not connected (Connected was not called, or Disconnected was), and the
// error of Send and Kick for an id no player has.
var ErrUnknownPeer = errors.New("tfighters: no such peer")

// KickError is Server.Handle's error for a unit after which the server
// kicked its peer, as the original server does: Reason is the text of the
// SMSG_KICK, Err the cause (a *session.SequenceError wrapping ErrSequence
// for a message out of sequence, the decoding error for a frame that does
// not decode, or nil).
type KickError struct {
	ID     uint32 // the player kicked
	Reason string // the SMSG_KICK's text, such as "Packet error"
	Err    error
}

// Error says who was kicked and why.
func (e *KickError) Error() string {
	s := "tfighters: kicked player " + strconv.FormatUint(uint64(e.ID), 10) + " (" + e.Reason + ")"
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *KickError) Unwrap() error { return e.Err }

// Peer is one connection of a Server: a player.
type Peer struct {
	id               uint32
	addr             netip.AddrPort
	nick             []byte
	reason           string
	state            peerState
	x, y, deg, speed Dbl
	accel, turn      int8
	frags            int16
	lagLeft          int       // lag checks to go (init_lag)
	lastPing         time.Time // last_lag_check
	lags             [5]int32  // the last five lags
	canSpawn         bool      // dead == 2: SMSG_SPAWNREADY sent
	invincible       bool
	invFor           time.Duration // invincibility_t
	invSince         time.Time     // invincibility_t2
	out              outbox
}

// ID returns the player's id, sent as uwid in SMSG_HI.
func (p *Peer) ID() uint32 {
	if p == nil {
		return 0
	}
	return p.id
}

// Addr returns the peer's address, as Connected gave it.
func (p *Peer) Addr() netip.AddrPort {
	if p == nil {
		return netip.AddrPort{}
	}
	return p.addr
}

// Nick returns the player's nick ("Unit<n>" until one is accepted).
func (p *Peer) Nick() string {
	if p == nil {
		return ""
	}
	return string(p.nick)
}

// Reason returns why the peer was kicked, once Closed.
func (p *Peer) Reason() string {
	if p == nil {
		return ""
	}
	return p.reason
}

// Closed reports whether the server is done with the peer (kicked, or
// gone): the server hangs up once its last frames are transmitted.
func (p *Peer) Closed() bool { return p == nil || p.state == peerDead }

// Registered reports whether the player's nick was accepted (the
// original's IsRegistered): it is in the game, or in its lag checks.
func (p *Peer) Registered() bool { return p != nil && (p.state == peerLag || p.state == peerOK) }

// Lag returns the peer's lag in milliseconds as the original server
// reckons it: the mean of the last five SMSG_LAG values.
func (p *Peer) Lag() float64 {
	if p == nil {
		return 0
	}
	var sum int64
	for _, l := range p.lags {
		sum += int64(l)
	}
	return float64(sum) / 5
}

// Server is the server side of TFighters, with the rules the original
// server (protocol v2, 2003-08-30) applies: a session.Server that does no
// I/O, driven by a session.Listener (or a test, by hand). Connected adds a
// player and queues its SMSG_HI; Handle takes each frame a player sends;
// Tick runs the lag checks (Deadline says when); Transmit gives the frames
// to send, to whom; Hangup names the kicked players whose last frames are
// out; Disconnected removes a player whose connection closed (the others
// learn of it by SMSG_KICK "Read error", erratum 12). What happened is
// read with Event; Send, Broadcast and Kick act.
//
// It keeps players only: no map, no bots, no movement or collisions, so
// it never sends SMSG_HIT or SMSG_KILL by itself (Send and Broadcast can);
// bullets get an id but are not tracked.
//
// The zero Server works, with the original's settings.
type Server struct {
	// MyVersion is sent in SMSG_HI (0: 1, the original's SERVER_VERSION).
	MyVersion uint32
	// MinClientVersion: older clients are kicked (0).
	MinClientVersion uint32
	// LagChecks is how many SMSG_PING a new player gets before
	// SMSG_SPAWNREADY, counting the one sent with the user list (0: 5).
	LagChecks int
	// LagDelay is the time between those pings (0: 100 ms).
	LagDelay time.Duration
	// LagInterval is the time between pings once in the game (0: 2 s).
	LagInterval time.Duration
	// Invincibility is how long a new or respawned player is invincible
	// (0: 5 s).
	Invincibility time.Duration
	// SpawnX and SpawnY are where players (re)spawn: the original puts
	// them in the middle of the red base, (90.00, 310.00) on its map, which
	// NewServer sets.
	SpawnX, SpawnY Dbl
	// NextID is the id the next player or bullet gets (0: 1).
	NextID uint32
	// Start is when the server's clock (the time in SMSG_PING) starts; the
	// zero Time means the now of the first call.
	Start time.Time
	// Lax makes Handle take messages that break the spec's rules, as the
	// original server does, and Send and Broadcast queue them: for a
	// fuzzer's target. Otherwise Handle refuses them with Validate's error
	// (the player is not kicked: the original would not).
	Lax bool

	ready   bool
	players []*Peer // newest first, like the original's list
	byAddr  map[netip.AddrPort]*Peer
	count   int // player_nr, for default nicks
	cursor  int // the player Transmit takes frames of
	dec     *wire.Decoder
	frame   []byte // a broadcast's frame
	events  events
	m       serverMessages
}

// serverMessages are the values the Server fills and queues: each is
// encoded at once, so one of each is enough.
type serverMessages struct {
	hi         Hi
	nickReply  NickReply
	ping       Ping
	lag        Lag
	newUser    NewUser
	invincible Invincible
	spawnReady SpawnReady
	spawn      ServerSpawn
	accel      ServerAccel
	turn       ServerTurn
	bullet     ServerNewBullet
	say        ServerSay
	nick       ServerNick
	kick       Kick
}

// NewServer returns a Server with the original's settings.
func NewServer() *Server {
	s := &Server{SpawnX: 9000, SpawnY: 31000}
	s.setup(time.Time{})
	return s
}

// setup gives the zero fields their defaults, once, and the clock its
// start.
func (s *Server) setup(now time.Time) {
	if s.Start.IsZero() {
		s.Start = now
	}
	if s.ready {
		return
	}
	s.ready = true
	if s.MyVersion == 0 {
		s.MyVersion = 1
	}
	if s.NextID == 0 {
		s.NextID = 1
	}
	session.Default(&s.LagChecks, 5)
	session.Default(&s.LagDelay, 100*time.Millisecond)
	session.Default(&s.LagInterval, 2*time.Second)
	session.Default(&s.Invincibility, 5*time.Second)
	if s.byAddr == nil {
		s.byAddr = map[netip.AddrPort]*Peer{}
	}
}

// millis is the server's time: milliseconds since Start.
func (s *Server) millis(now time.Time) uint32 { return uint32(now.Sub(s.Start).Milliseconds()) }

// Framing returns the table and FromClient: a Server's units are the
// frames its players send.
func (s *Server) Framing() (*spec.Table, wire.Direction) { return table, FromClient }

// Players returns the players, newest first (read-only).
func (s *Server) Players() []*Peer { return s.players }

// Player returns the player id, or nil.
func (s *Server) Player(id uint32) *Peer {
	for _, p := range s.players {
		if p.id == id {
			return p
		}
	}
	return nil
}

// Event returns the oldest event not yet read, and false when there is
// none. Past 1024 unread events, the oldest are dropped.
func (s *Server) Event() (Event, bool) { return s.events.pop() }

// Done reports false: a Server runs until its driver is closed.
func (s *Server) Done() bool { return false }

// Connected adds a player at peer and queues its SMSG_HI; a peer already
// connected is refused.
func (s *Server) Connected(now time.Time, peer netip.AddrPort) error {
	s.setup(now)
	if s.byAddr[peer] != nil {
		return errors.New("tfighters: peer " + peer.String() + " is already connected")
	}
	s.count++
	p := &Peer{
		id:         s.NextID,
		addr:       peer,
		nick:       append([]byte("Unit"), strconv.Itoa(s.count)...),
		x:          s.SpawnX,
		y:          s.SpawnY,
		deg:        18000,
		lastPing:   now,
		invincible: true,
		invFor:     s.Invincibility,
		invSince:   now,
	}
	s.NextID++
	s.players = append([]*Peer{p}, s.players...)
	s.byAddr[peer] = p
	s.m.hi = Hi{MyVersion: s.MyVersion, UWID: p.id}
	return s.send(p, &s.m.hi)
}

// Disconnected handles a connection that closed, as the original does on
// a failed read: it kicks the player with "Read error", so the others
// learn of it by SMSG_KICK (not SMSG_QUIT), and removes it.
func (s *Server) Disconnected(now time.Time, peer netip.AddrPort) {
	p := s.byAddr[peer]
	if p == nil {
		return
	}
	s.kick(p, "Read error")
	p.out.clear()
	s.remove(p)
}

// Hangup returns a kicked player whose last frames are transmitted, and
// forgets it; ok is false when there is none.
func (s *Server) Hangup() (peer netip.AddrPort, ok bool) {
	for _, p := range s.players {
		if p.state == peerDead && p.out.empty() {
			s.remove(p)
			return p.addr, true
		}
	}
	return netip.AddrPort{}, false
}

// remove forgets p.
func (s *Server) remove(p *Peer) {
	for i, q := range s.players {
		if q == p {
			s.players = append(s.players[:i], s.players[i+1:]...)
			break
		}
	}
	if s.byAddr[p.addr] == p {
		delete(s.byAddr, p.addr)
	}
}

// Transmit appends the next frame to send to buf, and returns it with the
// player it goes to; ok is false when there is none. It allocates nothing
// once its buffers have grown.
func (s *Server) Transmit(now time.Time, buf []byte) (to netip.AddrPort, unit []byte, ok bool) {
	for range s.players {
		if s.cursor >= len(s.players) {
			s.cursor = 0
		}
		p := s.players[s.cursor]
		if unit, ok = p.out.next(buf); ok {
			return p.addr, unit, true
		}
		s.cursor++
	}
	return netip.AddrPort{}, buf, false
}

// Send checks m and queues it for player id: the one way, with Broadcast,
// every message of the Server leaves. It refuses nil, another protocol's
// message and a client's message (a *wire.SendError), unless Lax a
// message that breaks the spec's rules (Validate's error), an id no
// player has (ErrUnknownPeer), and a player that was kicked (a
// *session.SequenceError wrapping ErrSequence). Send keeps no reference
// to m.
func (s *Server) Send(id uint32, m Message) error {
	if err := check(m, FromServer, s.Lax); err != nil {
		return err
	}
	p := s.Player(id)
	if p == nil {
		return ErrUnknownPeer
	}
	return s.send(p, m)
}

// send queues m for p, after the one check.
func (s *Server) send(p *Peer, m Message) error {
	if err := check(m, FromServer, s.Lax); err != nil {
		return err
	}
	if p.state == peerDead {
		return &session.SequenceError{Protocol: proto, What: m.Form().Name, State: "kicked", Err: ErrSequence}
	}
	return p.out.push(m)
}

// Broadcast checks m as Send does and queues it for every player that is
// not kicked.
func (s *Server) Broadcast(m Message) error { return s.broadcast(m, nil) }

// broadcast queues m for every live player but except, encoding it once.
func (s *Server) broadcast(m Message, except *Peer) error {
	if err := check(m, FromServer, s.Lax); err != nil {
		return err
	}
	f, err := m.AppendBinary(s.frame[:0])
	if err != nil {
		return err
	}
	s.frame = f
	for _, q := range s.players {
		if q != except && q.state != peerDead {
			q.out.pushFrame(f)
		}
	}
	return nil
}

// Kick kicks player id for reason: SMSG_KICK to it alone before its nick
// was accepted, to everyone after; the server hangs up once it is sent.
func (s *Server) Kick(id uint32, reason string) error {
	p := s.Player(id)
	if p == nil {
		return ErrUnknownPeer
	}
	if p.state == peerDead {
		return &session.SequenceError{Protocol: proto, What: "Kick", State: "kicked", Err: ErrSequence}
	}
	s.kick(p, reason)
	return nil
}

// kick is the original's kick_player.
func (s *Server) kick(p *Peer, reason string) {
	if p.state == peerDead {
		return
	}
	s.m.kick = Kick{ID: p.id, Text: append(s.m.kick.Text[:0], reason...)}
	if p.Registered() {
		s.broadcast(&s.m.kick, nil)
		s.events.push(Event{Kind: EventPlayerLeft, ID: p.id, Text: reason})
	} else {
		s.send(p, &s.m.kick)
	}
	p.state, p.reason = peerDead, reason
}

// kickFor kicks p for reason and returns the *KickError that says so.
func (s *Server) kickFor(p *Peer, reason string, cause error) error {
	s.kick(p, reason)
	return &KickError{ID: p.id, Reason: reason, Err: cause}
}

// seqErr is an ErrSequence for what p sent.
func seqErr(p *Peer, what string) error {
	return &session.SequenceError{Protocol: proto, What: what, State: p.stateName(), Err: ErrSequence}
}

var peerStateNames = []string{"new", "got-version", "lag-check", "ok", "kicked"}

func (p *Peer) stateName() string { return session.NameOr(peerStateNames, p.state, "invalid") }

// newUser fills the server's SMSG_NEWUSER with p's.
func (s *Server) newUser(p *Peer) *NewUser {
	s.m.newUser = NewUser{ID: p.id, X: p.x, Y: p.y, Deg: p.deg, Accel: p.accel, Frags: p.frags,
		Turn: p.turn, Type: ObjectTypePlayer, Speed: p.speed, Nick: append(s.m.newUser.Nick[:0], p.nick...)}
	return &s.m.newUser
}

// invincibleAt reports whether p is still invincible at time now, even if
// no Tick has ended its invincibility yet.
func (p *Peer) invincibleAt(now time.Time) bool {
	return p.invincible && now.Sub(p.invSince) <= p.invFor
}

// invincibleLeft is what is left of p's invincibility, in milliseconds; p
// must be invincibleAt now.
func (p *Peer) invincibleLeft(now time.Time) uint32 {
	return uint32((p.invFor - now.Sub(p.invSince)).Milliseconds())
}

// Handle takes one frame from the player at from, received at now, as
// the original server's packet handler does (server/packet.c dopacket).
// It decodes it with a reused Decoder (no allocation) and answers with an
// error, the server staying up, for:
//   - a unit from no connected player: ErrUnknownPeer;
//   - a frame that does not decode: the original kicks the player
//     ("Packet error"), and the error is a *KickError wrapping the
//     decoding error;
//   - a message out of sequence (CMSG_NICK before CMSG_VERSION, a second
//     CMSG_VERSION, anything but those and CMSG_PONG before the lag
//     checks end) and a CMSG_PONG with a time ahead of the server's: the
//     original kicks, and the error is a *KickError (a
//     *session.SequenceError inside for the sequence);
//   - a server's message (an SMSG code): refused with a
//     *session.SequenceError, and, before the lag checks end, the player
//     kicked as for any unknown code;
//   - a message that breaks the spec's rules, unless Lax: Validate's
//     error, and the message is not acted on.
//
// CMSG_PASS, CMSG_CMD, CMSG_TEAMSAY and unknown client codes are taken
// and ignored once registered, as the original does; nick problems are
// answered with SMSG_NICKREPLY.
func (s *Server) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	s.setup(now)
	p := s.byAddr[from]
	if p == nil {
		return ErrUnknownPeer
	}
	if p.state == peerDead {
		return seqErr(p, "a frame after the kick")
	}
	if s.dec == nil {
		s.dec = NewDecoder()
	}
	s.dec.Policy = wire.Checked
	if s.Lax {
		s.dec.Policy = wire.Lax
	}
	m, n, err := s.dec.Decode(unit, FromClient)
	if m == nil {
		return s.kickFor(p, "Packet error", err)
	}
	if err := m.Form().Exact(n, len(unit), nil); err != nil {
		return s.kickFor(p, "Packet error", err)
	}
	if err != nil {
		return err
	}
	return s.handle(now, p, m)
}

// handle is Handle of a decoded message.
func (s *Server) handle(now time.Time, p *Peer, m Message) error {
	switch m := m.(type) {
	case *Version:
		switch {
		case p.state != peerNew:
			return s.kickFor(p, "Invalid protocol sequence (version)", seqErr(p, "CMSG_VERSION"))
		case m.MyVersion < s.MinClientVersion:
			return s.kickFor(p, "Client too old, please download the latest version", nil)
		}
		p.state = peerGotVersion
		return nil
	case *ClientNick:
		if p.state == peerNew {
			return s.kickFor(p, "Invalid protocol sequence (nick)", seqErr(p, "CMSG_NICK"))
		}
		return s.nick(now, p, m.Nick)
	case *Pong:
		return s.pong(now, p, m.ServerTime)
	}
	var serverCode error
	if r, ok := m.(*wire.Raw); ok && Code(r.Code).From() == FromServer {
		serverCode = seqErr(p, Code(r.Code).String()+" (a server's code) from a client")
	}
	if p.state != peerOK {
		cause := serverCode
		if cause == nil {
			cause = seqErr(p, CodeOf(m).String())
		}
		return s.kickFor(p, "Packet error/not registered", cause)
	}
	switch m := m.(type) {
	case *ClientSpawn:
		if !p.canSpawn {
			return nil // not allowed (yet): ignored, as the original does
		}
		p.canSpawn = false
		p.invincible, p.invFor, p.invSince = true, s.Invincibility, now
		s.m.invincible = Invincible{ID: p.id, YesNo: 1, InvincibilityT: uint32(s.Invincibility.Milliseconds())}
		s.broadcast(&s.m.invincible, nil)
		p.x, p.y = s.SpawnX, s.SpawnY
		s.m.spawn = ServerSpawn{ID: p.id, X: p.x, Y: p.y, Deg: p.deg, Accel: p.accel, Frags: p.frags,
			Turn: p.turn, Type: ObjectTypePlayer, Speed: p.speed}
		s.broadcast(&s.m.spawn, nil)
		s.events.push(Event{Kind: EventSpawned, ID: p.id, X: p.x, Y: p.y})
	case *ClientAccel:
		p.x, p.y, p.accel, p.speed = m.X, m.Y, m.Accel, m.Speed
		s.m.accel = ServerAccel{ID: p.id, X: p.x, Y: p.y, Accel: p.accel, Speed: p.speed}
		return s.broadcast(&s.m.accel, p)
	case *ClientTurn:
		p.x, p.y, p.turn, p.deg = m.X, m.Y, m.Turn, m.Deg
		s.m.turn = ServerTurn{ID: p.id, X: p.x, Y: p.y, Turn: p.turn, Deg: p.deg}
		return s.broadcast(&s.m.turn, p)
	case *ClientNewBullet:
		id := s.NextID
		s.NextID++
		s.m.bullet = ServerNewBullet{ID: id, OwnerID: p.id, X: m.X, Y: m.Y, Deg: m.Deg}
		s.events.push(Event{Kind: EventShot, ID: p.id, Bullet: id, X: m.X, Y: m.Y, Deg: m.Deg})
		return s.broadcast(&s.m.bullet, p)
	case *ClientSay:
		text := cleanText(m.Text)
		if len(text) > 0 {
			s.m.say = ServerSay{ID: p.id, Text: append(s.m.say.Text[:0], text...)}
			s.events.push(Event{Kind: EventChat, ID: p.id, Text: string(text)})
			return s.broadcast(&s.m.say, nil)
		}
	}
	return serverCode
}

// cleanText cuts t at its first byte below ' ' or above 0x7F, as the
// original's cleanstr does with the chat text.
func cleanText(t []byte) []byte {
	for i, c := range t {
		if c < ' ' || c > 0x7f {
			return t[:i]
		}
	}
	return t
}

// nick is the original's m_nick (its caller has checked the sequence).
func (s *Server) nick(now time.Time, p *Peer, nick []byte) error {
	reply := func(r NickResult, text string) error {
		s.m.nickReply = NickReply{GoodOrBad: r, Text: append(s.m.nickReply.Text[:0], text...)}
		return s.send(p, &s.m.nickReply)
	}
	if problem := NickProblem(nick); problem != "" {
		return reply(NickResultRejected, problem)
	}
	for _, q := range s.players {
		if q.Registered() && bytes.Equal(q.nick, nick) {
			return reply(NickResultRejected, "Nick already in use")
		}
	}
	p.nick = append(p.nick[:0], nick...)
	reply(NickResultOK, "Ok")
	if p.Registered() {
		s.m.nick = ServerNick{ID: p.id, NewNick: append(s.m.nick.NewNick[:0], p.nick...)}
		s.events.push(Event{Kind: EventNick, ID: p.id, Text: string(p.nick)})
		return s.broadcast(&s.m.nick, nil)
	}
	// A new player: tell the others, start the lag checks, send the user
	// list (every player, this one included, newest first).
	s.broadcast(s.newUser(p), p)
	p.state, p.lagLeft = peerLag, s.LagChecks
	s.events.push(Event{Kind: EventJoined, ID: p.id, Text: string(p.nick)})
	s.m.ping = Ping{Time: s.millis(now)}
	s.send(p, &s.m.ping)
	for _, q := range s.players {
		if q.state == peerDead {
			continue
		}
		s.send(p, s.newUser(q))
		if q.invincibleAt(now) {
			s.m.invincible = Invincible{ID: q.id, YesNo: 1, InvincibilityT: q.invincibleLeft(now)}
			s.send(p, &s.m.invincible)
		}
	}
	return nil
}

// pong is the original's m_lag: half the round trip, rounded half up,
// computed as the original does (a float, then a C cast).
func (s *Server) pong(now time.Time, p *Peer, t uint32) error {
	diff := int32(s.millis(now) - t)
	lag := int32(float64(float32(diff))/2 + 0.5)
	if lag < 0 {
		return s.kickFor(p, "Negative lag detected", nil)
	}
	s.m.lag = Lag{Diff: lag}
	copy(p.lags[:], p.lags[1:])
	p.lags[4] = lag
	return s.send(p, &s.m.lag)
}

// Deadline returns when the next lag check is due: a new player's next
// SMSG_PING (every LagDelay) or a player's in the game (every
// LagInterval); the zero Time when no player is registered.
func (s *Server) Deadline() time.Time {
	var d time.Time
	for _, p := range s.players {
		var at time.Time
		switch {
		case p.state == peerDead:
			continue
		case p.lagLeft > 1:
			at = p.lastPing.Add(s.LagDelay)
		case p.Registered():
			at = p.lastPing.Add(s.LagInterval)
		default:
			continue
		}
		if d.IsZero() || at.Before(d) {
			d = at
		}
	}
	return d
}

// Tick runs the periodic work of the original's main loop at time now: the
// lag checks of new players (an SMSG_PING every LagDelay, then
// SMSG_SPAWNREADY) and of players in the game (an SMSG_PING every
// LagInterval), and the end of invincibility.
func (s *Server) Tick(now time.Time) {
	s.setup(now)
	for _, p := range s.players {
		if p.state == peerDead {
			continue
		}
		p.invincible = p.invincibleAt(now)
		switch {
		case p.lagLeft > 1:
			if now.Sub(p.lastPing) >= s.LagDelay {
				s.m.ping = Ping{Time: s.millis(now)}
				s.send(p, &s.m.ping)
				p.lastPing = now
				p.lagLeft--
				if p.lagLeft == 1 {
					p.state, p.canSpawn = peerOK, true
					s.send(p, &s.m.spawnReady)
				}
			}
		case p.Registered() && now.Sub(p.lastPing) >= s.LagInterval:
			s.m.ping = Ping{Time: s.millis(now)}
			s.send(p, &s.m.ping)
			p.lastPing = now
		}
	}
}
