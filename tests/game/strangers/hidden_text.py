#!/usr/bin/env python3
"""A stranger's hidden-text challenge, as the file a player saves: a 3x3 net whose 54 stickers
are the characters of the flag, scrambled; then a chatty line; then the scramble alone on the
last line. Printed to standard output (a file fixture: there is nothing to answer).
'--message' prints the 54-character text the net hides instead.

  python3 hidden_text.py [--seed S] [--message]"""
import argparse
import random

import cubes

MESSAGE = "flag{the_moves_are_on_the_last_line_not_after_the_net}"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--message", action="store_true")
    args = ap.parse_args()
    assert len(MESSAGE) == 54
    if args.message:
        print(MESSAGE)
        return
    # the message is written on U, L F R B across row by row, then D: the net's reading order
    order = [("U", r) for r in range(3)] + [(f, r) for r in range(3) for f in "LFRB"] + [("D", r) for r in range(3)]
    cube = cubes.Cube(3)
    text = iter(MESSAGE)
    for f, r in order:
        base = cubes.ORDER.index(f) * 9 + r * 3
        for c in range(3):
            cube.stickers[base + c] = next(text)
    moves, _ = cubes.scramble(random.Random(args.seed), 3, 14)
    cube.apply(moves)
    print("Here is my cube. I wrote something on it and then gave it a few twists:\n")
    print(cubes.net(cube), end="")
    print("\nSince you asked nicely, one last present. Use it wisely!")
    print(moves)


if __name__ == "__main__":
    main()
