package codec

import (
	"encoding/binary"
	"math"
)

// Order is a byte order. Its methods read a value from the start of a
// slice (which must be long enough: check the length first) and append a value to a slice.
//
// Call them on the constants (codec.BigEndian.U16(b)): the methods are
// small enough to inline, and the branch on the order then folds away.
type Order uint8

const (
	// BigEndian is network byte order: most significant byte first.
	BigEndian Order = iota
	// LittleEndian is least significant byte first, the order of x86 hosts
	// that write their integers as they are in memory.
	LittleEndian
)

// String returns "big-endian" or "little-endian".
func (o Order) String() string {
	if o == LittleEndian {
		return "little-endian"
	}
	return "big-endian"
}

// U16 reads a uint16 from b[0:2].
func (o Order) U16(b []byte) uint16 {
	if o == LittleEndian {
		return binary.LittleEndian.Uint16(b)
	}
	return binary.BigEndian.Uint16(b)
}

// U32 reads a uint32 from b[0:4].
func (o Order) U32(b []byte) uint32 {
	if o == LittleEndian {
		return binary.LittleEndian.Uint32(b)
	}
	return binary.BigEndian.Uint32(b)
}

// U64 reads a uint64 from b[0:8].
func (o Order) U64(b []byte) uint64 {
	if o == LittleEndian {
		return binary.LittleEndian.Uint64(b)
	}
	return binary.BigEndian.Uint64(b)
}

// Uint reads the unsigned integer that fills b, of 1, 2, 4 or 8 bytes: a
// field of any integer width, as its Field.Size gives it. A b of another
// length is read as U64 reads it (its first 8 bytes; shorter, a panic).
// It inlines, as the methods of one width do.
func (o Order) Uint(b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(o.U16(b))
	case 4:
		return uint64(o.U32(b))
	}
	return o.U64(b)
}

// I16 reads a two's-complement int16 from b[0:2].
func (o Order) I16(b []byte) int16 { return int16(o.U16(b)) }

// I32 reads a two's-complement int32 from b[0:4].
func (o Order) I32(b []byte) int32 { return int32(o.U32(b)) }

// I64 reads a two's-complement int64 from b[0:8].
func (o Order) I64(b []byte) int64 { return int64(o.U64(b)) }

// F32 reads an IEEE 754 binary32 from b[0:4], keeping its exact bits (NaN
// payloads included).
func (o Order) F32(b []byte) float32 { return math.Float32frombits(o.U32(b)) }

// F64 reads an IEEE 754 binary64 from b[0:8], keeping its exact bits.
func (o Order) F64(b []byte) float64 { return math.Float64frombits(o.U64(b)) }

// AppendU16 appends v in two bytes.
func (o Order) AppendU16(b []byte, v uint16) []byte {
	if o == LittleEndian {
		return binary.LittleEndian.AppendUint16(b, v)
	}
	return binary.BigEndian.AppendUint16(b, v)
}

// AppendU32 appends v in four bytes.
func (o Order) AppendU32(b []byte, v uint32) []byte {
	if o == LittleEndian {
		return binary.LittleEndian.AppendUint32(b, v)
	}
	return binary.BigEndian.AppendUint32(b, v)
}

// AppendU64 appends v in eight bytes.
func (o Order) AppendU64(b []byte, v uint64) []byte {
	if o == LittleEndian {
		return binary.LittleEndian.AppendUint64(b, v)
	}
	return binary.BigEndian.AppendUint64(b, v)
}

// AppendI16 appends v in two bytes, two's complement.
func (o Order) AppendI16(b []byte, v int16) []byte { return o.AppendU16(b, uint16(v)) }

// AppendI32 appends v in four bytes, two's complement.
func (o Order) AppendI32(b []byte, v int32) []byte { return o.AppendU32(b, uint32(v)) }

// AppendI64 appends v in eight bytes, two's complement.
func (o Order) AppendI64(b []byte, v int64) []byte { return o.AppendU64(b, uint64(v)) }

// AppendF32 appends the exact bits of v as an IEEE 754 binary32.
func (o Order) AppendF32(b []byte, v float32) []byte {
	return o.AppendU32(b, math.Float32bits(v))
}

// AppendF64 appends the exact bits of v as an IEEE 754 binary64.
func (o Order) AppendF64(b []byte, v float64) []byte {
	return o.AppendU64(b, math.Float64bits(v))
}

// PutU16 stores v in b[0:2].
func (o Order) PutU16(b []byte, v uint16) {
	if o == LittleEndian {
		binary.LittleEndian.PutUint16(b, v)
		return
	}
	binary.BigEndian.PutUint16(b, v)
}

// PutU32 stores v in b[0:4].
func (o Order) PutU32(b []byte, v uint32) {
	if o == LittleEndian {
		binary.LittleEndian.PutUint32(b, v)
		return
	}
	binary.BigEndian.PutUint32(b, v)
}

// PutU64 stores v in b[0:8].
func (o Order) PutU64(b []byte, v uint64) {
	if o == LittleEndian {
		binary.LittleEndian.PutUint64(b, v)
		return
	}
	binary.BigEndian.PutUint64(b, v)
}

// PutUint stores the low bytes of v that fill b, of 1, 2, 4 or 8 bytes:
// Uint's converse. A b of another length is written as PutU64 writes it
// (its first 8 bytes; shorter, a panic).
func (o Order) PutUint(b []byte, v uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		o.PutU16(b, uint16(v))
	case 4:
		o.PutU32(b, uint32(v))
	default:
		o.PutU64(b, v)
	}
}

// PutF32 stores the exact bits of v in b[0:4].
func (o Order) PutF32(b []byte, v float32) { o.PutU32(b, math.Float32bits(v)) }

// PutF64 stores the exact bits of v in b[0:8].
func (o Order) PutF64(b []byte, v float64) { o.PutU64(b, math.Float64bits(v)) }
