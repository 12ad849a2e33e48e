#!/usr/bin/env bash
# python/examples/play_with_replies.py, the binding and plain sockets with cubegod play's reply
# rules, wins the menu game of tests/game/menu_app.py (a Python server written from the
# challenge's description: questions around each 3x3, centres moved, one-character moves);
# a malformed rule is refused before connecting, naming it.
# needs: tables3 (the ctest fixture that builds the two-phase tables)
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
TMP=$(mktemp -d)
SERVER=
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
ALARM=3
[ -n "${CUBEGOD_SLOW_TOOLS:-}${SANITIZED:-}" ] && ALARM=20
start_bg "$TMP/port" "$TMP/log" "$PY" "$CUBEGOD_SOURCE/tests/game/menu_app.py" --rounds 20 --seed 7 --alarm "$ALARM"
SERVER=$BG_PID
[ -n "$PORT" ] || { echo "FAIL: menu_app.py printed no port"; exit 1; }
MAP="U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r"
"$PY" "$CUBEGOD_SOURCE/python/examples/play_with_replies.py" 127.0.0.1 "$PORT" \
  --prompt 'your step:' --reply 'start:your choice:=3' --reply 'cube:your choice:=2' \
  --reply 'answered:your choice:=3' --notation quarter --move-map "$MAP" --separator '' \
  > "$TMP/out" 2>&1
rc=$?
cat "$TMP/out"
[ $rc = 0 ] || { echo "FAIL: play_with_replies.py exited $rc"; exit 1; }
grep -q "won: 20 rounds; flag: flag{menu_py}" "$TMP/out" || { echo "FAIL: no win"; exit 1; }
"$PY" "$CUBEGOD_SOURCE/python/examples/play_with_replies.py" 127.0.0.1 9 --reply 'later:x=1' \
  > "$TMP/bad" 2>&1
rc=$?
[ $rc = 2 ] || { echo "FAIL: a bad rule: exit $rc"; cat "$TMP/bad"; exit 1; }
grep -q "reply rule 'later:x=1': unknown phase 'later'" "$TMP/bad" || { echo "FAIL: $(cat "$TMP/bad")"; exit 1; }
echo "e2e_replies: ok"
