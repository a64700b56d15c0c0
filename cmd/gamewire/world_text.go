package main

import (
	"strconv"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/bzflag/world"
	"github.com/gamewire/gamewire/wire/codec"
)

// bzflagWorld returns, for one decode run, a function that follows the
// world download in the server's MsgGetWorld replies and, once the whole
// database is in, returns it as its objects: a "World" line with the style
// and the counts, then one line per object in database order ("  Box
// center=[...] angle=... width=... depth=... height=..."). Text output
// only: the JSON lines stay one per message, so that encode gives the
// bytes back.
func bzflagWorld() func(unit []byte, from string) [][]byte {
	var a world.Assembler
	var reply bzflag.GetWorldReply
	failed := false
	return func(unit []byte, from string) [][]byte {
		if from != "server" || failed || len(unit) < bzflag.HeaderLen || codec.BigEndian.U16(unit[2:]) != 0x6777 {
			return nil
		}
		if reply.UnmarshalBinary(unit) != nil {
			return nil
		}
		if a.Done() {
			a.Reset() // a second download
		}
		if a.Feed(a.Offset(), reply.Remaining, reply.Data) != nil {
			failed = true
			return [][]byte{[]byte(`{"msg":"World","error":"the replies do not assemble into one database"}`)}
		}
		if !a.Done() {
			return nil
		}
		var w world.World
		if _, err := w.Decode(a.Database()); err != nil {
			return [][]byte{append([]byte(`{"msg":"World","error":`), strconv.Quote(err.Error())+"}"...)}
		}
		return worldLines(&w, len(a.Database()))
	}
}

// worldLines returns the World line (JSON, for the text printer) and one
// text line per object, written directly.
func worldLines(w *world.World, size int) [][]byte {
	head := []byte(`{"msg":"World","bytes":`)
	head = strconv.AppendInt(head, int64(size), 10)
	for _, c := range []struct {
		key string
		n   int
	}{{"bases", len(w.Bases)}, {"walls", len(w.Walls)}, {"boxes", len(w.Boxes)}, {"pyramids", len(w.Pyramids)},
		{"teleporters", len(w.Teleporters)}, {"links", len(w.Links)}} {
		head = append(head, `,"`+c.key+`":`...)
		head = strconv.AppendInt(head, int64(c.n), 10)
	}
	style, err := marshalExact(&w.Style)
	if err == nil {
		head = append(append(head, `,"style":`...), style...)
	}
	lines := [][]byte{append(head, '}')}
	var k [6]int
	b := make([]byte, 0, 100*len(w.Order))
	for i, code := range w.Order {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, "  "...)
		switch code {
		case world.CodeBase:
			m := &w.Bases[k[0]]
			k[0]++
			b = append(b, "Base code=ba(0x6261) teamId="...)
			b = strconv.AppendUint(b, uint64(m.Team), 10)
			b = appendVec(b, " center=", m.Center[:])
			b = appendF32(b, " angle=", m.Angle)
			b = appendVec(b, " size=", m.Extent[:])
			b = appendVec(b, " safety=", m.Safety[:])
		case world.CodeWall:
			m := &w.Walls[k[1]]
			k[1]++
			b = append(b, "Wall code=wl(0x776c)"...)
			b = appendVec(b, " center=", m.Center[:])
			b = appendF32(b, " angle=", m.Angle)
			b = appendF32(b, " width=", m.Width)
			b = appendF32(b, " height=", m.Height)
		case world.CodeBox:
			m := &w.Boxes[k[2]]
			k[2]++
			b = appendSolid(append(b, "Box code=bx(0x6278)"...), m.Center, m.Angle, m.Width, m.Depth, m.Height)
		case world.CodePyramid:
			m := &w.Pyramids[k[3]]
			k[3]++
			b = appendSolid(append(b, "Pyramid code=py(0x7079)"...), m.Center, m.Angle, m.Width, m.Depth, m.Height)
		case world.CodeTeleporter:
			m := &w.Teleporters[k[4]]
			k[4]++
			b = appendSolid(append(b, "Teleporter code=te(0x7465)"...), m.Center, m.Angle, m.Width, m.Depth, m.Height)
			b = appendF32(b, " border=", m.Border)
		case world.CodeLink:
			m := &w.Links[k[5]]
			k[5]++
			b = append(b, "Link code=ln(0x6c6e) from="...)
			b = strconv.AppendUint(b, uint64(m.From), 10)
			b = append(b, " to="...)
			b = strconv.AppendUint(b, uint64(m.To), 10)
		default:
			b = append(b, "Unknown"...)
		}
	}
	return append(lines, b) // the objects, one line each, in one chunk
}

func appendSolid(b []byte, center [3]float32, angle, width, depth, height float32) []byte {
	b = appendVec(b, " center=", center[:])
	b = appendF32(b, " angle=", angle)
	b = appendF32(b, " width=", width)
	b = appendF32(b, " depth=", depth)
	return appendF32(b, " height=", height)
}

func appendF32(b []byte, key string, f float32) []byte {
	return strconv.AppendFloat(append(b, key...), float64(f), 'g', -1, 32)
}

func appendVec(b []byte, key string, v []float32) []byte {
	b = append(b, key...)
	b = append(b, '[')
	for i, f := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, float64(f), 'g', -1, 32)
	}
	return append(b, ']')
}
