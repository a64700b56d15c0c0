package wire

// Codec is the contract every gamewire message type meets (DESIGN.md, "The
// contract of every message type"). Each protocol's Message interface
// embeds it and adds the protocol's own code and Validate.
type Codec interface {
	// Size returns the exact encoded length, the message's own header
	// included.
	Size() int
	// AppendBinary appends the whole message as it travels, header
	// included, leaving b[:len(b)] untouched (encoding.BinaryAppender).
	AppendBinary(b []byte) ([]byte, error)
	// MarshalBinary is AppendBinary into a buffer of Size bytes.
	MarshalBinary() ([]byte, error)
	// Decode reads one message from the start of b into the receiver,
	// which it resets first, and returns how many bytes it read. On
	// failure it returns the byte offset of the failure (the start of the
	// field at fault) and an error wrapping a sentinel; a *Error whose
	// Offset is -1 (a field after a variable part) gets that offset from
	// a Decoder or Stream.
	Decode(b []byte) (int, error)
	// UnmarshalBinary is Decode of exactly len(b) bytes; the result does
	// not alias b.
	UnmarshalBinary(b []byte) error
}

// DecodeNew decodes the message at the start of b into m, a new value, and
// returns m with the number of bytes it read: the allocating Decode of a
// protocol package, once its table has given m. On failure it returns a
// nil message with Decode's offset and error.
func DecodeNew(m Message, b []byte) (Message, int, error) {
	n, err := m.Decode(b)
	if err != nil {
		return nil, n, err
	}
	return m, n, nil
}
