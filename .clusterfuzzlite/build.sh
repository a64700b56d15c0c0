#!/bin/bash -eu
# Builds every Go fuzz target of gamewire (func FuzzXxx(f *testing.F) in a
# _test.go file) as a libFuzzer binary, for ClusterFuzzLite and OSS-Fuzz.
# .ci/fuzz-targets-listed fails when a target of the tree is not listed
# here (or one listed here is gone), and emulates the builder on each one:
# add one compile_target line per new target.
cd "$SRC/gamewire"

# compile_native_go_fuzzer runs testing.F targets through this shim; it is
# added to go.mod inside the build image only.
go get github.com/AdamKorcz/go-118-fuzz-build/testing

# compile_target PACKAGE FUNCTION BINARY builds one target with OSS-Fuzz's
# compile_native_go_fuzzer, from the package stage.sh writes for it in
# internal/ossfuzz/BINARY (stage.sh says why the builder needs a staged
# copy: package main, external test packages). This changes the build
# image's copy of the tree only.
compile_target() {
	local pkg=$1 fn=$2 bin=$3
	local stage=internal/ossfuzz/$bin dir=.${pkg#github.com/gamewire/gamewire}
	rm -rf "$stage"
	.clusterfuzzlite/stage.sh "$dir" "$fn" "$bin" "$stage" "$dir"
	compile_native_go_fuzzer "github.com/gamewire/gamewire/$stage" "$fn" "$bin"
}

compile_target github.com/gamewire/gamewire/bzflag FuzzDecode bzflag_fuzzdecode
compile_target github.com/gamewire/gamewire/bzflag FuzzStream bzflag_fuzzstream
compile_target github.com/gamewire/gamewire/bzflag/world FuzzWorld bzflag_world_fuzzworld
compile_target github.com/gamewire/gamewire/bzflag/world FuzzAssembler bzflag_world_fuzzassembler
compile_target github.com/gamewire/gamewire/cmd/gamewire FuzzCommand cmd_gamewire_fuzzcommand
compile_target github.com/gamewire/gamewire/internal/formgen/internal/toy FuzzDecode internal_formgen_internal_toy_fuzzdecode
compile_target github.com/gamewire/gamewire/internal/formgen/internal/toydgram FuzzDecode internal_formgen_internal_toydgram_fuzzdecode
compile_target github.com/gamewire/gamewire/lwar FuzzLifecycleReceive lwar_fuzzlifecyclereceive
compile_target github.com/gamewire/gamewire/lwar FuzzChannelReceive lwar_fuzzchannelreceive
compile_target github.com/gamewire/gamewire/lwar FuzzPacket lwar_fuzzpacket
compile_target github.com/gamewire/gamewire/paintball FuzzMirror paintball_fuzzmirror
compile_target github.com/gamewire/gamewire/paintball FuzzDecode paintball_fuzzdecode
compile_target github.com/gamewire/gamewire/paintball FuzzStream paintball_fuzzstream
compile_target github.com/gamewire/gamewire/paintball FuzzModifiedUTF8 paintball_fuzzmodifiedutf8
compile_target github.com/gamewire/gamewire/retrotank FuzzAcker retrotank_fuzzacker
compile_target github.com/gamewire/gamewire/retrotank FuzzDecode retrotank_fuzzdecode
compile_target github.com/gamewire/gamewire/retrotank FuzzAssembler retrotank_fuzzassembler
compile_target github.com/gamewire/gamewire/tfighters FuzzDecode tfighters_fuzzdecode
compile_target github.com/gamewire/gamewire/tfighters FuzzStream tfighters_fuzzstream
compile_target github.com/gamewire/gamewire/wire FuzzText wire_fuzztext
compile_target github.com/gamewire/gamewire/wire/internal/toy FuzzStream wire_internal_toy_fuzzstream
