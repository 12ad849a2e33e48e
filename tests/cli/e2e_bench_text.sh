#!/usr/bin/env bash
# needs: tables3 (bench solve --size 3 and bench net open the two-phase tables)
# The benchmarks as a person reads them: the text reports name what was run (counts, seeds,
# metric, limits) and their figures agree with each other; the 3x3 cubes a bench writes out are
# real cubes that `solve` answers, checked on an independent model; every option's bad value is
# refused with exit 2 and a message naming it, and an unwritable output file with exit 1.
# e2e_bench.sh checks the --json forms; this one the text and the options (small sizes: it checks
# what is printed, not the speed).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

field() { # FILE LABEL: the rest of the line that starts with LABEL, blanks squeezed
  sed -nE "s/^$2 +//p" "$1" | tr -s ' '
}

# ---- bench solve, 2x2 ------------------------------------------------------------------------
"$CUBEGOD" bench solve -n 200 --seed 5 --target any --cache "$CUBEGOD_CACHE" > "$TMP/s2" 2> "$TMP/err" ||
  fail "bench solve -n 200 exited $?: $(cat "$TMP/err")"
expect_eq "$(field "$TMP/s2" positions)" "200 uniformly random, one face hidden, target any, seed 5" "the 2x2 bench's first line"
expect_eq "$(field "$TMP/s2" 'wrong answers')" "0" "the 2x2 bench's wrong answers"
python3 - "$TMP/s2" <<'PY' || fail "the 2x2 bench's figures: $(cat "$TMP/s2")"
import re, sys
t = open(sys.argv[1]).read()
med, p99, p999, mx = map(float, re.search(r"median ([\d.]+) +p99 ([\d.]+) +p99\.9 ([\d.]+) +max ([\d.]+)", t).groups())
assert 0 < med <= p99 <= p999 <= mx, (med, p99, p999, mx)
mean, longest = re.search(r"solution length +mean ([\d.]+) +max (\d+)", t).groups()
assert 0 < float(mean) <= int(longest) <= 11, (mean, longest)
assert float(re.search(r"throughput +(\d+) positions/s", t).group(1)) > 0
assert re.search(r"table start-up +[\d.]+ ms \(loaded from cache\)", t), "the cache given was not loaded"
PY
"$CUBEGOD" bench solve -n 10 --target home > "$TMP/out" || fail "bench solve --target home exited $?"
expect_grep "target home, seed 1$" "$TMP/out"

# ---- bench solve, 3x3: text, metric, time limit ------------------------------------------------
"$CUBEGOD" bench solve --size 3 -n 3 --seed 4 --metric qtm --time-limit 5 --write-cubes "$TMP/cubes" \
  > "$TMP/s3" 2> "$TMP/err" || fail "bench solve --size 3 exited $?: $(cat "$TMP/err")"
expect_eq "$(field "$TMP/s3" cubes)" "3 uniformly random 3x3, seed 4, max 26 quarter turns, improving until the time limit, 1 thread" \
  "the 3x3 bench's first line"
expect_eq "$(field "$TMP/s3" 'time limit')" "5 ms per cube" "the 3x3 bench's time limit"
expect_eq "$(field "$TMP/s3" 'not solved')" "0" "the 3x3 bench's unsolved cubes"
expect_eq "$(field "$TMP/s3" 'wrong answers')" "0" "the 3x3 bench's wrong answers"
python3 - "$TMP/s3" <<'PY' || fail "the 3x3 bench's figures: $(cat "$TMP/s3")"
import re, sys
t = open(sys.argv[1]).read()
med, p90, p99, mx, mean = map(float, re.search(
    r"median ([\d.]+) +p90 ([\d.]+) +p99 ([\d.]+) +max ([\d.]+) +mean ([\d.]+)", t).groups())
assert 0 < med <= p90 <= p99 <= mx and mean <= mx, t
within = re.findall(r"(\d+) ms: (\d+) \(([\d.]+)%\)", t)
assert [w[0] for w in within] == ["1", "10", "100", "1000", "10000"], within
counts = [int(w[1]) for w in within]
assert counts == sorted(counts) and counts[-1] == 3, counts   # every cube within 10 s here
for _, c, share in within:
    assert abs(float(share) - 100.0 * int(c) / 3) < 0.06, (c, share)
