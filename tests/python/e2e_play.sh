#!/usr/bin/env bash
# cubegod.play (test_play.py): the library's game client over a pwntools tube, a socket and an
# object of one's own, each handed over for the cube rounds of a three-stage stranger
# (tests/game/strangers/stages.py) and taken back for the last question and the flag. Run with
# an interpreter that has pwntools when there is one (else its test is skipped, the rest run).
. "$(dirname "$0")/lib.sh"
for candidate in "$PY" python3 /usr/bin/python3; do
  if "$candidate" -c 'import pwn' 2>/dev/null; then PY=$candidate; break; fi
done
cd "$HERE" && "$PY" -m unittest -v test_play
