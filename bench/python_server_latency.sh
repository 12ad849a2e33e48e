#!/usr/bin/env bash
# The Nagle case: a Python server that prints a round one line at a time (one write each, Nagle
# on, as Python's sockets are by default). Measured on the server's side: seconds from the prompt
# leaving it to the answer arriving, over GAMES games of 100 rounds played by `cubegod play`.
#   bench/python_server_latency.sh [GAMES] [--json]   (default 10 games; --json: one JSON object)
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=10 JSON=0
for a in "$@"; do
  case $a in
    --json) JSON=1 ;;
    *[!0-9]*|"") echo "usage: $0 [GAMES] [--json]" >&2; exit 2 ;;
    *) GAMES=$a ;;
  esac
done
CUBEGOD=${CUBEGOD:-./build/cubegod}
TMP=$(mktemp -d)
SERVER=""
# The server has normally exited by now: killing it must not fail the script (set -e would
# stop the trap before the temporary folder is removed, and turn a good run into exit 1).
cleanup() { [ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT
python3 tests/game/app.py --listen 0 --games "$GAMES" --rounds 100 --latency "$TMP/lat" > "$TMP/port" &
SERVER=$!
# The shell opens the port file in the background child, so it may not exist yet: wait for it
# to have a line before reading it (head on a missing file would end this script under set -e).
for _ in $(seq 200); do [ -s "$TMP/port" ] && break; sleep 0.05; done
PORT=$(head -n1 "$TMP/port" 2>/dev/null || true)
[ -n "$PORT" ] || { echo "$0: the Python server printed no port within 10 s" >&2; exit 1; }
won=0
for _ in $(seq "$GAMES"); do
  "$CUBEGOD" play 127.0.0.1 "$PORT" -q > "$TMP/out" 2>&1 && won=$((won + 1))
done
wait "$SERVER" 2>/dev/null || true
sort -g "$TMP/lat" | awk -v games="$GAMES" -v won="$won" -v json="$JSON" '
  { v[NR] = $1 * 1e3 }
  END {
    n = NR; if (!n) { print "no rounds measured"; exit 1 }
    p99 = v[int(n * 0.99 + 0.999999)]; med = v[int(n * 0.5 + 0.999999)]
    if (json)
      printf "{\"bench\":\"python_server\",\"games\":%d,\"won\":%d,\"rounds\":%d,\"prompt_to_answer_ms\":{\"median\":%.4f,\"p99\":%.4f,\"max\":%.4f}}\n", games, won, n, med, p99, v[n]
    else
      printf "python server: %d games, %d won, %d rounds; prompt sent -> answer received: median %.2f ms  p99 %.2f ms  max %.2f ms\n", games, won, n, med, p99, v[n]
  }'
