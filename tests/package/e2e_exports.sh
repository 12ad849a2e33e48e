#!/usr/bin/env bash
# libcubegod.so exports exactly the functions the public headers declare with CG_API: nothing
# internal leaks out, and nothing documented is missing; and every CG_API declaration is
# documented (check_documented.py). libcubegod.a, where visibility does not
# hide anything, has only those and internal helpers named cgi_ (so they cannot be mistaken for
# the API or collide with another library's names).
set -u
: "${CUBEGOD_SHARED_LIB:?}" "${CUBEGOD_STATIC_LIB:?}" "${CUBEGOD_SOURCE:?}" "${CUBEGOD_BUILD:?}"
command -v nm >/dev/null || { echo "skipped: no nm"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Declarations: CG_API, the return type, then the name before '(' (one declaration per line).
cat "$CUBEGOD_SOURCE"/include/cubegod/*.h "$CUBEGOD_BUILD"/include/cubegod/*.h |
  sed -n 's/^CG_API [^(]*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' | sort -u > "$TMP/declared"
# (a gcov build, ./run.sh coverage, also exports the gcov runtime's __gcov_* and mangle_path)
nm -D --defined-only "$CUBEGOD_SHARED_LIB" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' |
  grep -Ev '^(__gcov_.*|mangle_path)$' | sort -u > "$TMP/exported"
[ "$(wc -l < "$TMP/declared")" -ge 100 ] || { echo "FAIL: found only $(wc -l < "$TMP/declared") CG_API declarations" >&2; exit 1; }
status=0
if comm -13 "$TMP/declared" "$TMP/exported" | grep -q .; then
  echo "FAIL: exported by $CUBEGOD_SHARED_LIB but declared CG_API in no public header:" >&2
  comm -13 "$TMP/declared" "$TMP/exported" >&2
  status=1
fi
if comm -23 "$TMP/declared" "$TMP/exported" | grep -q .; then
  echo "FAIL: declared CG_API in include/cubegod/ but not exported (not defined, or static):" >&2
  comm -23 "$TMP/declared" "$TMP/exported" >&2
  status=1
fi
# (__odr_asan.NAME: AddressSanitizer's marker beside each global variable NAME, checked as NAME.)
nm -g --defined-only "$CUBEGOD_STATIC_LIB" | awk 'NF == 3 && $2 ~ /^[TDBRVW]$/ {print $3}' |
  sed 's/^__odr_asan\.//' | sort -u | comm -23 - "$TMP/declared" | grep -v '^cgi_' > "$TMP/stray"
if [ -s "$TMP/stray" ]; then
  echo "FAIL: global in $CUBEGOD_STATIC_LIB, neither declared CG_API nor named cgi_ (internal):" >&2
  cat "$TMP/stray" >&2
  status=1
fi
python3 "$CUBEGOD_SOURCE/tests/package/check_documented.py" "$CUBEGOD_SOURCE/include/cubegod" || status=1
[ $status -eq 0 ] && echo "$(wc -l < "$TMP/exported") symbols exported, each declared CG_API in include/cubegod/"
exit $status
