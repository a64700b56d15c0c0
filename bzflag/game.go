package bzflag

import (
	"math"
	"net/netip"
	"time"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Rates and times of the 1.7 client's game (docs/errata/bzflag.md, G1 to
// G8), as Go durations.
const (
	// MaxUpdateTime is the longest the 1.7 client goes without sending
	// MsgPlayerUpdate while alive ("MaxUpdateTime", src/bzflag/Player.cxx).
	MaxUpdateTime = time.Second
	// MinUpdateTime is the shortest interval between two MsgPlayerUpdate
	// the 1.7 client sends for a drift of its dead reckoning: its
	// throttle of 30 a second. A change of the Alive, Paused or Falling
	// bits is sent at once.
	MinUpdateTime = time.Second / 30
	// PositionTolerance is the drift from the dead-reckoned position, in
	// meters, past which the 1.7 client sends MsgPlayerUpdate.
	PositionTolerance = 0.01
	// AngleTolerance is the drift from the dead-reckoned azimuth, in
	// radians, past which the 1.7 client sends MsgPlayerUpdate.
	AngleTolerance = 0.01
	// RelayTimeout is how long the 1.7 client waits for the answer to its
	// MsgNetworkRelay.
	RelayTimeout = time.Second
	// GrabInterval is the 1.7 client's shortest interval between two
	// MsgGrabFlag.
	GrabInterval = 200 * time.Millisecond
	// ExplodeDuration is ExplodeTime as a duration: how long a killed
	// tank explodes before it is dead and may send MsgAlive again.
	ExplodeDuration = 5 * time.Second
)

// ClientInternalVersion is the number the 1.7g2 client sends in
// MsgClientVersion ("INTERNALVERSION", src/bzflag/ServerLink.cxx).
const ClientInternalVersion = 0x17a0

// GameState is where a Game is.
type GameState uint8

// The states of a Game.
const (
	// GameIdle: Start not called yet.
	GameIdle GameState = iota
	// GameJoining: the join sequence (Game.Join) is under way.
	GameJoining
	// GameRelaying: joined; MsgNetworkRelay is out and its answer due.
	GameRelaying
	// GamePlaying: the game is on.
	GamePlaying
	// GameLeft: Leave was called, or the server sent MsgSuperKill, or the
	// relay was refused or unanswered, or the world did not decode: the
	// Game is Done once its last frames are out.
	GameLeft
)

var gameStateNames = []string{"idle", "joining", "relaying", "playing", "left"}

// String returns the state's name.
func (s GameState) String() string { return session.NameOr(gameStateNames, s, "invalid") }

// Player is what a Game knows of a player: the MsgAddPlayer that
// announced it, then what MsgAlive, MsgPlayerUpdate, MsgKilled,
// MsgGrabFlag, MsgDropFlag, MsgCaptureFlag, MsgScore and MsgTeleport said.
type Player struct {
	ID       PlayerID
	Type     PlayerType
	Team     TeamColor
	CallSign CallSign
	Email    Email
	Wins     uint16
	Losses   uint16

	Status          PlayerStatus
	Position        Vec3
	Velocity        Vec3
	Azimuth         float32
	AngularVelocity float32
	// Flag is the flag the player holds (NullFlag for none).
	Flag FlagID
	// Teleported is when the last MsgTeleport arrived, From and To its
	// teleporters.
	Teleported   time.Time
	TeleportFrom uint16
	TeleportTo   uint16
	Exploded     time.Time // when the player was killed
	Updated      time.Time // when its last MsgAlive or MsgPlayerUpdate arrived
}

// Team is a team's counts from MsgTeamUpdate.
type Team struct {
	Players, Active, Wins, Losses uint16
}

// Game is a client's whole session (session.Framed): the join (Join, a
// Client), then the game as the 1.7 client plays it. It does no I/O and
// reads no clock: a session.Conn drives it over the game connection Dial
// returns, and, for the UDP link, a session.Packet drives its UDPLink
// over a UDP socket, both polled from the one game loop. In steady state
// (frames in, updates and shots out) it allocates nothing.
//
// What it does, after the 1.7 client (docs/errata/bzflag.md, G1 to G8,
// S1 to S5):
//
//   - joined (EventJoined), it asks the server to relay
//     (MsgNetworkRelay) and waits up to RelayTimeout for the answer
//     (EventPlaying; MsgReject or no answer end the game, EventLeft
//     with ErrRelayRefused or ErrRelayTimeout). Then, if UDPPort is set,
//     it sends MsgClientVersion and MsgUDPLinkRequest with that port,
//     and, in any case, MsgSetTTL.
//   - the server's MsgUDPLinkRequest (its UDP port) is answered with
//     MsgUDPLinkEstablished over TCP and brings the UDP link up: from then
//     on MsgPlayerUpdate, MsgShotBegin, MsgShotEnd and MsgGMUpdate go out
//     through UDPLink (OverUDP), to the server's UDP port at Server.
//     Without an answer (bzfs -noudp), everything stays on TCP.
//   - MsgLagPing is echoed unchanged, over TCP.
//   - Tick sends MsgPlayerUpdate when the 1.7 client would: at once when
//     the Alive, Paused or Falling bit changes; never when dead
//     otherwise; at least every MaxUpdateTime; when the dead-reckoned
//     position would touch the ground; else at most every MinUpdateTime,
//     when the position or azimuth drifts from the dead reckoning by more
//     than PositionTolerance or AngleTolerance. Deadline says when.
//   - the tables of players (Players), flags (Flags), teams (Teams) and
//     live shots (Shots) follow MsgAddPlayer, MsgRemovePlayer,
//     MsgTeamUpdate, MsgFlagUpdate, MsgAlive, MsgPlayerUpdate,
//     MsgShotBegin, MsgShotEnd, MsgKilled, MsgGrabFlag, MsgDropFlag,
//     MsgCaptureFlag, MsgScore and MsgTeleport; the events report the
//     players coming and going, shots, kills, chat and the game's end.
//   - shots: Shoot fires (MsgShotBegin), Hit tests the live shots against
//     the tank, HitBy ends the shot that hit (MsgShotEnd) and blows the
//     tank up.
//   - kills: when the player is hit (HitBy, Killed) or the server says it
//     was killed, it drops its flag (MsgDropFlag) first, counts a loss
//     (MsgScore), and, when hit, sends MsgKilled; its tank explodes for
//     ExplodeDuration, then Alive may send MsgAlive. A kill by the player
//     counts a win, or a loss for a teammate (MsgScore). The capture of
//     the player's team flag, MsgScoreOver and the end of time blow the
//     tank up without a loss.
//   - Leave sends MsgExit; the Game is Done once it is out.
//
// Every message the Game sends goes through one check (Send): not nil,
// a client's bzflag message, valid (unless Lax), and allowed in the
// state; an action the state does not allow fails with a
// *session.SequenceError wrapping ErrSequence.
type Game struct {
	// Join is the join sequence; fill Join.Enter before Start.
	Join Client
	// Server is the server's address, where the UDP link's datagrams go
	// (at the port the server names).
	Server netip.Addr
	// UDPPort is the local port of the client's UDP socket, which the
	// Game asks the server to link to (MsgUDPLinkRequest); 0: no UDP
	// link, everything over TCP.
	UDPPort uint16
	// TTL is sent in MsgSetTTL after the relay; 0 means DefaultTTL.
	TTL uint16
	// Lax sends messages that break the spec's rules (Validate), and
	// takes such messages from the server: for a fuzzer.
	Lax bool

	state    GameState
	id       PlayerID
	players  []Player
	flags    []FlagStatus
	teams    [NumTeams]Team
	me       Player
	timeLeft int
	over     bool
	now      time.Time // the latest time the Game was told

	relaySent time.Time
	lastGrab  time.Time
	grabbed   bool

	// the dead reckoning of the last MsgPlayerUpdate sent
	sent       PlayerUpdate
	sentAt     time.Time
	sentSpeed  float64 // signed planar speed
	sentCourse float64 // azimuth of the velocity
	checkAt    time.Time

	shots   []Shot
	salt    uint8
	hitFrom time.Time

	dec session.UnitDecoder
	tcp outbox
	udp UDPLink
	ev  events

	// messages the Game sends, reused
	update  PlayerUpdate
	echo    LagPing
	relay   NetworkRelay
	version ClientVersion
	link    UDPLinkRequest
	linked  UDPLinkEstablished
	ttl     SetTTL
	alive   AliveFromClient
	killed  KilledFromClient
	drop    DropFlagFromClient
	grab    GrabFlagFromClient
	capture CaptureFlagFromClient
	score   ScoreFromClient
	tele    TeleportFromClient
	begin   ShotBegin
	end     ShotEnd
	chat    MessageFromClient
	exit    Exit
}

// State returns the game's state.
func (g *Game) State() GameState { return g.state }

// ID returns the player's id (the one the server assigned, once joined).
func (g *Game) ID() PlayerID { return g.id }

// Me returns the player's own state: its status, motion, flag and score.
func (g *Game) Me() *Player { return &g.me }

// Players returns the other players in the game, in their slots; a free
// slot has the zero ID. The slice is the Game's.
func (g *Game) Players() []Player { return g.players }

// Player returns the player with id, or nil.
func (g *Game) Player(id PlayerID) *Player {
	for i := range g.players {
		if g.players[i].ID == id && !id.IsZero() {
			return &g.players[i]
		}
	}
	return nil
}

// Flags returns the flags, by index, as the last MsgFlagUpdate,
// MsgGrabFlag or MsgDropFlag left them. The slice is the Game's.
func (g *Game) Flags() []FlagStatus { return g.flags }

// Teams returns the teams, RogueTeam to PurpleTeam.
func (g *Game) Teams() *[NumTeams]Team { return &g.teams }

// TimeLeft returns the seconds left from the last MsgTimeLeft, or -1.
func (g *Game) TimeLeft() int { return g.timeLeft }

// Over reports whether the game is over (MsgScoreOver, or no time left).
func (g *Game) Over() bool { return g.over }

// UDPUp reports whether updates travel over the UDP link.
func (g *Game) UDPUp() bool { return g.udp.up }

// Framing returns the table and FromServer, the direction of what the
// Game receives.
func (g *Game) Framing() (*spec.Table, wire.Direction) { return table, FromServer }

// Start begins the session: the join's first MsgGetWorld.
func (g *Game) Start(now time.Time) error {
	g.state = GameJoining
	g.now = now
	g.timeLeft = -1
	g.over = false
	g.players, g.flags = g.players[:0], g.flags[:0]
	clear(g.shots)
	g.shots = g.shots[:0]
	g.teams = [NumTeams]Team{}
	g.me = Player{Team: g.Join.Enter.Team, Type: g.Join.Enter.Type, CallSign: g.Join.Enter.CallSign,
		Email: g.Join.Enter.Email}
	g.sent, g.sentAt, g.checkAt, g.hitFrom = PlayerUpdate{}, time.Time{}, time.Time{}, time.Time{}
	g.tcp.clear()
	g.ev.clear()
	g.udp = UDPLink{g: g}
	g.Join.Lax = g.Lax
	g.Join.reset()
	return g.send(&g.Join.req)
}

// Send queues m, as the 1.7 client sends it: over the UDP link when it
// is up and m's code is one the client sends over UDP (OverUDP), else
// over TCP. It is the one way out of the Game, which its actions take
// too: m must be a client's bzflag message (wire.CheckSend), valid unless
// Lax, and one the state allows (*session.SequenceError, ErrSequence):
// nothing before Start or after Leave; during the join, the join's
// messages and the requests a connection may make in any state
// (MsgNetworkRelay, MsgQueryGame, MsgSetTTL, MsgExit, ...); the game's
// messages once the game is on.
func (g *Game) Send(m Message) error {
	if err := wire.CheckSend(table, m, FromClient, g.Lax); err != nil {
		return err
	}
	return g.send(m)
}

// send is Send for the Game's own messages.
func (g *Game) send(m Message) error {
	if err := wire.CheckSend(table, m, FromClient, g.Lax); err != nil {
		return err
	}
	c := CodeOf(m)
	switch {
	case g.state == GamePlaying:
	case (g.state == GameJoining || g.state == GameRelaying) && anyState(c):
	default:
		return seqError(c.String(), g.state.String())
	}
	if g.udp.up && OverUDP(c) {
		return g.udp.push(m)
	}
	return g.tcp.push(netip.AddrPort{}, m)
}

// anyState reports whether a client may send messages of code c before
// it has joined: the join's own and the requests of a connection
// (bzfs answers them in any state, errata M18 to M23).
func anyState(c Code) bool {
	switch c {
	case CodeGetWorld, CodeEnter, CodeIDAck, CodeNetworkRelay, CodeWantWHash, CodeQueryGame,
		CodeQueryPlayers, CodeSetTTL, CodeUDPLinkRequest, CodeUDPLinkEstablished, CodeClientVersion, CodeExit:
		return true
	}
	return false
}

// Handle takes one frame from the server, from the game connection, at
// now, and queues what the 1.7 client sends in answer. A frame that does
// not decode, a message that breaks a rule (unless Lax), or a message
// the join rules out (*UnexpectedError) is refused with its error and
// changes nothing: read on. What ends the game (MsgSuperKill, a refused
// relay) is an event, and Done.
func (g *Game) Handle(now time.Time, from netip.AddrPort, unit []byte) error {
	m, err := g.dec.Decode(table, unit, FromServer, g.Lax)
	if err != nil {
		return err
	}
	return g.handle(now, m)
}

// handle acts on one message from the server, from TCP or UDP.
func (g *Game) handle(now time.Time, m Message) error {
	g.now = now
	switch g.state {
	case GameIdle:
		return &UnexpectedError{State: ClientIdle, Code: CodeOf(m)}
	case GameJoining:
		return g.joining(m, now)
	case GameRelaying:
		switch m.(type) {
		case *Reject:
			g.leave(ErrRelayRefused)
			return nil
		case *Accept:
			return g.relayed()
		}
		// The 1.7 client takes any other answer as a yes, and drops it;
		// this Game acts on it too.
		if err := g.relayed(); err != nil {
			return err
		}
		return g.play(m, now)
	case GamePlaying:
		return g.play(m, now)
	}
	return nil
}

// leave ends the game, for err (nil: Leave).
func (g *Game) leave(err error) {
	g.state = GameLeft
	g.ev.push(Event{Kind: EventLeft, Err: err})
}

// joining feeds the join, and keeps the tables from the updates that
// precede the player's own MsgAddPlayer.
func (g *Game) joining(m Message, now time.Time) error {
	before := g.Join.state
	reply, err := g.Join.step(m, &g.ev)
	switch g.Join.state {
	case ClientKilled:
		g.state = GameLeft
	case ClientFailed:
		g.state = GameLeft
	}
	if err != nil {
		return err
	}
	if before == ClientDownloading && g.Join.state == ClientEntering {
		g.size()
	}
	if before == ClientUpdating {
		if err := g.play(m, now); err != nil {
			return err
		}
	}
	if reply != nil {
		if err := g.send(reply); err != nil {
			return err
		}
	}
	if g.Join.state != ClientJoined {
		return nil
	}
	// Joined: the player's id, the flags already on tanks, then the relay.
	g.id = g.Join.ID()
	g.me.ID = g.id
	for i := range g.flags {
		f := &g.flags[i]
		if f.Status == FlagOnTank {
			if p := g.Player(f.Owner); p != nil {
				p.Flag = f.ID
			}
		}
	}
	g.state = GameRelaying
	g.relaySent = now
	return g.send(&g.relay)
}

// Retry sends MsgEnter again after a MsgReject (EventRejected), as the
// spec allows; the 1.7 client gives up instead (errata J4). In any other
// state it fails with a *session.SequenceError.
func (g *Game) Retry() error {
	if g.state != GameJoining {
		return seqError("Retry", g.state.String())
	}
	if g.Join.state != ClientRejected {
		return seqError("Retry", g.Join.state.String())
	}
	if err := g.send(&g.Join.Enter); err != nil {
		return err
	}
	g.Join.state = ClientEntering
	return nil
}

// size makes the tables for the world's limits, once it has arrived.
func (g *Game) size() {
	st := &g.Join.World.Style
	if n := int(st.MaxPlayers); cap(g.players) < n {
		g.players = make([]Player, 0, n)
	}
	g.players = g.players[:0]
	if n := int(st.MaxFlags); cap(g.flags) < n {
		g.flags = make([]FlagStatus, n)
	}
	g.flags = g.flags[:st.MaxFlags]
	clear(g.flags)
	if n := int(st.MaxPlayers+1) * max(int(st.MaxShots), 1); cap(g.shots) < n {
		g.shots = make([]Shot, 0, n)
	}
}

// relayed goes on once the server relays: the UDP link request and the
// TTL, in the 1.7 client's order.
func (g *Game) relayed() error {
	g.state = GamePlaying
	g.ev.push(Event{Kind: EventPlaying, Player: g.id})
	if g.UDPPort != 0 {
		g.version.Version = ClientInternalVersion
		if err := g.send(&g.version); err != nil {
			return err
		}
		g.link.Port = g.UDPPort
		if err := g.send(&g.link); err != nil {
			return err
		}
	}
	g.ttl.TTL = g.TTL
	if g.ttl.TTL == 0 {
		g.ttl.TTL = DefaultTTL
	}
	return g.send(&g.ttl)
}

// play acts on a message of the game.
func (g *Game) play(m Message, now time.Time) error {
	switch r := m.(type) {
	case *LagPing:
		g.echo = *r
		return g.send(&g.echo)
	case *UDPLinkRequest:
		if g.UDPPort == 0 || g.state != GamePlaying || !g.Server.IsValid() {
			return nil
		}
		if err := g.send(&g.linked); err != nil {
			return err
		}
		g.udp.establish(netip.AddrPortFrom(g.Server, r.Port))
	case *SetTTL:
		if r.TTL > g.TTL {
			g.TTL = r.TTL
		}
	case *AddPlayer:
		if r.ID == g.id || r.ID == g.Join.Enter.ID {
			return nil
		}
		if err := g.addPlayer(r); err != nil {
			return err
		}
		g.ev.push(Event{Kind: EventPlayerJoined, Player: r.ID, CallSign: r.CallSign})
	case *RemovePlayer:
		if p := g.Player(r.ID); p != nil {
			*p = Player{}
			g.ev.push(Event{Kind: EventPlayerLeft, Player: r.ID})
		}
	case *TeamUpdate:
		if !r.Team.IsTeam() {
			return r.Form().Err("team", wire.ErrInvalid)
		}
		g.teams[r.Team] = Team{Players: r.Players, Active: r.Active, Wins: r.Wins, Losses: r.Losses}
	case *FlagUpdate:
		return g.setFlag(r.Form(), r.Index, &r.Flag)
	case *AliveFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Status = StatusAlive
			p.Position = r.Position
			p.Azimuth = float32(math.Atan2(float64(r.Forward[1]), float64(r.Forward[0])))
			p.Velocity, p.AngularVelocity = Vec3{}, 0
			p.Updated = now
			g.ev.push(Event{Kind: EventPlayerAlive, Player: r.ID})
		}
	case *PlayerUpdate:
		if p := g.Player(r.ID); p != nil {
			p.Status, p.Position, p.Velocity = r.Status, r.Position, r.Velocity
			p.Azimuth, p.AngularVelocity, p.Updated = r.Azimuth, r.AngularVelocity, now
		}
	case *ShotBegin:
		// The shot's age is its time field (FiringInfo's dt).
		if r.Shooter != g.id {
			life := time.Duration(float64(r.Lifetime) * float64(time.Second))
			g.addShot(Shot{Shooter: r.Shooter, ID: r.ShotID, Position: r.Position, Velocity: r.Velocity,
				Flag: r.FlagType, Lifetime: life, Fired: now.Add(-time.Duration(float64(r.Time) * float64(time.Second)))})
			g.ev.push(Event{Kind: EventShot, Player: r.Shooter, Shot: int16(r.ShotID)})
		}
	case *ShotEnd:
		if g.endShot(r.Shooter, uint16(r.ShotID)) {
			g.ev.push(Event{Kind: EventShotEnded, Player: r.Shooter, Shot: r.ShotID})
		}
	case *MessageFromServer:
		// The client shows a message to it, to its team, or to everyone
		// (errata M33).
		if r.To == g.id || r.To.IsZero() && (r.Team == RogueTeam || r.Team == g.me.Team) {
			g.ev.push(Event{Kind: EventChat, Player: r.From, To: r.To, Team: r.Team, Text: r.Text})
		}
	case *KilledFromServer:
		g.ev.push(Event{Kind: EventKilled, Player: r.Victim, Killer: r.Killer, Shot: r.ShotID})
		return g.killedMsg(r, now)
	case *GrabFlagFromServer:
		if err := g.setFlag(r.Form(), r.Index, &r.Flag); err != nil {
			return err
		}
		if r.Grabber == g.id {
			g.me.Flag = r.Flag.ID
		} else if p := g.Player(r.Grabber); p != nil {
			p.Flag = r.Flag.ID
		}
	case *DropFlagFromServer:
		if err := g.setFlag(r.Form(), r.Index, &r.Flag); err != nil {
			return err
		}
		if r.Dropper == g.id {
			g.me.Flag = NullFlag
		} else if p := g.Player(r.Dropper); p != nil {
			p.Flag = NullFlag
		}
	case *CaptureFlagFromServer:
		if r.Capturer == g.id {
			g.me.Flag = NullFlag
		} else if p := g.Player(r.Capturer); p != nil {
			p.Flag = NullFlag
		}
		if int(r.Index) < len(g.flags) && int(g.flags[r.Index].ID) == int(g.me.Team) && g.me.Team != RogueTeam {
			return g.blowUp(now, false)
		}
	case *ScoreFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Wins, p.Losses = r.Wins, r.Losses
		}
	case *TeleportFromServer:
		if p := g.Player(r.ID); p != nil {
			p.Teleported, p.TeleportFrom, p.TeleportTo = now, r.From, r.To
		}
	case *TimeLeft:
		g.timeLeft = int(r.Seconds)
		if r.Seconds == 0 {
			g.gameOver(now)
		}
	case *ScoreOver:
		g.gameOver(now)
	case *SuperKill:
		g.state = GameLeft
		g.ev.push(Event{Kind: EventKicked})
	}
	return nil
}

