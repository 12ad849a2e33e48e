#!/usr/bin/env python3
"""A stranger's 2x2 written the way a small C challenge is: the cube drawn in ANSI background
colours, a table of keys (a lower-case letter turns its face clockwise, the capital turns it
back), a wait for Enter before the scramble, then one key at a time read like scanf(" %c"),
the cube and the prompt printed again after each key. Whether the cube is solved is looked at
at the top of the loop, so after the last key the prompt is printed and then, with nothing
read, the win and the flag.

  python3 ansi_keys.py [--games N] [--alarm S] [--seed S] [--port-file F] [--limit MOVES]"""
import cubes
import harness

PAINT = {"U": "47", "D": "43", "F": "42", "B": "44", "R": "41", "L": "48;5;208"}
KEYS = {"r": ("R", "right"), "u": ("U", "upper"), "f": ("F", "front"),
        "l": ("L", "left"), "d": ("D", "down"), "b": ("B", "back")}
FLAG = "CTF{press_enter_then_one_key_at_a_time}"


def block(letter):
    return "\x1b[%sm  \x1b[0m" % PAINT[letter]


def draw(cube):
    pad = " " * 5
    out = []
    for row in cube.rows("U"):
        out.append(pad + "".join(block(x) for x in row))
    for r in range(2):
        out.append(" ".join("".join(block(x) for x in cube.rows(f)[r]) for f in "LFRB"))
    for row in cube.rows("D"):
        out.append(pad + "".join(block(x) for x in row))
    return "\n".join(out) + "\n"


def legend():
    lines = ["Keys:"]
    for key, (face, name) in KEYS.items():
        left = "%s -> %s   (%s face, clockwise)" % (key, face, name)
        lines.append("  %-36s %s -> %s'  (%s face, counter-clockwise)" % (left, key.upper(), face, name))
    lines.append("  q -> quit")
    return "\n".join(lines) + "\n"


class Keys:
    """One character at a time, blanks skipped (scanf(" %c"))."""

    def __init__(self, conn):
        self.conn, self.pending = conn, ""

    def next(self):
        while not self.pending.strip():
            self.pending = self.conn.line() + "\n"
        self.pending = self.pending.lstrip()
        key, self.pending = self.pending[0], self.pending[1:]
        return key


def play(conn, args, rng):
    conn.send("=== Pocket Cube Terminal ===\nSolve the little cube and the flag is yours.\n\n"
              + legend() + "\nPress ENTER to begin...")
    conn.line()
    _, cube = cubes.scramble(rng, 2)
    conn.send(draw(cube))
    conn.send("Enter move: ")
    keys, used = Keys(conn), 0
    while True:
        if cube.uniform():
            conn.send("\n*** You solved it! ***\n%s\n" % FLAG)
            return True
        key = keys.next()
        if key == "q":
            conn.send("Bye.\n")
            return False
        if key.lower() not in KEYS:
            conn.send("Unknown key '%s'\n" % key)
        else:
            cube.turn(KEYS[key.lower()][0], 1 if key.islower() else 3)
            used += 1
        if used > args.limit:
            conn.send("Too many moves, the cube wins.\n")
            return False
        conn.send(draw(cube))
        conn.send("Enter move: ")


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--limit", type=int, default=60),
                  description=__doc__)
