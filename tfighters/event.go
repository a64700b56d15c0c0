package tfighters

import (
	"strconv"

	"github.com/gamewire/gamewire/session"
)

// EventKind says what happened in a session (Event.Kind).
type EventKind uint8

// The kinds of events. A Client reports every one but EventLeft's server
// side; a Server reports EventJoined, EventNick, EventSpawned, EventShot,
// EventChat and EventLeft of its players.
const (
	// EventJoined: a nick was accepted for the first time (SMSG_NICKREPLY
	// "Ok"; the lag checks start). ID is the player's, Text its nick: on a
	// Client, our own.
	EventJoined EventKind = iota + 1
	// EventNickRejected: the server refused the nick we asked for; Text is
	// its reason ("Nick already in use"). Ask again with SetNick.
	EventNickRejected
	// EventSpawnReady: the server accepts our CMSG_SPAWN (Client.Spawn).
	EventSpawnReady
	// EventPlayerJoined: another player is in the game (SMSG_NEWUSER: one
	// that joins, or one already there when we join); ID and Text, its
	// nick.
	EventPlayerJoined
	// EventNick: player ID is now called Text (SMSG_NICK; on a Server, a
	// registered player's accepted CMSG_NICK).
	EventNick
	// EventSpawned: player ID (ours too) spawned at X, Y.
	EventSpawned
	// EventShot: player ID fired bullet Bullet from X, Y towards Deg. The
	// original server tells everyone but the shooter (erratum 28).
	EventShot
	// EventHit: player ID was hit by Bullet (SMSG_HIT; Power is the power
	// before the hit, erratum 13).
	EventHit
	// EventKilled: player ID was killed by player By (SMSG_KILL).
	EventKilled
	// EventChat: player ID said Text (SMSG_SAY; on a Server, a CMSG_SAY
	// it relayed).
	EventChat
	// EventPlayerLeft: player ID left the game; Text is why (SMSG_KICK or
	// SMSG_QUIT: "Read error" for a closed connection, erratum 12). A
	// Server reports it for a player it had reported EventJoined for.
	EventPlayerLeft
	// EventKicked: the server closed our session (SMSG_KICK or SMSG_QUIT
	// with our id); Text is its reason. The Client is then Done.
	EventKicked
)

var eventNames = []string{
	"none", "joined", "nick-rejected", "spawn-ready", "player-joined", "nick", "spawned", "shot", "hit",
	"killed", "chat", "player-left", "kicked",
}

// String returns the kind's name, such as "player-joined".
func (k EventKind) String() string { return session.NameOr(eventNames, k, "invalid") }

// Event is what happened in a session, read from it with Event. Kind says
// which fields it fills.
type Event struct {
	Kind   EventKind
	ID     uint32 // the player the event is about
	Text   string // a nick, a chat line or a reason
	By     uint32 // EventKilled: the killer
	Bullet uint32 // EventShot, EventHit: the bullet
	Power  uint8  // EventHit: the victim's power
	X, Y   Dbl    // EventSpawned, EventShot: the position
	Deg    Dbl    // EventShot: the heading
}

// String returns the event in one line, such as "chat 5 hello".
func (e Event) String() string {
	s := e.Kind.String()
	switch e.Kind {
	case EventNickRejected, EventSpawnReady, EventKicked:
	default:
		s += " " + strconv.FormatUint(uint64(e.ID), 10)
	}
	switch e.Kind {
	case EventKilled:
		s += " by " + strconv.FormatUint(uint64(e.By), 10)
	case EventShot:
		s += " bullet " + strconv.FormatUint(uint64(e.Bullet), 10) + " at (" + e.X.String() + ", " + e.Y.String() + ") heading " + e.Deg.String()
	case EventHit:
		s += " by bullet " + strconv.FormatUint(uint64(e.Bullet), 10) + " power " + strconv.Itoa(int(e.Power))
	case EventSpawned:
		s += " at (" + e.X.String() + ", " + e.Y.String() + ")"
	}
	if e.Text != "" {
		s += " " + strconv.Quote(e.Text)
	}
	return s
}

// maxEvents is how many events a session keeps unread: past it, the
// oldest is dropped, so that a game that never reads them does not grow
// without bound.
const maxEvents = 1024

// events is a session's queue of unread events.
type events struct{ q session.Queue[Event] }

func (e *events) push(ev Event) {
	if e.q.Len() >= maxEvents {
		e.q.Next()
	}
	e.q.Push(ev)
}

// pop returns the oldest event, and false when there is none.
func (e *events) pop() (Event, bool) {
	if e.q.Len() == 0 {
		return Event{}, false
	}
	return e.q.Next(), true
}
