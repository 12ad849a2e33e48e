#!/usr/bin/env python3
"""A server that greets and then never shows a cube: it accepts one player on 127.0.0.1,
writes a line of welcome and keeps quiet until the player hangs up or --linger seconds pass.
The port goes to standard output (the caller's own file)."""
import argparse
import socket
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--linger", type=float, default=30.0)
    args = ap.parse_args()
    with socket.socket() as lsn:
        lsn.bind(("127.0.0.1", 0))
        lsn.listen(1)
        lsn.settimeout(args.linger)
        print(lsn.getsockname()[1], flush=True)
        conn, _ = lsn.accept()
        with conn:
            conn.sendall(b"Welcome to the waiting room. The puzzle master is late.\n")
            conn.settimeout(args.linger)
            try:
                while conn.recv(4096):
                    pass
            except OSError:
                pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
