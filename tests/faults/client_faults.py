#!/usr/bin/env python3
"""Fault injection against `cubegod play`: small fake servers on loopback, one per case.

  refused     nothing listens on the port
  reset       the server resets the connection (SO_LINGER 0) in the middle of a round
  silent      the server sends half a round and then nothing (play --timeout 1)
  tls-bad     a TLS peer with a self-signed certificate: refused without --insecure ...
  tls-insecure  ... and played with --insecure (the fake server accepts any answer)
  huge-line   64 MB without a newline (memory must stay bounded)
  four-faces  a round with four faces
  colours     a round with impossible colours (seven of them; one colour five times)
  deep-nesting  a Python-style cube nested a thousand mappings deep (issue 35: it crashed play)
  one-byte    one byte a second: no line ever completes within the timeout
  garbage     256 KiB of random bytes, then silence
  endless-menu  a menu asked again after each reply (play --reply answers it), never a cube
  text-flood  a line of menu text every 0.2 s, nothing asked, never a cube
  absurd-gate a proof of work of 500 zero bits: refused at once with its estimate
  cube-changes  one-move mode: after the first move the server shows another cube

Every failing case must exit non-zero with a message naming what went wrong (and the round,
where there is one); tls-insecure must win. Prints one line per case with play's exit status,
its peak RSS and the first line of its message; exits 0 when every case held.

usage: client_faults.py        env: CUBEGOD (the binary), FIXTURES (the fixtures directory)
"""
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

BANNER = (b"Welcome to the cube god trial!\n"
          b"Solve 1 rounds, each in 1 second(s) and at most 11 moves, to get the flag!\n")
WIN = b"[+] Correct! (9 moves)\n\nCongratulations! Here is your flag: flag{fake_server}\n"


def listener():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(4)
    return s


