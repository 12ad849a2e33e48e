#!/usr/bin/env python3
"""A stranger's 2x2 printed the quick way, each face a Python list on a line of its own:

    front: ['G', 'W', 'R', 'G']

with the bottom face held back (five faces shown, in the order the server likes), then
'moves> ' and one line of moves. Any orientation that makes every face one colour wins.

  python3 face_lists.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
SHOWN = [("top", "U"), ("front", "F"), ("right", "R"), ("back", "B"), ("left", "L")]


def show(rnd, cube):
    painted = cubes.paint(cube, COLOURS)
    lines = ["", "=== cube %d ===" % rnd]
    lines += ["%s: %s" % (name, list(painted.face(f))) for name, f in SHOWN]
    return "\n".join(lines) + "\n"


def play(conn, args, rng):
    conn.send("Five faces are shown; the bottom one is up to you.\n")
    if not harness.line_rounds(conn, args, rng, 2, show, "moves> "):
        return False
    conn.send("flag{lists_on_their_own_lines}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=5)
