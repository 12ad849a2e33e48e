#!/usr/bin/env bash
# Issue 36: no table a game does not need. A 2x2 game on an empty cache builds the 2x2 table
# only: no twophase.tbl afterwards and no word of the 3x3 on stderr. And a client facing a
# server that never shows a cube holds only the 2x2 table: its peak resident memory, read by
# getrusage in a Python wrapper (the kernel's own count, not a sample), stays under 64 MB (it
# was 96 to 98 MB when the 3x3 tables were loaded before connecting).
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"

mkdir "$TMP/cache"
export CUBEGOD_CACHE="$TMP/cache/pocket.tbl" # an empty cache folder
unset XDG_CACHE_HOME
serve two --rounds 3 --games 1 --seed 36 --alarm 1
play two 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "the 2x2 game on an empty cache: exit $RC"
has "\[+\] won: 3/3 rounds passed" "$TMP/two.out"
[ -f "$TMP/cache/pocket.tbl" ] || fail "no pocket.tbl in the cache folder"
[ -e "$TMP/cache/twophase.tbl" ] && fail "a 2x2 game built the 3x3 tables: $(ls "$TMP/cache")"
grep -qi "3x3\|two-phase" "$TMP/two.err" && fail "a 2x2 game mentioned the 3x3: $(grep -i "3x3\|two-phase" "$TMP/two.err")"
echo "2x2 game on an empty cache: $(ls "$TMP/cache" | tr '\n' ' ')"

# Peak memory against a server that greets and never shows a cube (the receive timeout ends it).
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ] || [ -n "${CUBEGOD_SANITIZED:-}" ]; then
  echo "memory not measured under valgrind or ASan (their own memory is counted)"
  exit 0
fi
python3 "$HERE/silent_server.py" --linger 30 > "$TMP/silent.port" 2> "$TMP/silent.log" &
PIDS+=($!)
wait_port silent "silent server"
python3 - "$CUBEGOD" "$PORT" "$TMP/rss" > "$TMP/silent.out" 2> "$TMP/silent.err" <<'PY'
import resource, subprocess, sys
exe, port, out = sys.argv[1], sys.argv[2], sys.argv[3]
r = subprocess.run([exe, "play", "--timeout", "2", "127.0.0.1", port],
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
with open(out, "w") as f:
    f.write(f"{r.returncode} {peak_kb}\n")
sys.stderr.write(r.stderr.decode(errors="replace"))
PY
read -r rc kb < "$TMP/rss" || fail "no measurement: $(cat "$TMP/silent.err")"
[ "$rc" = 1 ] || fail "play against a silent server: exit $rc, expected 1 (lost on the timeout)"
grep -qi "3x3\|two-phase" "$TMP/silent.err" && fail "a game with no cube mentioned the 3x3"
[ "$kb" -gt 1000 ] || fail "implausible peak memory: $kb KB"
[ "$kb" -lt 65536 ] || fail "peak memory $kb KB against a server that shows no cube (limit 64 MB)"
echo "peak resident memory, no cube shown: $((kb / 1024)) MB ($kb KB)"
