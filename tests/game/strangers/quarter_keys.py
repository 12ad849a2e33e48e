#!/usr/bin/env python3
"""A stranger's 2x2 that takes quarter turns only (never said in words), named by a table of
keys in which the case of a letter is the direction (lower case clockwise, upper case back),
and states no move limit anywhere. Each cube needs 12 to 14 quarter turns: the service measures every scramble with its
own search (a table of the cubes within 7 quarter turns of solved, met by a search of 4 from
the scramble: nothing met means at least 12) and draws again until one does. The net is drawn
in colour letters, then the question; the keys come on one line separated by blanks (--style
line), or one key a line until the cube is solved (--style each, looked at after each key).

  python3 quarter_keys.py [--style line|each] [--rounds N] [--games N] [--alarm S]
                          [--port-file F] [--seed N]

The log says each cube's measured distance ('stranger: cube N needs >= 12')."""
import sys

import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
FACES = "URF"  # turns of these keep the D-L-B corner in place: distances count as with all six


def perm_of(face):
    """The sticker permutation of one clockwise quarter turn, from the strangers' model."""
    probe = cubes.Cube(2, list(range(24)))
    probe.turn(face)
    return tuple(probe.stickers)


PERMS = []
for f in FACES:
    p = perm_of(f)
    PERMS.append(p)
    PERMS.append(tuple(p[p[p[i]]] for i in range(24)))  # three quarter turns: back


def moved(state, p):
    return tuple(state[i] for i in p)


def ball(start, radius):
    seen, edge = {start}, [start]
    for _ in range(radius):
        nxt = []
        for s in edge:
            for p in PERMS:
                t = moved(s, p)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        edge = nxt
    return seen


NEAR = ball(tuple(cubes.Cube(2).stickers), 7)  # within 7 quarter turns of solved


def hard_cube(rng):
    """A cube 12 to 14 quarter turns from solved (14 is the most a 2x2 ever needs)."""
    while True:
        cube = cubes.Cube(2)
        for _ in range(40):
            cube.turn(rng.choice(FACES), rng.choice((1, 3)))
        if not ball(tuple(cube.stickers), 4) & NEAR:
            return cube


def keys_read(text, cube):
    """Applies keys to the cube: a face letter, lower case clockwise, upper case back."""
    for key in text.split():
        if len(key) != 1 or key.upper() not in "UDFBLR":
            raise ValueError("unknown key %r" % key)
        cube.turn(key.upper(), 1 if key.islower() else 3)


def legend():
    pairs = ["%s=%s, %s=%s'" % (f.lower(), f, f, f) for f in "UDFBLR"]
    return ("Controls (a key turns its layer; small letter clockwise, capital the other way):\n"
            "  " + ", ".join(pairs) + "\n")


def play(conn, args, rng):
    conn.send("~~ pocket cube dojo ~~\n" + legend())
    for rnd in range(1, args.rounds + 1):
        cube = hard_cube(rng)
        print("stranger: cube %d needs >= 12" % rnd, file=sys.stderr, flush=True)
        conn.send("\ncube %d/%d\n%s" % (rnd, args.rounds, cubes.net(cubes.paint(cube, COLOURS))))
        try:
            if args.style == "line":
                conn.send("your keys, separated by spaces:\n")
                keys_read(conn.line(), cube)
            else:
                conn.send("one key per line:\n")
                for _ in range(200):
                    keys_read(conn.line(), cube)
                    if cube.uniform():
                        break
        except ValueError as e:
            conn.send("no such key (%s)\n" % e)
            return False
        if not cube.uniform():
            conn.send("still scrambled, bye\n")
            return False
        conn.send("well done\n")
    conn.send("dojo master: flag{quarter_keys_no_limit_said}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--style", choices=("line", "each"), default="line"),
                  description=__doc__, rounds=3)
