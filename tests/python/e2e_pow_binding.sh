#!/usr/bin/env bash
# cubegod.pow(text) from Python over the built libcubegod.so (test_pow.py): every kind,
# answers checked with hashlib and Python integers, and the errors.
. "$(dirname "$0")/lib.sh"
cd "$HERE" && "$PY" -m unittest -v test_pow
