#!/usr/bin/env python3
"""A door that opens to a word: it asks who is there, and the right watchword (--word) is let in
with the prize; anything else is turned away. No cube is ever shown. With --games 2 the second
visitor meets the same door.

  python3 watchword.py --word W [--games N] [--alarm S] [--port-file F]"""
import harness


def add_args(ap):
    ap.add_argument("--word", required=True)


def play(conn, args, _rng):
    conn.send("A voice behind the door: Who goes there?\n")
    said = conn.line().strip()
    if said != args.word:
        conn.send("The voice: I do not know you. Begone.\n")
        return False
    conn.send("The door swings open. Inside, carved in stone: CTF{sp34k_fr13nd}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, add_args=add_args, description=__doc__)
