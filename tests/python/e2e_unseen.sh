#!/usr/bin/env bash
# The binding's unseen-challenge calls (test_unseen.py): the cube algebra against an independent
# model, read() of the new shapes and layouts, solve(target=...) for both sizes, one reader for
# the command line, the C API and Python; then python/examples/win_goal.py (the binding and
# sockets only) wins tests/game/unseen_server.py's goal game, moves sent one per line.
# needs: tables3 (the 3x3 two-phase tables fixture)
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
cd "$HERE" && "$PY" -m unittest -v test_unseen || exit 1
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
start_bg "$TMP/port" "$TMP/log" "$PY" "$CUBEGOD_SOURCE/tests/game/unseen_server.py" --style goal --rounds 5 --seed 3
SERVER=$BG_PID
[ -n "$PORT" ] || { echo "FAIL: the server printed no port"; exit 1; }
"$PY" "$CUBEGOD_SOURCE/python/examples/win_goal.py" 127.0.0.1 "$PORT" > "$TMP/out" 2> "$TMP/err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: win_goal.py exited $rc: $(cat "$TMP/err" "$TMP/log")"; exit 1; }
grep -q 'CTF{unseen_goal}' "$TMP/out" || { echo "FAIL: no flag"; exit 1; }
[ "$(grep -c '^sent' "$TMP/err")" = 5 ] || { echo "FAIL: not five rounds answered"; exit 1; }
echo "e2e_unseen: ok"
