#!/usr/bin/env bash
# python/examples/win_2x2.py wins a whole game of `cubegod serve` (100 rounds, the one-second
# alarm) over TCP with pwntools and the binding, and a game against --check home; a game it loses
# is reported. Skipped (77) when pwntools is missing.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
need_pwntools
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
SERVER=
ALARM=1
# Sanitizers and valgrind make every solve several times slower: the game is checked, not the speed.
[ -n "${CUBEGOD_SLOW_TOOLS:-}${SANITIZED:-}" ] && ALARM=10
serve --games 1 --alarm "$ALARM" --flag 'flag{python_2x2}' --seed 5
"$PWNPY" "$CUBEGOD_SOURCE/python/examples/win_2x2.py" 127.0.0.1 "$PORT" >"$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
[ $rc = 0 ] || { echo "FAIL: win_2x2.py exited $rc"; exit 1; }
grep -q 'flag{python_2x2}' "$TMP/out" || { echo "FAIL: no flag"; exit 1; }
wait $SERVER
grep -q '100/100 rounds, won' "$TMP/serve.log" || { echo "FAIL: the server saw no win"; cat "$TMP/serve.log"; exit 1; }
# The answers bring the cube home (the colours are the face letters), so a server that demands
# the home position is won too.
serve --games 1 --alarm "$ALARM" --rounds 20 --check home --flag 'flag{home}'
"$PWNPY" "$CUBEGOD_SOURCE/python/examples/win_2x2.py" 127.0.0.1 "$PORT" >"$TMP/out" 2>&1 ||
  { cat "$TMP/out"; echo "FAIL: win_2x2.py lost against --check home"; exit 1; }
grep -q 'flag{home}' "$TMP/out" || { echo "FAIL: no flag with --check home"; exit 1; }
wait $SERVER
# A proof of work before the game (serve --pow): answered with cubegod.pow, then the game.
serve --games 1 --alarm "$ALARM" --rounds 5 --pow kctf --pow-difficulty 20 --flag 'flag{gated}'
"$PWNPY" "$CUBEGOD_SOURCE/python/examples/win_2x2.py" 127.0.0.1 "$PORT" >"$TMP/out" 2>&1 ||
  { cat "$TMP/out"; echo "FAIL: win_2x2.py lost behind a proof of work"; exit 1; }
grep -q 'flag{gated}' "$TMP/out" || { echo "FAIL: no flag behind the proof of work"; exit 1; }
wait $SERVER
echo "e2e_examples: ok"
