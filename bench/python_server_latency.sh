#!/usr/bin/env bash
# The Nagle case: a Python server that prints a round one line at a time (one write each, Nagle
# on, as Python's sockets are by default). Measured on the server's side: seconds from the prompt
# leaving it to the answer arriving, over GAMES games of 100 rounds played by `cubegod play`.
#   bench/python_server_latency.sh [GAMES]        (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-10}
CUBEGOD=${CUBEGOD:-./build/cubegod}
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
python3 tests/game/app.py --listen 0 --games "$GAMES" --rounds 100 --latency "$TMP/lat" > "$TMP/port" &
SERVER=$!
for _ in $(seq 100); do PORT=$(head -n1 "$TMP/port" 2>/dev/null); [ -n "$PORT" ] && break; sleep 0.05; done
won=0
for _ in $(seq "$GAMES"); do
  "$CUBEGOD" play 127.0.0.1 "$PORT" -q > "$TMP/out" 2>&1 && won=$((won + 1))
done
wait "$SERVER" 2>/dev/null || true
sort -g "$TMP/lat" | awk -v games="$GAMES" -v won="$won" '
  { v[NR] = $1 * 1e3 }
  END {
    n = NR; if (!n) { print "no rounds measured"; exit 1 }
    p99 = v[int(n * 0.99 + 0.999999)]; med = v[int(n * 0.5 + 0.999999)]
    printf "python server: %d games, %d won, %d rounds; prompt sent -> answer received: median %.2f ms  p99 %.2f ms  max %.2f ms\n", games, won, n, med, p99, v[n]
  }'
