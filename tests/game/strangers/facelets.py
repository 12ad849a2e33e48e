#!/usr/bin/env python3
"""A stranger's 3x3 shown as a Kociemba facelet string: 54 face letters in the order U R F
D L B (each face row by row as seen from outside), on a line of their own under a title.
The moves on one line after 'Your solution: '.

  python3 facelets.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import harness


def play(conn, args, rng):
    conn.send("Kociemba would love this one.\n")
    show = lambda rnd, cube: "\nState %d (facelets):\n%s\n" % (rnd, cube.facelets())
    if not harness.line_rounds(conn, args, rng, 3, show, "Your solution: ", verdicts=("yes", "no")):
        return False
    conn.send("flag{facelets_in_urfdlb}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=2)
