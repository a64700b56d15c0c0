#!/bin/bash -eu
# Builds every Go fuzz target of gamewire (func FuzzXxx(f *testing.F) in a
# _test.go file) as a libFuzzer binary, for ClusterFuzzLite and OSS-Fuzz.
# .ci/fuzz-targets-listed fails when a target of the tree is not listed
# here (or one listed here is gone): add one line per new target.
cd "$SRC/gamewire"

# compile_native_go_fuzzer runs testing.F targets through this shim; it is
# added to go.mod inside the build image only.
go get github.com/AdamKorcz/go-118-fuzz-build/testing

# compile_native_go_fuzzer PACKAGE FUNCTION BINARY
compile_native_go_fuzzer github.com/gamewire/gamewire/bzflag FuzzDecode bzflag_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/bzflag FuzzStream bzflag_fuzzstream
compile_native_go_fuzzer github.com/gamewire/gamewire/bzflag/world FuzzWorld bzflag_world_fuzzworld
compile_native_go_fuzzer github.com/gamewire/gamewire/bzflag/world FuzzAssembler bzflag_world_fuzzassembler
compile_native_go_fuzzer github.com/gamewire/gamewire/cmd/gamewire FuzzCommand cmd_gamewire_fuzzcommand
compile_native_go_fuzzer github.com/gamewire/gamewire/internal/formgen/internal/toy FuzzDecode internal_formgen_internal_toy_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/internal/formgen/internal/toydgram FuzzDecode internal_formgen_internal_toydgram_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/lwar FuzzLifecycleReceive lwar_fuzzlifecyclereceive
compile_native_go_fuzzer github.com/gamewire/gamewire/lwar FuzzChannelReceive lwar_fuzzchannelreceive
compile_native_go_fuzzer github.com/gamewire/gamewire/lwar FuzzPacket lwar_fuzzpacket
compile_native_go_fuzzer github.com/gamewire/gamewire/paintball FuzzMirror paintball_fuzzmirror
compile_native_go_fuzzer github.com/gamewire/gamewire/paintball FuzzDecode paintball_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/paintball FuzzStream paintball_fuzzstream
compile_native_go_fuzzer github.com/gamewire/gamewire/retrotank FuzzAcker retrotank_fuzzacker
compile_native_go_fuzzer github.com/gamewire/gamewire/retrotank FuzzDecode retrotank_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/retrotank FuzzAssembler retrotank_fuzzassembler
compile_native_go_fuzzer github.com/gamewire/gamewire/tfighters FuzzDecode tfighters_fuzzdecode
compile_native_go_fuzzer github.com/gamewire/gamewire/tfighters FuzzStream tfighters_fuzzstream
compile_native_go_fuzzer github.com/gamewire/gamewire/wire FuzzFrameReader wire_fuzzframereader
compile_native_go_fuzzer github.com/gamewire/gamewire/wire FuzzReader wire_fuzzreader
compile_native_go_fuzzer github.com/gamewire/gamewire/wire FuzzText wire_fuzztext
compile_native_go_fuzzer github.com/gamewire/gamewire/wire FuzzModifiedUTF8 wire_fuzzmodifiedutf8
