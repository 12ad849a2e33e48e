#!/usr/bin/env python3
"""A stranger's 2x2 behind a menu of modes: three numbered modes, of which only the last
ends with a flag, and its words say so. The other modes play their cubes and end with no flag
(a practice game the client may think won). After the mode, each cube is a net in colour
letters, 'Moves: ', one line of turns, a verdict.

  python3 mode_menu.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
MODES = ("Choose how to play:\n 1) warm-up, a single cube\n 2) marathon, no time pressure\n"
         " 3) tournament, the flag goes to whoever clears it\nMode? ")


def play(conn, args, rng):
    conn.send("*** Cube club ***\n")
    conn.send(MODES)
    mode = conn.line().strip()
    if mode not in ("1", "2", "3"):
        conn.send("Unknown mode.\n")
        return False
    rounds = 1 if mode == "1" else args.rounds
    show = lambda rnd, cube: "Cube %d\n%s" % (rnd, cubes.net(cubes.paint(cube, COLOURS)))
    for rnd in range(1, rounds + 1):
        _, cube = cubes.scramble(rng, 2)
        conn.send(show(rnd, cube))
        conn.send("Moves: ")
        cube.apply(conn.line())
        if not cube.uniform():
            conn.send("Wrong, that cube is still mixed.\n")
            return False
        conn.send("Correct.\n")
    if mode != "3":
        conn.send("Thanks for practising. Try the tournament for real.\n")
        return False
    conn.send("Tournament cleared: flag{the_mode_that_says_flag}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=3)