// gameOver ends the game's play: the tank explodes.
func (g *Game) gameOver(now time.Time) {
	if !g.over {
		g.ev.push(Event{Kind: EventGameOver})
	}
	g.over = true
	g.explode(now)
}

// addPlayer puts a player in the first free slot.
func (g *Game) addPlayer(r *AddPlayer) error {
	p := g.Player(r.ID)
	if p == nil {
		for i := range g.players {
			if g.players[i].ID.IsZero() {
				p = &g.players[i]
				break
			}
		}
	}
	if p == nil {
		if len(g.players) == cap(g.players) {
			return ErrTableFull
		}
		g.players = g.players[:len(g.players)+1]
		p = &g.players[len(g.players)-1]
	}
	*p = Player{ID: r.ID, Type: r.Type, Team: r.Team, CallSign: r.CallSign, Email: r.Email,
		Wins: r.Wins, Losses: r.Losses}
	return nil
}

// setFlag records flag i, which must be within the world's flags.
func (g *Game) setFlag(f *spec.Form, i uint16, s *FlagStatus) error {
	if int(i) >= len(g.flags) {
		return f.Err("flagNum", wire.ErrInvalid)
	}
	g.flags[i] = *s
	return nil
}

// killedMsg acts on the server's MsgKilled.
func (g *Game) killedMsg(r *KilledFromServer, now time.Time) error {
	if r.Victim == g.id {
		if g.me.Status&StatusAlive != 0 {
			if err := g.blowUp(now, true); err != nil {
				return err
			}
		}
	} else if p := g.Player(r.Victim); p != nil {
		p.Status = (p.Status | StatusExploding) &^ StatusAlive
		p.Exploded = now
	}
	if r.Killer != g.id || r.Victim == g.id {
		return nil
	}
	// The player killed someone it knows: a win, or a loss for a
	// teammate.
	v := g.Player(r.Victim)
	if v == nil {
		return nil
	}
	if v.Team == g.me.Team && g.me.Team != RogueTeam {
		return g.changeScore(0, 1)
	}
	return g.changeScore(1, 0)
}

