#!/usr/bin/env python3
"""Fault injection against `cubegod serve`, on loopback, bounded in count and time.

While a well-behaved player plays whole games (answers from one `cubegod solve` co-process,
within the server's alarm), hostile clients hit the same server:

  drops     connections opened and dropped at random points (before the banner, mid-round,
            in the middle of an answer; closed normally or reset with SO_LINGER 0)
  silent    clients that connect and never send (each must get "[-] Time's up!")
  huge      10 MB lines without a newline ("[-] Answer too long")
  binary    random bytes then a newline ("[-] Invalid ...")
  twelve    12-move answers ("[-] Too many moves")
  half      half a line, then close (logged "Connection closed before an answer")
  slow      readers that take the round 16 bytes every 50 ms and never answer ("[-] Time's up!")
  shut      the prompt read, then the sending side shut (half-closed: "[-] Connection closed
            before an answer", read on the side still open)

Afterwards: the server is still alive and serving, every player game was won, the server's log
has one line per connection, and its peak memory (VmHWM) stays under the bound. Prints the
figures; exits 0 when everything held, 1 otherwise (77 when it cannot run at all).

usage: server_faults.py [--tiny|--quick|--full] [--alarm S] [--rss-limit-mb N] [--seed N] [--log F]
(--quick is the default; --tiny is for valgrind, where everything runs 20-50 times slower)
env:   CUBEGOD  the cubegod binary (may be a wrapper script, e.g. under valgrind)
"""
import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

PROMPT = b"Enter your solution:\n"

SIZES = {  # drops, silent, huge, binary, twelve, half, slow, shut, deadline (s)
    'tiny': dict(drops=30, silent=10, huge=1, binary=2, twelve=2, half=2, slow=2, shut=2,
                 deadline=120),
    'quick': dict(drops=150, silent=40, huge=2, binary=5, twelve=5, half=5, slow=10, shut=10,
                  deadline=60),
    'full': dict(drops=1000, silent=200, huge=5, binary=20, twelve=20, half=20, slow=40, shut=40,
                 deadline=300),
}


class Tally:
    """Counters shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.notes = []

    def add(self, key, n=1):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + n

    def note(self, text):
        with self.lock:
            self.notes.append(text)

    def get(self, key):
        with self.lock:
            return self.counts.get(key, 0)


def connect(port, timeout=30.0):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_until_closed(s, limit=1 << 20):
    """Everything the server sends until it closes (bounded); errors end the read."""
    data = b""
    try:
        while len(data) < limit:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data


def read_until(s, marker, limit=1 << 20):
    data = b""
    while marker not in data and len(data) < limit:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def verdict(data):
    """The server's [-] line in data, or ''."""
    for line in data.split(b"\n"):
        if line.startswith(b"[-]"):
            return line.decode("ascii", "replace")
    return ""


# ---- the well-behaved player ----

