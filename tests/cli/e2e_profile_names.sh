#!/usr/bin/env bash
# needs: tables3 (a profile may make its `play` open both sizes' tables before it fails)
# Every long option a command's --help documents is a valid profile name for that command: the
# option parser and the profile reader share one table, and this keeps the help honest with it.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
# After the profile, an option that makes each command stop at usage (serve would serve).
declare -A STOP=([solve]="--max-moves -1" [play]="" [serve]="--rounds 0")
for cmd in solve play serve; do
  opts=$("$CUBEGOD" "$cmd" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)
  [ -n "$opts" ] || fail "$cmd --help names no option"
  count=0
  for opt in $opts; do
    case $opt in --help|--profile) continue ;; esac
    printf '%s = x\n' "${opt#--}" > "$TMP/p"
    # shellcheck disable=SC2086
    timeout 60 "$CUBEGOD" "$cmd" --profile "$TMP/p" ${STOP[$cmd]} < /dev/null > /dev/null 2> "$TMP/err"
    grep -q "is not an option of this command" "$TMP/err" && fail "$cmd: $opt is in --help but not a profile name"
    count=$((count + 1))
  done
  [ "$count" -ge 4 ] || fail "$cmd: only $count options checked"
  # ... and a name that is no option is refused.
  printf 'no-such-option = x\n' > "$TMP/p"
  "$CUBEGOD" "$cmd" --profile "$TMP/p" < /dev/null > /dev/null 2> "$TMP/err"
  expect_eq "$?" 2 "$cmd with an unknown profile name"
  expect_grep "p line 1: 'no-such-option' is not an option of this command" "$TMP/err"
done
echo "e2e profile names: ok"
