#!/usr/bin/env bash
# The Python binding on 3x3 cubes (test_binding3.py).
# needs: tables3 (the ctest fixture that builds the two-phase tables)
. "$(dirname "$0")/lib.sh"
cd "$HERE" && "$PY" -m unittest -v test_binding3
