#!/usr/bin/env bash
# Every command's --help: the usage lines at the top name every option the help describes, and
# a misspelled option gets "did you mean" with the right one.
. "$(dirname "$0")/lib.sh"

commands=(solve play serve replay tables order "bench solve" "bench net" "bench sim3"
          "bench order" "bench jigsaw")
for c in "${commands[@]}"; do
  # shellcheck disable=SC2086
  "$CUBEGOD" $c --help > "$TMP/help" || fail "'$c --help' exited $?"
  awk '/^$/ { exit } { print }' "$TMP/help" > "$TMP/usage"
  grep -q "^usage: cubegod $c" "$TMP/usage" || fail "'$c --help' does not start with its usage line"
  # Options described in the body: the first word of lines indented by blanks, starting with -.
  awk 'NR > 1 && /^ +-/ && $1 ~ /^--?[a-zA-Z]/ { print $1 }' "$TMP/help" | sort -u > "$TMP/options"
  while read -r o; do
    grep -q -- "\[$o\b\|\[$o \|\[$o]\|--tls-cert FILE $o\| $o " "$TMP/usage" ||
      fail "'$c': option $o is described but not in the usage lines: $(cat "$TMP/usage")"
  done < "$TMP/options"
done

# "Did you mean": one misspelling per command, the right option named.
typo() { # EXPECTED-OPTION COMMAND... (the misspelled option is the last word)
  local want=$1; shift
  "$@" < /dev/null > /dev/null 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of '$*'"
  expect_grep "did you mean '$want'?" "$TMP/err"
}
typo --line "$CUBEGOD" solve --lien
typo --record "$CUBEGOD" play --recrod x 127.0.0.1 1
typo --rounds "$CUBEGOD" serve --roudns 3
typo --prompt "$CUBEGOD" replay --promt x
typo --rebuild "$CUBEGOD" tables --rebiuld
typo --state "$CUBEGOD" order --stat R
typo --target "$CUBEGOD" bench solve --traget any
typo --svg "$CUBEGOD" bench net --sgv x
typo --ops "$CUBEGOD" bench sim3 --opps 3
typo --json "$CUBEGOD" bench jigsaw --jsn
# Nothing close: no suggestion, still the pointer to --help.
"$CUBEGOD" solve --frobnicate < /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "unknown option"
grep -q "did you mean" "$TMP/err" && fail "a suggestion for --frobnicate: $(cat "$TMP/err")"
expect_grep "unknown option '--frobnicate'" "$TMP/err"
expect_grep "see 'cubegod solve --help'" "$TMP/err"
# A misspelled command too.
"$CUBEGOD" slove < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "misspelled command"
expect_grep "no command 'slove'; did you mean 'solve'?" "$TMP/err"
echo "e2e_usage: all checks passed"
