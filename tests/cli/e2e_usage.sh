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
# play's options that take a value: a good value is taken (the game then runs to its end: exit 1
# against a process that says nothing), a bad one named with its bounds (exit 2)
for ov in "--threads 2" "--pow-limit 5" "--time-limit 100"; do
  # shellcheck disable=SC2086
  "$CUBEGOD" play -q $ov --timeout 1 --exec true < /dev/null > /dev/null 2> "$TMP/err"
  expect_eq "$?" 1 "exit status of 'play $ov' against a silent process"
done
"$CUBEGOD" play --threads 0 --exec true < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "play --threads 0"
expect_grep "play: --threads: '0' is not a whole number from 1 to" "$TMP/err"
"$CUBEGOD" play --pow-limit 0 --exec true < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "play --pow-limit 0"
expect_grep "play: --pow-limit: '0' is not a number of seconds above 0" "$TMP/err"
echo "e2e_usage: all checks passed"
