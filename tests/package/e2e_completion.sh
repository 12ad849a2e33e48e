#!/usr/bin/env bash
# The shell completions offer every command and every option the code accepts (the list comes
# from the source, as in check_options.py): bash by running the completion function, zsh by
# checking the script's syntax and that it names each option. Bash also offers the values the
# man page lists for each option (zsh's are compared in check_options.py), file names where a
# file is expected, and the common face orders.
set -u
: "${CUBEGOD_SOURCE:?}"
here=$(dirname "$0")
status=0
fail() { echo "FAIL: $*" >&2; status=1; }

# complete WORD... : what bash completion offers for the command line "cubegod WORD..." (the last
# word is the one being completed), one per line.
source "$CUBEGOD_SOURCE/completions/cubegod.bash"
complete_line() {
  COMP_WORDS=(cubegod "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _cubegod
  printf '%s\n' "${COMPREPLY[@]}"
}

list=$(python3 "$here/check_options.py" --list "$CUBEGOD_SOURCE") || { echo "FAIL: option list" >&2; exit 1; }
top=$(complete_line "")
bench=$(complete_line bench "")
n=0
while IFS=$'\t' read -r cmd opt; do
  n=$((n + 1))
  if [ -z "$opt" ]; then
    case $cmd in
    "bench "*) grep -qx "${cmd#bench }" <<<"$bench" || fail "bash: 'cubegod bench <TAB>' does not offer ${cmd#bench }" ;;
    *) grep -qx "$cmd" <<<"$top" || fail "bash: 'cubegod <TAB>' does not offer $cmd" ;;
    esac
    continue
  fi
  # The option belongs to one of the commands in cmd (a|b); 'version' means cubegod itself.
  offered=no
  IFS='|' read -ra cmds <<<"$cmd"
  for c in "${cmds[@]}"; do
    [ "$c" = version ] && c=""
    # shellcheck disable=SC2086 # c is no, one or two words
    complete_line $c - | grep -qx -- "$opt" && offered=yes
  done
  [ $offered = yes ] || fail "bash: 'cubegod ${cmd//|/ or } -<TAB>' does not offer $opt"
  grep -qE -- "['\")]$opt\\[" "$CUBEGOD_SOURCE/completions/_cubegod" ||
    fail "zsh: completions/_cubegod does not name $opt (of cubegod $cmd)"
done <<<"$list"
[ "$n" -ge 40 ] || fail "only $n commands and options listed"

# Values: every option whose man entry lists words is offered exactly those words; one that
# takes a FILE is offered file names (check_options.py --values reads them from the man page).
values=$(python3 "$here/check_options.py" --values "$CUBEGOD_SOURCE") || fail "value list"
files=$(mktemp -d)
trap 'rm -rf "$files"' EXIT
touch "$files/picture-1.txt" "$files/picture-2.svg"
mkdir "$files/empty" # where an option that takes words or a FILE offers just the words
v=0
while IFS=$'\t' read -r cmd opt words file; do
  v=$((v + 1))
  [ "$words" = - ] && words=""
  # shellcheck disable=SC2086 # cmd is one or two words
  if [ -n "$words" ]; then
    got=$(cd "$files/empty" && complete_line $cmd "$opt" "" | sort | xargs)
    want=$(printf '%s\n' $words | sort | xargs)
    [ "$got" = "$want" ] || fail "bash: 'cubegod $cmd $opt <TAB>' offers '$got', not '$want'"
  fi
  if [ "$file" = file ]; then
    got=$(cd "$files" && complete_line $cmd "$opt" pic | sort | xargs)
    [ "$got" = "picture-1.txt picture-2.svg" ] || fail "bash: 'cubegod $cmd $opt pic<TAB>' offers '$got', not the files"
  fi
done <<<"$values"
[ "$v" -ge 30 ] || fail "only $v options with values listed"
for cmd in solve draw replay; do
  got=$(cd "$files" && complete_line $cmd pic | sort | xargs)
  [ "$got" = "picture-1.txt picture-2.svg" ] || fail "bash: 'cubegod $cmd pic<TAB>' offers '$got', not the files"
done
# --order: the common orders, each one cubegod takes
orders=$(complete_line solve --order "")
for o in UDFBLR URFDLB net; do grep -qx "$o" <<<"$orders" || fail "bash: --order does not offer $o"; done
if [ -n "${CUBEGOD:-}" ]; then
  for o in $orders; do
    "$CUBEGOD" draw --order "$o" /dev/null 2>&1 | grep -q -- "--order:" && fail "bash offers --order $o, which cubegod refuses"
  done
fi
[ "$(complete_line solve --metric q)" = qtm ] || fail "bash: --metric q does not complete to qtm"
[ "$(complete_line bench o | sort | xargs)" = "optimal order" ] || fail "bash: bench o offers '$(complete_line bench o | xargs)'"
[ "$(complete_line solve --target h)" = home ] || fail "bash: --target h does not complete to home"
if command -v zsh >/dev/null; then
  zsh -n "$CUBEGOD_SOURCE/completions/_cubegod" || fail "zsh: completions/_cubegod has a syntax error"
fi
[ $status -eq 0 ] && echo "bash and zsh completions: $n commands and options offered; values of $v options"
exit $status
