#!/usr/bin/env python3
"""Plays a challenge that asks questions around each cube, with the same reply rules as
`cubegod play --reply`, using only the cubegod binding and sockets.

    python3 play_with_replies.py HOST PORT --prompt 'your step:' \\
        --reply 'start:your choice:=3' --reply 'cube:your choice:=2' \\
        --reply 'answered:your choice:=3' --notation quarter \\
        --move-map "U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r" --separator ''

A rule is [PHASE:][re:]TEXT=SEND: when TEXT (a regular expression after re:) arrives in a line,
or in a line the server leaves unfinished, and the game is in PHASE, SEND goes back as a line.
Phases: start (no cube waiting for an answer), cube (a cube read, not answered), answered (the
moves sent, no verdict yet), any. start:=SEND is sent before anything arrives. Rules come before
the prompt. A cube already solved is shown, not asked.

The cube may come as Face boxes or a compact line (cubegod.read), or as a net of coloured
squares (an ANSI truecolour net, U above L F R B above D), which this script turns into a
compact line by colour, the centres naming the faces. Exit status 0 when a flag was seen."""
import argparse
import re
import select
import socket
import sys

try:
    import cubegod
except ImportError:  # run from a checkout: the package is in python/, beside this folder
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import cubegod

PHASES = ("any", "start", "cube", "answered")
FLAG = re.compile(r"[A-Za-z0-9_]+\{[^}]*\}")
CELL = re.compile(r"\x1b\[38;2;(\d+);(\d+);(\d+)m")


def parse_rule(rule):
    """(phase, regex or None, text, send), as cubegod's own reader takes a rule; ValueError
    naming the rule otherwise."""
    rest, phase = rule, "any"
    m = re.match(r"([a-z]+):", rest)
    if m and m.group(1) != "re":
        if m.group(1) not in PHASES:
            raise ValueError("reply rule %r: unknown phase %r" % (rule, m.group(1)))
        phase, rest = m.group(1), rest[m.end():]
    is_re = rest.startswith("re:")
    if is_re:
        rest = rest[3:]
    m = re.search(r"(?<!\\)=", rest)
    if not m:
        raise ValueError("reply rule %r: no '=' between the text and what to send" % rule)
    text, send = rest[:m.start()].replace("\\=", "="), rest[m.end():]
    if not text and phase not in ("any", "start"):
        raise ValueError("reply rule %r: an opening line's phase is start" % rule)
    try:
        rx = re.compile(text) if is_re else None
    except re.error as e:
        raise ValueError("reply rule %r: %s" % (rule, e))
    return phase, rx, text, send


def net_to_line(lines):
    """Nine rows of coloured squares (3, 12, 3 of them) as a 54-letter line in UDFBLR order,
    each colour named by the face whose centre shows it; None when it is no such net."""
    rows = [[tuple(map(int, c)) for c in CELL.findall(l)] for l in lines]
    if [len(r) for r in rows] != [3, 3, 3, 12, 12, 12, 3, 3, 3]:
        return None
    face = {"U": [r for r in rows[0:3]], "D": [r for r in rows[6:9]]}
    for k, name in enumerate("LFRB"):
        face[name] = [r[3 * k:3 * k + 3] for r in rows[3:6]]
    centre = {face[f][1][1]: f for f in face}
    if len(centre) != 6:
        return None
    try:
        return "".join(centre[c] for f in "UDFBLR" for r in face[f] for c in r)
    except KeyError:
        return None


def read_cube(text):
    """The cube in text, as cubegod's reader or a net of coloured squares gives it, or None."""
    lines = [l for l in text.split("\n") if CELL.search(l)]
    if len(lines) >= 9:
        line = net_to_line(lines[-9:])
        if line:
            return cubegod.read(line, size=3, form="line")
    try:
        return cubegod.read(text)
    except cubegod.Error:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("host")
    ap.add_argument("port", type=int)
    ap.add_argument("--prompt", default="Enter your solution:")
    ap.add_argument("--reply", action="append", default=[])
    ap.add_argument("--notation", default="standard")
    ap.add_argument("--move-map", default=None)
    ap.add_argument("--separator", default=" ")
    ap.add_argument("--timeout", type=float, default=10)
    args = ap.parse_args()
    try:
        rules = [parse_rule(r) for r in args.reply]
    except ValueError as e:
        print("play_with_replies: %s" % e, file=sys.stderr)
        return 2
    move_map = dict(kv.split("=", 1) for kv in args.move_map.split(",")) if args.move_map else None
    cubegod.prepare(3)
    sock = socket.create_connection((args.host, args.port), timeout=args.timeout)
    fired = [0] * len(rules)
    for i, (phase, rx, text, send) in enumerate(rules):
        if not text and rx is None:
            sock.sendall(send.encode() + b"\n")
            fired[i] += 1
    buf, pending, text_since, cube, answered, flags, rounds = b"", "", "", None, False, [], 0

    def phase():
        return "answered" if answered else "cube" if cube is not None else "start"

    while True:
        ready, _, _ = select.select([sock], [], [], args.timeout)
        chunk = sock.recv(4096) if ready else b""
        if not chunk:
            break
        buf += chunk
        while buf:
            nl = buf.find(b"\n")
            if nl < 0:  # a partial line is a line once a rule or the prompt is in it
                part = buf.decode(errors="replace")
                if args.prompt not in part and not any(
                        (rx.search(part) if rx else t and t in part) for _, rx, t, _ in rules):
                    break
                line, buf = part, b""
            else:
                line, buf = buf[:nl].decode(errors="replace"), buf[nl + 1:]
            flags += FLAG.findall(line)
            text_since += line + "\n"
            if args.prompt not in line:
                found = read_cube(text_since) if CELL.search(line) or "+" in line else None
                if found is not None and len([l for l in text_since.split("\n") if CELL.search(l)]) >= 9:
                    text_since = ""
                    if found.is_solved():
                        found = None  # shown, not asked
                    elif answered:
                        answered, rounds = False, rounds + 1  # a new cube: the round passed
                    cube = found if found is not None else cube
                if answered and re.search(r"(?i)congratulations|correct|\bok\b|\[\+\]", line):
                    answered, rounds = False, rounds + 1
            hit = next((i for i, (ph, rx, t, _) in enumerate(rules)
                        if t and ph in ("any", phase()) and (rx.search(line) if rx else t in line)),
                       None)
            if hit is not None:
                fired[hit] += 1
                sock.sendall(rules[hit][3].encode() + b"\n")
            elif args.prompt in line and cube is not None:
                moves = cubegod.solve(cube)  # half turns: milliseconds; written as asked
                sock.sendall(cubegod.format(moves, args.notation, move_map,
                                            args.separator).encode() + b"\n")
                cube, answered, text_since = None, True, ""
    sock.close()
    for i, n in enumerate(fired):
        if not n:
            print("reply rule %r never matched" % args.reply[i], file=sys.stderr)
    if flags:
        print("won: %d rounds; flag: %s" % (rounds + answered, " ".join(flags)))
        return 0
    print("lost after %d rounds" % rounds)
    return 1


if __name__ == "__main__":
    sys.exit(main())
