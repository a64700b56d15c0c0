package bzflag_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
)

// testWorld is a small world: style, one wall, one box, a teleporter and
// its two links.
func testWorld(t testing.TB) []byte {
	t.Helper()
	w := &world.World{
		Style:       world.Style{GameStyle: 1, MaxPlayers: 20, MaxShots: 1, MaxFlags: 10, ShakeTimeout: 50, ShakeWins: 2},
		Walls:       []world.Wall{{Center: [3]float32{400, 0, 0}, Width: 400, Height: 6.15}},
		Boxes:       []world.Box{{Center: [3]float32{10, 20, 0}, Angle: 0.5, Width: 30, Depth: 30, Height: 9.42}},
		Teleporters: []world.Teleporter{{Center: [3]float32{-50, 50, 0}, Width: 0.56, Depth: 4.48, Height: 9.1, Border: 1.12}},
		Links:       []world.Link{{From: 0, To: 1}, {From: 1, To: 0}},
	}
	w.SetOrder()
	db, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

var (
	myID    = bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: 5156, Number: 0}
	otherID = bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: 4000, Number: 1}
	realID  = bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: 40123, Number: 3}
)

func testEnter() bzflag.Enter {
	return bzflag.Enter{ID: myID, Type: bzflag.TankPlayer, Team: bzflag.RedTeam,
		CallSign: bzflag.NewCallSign("tester"), Email: bzflag.NewEmail("tester@localhost")}
}

// script is a fake server: it answers MsgGetWorld from a WorldServer and
// MsgEnter with the messages of onEnter (in order), and records what the
// client sent.
type script struct {
	worlds  *bzflag.WorldServer
	onEnter [][]bzflag.Message // one list per MsgEnter received
	sent    []bzflag.Code
}

func (s *script) serve(m bzflag.Message) []bzflag.Message {
	s.sent = append(s.sent, bzflag.CodeOf(m))
	switch m := m.(type) {
	case *bzflag.GetWorldRequest:
		return []bzflag.Message{reply(s.worlds, m)}
	case *bzflag.Enter:
		if len(s.onEnter) == 0 {
			return nil
		}
		r := s.onEnter[0]
		s.onEnter = s.onEnter[1:]
		return r
	}
	return nil
}

// drive runs j against s until nothing is left to send; it returns the
// errors Handle returned, in order.
func drive(t *testing.T, j *bzflag.Client, s *script) []error {
	t.Helper()
	var errs []error
	queue := []bzflag.Message{start(j)}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			t.Fatal("join does not end")
		}
		out := queue[0]
		queue = queue[1:]
		for _, in := range s.serve(out) {
			reply, err := handle(j, in)
			if err != nil {
				errs = append(errs, err)
			}
			if reply != nil {
				queue = append(queue, reply)
			}
		}
		if len(queue) == 0 && j.State() == bzflag.ClientRejected {
			if m := retry(j); m != nil {
				queue = append(queue, m)
			}
		}
	}
	return errs
}

func TestJoinSuccess(t *testing.T) {
	db := testWorld(t)
	for _, chunk := range []int{0, 256, 7} {
		ws, err := bzflag.NewWorldServer(db, chunk)
		if err != nil {
			t.Fatal(err)
		}
		s := &script{worlds: ws, onEnter: [][]bzflag.Message{{
			&bzflag.Accept{},
			&bzflag.TeamUpdate{Team: bzflag.RedTeam, Players: 1},
			&bzflag.FlagUpdate{Index: 0},
			&bzflag.AddPlayer{ID: otherID, Team: bzflag.BlueTeam, CallSign: bzflag.NewCallSign("other")},
			&bzflag.NetworkRelay{},
			&bzflag.AddPlayer{ID: myID, Team: bzflag.RedTeam, HasAssignedID: true, AssignedID: realID},
		}}}
		j := &bzflag.Client{Enter: testEnter()}
		if errs := drive(t, j, s); len(errs) != 0 {
			t.Fatalf("chunk %d: errors %v", chunk, errs)
		}
		if j.State() != bzflag.ClientJoined {
			t.Fatalf("chunk %d: state %v", chunk, j.State())
		}
		if j.ID() != realID {
			t.Errorf("ID = %v, want the assigned %v", j.ID(), realID)
		}
		if string(j.Database()) != string(db) || len(j.World.Teleporters) != 1 || len(j.World.Links) != 2 {
			t.Errorf("world not downloaded: %d bytes, %+v", len(j.Database()), j.World)
		}
		eff := chunk
		if eff == 0 {
			eff = bzflag.MaxWorldChunk
		}
		requests := (len(db) + eff - 1) / eff
		last := s.sent[len(s.sent)-2:]
		if len(s.sent) != requests+2 || last[0] != bzflag.CodeEnter || last[1] != bzflag.CodeIDAck {
			t.Errorf("chunk %d: client sent %v; want %d MsgGetWorld, MsgEnter, MsgIdAck", chunk, s.sent, requests)
		}
	}
}

