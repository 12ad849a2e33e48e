#!/usr/bin/env bash
# The self-test of ./run.sh mutants --since (tests/tools/automutate.py): on a tiny project
# (tests/mutants/selftest, made a git repository here: a base commit without src/age.c, then the
# commit that adds it), the planted boundary `age >= 18` mutated to `>` must be reported as a
# survivor when the test map gives the file only the test that misses the boundary, and as killed
# when the map adds the test that checks it; the mutant marked in equivalent.txt is not run.
# Seconds: eight mutants of a two-function file, each built and run in a copy of it.
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
run() { # MAP: the tool's output in $TMP/out, its exit status in $RC
  "$CUBEGOD_SOURCE/run.sh" mutants --since HEAD~1 --root "$P" --map "$P/$1" \
    --equivalent "$P/equivalent.txt" > "$TMP/out" 2>&1
  RC=$?
  cat "$TMP/out"
}
planted="src/age.c:4  \[[0-9a-f]{10}\] rel: '>=' -> '>'"

run map-weak.txt
[ "$RC" = 1 ] || fail "survivors must make the run fail (exit $RC)"
grep -Eq "^$planted in: return age >= 18;" "$TMP/out" || fail "the planted boundary not reported as a survivor"
grep -q "^generated 8, equivalent 1, did not build 0, killed 4 (0 by a timeout), survived 3 " "$TMP/out" ||
  fail "wrong counts with the weak test only"
grep -q "2d1d220089" "$TMP/out" && fail "the mutant marked equivalent was run"

run map-both.txt
[ "$RC" = 0 ] || fail "no survivor, yet exit $RC"
grep -Eq "src/age.c:4  killed by selftest_edge" "$TMP/out" || fail "the boundary test did not kill the planted mutants"
grep -q "^generated 8, equivalent 1, did not build 0, killed 7 (0 by a timeout), survived 0 " "$TMP/out" ||
  fail "wrong counts with both tests"
echo "ok: the planted fault survives without its test and is killed with it"
