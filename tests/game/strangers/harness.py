"""What every stranger server here shares: a listening socket on 127.0.0.1, its port on the
first line of standard output (or in --port-file, a file of its own), up to --games connections
one after another, an alarm that bounds the whole run, and an exit status a test can read:

  0  a game was won (the cube really solved, checked by cubes.py); the server stops there
  1  every game was lost
  3  the alarm rang first

Each game is a function play(conn, args, rng) returning True (won) or False (lost); it may
raise EOFError, ValueError or OSError, which count as lost. What happened goes to stderr."""
import argparse
import os
import random
import signal
import socket
import sys
import time

import cubes


class Conn:
    """A line-oriented connection, as a script built on a socket's makefile would use it."""

    def __init__(self, sock):
        self.sock, self.buf = sock, b""
        self.sent_at = None  # when the last write left, for the latency file

    def send(self, text):
        self.sock.sendall(text.encode())
        self.sent_at = time.perf_counter()

    def line(self):
        while b"\n" not in self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise EOFError("the client closed the connection")
            self.buf += data
        got, self.buf = self.buf.split(b"\n", 1)
        return got.decode(errors="replace").rstrip("\r")


def _alarm(_sig, _frame):
    print("stranger: the alarm rang before the game ended", file=sys.stderr, flush=True)
    os._exit(3)


def serve(play, add_args=None, description=None, rounds=1):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--games", type=int, default=1, help="connections to serve (stops at a win)")
    ap.add_argument("--alarm", type=int, default=60, help="seconds the whole run may last")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=rounds)
    ap.add_argument("--port-file", help="write the port here instead of standard output")
    ap.add_argument("--latency", help="append a line a round here: the round, the seconds from "
                    "the prompt leaving to the answer arriving")
    if add_args:
        add_args(ap)
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(args.alarm)
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]
    if args.port_file:
        with open(args.port_file + ".part", "w") as f:
            f.write("%d\n" % port)
        os.rename(args.port_file + ".part", args.port_file)
    else:
        print(port, flush=True)
    rng = random.Random(args.seed)
    for game in range(1, args.games + 1):
        sock, _ = srv.accept()
        sock.settimeout(args.alarm)
        try:
            won = play(Conn(sock), args, rng)
        except (EOFError, ValueError, OSError) as e:
            print("stranger: game %d: %s" % (game, e), file=sys.stderr)
            won = False
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()
        print("stranger: game %d %s" % (game, "won" if won else "lost"), file=sys.stderr, flush=True)
        if won:
            sys.exit(0)
    sys.exit(1)


def line_rounds(conn, args, rng, size, show, prompt, solved=None, verdicts=("correct", "wrong"),
                read_moves=None):
    """rounds of: a scrambled cube shown by show(round, cube), the prompt, one line of moves
    (face turns), a verdict. solved(cube) judges (default: every face one colour); read_moves
    (answer) turns the server's own notation into face turns, raising ValueError for a word it
    refuses (the server then says 'Invalid move' and the game is lost). True when every round
    was solved."""
    for rnd in range(1, args.rounds + 1):
        _, cube = cubes.scramble(rng, size)
        conn.send(show(rnd, cube))
        conn.send(prompt)
        answer = conn.line()
        if args.latency:
            with open(args.latency, "a") as f:
                f.write("%d %.6f\n" % (rnd, time.perf_counter() - conn.sent_at))
        if read_moves:
            try:
                answer = read_moves(answer)
            except ValueError as e:
                conn.send("Invalid move: %s\n" % e)
                return False
        cube.apply(answer)
        if not (solved or cubes.Cube.uniform)(cube):
            conn.send(verdicts[1] + "\n")
            return False
        conn.send(verdicts[0] + "\n")
    return True
