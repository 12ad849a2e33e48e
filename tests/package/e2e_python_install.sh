#!/usr/bin/env bash
# The Python package installs the ways Python users install it, and the installed copy works
# (reads, draws) with no CUBEGOD_LIB anywhere:
#  - `cmake --install` puts it in PREFIX/lib/python3.X/site-packages with a _paths.py naming
#    PREFIX/lib, so it finds the prefix's libcubegod.so also when the package is copied elsewhere;
#  - `pip install --no-index --no-build-isolation ./python` (no package index: the build backend
#    is Debian's python3-setuptools and python3-wheel) into a venv that sees the system's
#    packages: the library of `cmake --install --prefix VENV`; of another prefix named by the
#    loader's search (LD_LIBRARY_PATH) or by pkg-config (PKG_CONFIG_PATH); and without any of
#    them the message names those places.
# The package's version is the command line's. (No solving: this area does not wait for the
# table fixture; the model's moves show the library works.)
set -u
# Not under ASan+UBSan: checks how the package installs (the release run has it; the binding runs under ASan in python_e2e_*).
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan+UBSan"; exit 77; fi
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
assert ansi.count("\x1b[38;2;") == 24 and ansi.count("\n") == 6, repr(ansi)
assert cubegod.draw(line, "png")[:8] == b"\x89PNG\r\n\x1a\n"
print(cubegod.library_path())
PY
}

# 1. cmake --install
cmake --install "$CUBEGOD_BUILD" --prefix "$TMP/prefix" > "$TMP/install.log" || fail "cmake --install: $(tail -3 "$TMP/install.log")"
site=$(ls -d "$TMP"/prefix/lib/python3*/site-packages 2>/dev/null | head -n1)
[ -f "$site/cubegod/__init__.py" ] && [ -f "$site/cubegod/_lib.py" ] || fail "no package under $TMP/prefix/lib/python3*/site-packages"
prefix_lib=$(realpath "$TMP"/prefix/lib*/libcubegod.so)
lib=$(PYTHONPATH="$site" CUBEGOD_CACHE="${CUBEGOD_CACHE:-}" check python3 "$site") || exit 1
[ "$(realpath "$lib")" = "$prefix_lib" ] || fail "cmake --install's package uses $lib, not the prefix's library"
# the package copied away from the prefix still finds the library: _paths.py names it
grep -q "^LIBDIR = \"$TMP/prefix/lib\"$" "$site/cubegod/_paths.py" || fail "_paths.py: $(cat "$site/cubegod/_paths.py" 2>&1)"
mkdir -p "$TMP/elsewhere" && cp -r "$site/cubegod" "$TMP/elsewhere/"
lib=$(PYTHONPATH="$TMP/elsewhere" check python3 "$TMP/elsewhere") || exit 1
[ "$(realpath "$lib")" = "$prefix_lib" ] || fail "the copied package uses $lib, not the one _paths.py names"
[ ! -e "$CUBEGOD_SOURCE/python/cubegod/_paths.py" ] || fail "python/cubegod/_paths.py in the source tree: only cmake --install writes it"

# 2. pip, offline, from a copy of python/ (pip builds in the folder it is given)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$CUBEGOD_SOURCE/python/pyproject.toml")
[ "cubegod $version" = "$("$CUBEGOD" version)" ] || fail "python/pyproject.toml says $version, the command line $("$CUBEGOD" version)"
py=""
for candidate in /usr/bin/python3 python3; do
  "$candidate" -c 'import setuptools, wheel, pip, venv' 2>/dev/null && { py=$candidate; break; }
done
[ -n "$py" ] || { echo "skipped the pip part: no python3 with pip, setuptools, wheel and venv (Debian: python3-pip python3-setuptools python3-wheel python3-venv)"; exit 77; }
cp -r "$CUBEGOD_SOURCE/python" "$TMP/python"
rm -rf "$TMP/python/cubegod/__pycache__"
# venv NAME: a venv with the package pip-installed; prints its site-packages
venv() {
  "$py" -m venv --system-site-packages --without-pip "$TMP/$1" || fail "python3 -m venv"
  (cd "$TMP" && PIP_NO_INDEX=1 "$TMP/$1/bin/python" -m pip install --no-index --no-build-isolation ./python) \
    > "$TMP/pip.log" 2>&1 || fail "pip install --no-index --no-build-isolation ./python: $(tail -5 "$TMP/pip.log")"
  grep -q "Successfully installed cubegod-$version" "$TMP/pip.log" || fail "pip: $(tail -3 "$TMP/pip.log")"
  "$TMP/$1/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'
}
# 2a. the venv is the prefix: cmake --install --prefix "$VIRTUAL_ENV", then pip
cmake --install "$CUBEGOD_BUILD" --prefix "$TMP/venv" > "$TMP/install.log" 2>&1 || fail "cmake --install into the venv"
vsite=$(venv venv) || exit 1
lib=$(check "$TMP/venv/bin/python" "$vsite") || exit 1
[ "$(realpath "$lib")" = "$(realpath "$TMP/venv/lib/libcubegod.so")" ] || fail "pip's package in the venv uses $lib, not the venv's"
# 2b. another prefix: found by the loader's own search, or through pkg-config
vsite=$(venv venv2) || exit 1
[ ! -e "$vsite/cubegod/_paths.py" ] || fail "pip installed a _paths.py"
lib=$(LD_LIBRARY_PATH="$TMP/prefix/lib" check "$TMP/venv2/bin/python" "$vsite") || exit 1
[ "$(realpath "$lib")" = "$prefix_lib" ] || fail "with LD_LIBRARY_PATH: $lib, not $prefix_lib"
pc="without pkg-config"
if command -v pkg-config > /dev/null; then
  lib=$(PKG_CONFIG_PATH="$TMP/prefix/lib/pkgconfig" check "$TMP/venv2/bin/python" "$vsite") || exit 1
  [ "$(realpath "$lib")" = "$prefix_lib" ] || fail "with PKG_CONFIG_PATH: $lib, not $prefix_lib"
  pc="PKG_CONFIG_PATH"
fi
# 2c. nowhere: the message names the places a Python user would put it (unless this machine has
# one installed on its standard path)
if ! (cd / && "$TMP/venv2/bin/python" -c 'import cubegod' 2> "$TMP/err"); then
  for where in "$TMP/venv2/lib/libcubegod.so" "libcubegod.so" "/usr/local/lib/libcubegod.so" CUBEGOD_LIB; do
    grep -qF "$where" "$TMP/err" || fail "the message does not name $where: $(cat "$TMP/err")"
  done
fi
echo "python package: cmake --install (_paths.py) and pip install --no-index into venvs (the venv as prefix, LD_LIBRARY_PATH, $pc) import without CUBEGOD_LIB"
