package lwar

import (
	"net/netip"

	"github.com/gamewire/gamewire/session"
)

// EventKind says what an Event reports.
type EventKind uint8

// The events of a Client and of a Server. Each names the fields of Event
// it fills.
const (
	// EventAccepted (client): the server accepted the client, with the
	// Join of sequence number 1: Player is the client's own player, Name
	// its name. The game state follows, up to EventSynced.
	EventAccepted EventKind = iota + 1
	// EventSynced (client): the server's Synced: the game state is
	// complete and the game runs (ClientConnected).
	EventSynced
	// EventFull (client): the server is full; the client is done
	// (ClientFull).
	EventFull
	// EventClosed (client): the connection is over. Cause is
	// LeaveDisconnect after Leave (the server's Leave for the client's
	// player arrived), LeaveRemoved when the server removed the client
	// unasked (a kick), LeaveTimeout when nothing came from the server for
	// DisconnectTimeout.
	EventClosed
	// EventJoined: a player joined. On a client: another player's Join
	// (Player, Name), the server's own player included. On a server: a
	// client was accepted (Player, Name, Addr).
	EventJoined
	// EventLeft: a player left. On a client: a Leave for another player
	// (Player). On a server: a client is gone (Player, Addr, Cause).
	EventLeft
	// EventChat: a Chat (Player, Text). A server reports the Chat of a
	// client, which it forwards to every client, the sender included; a
	// client gets its own Chat back that way.
	EventChat
	// EventName: a player's new name (Player, Name).
	EventName
	// EventSelection: a player's new ship and weapons (Player, Ship,
	// Weapons).
	EventSelection
	// EventAdd (client): an entity was added to the world (Entity,
	// Player, Type); Client.Entities has it.
	EventAdd
	// EventRemove (client): an entity was removed (Entity).
	EventRemove
	// EventCollision (client): two entities collided (Entity and Other)
	// at X, Y.
	EventCollision
	// EventInput (server): a client's Input (Player, Input) with the bits
	// of its state histories that are new since the player's last Input
	// (Mask, see InputMask).
	EventInput
)

var eventKindNames = []string{"0", "accepted", "synced", "full", "closed", "joined", "left", "chat", "name", "selection", "add", "remove", "collision", "input"}

// String returns the kind's name, such as "joined".
func (k EventKind) String() string { return session.Name(eventKindNames, k) }

// Event is what happened in a session, read with its Event method. Only
// the fields its Kind names are set. Name and Text alias the session's
// memory: they are valid until the session's next Handle, Tick or
// action.
type Event struct {
	Kind    EventKind
	Player  ID             // the player the event is about
	Addr    netip.AddrPort // server: the client's address
	Name    []byte         // EventAccepted, EventJoined, EventName
	Text    []byte         // EventChat
	Cause   LeaveCause     // EventClosed, EventLeft (server)
	Entity  ID             // EventAdd, EventRemove, EventCollision
	Other   ID             // EventCollision: the other entity
	Type    uint8          // EventAdd: the entity's type template (EntityTypeShip, ...)
	Ship    uint8          // EventSelection
	Weapons [4]uint8       // EventSelection
	X, Y    int16          // EventCollision: the impact point
	Input   Input          // EventInput: the message
	Mask    uint8          // EventInput: the new bits of its histories
}

// maxEvents bounds the events waiting to be read: past it the oldest is
// dropped, so a session whose events nobody reads does not grow.
const maxEvents = 1024

// events is a session's first-in first-out queue of events. Each slot
// keeps the capacity of its Name and Text, so that in steady state
// pushing allocates nothing.
type events struct {
	buf     []Event
	head, n int
	dropped int
}

// push appends a copy of e, with its Name and Text copied into the
// slot's own storage.
func (q *events) push(e *Event) {
	if q.n == len(q.buf) {
		if len(q.buf) >= maxEvents {
			q.head = (q.head + 1) % len(q.buf)
			q.n--
			q.dropped++
		} else {
			grown := make([]Event, max(8, 2*len(q.buf)))
			for i := 0; i < q.n; i++ {
				grown[i] = q.buf[(q.head+i)%len(q.buf)]
			}
			q.buf, q.head = grown, 0
		}
	}
	slot := &q.buf[(q.head+q.n)%len(q.buf)]
	name, text := slot.Name, slot.Text
	*slot = *e
	slot.Name = append(name[:0], e.Name...)
	slot.Text = append(text[:0], e.Text...)
	q.n++
}

// pop removes and returns the oldest event.
func (q *events) pop() (Event, bool) {
	if q.n == 0 {
		return Event{}, false
	}
	e := q.buf[q.head]
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	return e, true
}
