#!/usr/bin/env python3
"""A stranger's 2x2 in the six usual colours (letters W Y G B O R in a net) that judges an
answer against the way the cube stands on its shelf: blue on top and red facing the viewer,
which is neither the way most programs draw a solved cube nor the way most people hold one.
The banner does not say which way that is; an answer that leaves the cube solved in any other
position is rejected with the same words as one that leaves it scrambled. Several games may be
played (--games); the first won ends the run.

  python3 shelf_position.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))  # the usual scheme, drawn white up and green front


def shelf_picture():
    """The solved cube turned whole (a 2x2 turns whole by two opposite layers): tipped back
    so the blue back face comes up (R' L), then a quarter around the vertical so red, on the
    right, comes to the front (U D')."""
    return cubes.paint(cubes.Cube(2).apply("R' L U D'"), COLOURS).stickers


def play(conn, args, rng):
    conn.send("The shelf cube was knocked over and scrambled. Put it back exactly as it stood.\n")
    picture = shelf_picture()
    show = lambda rnd, cube: "\n-- cube %d of %d --\n%s" % (rnd, args.rounds,
                                                           cubes.net(cubes.paint(cube, COLOURS)))
    painted = lambda cube: cubes.paint(cube, COLOURS).stickers == picture
    if not harness.line_rounds(conn, args, rng, 2, show, "Turns> ", solved=painted,
                               verdicts=("It stands as it did.",
                                         "Rejected: the cube does not stand the way it did on "
                                         "the shelf.")):
        return False
    conn.send("Shelf restored: flag{blue_top_red_facing_you}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=3)
