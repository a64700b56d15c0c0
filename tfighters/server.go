package tfighters

import (
	"bytes"
	"strconv"
	"time"

	"github.com/gamewire/gamewire/session"
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

// Peer is one connection of a Server: a player. Drain what the server
// queued for it with Next and write it to the connection.
type Peer struct {
	// ID is the player's id, sent as uwid in SMSG_HI.
	ID uint32
	// Nick is the player's nick ("Unit<n>" until one is accepted).
	Nick []byte
	// Reason says why the peer was kicked, once Closed.
	Reason string

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
	out              session.Queue[Message]
}

// Next returns the next message to send to the peer, or nil. A broadcast
// queues one message for several peers: treat it as read-only.
func (p *Peer) Next() Message { return p.out.Next() }

// Closed reports whether the server is done with the peer: once its
// queued messages are written, close the connection and call Remove.
func (p *Peer) Closed() bool { return p.state == peerDead }

// registered is the original's IsRegistered: the nick was accepted.
func (p *Peer) registered() bool { return p.state == peerLag || p.state == peerOK }

// Lag returns the peer's lag in milliseconds as the original server
// reckons it: the mean of the last five SMSG_LAG values.
func (p *Peer) Lag() float64 {
	var sum int64
	for _, l := range p.lags {
		sum += int64(l)
	}
	return float64(sum) / 5
}

// Server is the server side of TFighters as a state machine the caller
// drives, with the rules the original server (protocol v2, 2003-08-30)
// applies: Accept a connection, feed each message from it to Handle, call
// Tick regularly with the current time (for the lag checks), and write
// what each Peer's Next returns. It has no goroutines and reads no clock.
//
// It keeps players only: no map, no bots, no movement or collisions, so
// it never sends SMSG_HIT or SMSG_KILL by itself; bullets get an id but
// are not tracked.
type Server struct {
	// MyVersion is sent in SMSG_HI (1, the original's SERVER_VERSION).
	MyVersion uint32
	// MinClientVersion: older clients are kicked (0).
	MinClientVersion uint32
	// LagChecks is how many SMSG_PING a new player gets before
	// SMSG_SPAWNREADY, counting the one sent with the user list (5).
	LagChecks int
	// LagDelay is the time between those pings (100 ms).
	LagDelay time.Duration
	// LagInterval is the time between pings once in the game (2 s).
	LagInterval time.Duration
	// Invincibility is how long a new or respawned player is invincible
	// (5 s).
	Invincibility time.Duration
	// SpawnX and SpawnY are where players (re)spawn: the original puts
	// them in the middle of the red base, (90.00, 310.00) on its map.
	SpawnX, SpawnY Dbl
	// NextID is the id the next player or bullet gets.
	NextID uint32

	start   time.Time
	players []*Peer // newest first, like the original's list
	count   int     // player_nr, for default nicks
}

// NewServer returns a Server whose clock (the time in SMSG_PING) starts at
// now, with the original's settings.
func NewServer(now time.Time) *Server {
	return &Server{
		MyVersion:     1,
		LagChecks:     5,
		LagDelay:      100 * time.Millisecond,
		LagInterval:   2 * time.Second,
		Invincibility: 5 * time.Second,
		SpawnX:        9000,
		SpawnY:        31000,
		NextID:        1,
		start:         now,
	}
}

// millis is the server's time: milliseconds since it started.
func (s *Server) millis(now time.Time) uint32 { return uint32(now.Sub(s.start).Milliseconds()) }

// Players returns the peers, newest first.
func (s *Server) Players() []*Peer { return s.players }

// Accept adds a new connection and queues its SMSG_HI.
func (s *Server) Accept(now time.Time) *Peer {
	s.count++
	p := &Peer{
		ID:         s.NextID,
		Nick:       append([]byte("Unit"), strconv.Itoa(s.count)...),
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
	p.out.Push(&Hi{MyVersion: s.MyVersion, UWID: p.ID})
	return p
}

// Remove forgets a peer whose connection is closed.
func (s *Server) Remove(p *Peer) {
	for i, q := range s.players {
		if q == p {
			s.players = append(s.players[:i], s.players[i+1:]...)
			return
		}
	}
}

// broadcast queues m for every live player but except.
func (s *Server) broadcast(m Message, except *Peer) {
	for _, q := range s.players {
		if q != except && q.state != peerDead {
			q.out.Push(m)
		}
	}
}

// Kick kicks p for reason: SMSG_KICK to p alone before its nick was
// accepted, to everyone after.
func (s *Server) Kick(p *Peer, reason string) {
	if p.state == peerDead {
		return
	}
	m := &Kick{ID: p.ID, Text: []byte(reason)}
	if p.registered() {
		s.broadcast(m, nil)
	} else {
		p.out.Push(m)
	}
	p.state, p.Reason = peerDead, reason
}

// Disconnected handles a connection that the client closed, as the
// original does on a failed read: it kicks the player with "Read error",
// so the others learn of it by SMSG_KICK (not SMSG_QUIT), and removes it.
func (s *Server) Disconnected(p *Peer) {
	s.Kick(p, "Read error")
	p.out.Clear()
	s.Remove(p)
}

// newUser is p's SMSG_NEWUSER.
func (p *Peer) newUser() *NewUser {
	return &NewUser{ID: p.ID, X: p.x, Y: p.y, Deg: p.deg, Accel: p.accel, Frags: p.frags,
		Turn: p.turn, Type: ObjectTypePlayer, Speed: p.speed, Nick: bytes.Clone(p.Nick)}
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

// Handle processes one message from p at time now, as the original
// server's packet handler does: protocol violations kick the player (see
// Peer.Closed), nick problems are answered with SMSG_NICKREPLY, CMSG_PASS,
// CMSG_CMD and CMSG_TEAMSAY are accepted and ignored. Handle keeps no
// reference to m.
func (s *Server) Handle(p *Peer, m Message, now time.Time) {
	if p.state == peerDead {
		return
	}
	switch m := m.(type) {
	case *Version:
		switch {
		case p.state != peerNew:
			s.Kick(p, "Invalid protocol sequence (version)")
		case m.MyVersion < s.MinClientVersion:
			s.Kick(p, "Client too old, please download the latest version")
		default:
			p.state = peerGotVersion
		}
		return
	case *ClientNick:
		s.nick(p, m.Nick, now)
		return
	case *Pong:
		s.pong(p, m.ServerTime, now)
		return
	}
	if p.state != peerOK {
		s.Kick(p, "Packet error/not registered")
		return
	}
	switch m := m.(type) {
	case *ClientSpawn:
		if !p.canSpawn {
			return // not allowed (yet): ignored
		}
		p.canSpawn = false
		p.invincible, p.invFor, p.invSince = true, s.Invincibility, now
		s.broadcast(&Invincible{ID: p.ID, YesNo: 1, InvincibilityT: uint32(s.Invincibility.Milliseconds())}, nil)
		p.x, p.y = s.SpawnX, s.SpawnY
		s.broadcast(&ServerSpawn{ID: p.ID, X: p.x, Y: p.y, Deg: p.deg, Accel: p.accel, Frags: p.frags,
			Turn: p.turn, Type: ObjectTypePlayer, Speed: p.speed}, nil)
	case *ClientAccel:
		p.x, p.y, p.accel, p.speed = m.X, m.Y, m.Accel, m.Speed
		s.broadcast(&ServerAccel{ID: p.ID, X: p.x, Y: p.y, Accel: p.accel, Speed: p.speed}, p)
	case *ClientTurn:
		p.x, p.y, p.turn, p.deg = m.X, m.Y, m.Turn, m.Deg
		s.broadcast(&ServerTurn{ID: p.ID, X: p.x, Y: p.y, Turn: p.turn, Deg: p.deg}, p)
	case *ClientNewBullet:
		id := s.NextID
		s.NextID++
		s.broadcast(&ServerNewBullet{ID: id, OwnerID: p.ID, X: m.X, Y: m.Y, Deg: m.Deg}, p)
	case *ClientSay:
		text := cleanText(m.Text)
		if len(text) > 0 {
			s.broadcast(&ServerSay{ID: p.ID, Text: bytes.Clone(text)}, nil)
		}
	}
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

// nick is the original's m_nick.
func (s *Server) nick(p *Peer, nick []byte, now time.Time) {
	if p.state == peerNew {
		s.Kick(p, "Invalid protocol sequence (nick)")
		return
	}
	reply := func(r NickResult, text string) {
		p.out.Push(&NickReply{GoodOrBad: r, Text: []byte(text)})
	}
	if problem := NickProblem(nick); problem != "" {
		reply(NickResultRejected, problem)
		return
	}
	for _, q := range s.players {
		if q.registered() && bytes.Equal(q.Nick, nick) {
			reply(NickResultRejected, "Nick already in use")
			return
		}
	}
	p.Nick = append(p.Nick[:0], nick...)
	reply(NickResultOK, "Ok")
	if p.registered() {
		s.broadcast(&ServerNick{ID: p.ID, NewNick: bytes.Clone(p.Nick)}, nil)
		return
	}
	// A new player: tell the others, start the lag checks, send the user
	// list (every player, this one included, newest first).
	s.broadcast(p.newUser(), p)
	p.state, p.lagLeft = peerLag, s.LagChecks
	p.out.Push(&Ping{Time: s.millis(now)})
	for _, q := range s.players {
		if q.state == peerDead {
			continue
		}
		p.out.Push(q.newUser())
		if q.invincibleAt(now) {
			p.out.Push(&Invincible{ID: q.ID, YesNo: 1, InvincibilityT: q.invincibleLeft(now)})
		}
	}
}

// pong is the original's m_lag: half the round trip, rounded half up,
// computed as the original does (a float, then a C cast).
func (s *Server) pong(p *Peer, t uint32, now time.Time) {
	diff := int32(s.millis(now) - t)
	lag := int32(float64(float32(diff))/2 + 0.5)
	if lag < 0 {
		s.Kick(p, "Negative lag detected")
		return
	}
	p.out.Push(&Lag{Diff: lag})
	copy(p.lags[:], p.lags[1:])
	p.lags[4] = lag
}

// Tick runs the periodic work of the original's main loop at time now: the
// lag checks of new players (an SMSG_PING every LagDelay, then
// SMSG_SPAWNREADY) and of players in the game (an SMSG_PING every
// LagInterval), and the end of invincibility.
func (s *Server) Tick(now time.Time) {
	for _, p := range s.players {
		if p.state == peerDead {
			continue
		}
		p.invincible = p.invincibleAt(now)
		switch {
		case p.lagLeft > 1:
			if now.Sub(p.lastPing) >= s.LagDelay {
				p.out.Push(&Ping{Time: s.millis(now)})
				p.lastPing = now
				p.lagLeft--
				if p.lagLeft == 1 {
					p.state, p.canSpawn = peerOK, true
					p.out.Push(&SpawnReady{})
				}
			}
		case p.registered() && now.Sub(p.lastPing) >= s.LagInterval:
			p.out.Push(&Ping{Time: s.millis(now)})
			p.lastPing = now
		}
	}
}
