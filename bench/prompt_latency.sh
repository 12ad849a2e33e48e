#!/usr/bin/env bash
# Answer latency as the server sees it when the prompt is a whole line (issue 34): a stranger's
# 2x2 server (tests/game/strangers/newline_prompt.py, prompt 'Solution please:' then a line end)
# records, each round, the seconds from its prompt leaving to the answer arriving. GAMES games
# of 20 rounds are played by `cubegod play` with no options; round 1 (where play may still learn
# the prompt) is reported apart from rounds 2-20.
#   bench/prompt_latency.sh [GAMES] [--json]   (default 10 games; --json: one JSON object)
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
trap 'rm -rf "$TMP"' EXIT
won=0
for g in $(seq "$GAMES"); do
  python3 tests/game/strangers/newline_prompt.py --rounds 20 --seed "$g" --alarm 120 \
    --port-file "$TMP/port$g" --latency "$TMP/lat" 2> "$TMP/server.log" &
  server=$!
  for _ in $(seq 200); do [ -s "$TMP/port$g" ] && break; sleep 0.05; done
  "$CUBEGOD" play -q 127.0.0.1 "$(cat "$TMP/port$g")" > "$TMP/out" 2>&1 && won=$((won + 1))
  wait "$server" || true
done
# stat FIRST LAST: count, median and max of rounds FIRST..LAST, in ms
stat() {
  awk -v a="$1" -v b="$2" '$1 >= a && $1 <= b { print $2 * 1e3 }' "$TMP/lat" | sort -g | awk '
    { v[NR] = $1 } END { if (!NR) { print "0 0 0"; exit } printf "%d %.3f %.3f\n", NR, v[int(NR * 0.5 + 0.999999)], v[NR] }'
}
read -r n1 med1 max1 <<< "$(stat 1 1)"
read -r n med max <<< "$(stat 2 20)"
[ "$n" -gt 0 ] || { echo "no rounds measured (games won: $won)" >&2; exit 1; }
if [ "$JSON" = 1 ]; then
  printf '{"bench":"prompt_latency","prompt":"newline-ended","games":%d,"won":%d,"round1_ms":{"n":%d,"median":%s,"max":%s},"rounds2_20_ms":{"n":%d,"median":%s,"max":%s}}\n' \
    "$GAMES" "$won" "$n1" "$med1" "$max1" "$n" "$med" "$max"
else
  printf 'newline-ended prompt: %d games, %d won; prompt sent -> answer received: rounds 2-20 median %s ms (max %s ms, %d rounds); round 1 median %s ms\n' \
    "$GAMES" "$won" "$med" "$max" "$n" "$med1"
fi
