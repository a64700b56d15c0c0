package lwar

// Field describes one field of a message's layout as the spec's tables
// give it. The codecs use the layouts to name the field and byte offset of
// a short input; `gamewire spec -proto lwar` prints them.
type Field struct {
	Name   string // the spec's field name, such as "playerId"
	Type   string // the spec's type, such as "uint32(Id)" or "uint8[len]"
	Offset int    // byte offset from the start of the message (header included), or of the entry for Entry fields
	Size   int    // size in bytes; 0 when the length is read off the wire
	Entry  bool   // a field of the repeated entry of a counted list
}

// Common fields of the message headers.
var (
	fieldType  = Field{Name: "type", Type: "uint8", Offset: 0, Size: 1}
	fieldSeqno = Field{Name: "seqno", Type: "uint32", Offset: 1, Size: 4}
	fieldNum   = Field{Name: "num", Type: "uint8", Offset: 1, Size: 1}
)

// reliableFields returns the reliable message header followed by fields.
func reliableFields(fields ...Field) []Field {
	return append([]Field{fieldType, fieldSeqno}, fields...)
}

// unreliableFields returns the unreliable message header followed by fields.
func unreliableFields(fields ...Field) []Field {
	return append([]Field{fieldType}, fields...)
}

// listFields returns the header and count of a counted list followed by
// the entry's fields (offsets relative to the entry).
func listFields(entry ...Field) []Field {
	f := []Field{fieldType, fieldNum}
	for _, e := range entry {
		e.Entry = true
		f = append(f, e)
	}
	return f
}

// stringFields returns the "len" and data fields of a length-prefixed
// string whose length byte is at off.
func stringFields(off int, name string) []Field {
	return []Field{
		{Name: "len", Type: "uint8", Offset: off, Size: 1},
		{Name: name, Type: "uint8[len]", Offset: off + 1},
	}
}

// fixedSize returns the size of the fixed part of a layout: up to the
// first variable field, entries excluded.
func fixedSize(fields []Field) int {
	n := 0
	for _, f := range fields {
		if f.Entry || f.Size == 0 {
			break
		}
		n = f.Offset + f.Size
	}
	return n
}

// entrySize returns the size of one entry of a counted list.
func entrySize(fields []Field) int {
	n := 0
	for _, f := range fields {
		if f.Entry {
			n = f.Offset + f.Size
		}
	}
	return n
}
