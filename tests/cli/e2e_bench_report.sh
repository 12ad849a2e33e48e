#!/usr/bin/env bash
# needs: tables3 (bench solve --size 3 opens the two-phase tables)
# The lines of the benchmarks' text reports that e2e_bench_text.sh does not read, and the
# options that change what a bench runs (small sizes: what is printed, not the speed):
#   - bench solve, both sizes, report the process's peak memory, a figure of megabytes;
#   - bench solve --size 3 makes 1000 cubes when -n is not given (--facelets prints them);
#   - bench net --alarm is the alarm of the server it plays: one of a microsecond loses the game
#     (exit 1, 0 won, the game named on standard error) where the default 1 s would win it; the
#     bare send() floor is measured, not zero;
#   - bench read3 refuses -n 0 (no cubes, no figures) with exit 2 and the range.
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
echo "e2e_bench_report: all checks passed"