func TestJoinWithoutAssignedID(t *testing.T) {
	ws, _ := bzflag.NewWorldServer(testWorld(t), 0)
	s := &script{worlds: ws, onEnter: [][]bzflag.Message{{&bzflag.Accept{}, &bzflag.AddPlayer{ID: myID}}}}
	j := &bzflag.Client{Enter: testEnter()}
	if errs := drive(t, j, s); len(errs) != 0 || j.State() != bzflag.ClientJoined || j.ID() != myID {
		t.Fatalf("errors %v, state %v, id %v", errs, j.State(), j.ID())
	}
	if s.sent[len(s.sent)-1] != bzflag.CodeEnter {
		t.Errorf("sent %v: no MsgIdAck expected without an assigned id", s.sent)
	}
}

func TestJoinRejectThenRetry(t *testing.T) {
	ws, _ := bzflag.NewWorldServer(testWorld(t), 0)
	s := &script{worlds: ws, onEnter: [][]bzflag.Message{
		{&bzflag.Reject{Reason: bzflag.RejectTeamFull}},
		{&bzflag.Accept{}, &bzflag.AddPlayer{ID: myID}},
	}}
	j := &bzflag.Client{Enter: testEnter()}
	errs := drive(t, j, s)
	if len(errs) != 0 {
		t.Fatalf("errors %v; want none (a MsgReject is an event)", errs)
	}
	if es := events(j); len(es) != 2 || es[0].Kind != bzflag.EventRejected || es[0].Reason != bzflag.RejectTeamFull ||
		es[1].Kind != bzflag.EventJoined || !j.Done() {
		t.Errorf("events %+v, done %v", es, j.Done())
	}
	if j.RejectReason() != bzflag.RejectTeamFull || j.State() != bzflag.ClientJoined {
		t.Errorf("reason %v, state %v", j.RejectReason(), j.State())
	}
}

func TestJoinSuperKill(t *testing.T) {
	db := testWorld(t)
	for _, at := range []bzflag.ClientState{bzflag.ClientDownloading, bzflag.ClientEntering, bzflag.ClientUpdating, bzflag.ClientJoined} {
		t.Run(at.String(), func(t *testing.T) {
			j := &bzflag.Client{Enter: testEnter()}
			ws, _ := bzflag.NewWorldServer(db, 16)
			m := start(j)
			for j.State() != at {
				var in bzflag.Message
				switch j.State() {
				case bzflag.ClientDownloading:
					in = reply(ws, m.(*bzflag.GetWorldRequest))
				case bzflag.ClientEntering:
					in = &bzflag.Accept{}
				case bzflag.ClientUpdating:
					in = &bzflag.AddPlayer{ID: myID}
				}
				var err error
				if m, err = handle(j, in); err != nil {
					t.Fatal(err)
				}
			}
			events(j)
			if _, err := handle(j, &bzflag.SuperKill{}); err != nil || j.State() != bzflag.ClientKilled || !j.Done() ||
				!slices.Equal(kinds(events(j)), []bzflag.EventKind{bzflag.EventKicked}) {
				t.Errorf("MsgSuperKill while %v: %v, state %v", at, err, j.State())
			}
		})
	}
}

