package retrotank

import "strconv"

// MessageID is the id of an acknowledged message ("Message ID"): 16 bits
// that each sender increments per message and that wrap around. Ids are
// compared in serial number arithmetic (RFC 1982 on 16 bits;
// docs/errata/retrotank.md, S1).
type MessageID uint16

// Newer reports whether id comes after old: 0 < (id - old) mod 2^16 < 2^15.
func (id MessageID) Newer(old MessageID) bool {
	d := uint16(id - old)
	return d != 0 && d < 1<<15
}

// Next returns the id after id, wrapping from 65535 to 0.
func (id MessageID) Next() MessageID { return id + 1 }

// String returns the id in decimal.
func (id MessageID) String() string { return strconv.Itoa(int(id)) }

// put stores id in p[0:2], for the generated codec of MSG_TYPE_ACK's list.
func (id *MessageID) put(p []byte) { be.PutU16(p, uint16(*id)) }

// get reads id from p[0:2].
func (id *MessageID) get(p []byte) { *id = MessageID(be.U16(p)) }
