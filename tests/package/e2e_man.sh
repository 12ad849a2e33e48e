#!/usr/bin/env bash
# The man pages are clean for mandoc -Tlint (warnings count) and render; cubegod(3) lists each
# public header once.
set -u
: "${CUBEGOD_SOURCE:?}"
command -v mandoc >/dev/null || { echo "skipped: no mandoc (Debian package mandoc)"; exit 77; }
status=0
pages=("$CUBEGOD_SOURCE"/man/*.[1-9])
[ -e "${pages[0]}" ] || { echo "FAIL: no man pages in $CUBEGOD_SOURCE/man" >&2; exit 1; }
for page in "${pages[@]}"; do
  mandoc -Tlint -W warning "$page" >&2 || { echo "FAIL: mandoc -Tlint $page" >&2; status=1; }
  lines=$(mandoc -Tascii "$page" | wc -l)
  [ "$lines" -gt 20 ] || { echo "FAIL: $page renders to $lines lines" >&2; status=1; }
done
# cubegod(3)'s list of headers (.It Pa X.h, several on a line) names each public header once
for h in "$CUBEGOD_SOURCE"/include/cubegod/*.h; do
  h=${h##*/}
  n=$(grep -E '^\.It Pa ' "$CUBEGOD_SOURCE/man/cubegod.3" | grep -oE "(^| )${h//./\\.}( |$)" | wc -l)
  [ "$n" -eq 1 ] || { echo "FAIL: man/cubegod.3 lists $h $n times in its headers" >&2; status=1; }
done
[ $status -eq 0 ] && echo "${#pages[@]} man pages lint clean; cubegod(3) lists each public header once"
exit $status
