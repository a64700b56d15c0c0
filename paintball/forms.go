package paintball

//go:generate go run github.com/gamewire/gamewire/internal/formgen

import (
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// Code is a packet's "Packet Type": a Java char holding a letter (see
// docs/errata/paintball.md, 4).
type Code uint16

// The packet types. B is not defined by the spec.
const (
	CodeUpdate              Code = 0x41 // 'A': Update Packet, server to client
	CodePlayerUpdateRequest Code = 0x43 // 'C': Player Update Request Packet, client to server
	CodeShootUpdateRequest  Code = 0x44 // 'D': Shoot Update Request Packet, client to server
	CodeGameDumpRequest     Code = 0x45 // 'E': Game Dump Request Packet, client to server
	CodeLogin               Code = 0x46 // 'F': Login Packet, both directions
)

// The packet's constants.
const (
	// Marker is the byte every packet starts with: '*', "Signals start of
	// packet".
	Marker = 0x2a
	// MaxUsername is the most bytes of modified UTF-8 a username can take:
	// writeUTF's count is a u16.
	MaxUsername = 65535
	// MaxFrame is the largest packet, 65540 bytes: a Login with the
	// longest username (marker, type, the username's count and bytes).
	MaxFrame = 1 + 2 + 2 + MaxUsername
)

var protocol = spec.Protocol{
	Name:  "paintball",
	Order: codec.BigEndian,
	Header: []spec.Field{
		{Name: "marker", Spec: "Asterisk (*)", Type: "u8", Go: "-", Role: spec.MarkerRole, Value: Marker,
			Doc: "Signals start of packet."},
		{Name: "type", Spec: "Packet Type", Type: "u16", Go: "-", Role: spec.CodeRole,
			Doc: "Describes type of packet (also implicitly describes payload length): a Java char holding a letter."},
	},
	MaxFrame: MaxFrame,
	Split:    split,
}

var forms = []spec.Form{
	{Name: "Login", Spec: "Login Packet", Code: uint32(CodeLogin), From: spec.Both, Type: "Login", Hand: true,
		Doc: "Sent by client to login to the server. Sent by server to all existing clients to update clients on new clients.",
		Fields: []spec.Field{
			{Name: "username", Spec: "Username", Type: "utf", Max: MaxUsername,
				Doc: "Client to server: username of new client signing on. Server to client: username of new client that has signed on (to update clients on new players)."},
		}},
	{Name: "Update", Spec: "Update Packet", Code: uint32(CodeUpdate), From: spec.FromServer, Type: "Update",
		Doc: "Sent by server to update clients on the properties of the game state. Each packet will contain information on a single object within the game.",
		Fields: []spec.Field{
			{Name: "objectType", Spec: "Object Type", Type: "u16", Go: "ObjectType ObjectType",
				Doc: "Type of object being updated (whether it's a player, paintball, obstacle, etc.)."},
			{Name: "objectId", Spec: "Object ID", Type: "s32", Go: "ObjectID int32",
				Doc: "ID number of object that needs to be updated (every object in the game has a unique ID number). A new ID number means a new object."},
			{Name: "positionX", Spec: "Position X", Type: "s32", Go: "PositionX int32",
				Doc: "X value of updated position (-1 if object is dead)."},
			{Name: "positionY", Spec: "Position Y", Type: "s32", Go: "PositionY int32",
				Doc: "Y value of updated position (-1 if object is dead)."},
			{Name: "velocityX", Spec: "Velocity X", Type: "s32", Go: "VelocityX int32",
				Doc: "X value of updated velocity vector."},
			{Name: "velocityY", Spec: "Velocity Y", Type: "s32", Go: "VelocityY int32",
				Doc: "Y value of updated velocity vector."},
			{Name: "facing", Spec: "Facing", Type: "f64", Go: "Facing float64",
				Doc: "Updated facing angle of object (radians, [1 0] is considered 0 rad, [0 1] is considered pi/2 rad)."},
		}},
	{Name: "PlayerUpdateRequest", Spec: "Player Update Request Packet", Code: uint32(CodePlayerUpdateRequest), From: spec.FromClient, Type: "PlayerUpdateRequest",
		Doc: "Sent by client to server to request an update on the player's velocity and facing.",
		Fields: []spec.Field{
			{Name: "velocityX", Spec: "Velocity X", Type: "s32", Go: "VelocityX int32",
				Doc: "X value of new velocity."},
			{Name: "velocityY", Spec: "Velocity Y", Type: "s32", Go: "VelocityY int32",
				Doc: "Y value of new velocity."},
			{Name: "facing", Spec: "Facing", Type: "f64", Go: "Facing float64",
				Doc: "New facing angle (radians, [1 0] is considered 0 rad, [0 1] is considered pi/2 rad)."},
		}},
	{Name: "ShootUpdateRequest", Spec: "Shoot Update Request Packet", Code: uint32(CodeShootUpdateRequest), From: spec.FromClient, Type: "ShootUpdateRequest",
		Doc: "Sent by client to server to request an update on the player's shooting state.",
		Fields: []spec.Field{
			{Name: "shootingState", Spec: "Shooting State", Type: "u8", Go: "ShootingState ShootingState",
				Doc: "0: not shooting (used to turn off automatic fire), 1: single shot, 2: automatic fire (will continue to fire until a not shooting request is sent)."},
		}},
	{Name: "GameDumpRequest", Spec: "Game Dump Request Packet", Code: uint32(CodeGameDumpRequest), From: spec.FromClient, Type: "GameDumpRequest",
		Doc: "Sent by client to server to request a complete game dump. This packet type has no payload."},
}

// table is the package's message table, the single description of the
// wire.
var table = spec.NewTable(protocol, forms, newMessage)

// Table returns the protocol's message table (read-only): dispatch,
// constructors, errors and the gamewire tool read it.
func Table() *spec.Table { return table }
