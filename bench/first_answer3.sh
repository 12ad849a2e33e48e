#!/usr/bin/env bash
# The first 3x3 answer on an empty cache, as the server sees it (issue 42): GAMES games of
# `cubegod serve --size 3 --rounds 1 --alarm 1`, each played by `cubegod play -q` through
# bench/timing_relay.py with a cache folder holding only the 2x2 table (no 3x3 tables: the
# quick solver answers round 1 while the big tables are built). The relay times the prompt
# leaving the server to the answer arriving. Once round 1 is answered play is stopped with
# SIGINT (it would otherwise finish the big build). --burners N starts N busy loops at nice 0
# for the run (the issue's "two busy processes on the two cores"). --hold S holds the server's
# first bytes S seconds, as a distant server's banner would come (the default 0: serve on the
# same machine answers at once). Prints each game's ms, the median and max, and `uptime`
# before and after.
#   bench/first_answer3.sh [GAMES] [--burners N] [--hold S]   (default 5 games, no burners)
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=5 BURNERS=0 HOLD=0
while [ $# -gt 0 ]; do
  case $1 in
    --burners) BURNERS=${2:?--burners N}; shift ;;
    --hold) HOLD=${2:?--hold S}; shift ;;
    *[!0-9]*|"") echo "usage: $0 [GAMES] [--burners N]" >&2; exit 2 ;;
    *) GAMES=$1 ;;
  esac
  shift
done
CUBEGOD=${CUBEGOD:-./build/cubegod}
POCKET=${POCKET:-build/cache/pocket.tbl} # the 2x2 table, copied into each game's cache folder
[ -f "$POCKET" ] || "$CUBEGOD" tables -q --cache "$POCKET"
TMP=$(mktemp -d)
burners=()
cleanup() {
  for p in "${burners[@]}"; do kill "$p" 2> /dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
for _ in $(seq "$BURNERS"); do
  nice -n 0 sh -c 'while :; do :; done' &
  burners+=($!)
done
[ "$BURNERS" = 0 ] || sleep 1
echo "before: $(uptime)"
for g in $(seq "$GAMES"); do
  d=$TMP/g$g
  mkdir -p "$d/cache"
  cp "$POCKET" "$d/cache/pocket.tbl"
  "$CUBEGOD" serve --size 3 --rounds 1 --games 1 --alarm 1 --seed "$g" > "$d/port" 2> "$d/serve.err" &
  server=$!
  for _ in $(seq 200); do [ -s "$d/port" ] && break; sleep 0.05; done
  python3 bench/timing_relay.py "$(head -n1 "$d/port")" "$d/relay" "$d/times" "Enter your solution:" "$HOLD" &
  relay=$!
  for _ in $(seq 200); do [ -s "$d/relay" ] && break; sleep 0.05; done
  CUBEGOD_CACHE=$d/cache/pocket.tbl "$CUBEGOD" play -q 127.0.0.1 "$(cat "$d/relay")" \
    > "$d/play.out" 2> "$d/play.err" &
  play=$!
  for _ in $(seq 600); do [ -s "$d/times" ] && break; sleep 0.05; done
  for _ in $(seq 100); do grep -q "rounds passed" "$d/play.out" && break; sleep 0.05; done
  kill -INT "$play" 2> /dev/null || true
  wait "$play" || true
  wait "$server" "$relay" || true
  verdict=$(grep -o "won: [0-9/]* rounds passed\|lost: .*" "$d/play.out" | head -n1 || true)
  ms=$(awk 'NR == 1 { printf "%.1f", $2 * 1e3 }' "$d/times" 2> /dev/null || true)
  echo "game $g: first answer ${ms:-none} ms after the prompt (${verdict:-no verdict})"
  echo "${ms:-99999}" >> "$TMP/all"
done
echo "after: $(uptime)"
sort -g "$TMP/all" | awk '{ v[NR] = $1 } END {
  printf "first 3x3 answer, %d games, %s burners, hold %s s: median %.1f ms, max %.1f ms\n",
    NR, b, h, v[int(NR * 0.5 + 0.999999)], v[NR] }' b="$BURNERS" h="$HOLD"
