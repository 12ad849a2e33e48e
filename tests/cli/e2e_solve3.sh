# cubegod solve on 3x3 input: sizes told apart by what is read, every impossibility reported
# with its puzzle number and line, --order, --ambiguous, --explain, and answers from the
# two-phase solver checked by applying them to an independent model (cube3_model.py).
# needs: tables3 (the 3x3 two-phase tables fixture)
. "$(dirname "$0")/lib.sh"
MODEL_DIR=$(cd "$(dirname "$0")" && pwd)

# 1. The error fixture through the command: one '!' per line, each message with its line.
grep -v '^#' "$FIXTURES/puzzle3/lines.txt" | cut -f1 > "$TMP/in"
n=$(wc -l < "$TMP/in")
"$CUBEGOD" solve --line < "$TMP/in" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with bad 3x3 lines"
expect_eq "$(wc -l < "$TMP/out")" "$n" "one output line per input line"
i=0
grep -v '^#' "$FIXTURES/puzzle3/lines.txt" | cut -f2 | while IFS= read -r want; do
  i=$((i + 1))
  if [ -z "$want" ]; then # a solved cube: an empty answer, no message
    expect_eq "$(sed -n "${i}p" "$TMP/out")" "" "answer to fixture line $i"
    grep -qF "(line $i):" "$TMP/err" && fail "line $i: unexpected message"
    continue
  fi
  grep -F "puzzle $i (line $i): " "$TMP/err" | grep -qF "$want" ||
    fail "line $i: expected '$want' in: $(grep -F "(line $i):" "$TMP/err")"
done || exit 1

# 2. Kociemba's order: the fixture line reads as the cube after R; in the default order it does
#    not make a cube. --explain shows the pieces the R turn moved.
"$CUBEGOD" solve --line --order URFDLB --explain < "$FIXTURES/puzzle3/after-R.urfdlb" > "$TMP/out" 2> "$TMP/err"
expect_grep "a 3x3; U=W D=Y F=G B=B L=O R=R; 1 cube fits" "$TMP/err"
expect_grep "UR<-FR" "$TMP/err"
expect_grep "ULB<-ULB" "$TMP/err"
expect_eq "$(cat "$TMP/out")" "R'" "the one-move answer to R"
"$CUBEGOD" solve --line < "$FIXTURES/puzzle3/after-R.urfdlb" > "$TMP/out" 2> "$TMP/err"
expect_eq "$(cat "$TMP/out")" "R'" "with no --order, the one common order that gives a cube"
"$CUBEGOD" solve --line --order UDFBLR < "$FIXTURES/puzzle3/after-R.urfdlb" > "$TMP/out" 2> "$TMP/err"
expect_grep "which no corner of the cube has" "$TMP/err"
"$CUBEGOD" solve --line --order URFDL < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --order"
expect_grep "face order 'URFDL' has 5 letters" "$TMP/err"

# 3. Boxes with CRLF and odd spacing, then a run that mixes a 2x2 box into a 3x3 run.
"$CUBEGOD" solve --explain "$FIXTURES/puzzle3/boxes-crlf.txt" > "$TMP/out" 2> "$TMP/err"
expect_grep "puzzle 1 (line 37): a 3x3; U=W" "$TMP/err"
printf 'Face U:\n+-------+\n| U U U |\n| U U U |\n| U U U |\n+-------+\nFace D:\n+-----+\n| D D |\n' |
  "$CUBEGOD" solve > "$TMP/out" 2> "$TMP/err"
expect_grep "puzzle 1 (line 9): Face D: line 2 is a row of a 2x2 but the run's first box is a 3x3" "$TMP/err"

# 4. An ambiguous view: the U layer hidden (the U face and the top row of each side) leaves the
#    U layer's eight pieces free among themselves.
line='?????????DDDDDDDDD???FFFFFF???BBBBBB???LLLLLL???RRRRRR'
echo "$line" | "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_grep "cubes fit what is shown" "$TMP/err"
echo "$line" | "$CUBEGOD" solve --line --ambiguous pick --explain > "$TMP/out" 2> "$TMP/err"
expect_grep "cubes fit" "$TMP/err"
[ "$(cat "$TMP/out")" != "!" ] || fail "--ambiguous pick gave no answer"
"$CUBEGOD" solve --ambiguous maybe < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --ambiguous"
expect_grep "'maybe' is not pick or fail" "$TMP/err"
# 5. Random scrambles written by the independent model, half of them in Kociemba's order: every
#    answer has at most 20 moves and solves the model's cube; --json and --time-limit too.
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the scrambles"
import random, sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
random.seed(3)
with open(sys.argv[1] + "/scr", "w") as a, open(sys.argv[1] + "/in.udfblr", "w") as b, \
        open(sys.argv[1] + "/in.urfdlb", "w") as c:
    for k in range(16):
        moves = " ".join(random.choice("UDFBLR") + random.choice(["", "2", "'"]) for _ in range(25))
        st = m.apply(m.solved(), moves)
        a.write(moves + "\n")
        (b if k % 2 == 0 else c).write(m.line(st, "UDFBLR" if k % 2 == 0 else "URFDLB") + "\n")
