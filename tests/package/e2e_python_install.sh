#!/usr/bin/env bash
# The Python package installs two ways, and the installed copy works (reads, solves, draws):
#  - `cmake --install` puts it in PREFIX/lib/python3.X/site-packages, where it finds
#    PREFIX/lib/libcubegod.so by itself;
#  - `pip install --no-index --no-build-isolation ./python` (no package index: the build backend
#    is Debian's python3-setuptools and python3-wheel), here into a venv that sees the system's
#    packages; the library is then found by CUBEGOD_LIB, as python/README.md says.
# The package's version is the command line's. (No solving: this area does not wait for the
# table fixture; the model's moves show the library works.)
set -u
: "${CUBEGOD:?}" "${CUBEGOD_SOURCE:?}" "${CUBEGOD_BUILD:?}" "${CUBEGOD_SHARED_LIB:?}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export PYTHONDONTWRITEBYTECODE=1
unset CUBEGOD_LIB PYTHONPATH
# A sanitizer build's library needs its runtime loaded first into the interpreter (as in
# tests/python/lib.sh); Python's own allocations are not ours to report.
if [[ $(ldd "$CUBEGOD_SHARED_LIB" 2>/dev/null) == *libasan* ]]; then
  asan=$(${CC:-cc} -print-file-name=libasan.so 2>/dev/null)
  [ -f "$asan" ] || { echo "sanitizer library without libasan.so at hand: skipped"; exit 77; }
  export LD_PRELOAD="$asan${LD_PRELOAD:+ $LD_PRELOAD}" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi

# check PYTHON WHERE: the installed package (not the checkout's) reads, solves and draws
check() {
  (cd / && "$1" - "$2" "$CUBEGOD_SOURCE/fixtures/shapes/boxes3.txt") <<'PY' || fail "the package installed by $2"
import os, sys
import cubegod
where = sys.argv[1]
assert os.path.realpath(cubegod.__file__).startswith(os.path.realpath(where)), cubegod.__file__
line = "UUUUDDDDRRFFLLBBFFLLBBRR"  # one U turn from home (the README's example)
cube = cubegod.read(line)  # (no solve: this area does not wait for the tables)
assert not cube.is_home() and cube.apply(["U'"]).is_home(), cube
svg = cubegod.draw(open(sys.argv[2]).read(), "svg")
assert svg.startswith("<svg") and svg.count('class="sticker') == 54, svg[:200]
ansi = cubegod.draw(cubegod.read(line))
assert ansi.count("\x1b[48;2;") == 24 and ansi.count("\n") == 6, repr(ansi)
assert cubegod.draw(line, "png")[:8] == b"\x89PNG\r\n\x1a\n"
print(cubegod.library_path())
PY
}

# 1. cmake --install
cmake --install "$CUBEGOD_BUILD" --prefix "$TMP/prefix" > "$TMP/install.log" || fail "cmake --install: $(tail -3 "$TMP/install.log")"
site=$(ls -d "$TMP"/prefix/lib/python3*/site-packages 2>/dev/null | head -n1)
[ -f "$site/cubegod/__init__.py" ] && [ -f "$site/cubegod/_lib.py" ] || fail "no package under $TMP/prefix/lib/python3*/site-packages"
lib=$(PYTHONPATH="$site" CUBEGOD_CACHE="${CUBEGOD_CACHE:-}" check python3 "$site") || exit 1
[ "$(realpath "$lib")" = "$(realpath "$TMP"/prefix/lib*/libcubegod.so)" ] || fail "cmake --install's package uses $lib, not the prefix's library"

# 2. pip, offline, from a copy of python/ (pip builds in the folder it is given)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$CUBEGOD_SOURCE/python/pyproject.toml")
[ "cubegod $version" = "$("$CUBEGOD" version)" ] || fail "python/pyproject.toml says $version, the command line $("$CUBEGOD" version)"
py=""
for candidate in /usr/bin/python3 python3; do
  "$candidate" -c 'import setuptools, wheel, pip, venv' 2>/dev/null && { py=$candidate; break; }
done
[ -n "$py" ] || { echo "skipped the pip part: no python3 with pip, setuptools, wheel and venv (Debian: python3-pip python3-setuptools python3-wheel python3-venv)"; exit 77; }
"$py" -m venv --system-site-packages --without-pip "$TMP/venv" || fail "python3 -m venv"
cp -r "$CUBEGOD_SOURCE/python" "$TMP/python"
(cd "$TMP" && PIP_NO_INDEX=1 "$TMP/venv/bin/python" -m pip install --no-index --no-build-isolation ./python) \
  > "$TMP/pip.log" 2>&1 || fail "pip install --no-index --no-build-isolation ./python: $(tail -5 "$TMP/pip.log")"
grep -q "Successfully installed cubegod-$version" "$TMP/pip.log" || fail "pip: $(tail -3 "$TMP/pip.log")"
vsite=$("$TMP/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
CUBEGOD_LIB=$CUBEGOD_SHARED_LIB check "$TMP/venv/bin/python" "$vsite" > /dev/null || exit 1
echo "python package: cmake --install into $(basename "$(dirname "$site")")/site-packages and pip install --no-index both work"
