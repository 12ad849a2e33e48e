#!/usr/bin/env bash
# needs: tables3 (bench solve --size 3 opens the two-phase tables)
# The lines of the benchmarks' text reports that e2e_bench_text.sh does not read, and the
# options that change what a bench runs (small sizes: what is printed, not the speed):
#   - bench solve, both sizes, report the process's peak memory, a figure of megabytes;
#   - bench solve --size 3 makes 1000 cubes when -n is not given (--facelets prints them);
#   - bench net --alarm is the alarm of the server it plays: one of a microsecond loses the game
#     (exit 1, 0 won, the game named on standard error) where the default 1 s would win it; the
#     bare send() floor is measured, not zero;
#   - bench read3 refuses -n 0 (no cubes, no figures) with exit 2 and the range;
#   - the defaults said: bench solve (2x2) times 100000 positions, bench order 5 runs; bench net
#     --json has each of its latencies, the time before the send among them;
#   - bench optimal's values refused before its 300 MB tables are opened (exit 2, the range),
#     a valued option given no value (bench solve --target, tables --metric) exit 2;
#   - where memory is capped (ulimit -v; not under a sanitizer or valgrind): bench pow whose
#     search threads cannot start says so and exits 1, and tables --optimal says the tables do
#     not fit (exit 1) rather than building them.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}" "${CUBEGOD_CACHE:?}"

field() { # FILE LABEL: the rest of the line that starts with LABEL, blanks squeezed
  sed -nE "s/^$2 +//p" "$1" | tr -s ' '
}
# peak FILE WHAT: the report's peak memory line is 'N MB resident', N at least 1 (the process
# holds a solver table of 22 MB or more) and below 100000
peak() {
  local line
  line=$(field "$1" "peak memory")
  echo "$line" | grep -qxE "[0-9]+\.[0-9] MB resident" || fail "$2: peak memory line '$line': $(cat "$1")"
  awk -v v="${line%% *}" 'BEGIN { exit !(v >= 1 && v < 100000) }' || fail "$2: peak memory $line"
}

# ---- bench solve: the peak memory of each size ---------------------------------------------------
"$CUBEGOD" bench solve -n 20 --cache "$CUBEGOD_CACHE" > "$TMP/s2" 2> "$TMP/err" ||
  fail "bench solve -n 20 exited $?: $(cat "$TMP/err")"
peak "$TMP/s2" "bench solve"
"$CUBEGOD" bench solve --size 3 -n 2 > "$TMP/s3" 2> "$TMP/err" ||
  fail "bench solve --size 3 -n 2 exited $?: $(cat "$TMP/err")"
peak "$TMP/s3" "bench solve --size 3"
expect_eq "$(awk -F '  +' '{ printf "%s,", $1 }' "$TMP/s3")" \
  "cubes,time (ms),solved within,solution length,search nodes,table start-up,peak memory,not solved,wrong answers," \
  "the 3x3 bench's lines"

# ---- bench solve --size 3: 1000 cubes by default ---------------------------------------------------
"$CUBEGOD" bench solve --size 3 --facelets > "$TMP/facelets" || fail "bench solve --size 3 --facelets exited $?"
expect_eq "$(wc -l < "$TMP/facelets")" 1000 "cubes of bench solve --size 3 without -n"
expect_eq "$(grep -cxE '[URFDLB]{54}' "$TMP/facelets")" 1000 "facelet lines of bench solve --size 3 without -n"
"$CUBEGOD" bench solve --size 3 -n 3 --facelets | cmp -s - <(head -n 3 "$TMP/facelets") ||
  fail "the first 3 of the default 1000 cubes are not those of -n 3"

# ---- bench net --alarm: the server's alarm --------------------------------------------------------
# A round passes only when the client's answer is in before the server looks for it: with an alarm
# of a microsecond, when the server's thread was held after its send (about one round in eight
# here); twenty rounds in a row, never. Under valgrind, which runs one thread at a time, the
# answer is often in first: the outcome is checked by the release and ASan runs.
"$CUBEGOD" bench net --games 1 --rounds 20 --alarm 0.000001 --cache "$CUBEGOD_CACHE" > "$TMP/net" 2> "$TMP/err"
rc=$?
if [ -z "${CUBEGOD_SLOW_TOOLS:-}" ]; then
  expect_eq "$rc" 1 "bench net with an alarm of a microsecond"
  field "$TMP/net" games | grep -qxE "1 played \(2x2\), 0 won, [0-9]+ rounds answered \(20 rounds each, alarm 1e-06 s\)" ||
    fail "bench net's games line with an alarm of a microsecond: $(cat "$TMP/net")"
  grep -q "^cubegod bench net: game 1" "$TMP/err" || fail "the lost game is not named: $(cat "$TMP/err")"
fi
# the floor under the client's part: one loopback send() takes some time, always
bare=$(field "$TMP/net" 'bare send\(\)')
echo "$bare" | grep -qE "^median [0-9.]+ us p99 [0-9.]+ us max [0-9.]+ us" || fail "bare send line: $bare"
awk -v m="$(echo "$bare" | cut -d' ' -f2)" 'BEGIN { exit !(m > 0) }' || fail "bare send() median is 0: $bare"