// blowUp is the 1.7 client's gotBlowedUp for a kill the server reported
// (loss true) or a capture of the team flag: the flag is dropped, the
// tank explodes, and a kill counts a loss.
func (g *Game) blowUp(now time.Time, loss bool) error {
	if g.me.Status&StatusAlive == 0 {
		return nil
	}
	if err := g.dropHeld(); err != nil {
		return err
	}
	g.explode(now)
	if loss {
		return g.changeScore(0, 1)
	}
	return nil
}

// dropHeld sends MsgDropFlag if the player holds a flag, and forgets it.
func (g *Game) dropHeld() error {
	if g.me.Flag == NullFlag {
		return nil
	}
	g.me.Flag = NullFlag
	g.drop.Position = g.me.Position
	return g.send(&g.drop)
}

// explode starts the tank's explosion.
func (g *Game) explode(now time.Time) {
	if g.me.Status&StatusAlive == 0 {
		return
	}
	g.me.Status = (g.me.Status | StatusExploding) &^ StatusAlive
	g.me.Exploded = now
}

// changeScore counts wins and losses and sends MsgScore, as the 1.7
// client does on every change of its score.
func (g *Game) changeScore(wins, losses uint16) error {
	g.me.Wins += wins
	g.me.Losses += losses
	g.score.Wins, g.score.Losses = g.me.Wins, g.me.Losses
	return g.send(&g.score)
}