def serve_once(sock, behaviour, tls=None):
    """Accepts one connection in a thread and runs behaviour(conn) on it."""
    def run():
        sock.settimeout(30)
        try:
            conn, _ = sock.accept()
        except OSError:
            return
        try:
            if tls:
                conn = tls.wrap_socket(conn, server_side=True)
            behaviour(conn)
        except (OSError, ssl.SSLError):
            pass
        finally:
            try:
                conn.close()
            except OSError:
                pass
            sock.close()
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def read_line(conn, limit=4096):
    data = b""
    conn.settimeout(10)
    while b"\n" not in data and len(data) < limit:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def play(cubegod, port, *args, timeout=60):
    """Runs play; returns (exit status, peak RSS in MB, stderr + stdout text, seconds)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        # --size 2: the fake servers play the 2x2, so the 3x3 tables (75 MB) stay closed and
        # the memory bound below measures what the server's bytes cost
        p = subprocess.Popen([cubegod, "play", "127.0.0.1", str(port), "-q", "--size", "2"]
                             + list(args),
                             stdout=out, stderr=err)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = (err.read() + out.read()).decode("utf-8", "replace")
    return p.returncode, usage.ru_maxrss / 1024, text, time.monotonic() - start


def make_cert(tmp):
    key, cert = os.path.join(tmp, "key.pem"), os.path.join(tmp, "cert.pem")
    r = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=not-the-host.invalid", "-keyout", key, "-out", cert],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if r.returncode != 0:
        return None
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    return ctx


def main():
    cubegod = os.environ.get("CUBEGOD")
    fixtures = os.environ.get("FIXTURES", os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "fixtures"))
    if not cubegod:
        print("client_faults: set CUBEGOD", file=sys.stderr)
        return 77
    with open(os.path.join(fixtures, "faults", "round.txt"), "rb") as f:
        good_round = f.read()
    boxes = good_round.split(b"Face ")
    head, faces = boxes[0], [b"Face " + b for b in boxes[1:]]
    faces[-1] = faces[-1].split(b"Enter")[0]
    prompt = b"Enter your solution:\n"
    four = head + b"".join(faces[:4]) + prompt
    # Seven colours: one sticker of the first face becomes 'X'; then a colour five times.
    seven = good_round.replace(b"| L D |", b"| X D |", 1)
    five = re.sub(rb"\| (\w) (\w) \|\n\| (\w) (\w) \|", rb"| \1 \1 |\n| \1 \1 |", good_round,
                  count=2)

    def half_then(action):
        def b(conn):
            conn.sendall(BANNER + good_round[:len(good_round) // 2])
            action(conn)
        return b

    def reset(conn):
        time.sleep(0.2)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")

    def stall(conn):
        time.sleep(20)  # far beyond play's --timeout 1

    def huge(conn):
        conn.sendall(BANNER)
        chunk = b"A" * 65536
        for _ in range(1024):  # 64 MB, no newline: play stops reading at its 1 MiB bound
            conn.sendall(chunk)
        time.sleep(1)

    def deep(conn):
        # "{k: " a thousand times over ten lines, then a value and the closing braces
        text = b"state = " + b"\n".join([b"{k: " * 100] * 10) + b"\n0" + b"}" * 1000 + b"\n"
        conn.sendall(BANNER + text + prompt)
        read_line(conn)
        time.sleep(0.5)

    def one_byte(conn):
        for b in BANNER + good_round:
            conn.sendall(bytes([b]))
            time.sleep(1)

    def garbage(conn):
        conn.sendall(os.urandom(256 * 1024))
        time.sleep(20)

    def endless_menu(conn):
        conn.settimeout(0.2)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            conn.sendall(b"== Lobby ==\n[1] start  [2] scores  [3] leave\nchoice> ")
            try:
                if not conn.recv(100):
                    return
            except socket.timeout:
                pass

    def flood(conn):
        end = time.monotonic() + 30
        while time.monotonic() < end:
            conn.sendall(b"Main menu: (1) practice (2) leaderboard (3) quit\n")
            time.sleep(0.2)

    def absurd_gate(conn):
        conn.sendall(b"Anti-bot check: sha512(S + 'lobby') has 500 leading zero bits\nS = ")
        time.sleep(5)

    def cube_changes(conn):
        # one-move mode: the round, a move, then the very same cube again (the move not applied)
        conn.sendall(BANNER + good_round.replace(b"Enter your solution:", b"Enter your move:"))
        read_line(conn)
        conn.sendall(b"Move 1 applied.\n" + good_round.split(b"Enter")[0] + b"Enter your move:\n")
        read_line(conn)
        time.sleep(0.5)

    def send_round(text):
        def b(conn):
            conn.sendall(BANNER + text)
            read_line(conn)
            time.sleep(0.5)
        return b

    def win(conn):
        conn.sendall(BANNER + good_round)
        if read_line(conn):
            conn.sendall(WIN)

    tmp = tempfile.mkdtemp()
    tls = make_cert(tmp)
    # name, behaviour, play arguments, tls, expected exit, patterns the message must contain
    cases = [
        ("refused", None, [], None, 1, [r"refused"]),
        ("reset", half_then(reset), [], None, 1, [r"round 1", r"reset|closed"]),
        ("silent", half_then(stall), ["--timeout", "1"], None, 1,
         [r"round 1", r"time|silent|within"]),
        ("huge-line", huge, [], None, 1, [r"line|long|limit"]),
        ("four-faces", send_round(four), [], None, 1, [r"round 1", r"4 faces"]),
        ("colours-7", send_round(seven), [], None, 1, [r"round 1", r"7 colours"]),
        ("colours-5x", send_round(five), [], None, 1, [r"round 1", r"more than four times"]),
        ("deep-nesting", deep, [], None, 1, [r"nested deeper than 16"]),
        ("one-byte", one_byte, ["--timeout", "2"], None, 1, [r"round 1", r"timeout after 2 s"]),
        ("garbage", garbage, ["--timeout", "1"], None, 1, [r"timeout|cube|line"]),
        ("endless-menu", endless_menu, ["--timeout", "0.5", "--reply", "choice>=1"], None, 1,
         [r"no cube read|without a cube"]),
        # the engine's own choice in the same menu: bounded like a reply rule, and named
        ("endless-menu-chosen", endless_menu, ["--timeout", "0.5"], None, 1,
         [r"the menu's choice fired 20 times with no cube read"]),
        ("text-flood", flood, ["--timeout", "0.5"], None, 1, [r"without a cube"]),
        ("absurd-gate", absurd_gate, [], None, 1, [r"proof of work", r"over the limit"]),
        ("cube-changes", cube_changes, ["--one-move", "--prompt", "Enter your move:"], None, 1,
         [r"round 1, move 1", r"not the one expected"]),
    ]
    if tls:
        cases += [
            ("tls-bad", win, ["--tls"], tls, 1, [r"certificate|verif"]),
            ("tls-insecure", win, ["--tls", "--insecure"], tls, 0, [r"flag\{fake_server\}"]),
        ]
    else:
        print("openssl missing: TLS cases skipped")

    problems = []
    for name, behaviour, args, ctx, want_rc, patterns in cases:
        sock = listener()
        port = sock.getsockname()[1]
        if behaviour is None:
            sock.close()  # nothing listens there any more
        else:
            serve_once(sock, behaviour, ctx)
        rc, rss, text, secs = play(cubegod, port, *args)
        first = next((l for l in text.splitlines() if re.search(patterns[-1], l, re.I)),
                     text.strip().splitlines()[0] if text.strip() else "")
        print("%-13s exit %d, %.1f s, peak RSS %5.1f MB: %s" % (name, rc, secs, rss, first[:110]))
        if rc != want_rc:
            problems.append("%s: exit %d, expected %d" % (name, rc, want_rc))
        for pat in patterns:
            if not re.search(pat, text, re.I):
                problems.append("%s: the message lacks /%s/: %s" % (name, pat, text.strip()[:300]))
        if rc < 0:
            problems.append("%s: killed by signal %d" % (name, -rc))
        if rss > 128 and not os.environ.get("CUBEGOD_SLOW_TOOLS"):  # valgrind's RSS is its own
            problems.append("%s: peak RSS %.1f MB over 128 MB" % (name, rss))
    shutil.rmtree(tmp, ignore_errors=True)
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
