#!/usr/bin/env python3
"""pty_run.py OUT CMD...: runs CMD with a pseudo-terminal as its standard input, output and error
(100 columns, as a player's terminal, or $PTY_COLUMNS), writes every byte the terminal received
to OUT and exits with CMD's status. Bounded: CMD is killed after 60 s."""
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time

out, cmd = sys.argv[1], sys.argv[2:]
master, slave = os.openpty()
columns = int(os.environ.get("PTY_COLUMNS", "100"))
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, columns, 0, 0))
proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
os.close(slave)
data = bytearray()
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    ready, _, _ = select.select([master], [], [], 0.2)
    if ready:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: every writer closed the terminal
            break
        if not chunk:
            break
        data += chunk
    elif proc.poll() is not None:
        break
try:  # the terminal closed: the command is ending
    rc = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
except subprocess.TimeoutExpired:
    proc.kill()
    sys.stderr.write("pty_run.py: killed after 60 s\n")
    rc = proc.wait()
with open(out, "wb") as f:
    f.write(bytes(data))
sys.exit(rc)
