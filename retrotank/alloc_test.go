package retrotank_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// sampleDatagrams returns one encoded message of every form of the game
// port, each as large as its kind gets, and the direction it travels in.
func sampleDatagrams(t testing.TB) (out [][]byte, from []wire.Direction) {
	a := retrotank.Area{X: 1, Y: 2, Width: 3, Height: 4}
	ms := []retrotank.Message{
		&retrotank.Ack{Client: 1, IDs: make([]retrotank.MessageID, retrotank.MaxAcks)},
		&retrotank.ConnReq{Bcast: 1, RandID: 7},
		&retrotank.ConnDeny{RandID: 7},
		&retrotank.ConnAccept{ID: 1, Client: 2, RandID: 7},
		&retrotank.ConnDisconn{ID: 2, Client: 2},
		&retrotank.Option{ID: 3, TotalMsgs: 3},
		&retrotank.Obstacle{ID: 4, TotalMsgs: 3, Index: 1, Total: 62, Obstacles: areas(62, a)},
		&retrotank.Spawn{ID: 5, TotalMsgs: 3, Index: 2, RedTotal: 31, BlueTotal: 31, Sets: []retrotank.AreaSet{{Areas: areas(31, a)}, {Team: retrotank.TeamBlue, Areas: areas(31, a)}}},
		&retrotank.Goal{ID: 6, TotalMsgs: 3, Index: 2, RedTotal: 1, Sets: []retrotank.AreaSet{{Areas: areas(1, a)}}},
		&retrotank.GameStart{ID: 7, StartTime: 1000},
		&retrotank.GameOver{ID: 8, Winner: retrotank.TeamNone},
		&retrotank.Score{ID: 9, Scores: make([]retrotank.PlayerScore, retrotank.MaxScores)},
		&retrotank.PlayerUpdate{ID: 10, Flags: retrotank.UpdateTank, Data: make([]byte, 502)},
		&retrotank.PlayerSpawn{ID: 11, Player: 2},
	}
	for _, m := range ms {
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
		d := m.Form().From
		if d == wire.Both {
			d = wire.FromServer
		}
		from = append(from, d)
	}
	return out, from
}

// TestDecoderAllocs: the zero-allocation decoder decodes and re-encodes
// every message, and fails on any random input, without allocating.
func TestDecoderAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	dgs, from := sampleDatagrams(t)
	d := retrotank.NewDecoder()
	buf := make([]byte, 0, 600)
	for i, b := range dgs {
		d.Decode(b, from[i]) // first use creates the form's value
		allocs := testing.AllocsPerRun(100, func() {
			m, _, err := d.Decode(b, from[i])
			if err != nil {
				t.Fatal(err)
			}
			buf, _ = m.AppendBinary(buf[:0])
		})
		if allocs != 0 {
			t.Errorf("%x...: %v allocations", b[:3], allocs)
		}
	}
	// malformed input: count exactly over many thousands of datagrams
	rng := rand.New(rand.NewPCG(1, 1))
	junk := make([][]byte, 5000)
	for i := range junk {
		b := append([]byte(nil), dgs[rng.IntN(len(dgs))]...)
		switch rng.IntN(3) {
		case 0:
			b = b[:rng.IntN(len(b))]
		case 1:
			b = append(b, byte(rng.Uint32()))
		default:
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
		}
		junk[i] = b
	}
	pass := func() {
		for i, b := range junk {
			d.Decode(b, wire.Direction(1+i%2))
		}
	}
	if n := codectest.ExactAllocs(pass); n != 0 { // warms up once, then counts exactly
		t.Errorf("%v allocations over %d malformed datagrams", n, len(junk))
	}
}

// TestAckerSteadyStateAllocs: queueing, sending, acknowledging and
// receiving allocate nothing once the window slots are warm.
func TestAckerSteadyStateAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	a := retrotank.NewAcker(retrotank.AckConfig{Window: 64})
	b := retrotank.NewAcker(retrotank.AckConfig{Window: 64})
	now := time.Unix(0, 0)
	m := &retrotank.PlayerUpdate{Flags: retrotank.UpdateTank, Data: make([]byte, 40)}
	da, db := retrotank.NewDecoder(), retrotank.NewDecoder()
	buf := make([]byte, 0, 600)
	round := func() {
		for i := 0; i < 8; i++ {
			if _, err := a.Queue(m, now); err != nil {
				t.Fatal(err)
			}
		}
		relay(a, b, db, wire.FromServer, now, buf)
		relay(b, a, da, wire.FromClient, now, buf)
		now = now.Add(time.Millisecond)
	}
	for i := 0; i < 20; i++ {
		round()
	}
	if n := testing.AllocsPerRun(200, round); n != 0 {
		t.Errorf("%v allocations per round", n)
	}
	if a.InFlight() != 0 {
		t.Errorf("%d in flight", a.InFlight())
	}
}

// relay hands every datagram from has due at now, decoded by d as sent in
// direction dir, to to; it allocates nothing itself.
func relay(from, to *retrotank.Acker, d *wire.Decoder, dir wire.Direction, now time.Time, buf []byte) {
	for {
		out, ok, _ := from.Next(now, buf[:0])
		if !ok {
			return
		}
		msg, _, _ := d.Decode(out, dir)
		to.Receive(msg, now)
	}
}
