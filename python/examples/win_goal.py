#!/usr/bin/env python3
"""Wins a challenge whose goal is another scrambled state, sending the moves one per line, with
only the binding and the standard library's sockets (no pwntools):

    Target:                  (a drawing of the goal: any shape cubegod reads)
    ...
    Current:                 (a drawing of the cube)
    ...
    Your moves, one per line, # to end:
    > R
    > U2
    > #
    ok

usage: win_goal.py HOST PORT [PROMPT]   (PROMPT: the line that asks for the moves; default the
                                         one above). Exits 0 when a flag{...}/CTF{...} came."""
import re
import socket
import sys

import cubegod


def main():
    host, port = sys.argv[1], int(sys.argv[2])
    prompt = (sys.argv[3] if len(sys.argv) > 3 else "Your moves, one per line, # to end:").encode()
    cubegod.prepare(3)
    sock = socket.create_connection((host, port), timeout=10)
    data = b""
    flag = re.compile(rb"[A-Za-z0-9_]+\{[^}]*\}")
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
        if flag.search(data):
            print(flag.search(data).group().decode())
            return 0
        if prompt not in data:
            continue
        text, data = data.split(prompt, 1)
        # The round's two drawings: the first the goal, the second the cube.
        goal, cube = cubegod.read_all(text)[-2:]
        moves = cubegod.solve(cube, target=goal)
        for move in moves:
            sock.sendall(move.encode() + b"\n")
        sock.sendall(b"#\n")
        print("sent %d moves" % len(moves), file=sys.stderr)
    print("no flag; last text: %r" % data[-200:], file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
