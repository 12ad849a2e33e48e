#!/usr/bin/env bash
# python/examples/win_3x3.py wins a whole game of `cubegod serve --size 3` (100 rounds, the
# one-second alarm) over TCP with pwntools and the binding; a game it loses is reported.
# Skipped (77) when pwntools is missing.
# needs: tables3 (the ctest fixture that builds the two-phase tables)
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
need_pwntools
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
SERVER=
ALARM=1
# Sanitizers and valgrind make every solve several times slower: the game is checked, not the speed.
[ -n "${CUBEGOD_SLOW_TOOLS:-}${SANITIZED:-}" ] && ALARM=10
serve --size 3 --games 1 --alarm "$ALARM" --flag 'flag{python_3x3}' --seed 5
"$PWNPY" "$CUBEGOD_SOURCE/python/examples/win_3x3.py" 127.0.0.1 "$PORT" >"$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
[ $rc = 0 ] || { echo "FAIL: win_3x3.py exited $rc"; exit 1; }
grep -q 'flag{python_3x3}' "$TMP/out" || { echo "FAIL: no flag"; exit 1; }
wait $SERVER
grep -q '100/100 rounds, won' "$TMP/serve.log" || { echo "FAIL: the server saw no win"; cat "$TMP/serve.log"; exit 1; }
echo "e2e_examples3: ok"
