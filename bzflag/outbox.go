package bzflag

import (
	"net/netip"

	"github.com/gamewire/gamewire/wire"
)

// outbox is the queue of units a session has to send, each encoded when
// it was queued (so the message it came from may be reused at once) and
// addressed to a peer. It reuses its memory: in steady state it
// allocates nothing.
type outbox struct {
	to      []netip.AddrPort
	units   [][]byte
	n, head int
}

// next returns the buffer of a new unit for to, to append to and give
// back with commit.
func (o *outbox) next() []byte {
	if o.n == len(o.units) {
		o.units = append(o.units, nil)
		o.to = append(o.to, netip.AddrPort{})
	}
	return o.units[o.n][:0]
}

// commit queues b, the buffer next returned, to to.
func (o *outbox) commit(to netip.AddrPort, b []byte) {
	o.units[o.n], o.to[o.n] = b, to
	o.n++
}

// push encodes m as a frame and queues it to to.
func (o *outbox) push(to netip.AddrPort, m wire.Message) error {
	b, err := m.AppendBinary(o.next())
	if err != nil {
		return err
	}
	o.commit(to, b)
	return nil
}

func (o *outbox) len() int { return o.n - o.head }

// transmit appends the oldest unit to buf and returns it with its peer.
func (o *outbox) transmit(buf []byte) (netip.AddrPort, []byte, bool) {
	if o.head == o.n {
		o.head, o.n = 0, 0
		return netip.AddrPort{}, nil, false
	}
	to, u := o.to[o.head], o.units[o.head]
	o.head++
	return to, append(buf, u...), true
}

// clear drops every unit.
func (o *outbox) clear() { o.head, o.n = 0, 0 }
