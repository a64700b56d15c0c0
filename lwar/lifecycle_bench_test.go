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
	in           Input
	chat         Chat
	events, msgs int
}

func newLifecycleLoop(tb testing.TB) *lifecycleLoop {
	l := &lifecycleLoop{
		addr: netip.MustParseAddrPort("127.0.0.1:4000"),
		now:  t0,
		cbuf: make([]byte, 0, MaxPacketSize),
		sbuf: make([]byte, 0, MaxPacketSize),
		chat: Chat{Msg: []byte("steady")},
	}
	l.srv = NewServer(ServerConfig{Handler: func(*ServerEvent) { l.events++ }})
	var err error
	l.cl, err = NewClient([]byte("alice"), ChannelConfig{}, t0, func(Message) { l.msgs++ })
	if err != nil {
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
		l.in.PlayerID = l.cl.Player()
		l.in.FrameNo++
		l.in.Forward = PushInput(l.in.Forward, l.in.FrameNo%2 == 0)
		if err := l.cl.Channel().QueueUnreliable(&l.in); err != nil {
			panic(err)
		}
		l.chat.PlayerID = l.cl.Player()
		if _, err := l.cl.Channel().QueueReliable(&l.chat); err != nil {
			panic(err)
		}
	}
	if pkt, ok := l.cl.AppendPacket(l.cbuf[:0], l.now); ok {
		if err := l.srv.Receive(l.addr, pkt, l.now); err != nil {
			panic(err)
		}
	}
	for {
		_, pkt, ok := l.srv.AppendPacket(l.sbuf[:0], l.now)
		if !ok {
			break
		}
		if err := l.cl.Receive(pkt, l.now); err != nil {
			panic(err)
		}
	}
}

func TestLifecycleSteadyStateAllocs(t *testing.T) {
	l := newLifecycleLoop(t)
	if allocs := testing.AllocsPerRun(500, l.round); allocs != 0 {
		t.Errorf("a client/server round with Input and Chat allocates %v times", allocs)
	}
	// 501 rounds (AllocsPerRun warms up once): an Input and a Chat event
	// each at the server, the forwarded Chat at the client.
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
