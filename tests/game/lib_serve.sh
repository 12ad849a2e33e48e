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
. "$HERE/../lib_wait.sh"

# bg_server NAME WHAT CMD...: CMD in the background, printing its port first; its port file is
# $TMP/NAME.port and its log $TMP/NAME.log, both made anew (lib_wait.sh); sets PORT
bg_server() {
  local name=$1 what=$2; shift 2
  start_bg "$TMP/$name.port" "$TMP/$name.log" "$@"
  PIDS+=("$BG_PID")
  [ -n "$PORT" ] || fail "$what $name printed no port: $(tail -3 "$TMP/$name.log")"
}
# wait_port NAME WHAT: for a server started by hand with stdout to $TMP/NAME.port (a new name,
# or a file removed first); sets PORT
wait_port() {
  wait_port_file "$TMP/$1.port" || fail "$2 $1 printed no port"
}
# serve NAME ARGS...: a cubegod server in the background; sets PORT
serve() {
  local name=$1; shift
  bg_server "$name" server "$CUBEGOD" serve --port 0 "$@"
}
# pyserve NAME ARGS...: app.py listening; sets PORT
pyserve() {
  local name=$1; shift
  bg_server "$name" "python server" python3 "$HERE/app.py" --listen 0 "$@"
}
# script_server NAME SCRIPT ARGS...: a Python server of the tests' own (strangers/*.py,
# first_word.py) in the background, its port in its own file; sets PORT and SPID
script_server() {
  local name=$1 script=$2; shift 2
  python3 "$script" --port-file "$TMP/$name.port" "$@" 2> "$TMP/$name.log" &
  SPID=$!
  PIDS+=("$SPID")
  wait_port "$name" "$(basename "$script")"
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
# many rounds as play passed; a lost one: as many rounds correct as play passed, the next wrong
# (or the server's verdict on it differs from replay's own check: a server that refused a right
# answer; or no round after them: a close; or the same reason for the loss). Either way replay decides the game's outcome as play did ("the game: won|lost").
replayed_same() {
  local name=$1 rec='' passed; shift
  while [ $# -gt 0 ]; do [ "$1" = --record ] && rec=${2:-}; shift; done
  [ -n "$rec" ] || return 0
  if [ "$RC" = 1 ]; then
    passed=$(sed -n 's/^\[-\] lost: \([0-9]*\) rounds* passed.*/\1/p' "$TMP/$name.out" | head -n 1)
    [ -n "$passed" ] || return 0 # lost before any round (a gate, a connection): nothing to judge
    "$CUBEGOD" replay "$rec" > "$TMP/$name.replay" 2>&1
    # lost before any answer (a menu that never showed a cube): replay finds no round either
    [ "$passed" = 0 ] && grep -q "no round found (no answer sent after a cube)" "$TMP/$name.replay" &&
      return 0
    grep -q "^the game: lost" "$TMP/$name.replay" ||
      fail "$name: play lost, replay of its transcript decided: $(grep "^the game:" "$TMP/$name.replay")"
    # the next round wrong; or no round after the passed ones (a close, a counter and no cube)
    grep -q ", $passed correct .*first wrong: round $((passed + 1))" "$TMP/$name.replay" ||
      grep -q "transcript, $passed rounds*, $passed correct" "$TMP/$name.replay" ||
      grep -qxF "the game: lost: $(sed -n 's/^\[-\] lost: [0-9]* rounds* passed; //p' "$TMP/$name.out" | head -n 1)" "$TMP/$name.replay" ||
      grep -A3 "^round $((passed + 1))[:/]" "$TMP/$name.replay" | grep -q "the server disagreed" ||
      fail "$name: play lost after $passed rounds, replay of its transcript judged: $(tail -n 3 "$TMP/$name.replay")"
    return 0
  fi
  [ "$RC" = 0 ] || return 0
  passed=$(sed -n 's/^\[+\] won: \([0-9]*\).*/\1/p' "$TMP/$name.out")
  "$CUBEGOD" replay "$rec" > "$TMP/$name.replay" 2>&1 ||
    fail "$name: play won, replay of its transcript with no options did not: $(tail -n 3 "$TMP/$name.replay")"
  [ -z "$passed" ] || grep -q ", $passed rounds*, $passed correct" "$TMP/$name.replay" ||
    fail "$name: play passed $passed rounds, replay judged: $(tail -n 2 "$TMP/$name.replay")"
  grep -q "^the game: won" "$TMP/$name.replay" ||
    fail "$name: play won, replay of its transcript decided: $(grep "^the game:" "$TMP/$name.replay")"
  # the engine sent, line for line, what play sent: the same walk
  ! grep -q "the engine and the recording part" "$TMP/$name.replay" ||
    fail "$name: replaying play's won game, $(grep "the engine and the recording part" "$TMP/$name.replay")"
}
