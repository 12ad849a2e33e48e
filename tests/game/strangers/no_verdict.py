#!/usr/bin/env python3
"""A stranger's 2x2 that never gives a verdict: the net in colour letters, 'Your moves:' on a
line, one line read, then the connection closed without a word (a server that crashed on the
answer, or one that only keeps scores). Every game is lost.

  python3 no_verdict.py [--games N] [--alarm S] [--port-file F] [--seed N]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("Two by two, one try.\n")
    _, cube = cubes.scramble(rng, 2)
    conn.send(cubes.net(cubes.paint(cube, COLOURS)))
    conn.send("Your moves:\n")
    answer = conn.line()
    print("stranger: answer %r, no verdict" % answer, flush=True)
    return False


if __name__ == "__main__":
    harness.serve(play, description=__doc__)
