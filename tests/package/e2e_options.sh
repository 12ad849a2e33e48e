#!/usr/bin/env bash
# Every option the code accepts appears in its command's --help and man/cubegod.1, and the
# values, the bench kinds and the completions agree (see check_options.py for how each list is
# found in the sources). Then the check is shown to catch what it is for: on copies of the
# sources with one thing taken out, it must fail naming it.
set -u
# Not under ASan+UBSan: checks that options and docs agree, text only (the release run has it).
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan+UBSan"; exit 77; fi
: "${CUBEGOD:?}" "${CUBEGOD_SOURCE:?}"
here=$(dirname "$0")
python3 "$here/check_options.py" "$CUBEGOD" "$CUBEGOD_SOURCE" || exit 1

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
status=0
# broken NAME FILE SED-SCRIPT EXPECTED: check_options on a copy with FILE edited fails with EXPECTED
broken() {
  rm -rf "$TMP/src"; mkdir -p "$TMP/src/src"
  cp -r "$CUBEGOD_SOURCE/src/cli" "$TMP/src/src/"
  cp -r "$CUBEGOD_SOURCE/man" "$CUBEGOD_SOURCE/completions" "$CUBEGOD_SOURCE/README.md" "$TMP/src/"
  sed -i "$3" "$TMP/src/$2"
  cmp -s "$TMP/src/$2" "$CUBEGOD_SOURCE/$2" && { echo "FAIL: $1: the edit changed nothing" >&2; status=1; return; }
  if python3 "$here/check_options.py" "$CUBEGOD" "$TMP/src" 2> "$TMP/err" > /dev/null; then
    echo "FAIL: $1: check_options.py passed" >&2; status=1
  elif ! grep -qF -- "$4" "$TMP/err"; then
    echo "FAIL: $1: no '$4' in: $(head -3 "$TMP/err")" >&2; status=1
  fi
}
broken "a zsh value missing" completions/_cubegod 's/(htm qtm)/(htm)/' "offers ['htm'] for --metric"
broken "a bench kind missing from the README" README.md 's/| optimal | read3/| optimal/' "the kinds of bench in README.md"
broken "a bench kind missing from bash" completions/cubegod.bash 's/jigsaw optimal read3/jigsaw optimal/' "completions/cubegod.bash are"
broken "a man value the code refuses" man/cubegod.1 's/^\.It Fl -ambiguous Ar pick | fail$/.It Fl -ambiguous Ar pick | fail | maybe/' "'cubegod solve --ambiguous maybe' is refused"
broken "an option without its man entry" man/cubegod.1 's/^\.It Fl -html Ar FILE$/.It Fl -htm Ar FILE/' "--html"
broken "a command missing from zsh" completions/_cubegod "/^    'draw:/d" "does not list the command draw"
# an option given a second entry (a second meaning) in a --help: a cubegod whose 'play --help'
# has one more --target line
printf '#!/bin/sh\n"%s" "$@"; rc=$?\n[ "$1 $2" = "play --help" ] && echo "  --target X        a second meaning"\nexit $rc\n' \
  "$CUBEGOD" > "$TMP/twice"
chmod +x "$TMP/twice"
if python3 "$here/check_options.py" "$TMP/twice" "$CUBEGOD_SOURCE" 2> "$TMP/err" > /dev/null; then
  echo "FAIL: a second --target entry: check_options.py passed" >&2; status=1
elif ! grep -qF -- "'cubegod play --help': --target is described 2 times" "$TMP/err"; then
  echo "FAIL: a second --target entry: $(head -3 "$TMP/err")" >&2; status=1
fi
[ $status -eq 0 ] && echo "check_options.py fails on each of 7 broken copies, naming the fault"
exit $status
