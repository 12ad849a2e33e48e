#!/usr/bin/env python3
"""A stranger's 3x3 net drawn as a cross standing up: U on top, L F R across, then D, and B
hanging below D. B is unfolded over its edge with D, so it shows upside down compared with the
side faces' habit (its row next to D is the one that touches D). The moves on one line after
'moves: '.

  python3 b_under_d.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def cross(cube):
    c = cubes.paint(cube, COLOURS)
    pad = " " * 8
    lines = [pad + " ".join(row) for row in c.rows("U")]
    lines += ["  ".join(" ".join(c.rows(f)[r]) for f in "LFR") for r in range(3)]
    lines += [pad + " ".join(row) for row in c.rows("D")]
    lines += [pad + " ".join(reversed(row)) for row in reversed(c.rows("B"))]
    return "\n".join(lines) + "\n"


def play(conn, args, rng):
    conn.send("The cross puzzle. Fold it in your head.\n")
    show = lambda rnd, cube: "\n#%d\n%s" % (rnd, cross(cube))
    if not harness.line_rounds(conn, args, rng, 3, show, "moves: ", verdicts=("solved", "unsolved")):
        return False
    conn.send("flag{b_hangs_below_d}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=2)
