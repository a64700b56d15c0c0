package retrotank

// Size returns the encoded length: 9 bytes, 2 per set and 8 per area.
func (m *Goal) Size() int { return setsSize(m.Sets) }

// AppendBinary appends the page, in MSG_TYPE_SPAWN's format.
func (m *Goal) AppendBinary(b []byte) ([]byte, error) {
	return appendSets(b, m.Form(), typeGoal, m.ID, m.TotalMsgs, m.Index, m.RedTotal, m.BlueTotal, m.Sets)
}

// MarshalBinary is AppendBinary into a new buffer of Size bytes.
func (m *Goal) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode reads the page as Spawn.Decode does.
func (m *Goal) Decode(b []byte) (int, error) {
	sets := m.Sets[:0]
	*m = Goal{}
	f := m.Form()
	if n, err := checkHead(f, b); err != nil {
		m.Sets = sets
		return n, err
	}
	sets, n, err := decodeSets(f, b, sets)
	if err != nil {
		m.Sets = sets[:0]
		return n, err
	}
	m.Sets = sets
	m.ID = MessageID(be.U16(b[1:]))
	m.TotalMsgs = be.U16(b[3:])
	m.Index = be.U16(b[5:])
	m.RedTotal, m.BlueTotal = b[7], b[8]
	return n, nil
}

// UnmarshalBinary decodes exactly one page from b.
func (m *Goal) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate checks the rules of Spawn.Validate.
func (m *Goal) Validate() error {
	return validateSets(m.Form(), m.TotalMsgs, m.Index, m.RedTotal, m.BlueTotal, m.Sets)
}

// MessageID returns m.ID (Acked).
func (m *Goal) MessageID() MessageID { return m.ID }

// SetMessageID sets m.ID (Acked).
func (m *Goal) SetMessageID(id MessageID) { m.ID = id }
