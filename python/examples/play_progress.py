#!/usr/bin/env python3
"""Plays a game of `cubegod serve` with cubegod.play() over a pwntools tube, shown as pwntools
shows a long task: one log.progress line that each round updates, then the verdict.

    python3 play_progress.py [HOST] PORT

Exit status 0 when the game was won (the flag is printed), 1 otherwise."""
import argparse
import sys

from pwn import context, log, remote

try:
    import cubegod
except ImportError:  # run from a checkout: the package is in python/, beside this folder
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import cubegod


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("host", nargs="?", default="127.0.0.1")
    ap.add_argument("port", type=int)
    args = ap.parse_args()
    cubegod.prepare(2)  # the table before the first timed round
    io = remote(args.host, args.port)
    notes = []
    result = cubegod.play(io, progress=log.progress("cube god"),
                          on_event=lambda kind, data: kind == "note" and notes.append(data))
    for note in notes:  # what the client read from the banner, below the progress line
        log.info(note)
    if result.flags:
        log.success("flag: %s" % " ".join(result.flags))
    context.log_level = "error"  # no "Closed connection" after the verdict
    io.close()
    return 0 if result.won else 1


if __name__ == "__main__":
    sys.exit(main())
