#!/usr/bin/env bash
# cubegod.play() on the first 3x3 game of a new machine (issue 42's review, finding 7): with an
# empty cache, the binding opens the 3x3 tables as `cubegod play` does, in a thread of the
# library's while the quick solver answers, so round 1 is not lost to the server's 1 s alarm (it
# built them in the round before: 12 s of CPU). The build still running at the script's exit stops
# unsaved. Skipped where `cubegod play`'s own first game is (tests/game/e2e_first_game3.sh).
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan: a 3x3 table build there"; exit 77; fi
if [ -n "${CUBEGOD_COVERAGE:-}" ]; then echo "skipped under gcov: run on the release build"; exit 77; fi
. "$(dirname "$0")/lib.sh"
TMP=$(mktemp -d)
trap 'kill "${SERVER:-}" 2>/dev/null; rm -rf "$TMP"' EXIT
mkdir "$TMP/cache"
export CUBEGOD_CACHE="$TMP/cache/pocket.tbl" # an empty cache folder: nothing built yet
unset XDG_CACHE_HOME
serve --size 3 --rounds 3 --games 1 --seed 26 --alarm 1 -q
"$PY" - "$PORT" > "$TMP/out" 2>&1 <<'PY'
import socket, sys
import cubegod
cubegod.set_notice(lambda text: print("notice:", text))
cubegod.prepare()  # the 2x2 table, as a script does before it connects (python/README.md)
with socket.create_connection(("127.0.0.1", int(sys.argv[1]))) as s:
    r = cubegod.play(s, timeout=30, on_event=lambda k, d: k in ("round", "verdict", "prompt") and print(k, d))
print("outcome:", r.outcome, r.rounds_passed, r.reason)
print("flags:", " ".join(r.flags))
PY
rc=$?
cat "$TMP/out"
[ "$rc" = 0 ] || { echo "FAIL: the script exited $rc"; exit 1; }
grep -q "^outcome: won 3 $" "$TMP/out" || { echo "FAIL: the first 3x3 game was not won"; exit 1; }
grep -q "^flags: flag{" "$TMP/out" || { echo "FAIL: no flag"; exit 1; }
echo "PASS"
