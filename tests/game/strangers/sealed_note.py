#!/usr/bin/env python3
"""A stranger's courier puzzle: a password written on a pocket cube, one character a sticker,
shown as six labelled faces after the courier's route twisted it; the route follows on a line
of its own, then a word about the flag's look and the question. Nothing here is a cube of
colours and no moves are asked for: the password is what the stickers say with the route
taken back. The right password gets the flag, anything else 'Access denied.' and the end.

  python3 sealed_note.py [--games N] [--alarm S] [--port-file F] [--seed N]
  python3 sealed_note.py --password     the password, for the test that checks the answer"""
import sys

import cubes
import harness

PASSWORD = "pocket-cube-courier-2026"  # 24 characters: one a sticker of a 2x2
ROUTE = "F R' U2 R F' D L2 B"
SHOWN = [("Up", "U"), ("Left", "L"), ("Front", "F"), ("Right", "R"), ("Back", "B"), ("Down", "D")]
FLAG = "CTF{sealed_and_delivered}"


def sealed():
    """The cube with the password on its faces in the order they are shown, then the route."""
    cube = cubes.Cube(2)
    text = iter(PASSWORD)
    for _, f in SHOWN:
        base = cubes.ORDER.index(f) * 4
        for k in range(4):
            cube.stickers[base + k] = next(text)
    return cube.apply(ROUTE)


def play(conn, args, rng):
    cube = sealed()
    out = ["The courier sealed tonight's password on a pocket cube, one sign a sticker.", ""]
    for name, f in SHOWN:
        out.append("%s face:" % name)
        out += ["  " + " ".join(row) for row in cube.rows(f)]
    out += ["", "Then it went along the usual route:", ROUTE,
            "(flags here look like CTF{...})", ""]
    conn.send("\n".join(out) + "\n")
    conn.send("password> ")
    said = conn.line().strip()
    if said == PASSWORD:
        conn.send("Door open. " + FLAG + "\n")
        return True
    conn.send("Access denied.\n")
    print("stranger: password %r refused" % said, file=sys.stderr, flush=True)
    return False


if __name__ == "__main__":
    if sys.argv[1:] == ["--password"]:
        print(PASSWORD)
    else:
        harness.serve(play, description=__doc__)
