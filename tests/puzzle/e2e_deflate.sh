#!/usr/bin/env bash
# puzzle/deflate.c's zlib streams decode, with Python's zlib (an independent inflater), to
# exactly the rows given: random bytes (every literal), runs of every length 1..300 one pixel
# back (1, 3 and 4 bytes), rows copying the row above in stretches of every length and at both
# ends of every distance code the rows reach (1 .. 4096 bytes back), rows of one
# byte and of the widest row, no rows at all. The cases are written by test_deflate --streams.
set -u
: "${CUBEGOD_BUILD:?}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
"$CUBEGOD_BUILD/tests/puzzle_test_deflate" --streams "$TMP" || fail "test_deflate --streams"
python3 - "$TMP" <<'PY' || fail "a stream does not decode to its rows"
import os, sys, zlib
d = sys.argv[1]
names = sorted(f[:-4] for f in os.listdir(d) if f.endswith(".raw"))
assert len(names) >= 50, names
for name in names:
    raw = open(os.path.join(d, name + ".raw"), "rb").read()
    z = open(os.path.join(d, name + ".z"), "rb").read()
    got = zlib.decompress(z)  # checks the header and the Adler-32 too
    assert got == raw, "%s: %d bytes decoded, %d given" % (name, len(got), len(raw))
    print("%-14s %7d bytes -> %6d" % (name, len(raw), len(z)))
PY