// Transmit appends the next frame to send on the game connection to
// buf (the UDP link's datagrams come from UDPLink's Transmit).
func (g *Game) Transmit(now time.Time, buf []byte) (netip.AddrPort, []byte, bool) {
	return g.tcp.transmit(buf)
}

// Done reports whether the game has ended (GameLeft) and its last frames
// are out: the driver then closes the connection.
func (g *Game) Done() bool { return g.state == GameLeft && g.tcp.len() == 0 }

// Event pops the oldest event; false when there is none.
func (g *Game) Event() (Event, bool) { return g.ev.pop() }

// updateBits are the status bits whose change the 1.7 client sends at
// once.
const updateBits = StatusAlive | StatusPaused | StatusFalling

// Deadline returns when the Game next needs Tick: the relay's timeout,
// the end of the explosion, and, while alive, the next check of the dead
// reckoning (at most every MinUpdateTime; at once after a change of the
// Alive, Paused or Falling bit); the zero Time when it needs none.
func (g *Game) Deadline() time.Time {
	switch g.state {
	case GameRelaying:
		return g.relaySent.Add(RelayTimeout)
	case GamePlaying:
	default:
		return time.Time{}
	}
	if g.me.Status&updateBits != g.sent.Status&updateBits || g.me.Status&StatusAlive != 0 && g.checkAt.IsZero() {
		return g.now
	}
	var d time.Time
	if g.me.Status&StatusExploding != 0 {
		d = g.me.Exploded.Add(ExplodeDuration)
	}
	if g.me.Status&StatusAlive != 0 && (d.IsZero() || g.checkAt.Before(d)) {
		d = g.checkAt
	}
	return d
}

