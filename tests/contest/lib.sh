# Sourced by the contest tools' end-to-end scripts (sim3, order, jigsaw): environment checks, a
# scratch directory and the failure counters.
set -u
: "${CUBEGOD:?}" "${FIXTURES:?}"
F=$FIXTURES/contest
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
same() { [ "$2" = "$3" ] || bad "$1: got '$2', want '$3'"; }
# finish NAME: the exit status of the script.
finish() {
  [ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
  echo "$1 e2e: all passed"
}
