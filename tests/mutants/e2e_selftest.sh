#!/usr/bin/env bash
# The self-test of ./run.sh mutants --since (tests/tools/automutate.py): on a tiny project
# (tests/mutants/selftest, made a git repository here: a base commit without src/age.c, then the
# commit that adds it), the planted boundary `age >= 18` mutated to `>` must be reported as a
# survivor when the test map gives the file only the test that misses the boundary, and as killed
# when the map adds the test that checks it; the mutant marked in equivalent.txt is not run; the
# dead store's mutants (src/spare.c) compile to the same object code and are not tested.
# Then the per-test coverage map (issue 44): it gives the planted line both tests and
# clamp_positive's line only test_weak; once test_weak stops calling clamp_positive, a new map
# drops it from that line (no test executes it: its mutants survive at no cost), and the results
# cache keeps the kills whose killer did not change while it reruns those test_weak made. An
# `else if` line takes the tests of its chain's head.
# Seconds: thirteen mutants of three small functions (and their survivors again), each built and
# run in a copy of them; two gcov builds.
set -u
: "${CUBEGOD_SOURCE:?}"
if [ -n "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ]; then
  echo "skipped: checks a tool of run.sh, not cubegod's code (the release run has it)"; exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
P="$TMP/project"
cp -r "$CUBEGOD_SOURCE/tests/mutants/selftest" "$P"
git_() { git -C "$P" -c user.name=selftest -c user.email=selftest@localhost "$@"; }
git_ init -q && git_ add CMakeLists.txt tests && git_ commit -qm base && git_ add src &&
  git_ commit -qm planted || fail "cannot make the fixture's git repository"
export CUBEGOD_MUTANTS_DIR="$TMP/mutants"
run() { # MAP [ARGS...]: the tool's output in $TMP/out, its exit status in $RC
  local map=$1; shift
  "$CUBEGOD_SOURCE/run.sh" mutants --since HEAD~1 --root "$P" --map "$P/$map" \
    --equivalent "$P/equivalent.txt" "$@" > "$TMP/out" 2>&1
  RC=$?
  cat "$TMP/out"
}
planted="src/age.c:4  \[[0-9a-f]{10}\] rel: '>=' -> '>'"

run map-weak.txt --no-covmap --no-results
[ "$RC" = 1 ] || fail "survivors must make the run fail (exit $RC)"
grep -Eq "^$planted in: return age >= 18;" "$TMP/out" || fail "the planted boundary not reported as a survivor"
grep -q "^generated 13, equivalent 1, the same object code 2, did not build 0, killed 7 (0 by a timeout), survived 3 " "$TMP/out" ||
  fail "wrong counts with the weak test only"
grep -q "2d1d220089" "$TMP/out" && fail "the mutant marked equivalent was run"
[ "$(grep -c '^m[0-9]* src/spare.c:4  the same object code ' "$TMP/out")" = 2 ] ||
  fail "the dead store's two mutants not found to compile to the same code"
grep -Eq '^m[0-9]* src/spare.c:6  killed by selftest_weak' "$TMP/out" ||
  fail "a mutant that changes the code was taken for the same code"

# the survivors again (--keys: only they, as the others' outcomes cannot change), with the map
# that adds the test of the boundary
survivors=$(sed -nE 's/^src\/age\.c:4  \[([0-9a-f]{10})\].*/\1/p' "$TMP/out" | paste -sd, -)
[ "$(tr -cd , <<< "$survivors")" = ",," ] || fail "not three survivors on the planted line: '$survivors'"
run map-both.txt --no-covmap --no-results --keys "$survivors"
[ "$RC" = 0 ] || fail "no survivor, yet exit $RC"
[ "$(grep -Ec "^m[0-9]* src/age.c:4  killed by selftest_edge" "$TMP/out")" = 3 ] ||
  fail "the boundary test did not kill the planted mutants"
grep -q "^generated 3, equivalent 0, the same object code 0, did not build 0, killed 3 (0 by a timeout), survived 0 " "$TMP/out" ||
  fail "wrong counts with both tests"
echo "ok: the planted fault survives without its test and is killed with it"

# the coverage map: each line's tests are those that executed it (map-weak.txt is ignored)
MAP="$TMP/mutants/covmap.json"
RESULTS="$TMP/results.tsv"
tests_at() { python3 "$CUBEGOD_SOURCE/tests/tools/covmap.py" tests "$MAP" src/age.c "$1" | cut -d' ' -f1 | sort | paste -sd' '; }
run map-weak.txt --remap --results "$RESULTS"
[ "$(tests_at 4)" = "selftest_edge selftest_weak" ] || fail "line 4 executed by: '$(tests_at 4)'"
[ "$(tests_at 9)" = "selftest_weak" ] || fail "line 9 executed by: '$(tests_at 9)'"
[ "$RC" = 0 ] || fail "with the map both tests run on the planted line, yet exit $RC"
grep -Eq "src/age.c:4  killed by selftest_edge" "$TMP/out" || fail "the map's tests did not kill the planted mutant"
grep -q "^generated 13, equivalent 1, the same object code 2, did not build 0, killed 10 (0 by a timeout), survived 0 (0 on lines no test executes); 0 from the results cache" "$TMP/out" ||
  fail "wrong counts with the coverage map"
[ "$(grep -c $'\tkilled\t' "$RESULTS")" = 10 ] || fail "the results cache does not hold the 10 kills"
[ "$(grep -c $'\tsame\tsrc/spare.c@' "$RESULTS")" = 2 ] || fail "the results cache does not hold the 2 same-code mutants"

# test_weak stops executing clamp_positive: a new map drops it from line 9
sed -i 's/clamp_positive(5) == 5 &&/1 \&\&/; s/clamp_positive(1) == 1 && clamp_positive(-3) == 0/1/' "$P/tests/test_weak.c"
grep -q 'clamp_positive(5)' "$P/tests/test_weak.c" && fail "the fixture's edit did not apply"
run map-weak.txt --remap --results "$RESULTS"
[ "$(tests_at 4)" = "selftest_edge selftest_weak" ] || fail "after the edit, line 4 executed by: '$(tests_at 4)'"
[ -z "$(tests_at 9)" ] || fail "test_weak no longer calls clamp_positive, yet line 9 lists '$(tests_at 9)'"
[ "$RC" = 1 ] || fail "line 9's mutants must now survive (exit $RC)"
grep -Eq "^src/age.c:9  .*\(no test executes it\)" "$TMP/out" || fail "line 9's survivors not reported as executed by no test"
# line 4's kills by selftest_edge are kept (its source did not change); line 9's were test_weak's
grep -Eq "survived [1-9] \([1-9] on lines no test executes\); [1-9] from the results cache" "$TMP/out" ||
  fail "wrong counts after test_weak's edit"
grep -q '^m[0-9]* src/spare.c:4  the same object code' "$TMP/out" && fail "the same-code mutants compiled again, not taken from the cache"
echo "ok: a test that stops executing a line drops out of its entry; the cache kept the kills of the unchanged test"

# a line inside a function that gcov does not know (the dead store the optimiser dropped, and
# the '(void)' after it) takes the tests of the known lines around it in that function: twice()
# is test_weak's only; a made-up function shows the rule (a folded line between a branch that
# one test runs and a line both run takes both)
tests_of() { python3 "$CUBEGOD_SOURCE/tests/tools/covmap.py" tests "$MAP" "$1" "$2" | cut -d' ' -f1 | sort | paste -sd' '; }
[ "$(tests_of src/spare.c 4)" = "selftest_weak" ] || fail "the dead store's line executed by: '$(tests_of src/spare.c 4)'"
python3 - "$CUBEGOD_SOURCE/tests/tools" <<'PY' || fail "the rule for lines gcov does not know"
import sys
sys.path.insert(0, sys.argv[1])
from covmap import fill_folded
lines = {10: [0, 1], 11: [0], 14: [0, 1], 30: [2]}
known = {10, 11, 14, 30, 33}
fill_folded(lines, known, {(10, 15), (30, 33)})
assert lines[12] == [0, 1] and lines[13] == [0, 1], lines  # between 11 (test 0) and 14 (both)
assert lines[31] == [2] and 15 not in lines, lines  # inside a function only
assert {12, 13, 31, 32} <= known and 20 not in known, known  # made code: no tests = none runs it
PY
echo "ok: a line gcov does not know takes the tests of the known lines around it in its function"

# an `else if` takes the tests of its chain's head (gcov may count it only when its branch runs)
cat > "$TMP/chain.c" <<'C'
int kind(int c)
{
    if (c == 'a')
        return 1;
    else if (c == 'b')
        return 2;
    if (c == 'x') {
        c++;
    } else if (c == 'y') {
        c--;
    }
    return c;
}
C
python3 - "$CUBEGOD_SOURCE/tests/tools" "$TMP/chain.c" <<'PY' || fail "the rule for else-if lines"
import sys
sys.path.insert(0, sys.argv[1])
from automutate import chain_head_lines, covmap_tests
assert chain_head_lines(sys.argv[2], 5) == [3], chain_head_lines(sys.argv[2], 5)
assert chain_head_lines(sys.argv[2], 9) == [7], chain_head_lines(sys.argv[2], 9)
assert chain_head_lines(sys.argv[2], 4) == [] and chain_head_lines(sys.argv[2], 7) == []
import hashlib, os
with open(sys.argv[2], "rb") as f:
    digest = hashlib.sha1(f.read()).hexdigest()
root, rel = os.path.dirname(sys.argv[2]), os.path.basename(sys.argv[2])
cov = {"tests": [{"name": "t_a", "secs": 0.1}, {"name": "t_b", "secs": 0.2}],
       "files": {rel: digest}, "lines": {rel: {"3": [0, 1], "5": [1], "9": []}},
       "code": {rel: [[1, 13]]}}
got = covmap_tests(cov, root, rel, 5)
assert got == "=t_a:0.1,t_b:0.2", got  # t_a reached the head: it evaluates line 5 too
PY
echo "ok: an else-if line takes the tests of its chain's head"

# a line's own module's tests come first, each part fastest first, and a budget keeps the first
# of that order (a table builder's line is executed by every program that loads the tables)
mkdir -p "$TMP/own/src/solver3"
printf 'int f(int x)\n{\n    return x + 1;\n}\n' > "$TMP/own/src/solver3/f.c"
python3 - "$CUBEGOD_SOURCE/tests/tools" "$TMP/own" <<'PY' || fail "the order of a line's tests"
import hashlib, sys
sys.path.insert(0, sys.argv[1])
from automutate import covmap_tests
root, rel = sys.argv[2], "src/solver3/f.c"
with open(f"{root}/{rel}", "rb") as f:
    digest = hashlib.sha1(f.read()).hexdigest()
names = [("cli_e2e_fast", 0.5), ("solver3_test_slow", 9.0), ("game_e2e_mid", 2.0), ("solver3_test_quick", 1.0),
         ("solver_test_other", 0.1)]
cov = {"tests": [{"name": n, "secs": s} for n, s in names], "files": {rel: digest},
       "lines": {rel: {"3": [0, 1, 2, 3, 4]}}, "code": {rel: [[1, 4]]}}
got = covmap_tests(cov, root, rel, 3)
want = "=solver3_test_quick:1.0,solver3_test_slow:9.0,solver_test_other:0.1,cli_e2e_fast:0.5,game_e2e_mid:2.0"
assert got == want, got
assert covmap_tests(cov, root, rel, 3, budget=10.5) == "=solver3_test_quick:1.0,solver3_test_slow:9.0,solver_test_other:0.1", \
    covmap_tests(cov, root, rel, 3, budget=10.5)
assert covmap_tests(cov, root, rel, 3, budget=0.5) == "=solver3_test_quick:1.0"
PY
echo "ok: a line's own module's tests run first, and a budget keeps the first of them"

# a "same object code" entry holds while its file (and the headers it includes) is unchanged
sed -i '1s|.*|/* A dead store, edited: the cached "same" outcomes no longer hold. */|' "$P/src/spare.c"
run map-weak.txt --results "$RESULTS"
[ "$(grep -c '^m[0-9]* src/spare.c:4  the same object code ' "$TMP/out")" = 2 ] ||
  fail "the same-code mutants of an edited file were taken from the cache"
echo "ok: mutants that compile to the same code are not tested, and their cache follows the file"

# the map keeps the sources as they were built: a file edited while the tests ran keeps the
# built version's hash (its changed lines then fall back to the test map), and one edited during
# the build (the snapshots before and after it differ) is left out of the map
COV="$TMP/mutants/cov"
covmap_py() { python3 "$CUBEGOD_SOURCE/tests/tools/covmap.py" "$@" 2> "$TMP/covmap.err" ||
  fail "covmap.py $1: $(cat "$TMP/covmap.err")"; }
sha_now() { sha1sum "$P/src/age.c" | cut -d' ' -f1; }
built=$(sha_now)
covmap_py snapshot --root "$P" --out "$TMP/before.json"
sed -i '1i /* edited while the map was made */' "$P/src/age.c"
covmap_py snapshot --root "$P" --out "$TMP/after.json"
covmap_py collect --root "$P" --build "$COV" --out "$TMP/kept.json" --sources "$TMP/before.json"
covmap_py collect --root "$P" --build "$COV" --out "$TMP/dropped.json" \
  --sources "$TMP/before.json" --sources-after "$TMP/after.json"
python3 - "$TMP/kept.json" "$TMP/dropped.json" "$built" "$(sha_now)" "$P/src/age.c" <<'PY' ||
import json, sys
kept, dropped = (json.load(open(p)) for p in sys.argv[1:3])
built, now = sys.argv[3:5]
assert built != now
assert kept["files"]["src/age.c"] == built, "the map took the edited file's hash"
lines_now = open(sys.argv[5], "rb").read().split(b"\n")
assert len(kept["linehash"]["src/age.c"]) == len(lines_now) - 1, "the line hashes are not the built file's"
assert "src/age.c" not in dropped["files"] and "src/age.c" not in dropped["linehash"], "an edit during the build kept"
PY
  fail "the map's sources"
echo "ok: the map keeps the sources as built, and leaves out a file edited during the build"
