# Shared by tests/python/e2e_*.sh: the package and the built library for python3.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${CUBEGOD_SHARED_LIB:?}" "${CUBEGOD_SOURCE:?}"
export CUBEGOD_LIB=$CUBEGOD_SHARED_LIB
export PYTHONPATH="$CUBEGOD_SOURCE/python:$HERE${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
PY=${PYTHON:-python3}
command -v "$PY" >/dev/null || { echo "no python3: skipped"; exit 77; }
# A sanitizer build's library needs its runtime loaded first into the (uninstrumented)
# interpreter; Python's own allocations are not ours to report.
# (ldd's whole output is read first: grep -q closing the pipe early fails it under pipefail.)
SANITIZED=""
if [[ $(ldd "$CUBEGOD_LIB" 2>/dev/null) == *libasan* ]]; then
  SANITIZED=1
  asan=$(${CC:-cc} -print-file-name=libasan.so 2>/dev/null)
  [ -f "$asan" ] || { echo "sanitizer library without libasan.so at hand: skipped"; exit 77; }
  export LD_PRELOAD="$asan${LD_PRELOAD:+ $LD_PRELOAD}"
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi

# pwntools: Debian's python3-pwntools installs for the system interpreter, which may not be
# the first python3 on PATH. Sets PWNPY or exits 77 with the reason.
need_pwntools() {
  PWNPY=
  for candidate in "$PY" python3 /usr/bin/python3; do
    if "$candidate" -c 'import pwn' 2>/dev/null; then PWNPY=$candidate; return 0; fi
  done
  echo "pwntools not installed (python3 -c 'import pwn' fails; Debian: python3-pwntools): skipped"
  exit 77
}

. "$HERE/../lib_wait.sh"
# serve ARGS...: starts `cubegod serve --port 0 ARGS` in the background; sets PORT and SERVER.
# Scripts start one server after another: each gets its port file anew (lib_wait.sh), or the
# next one could read the port of the previous, finished one.
serve() {
  start_bg "$TMP/port" "$TMP/serve.log" "$CUBEGOD" serve --port 0 "$@"
  SERVER=$BG_PID
  [ -n "$PORT" ] || { echo "FAIL: no port from cubegod serve"; cat "$TMP/serve.log"; exit 1; }
}
