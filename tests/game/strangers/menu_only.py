#!/usr/bin/env python3
"""A stranger's menu that never shows a cube: whatever is chosen, the cube machine is 'being
repaired' and the menu comes back, up to --menus times (then it gives up). Nothing here can
be won; a client should notice that its answers lead nowhere and stop, saying so. The number
of menus answered is written to stderr.

  python3 menu_only.py [--menus N] [--games N] [--alarm S] [--port-file F]"""
import sys

import harness


def play(conn, args, rng):
    conn.send("=== Cube Arcade ===\n")
    answered = 0
    try:
        for _ in range(args.menus):
            conn.send("\n[1] play a cube\n[2] high scores\n[3] leave\nSelect: ")
            choice = conn.line().strip()
            answered += 1
            if choice == "3":
                conn.send("See you.\n")
                break
            if choice == "2":
                conn.send("No scores yet.\n")
            else:
                conn.send("The cube machine is being repaired, come back later.\n")
    finally:  # also when the client gives up and closes: how many menus it answered
        print("stranger: %d menus answered" % answered, file=sys.stderr, flush=True)
    return False


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--menus", type=int, default=200),
                  description=__doc__)
