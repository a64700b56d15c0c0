package retrotank_test

import (
	"encoding/binary"
	"testing"

	"github.com/gamewire/gamewire/retrotank"
)

// Hand-written straight-line codecs of three messages, to measure the
// generated ones against (issue 10's target: within 1.3x). They are
// benchmarks' baselines only, checked to agree with the package.

func handDecodeScore(m *retrotank.Score, b []byte) bool {
	if len(b) < 8 || b[0] != byte(retrotank.MsgTypeScore) {
		return false
	}
	n := int(b[3])
	if len(b) < 8+4*n {
		return false
	}
	m.ID = retrotank.MessageID(binary.BigEndian.Uint16(b[1:]))
	m.RedScore = binary.BigEndian.Uint16(b[4:])
	m.BlueScore = binary.BigEndian.Uint16(b[6:])
	if cap(m.Scores) < n {
		m.Scores = make([]retrotank.PlayerScore, n)
	}
	m.Scores = m.Scores[:n]
	for i := range m.Scores {
		p := b[8+4*i:]
		m.Scores[i] = retrotank.PlayerScore{Killer: retrotank.PlayerID(p[0]), Killed: retrotank.PlayerID(p[1]), Score: int16(binary.BigEndian.Uint16(p[2:]))}
	}
	return true
}

func handAppendScore(b []byte, m *retrotank.Score) []byte {
	b = append(b, byte(retrotank.MsgTypeScore))
	b = binary.BigEndian.AppendUint16(b, uint16(m.ID))
	b = append(b, byte(len(m.Scores)))
	b = binary.BigEndian.AppendUint16(b, m.RedScore)
	b = binary.BigEndian.AppendUint16(b, m.BlueScore)
	for _, s := range m.Scores {
		b = append(b, byte(s.Killer), byte(s.Killed))
		b = binary.BigEndian.AppendUint16(b, uint16(s.Score))
	}
	return b
}

func handDecodeUpdate(m *retrotank.PlayerUpdate, b []byte) bool {
	if len(b) < 10 || b[0] != byte(retrotank.MsgTypePlayerUpdate) {
		return false
	}
	m.ID = retrotank.MessageID(binary.BigEndian.Uint16(b[1:]))
	m.UpdateTime = binary.BigEndian.Uint32(b[3:])
	m.FirstPlayer = retrotank.PlayerID(b[7])
	m.Flags = retrotank.UpdateFlags(binary.BigEndian.Uint16(b[8:]))
	m.Data = append(m.Data[:0], b[10:]...)
	return true
}

func handAppendUpdate(b []byte, m *retrotank.PlayerUpdate) []byte {
	b = append(b, byte(retrotank.MsgTypePlayerUpdate))
	b = binary.BigEndian.AppendUint16(b, uint16(m.ID))
	b = binary.BigEndian.AppendUint32(b, m.UpdateTime)
	b = append(b, byte(m.FirstPlayer))
	b = binary.BigEndian.AppendUint16(b, uint16(m.Flags))
	return append(b, m.Data...)
}

func handDecodeStart(m *retrotank.GameStart, b []byte) bool {
	if len(b) < 7 || b[0] != byte(retrotank.MsgTypeGameStart) {
		return false
	}
	m.ID = retrotank.MessageID(binary.BigEndian.Uint16(b[1:]))
	m.StartTime = binary.BigEndian.Uint32(b[3:])
	return true
}

func handAppendStart(b []byte, m *retrotank.GameStart) []byte {
	b = append(b, byte(retrotank.MsgTypeGameStart))
	b = binary.BigEndian.AppendUint16(b, uint16(m.ID))
	return binary.BigEndian.AppendUint32(b, m.StartTime)
}

var (
	cmpScore  = &retrotank.Score{ID: 4, RedScore: 3, BlueScore: 9, Scores: make([]retrotank.PlayerScore, 8)}
	cmpUpdate = &retrotank.PlayerUpdate{ID: 9, UpdateTime: 77, FirstPlayer: 1, Flags: retrotank.UpdateTank, Data: make([]byte, 64)}
	cmpStart  = &retrotank.GameStart{ID: 5, StartTime: 1234}
)

// TestHandBaselinesAgree: the baselines encode and decode as the package.
func TestHandBaselinesAgree(t *testing.T) {
	for _, c := range []struct {
		m    retrotank.Message
		hand []byte
	}{
		{cmpScore, handAppendScore(nil, cmpScore)},
		{cmpUpdate, handAppendUpdate(nil, cmpUpdate)},
		{cmpStart, handAppendStart(nil, cmpStart)},
	} {
		want, _ := c.m.MarshalBinary()
		if string(want) != string(c.hand) {
			t.Errorf("%s: hand %x, package %x", c.m.Form().Name, c.hand, want)
		}
	}
	var s retrotank.Score
	var u retrotank.PlayerUpdate
	var g retrotank.GameStart
	b1, _ := cmpScore.MarshalBinary()
	b2, _ := cmpUpdate.MarshalBinary()
	b3, _ := cmpStart.MarshalBinary()
	if !handDecodeScore(&s, b1) || !handDecodeUpdate(&u, b2) || !handDecodeStart(&g, b3) ||
		len(s.Scores) != 8 || s.BlueScore != 9 || len(u.Data) != 64 || g.StartTime != 1234 {
		t.Error("hand decoders disagree")
	}
}

func BenchmarkVsHand(b *testing.B) {
	score, _ := cmpScore.MarshalBinary()
	update, _ := cmpUpdate.MarshalBinary()
	start, _ := cmpStart.MarshalBinary()
	buf := make([]byte, 0, 600)
	var s retrotank.Score
	var u retrotank.PlayerUpdate
	var g retrotank.GameStart
	run := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				f()
			}
		})
	}
	run("Decode/Score8/gen", func() { s.Decode(score) })
	run("Decode/Score8/hand", func() { handDecodeScore(&s, score) })
	run("Decode/PlayerUpdate64/gen", func() { u.Decode(update) })
	run("Decode/PlayerUpdate64/hand", func() { handDecodeUpdate(&u, update) })
	run("Decode/GameStart/gen", func() { g.Decode(start) })
	run("Decode/GameStart/hand", func() { handDecodeStart(&g, start) })
	run("Append/Score8/gen", func() { buf, _ = cmpScore.AppendBinary(buf[:0]) })
	run("Append/Score8/hand", func() { buf = handAppendScore(buf[:0], cmpScore) })
	run("Append/PlayerUpdate64/gen", func() { buf, _ = cmpUpdate.AppendBinary(buf[:0]) })
	run("Append/PlayerUpdate64/hand", func() { buf = handAppendUpdate(buf[:0], cmpUpdate) })
	run("Append/GameStart/gen", func() { buf, _ = cmpStart.AppendBinary(buf[:0]) })
	run("Append/GameStart/hand", func() { buf = handAppendStart(buf[:0], cmpStart) })
}
