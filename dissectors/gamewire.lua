-- The runtime every gamewire dissector shares: each protocol's file (bzflag.lua,
-- lwar.lua, ...) holds only its message table, as data, and hands it to
-- gamewire.dissector, which builds the Wireshark protocol from it.
--
-- Loading this file twice is harmless (Wireshark loads it from the plugins
-- folder, and a protocol file loads it from its own folder when it is not
-- loaded yet): the first load defines the global table gamewire, and every
-- load returns it. It is set in _G: Wireshark runs each plugin file in an
-- environment of its own, whose new names the other files do not see.

if _G.gamewire ~= nil then return _G.gamewire end

local gw = {
	-- format is the version of the tables the protocol files hold; a
	-- file generated for another format is refused by name.
	format = 1,
}
_G.gamewire = gw

local CLIENT, SERVER, BOTH = 1, 2, 3
local DIRS = { "client", "server" }
local FROM = { client = CLIENT, server = SERVER, both = BOTH }

local WHY = {
	short = "short input",
	toolong = "too long",
	invalid = "invalid value",
}

-- PRIM are the sizes of the numbers the tables' field types name.
local PRIM = { u8 = 1, s8 = 1, u16 = 2, s16 = 2, u32 = 4, s32 = 4, f32 = 4, u64 = 8, s64 = 8, f64 = 8 }

-- STRINGS are the field types of strings with a length or a terminator.
local STRINGS = { cstring = true, str8 = true, str16 = true, utf = true }