class Solver:
    """One `cubegod solve --target any` process: round text in, one answer line out."""

    def __init__(self, cubegod):
        self.p = subprocess.Popen([cubegod, "solve", "--target", "any"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # Wait until it has its table: a trivial cube answers once loading is done.
        self.answer(b"Face U:\n+-----+\n| U U |\n| U U |\n+-----+\n" +
                    b"".join(b"Face %c:\n+-----+\n| %c %c |\n| %c %c |\n+-----+\n" %
                             ((f,) + (f,) * 4) for f in b"DFBR") + b"ready\n")

    def answer(self, text):
        self.p.stdin.write(text)
        self.p.stdin.flush()
        return self.p.stdout.readline()

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def play_game(port, solver, tally):
    """One whole game; returns (won, rounds, slowest answer in seconds, last text)."""
    s = connect(port)
    buf = b""
    rounds, slowest = 0, 0.0
    try:
        while True:
            while PROMPT not in buf and b"Congratulations" not in buf and b"[-]" not in buf:
                chunk = s.recv(65536)
                if not chunk:
                    return False, rounds, slowest, buf[-300:]
                buf += chunk
            if PROMPT not in buf:
                return b"Congratulations" in buf, rounds, slowest, buf[-300:]
            start = time.monotonic()
            text, buf = buf.split(PROMPT, 1)
            line = solver.answer(text + PROMPT)
            s.sendall(line)
            slowest = max(slowest, time.monotonic() - start)
            rounds += 1
    finally:
        s.close()


def player(port, cubegod, stop, tally, results):
    try:
        solver = Solver(cubegod)
    except OSError as e:
        results.append((False, 0, 0.0, ("cannot start solve: %s" % e).encode()))
        return
    try:
        # Games back to back while the faults go on; at least one.
        while True:
            results.append(play_game(port, solver, tally))
            tally.add("connections")
            if stop.is_set() or not results[-1][0]:
                break
    except OSError as e:
        results.append((False, 0, 0.0, ("player: %s" % e).encode()))
    finally:
        solver.close()


# ---- hostile clients ----

def drop_one(port, rng, tally):
    """Connects and goes away at a random point."""
    try:
        s = connect(port, timeout=10)
    except OSError:
        tally.add("drop connect failed")
        return
    tally.add("connections")
    try:
        point = rng.randrange(6)
        if point >= 1:  # read part of what the server says
            want = rng.randrange(1, 700)
            got = 0
            while got < want:
                chunk = s.recv(want - got)
                if not chunk:
                    break
                got += len(chunk)
        if point >= 3:  # part of an answer, sometimes a whole wrong line
            s.sendall(rng.choice([b"U", b"R2 F", b"U U' R\n", b"\xff\x00", b"B2 L' D"]))
        if rng.random() < 0.5:  # reset instead of a clean close
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    except OSError:
        pass
    finally:
        s.close()
    tally.add("dropped")


def drops(port, n, seed, tally):
    rng = random.Random(seed)
    seeds = [rng.randrange(1 << 30) for _ in range(n)]
    lock = threading.Lock()

    def worker():
        while True:
            with lock:
                if not seeds:
                    return
                r = random.Random(seeds.pop())
            drop_one(port, r, tally)

    workers = [threading.Thread(target=worker) for _ in range(16)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def silent(port, n, tally, alarm):
    socks = []
    for _ in range(n):
        try:
            socks.append(connect(port, timeout=alarm + 30))
            tally.add("connections")
        except OSError:
            tally.add("silent connect failed")
    for s in socks:  # the alarm runs for all of them at once
        v = verdict(read_until_closed(s))
        s.close()
        tally.add("silent timed out" if "Time's up" in v else "silent other")
        if "Time's up" not in v:
            tally.note("silent client got %r" % v)


def slow_and_shut(port, sizes, tally):
    """Slow readers (16 bytes every 50 ms, never an answer) and half-closed clients (the prompt
    read, then shutdown(SHUT_WR)), each in its own thread."""
    def slow():
        try:
            s = connect(port)
            tally.add("connections")
        except OSError:
            tally.add("slow connect failed")
            return
        data = b""
        try:
            while True:
                chunk = s.recv(16)
                if not chunk:
                    break
                data += chunk
                time.sleep(0.05)
        except OSError:
            pass
        s.close()
        tally.add("slow ok" if "Time's up" in verdict(data) else "slow unexpected")

    def shut():
        try:
            s = connect(port)
            tally.add("connections")
        except OSError:
            tally.add("shut connect failed")
            return
        data = read_until(s, PROMPT)
        try:
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        v = verdict(data + read_until_closed(s))
        s.close()
        tally.add("shut ok" if "Connection closed before an answer" in v else "shut unexpected")
        if "Connection closed" not in v:
            tally.note("half-closed client got %r" % v)

    threads = [threading.Thread(target=slow) for _ in range(sizes["slow"])]
    threads += [threading.Thread(target=shut) for _ in range(sizes["shut"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def send_then_verdict(port, payload, tally, key, expect, close_early=False):
    """Sends payload (from a second thread, so the verdict is read while it is still sending)
    and expects a [-] line containing expect."""
    try:
        s = connect(port)
    except OSError:
        tally.add(key + " connect failed")
        return
    tally.add("connections")
    try:
        read_until(s, PROMPT)

        def send():
            try:
                view = memoryview(payload)
                while view:
                    n = s.send(view[:65536])
                    view = view[n:]
                if close_early:
                    s.shutdown(socket.SHUT_WR)
            except OSError:
                pass  # the server stopped reading: expected for the huge line

        t = threading.Thread(target=send)
        t.start()
        v = verdict(read_until_closed(s))
        t.join()
        ok = expect in v
        tally.add(key + (" ok" if ok else " unexpected"))
        if not ok:
            tally.note("%s: got %r" % (key, v))
    finally:
        s.close()


def hostile_lines(port, sizes, seed, tally):
    rng = random.Random(seed)
    jobs = []
    for _ in range(sizes["huge"]):
        jobs.append((b"U" * (10 << 20), "huge", "Answer too long", False))
    for _ in range(sizes["binary"]):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
        junk = junk.replace(b"\n", b"\x00")
        jobs.append((b"\x01" + junk + b"\n", "binary", "Invalid", False))
    for _ in range(sizes["twelve"]):
        jobs.append((b"U2 " * 12 + b"\n", "twelve", "Too many moves", False))
    for _ in range(sizes["half"]):
        jobs.append((b"R U' F", "half", "Connection closed before an answer", True))
    threads = [threading.Thread(target=send_then_verdict,
                                args=(port, payload, tally, key, expect, early))
               for payload, key, expect, early in jobs]
    # at most 8 at once: the 10 MB senders are the heavy ones
    for i in range(0, len(threads), 8):
        for t in threads[i:i + 8]:
            t.start()
        for t in threads[i:i + 8]:
            t.join()


# ---- the server ----

def start_server(cubegod, alarm, log_path):
    log = open(log_path, "wb")
    p = subprocess.Popen([cubegod, "serve", "--port", "0", "--alarm", str(alarm), "--seed", "42",
                          "--flag", "flag{faults}"], stdout=subprocess.PIPE, stderr=log)
    line = p.stdout.readline()
    try:
        port = int(line.split()[-1]) if line.strip() else 0
    except ValueError:
        port = 0
    return p, port, log


def memory(pid):
    """(VmRSS, VmHWM, Threads) in kB/count from /proc/PID/status."""
    fields = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                k, _, v = line.partition(":")
                fields[k] = v.split()[0] if v.split() else "0"
    except OSError:
        return 0, 0, 0
    return int(fields.get("VmRSS", 0)), int(fields.get("VmHWM", 0)), int(fields.get("Threads", 0))


def server_pid(p):
    """The server's own pid: under a wrapper script (exec valgrind ...) it is the same process."""
    return p.pid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--tiny", action="store_true")
    ap.add_argument("--alarm", type=float, default=1.0)
    ap.add_argument("--rss-limit-mb", type=int, default=256)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    cubegod = os.environ.get("CUBEGOD")
    if not cubegod:
        print("server_faults: set CUBEGOD to the cubegod binary", file=sys.stderr)
        return 77
    size = "full" if args.full else "tiny" if args.tiny else "quick"
    sizes = SIZES[size]
    log_path = args.log or "/tmp/cubegod-faults-%d.log" % os.getpid()

    t0 = time.monotonic()
    srv, port, log = start_server(cubegod, args.alarm, log_path)
    if not port:
        print("server_faults: the server printed no port", file=sys.stderr)
        return 1
    # Bounded in time whatever happens: a watchdog ends the server, which ends every client.
    watchdog = threading.Timer(sizes["deadline"], lambda: srv.send_signal(signal.SIGKILL))
    watchdog.daemon = True
    watchdog.start()

    tally = Tally()
    stop = threading.Event()
    peak = {"rss": 0, "threads": 0}

    def sample():
        while not stop.is_set() or not peak.get("final"):
            rss, _, th = memory(server_pid(srv))
            peak["rss"] = max(peak["rss"], rss)
            peak["threads"] = max(peak["threads"], th)
            if stop.is_set():
                peak["final"] = True
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    results = []
    play = threading.Thread(target=player, args=(port, cubegod, stop, tally, results))
    play.start()
    faults = [
        threading.Thread(target=silent, args=(port, sizes["silent"], tally, args.alarm)),
        threading.Thread(target=drops, args=(port, sizes["drops"], args.seed, tally)),
        threading.Thread(target=hostile_lines, args=(port, sizes, args.seed + 1, tally)),
        threading.Thread(target=slow_and_shut, args=(port, sizes, tally)),
    ]
    for f in faults:
        f.start()
    for f in faults:
        f.join()
    stop.set()
    play.join()
    fault_seconds = time.monotonic() - t0

    # Still serving?
    alive = srv.poll() is None
    probe = b""
    if alive:
        try:
            s = connect(port, timeout=10)
            tally.add("connections")
            probe = read_until(s, PROMPT)
            s.close()
        except OSError as e:
            probe = str(e).encode()
    rss, hwm, threads = memory(server_pid(srv))
    time.sleep(0.3)
    srv.send_signal(signal.SIGTERM)
    try:
        srv.wait(timeout=30)
    except subprocess.TimeoutExpired:
        srv.kill()
        srv.wait()
    watchdog.cancel()
    log.close()
    with open(log_path, "rb") as f:
        log_lines = [l for l in f.read().split(b"\n") if l.startswith(b"serve: ")]
    game_lines = [l for l in log_lines if l.startswith(b"serve: game ") or b" refused: " in l]

    games = [r for r in results if r[1] or r[3]]
    won = sum(1 for r in results if r[0])
    slowest = max((r[2] for r in results), default=0.0)
    conns = tally.get("connections")
    print("server faults (%s): %d connections in %.1f s" % (size, conns, fault_seconds))
    print("  dropped at random points: %d of %d" % (tally.get("dropped"), sizes["drops"]))
    print("  silent clients timed out with [-] Time's up!: %d of %d" % (tally.get("silent timed out"),
                                                                      sizes["silent"]))
    for key in ("huge", "binary", "twelve", "half", "slow", "shut"):
        print("  %-6s clients: %d with the expected [-] line, %d other" %
              (key, tally.get(key + " ok"), tally.get(key + " unexpected")))
    print("  player: %d game%s, %d won, %d rounds, slowest answer %.0f ms (alarm %g s)" %
          (len(games), "" if len(games) == 1 else "s", won, sum(r[1] for r in results),
           slowest * 1000, args.alarm))
    print("  server: alive %s, %d log lines for %d connections, peak RSS %.1f MB (VmHWM), "
          "most threads %d" % ("yes" if alive else "NO", len(game_lines), conns, hwm / 1024,
                                peak["threads"]))
    for n in tally.notes[:10]:
        print("  note:", n)

    problems = []
    if not alive:
        problems.append("the server died")
    if PROMPT not in probe:
        problems.append("the server did not serve a new game afterwards")
    if not games or won != len(games):
        last = results[-1][3] if results else b""
        problems.append("the player lost a game (last text: %r)" % last[-200:])
    if tally.get("silent timed out") != sizes["silent"]:
        problems.append("not every silent client got its [-] Time's up!")
    for key in ("binary", "twelve", "half", "slow", "shut"):
        if tally.get(key + " ok") != sizes[key]:
            problems.append("a %s client did not get its [-] line" % key)
    if tally.get("dropped") != sizes["drops"]:
        problems.append("only %d of %d drop clients connected" % (tally.get("dropped"), sizes["drops"]))
    if len(game_lines) != conns:
        problems.append("%d log lines for %d connections" % (len(game_lines), conns))
    if hwm > args.rss_limit_mb * 1024:
        problems.append("peak RSS %.1f MB over the %d MB bound" % (hwm / 1024, args.rss_limit_mb))
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    if not args.log:
        os.unlink(log_path)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