func TestJoinUnexpected(t *testing.T) {
	for _, c := range []struct {
		state bzflag.ClientState
		msg   bzflag.Message
	}{
		{bzflag.ClientDownloading, &bzflag.Accept{}},
		{bzflag.ClientDownloading, &bzflag.AddPlayer{ID: myID}},
		{bzflag.ClientEntering, &bzflag.GetWorldReply{}},
		{bzflag.ClientEntering, &bzflag.AddPlayer{ID: myID}},
		{bzflag.ClientUpdating, &bzflag.Accept{}},
		{bzflag.ClientUpdating, &bzflag.TimeLeft{}},
	} {
		j := &bzflag.Client{Enter: testEnter()}
		ws, _ := bzflag.NewWorldServer(testWorld(t), 0)
		m := start(j)
		if c.state != bzflag.ClientDownloading {
			m, _ = handle(j, reply(ws, m.(*bzflag.GetWorldRequest)))
		}
		if c.state == bzflag.ClientUpdating {
			handle(j, &bzflag.Accept{})
		}
		if j.State() != c.state {
			t.Fatalf("setup: state %v, want %v", j.State(), c.state)
		}
		reply, err := handle(j, c.msg)
		var ue *bzflag.UnexpectedError
		if reply != nil || !errors.As(err, &ue) || !errors.Is(err, bzflag.ErrUnexpected) || ue.Code != bzflag.CodeOf(c.msg) || ue.State != c.state {
			t.Errorf("%v while %v: %v, %v", bzflag.CodeOf(c.msg), c.state, reply, err)
		}
		if j.State() != c.state {
			t.Errorf("%v while %v changed the state to %v", bzflag.CodeOf(c.msg), c.state, j.State())
		}
		_ = m
	}
}

// TestJoinWorldAfterEnd downloads databases with bytes after the end code.
// bzfs 1.7g2 zeroes them, but bzfs 1.7e6 allocates the database without
// zeroing it, so a capture-the-flag world with a base missing comes with
// whatever its heap held: the 1.7 client ignores them, and so must Client.
func TestJoinWorldAfterEnd(t *testing.T) {
	junk := make([]byte, 80) // two bases missing, as from bzfs 1.7e6
	for i := range junk {
		junk[i] = byte(0xa5 ^ i)
	}
	for _, c := range []struct {
		name  string
		after []byte
	}{
		{"nothing", nil},
		{"1.7g2 padding", make([]byte, 40)},
		{"1.7e6 padding", junk},
		{"a world code", []byte{0x62, 0x78, 0, 1}}, // 'bx': not read as a block
	} {
		db := append(testWorld(t), c.after...)
		ws, _ := bzflag.NewWorldServer(db, 16) // several chunks: the bytes after the end come alone
		j := &bzflag.Client{Enter: testEnter()}
		m := start(j)
		if j.Trailing() != nil {
			t.Fatalf("%s: Trailing before the download: %x", c.name, j.Trailing())
		}
		var err error
		for j.State() == bzflag.ClientDownloading {
			if m, err = handle(j, reply(ws, m.(*bzflag.GetWorldRequest))); err != nil {
				t.Fatalf("%s after the end: %v, state %v", c.name, err, j.State())
			}
		}
		if j.State() != bzflag.ClientEntering || bzflag.CodeOf(m) != bzflag.CodeEnter {
			t.Fatalf("%s after the end: %v, state %v", c.name, m, j.State())
		}
		if got := j.Trailing(); string(got) != string(c.after) {
			t.Errorf("%s: Trailing %x, want %x", c.name, got, c.after)
		}
		if string(j.Database()) != string(db) {
			t.Errorf("%s: Database is not the download", c.name)
		}
		var w world.World
		if err := w.UnmarshalBinary(testWorld(t)); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(w, j.World) {
			t.Errorf("%s: World %+v, want %+v", c.name, j.World, w)
		}
		// The join goes on.
		if _, err := handle(j, &bzflag.Accept{}); err != nil {
			t.Fatal(err)
		}
		if _, err := handle(j, &bzflag.AddPlayer{ID: myID}); err != nil || j.State() != bzflag.ClientJoined {
			t.Errorf("%s: join: %v, state %v", c.name, err, j.State())
		}
	}
}

func TestJoinDownloadErrors(t *testing.T) {
	j := &bzflag.Client{Enter: testEnter(), MaxWorld: 100}
	start(j)
	// A database larger than MaxWorld.
	if _, err := handle(j, &bzflag.GetWorldReply{Remaining: 101, Data: make([]byte, 10)}); err == nil {
		t.Error("oversized world accepted")
	}
	start(j)
	if _, err := handle(j, &bzflag.GetWorldReply{Remaining: 50, Data: make([]byte, 10)}); err != nil {
		t.Fatal(err)
	}
	// `remaining' that contradicts the first reply.
	if _, err := handle(j, &bzflag.GetWorldReply{Remaining: 50, Data: make([]byte, 10)}); err == nil {
		t.Error("inconsistent remaining accepted")
	}
	if j.State() != bzflag.ClientDownloading {
		t.Errorf("state %v", j.State())
	}
}
