#!/usr/bin/env bash
# The shell completions offer every command and every option the code accepts (the list comes
# from the source, as in check_options.py): bash by running the completion function, zsh by
# checking the script's syntax and that it names each option.
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
[ "$(complete_line solve --target h)" = home ] || fail "bash: --target h does not complete to home"
if command -v zsh >/dev/null; then
  zsh -n "$CUBEGOD_SOURCE/completions/_cubegod" || fail "zsh: completions/_cubegod has a syntax error"
fi
[ $status -eq 0 ] && echo "bash and zsh completions: $n commands and options offered"
exit $status