// Tick advances the game to now: the relay's timeout, the end of an
// explosion, the shots that expired, and MsgPlayerUpdate when it is due.
func (g *Game) Tick(now time.Time) {
	g.now = now
	switch g.state {
	case GameRelaying:
		if now.Sub(g.relaySent) >= RelayTimeout {
			g.leave(ErrRelayTimeout)
		}
		return
	case GamePlaying:
	default:
		return
	}
	if g.me.Status&StatusExploding != 0 && now.Sub(g.me.Exploded) >= ExplodeDuration {
		g.me.Status = StatusDead
	}
	g.reap(now)
	g.checkAt = now.Add(MinUpdateTime)
	if !g.updateDue(now) {
		return
	}
	g.update = PlayerUpdate{ID: g.id, Status: g.me.Status, Position: g.me.Position, Velocity: g.me.Velocity,
		Azimuth: g.me.Azimuth, AngularVelocity: g.me.AngularVelocity}
	if g.send(&g.update) == nil {
		g.reckonFrom(&g.update, now)
	}
}

// reckonFrom makes u the base of the dead reckoning.
func (g *Game) reckonFrom(u *PlayerUpdate, now time.Time) {
	g.sent, g.sentAt = *u, now
	vx, vy := float64(u.Velocity[0]), float64(u.Velocity[1])
	g.sentSpeed = math.Hypot(vx, vy)
	az := float64(u.Azimuth)
	if math.Cos(az)*vx+math.Sin(az)*vy < 0 {
		g.sentSpeed = -g.sentSpeed
	}
	g.sentCourse = 0
	if g.sentSpeed != 0 {
		g.sentCourse = math.Atan2(vy, vx)
	}
}

