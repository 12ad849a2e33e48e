#!/usr/bin/env bash
# No two files of one module under src/ call each other in a loop (tests/tools/call_cycles.py):
# shared helpers live in a file of their own below their users. First the checker is shown a
# small module with a loop and must name it, so that a checker that finds nothing fails too.
set -u
: "${CUBEGOD_SOURCE:?}"
tool="$CUBEGOD_SOURCE/tests/tools/call_cycles.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/src/m"
cat > "$TMP/src/m/a.c" <<'C'
/* b_helper() in a comment is no call */
int a_entry(int x)
{
    return b_helper(x) + 1;
}
C
cat > "$TMP/src/m/b.c" <<'C'
static int local(int x) { return x; }
int b_helper(int x) { return x > 0 ? a_entry(x - 1) : local(x); }
C
cat > "$TMP/src/m/c.c" <<'C'
int c_top(void) { return a_entry(3); }
C
out=$(python3 "$tool" "$TMP/src") && { echo "FAIL: the checker missed a.c <-> b.c" >&2; exit 1; }
case "$out" in
  *"a.c -> b.c -> a.c"*) ;;
  *) echo "FAIL: the checker named the loop wrongly: $out" >&2; exit 1 ;;
esac
case "$out" in *c.c*) echo "FAIL: c.c calls into the loop but is not in it: $out" >&2; exit 1 ;; esac
if ! out=$(python3 "$tool" "$CUBEGOD_SOURCE/src"); then
  echo "FAIL: files of one module call each other in a loop:" >&2
  echo "$out" >&2
  exit 1
fi
echo "no call loops between the files of any module under src/"
