package tfighters_test

import (
	"encoding/json"
	"sort"
	"testing"
	"time"

	"github.com/gamewire/gamewire/tfighters"
)

// TestLayout checks the layout tables against the codec: the fixed fields
// and a NUL per string add up to the size of the zero message, offsets
// follow each other, and the names are the JSON names of the fields.
func TestLayout(t *testing.T) {
	for _, c := range tfighters.Codes {
		fields := tfighters.Layout(c)
		m := tfighters.New(c)
		off := tfighters.HeaderLen
		size := tfighters.HeaderLen
		var names []string
		for _, f := range fields {
			if f.Offset != off {
				t.Errorf("%s.%s: offset %d, want %d", c, f.Name, f.Offset, off)
			}
			off += f.Size()
			size += f.Size()
			if f.Type == "str" {
				size++
			}
			names = append(names, f.Name)
		}
		if m.Size() != size {
			t.Errorf("%s: layout gives %d bytes, Size() = %d", c, size, m.Size())
		}
		js, _ := json.Marshal(m)
		var obj map[string]any
		json.Unmarshal(js, &obj)
		var keys []string
		for k := range obj {
			if c == tfighters.CodePing && k != "time" {
				continue // wide and timeHigh: the 64-bit form, see the errata
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		sort.Strings(names)
		if len(keys) != len(names) {
			t.Errorf("%s: JSON keys %v, layout %v", c, keys, names)
			continue
		}
		for i := range keys {
			if keys[i] != names[i] {
				t.Errorf("%s: JSON keys %v, layout %v", c, keys, names)
				break
			}
		}
	}
	if tfighters.Layout(0x7abc) != nil {
		t.Error("layout of an undefined code")
	}
}

func TestEnumText(t *testing.T) {
	for v := range 4 {
		ot := tfighters.ObjectType(v)
		b, _ := ot.MarshalText()
		var back tfighters.ObjectType
		if err := back.UnmarshalText(b); err != nil || back != ot {
			t.Errorf("ObjectType %d: %s -> %d, %v", v, b, back, err)
		}
		nr := tfighters.NickResult(v)
		b, _ = nr.MarshalText()
		var nback tfighters.NickResult
		if err := nback.UnmarshalText(b); err != nil || nback != nr {
			t.Errorf("NickResult %d: %s -> %d, %v", v, b, nback, err)
		}
	}
	if s := tfighters.ObjectTypeBullet.String(); s != "T_BULLET" {
		t.Errorf("T_BULLET = %s", s)
	}
	if s := tfighters.ObjectType(9).String(); s != "9" {
		t.Errorf("ObjectType(9) = %s", s)
	}
	var ot tfighters.ObjectType
	var nr tfighters.NickResult
	var c tfighters.Code
	for _, bad := range []string{"", "T_TANK", "256", "-1"} {
		if ot.UnmarshalText([]byte(bad)) == nil || nr.UnmarshalText([]byte(bad)) == nil {
			t.Errorf("enum text %q accepted", bad)
		}
	}
	if c.UnmarshalText([]byte("CMSG_NOPE")) == nil || c.UnmarshalText([]byte("0x10000")) == nil {
		t.Error("bad code text accepted")
	}
	if err := c.UnmarshalText([]byte("0x7abc")); err != nil || c != 0x7abc {
		t.Errorf("0x7abc: %v, %v", c, err)
	}
}

// TestServerInGame checks the periodic work once in the game: a ping every
// LagInterval, the end of invincibility, and the lag average.
func TestServerInGame(t *testing.T) {
	l := newLink(t)
	a := tfighters.NewClient("Alice")
	l.connect(a)
	l.advance(500 * time.Millisecond)
	p := l.clients[a]
	if lag := p.Lag(); lag != 0 {
		t.Errorf("lag %v in memory, want 0", lag)
	}
	l.fromSrv[a].Reset()
	l.advance(2 * time.Second)
	if got := codes(t, l.fromSrv[a].Bytes()); len(got) != 2 || got[0] != "SMSG_PING" || got[1] != "SMSG_LAG" {
		t.Errorf("in-game lag check: %v", got)
	}
	// Bob joins after Alice's invincibility ran out: his user list has no
	// SMSG_INVINCIBLE for her.
	l.advance(3 * time.Second)
	b := tfighters.NewClient("Bob")
	l.connect(b)
	l.advance(20 * time.Millisecond)
	if b.Objects[a.ID] == nil || b.Objects[a.ID].Invincible {
		t.Errorf("Bob sees Alice as %+v", b.Objects[a.ID])
	}
	if !b.Objects[b.ID].Invincible {
		t.Error("Bob is not invincible in his own list")
	}
}
