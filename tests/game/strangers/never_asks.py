#!/usr/bin/env python3
"""A stranger's cube cipher: the key is a 2x2 shown as a net of colour letters, and what the
service asks for is a message to encrypt ('plaintext (hex) > '), never moves. Whatever comes
that is no hex is refused ('that is not hex'); hex is 'encrypted' and the question asked again.
It waits for the client to go (or the alarm); nothing here can be won.

  python3 never_asks.py [--games N] [--alarm S] [--port-file F] [--seed N]"""
import sys

import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    _, cube = cubes.scramble(rng, 2)
    conn.send("=== cube cipher ===\nToday's key:\n" + cubes.net(cubes.paint(cube, COLOURS)))
    asked = 0
    while True:
        conn.send("plaintext (hex) > ")
        asked += 1
        try:
            text = conn.line().strip()
        except EOFError:
            print("stranger: the client left after %d questions" % asked, file=sys.stderr, flush=True)
            return False
        try:
            data = bytes.fromhex(text)
        except ValueError:
            conn.send("that is not hex\n")
            continue
        conn.send("ciphertext: %s\n" % bytes(b ^ 0x5a for b in data).hex())


if __name__ == "__main__":
    harness.serve(play, description=__doc__)