mean_len, max_len = re.search(r"solution length +mean ([\d.]+) +max (\d+) \(quarter turns\)", t).groups()
assert 0 < float(mean_len) <= int(max_len) <= 26, (mean_len, max_len)
assert re.search(r"table start-up +[\d.]+ ms \(loaded from cache, [\d.]+ MB\)", t), "no cache line"
PY
# the same seed gives the same cubes to --facelets and --write-cubes; each is a cube solve answers
"$CUBEGOD" bench solve --size 3 -n 3 --seed 4 --facelets > "$TMP/facelets" || fail "--facelets exited $?"
cmp -s "$TMP/facelets" "$TMP/cubes" || fail "--facelets and --write-cubes differ for seed 4"
"$CUBEGOD" bench solve --size 3 -n 3 --seed 5 --facelets | cmp -s - "$TMP/facelets" &&
  fail "seeds 4 and 5 gave the same cubes"
"$CUBEGOD" solve --order URFDLB --line < "$TMP/cubes" > "$TMP/answers" 2> "$TMP/err" ||
  fail "solve refused the bench's cubes: $(cat "$TMP/err")"
PYTHONPATH="$ROOT/tests/cli" python3 - "$TMP/cubes" "$TMP/answers" <<'PY' || fail "the bench's cubes or their answers"
import sys
import cube3_model as m
cubes = open(sys.argv[1]).read().split("\n")[:-1]
answers = open(sys.argv[2]).read().split("\n")[:-1]
assert len(cubes) == len(answers) == 3, (cubes, answers)
for text, moves in zip(cubes, answers):
    assert len(text) == 54 and all(text.count(f) == 9 for f in "URFDLB"), text
    face = {f: text[9 * k:9 * k + 9] for k, f in enumerate("URFDLB")}
    assert all(face[f][4] == f for f in face), "a centre out of place: " + text
    state = list("".join(face[f] for f in m.FACES))   # the model's order, U D F B L R
    assert not m.is_solved(state), "a solved cube among random ones"
    assert m.is_solved(m.apply(state, moves)), (text, moves)
PY
"$CUBEGOD" bench solve --size 3 -n 1 --max-moves 0 --max-nodes 1 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "a 3x3 bench whose cube cannot be solved in 0 moves"
expect_grep "^not solved *1$" "$TMP/out"
expect_grep "cube 1: " "$TMP/err"

# ---- bench read3: the figures follow from the counts ------------------------------------------
"$CUBEGOD" bench read3 -n 4 --seed 2 --rounds 10 > "$TMP/r3" || fail "bench read3 exited $?"
expect_grep "^read3: 4 random cubes, each face hidden in turn: 24 views$" "$TMP/r3"
python3 - "$TMP/r3" <<'PY' || fail "bench read3's figures: $(cat "$TMP/r3")"
import re, sys
t = open(sys.argv[1]).read()
amb, share = re.search(r"ambiguous views +(\d+) \(([\d.]+)%\)", t).groups()
fits = {int(k): int(v) for k, v in re.findall(r" (\d+): (\d+)", t.split("cubes fitting")[1].split("\n")[0])}
most = int(re.search(r"\(most (\d+)\)", t).group(1))
assert sum(fits.values()) == 24 and fits.get(1, 0) == 24 - int(amb) and most == max(fits), (fits, amb, most)
assert abs(float(share) - 100 * int(amb) / 24) < 0.001, share
p = sum(v / k for k, v in fits.items()) / 24
right = float(re.search(r"pick right +([\d.]+)%", t).group(1))
assert abs(right - 100 * p) < 0.0001, (right, p)
anyamb, allright = map(float, re.search(r"game of 10 rounds: at least one ambiguous ([\d.]+)%; all right with pick ([\d.]+)%", t).groups())
assert abs(anyamb - 100 * (1 - (1 - int(amb) / 24) ** 10)) < 0.006, anyamb
assert abs(allright - 100 * p ** 10) < 0.006, allright
assert float(re.search(r"median rebuild +([\d.]+) us", t).group(1)) > 0
assert "FAILED" not in t
PY
"$CUBEGOD" bench read3 -n 2 --seed 2 --rounds 10 --json > "$TMP/r3.json" || fail "bench read3 --json exited $?"
python3 - "$TMP/r3.json" <<'PY' || fail "bench read3 --json: $(cat "$TMP/r3.json")"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["bench"] == "read3" and o["cubes"] == 2 and o["views"] == 12 and o["rounds"] == 10 and o["failed"] == 0, o
assert 0 <= o["ambiguous"] <= 12 and abs(o["ambiguous_share"] - o["ambiguous"] / 12) < 1e-9, o
assert o["max_fits"] >= 1 and (o["max_fits"] > 1) == (o["ambiguous"] > 0), o
assert abs(o["game_any_ambiguous"] - (1 - (1 - o["ambiguous_share"]) ** 10)) < 1e-5, o
assert abs(o["game_all_right_with_pick"] - o["pick_right_per_round"] ** 10) < 1e-5, o
assert o["median_us"] > 0
PY

