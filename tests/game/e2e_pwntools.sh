#!/usr/bin/env bash
# Compatibility: a Python pwntools client following the write-up's reading pattern (banner,
# '=== Round ', two lines, five boxes of five lines, prompt, answer, verdict, one more line) wins
# a full game against cubegod serve. The answers come from `cubegod solve`. Skipped (77) when
# pwntools is not installed (Debian: python3-pwntools).
set -uo pipefail
: "${CUBEGOD:?}"
# Debian's python3-pwntools installs for the system interpreter, which may not be the first
# python3 on PATH.
PY=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import pwn' 2>/dev/null; then PY=$candidate; break; fi
done
[ -n "$PY" ] || { echo "pwntools not installed: skipped"; exit 77; }
TMP=$(mktemp -d)
# Under valgrind both programs run many times slower: this test is about the dialogue, not speed.
ALARM=1
[ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && ALARM=10
. "$(dirname "$0")/../lib_wait.sh"
start_bg "$TMP/port" "$TMP/log" "$CUBEGOD" serve --port 0 --games 1 --alarm "$ALARM" --flag 'flag{pwntools}'
SERVER=$BG_PID
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
[ -n "$PORT" ] || { echo "FAIL: no port"; exit 1; }

PORT=$PORT CUBEGOD=$CUBEGOD "$PY" - <<'PY'
import os, sys
from pwn import remote, process, context
context.log_level = "error"

solver = process([os.environ["CUBEGOD"], "solve", "--target", "any"])

def recv_face_block(io):
    line = io.recvline().decode()
    assert line.startswith("Face "), line
    box = [line]
    for _ in range(4):
        box.append(io.recvline().decode())
    return "".join(box)

io = remote("127.0.0.1", int(os.environ["PORT"]))
io.recvuntil(b"get the flag!\n")
for rnd in range(100):
    io.recvuntil(b"=== Round ")
    io.recvline()
    io.recvline()
    boxes = "".join(recv_face_block(io) for _ in range(5))
    io.recvuntil(b"Enter your solution:\n")
    solver.send(boxes.encode() + b"\n")  # the blank line ends the cube for `cubegod solve`
    sol = solver.recvline().strip()
    io.sendline(sol)
    line = io.recvline().decode(errors="ignore")
    if "[-]" in line:
        print("FAIL: rejected in round", rnd + 1, line)
        sys.exit(1)
    io.recvline()
flag = io.recvall(timeout=5).decode()
print(flag.strip())
sys.exit(0 if "flag{pwntools}" in flag else 1)
PY
