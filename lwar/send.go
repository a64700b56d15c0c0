package lwar

import (
	"errors"

	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// ErrSequence is the sentinel a *session.SequenceError wraps when a
// session's state does not allow a message or a call: a Chat before the
// server accepted the client, a second Connect, a Synced while not
// syncing, a Join the application tries to send itself.
var ErrSequence = errors.New("lwar: out of sequence")

// ErrWrongPlayer is what a Server's Handle returns (in a *wire.Error
// naming the message and its playerId field) for a client's message in
// another player's name: the original server drops it and counts it as
// misbehaviour (docs/errata/lwar.md, C12).
var ErrWrongPlayer = errors.New("lwar: message in another player's name")

// sequenceError returns the error of what, which the state does not allow.
func sequenceError(what, state string) error {
	return &session.SequenceError{Protocol: "lwar", What: what, State: state, Err: ErrSequence}
}

// wrongPlayer returns the error of m, which names another player than its
// sender's.
func wrongPlayer(m Message) error {
	f := m.Form()
	e := &wire.Error{Protocol: "lwar", Message: f.Name, Field: "playerId", Err: ErrWrongPlayer}
	if fl := f.Field("playerId"); fl != nil {
		e.Offset = fl.Offset
	}
	return e
}

// setSeqno gives a reliable message the sequence number seq, the one the
// channel will give it, so that its Validate (which refuses 0) checks it
// as it will travel. Other messages are left as they are.
func setSeqno(m Message, seq uint32) {
	switch m := m.(type) {
	case *Connect:
		m.Seqno = seq
	case *Disconnect:
		m.Seqno = seq
	case *Join:
		m.Seqno = seq
	case *Leave:
		m.Seqno = seq
	case *Chat:
		m.Seqno = seq
	case *Add:
		m.Seqno = seq
	case *Remove:
		m.Seqno = seq
	case *Selection:
		m.Seqno = seq
	case *Name:
		m.Seqno = seq
	case *Synced:
		m.Seqno = seq
	}
}

// queueChecked is the one way a session's message leaves: it checks m
// with wire.CheckSend (not nil, an lwar message, of direction from, and,
// unless lax, valid with the sequence number the channel gives it), then
// queues it on ch, reliable or not as its type says. A reliable message's
// Seqno is set to that number.
func queueChecked(ch *Channel, m Message, from wire.Direction, lax bool) error {
	if err := wire.CheckSend(table, m, from, true); err != nil {
		return err
	}
	reliable := TypeOf(m).Reliable()
	if reliable {
		setSeqno(m, ch.lastSeq+1)
	}
	if !lax {
		if err := m.Validate(); err != nil {
			return err
		}
	}
	if reliable {
		_, err := ch.QueueReliable(m)
		return err
	}
	return ch.QueueUnreliable(m)
}

// isOversizeFlag reports whether err is the flag of wire.Checked for a
// packet over MaxPacketSize that was taken: not a refusal.
func isOversizeFlag(err error) bool { return err == error(&headerErrors.tooLong) }
