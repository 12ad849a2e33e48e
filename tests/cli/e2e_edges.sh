#!/usr/bin/env bash
# The command line at its edges: the smallest value an option takes is taken (serve
# --max-moves 0, --max-clients 1), a value below it or a missing one is a usage error (exit
# 2); replay --target home and any each change the verdict of an answer that leaves the cube
# solved but turned; order over empty input prints nothing; the benches' JSON reports what they
# ran (sim3's 100 data sets, half of them Yes; the 3x3 bench's metric, nodes and slowest time;
# jigsaw's puzzles, their text written whole).
. "$(dirname "$0")/lib.sh"

usage_error() { # WORDS ARGS...: cubegod ARGS exits 2 and says WORDS first
  local want=$1
  shift
  "$CUBEGOD" "$@" < /dev/null > /dev/null 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of cubegod $*"
  expect_eq "$(head -n1 "$TMP/err")" "$want" "cubegod $*"
}

# The least value taken: the error is the next option's, not this one's.
usage_error "cubegod serve: --rounds: '0' is not a whole number from 1 to 1000000" \
  serve --max-moves 0 --rounds 0
usage_error "cubegod serve: --rounds: '0' is not a whole number from 1 to 1000000" \
  serve --max-clients 1 --rounds 0
usage_error "cubegod serve: --max-clients: '0' is not a whole number from 1 to 100000" \
  serve --max-clients 0
usage_error "cubegod serve: --pow-difficulty: '0' is not a whole number from 1 to 100000" \
  serve --pow-difficulty 0
usage_error "cubegod solve: --time-limit: '-1' is not a whole number from 0 to 3600000" \
  solve --time-limit -1
usage_error "cubegod bench optimal: --cache needs a value" bench optimal --cache
usage_error "cubegod draw: --across needs a value" draw --across
usage_error "cubegod draw: --layout needs a value" draw --layout
usage_error "cubegod bench solve: --metric needs a value" bench solve --size 3 --metric

# turn with a layout that names no sticker: refused as such, not read as a cube.
printf 'nothing here\n' > "$TMP/layout.txt"
"$CUBEGOD" turn --layout "$TMP/layout.txt" R < "$(dirname "$0")/../../fixtures/faults/round.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "turn with a layout of no stickers"
expect_eq "$(cat "$TMP/err")" "cubegod turn: standard input: layout: the layout names no sticker: write each as its facelet name, U1 ... U9 R1 ... B9 (a 2x2: U1 ... B4), in Kociemba's numbering" "turn with a layout of no stickers"
expect_eq "$(cat "$TMP/out")" "" "turn with a layout of no stickers: nothing drawn"

# replay --target: an answer that solves the cube and then turns it whole (R L' on a 2x2) is
# correct for any orientation, not for home.
round="$(dirname "$0")/../../fixtures/faults/round.txt"
home=$("$CUBEGOD" solve --target home < "$round") || fail "solve --target home exited $?"
{ cat "$round"; echo "$home R L'"; } > "$TMP/turned.txt"
"$CUBEGOD" replay --target home "$TMP/turned.txt" > "$TMP/out" 2> /dev/null
expect_eq "$?" 1 "replay --target home of a turned cube"
expect_grep "^round 1/1: not solved, " "$TMP/out"
"$CUBEGOD" replay --target any "$TMP/turned.txt" > "$TMP/out" 2> /dev/null
expect_eq "$?" 0 "replay --target any of a turned cube"
expect_grep "^round 1/1: correct, " "$TMP/out"

expect_eq "$(printf '' | "$CUBEGOD" order)" "" "order over empty input"

check_json() { # NAME FILE PYTHON-CONDITION-ON-o
  python3 - "$2" "$3" <<'PY' || fail "$1: $(cat "$2")"
import json, sys
o = json.loads(open(sys.argv[1]).read())
assert eval(sys.argv[2]), sys.argv[2]
PY
}
"$CUBEGOD" bench sim3 -n 1 --ops 7 --json > "$TMP/sim3.json" || fail "bench sim3 exited $?"
check_json "bench sim3" "$TMP/sim3.json" 'o["data_sets"] == 100 and o["operations"] == 7 and o["yes"] == 50'
"$CUBEGOD" bench solve --size 3 -n 5 --json > "$TMP/solve3.json" || fail "bench solve --size 3 exited $?"
check_json "bench solve --size 3" "$TMP/solve3.json" \
  'o["metric"] == "htm" and o["mean_nodes"] > 0 and o["ms"]["max"] >= o["ms"]["p99"] >= o["ms"]["median"] > 0'
"$CUBEGOD" bench solve --size 3 -n 5 --metric qtm --json > "$TMP/solve3q.json" ||
  fail "bench solve --size 3 --metric qtm exited $?"
check_json "bench solve --size 3 --metric qtm" "$TMP/solve3q.json" 'o["metric"] == "qtm"'
# Enough puzzles that their text is well past a page: it must fit the buffer written for it.
"$CUBEGOD" bench jigsaw -n 20000 --json > "$TMP/jigsaw.json" || fail "bench jigsaw -n 20000 exited $?"
check_json "bench jigsaw -n 20000" "$TMP/jigsaw.json" \
  'o["puzzles"] == 20000 and o["solvable"] >= o["cut_from_solved"] == 10000 and o["whole_total_ms"] > 0'
echo "e2e_edges: all checks passed"
