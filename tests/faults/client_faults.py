#!/usr/bin/env python3
"""Fault injection against `cubegod play`: small fake servers on loopback, one per case.

  refused     nothing listens on the port
  reset       the server resets the connection (SO_LINGER 0) in the middle of a round
  silent      the server sends half a round and then nothing (play --timeout 1)
  tls-bad     a TLS peer with a self-signed certificate: refused without --insecure ...
  tls-insecure  ... and played with --insecure (the fake server accepts any answer)
  huge-line   10 MB without a newline (memory must stay bounded)
  four-faces  a round with four faces
  colours     a round with impossible colours (seven of them; one colour five times)

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
        for _ in range(160):  # 10 MB, no newline
            conn.sendall(chunk)
        time.sleep(1)

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
