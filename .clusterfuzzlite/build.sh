#!/bin/bash -eu
# Builds every cargo-fuzz target into $OUT with a seed corpus drawn from the
# generators (the OSS-Fuzz / ClusterFuzzLite convention). Extra arguments go
# to `cargo fuzz build`: `.ci/run` passes `-s none` to build the same way on
# stable without a sanitizer, and sets GAMEFUZZ to the binary it already has.
# Overflow checks stay on: an arithmetic overflow in an engine is a bug.
cd "$SRC/gamefuzz"
cargo fuzz build -O --debug-assertions "$@"
seeds=$(mktemp -d)
${GAMEFUZZ:-cargo run --release --locked --} fuzz-seeds --dir "$seeds"
for target in $(cargo fuzz list); do
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  python3 -m zipfile -c "$OUT/${target}_seed_corpus.zip" "$seeds/$target"/*
done
rm -rf "$seeds"