PY
"$CUBEGOD" solve --line < "$TMP/in.udfblr" > "$TMP/ans.udfblr" 2> "$TMP/err" || fail "solve failed: $(cat "$TMP/err")"
"$CUBEGOD" solve --line --order URFDLB < "$TMP/in.urfdlb" > "$TMP/ans.urfdlb" 2> "$TMP/err" ||
  fail "solve --order URFDLB failed: $(cat "$TMP/err")"
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "an answer does not solve its cube"
import sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
t = sys.argv[1]
scr = open(t + "/scr").read().splitlines()
ans = [open(t + "/ans.udfblr").read().splitlines(), open(t + "/ans.urfdlb").read().splitlines()]
assert len(ans[0]) == 8 and len(ans[1]) == 8, "eight answers each"
for k, s in enumerate(scr):
    a = ans[k % 2][k // 2]
    assert len(a.split()) <= 20, (k, a)
    assert m.is_solved(m.apply(m.apply(m.solved(), s), a)), (k, s, a)
PY
# --time-limit: the answer is the shortest found in that time, checked like the others; a build
# too slow to find any in the time (sanitizers, valgrind) must say so, not answer wrongly.
head -2 "$TMP/in.udfblr" | "$CUBEGOD" solve --line --time-limit 300 > "$TMP/ans.tl" 2> "$TMP/err.tl"
expect_eq "$(wc -l < "$TMP/ans.tl")" 2 "answers with --time-limit"
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "a --time-limit answer is wrong: $(cat "$TMP/err.tl")"
import sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
t = sys.argv[1]
scr = open(t + "/scr").read().splitlines()
err = open(t + "/err.tl").read()
for k, a in enumerate(open(t + "/ans.tl").read().splitlines()):
    if a == "!":
        assert "before the time limit" in err, err
        continue
    assert len(a.split()) <= 20, a
    assert m.is_solved(m.apply(m.apply(m.solved(), scr[2 * k]), a)), (k, a)
PY
# --threads: two and six threads answer every cube within 20 moves, checked by the model; a
# count outside 1 to 6 is refused by name.
for th in 2 6; do
  "$CUBEGOD" solve --line --threads $th < "$TMP/in.udfblr" > "$TMP/ans.th$th" \
    2> "$TMP/err" || fail "solve --threads $th failed: $(cat "$TMP/err")"
done
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "a --threads answer is wrong"
import sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
t = sys.argv[1]
scr = open(t + "/scr").read().splitlines()
for th in (2, 6):
    ans = open(t + "/ans.th%d" % th).read().splitlines()
    assert len(ans) == 8, (th, ans)
    for k, a in enumerate(ans):
        assert len(a.split()) <= 20, (th, a)
        assert m.is_solved(m.apply(m.apply(m.solved(), scr[2 * k]), a)), (th, k, a)
PY
"$CUBEGOD" solve --line --threads 7 < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "--threads 7"
expect_grep "threads: '7' is not a whole number from 1 to 6" "$TMP/err"
head -1 "$TMP/in.udfblr" | "$CUBEGOD" solve --line --json > "$TMP/out" 2> "$TMP/err"
grep -q '^{"puzzle":1,"file":"-","line":1,"moves":"[^"]*","count":[0-9]*}$' "$TMP/out" || fail "json: $(cat "$TMP/out")"
head -1 "$TMP/in.udfblr" | "$CUBEGOD" solve --line --max-moves 2 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "--max-moves 2 on a scrambled 3x3"
expect_eq "$(cat "$TMP/out")" "!" "--max-moves 2 answer"
expect_grep "puzzle 1 (line 1): " "$TMP/err"
# 6. --optimal, when the optimal solver's full tables are in the test cache folder (300 MB and a
#    minute to build: `cubegod tables --optimal --cache build/cache/optimal.tbl`; not built by the
#    suite). Short scrambles: each answer solves the cube and is no longer than its scramble; a
#    one-move scramble gets a one-move answer. A proof cut short by --time-limit still answers.
opt_tbl="$(dirname "${CUBEGOD_CACHE:-/nonexistent/x}")/optimal.tbl"
if [ -f "$opt_tbl" ]; then
  python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the short scrambles"
import random, sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
random.seed(5)
with open(sys.argv[1] + "/oscr", "w") as a, open(sys.argv[1] + "/oin", "w") as b:
    for n in (1, 3, 5, 7, 8):
        moves = " ".join(random.choice("UDFBLR") + random.choice(["", "2", "'"]) for _ in range(n))
        a.write(moves + "\n")
        b.write(m.line(m.apply(m.solved(), moves)) + "\n")
PY
  "$CUBEGOD" solve --line --optimal < "$TMP/oin" > "$TMP/oans" 2> "$TMP/err" || fail "solve --optimal: $(cat "$TMP/err")"
  python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "an --optimal answer is wrong"
import sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
t = sys.argv[1]
scr = open(t + "/oscr").read().splitlines()
ans = open(t + "/oans").read().splitlines()
assert len(ans) == len(scr)
for s, a in zip(scr, ans):
    assert len(a.split()) <= len(s.split()), (s, a)
    assert m.is_solved(m.apply(m.apply(m.solved(), s), a)), (s, a)
assert len(ans[0].split()) == 1, ans[0]
PY
  head -1 "$TMP/in.udfblr" | "$CUBEGOD" solve --line --optimal --time-limit 1 > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 0 "--optimal with a tiny time limit still answers"
  [ "$(cat "$TMP/out")" != "!" ] || fail "--optimal --time-limit 1 gave no answer"
  if grep -q "not proven optimal" "$TMP/err"; then expect_grep "the answer is the two-phase solver's" "$TMP/err"; fi
else
  echo "e2e_solve3: --optimal not checked: no $opt_tbl"
fi
# 7. --metric qtm: the two-phase solver counts quarter turns, at most 26 by default; every
#    answer, its quarter turns counted here (a half turn 2), is within the limit and solves the
#    model's cube, where the half-turn answers to the same cubes overrun 26 for some; in quarter
#    notation each half turn is written as two; --max-moves counts quarter turns; --optimal
#    (half turns only) is refused.
"$CUBEGOD" solve --line --metric qtm < "$TMP/in.udfblr" > "$TMP/ans.qtm" 2> "$TMP/err" ||
  fail "solve --metric qtm failed: $(cat "$TMP/err")"
"$CUBEGOD" solve --line --metric qtm --notation quarter < "$TMP/in.udfblr" > "$TMP/ans.qtmq" 2> "$TMP/err" ||
  fail "solve --metric qtm --notation quarter failed: $(cat "$TMP/err")"
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "a --metric qtm answer is wrong"
import sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
t = sys.argv[1]
scr = open(t + "/scr").read().splitlines()[0::2]
qtm = lambda a: sum(2 if x.endswith("2") else 1 for x in a.split())
for name in ("ans.qtm", "ans.qtmq"):
    ans = open(t + "/" + name).read().splitlines()
    assert len(ans) == len(scr), (name, ans)
    for s, a in zip(scr, ans):
        assert qtm(a) <= 26, (name, a, qtm(a))
        assert m.is_solved(m.apply(m.apply(m.solved(), s), a)), (name, s, a)
        if name == "ans.qtmq":
            assert "2" not in a, a
htm = open(t + "/ans.udfblr").read().splitlines()
assert max(qtm(a) for a in htm) > 26, [qtm(a) for a in htm]
PY
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the quarter-turn scrambles"
import random, sys
sys.path.insert(0, sys.argv[2])
import cube3_model as m
random.seed(7)
with open(sys.argv[1] + "/qscr", "w") as a, open(sys.argv[1] + "/qin", "w") as b:
    for n in (3, 6, 9):  # n quarter turns, half turns among them
        moves, cost = [], 0
        while cost < n:
            mv = random.choice("UDFBLR") + random.choice(["", "2", "'"])
            c = 2 if mv.endswith("2") else 1
            if cost + c <= n:
                moves.append(mv)
                cost += c
        a.write(" ".join(moves) + "\n")
        b.write(m.line(m.apply(m.solved(), " ".join(moves))) + "\n")
PY
i=0
while IFS= read -r s; do
  i=$((i + 1))
  k=$(echo "$s" | awk '{ for (j = 1; j <= NF; j++) n += ($j ~ /2$/) ? 2 : 1; print n }')
  a=$(sed -n "${i}p" "$TMP/qin" | "$CUBEGOD" solve --line --metric qtm --max-moves "$k" 2> "$TMP/err") ||
    fail "a scramble of $k quarter turns not solved within $k: $(cat "$TMP/err")"
  n=$(echo "$a" | awk '{ for (j = 1; j <= NF; j++) n += ($j ~ /2$/) ? 2 : 1; print n + 0 }')
  [ "$n" -le "$k" ] || fail "scramble '$s' ($k quarter turns) answered with '$a' ($n)"
done < "$TMP/qscr"
echo "$(sed -n 3p "$TMP/qin")" | "$CUBEGOD" solve --line --metric qtm --max-moves 2 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "--metric qtm --max-moves 2 on a 9-quarter-turn scramble"
expect_grep "no solution of at most 2 quarter turns exists" "$TMP/err"
head -1 "$TMP/in.udfblr" | "$CUBEGOD" solve --line --optimal --metric qtm > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "--optimal --metric qtm"
expect_grep "optimal counts half turns only" "$TMP/err"
[ -s "$TMP/out" ] && fail "--optimal --metric qtm answered: $(cat "$TMP/out")"
echo "e2e_solve3: ok"
