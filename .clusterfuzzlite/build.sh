#!/bin/bash -eu
# Builds every cargo-fuzz target into $OUT with a seed corpus drawn from the
# generators (the OSS-Fuzz / ClusterFuzzLite convention). Extra arguments go
# to `cargo fuzz build`: `.ci/run` passes `-s none` to build the same way on
# stable without a sanitizer, and sets GAMEFUZZ to the binary it already has.
# Overflow checks stay on: an arithmetic overflow in an engine is a bug.
set -euo pipefail
cd "$SRC/gamefuzz"
# An explicit target directory: the copy below must not depend on
# CARGO_TARGET_DIR.
cargo fuzz build -O --debug-assertions --target-dir fuzz/target "$@"
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
${GAMEFUZZ:-cargo run --release --locked --} fuzz-seeds --dir "$seeds"
targets=$(cargo fuzz list)
test -n "$targets"
for target in $targets; do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  files=("$seeds/$target"/*)
  test -e "${files[0]}" || { echo "no seeds for $target" >&2; exit 1; }
  python3 -m zipfile -c "$OUT/${target}_seed_corpus.zip" "${files[@]}"
done
