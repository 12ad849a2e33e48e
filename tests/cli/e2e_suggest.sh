#!/usr/bin/env bash
# "did you mean": an unknown option gets the one it is a prefix of when exactly one (what
# getopt_long would take), before a word two edits away (play --save is --save-profile, not
# --pace); two options sharing the prefix fall back to the nearest word; a word far from every
# option gets no guess. Commands are guessed by their distance alone.
. "$(dirname "$0")/lib.sh"

said() { # ARGS...: the first line cubegod ARGS writes on standard error (it must exit 2)
  "$CUBEGOD" "$@" < /dev/null > /dev/null 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of cubegod $*"
  head -n1 "$TMP/err"
}
expect_eq "$(said play --save x)" "cubegod play: unknown option '--save'; did you mean '--save-profile'?" "a unique prefix"
expect_eq "$(said play --tim 1)" "cubegod play: unknown option '--tim'; did you mean '--tls'?" "a prefix of two options"
expect_eq "$(said solve --scrmable 'R U')" "cubegod solve: unknown option '--scrmable'; did you mean '--scramble'?" "two letters swapped"
expect_eq "$(said solve --zzzzzzzz)" "cubegod solve: unknown option '--zzzzzzzz'" "nothing near"
expect_eq "$(said slove)" "cubegod: no command 'slove'; did you mean 'solve'?" "a command"
echo "e2e_suggest: all checks passed"
