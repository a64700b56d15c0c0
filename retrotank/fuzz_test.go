package retrotank_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
)

// seed adds one valid datagram of every type of the game port.
func seed(f *testing.F) {
	dgs, _ := sampleDatagrams(f)
	codectest.AddSeeds(f, dgs)
}

// FuzzDecode: no input panics; what decodes, in either direction,
// re-encodes byte for byte to Size() bytes; every decode error is a
// *wire.Error, and Validate names the rule a message breaks.
func FuzzDecode(f *testing.F) {
	seed(f)
	d := codectest.Decoding{Decoder: retrotank.NewDecoder(), Decode: retrotank.Decode,
		From: []wire.Direction{retrotank.FromClient, retrotank.FromServer}}
	f.Fuzz(func(t *testing.T, b []byte) {
		d.Fuzz(t, b)
		for _, from := range []wire.Direction{retrotank.FromClient, retrotank.FromServer} {
			if m, _, err := retrotank.DecodeTime(b, from); err != nil {
				codectest.CheckError(t, err)
			} else {
				codectest.CheckReencode(t, m, b)
			}
		}
	})
}

// FuzzAssembler: any sequence of datagrams (split at 0xff 0xfe) fed to an
// Assembler never panics, and a battlefield it completes survives build
// and assembly again.
func FuzzAssembler(f *testing.F) {
	dgs, _ := sampleDatagrams(f)
	f.Add(bytes.Join(dgs, []byte{0xff, 0xfe}))
	bf := &retrotank.Battlefield{Width: 10, Obstacles: make([]retrotank.Area, 70), Spawns: retrotank.TeamAreas{Red: make([]retrotank.Area, 3)}}
	pages, _ := retrotank.BuildPages(bf)
	var all [][]byte
	for _, p := range pages {
		b, _ := p.MarshalBinary()
		all = append(all, b)
	}
	f.Add(bytes.Join(all, []byte{0xff, 0xfe}))
	f.Fuzz(func(t *testing.T, in []byte) {
		var a retrotank.Assembler
		d := retrotank.NewDecoder()
		for _, b := range bytes.Split(in, []byte{0xff, 0xfe}) {
			m, _, err := d.Decode(b, retrotank.FromServer)
			if err != nil {
				codectest.CheckError(t, err)
				continue
			}
			a.Add(m)
		}
		a.Missing(nil)
		got, err := a.Battlefield()
		if err != nil {
			return
		}
		pages, err := retrotank.BuildPages(got)
		if err != nil {
			t.Fatalf("an assembled battlefield does not build: %v", err)
		}
		var b retrotank.Assembler
		for _, p := range pages {
			if err := b.Add(p); err != nil {
				t.Fatalf("rebuilt page refused: %v", err)
			}
		}
		again, err := b.Battlefield()
		if err != nil || !equalBattlefield(got, again) {
			t.Fatalf("battlefield does not survive build and assembly: %v", err)
		}
	})
}

// FuzzAcker: a script of operations (queue, send, receive a datagram from
// the input, advance the clock) never panics, every datagram the Acker
// sends decodes and passes Validate, and it never has more than its
// window in flight.
func FuzzAcker(f *testing.F) {
	dgs, _ := sampleDatagrams(f)
	f.Add([]byte{0, 1, 2, 3, 0, 0, 1, 3, 3, 3}, dgs[0])
	f.Add([]byte{0, 2, 1, 3}, dgs[12])
	f.Fuzz(func(t *testing.T, script, datagram []byte) {
		const window = 8
		a := retrotank.NewAcker(retrotank.AckConfig{Window: window, Resend: time.Millisecond, Timeout: 50 * time.Millisecond})
		d := retrotank.NewDecoder()
		out := retrotank.NewDecoder()
		now := time.Unix(0, 0)
		for _, op := range script {
			switch op % 4 {
			case 0:
				a.Queue(&retrotank.PlayerUpdate{Data: []byte{op}}, now)
			case 1:
				for i := 0; i < 2*retrotank.MaxAcks; i++ {
					b, ok, err := a.Next(now, nil)
					if err != nil || !ok {
						break
					}
					m, _, err := out.Decode(b, retrotank.FromServer)
					if err != nil {
						t.Fatalf("Acker sent %x: %v", b, err)
					}
					if ack, ok := m.(*retrotank.Ack); ok && ack.Validate() != nil {
						t.Fatalf("Acker sent an invalid ACK %x", b)
					}
				}
			case 2:
				if m, _, err := d.Decode(datagram, wire.Direction(1+op/4%2)); m != nil && err == nil {
					a.Receive(m, now)
				}
				if len(datagram) > 2 {
					datagram[1] += op // another id next time
				}
			case 3:
				now = now.Add(time.Duration(op) * time.Millisecond / 8)
			}
			if a.InFlight() > window {
				t.Fatalf("%d in flight, window %d", a.InFlight(), window)
			}
		}
	})
}
