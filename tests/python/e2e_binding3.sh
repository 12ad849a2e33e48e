#!/usr/bin/env bash
# The Python binding on 3x3 cubes (test_binding3.py): needs the two-phase tables (ctest fixture
# tables3, wired in tests/CMakeLists.txt).
. "$(dirname "$0")/lib.sh"
cd "$HERE" && "$PY" -m unittest -v test_binding3
