#!/usr/bin/env bash
# stage.sh DIR FUNCTION BINARY OUT PKGOUT writes into OUT the package that
# compile_native_go_fuzzer builds the fuzz target FUNCTION of the package
# in DIR from, as package BINARY (build.sh stages in internal/ossfuzz/BINARY;
# .ci/fuzz-targets-listed stages elsewhere and checks the result builds),
# and into PKGOUT what the package in DIR must hold besides for it: the
# package's export_test.go (its hooks for its external tests), as a plain
# file export_ossfuzz.go, for a target in an external test package.
#
# Why a staged copy: go-118-fuzz-build imports the target's package and
# turns the target's _test.go file, and every other _test.go file beside
# it, into plain files of that package. That breaks a target in package
# main (not importable), a target in an external test package (package
# x_test beside package x: "found packages x and x_test"), and any target
# beside external test files (oss-fuzz issue 7923).
set -euo pipefail
dir=$1 fn=$2 bin=$3 out=$4 pkgout=$5
file=$(grep -l -E "^func $fn\(" "$dir"/*_test.go)
clause=$(sed -n 's/^package //p' "$file" | head -1)
name=$(go list -f '{{.Name}}' "$dir")
mkdir -p "$out"
rename() { sed "s/^package $1\$/package $bin/" "$2" >"$3"; }
# The package's other files of the target's package clause come along as
# plain files (the target's helpers are among them): for a target inside
# its package, the package's files and its internal test files; for an
# external test, the other external test files (they import the package
# under test as any client does).
for g in "$dir"/*.go; do
	[ "$g" = "$file" ] && continue
	case $g in
	*_test.go)
		[ "$(sed -n 's/^package //p' "$g" | head -1)" = "$clause" ] || continue
		rename "$clause" "$g" "$out/$(basename "$g" _test.go)_testfile.go"
		;;
	*) [ "$clause" = "$name" ] && rename "$name" "$g" "$out/$(basename "$g")" ;;
	esac
done
rename "$clause" "$file" "$out/${fn,,}_test.go"
if [ "$clause" != "$name" ] && [ -f "$dir/export_test.go" ]; then
	mkdir -p "$pkgout"
	cp "$dir/export_test.go" "$pkgout/export_ossfuzz.go"
fi
