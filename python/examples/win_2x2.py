#!/usr/bin/env python3
"""Wins `cubegod serve` (the 2x2 game: five faces a round, 100 rounds, one second each) with
pwntools and the cubegod binding.

    python3 win_2x2.py [HOST] PORT

Exit status 0 when the flag was shown (it is printed), 1 otherwise."""
import argparse
import re
import sys

from pwn import context, remote

try:
    import cubegod
except ImportError:  # run from a checkout: the package is in python/, beside this folder
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import cubegod


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("host", nargs="?", default="127.0.0.1")
    ap.add_argument("port", type=int)
    args = ap.parse_args()
    context.log_level = "error"

    cubegod.prepare(2)  # load the table now, not inside the first one-second round
    io = remote(args.host, args.port)
    # The banner; a proof of work before it (serve --pow KIND, hosted challenges) is answered:
    # a line that holds one gets cubegod.pow's answer, any other line is banner.
    banner = ""
    while "get the flag!" not in banner:
        line = io.recvline().decode(errors="replace")
        try:
            io.sendline(cubegod.pow(line).encode())
        except cubegod.InputError as e:
            if "looks like a proof of work" in str(e):
                print(e)
                return 1
            banner += line
    limit = re.search(r"at most (\d+) move", banner)
    max_moves = int(limit.group(1)) if limit else None
    while True:
        # Everything up to the prompt: the round line, a line of text, five face boxes. The
        # reader ignores all but the boxes.
        text = io.recvuntil(b"Enter your solution:\n").decode(errors="replace")
        rnd = re.search(r"=== Round (\d+)/(\d+) ===", text)
        try:
            cube = cubegod.read(text, size=2)
            moves = cubegod.solve(cube, max_moves=max_moves)
        except cubegod.Error as e:
            print("round %s: %s" % (rnd.group(1) if rnd else "?", e))
            return 1
        io.sendline(cubegod.format(moves).encode())
        verdict = io.recvline().decode(errors="replace")
        if "[-]" in verdict:
            print("lost in round %s: %s" % (rnd.group(1) if rnd else "?", verdict.strip()))
            return 1
        if rnd and rnd.group(1) == rnd.group(2):
            rest = io.recvall(timeout=5).decode(errors="replace")
            print(rest.strip())
            return 0 if "flag" in rest else 1


if __name__ == "__main__":
    sys.exit(main())
