package lwar

// Sender says which peer sends a message type, as the spec's "Message
// Types" table does.
type Sender uint8

// The senders of the spec's table.
const (
	SenderClient Sender                        = 1 << iota // "client"
	SenderServer                                           // "server"
	SenderBoth   = SenderClient | SenderServer             // "client/server"
)

// String returns the spec's word: "client", "server" or "client/server".
func (s Sender) String() string {
	switch s {
	case SenderClient:
		return "client"
	case SenderServer:
		return "server"
	case SenderBoth:
		return "client/server"
	}
	return "none"
}

// MessageSpec describes one message type as the spec's tables do.
type MessageSpec struct {
	Type   Type   // the type id, "Id" in the spec's table
	Sender Sender // the "Sender" column
	// Size is the encoded size of the message's fixed part, message header
	// included; variable messages add their string or entries.
	Size int
	// Fields is the layout, message header included. Fields of a counted
	// list's entry have Entry set and offsets relative to the entry.
	Fields []Field
}

var specs = []MessageSpec{
	{TypeConnect, SenderClient, 0, connectFields},
	{TypeDisconnect, SenderClient, 0, disconnectFields},
	{TypeJoin, SenderServer, 0, joinFields},
	{TypeLeave, SenderServer, 0, leaveFields},
	{TypeChat, SenderBoth, 0, chatFields},
	{TypeAdd, SenderServer, 0, addFields},
	{TypeRemove, SenderServer, 0, removeFields},
	{TypeSelection, SenderBoth, 0, selectionFields},
	{TypeName, SenderBoth, 0, nameFields},
	{TypeSynced, SenderServer, 0, syncedFields},
	{TypeStats, SenderServer, 0, statsFields},
	{TypeInput, SenderClient, 0, inputFields},
	{TypeFull, SenderServer, 0, fullFields},
	{TypeCollision, SenderServer, 0, collisionFields},
	{TypeUpdate, SenderServer, 0, updateFields},
	{TypeUpdatePos, SenderServer, 0, updatePosFields},
	{TypeUpdateRay, SenderServer, 0, updateRayFields},
	{TypeUpdateCircle, SenderServer, 0, updateCircleFields},
}

func init() {
	for i := range specs {
		specs[i].Size = fixedSize(specs[i].Fields)
	}
}

// Specs returns the table of every message type, in the spec's order.
// The slice is shared: do not modify it.
func Specs() []MessageSpec { return specs }