# ---- bench net: the text report -----------------------------------------------------------------
"$CUBEGOD" bench net --games 1 --rounds 4 --seed 3 --cache "$CUBEGOD_CACHE" > "$TMP/net" 2> "$TMP/err" ||
  fail "bench net exited $?: $(cat "$TMP/err")"
expect_eq "$(field "$TMP/net" games)" "1 played (2x2), 1 won, 4 rounds answered (4 rounds each, alarm 1 s)" "bench net's first line"
for label in "wall per game" "client part" "  before send" "  of which solve" "bare send\(\)" "whole round"; do
  grep -Eq "^$label +median [0-9.]+ " "$TMP/net" || fail "bench net: no '$label' line: $(cat "$TMP/net")"
done
# the picture's y axis reaches 1/N of the rounds: down to 10 % for up to 10 rounds, 1 % for 12
svg_ticks() { # FILE: the y axis's labels, blank-separated
  python3 - "$1" <<'PY' || fail "bench net --svg $1"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
words = [t.text for t in root.iter() if t.tag.endswith("text")]
assert not any(w and ("nan" in w or "inf" in w) for w in words), words
print(" ".join(w for w in words if w and w.endswith("%")))
PY
}
for rounds in 1 12; do
  "$CUBEGOD" bench net --games 1 --rounds $rounds --svg "$TMP/r$rounds.svg" > /dev/null ||
    fail "bench net --rounds $rounds --svg exited $?"
  grep -qiE "='-?(nan|inf)" "$TMP/r$rounds.svg" && fail "a coordinate is not a number in $TMP/r$rounds.svg"
done
expect_eq "$(svg_ticks "$TMP/r1.svg")" "100% 10%" "the y axis of one round"
expect_eq "$(svg_ticks "$TMP/r12.svg")" "100% 10% 1%" "the y axis of twelve rounds"
"$CUBEGOD" bench net --games 1 --rounds 2 --svg "$TMP/no/such/dir/x.svg" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "bench net with an unwritable --svg"
expect_grep "bench net: --svg: cannot write $TMP/no/such/dir/x.svg" "$TMP/err"
expect_grep "^games .* 1 won, 2 rounds answered" "$TMP/out"

# ---- refusals: exit 2 and the option named; an unwritable file: exit 1 --------------------------
refuse() { # WANTED-TEXT ARGS...: exit 2, WANTED-TEXT on stderr, nothing on stdout
  local want=$1
  shift
  "$CUBEGOD" "$@" > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 2 "cubegod $* exit status"
  expect_grep "$want" "$TMP/err"
  [ ! -s "$TMP/out" ] || fail "cubegod $* printed: $(cat "$TMP/out")"
}
refuse "--size needs a value (2 or 3)" bench solve --size
refuse "--size" bench solve --size 4
refuse "no benchmark 'nosuch'" bench nosuch
refuse "--seed" bench solve --seed -1
refuse "--seed" bench solve --seed x
refuse "--seed" bench solve --size 3 --seed -1
refuse "--max-moves" bench solve --size 3 --max-moves 99
refuse "--max-nodes" bench solve --size 3 --max-nodes -2
refuse "--time-limit" bench solve --size 3 --time-limit 3600001
refuse "--metric: 'half' is not htm or qtm" bench solve --size 3 --metric half
refuse "--threads" bench solve --size 3 --threads 0
refuse "--cache" bench solve --size 3 --cache
refuse "--write-cubes" bench solve --size 3 --write-cubes
refuse "--target" bench solve --target nowhere
refuse "--cache" bench solve --cache
refuse "did you mean '--seed'" bench solve --sead 3
refuse "did you mean '--seed'" bench solve --size 3 --sead 3
refuse "--seed" bench net --seed -5
refuse "--size" bench net --size 4
refuse "did you mean '--rebuild'" tables --size 3 --rebiuld
refuse "--cache" tables --size 3 --cache
refuse "--rounds" bench read3 --rounds 0
"$CUBEGOD" bench solve --size 3 -n 1 --write-cubes "$TMP/no/such/dir/cubes" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "an unwritable --write-cubes"
expect_grep "bench solve: --write-cubes $TMP/no/such/dir/cubes: No such file or directory" "$TMP/err"
echo "e2e_bench_text: all checks passed"
