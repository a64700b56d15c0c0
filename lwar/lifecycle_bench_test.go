package lwar

import (
	"net/netip"
	"testing"
	"time"
)

// lifecycleLoop is one client connected to one server in memory. Each
// round the client sends an Input and a Chat, the server takes them
// (reporting both, forwarding the Chat) and answers. The allocation test
// and the benchmark share it.
type lifecycleLoop struct {
	srv          *Server
	cl           *Client
	addr         netip.AddrPort
	now          time.Time
	cbuf, sbuf   []byte
	frame        uint32
	events, msgs int
}

func newLifecycleLoop(tb testing.TB) *lifecycleLoop {
	l := &lifecycleLoop{
		addr: netip.MustParseAddrPort("127.0.0.1:4000"),
		now:  t0,
		cbuf: make([]byte, 0, MaxPacketSize),
		sbuf: make([]byte, 0, MaxPacketSize),
	}
	l.srv = NewServer(ServerConfig{})
	l.cl = NewClient(ClientConfig{})
	if err := l.cl.Join(t0, []byte("alice")); err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		l.round()
	}
	if l.cl.State() != ClientConnected {
		tb.Fatalf("state %v", l.cl.State())
	}
	l.events, l.msgs = 0, 0
	return l
}

func (l *lifecycleLoop) round() {
	l.now = l.now.Add(33 * time.Millisecond)
	if l.cl.State() == ClientConnected {
		l.frame++
		if err := l.cl.Move(Controls{Forward: l.frame%2 == 0}); err != nil {
			panic(err)
		}
		if err := l.cl.Chat(steady); err != nil {
			panic(err)
		}
	}
	l.cl.Tick(l.now)
	for {
		_, pkt, ok := l.cl.Transmit(l.now, l.cbuf[:0])
		if !ok {
			break
		}
		if err := l.srv.Handle(l.now, l.addr, pkt); err != nil {
			panic(err)
		}
	}
	l.srv.Tick(l.now)
	for {
		_, pkt, ok := l.srv.Transmit(l.now, l.sbuf[:0])
		if !ok {
			break
		}
		if err := l.cl.Handle(l.now, netip.AddrPort{}, pkt); err != nil {
			panic(err)
		}
	}
	for _, ok := l.srv.Event(); ok; _, ok = l.srv.Event() {
		l.events++
	}
	for e, ok := l.cl.Event(); ok; e, ok = l.cl.Event() {
		if e.Kind == EventChat {
			l.msgs++
		}
	}
}

var steady = []byte("steady")

func TestLifecycleSteadyStateAllocs(t *testing.T) {
	l := newLifecycleLoop(t)
	if allocs := testing.AllocsPerRun(500, l.round); allocs != 0 {
		t.Errorf("a client/server round with Input and Chat allocates %v times", allocs)
	}
	// 501 rounds (AllocsPerRun warms up once): an Input and a Chat event
	// each at the server, the forwarded Chat at the client (the one
	// event of the kind each round).
	if l.events != 2*501 || l.msgs != 501 {
		t.Errorf("%d server events, %d client messages in 501 rounds", l.events, l.msgs)
	}
	if l.cl.Channel().Unacked() > 2 {
		t.Errorf("%d chats unacknowledged", l.cl.Channel().Unacked())
	}
}

// BenchmarkLifecycleRound measures one client/server round: the client
// sends an Input and a Chat, the server reports both and forwards the
// Chat, the client takes it, acks flow both ways.
func BenchmarkLifecycleRound(b *testing.B) {
	l := newLifecycleLoop(b)
	b.ReportAllocs()
	for b.Loop() {
		l.round()
	}
}