# ---- bench read3 -n 0 ------------------------------------------------------------------------------
"$CUBEGOD" bench read3 -n 0 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bench read3 -n 0"
expect_eq "$(head -n1 "$TMP/err")" "cubegod bench read3: -n: '0' is not a whole number from 1 to 10000000" "bench read3 -n 0"
[ ! -s "$TMP/out" ] || fail "bench read3 -n 0 printed: $(cat "$TMP/out")"

# ---- the defaults -----------------------------------------------------------------------------------
"$CUBEGOD" bench solve --cache "$CUBEGOD_CACHE" > "$TMP/s2d" 2> "$TMP/err" ||
  fail "bench solve without -n exited $?: $(cat "$TMP/err")"
expect_eq "$(field "$TMP/s2d" positions)" "100000 uniformly random, one face hidden, target auto, seed 1" \
  "the 2x2 bench without -n"
"$CUBEGOD" bench order -n 10 --json > "$TMP/order.json" || fail "bench order -n 10 --json exited $?"
python3 - "$TMP/order.json" <<'PY' || fail "bench order without -r: $(cat "$TMP/order.json")"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["runs"] == 5 and o["moves"] == 10 and o["order"] == 18, o
PY
"$CUBEGOD" bench net --games 1 --rounds 2 --json --cache "$CUBEGOD_CACHE" > "$TMP/net.json" 2> "$TMP/err" ||
  fail "bench net --json exited $?: $(cat "$TMP/err")"
python3 - "$TMP/net.json" <<'PY' || fail "bench net --json: $(cat "$TMP/net.json")"
import json, sys
o = json.load(open(sys.argv[1]))
lat = ["wall_per_game_ms", "client_part_us", "before_send_us", "solve_us", "bare_send_us", "whole_round_us"]
assert list(o) == ["bench", "size", "games", "won", "rounds_answered", "rounds_per_game", "alarm_s"] + lat, list(o)
for k in lat:
    assert list(o[k]) == ["median", "p99", "p999", "max"] and 0 < o[k]["median"] <= o[k]["max"], (k, o[k])
# the answer is ready before it is sent, and the solve is part of that
assert o["solve_us"]["median"] <= o["before_send_us"]["median"] <= o["client_part_us"]["median"], o
PY

# ---- refusals before anything is opened ----------------------------------------------------------------
refuse() { # WANT ARGS...: exit 2, WANT (a fixed string) the first line of stderr, stdout empty
  local want=$1
  shift
  "$CUBEGOD" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of 'cubegod $*'"
  expect_eq "$(head -n1 "$TMP/err")" "$want" "'cubegod $*' said"
  [ ! -s "$TMP/out" ] || fail "'cubegod $*' printed: $(cat "$TMP/out")"
}
refuse "cubegod bench optimal: --depth: '21' is not a whole number from 1 to 20" bench optimal --depth 21
refuse "cubegod bench optimal: --time-limit: '0' is not a whole number from 1 to 86400000" \
  bench optimal --time-limit 0
refuse "cubegod bench solve: --target needs a value" bench solve --target
refuse "cubegod tables: --metric needs a value" tables --metric

# ---- memory capped: what cannot be had is said, exit 1 -------------------------------------------------
# 200 MB of address space: the program runs, 256 search threads of 8 MB stacks cannot all start,
# the optimal tables (300 MB) cannot be allocated. A sanitizer's or valgrind's process does not
# start under such a cap (the probe), and those runs are skipped.
if [ -z "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ] && (ulimit -v 200000 && exec "$CUBEGOD" --version) > /dev/null 2>&1; then
  (ulimit -s 8192 2> /dev/null; ulimit -v 200000 && exec "$CUBEGOD" bench pow --threads 256 --runs 1 --difficulty 1) \
    > "$TMP/pow" 2> "$TMP/err"
  expect_eq "$?" 1 "bench pow whose threads cannot start"
  expect_eq "$(head -n1 "$TMP/err")" \
    "cubegod bench pow: sha256 space: expected no answer, got: sha256 prefix, 4 unknown of 62 characters (14776336 candidates): could not start 256 search threads" \
    "bench pow whose threads cannot start"
  expect_eq "$(head -n1 "$TMP/pow")" "threads: 256" "bench pow's first line"
  mkdir "$TMP/opt"
  (ulimit -v 200000 && CUBEGOD_CACHE=$TMP/opt/pocket.tbl exec "$CUBEGOD" tables --optimal) > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 1 "tables --optimal without the memory"
  expect_eq "$(cat "$TMP/err")" "cubegod tables: no memory for the optimal solver's 299557440-byte tables" \
    "tables --optimal without the memory"
  [ -z "$(ls -A "$TMP/opt")" ] || fail "tables --optimal without the memory wrote $(ls "$TMP/opt")"
fi
echo "e2e_bench_report: all checks passed"