-- text returns the bytes of s as gamewire's JSON shows them (wire.Text):
-- valid UTF-8 as it is, a backslash as \\, NUL and bytes that are not
-- UTF-8 as \xHH.
local function text(s)
	local out = {}
	local i, n = 1, #s
	while i <= n do
		local c = s:byte(i)
		local len = 0
		if c >= 0x01 and c < 0x80 then len = 1
		elseif c >= 0xc2 and c <= 0xdf then len = 2
		elseif c >= 0xe0 and c <= 0xef then len = 3
		elseif c >= 0xf0 and c <= 0xf4 then len = 4 end
		local ok = len > 0 and i + len - 1 <= n
		if ok and len > 1 then
			for j = i + 1, i + len - 1 do
				local d = s:byte(j)
				if d < 0x80 or d > 0xbf then ok = false end
			end
			local d = s:byte(i + 1)
			if c == 0xe0 and d < 0xa0 then ok = false end
			if c == 0xed and d > 0x9f then ok = false end
			if c == 0xf0 and d < 0x90 then ok = false end
			if c == 0xf4 and d > 0x8f then ok = false end
		end
		if c == 0x5c then
			out[#out + 1] = "\\\\"
			i = i + 1
		elseif ok then
			out[#out + 1] = s:sub(i, i + len - 1)
			i = i + len
		else
			out[#out + 1] = string.format("\\x%02x", c)
			i = i + 1
		end
	end
	return table.concat(out)
end

-- flagnames returns the names of the bits set in v joined by "|", bits
-- without a name in hex, "0" for none.
local function flagnames(bits, v)
	local out, rest = {}, v
	for _, b in ipairs(bits) do
		if math.floor(v / b[1]) % 2 == 1 then
			out[#out + 1] = b[2]
			rest = rest - b[1]
		end
	end
	if rest ~= 0 then out[#out + 1] = string.format("0x%x", rest) end
	if #out == 0 then return "0" end
	return table.concat(out, "|")
end

-- copy returns a shallow copy of t.
local function copy(t)
	local c = {}
	for k, v in pairs(t) do c[k] = v end
	return c
end

-- gw.dissector builds and registers the Wireshark protocol a table
-- describes, and returns it. The table (spec) holds, as gamewire's
-- message table says them:
--
--	name, title        the filter name and the long name
--	order              "big" or "little"
--	datagram           true for a protocol over UDP, one frame a datagram
--	port               the default port, 0 for none (a heuristic then)
--	max_frame          the spec's limit on a frame; hard_max what is read
--	by_direction       one form each way, told apart by direction alone
--	enums, flags       value names and bit names, by the Go type's name
--	types              the composite field types, by name
--	header             the header every frame starts with
--	packet             a datagram's header before its messages
--	hello              a server's unframed greeting
--	forms              the message forms: name, code, from, size, max,
--	                   doc, fields and, where it differs, header
--
-- A field is {n = name, t = type, label, doc, ...}: t is the table's
-- field type (u16, f32[3], bytes[32], cstring, list, rest, or a type's
-- name); role, adjust and value say a header field's part in the framing;
-- max, count and entry bound strings and lists; enum and flags name the
-- values; show ("hex", "ipv4", "text") and scale say how to show it.
function gw.dissector(format, spec)
	if format ~= gw.format then
		error(string.format("gamewire: %s.lua is of table format %d, but the gamewire.lua loaded is of format %d: use the files of one gamewire version",
			spec.name, format, gw.format))
	end
	local NAME = spec.name
	local TITLE = spec.title or NAME
	local BIG = spec.order == "big"
	local DATAGRAM = spec.datagram or false
	local BY_DIRECTION = spec.by_direction or false
	local MAX_FRAME = spec.max_frame or 0
	local HARD_MAX = spec.hard_max or MAX_FRAME
	local PACKET_NAME = spec.packet_name or "Packet"
	local ENUMS, FLAGS, TYPES = spec.enums or {}, spec.flags or {}, spec.types or {}

	local p = Proto(NAME, TITLE)

	-- The message codes, by name (the names of a code's forms joined by
	-- "/" where they differ).
	local CODES, named = {}, {}
	for _, f in ipairs(spec.forms) do
		named[f.code] = named[f.code] or {}
		if not named[f.code][f.name] then
			named[f.code][f.name] = true
			if CODES[f.code] then CODES[f.code] = CODES[f.code] .. "/" .. f.name else CODES[f.code] = f.name end
		end
	end

	-- Every field, by its filter name: the table's field name under its
	-- message's (prefix.message.field), header fields under the
	-- protocol's.
	local F, byname = {}, {}
	local function protofield(abbr, label, kind, doc, b, values)
		if byname[abbr] then return byname[abbr] end
		local f
		if kind == "none" or kind == "ipv4" then
			f = ProtoField[kind](abbr, label, doc)
		elseif kind == "string" then
			f = ProtoField.string(abbr, label, base.UNICODE, doc)
		elseif kind == "bytes" then
			f = ProtoField.bytes(abbr, label, nil, doc)
		elseif kind == "float" or kind == "double" then
			f = ProtoField[kind](abbr, label, nil, doc)
		else
			f = ProtoField[kind](abbr, label, b or base.DEC, values, nil, doc)
		end
		F[#F + 1] = f
		byname[abbr] = f
		return f
	end
	local F_MSG = protofield(NAME .. ".msg", "Message", "string", "The spec's name of the message")
	local F_DATA = protofield(NAME .. ".data", "Data", "bytes", "Bytes of a frame that could not be decoded")
	local F_PACKET = protofield(NAME .. ".packet", PACKET_NAME, "none", "A datagram")
	local F_FROM = protofield(NAME .. ".from", "From", "string",
		"Who sent the message: client or server (by the server's port)")

	-- sizeof returns the size of a fixed field type.
	local function sizeof(t)
		if PRIM[t] then return PRIM[t] end
		local elem, n = t:match("^(.-)%[(%d+)%]$")
		if elem == "bytes" then return tonumber(n) end
		if elem then return tonumber(n) * sizeof(elem) end
		if not TYPES[t] then error(NAME .. ": no fixed field type " .. t) end
		local size = 0
		for _, d in ipairs(TYPES[t]) do size = size + sizeof(d.t) end
		return size
	end

	-- compile turns a field of the table into what the dissection reads:
	-- its kind (k), its ProtoField (f), its size and what a variable field
	-- needs.
	local compile
	local function compileall(list, prefix)
		local out = {}
		for i, d in ipairs(list) do out[i] = compile(d, prefix) end
		return out
	end
	local function number(d, abbr, label)
		local size, c = PRIM[d.t], d.t:sub(1, 1)
		local kind
		if c == "f" and size == 4 then kind = "float"
		elseif c == "f" or d.scale then kind = "double"
		elseif c == "s" then kind = "int" .. size * 8
		else kind = "uint" .. size * 8 end
		local b, values = nil, nil
		if d.role == "code" or d.flags then b = base.HEX end
		if d.role == "code" and not BY_DIRECTION then
			values = CODES
		elseif d.enum and kind ~= "float" and kind ~= "double" then
			values = ENUMS[d.enum]
		end
		return { n = d.n, k = "num", size = size, role = d.role, adjust = d.adjust, value = d.value,
			signed = c == "s", float = c == "f", scale = c ~= "f" and d.scale or nil, flags = FLAGS[d.flags],
			f = protofield(abbr, label, kind, d.doc, b, values) }
	end
	compile = function(d, prefix)
		local t, abbr, label = d.t, prefix .. "." .. d.n, d.label or d.n
		local function field(kind) return protofield(abbr, label, kind, d.doc) end
		if PRIM[t] then return number(d, abbr, label) end
		local elem, n = t:match("^(.-)%[(%d+)%]$")
		if elem == "bytes" then
			local show = "string"
			if d.show == "hex" then show = "bytes" elseif d.show == "ipv4" and n == "4" then show = "ipv4" end
			return { n = d.n, k = "bytes", size = tonumber(n), show = show, f = field(show) }
		elseif elem then
			-- An array: a subtree of n elements, each under the array's name.
			local e = copy(d)
			e.t = elem
			return { n = d.n, k = "array", count = tonumber(n), size = sizeof(t), elem = compile(e, prefix) }
		elseif STRINGS[t] then
			return { n = d.n, k = t, max = d.max, f = field("string") }
		elseif t == "rest" and d.of then
			-- At most one composite: there or not.
			return { n = d.n, k = "opt", size = sizeof(d.of), f = field("none"), fields = compileall(TYPES[d.of], abbr) }
		elseif t == "rest" then
			local text = d.show == "text"
			return { n = d.n, k = "rest", max = d.max, text = text, f = field(text and "string" or "bytes") }
		elseif t == "list" then
			local entry = TYPES[d.entry]
			local c = { n = d.n, k = "list", count = d.count, max = d.max or 0, esize = sizeof(d.entry) }
			if #entry == 1 and PRIM[entry[1].t] then
				-- Entries of one number each (a list of message ids): the
				-- numbers, each under the list's own name.
				local e = copy(entry[1])
				e.n, e.label, e.doc = d.n, d.label, d.doc
				c.scalar = compile(e, prefix)
			else
				c.f = field("none")
				c.entry = compileall(entry, abbr)
			end
			return c
		elseif d.show == "ipv4" and sizeof(t) == 4 then
			return { n = d.n, k = "bytes", size = 4, show = "ipv4", f = field("ipv4") }
		end
		return { n = d.n, k = "struct", size = sizeof(t), f = field("none"), fields = compileall(TYPES[t], abbr) }
	end

	local HEADER = compileall(spec.header, NAME)
	local PACKET, HELLO = nil, nil
	if spec.packet then PACKET = compileall(spec.packet, NAME .. ".packet") end
	if spec.hello then
		HELLO = copy(spec.hello)
		HELLO.fields = compileall(spec.hello.fields, NAME .. "." .. HELLO.name)
	end
	local FORMS = {}
	for i, f in ipairs(spec.forms) do
		local header = HEADER
		if f.header then header = compileall(f.header, NAME) end
		FORMS[i] = { name = f.name, code = f.code, from = FROM[f.from], size = f.size, max = f.max,
			header = header, fields = compileall(f.fields, NAME .. "." .. f.name) }
	end
	p.fields = F

	local E_MALFORMED = ProtoExpert.new(NAME .. ".malformed", "Malformed message",
		expert.group.MALFORMED, expert.severity.ERROR)
	local E_FRAMING = ProtoExpert.new(NAME .. ".framing", "Framing lost",
		expert.group.MALFORMED, expert.severity.ERROR)
	local E_UNKNOWN = ProtoExpert.new(NAME .. ".unknown", "Unknown message code",
		expert.group.UNDECODED, expert.severity.WARN)
	local E_LIMIT = ProtoExpert.new(NAME .. ".limit", "Frame over the spec's limit",
		expert.group.PROTOCOL, expert.severity.WARN)
	p.experts = { E_MALFORMED, E_FRAMING, E_UNKNOWN, E_LIMIT }

	-- The forms by direction and code, and by direction alone.
	local BYCODE, BYDIR = { {}, {} }, {}
	for _, f in ipairs(FORMS) do
		for dir = CLIENT, SERVER do
			if f.from == dir or f.from == BOTH then
				BYCODE[dir][f.code] = f
				BYDIR[dir] = f
			end
		end
	end

	-- The header's code and length fields.
	local CODE, LEN, HDR_END = nil, nil, 0
	for _, d in ipairs(HEADER) do
		if d.role == "code" then CODE = { off = HDR_END, size = d.size } end
		if d.role == "length" then LEN = { off = HDR_END, size = d.size, adjust = d.adjust } end
		HDR_END = HDR_END + (d.size or 0)
	end

	local function uint(r)
		if BIG then return r:uint() else return r:le_uint() end
	end

	local function getnum(r, d)
		if d.float then
			if BIG then return r:float() else return r:le_float() end
		end
		if d.size == 8 then
			if d.signed then
				if BIG then return r:int64() else return r:le_int64() end
			end
			if BIG then return r:uint64() else return r:le_uint64() end
		end
		if d.signed then
			if BIG then return r:int() else return r:le_int() end
		end
		return uint(r)
	end

	local function add(tree, f, r, v)
		if v == nil then
			if BIG then return tree:add(f, r) end
			return tree:add_le(f, r)
		end
		return tree:add(f, r, v)
	end

	-- lookup returns the form of code sent in direction dir (0: unknown,
	-- the client's first).
	local function lookup(dir, code)
		if BY_DIRECTION then return BYDIR[dir] end
		if dir == 0 then return BYCODE[CLIENT][code] or BYCODE[SERVER][code] end
		return BYCODE[dir][code]
	end

	local fields

	-- repeated dissects count things from off, the i-th by one(off, i),
	-- which returns as field does; it returns as field does.
	local function repeated(off, count, one)
		for i = 1, count do
			local e, bad, at, why = one(off, i)
			if not e then return nil, bad, at, why end
			off = e
		end
		return off
	end

	-- field dissects one field at off, not past stop, into tree (nil: only
	-- measure). vals holds the values of the fields read so far (list
	-- counts). It returns the offset after the field, or nil, the field
	-- that failed, its offset and why.
	local function field(tvb, off, stop, d, tree, vals)
		local k = d.k
		if k == "num" then
			if off + d.size > stop then return nil, d, off, "short" end
			local r = tvb(off, d.size)
			local v = nil
			if d.size <= 4 then v = getnum(r, d) end
			if tree then
				local item
				if d.scale then
					item = add(tree, d.f, r, v / d.scale)
				else
					item = add(tree, d.f, r)
				end
				if d.flags then item:append_text(" (" .. flagnames(d.flags, v) .. ")") end
			end
			if d.role == "marker" and v ~= d.value then return nil, d, off, "invalid" end
			vals[d.n] = v
			return off + d.size
		elseif k == "bytes" then
			if off + d.size > stop then return nil, d, off, "short" end
			if tree then
				local r = tvb(off, d.size)
				if d.show == "string" then
					local s = r:raw():gsub("\0+$", "")
					tree:add(d.f, r, text(s))
				else
					tree:add(d.f, r)
				end
			end
			return off + d.size
		elseif k == "struct" then
			if off + d.size > stop then return nil, d, off, "short" end
			local sub = nil
			if tree then sub = tree:add(d.f, tvb(off, d.size)) end
			return fields(tvb, off, stop, d.fields, sub, {})
		elseif k == "array" then
			if off + d.size > stop then return nil, d, off, "short" end
			local sub = nil
			if tree then sub = tree:add(tvb(off, d.size), d.n .. " [" .. d.count .. "]") end
			return repeated(off, d.count, function(o) return field(tvb, o, stop, d.elem, sub, {}) end)
		elseif k == "cstring" then
			local room = stop - off
			if room > d.max then room = d.max end
			local z = nil
			if room > 0 then z = tvb:raw(off, room):find("\0", 1, true) end
			if not z then
				if stop - off < d.max then return nil, d, off, "short" end
				return nil, d, off, "toolong"
			end
			if tree then tree:add(d.f, tvb(off, z), text(tvb:raw(off, z - 1))) end
			return off + z
		elseif k == "str8" or k == "str16" or k == "utf" then
			local w = 1
			if k ~= "str8" then w = 2 end
			if off + w > stop then return nil, d, off, "short" end
			local n
			if k == "utf" then n = tvb(off, 2):uint() else n = uint(tvb(off, w)) end
			if n > d.max then return nil, d, off, "toolong" end
			if off + w + n > stop then return nil, d, off, "short" end
			if tree then
				local s = ""
				if n > 0 then s = text(tvb:raw(off + w, n)) end
				tree:add(d.f, tvb(off, w + n), s)
			end
			return off + w + n
		elseif k == "list" then
			local count
			if d.count then
				count = vals[d.count] or 0
			else
				-- No count: entries to the end of the frame.
				count = math.floor((stop - off) / d.esize)
				if off + count * d.esize ~= stop then return nil, d, off + count * d.esize, "short" end
			end
			if d.max > 0 and count > d.max then return nil, d, off, "toolong" end
			if off + count * d.esize > stop then return nil, d, off, "short" end
			if d.scalar then
				return repeated(off, count, function(o) return field(tvb, o, stop, d.scalar, tree, {}) end)
			end
			return repeated(off, count, function(o, i)
				local sub = nil
				if tree then sub = tree:add(d.f, tvb(o, d.esize)):append_text(" [" .. i .. "]") end
				return fields(tvb, o, stop, d.entry, sub, {})
			end)
		elseif k == "opt" then
			-- A composite that is there or not: the rest of the frame.
			if stop == off then return off end
			if stop - off ~= d.size then return nil, d, off, "invalid" end
			local sub = nil
			if tree then sub = tree:add(d.f, tvb(off, d.size)) end
			return fields(tvb, off, stop, d.fields, sub, {})
		elseif k == "rest" then
			local n = stop - off
			if n > d.max then return nil, d, off, "toolong" end
			if tree and n > 0 then
				if d.text then
					tree:add(d.f, tvb(off, n), text(tvb:raw(off, n)))
				else
					tree:add(d.f, tvb(off, n))
				end
			end
			return stop
		end
		return nil, d, off, "invalid"
	end

	-- fields dissects a list of fields from off; it returns as field does.
	fields = function(tvb, off, stop, list, tree, vals)
		return repeated(off, #list, function(o, i) return field(tvb, o, stop, list[i], tree, vals) end)
	end

	-- body dissects a form's header and fields from off; it returns as
	-- field does.
	local function body(tvb, off, stop, f, tree)
		local vals = {}
		local e, bad, at, why = fields(tvb, off, stop, f.header, tree, vals)
		if e then e, bad, at, why = fields(tvb, e, stop, f.fields, tree, vals) end
		return e, bad, at, why
	end

	local function readcode(tvb, off, stop)
		if not CODE or off + CODE.off + CODE.size > stop then return nil end
		return uint(tvb(off + CODE.off, CODE.size))
	end

	-- malformed says why a field failed, as gamewire's errors say it.
	local function malformed(name, bad, at, why)
		return string.format("%s: field %s at byte %d: %s", name, bad.n, at, WHY[why] or why)
	end

	-- message dissects the message at off into tree, as one item; framed says
	-- stop is the frame's end as the framing says (the message must fill it).
	-- It returns the message's end, or nil when the rest of the frame cannot
	-- be split.
	local function message(tvb, pinfo, tree, off, stop, dir, framed, names)
		local code = readcode(tvb, off, stop)
		local f = nil
		if code then f = lookup(dir, code) end
		-- An unknown code is named by its number, as gamewire names it.
		local name = "unknown"
		if f then name = f.name elseif code then name = string.format("0x%04x", code) end
		local item = tree:add(F_MSG, tvb(off, stop - off), name)
		if dir ~= 0 then
			item:add(F_FROM, tvb(off, 0), DIRS[dir]):set_generated()
		end
		if not PACKET then tree:append_text(", " .. name) end
		table.insert(names, name)
		if not f then
			fields(tvb, off, stop, HEADER, item, {})
			if off + HDR_END < stop then item:add(F_DATA, tvb(off + HDR_END, stop - off - HDR_END)) end
			if code then
				item:add_proto_expert_info(E_UNKNOWN, string.format("Unknown code 0x%04x", code))
			else
				item:add_proto_expert_info(E_MALFORMED, "Short input: no message code")
			end
			if framed then return stop end
			return nil
		end
		local e, bad, at, why = body(tvb, off, stop, f, item)
		if not e then
			item:add_proto_expert_info(E_MALFORMED, malformed(f.name, bad, at - off, why))
			if framed then return stop end
			return nil
		end
		if framed and e < stop then
			item:add(F_DATA, tvb(e, stop - e))
			item:add_proto_expert_info(E_MALFORMED, string.format("%s: %d bytes after the message",
				f.name, stop - e))
			return stop
		end
		if e > off then item:set_len(e - off) end
		if MAX_FRAME > 0 and e - off > MAX_FRAME then
			item:add_proto_expert_info(E_LIMIT, string.format("%s of %d bytes: the spec allows %d",
				f.name, e - off, MAX_FRAME))
		end
		return e
	end

	-- framelen returns the length of the frame at off: from the header's
	-- length field, or by measuring its form; nil when more bytes are needed,
	-- -1 and why when no frame starts there.
	local function framelen(tvb, off, avail, dir)
		if LEN then
			if avail - off < LEN.off + LEN.size then return nil end
			local n = uint(tvb(off + LEN.off, LEN.size)) + LEN.adjust
			if n > HARD_MAX then return -1, string.format("frame length %d over %d", n, HARD_MAX) end
			if n < HDR_END then return -1, string.format("frame length %d under the header's %d", n, HDR_END) end
			return n
		end
		local code = readcode(tvb, off, avail)
		if not code then return nil end
		-- A form of the other direction is framed all the same (and then
		-- reported as unknown in this one).
		local f = lookup(dir, code) or lookup(0, code)
		if not f then return -1, string.format("unknown code 0x%04x: no length to skip it by", code) end
		local e, bad, at, why = body(tvb, off, avail, f, nil)
		if e then return e - off end
		if why == "short" and avail - off < f.max then return nil end
		return -1, malformed(f.name, bad, at - off, why)
	end

	-- server_port is the port the protocol is served on in this packet.
	local function server_port(pinfo)
		if pinfo.match_uint and pinfo.match_uint > 0 and
			(pinfo.match_uint == pinfo.src_port or pinfo.match_uint == pinfo.dst_port) then
			return pinfo.match_uint
		end
		return p.prefs.port
	end

	-- SERVERS are the servers the heuristic found ("address port"), for
	-- conversations on no known port.
	local SERVERS = {}

	local function endpoint(addr, port) return tostring(addr) .. " " .. port end

	local function direction(pinfo)
		local port = server_port(pinfo)
		if port and port > 0 then
			if pinfo.dst_port == port then return CLIENT end
			if pinfo.src_port == port then return SERVER end
		end
		if SERVERS[endpoint(pinfo.dst, pinfo.dst_port)] then return CLIENT end
		if SERVERS[endpoint(pinfo.src, pinfo.src_port)] then return SERVER end
		return 0
	end

	local function columns(pinfo, names)
		pinfo.cols.protocol = TITLE
		if #names > 0 then pinfo.cols.info = table.concat(names, ", ") end
	end

	-- hello dissects the server's greeting at the start of tvb, if it is
	-- one: it returns its length, 0 for none, or nil when more bytes are
	-- needed. A reconnect port it names is dissected as this protocol too.
	local function hello(tvb, tree, dir, names)
		if not HELLO or dir == CLIENT then return 0 end
		local len, m = tvb:len(), #HELLO.magic
		if tvb:raw(0, math.min(len, m)) ~= HELLO.magic:sub(1, math.min(len, m)) then return 0 end
		local vals = {}
		local e = fields(tvb, 0, len, HELLO.fields, nil, vals)
		if not e then return nil end -- the rest is in the next segment
		local t = tree:add(p, tvb(0, e))
		local item = t:add(F_MSG, tvb(0, e), HELLO.name)
		item:add(F_FROM, tvb(0, 0), "server"):set_generated()
		fields(tvb, 0, len, HELLO.fields, item, {})
		t:append_text(", " .. HELLO.name)
		table.insert(names, HELLO.name)
		local port = vals[HELLO.port]
		if port and port > 0 then
			DissectorTable.get("tcp.port"):add(port, p)
			item:append_text(", reconnect to port " .. port)
		end
		return e
	end

	local function stream(tvb, pinfo, tree)
		local dir = direction(pinfo)
		local len = tvb:len()
		local off = 0
		local names = {}
		if pinfo.src_port == server_port(pinfo) or dir == 0 then
			local n = hello(tvb, tree, dir, names)
			if n == nil then
				pinfo.desegment_offset = 0
				pinfo.desegment_len = DESEGMENT_ONE_MORE_SEGMENT
				return len
			end
			off = n
		end
		while off < len do
			local n, why = framelen(tvb, off, len, dir)
			if n == nil then
				pinfo.desegment_offset = off
				pinfo.desegment_len = DESEGMENT_ONE_MORE_SEGMENT
				break
			end
			if n < 0 then
				local t = tree:add(p, tvb(off, len - off))
				t:add(F_DATA, tvb(off, len - off))
				t:add_proto_expert_info(E_FRAMING, why)
				table.insert(names, "framing lost")
				off = len
				break
			end
			if off + n > len then
				pinfo.desegment_offset = off
				pinfo.desegment_len = off + n - len
				break
			end
			local t = tree:add(p, tvb(off, n))
			message(tvb, pinfo, t, off, off + n, dir, true, names)
			off = off + n
		end
		columns(pinfo, names)
		return len
	end

	local function datagram(tvb, pinfo, tree)
		local dir = direction(pinfo)
		local len = tvb:len()
		local names = {}
		local t = tree:add(p, tvb())
		if PACKET then
			local pk = t:add(F_PACKET, tvb())
			local e, bad, at, why = fields(tvb, 0, len, PACKET, pk, {})
			if not e then
				pk:add_proto_expert_info(E_MALFORMED, malformed(PACKET_NAME, bad, at, why))
				columns(pinfo, { "malformed" })
				return len
			end
			local off = e
			while off < len do
				local next = message(tvb, pinfo, pk, off, len, dir, false, names)
				if not next or next <= off then break end
				off = next
			end
		else
			message(tvb, pinfo, t, 0, len, dir, true, names)
		end
		if MAX_FRAME > 0 and len > MAX_FRAME then
			t:add_proto_expert_info(E_LIMIT, string.format("datagram of %d bytes: the spec allows %d", len, MAX_FRAME))
		end
		columns(pinfo, names)
		return len
	end

	function p.dissector(tvb, pinfo, tree)
		if DATAGRAM then return datagram(tvb, pinfo, tree) end
		return stream(tvb, pinfo, tree)
	end

	-- plausible reports whether tvb starts with a message of a known code,
	-- for the heuristic: a whole one that decodes, or, on a stream with a
	-- length field, a header whose length fits the code's form (the rest is
	-- in later segments). It returns the direction of the form it fits (the
	-- client's first), or nil.
	local function plausible(tvb)
		local len = tvb:len()
		local off = 0
		if PACKET then
			off = fields(tvb, 0, len, PACKET, nil, {})
			if not off then return nil end
		end
		local code = readcode(tvb, off, len)
		if not code then return nil end
		for dir = CLIENT, SERVER do
			local f = BYCODE[dir][code]
			if f then
				local stop = len
				if LEN then
					local n = framelen(tvb, off, len, dir)
					if not n or n < 0 or n < f.size or n > f.max then return nil end
					if off + n > len then return dir end
					stop = off + n
				end
				local e = body(tvb, off, stop, f, nil)
				if e and (e == stop or PACKET or (not LEN and not DATAGRAM)) then return dir end
			end
		end
		return nil
	end

	local TRANSPORT = "tcp"
	if DATAGRAM then TRANSPORT = "udp" end

	p.prefs.port = Pref.uint("Port", spec.port or 0, "The " .. TRANSPORT .. " port of the server (0: none)")
	p.prefs.heuristic = Pref.bool("Try heuristic", (spec.port or 0) == 0,
		"Recognise the protocol on any " .. TRANSPORT .. " port by its first message")

	local registered = 0
	local function register_port()
		local t = DissectorTable.get(TRANSPORT .. ".port")
		if registered ~= 0 then t:remove(registered, p) end
		registered = p.prefs.port
		if registered ~= 0 then t:add(registered, p) end
	end
	p.prefs_changed = register_port
	register_port()
	DissectorTable.get(TRANSPORT .. ".port"):add_for_decode_as(p)

	p:register_heuristic(TRANSPORT, function(tvb, pinfo, tree)
		if not p.prefs.heuristic then return false end
		local dir = direction(pinfo)
		if dir == 0 then
			dir = plausible(tvb)
			if not dir then return false end
			if dir == CLIENT then
				SERVERS[endpoint(pinfo.dst, pinfo.dst_port)] = true
			else
				SERVERS[endpoint(pinfo.src, pinfo.src_port)] = true
			end
		elseif not plausible(tvb) then
			return false
		end
		pinfo.conversation = p
		p.dissector(tvb, pinfo, tree)
		return true
	end)
	return p
end

return gw
