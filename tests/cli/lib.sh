# Helpers for the end-to-end scripts: fail with a message, compare, temp dir cleaned at exit.
set -u
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_eq() { [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"; }
expect_grep() { grep -q -- "$1" "$2" || { echo "--- $2:" >&2; cat "$2" >&2; fail "'$1' not in $2"; }; }
