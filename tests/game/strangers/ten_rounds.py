#!/usr/bin/env python3
"""A stranger's 10-round 2x2 game: each face labelled on its own line ('Top', 'Front', ...)
with its two rows of colour words under it, then the prompt 'turns> ' with no line end, the
moves on one line, '+1' or 'game over'.

  python3 ten_rounds.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import harness

WORDS = dict(zip("URFDLB", ["white", "red", "green", "yellow", "orange", "blue"]))
LABELS = [("Top", "U"), ("Front", "F"), ("Right", "R"), ("Back", "B"), ("Left", "L"), ("Bottom", "D")]


def faces(rnd, cube):
    out = ["", "level %d" % rnd]
    for label, f in LABELS:
        out.append(label + ":")
        out += ["    " + "  ".join(WORDS[x] for x in row) for row in cube.rows(f)]
    return "\n".join(out) + "\n"


def play(conn, args, rng):
    conn.send("TEN LEVELS. NO MISTAKES.\n")
    if not harness.line_rounds(conn, args, rng, 2, faces, "turns> ", verdicts=("+1", "game over")):
        return False
    conn.send("you made it: flag{ten_levels_no_mistakes}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=10)
