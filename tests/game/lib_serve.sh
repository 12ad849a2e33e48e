# Helpers for the end-to-end scripts that play against servers on 127.0.0.1 (sourced).
# Sets TMP (removed at exit, with every server started here stopped), fail, has, serve, pyserve
# and play. The calling script sets HERE to its own directory.
set -uo pipefail
: "${CUBEGOD:?}"
TMP=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; for f in "$TMP"/*.out "$TMP"/*.err; do [ -f "$f" ] && { echo "--- $f" >&2; tail -5 "$f" >&2; }; done; exit 1; }
has() { grep -q -- "$1" "$2" || fail "'$1' not in $2"; }

# wait_port NAME WHAT: waits for the first line of $TMP/NAME.port; sets PORT
wait_port() {
  for _ in $(seq 600); do PORT=$(head -n1 "$TMP/$1.port" 2>/dev/null); [ -n "$PORT" ] && return; sleep 0.05; done
  fail "$2 $1 printed no port"
}
# serve NAME ARGS...: a cubegod server in the background; sets PORT
serve() {
  local name=$1; shift
  "$CUBEGOD" serve --port 0 "$@" > "$TMP/$name.port" 2> "$TMP/$name.log" &
  PIDS+=($!)
  wait_port "$name" server
}
# pyserve NAME ARGS...: app.py listening; sets PORT
pyserve() {
  local name=$1; shift
  python3 "$HERE/app.py" --listen 0 "$@" > "$TMP/$name.port" 2> "$TMP/$name.log" &
  PIDS+=($!)
  wait_port "$name" "python server"
}
# play NAME ARGS...: runs play, keeps its exit status in RC; a game it won and recorded
# (--record FILE) is replayed with no options and must be judged the same (issue 34)
play() {
  local name=$1; shift
  "$CUBEGOD" play "$@" > "$TMP/$name.out" 2> "$TMP/$name.err"
  RC=$?
  replayed_same "$name" "$@"
}
# replayed_same NAME PLAY-ARGS...: every round of a won, recorded game correct in replay, as
# many rounds as play passed
replayed_same() {
  local name=$1 rec='' passed; shift
  while [ $# -gt 0 ]; do [ "$1" = --record ] && rec=${2:-}; shift; done
  [ -n "$rec" ] && [ "$RC" = 0 ] || return 0
  passed=$(sed -n 's/^\[+\] won: \([0-9]*\).*/\1/p' "$TMP/$name.out")
  "$CUBEGOD" replay -q "$rec" > "$TMP/$name.replay" 2>&1 ||
    fail "$name: play won, replay of its transcript with no options did not: $(tail -n 3 "$TMP/$name.replay")"
  [ -z "$passed" ] || grep -q ", $passed rounds*, $passed correct" "$TMP/$name.replay" ||
    fail "$name: play passed $passed rounds, replay judged: $(tail -n 2 "$TMP/$name.replay")"
}
