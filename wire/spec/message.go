package spec

// Codec is the contract every gamewire message type meets
// (docs/ARCHITECTURE.md, "The contract of a message"): Message adds the
// form and the spec's rules.
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

// Message is what every message type of every protocol implements,
// through a pointer: the codec contract, the form it belongs to in its
// protocol's table, and the spec's rules.
type Message interface {
	Codec
	// Form returns the message's entry in its protocol's table.
	Form() *Form
	// Validate checks the spec's rules that the wire format itself cannot
	// enforce (limits, enum ranges, cross-field rules), naming the rule's
	// field in a *codec.Error that wraps codec.ErrInvalid or
	// codec.ErrTooLong.
	Validate() error
}
