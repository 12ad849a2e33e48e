#!/usr/bin/env bash
# The Python binding (python/cubegod) over the built libcubegod.so: read, solve, format and
# every error path on 2x2 cubes, answers checked by the library's model and by the independent
# tests/python/pocket_model.py (test_binding.py).
. "$(dirname "$0")/lib.sh"
cd "$HERE" && "$PY" -m unittest -v test_binding
