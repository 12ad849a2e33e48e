#!/usr/bin/env bash
# Issue 25, defect 1: a script whose daemon threads are inside the C solver when the interpreter
# exits (beside a pwntools main loop, a common shape) must end with status 0. The binding's
# exit hook once unmapped the tables under the running solves: status 139, 5 runs out of 5.
# Each run: two daemon threads loop cubegod.solve() on random 3x3s (and 2x2s), the main thread
# leaves after 0.3 s. Also: close_tables() called while solves run defers the close to the last
# one, and the tables open again at the next solve.
# needs: tables3 (the ctest fixture that builds the two-phase tables)
. "$(dirname "$0")/lib.sh"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat > "$TMP/exit.py" <<'PY'
import random, sys, threading, time
import cubegod

FACES = "UDFBLR"
started = threading.Event()


def loop(size, seed):
    rng = random.Random(seed)
    while True:
        moves = [rng.choice(FACES) + rng.choice(["", "'", "2"]) for _ in range(25)]
        cube = cubegod.Cube.solved(size).apply(moves)
        sol = cubegod.solve(cube)
        assert cube.apply(sol).is_solved()
        started.set()


cubegod.set_notice(None)
for i, size in enumerate((3, 3, 2)):
    threading.Thread(target=loop, args=(size, int(sys.argv[1]) * 10 + i), daemon=True).start()
if not started.wait(60):
    sys.exit("no solve finished in 60 s")
if sys.argv[2] == "close":  # explicit close with solves in flight: deferred, then reopened
    for _ in range(20):
        cubegod.close_tables()
        time.sleep(0.01)
time.sleep(0.3)
PY
fails=0
for run in 1 2 3 4 5; do
  for mode in exit close; do
    "$PY" "$TMP/exit.py" "$run" "$mode" > "$TMP/out" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
      echo "FAIL: run $run ($mode) ended with status $rc:" >&2
      tail -n 5 "$TMP/out" >&2
      fails=$((fails + 1))
    fi
  done
done
[ "$fails" -eq 0 ] || { echo "FAIL: $fails of 10 runs did not exit cleanly" >&2; exit 1; }
echo "10 runs exited with solves in flight, each with status 0"
