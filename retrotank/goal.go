package retrotank

// A Goal page has MSG_TYPE_SPAWN's layout: its codec is Spawn's, on the
// Goal converted to a Spawn, with MSG_TYPE_GOAL's form.

// Size returns the encoded length: 9 bytes, 2 per set and 8 per area.
func (m *Goal) Size() int { return (*Spawn)(m).Size() }

// AppendBinary appends the page, in MSG_TYPE_SPAWN's format.
func (m *Goal) AppendBinary(b []byte) ([]byte, error) { return (*Spawn)(m).appendPage(b, m.Form()) }

// MarshalBinary is AppendBinary into a new buffer of Size bytes.
func (m *Goal) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads the page as Spawn.Decode does.
func (m *Goal) Decode(b []byte) (int, error) { return (*Spawn)(m).decodePage(b, m.Form()) }

// UnmarshalBinary decodes exactly one page from b.
func (m *Goal) UnmarshalBinary(b []byte) error {
	n, err := m.Decode(b)
	return m.Form().Exact(n, len(b), err)
}

// Validate checks the rules of Spawn.Validate.
func (m *Goal) Validate() error { return (*Spawn)(m).validatePage(m.Form()) }

// MessageID returns m.ID (Acked).
func (m *Goal) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Goal) SetMessageID(id MessageID) { m.ID = id }
