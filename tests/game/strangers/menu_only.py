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
    for shown in range(1, args.menus + 1):
        conn.send("\n[1] play a cube\n[2] high scores\n[3] leave\nSelect: ")
        choice = conn.line().strip()
        if choice == "3":
            conn.send("See you.\n")
            break
        if choice == "2":
            conn.send("No scores yet.\n")
        else:
            conn.send("The cube machine is being repaired, come back later.\n")
    print("stranger: %d menus answered" % shown, file=sys.stderr)
    return False


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--menus", type=int, default=200),
                  description=__doc__)
