#!/usr/bin/env bash
# cubegod.turn() over the built libcubegod.so: decode, the independent model, errors (test_turn.py).
. "$(dirname "$0")/lib.sh"
cd "$HERE" && "$PY" -m unittest -v test_turn
