package compare

import (
	"bytes"
	"encoding/binary"
)

// Binary decodes and encodes with encoding/binary's Read and Write on the
// struct, over a bytes.Reader and a bytes.Buffer that it reuses.
type Binary struct {
	r bytes.Reader
	w bytes.Buffer
}

// Decode decodes b into m with binary.Read.
func (c *Binary) Decode(m *Record, b []byte) error {
	if len(b) < Size {
		return errShort(len(b))
	}
	c.r.Reset(b)
	return binary.Read(&c.r, binary.BigEndian, m)
}

// Append appends the encoding of m to b, written by binary.Write.
func (c *Binary) Append(b []byte, m *Record) ([]byte, error) {
	c.w.Reset()
	if err := binary.Write(&c.w, binary.BigEndian, m); err != nil {
		return b, err
	}
	return append(b, c.w.Bytes()...), nil
}