// updateDue is the 1.7 client's isDeadReckoningWrong.
func (g *Game) updateDue(now time.Time) bool {
	if g.me.Status&updateBits != g.sent.Status&updateBits {
		return true
	}
	if g.me.Status&StatusAlive == 0 {
		return false
	}
	dt := now.Sub(g.sentAt)
	if dt >= MaxUpdateTime {
		return true
	}
	pos, az := g.Reckon(now)
	if pos[2] < 0 {
		return true
	}
	if dt < MinUpdateTime {
		return false
	}
	return math.Abs(float64(g.me.Position[0])-pos[0]) > PositionTolerance ||
		math.Abs(float64(g.me.Position[1])-pos[1]) > PositionTolerance ||
		math.Abs(float64(g.me.Position[2])-pos[2]) > PositionTolerance ||
		math.Abs(float64(g.me.Azimuth)-az) > AngleTolerance
}

// Reckon returns where the other players believe the player is at now:
// the dead reckoning of the last MsgPlayerUpdate sent, as the 1.7 client
// computes it (straight ahead, on a circle when turning, on a parabola
// when falling; a paused tank stays put).
func (g *Game) Reckon(now time.Time) (pos [3]float64, azimuth float64) {
	u := &g.sent
	dt := now.Sub(g.sentAt).Seconds()
	p0 := [3]float64{float64(u.Position[0]), float64(u.Position[1]), float64(u.Position[2])}
	a0, w := float64(u.Azimuth), float64(u.AngularVelocity)
	speed, course := g.sentSpeed, g.sentCourse
	switch {
	case u.Status&StatusPaused != 0:
		return p0, a0
	case u.Status&StatusFalling != 0:
		s := math.Abs(speed)
		pos[0] = p0[0] + dt*s*math.Cos(course)
		pos[1] = p0[1] + dt*s*math.Sin(course)
		pos[2] = p0[2] + dt*float64(u.Velocity[2]) + 0.5*Gravity*dt*dt
		azimuth = a0
		if u.Status&StatusAlive != 0 {
			azimuth = a0 + dt*w
		}
		return pos, azimuth
	case w == 0:
		s := math.Abs(speed)
		pos[0] = p0[0] + dt*s*math.Cos(course)
		pos[1] = p0[1] + dt*s*math.Sin(course)
	default:
		r := speed / w
		off := a0 - 0.5*math.Pi
		a := off + dt*w
		pos[0] = p0[0] + r*(math.Cos(a)-math.Cos(off))
		pos[1] = p0[1] + r*(math.Sin(a)-math.Sin(off))
	}
	pos[2] = p0[2]
	return pos, a0 + dt*w
}

