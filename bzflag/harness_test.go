package bzflag_test

import (
	"bytes"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/session"
	"github.com/gamewire/gamewire/wire"
)

// The in-memory harness: the sessions are driven by hand, with an
// injected clock (t0 and at), frames encoded as the peer sends them
// (feed), and what they transmit decoded back (next, drain).

var t0 = time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)

// at returns the time d after t0.
func at(d time.Duration) time.Time { return t0.Add(d) }

// feed encodes m and hands it to s as a frame from peer at now.
func feedFrom(s session.Session, peer netip.AddrPort, m bzflag.Message, now time.Time) error {
	b, err := m.AppendBinary(nil)
	if err != nil {
		return err
	}
	return s.Handle(now, peer, b)
}

// feed hands s the frame of m from its server at now.
func feed(s session.Session, m bzflag.Message, now time.Time) error {
	return feedFrom(s, netip.AddrPort{}, m, now)
}

// drain returns the units s has to send, with their peers.
func drain(s session.Session) (units [][]byte, to []netip.AddrPort) {
	for {
		p, u, ok := s.Transmit(t0, nil)
		if !ok {
			return units, to
		}
		units, to = append(units, u), append(to, p)
	}
}

// decodeAll decodes the frames of units strictly, in direction from,
// checking that each re-encodes to its bytes.
func decodeAll(t testing.TB, units [][]byte, from bzflag.Direction) []bzflag.Message {
	t.Helper()
	var out []bzflag.Message
	data := bytes.Join(units, nil)
	st := bzflag.NewStream(bytes.NewReader(data), from)
	st.SetPolicy(wire.Strict)
	codectest.CheckCapture(t, "what the session sent", data, st.Next, func(m wire.Message) {
		b, _ := m.MarshalBinary()
		c, _, _ := bzflag.Decode(b, from)
		out = append(out, c)
	})
	return out
}

// sentCodes drains s and returns the codes of the client's frames.
func sentCodes(t testing.TB, s session.Session) []bzflag.Code {
	t.Helper()
	units, _ := drain(s)
	var out []bzflag.Code
	for _, m := range decodeAll(t, units, bzflag.FromClient) {
		out = append(out, bzflag.CodeOf(m))
	}
	return out
}

// next returns the last message s has to send (decoded), or nil; what
// came before it is dropped.
func next(s session.Session) bzflag.Message {
	units, _ := drain(s)
	if len(units) == 0 {
		return nil
	}
	m, _, _ := bzflag.Decode(units[len(units)-1], bzflag.FromClient)
	return m
}

// start starts j and returns its first message.
func start(j *bzflag.Client) bzflag.Message {
	j.Start(t0)
	return next(j)
}

// handle hands j the frame of m and returns its answer, if any.
func handle(j *bzflag.Client, m bzflag.Message) (bzflag.Message, error) {
	err := feed(j, m, t0)
	return next(j), err
}

// retry sends MsgEnter again and returns it, or nil.
func retry(j *bzflag.Client) bzflag.Message {
	if j.Retry() != nil {
		return nil
	}
	return next(j)
}

// reply is the WorldServer's answer to m.
func reply(ws *bzflag.WorldServer, m bzflag.Message) bzflag.Message {
	r, err := ws.Reply(m.(*bzflag.GetWorldRequest))
	if err != nil {
		panic(err)
	}
	return r
}

// events pops every event of a session.
func events(s interface{ Event() (bzflag.Event, bool) }) []bzflag.Event {
	var out []bzflag.Event
	for {
		e, ok := s.Event()
		if !ok {
			return out
		}
		out = append(out, e)
	}
}

// kinds returns the kinds of events.
func kinds(es []bzflag.Event) []bzflag.EventKind {
	var out []bzflag.EventKind
	for _, e := range es {
		out = append(out, e.Kind)
	}
	return out
}
