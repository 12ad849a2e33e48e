#!/usr/bin/env bash
# The list of measured figures (tests/tools/docs_figures.py, run by ./run.sh docs-figures)
# matches the docs: each quote it measures is found once where it says, and every time figure in
# each command's --help and in README.md's test-time paragraph and build-time table is one of
# them or a named setting. Then the check is shown to catch what it is for, on copies of the
# docs: a figure added to the build-time table, and a quote reworded out of its pattern.
set -u
: "${CUBEGOD:?}" "${CUBEGOD_SOURCE:?}"
TOOL="$CUBEGOD_SOURCE/tests/tools/docs_figures.py"
python3 "$TOOL" --quotes "$CUBEGOD" "$CUBEGOD_SOURCE" || exit 1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
status=0
# broken NAME SED-SCRIPT EXPECTED: the check on a README.md edited by SED-SCRIPT fails with EXPECTED
broken() {
  mkdir -p "$TMP/tree/docs" "$TMP/tree/man"
  cp "$CUBEGOD_SOURCE/docs/shapes.md" "$TMP/tree/docs/"
  cp "$CUBEGOD_SOURCE/man/cubegod.3" "$TMP/tree/man/"
  sed "$2" "$CUBEGOD_SOURCE/README.md" > "$TMP/tree/README.md"
  cmp -s "$TMP/tree/README.md" "$CUBEGOD_SOURCE/README.md" && { echo "FAIL: $1: the edit changed nothing" >&2; status=1; return; }
  if python3 "$TOOL" --quotes "$CUBEGOD" "$TMP/tree" 2> "$TMP/err" > /dev/null; then
    echo "FAIL: $1: docs_figures.py --quotes passed" >&2; status=1
  elif ! grep -qF -- "$3" "$TMP/err"; then
    echo "FAIL: $1: no '$3' in: $(head -3 "$TMP/err")" >&2; status=1
  fi
}
broken "an unmeasured build time" 's/^| 3x3 optimal (`cubegod tables --optimal`) | about 300 MB | \([0-9]*\) s |/| 3x3 optimal (`cubegod tables --optimal`) | about 300 MB | \1 s (or 50 s) |/' \
  "'50 s' is quoted but neither measured"
broken "a quote reworded" 's/built once, with \([0-9]*\) s of CPU on both cores (`cubegod tables --size 3`)/built once, with \1 seconds of CPU on both cores (`cubegod tables --size 3`)/' \
  "table3-build: the quote"
[ $status -eq 0 ] && echo "docs_figures.py --quotes fails on both broken copies, naming the fault"
exit $status