// Move sets the player's motion for the next Tick: its position,
// velocity, azimuth and angular velocity, and the status bits the game
// controls (Paused, Falling, FlagActive, Teleporting, CrossingWall); the
// Game keeps Alive and Exploding.
func (g *Game) Move(status PlayerStatus, pos, vel Vec3, azimuth, angVel float32) {
	const kept = StatusAlive | StatusExploding
	g.me.Status = g.me.Status&kept | status&^kept
	g.me.Position, g.me.Velocity = pos, vel
	g.me.Azimuth, g.me.AngularVelocity = azimuth, angVel
}

// Alive puts the tank in the game at pos, facing forward, and sends
// MsgAlive: on the first life, and after each death once the explosion is
// over (ErrExploding before).
func (g *Game) Alive(pos, forward Vec3, now time.Time) error {
	if g.state != GamePlaying {
		return seqError("Alive", g.state.String())
	}
	g.now = now
	if g.me.Status&StatusExploding != 0 && now.Sub(g.me.Exploded) < ExplodeDuration {
		return ErrExploding
	}
	g.alive = AliveFromClient{Position: pos, Forward: forward}
	if err := g.send(&g.alive); err != nil {
		return err
	}
	g.me.Status = StatusAlive
	g.me.Position, g.me.Velocity = pos, Vec3{}
	g.me.Azimuth = float32(math.Atan2(float64(forward[1]), float64(forward[0])))
	g.me.AngularVelocity = 0
	g.hitFrom = now
	return nil
}

// Killed reports that killer killed the player, with shot shotID (-1
// for none: a run-over, genocide), as the 1.7 client does: MsgDropFlag if
// it holds a flag, a loss (MsgScore), then MsgKilled; the tank explodes.
// Nothing is sent if it is not alive. A shot that hit goes to HitBy,
// which ends it first.
func (g *Game) Killed(killer PlayerID, shotID int16, now time.Time) error {
	if g.state != GamePlaying {
		return seqError("Killed", g.state.String())
	}
	g.now = now
	if g.me.Status&StatusAlive == 0 {
		return nil
	}
	if err := g.blowUp(now, true); err != nil {
		return err
	}
	g.killed = KilledFromClient{Killer: killer, ShotID: shotID}
	return g.send(&g.killed)
}

// GrabFlag asks for flag i, as the 1.7 client does when it drives over
// a flag on the ground while alive, not paused and holding none: at most
// once per GrabInterval.
// It reports whether it sent MsgGrabFlag.
func (g *Game) GrabFlag(i uint16, now time.Time) (bool, error) {
	if g.state != GamePlaying {
		return false, seqError("GrabFlag", g.state.String())
	}
	g.now = now
	if g.me.Status&(StatusAlive|StatusPaused) != StatusAlive || g.me.Flag != NullFlag || int(i) >= len(g.flags) ||
		g.flags[i].Status != FlagOnGround || g.flags[i].ID == NullFlag ||
		g.grabbed && now.Sub(g.lastGrab) <= GrabInterval {
		return false, nil
	}
	g.grab.Index = i
	if err := g.send(&g.grab); err != nil {
		return false, err
	}
	g.grabbed, g.lastGrab = true, now
	return true, nil
}

// DropFlag drops the flag the player holds, where it is (MsgDropFlag);
// nothing if it holds none. The flag is the player's until the server's
// MsgDropFlag.
func (g *Game) DropFlag() error {
	if g.state != GamePlaying {
		return seqError("DropFlag", g.state.String())
	}
	if g.me.Flag == NullFlag {
		return nil
	}
	g.drop.Position = g.me.Position
	return g.send(&g.drop)
}

// CaptureFlag reports that the player brought a team flag into team's
// base (MsgCaptureFlag).
func (g *Game) CaptureFlag(team TeamColor) error {
	if g.state != GamePlaying {
		return seqError("CaptureFlag", g.state.String())
	}
	g.capture.Team = team
	return g.send(&g.capture)
}

// Teleport reports that the player went through teleporter face from and
// came out of face to (MsgTeleport).
func (g *Game) Teleport(from, to uint16, now time.Time) error {
	if g.state != GamePlaying {
		return seqError("Teleport", g.state.String())
	}
	g.now = now
	g.tele = TeleportFromClient{From: from, To: to}
	if err := g.send(&g.tele); err != nil {
		return err
	}
	g.me.Teleported, g.me.TeleportFrom, g.me.TeleportTo = now, from, to
	return nil
}

// Chat sends text (cut to MessageLen-1 bytes) in MsgMessage: to player
// to, or, with the zero id, to team, or to everyone with RogueTeam
// (errata M33).
func (g *Game) Chat(to PlayerID, team TeamColor, text string) error {
	if g.state != GamePlaying {
		return seqError("Chat", g.state.String())
	}
	g.chat = MessageFromClient{To: to, Team: team}
	copy(g.chat.Text[:MessageLen-1], text)
	return g.send(&g.chat)
}

// Leave leaves the game: it sends MsgExit, as the 1.7 client does when it
// leaves a game it joined (before the join it sends nothing), and
// reports EventLeft; the Game is Done once the frame is out.
func (g *Game) Leave() error {
	switch g.state {
	case GameIdle, GameLeft:
		return seqError("Leave", g.state.String())
	case GameRelaying, GamePlaying:
		if err := g.send(&g.exit); err != nil {
			return err
		}
	}
	g.leave(nil)
	return nil
}
