#!/usr/bin/env python3
"""A challenge with proofs of work in front, as CTF servers put them, for cubegod's tests.

Each gate is written the way real challenges word it and checked with Python's own hashlib and
integers (nothing of cubegod's); after the gates, app.py's game (the Python copy of the cube
challenge beside this file) is played. One line per gate goes to standard error:
"gate KIND: ok" or "gate KIND: wrong (why)".

  python3 pow_server.py --listen 0 --gates sha256,kctf [--rounds N] [--difficulty D] [--bits B]
                        [--xs N]

Kinds: sha256, md5, sha1 (hash(XXXX+suffix) == hex, in three wordings), zeros-hex
(sha256(prefix + S) starts with 00000), zeros-bits (has N leading zero bits), zeros-first
(sha256(nonce + 'tail') has N leading zero bits), prose (English that mentions a hash and
"solve s.t.", no gate), tail / endswith / middle (the digest's last digits, or digits inside it,
as a slice or .endswith()), words / words-of (a gate told in a sentence, its known part named
on the line before, or "the sha256 of ... ends with N zeros"), never (a slice no answer can
meet: the client must leave it unanswered), hashcash
(hashcash -mbB RESOURCE), kctf (kCTF's text and encoding), redpwn (4-byte difficulty).
"""
import argparse
import base64
import hashlib
import os
import secrets
import select
import socket
import string
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import app  # noqa: E402  (the game after the gates)

ALNUM = string.ascii_letters + string.digits
P = 2**1279 - 1


def kctf_number(n):
    size = (n.bit_length() // 24) * 3 + 3
    return base64.b64encode(n.to_bytes(size, "big")).decode()


def sloth_ok(x, d, answer):
    if not answer.startswith("s."):
        return False, "no s."
    try:
        y = int.from_bytes(base64.b64decode(answer[2:], validate=True), "big")
    except ValueError:
        return False, "not base64"
    for _ in range(d):
        y = pow(y ^ 1, 2, P)
    return (y == x or y == P - x), "does not square back"


def leading_zero_bits(digest):
    n = int.from_bytes(digest, "big")
    return len(digest) * 8 - n.bit_length()


class Gates:
    def __init__(self, a, out, inp, readable=None):
        self.a, self.out, self.inp = a, out, inp
        self.readable = readable or (lambda t: True)  # whether an answer comes within t s

    def say(self, text):
        self.out(text.encode())

    def prefix(self, name, wording):
        xs = "X" * self.a.xs
        secret = "".join(secrets.choice(ALNUM) for _ in range(self.a.xs))
        suffix = "".join(secrets.choice(ALNUM) for _ in range(16))
        digest = hashlib.new(name, (secret + suffix).encode()).hexdigest()
        if wording == 0:
            self.say(f"{name}({xs}+{suffix}) == {digest}\nGive me {xs}: ")
        elif wording == 1:
            self.say(f'[+] {name}({xs} + "{suffix}") == {digest}\n[+] Plz tell me {xs}: ')
        else:
            self.say(f"hashlib.{name}(({xs} + '{suffix}').encode()).hexdigest() == '{digest}'\n> ")
        got = (self.inp() or "").strip()
        ok = hashlib.new(name, (got + suffix).encode()).hexdigest() == digest
        return ok, f"{got!r} does not hash to the digest"

    def zeros(self, by_bits):
        prefix = secrets.token_hex(8)
        if by_bits:
            bits = self.a.bits
            self.say(f"Send S such that sha256({prefix} + S) has {bits} leading zero bits\nS = ")
        else:
            bits = 20
            self.say(f"Send S such that sha256(\"{prefix}\" + S) starts with 00000\nS = ")
        got = (self.inp() or "").strip()
        digest = hashlib.sha256((prefix + got).encode()).digest()
        return leading_zero_bits(digest) >= bits, f"{leading_zero_bits(digest)} zero bits"

    def zeros_first(self):
        # the unknown written first, the known part after it (issue 35)
        tail = secrets.token_hex(3)
        bits = self.a.bits
        self.say(f"Find a nonce so that sha256(nonce + '{tail}') has {bits} leading zero bits\n"
                 "nonce? ")
        got = (self.inp() or "").strip()
        digest = hashlib.sha256((got + tail).encode()).digest()
        return leading_zero_bits(digest) >= bits, f"{leading_zero_bits(digest)} zero bits"

    def ends(self, how):
        """The digest's last digits, or digits inside it, given (issue 42): a secret of xs
        characters makes the target, so an answer exists; any answer with the same digits
        there passes."""
        xs = "X" * self.a.xs
        secret = "".join(secrets.choice(ALNUM) for _ in range(self.a.xs))
        salt = "".join(secrets.choice(ALNUM) for _ in range(12))
        name = {"tail": "sha256", "endswith": "md5", "middle": "sha1"}[how]
        k = self.a.xs  # hex digits given: 4 bits each, what xs characters can meet
        unknown_first = how != "endswith"
        whole = (secret + salt) if unknown_first else (salt + secret)
        digest = hashlib.new(name, whole.encode()).hexdigest()
        if how == "tail":
            at = len(digest) - k
            self.say(f'Proof needed: sha256({xs} + "{salt}").hexdigest()[-{k}:] == '
                     f'"{digest[at:]}"\nYour {xs}: ')
        elif how == "endswith":
            at = len(digest) - k
            self.say(f"check = hashlib.md5(('{salt}' + {xs}).encode()).hexdigest()"
                     f".endswith('{digest[at:]}')\n{xs} > ")
        else:
            at = 8
            self.say(f"sha1({xs}+{salt})[{at}:{at + k}] == {digest[at:at + k]}\n{xs}? ")
        got = (self.inp() or "").strip()
        mine = hashlib.new(name, ((got + salt) if unknown_first else (salt + got)).encode())
        ok = mine.hexdigest()[at:at + k] == digest[at:at + k]
        return ok, f"{got!r}: {mine.hexdigest()} has not {digest[at:at + k]} at {at}"

    def sentence(self, how):
        """A gate told in words, its known part named on the line before (issue 42)."""
        salt = secrets.token_hex(5)
        if how == "words":
            self.say(f"The prefix is '{salt}'.\nFind a string X such that sha1(prefix + X) "
                     "starts with 4 zero hex digits.\nX: ")
            name, unknown_first, at_end = "sha1", False, False
        else:
            self.say(f"Send any S for which the sha256 of '{salt}' + S ends with 4 zeros\nS: ")
            name, unknown_first, at_end = "sha256", False, True
        got = (self.inp() or "").strip()
        hexd = hashlib.new(name, (salt + got).encode()).hexdigest()
        return (hexd.endswith("0000") if at_end else hexd.startswith("0000")), f"{got!r}: {hexd}"

    def never(self):
        """A gate no answer can meet: 35 digits of the digest against 5 given. The client must
        not answer it; the server lets it through after a pause (a client reads it as no gate at
        once, from its text: a second and a half is ample)."""
        salt = "".join(secrets.choice(ALNUM) for _ in range(8))
        self.say(f"sha1(XXXX+{salt})[:-5] == 00000\nGive me XXXX: ")
        got = self.inp() if self.readable(1.5) else None
        return got is None, f"answered a gate no answer meets: {got!r}"

    def prose(self):
        # English that mentions a hash and "solve s.": no gate, nothing to answer
        self.say("Please solve s.t. every face is one colour, at most 11 moves\n"
                 "We keep sha256(flag) == the digest you saw at the end\n")
        return True, ""

    def hashcash(self):
        resource = "".join(secrets.choice(ALNUM) for _ in range(10))
        bits = self.a.bits
        self.say(f"Proof of work required. Run:\n  hashcash -mb{bits} {resource}\nand send the stamp:\n")
        stamp = (self.inp() or "").strip()
        parts = stamp.split(":")
        if len(parts) != 7 or parts[0] != "1" or parts[3] != resource or int(parts[1] or 0) < bits:
            return False, f"not a stamp for {resource} with {bits} bits: {stamp!r}"
        days = {time.strftime("%y%m%d", time.gmtime(time.time() + k * 86400)) for k in (-1, 0, 1)}
        if parts[2][:6] not in days:
            return False, "stale date"
        zeros = leading_zero_bits(hashlib.sha1(stamp.encode()).digest())
        return zeros >= bits, f"SHA-1 has {zeros} zero bits"

    def sloth(self, redpwn):
        d = self.a.difficulty
        x = secrets.randbelow(2**128)
        if redpwn:
            chal = "s." + base64.b64encode(d.to_bytes(4, "big")).decode() + "." + \
                base64.b64encode(x.to_bytes((x.bit_length() + 7) // 8 or 1, "big")).decode()
            self.say(f"proof of work: curl -sSfL https://pwn.red/pow | sh -s {chal}\nsolution: ")
        else:
            chal = f"s.{kctf_number(d)}.{kctf_number(x)}"
            self.say("== proof-of-work: enabled ==\nplease solve a pow first\nYou can run the solver with:\n"
                     f"    python3 <(curl -sSL https://goo.gle/kctf-pow) solve {chal}\n"
                     "===================\n\nSolution? ")
        return sloth_ok(x, d, (self.inp() or "").strip())

    def run(self, kind):
        if kind in ("sha256", "md5", "sha1"):
            return self.prefix(kind, {"sha256": 0, "md5": 1, "sha1": 2}[kind])
        if kind in ("zeros-hex", "zeros-bits"):
            return self.zeros(kind == "zeros-bits")
        if kind == "zeros-first":
            return self.zeros_first()
        if kind == "prose":
            return self.prose()
        if kind in ("tail", "endswith", "middle"):
            return self.ends(kind)
        if kind in ("words", "words-of"):
            return self.sentence(kind)
        if kind == "never":
            return self.never()
        if kind == "hashcash":
            return self.hashcash()
        if kind in ("kctf", "redpwn"):
            return self.sloth(kind == "redpwn")
        raise SystemExit(f"no gate {kind}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--listen", type=int, default=0)
    p.add_argument("--gates", default="sha256")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--difficulty", type=int, default=30)
    p.add_argument("--bits", type=int, default=16)
    p.add_argument("--xs", type=int, default=4, help="the unknown's length in the hash gates")
    p.add_argument("--timeout", type=float, default=60)
    a = p.parse_args()
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", a.listen))
    lsock.listen(1)
    lsock.settimeout(a.timeout)
    print(lsock.getsockname()[1], flush=True)
    conn, _ = lsock.accept()
    conn.settimeout(a.timeout)
    f = conn.makefile("rb")

    def inp():
        line = f.readline()
        return line.decode(errors="replace") if line else None

    gates = Gates(a, conn.sendall, inp, lambda t: bool(select.select([conn], [], [], t)[0]))
    for kind in a.gates.split(","):
        ok, why = gates.run(kind)
        print(f"gate {kind}: " + ("ok" if ok else f"wrong ({why})"), file=sys.stderr, flush=True)
        if not ok:
            conn.sendall(b"[-] Wrong proof of work\n")
            conn.close()
            return 1
        conn.sendall(b"Correct\n")
    game = argparse.Namespace(rounds=a.rounds, seed=None, crlf=False, dribble=False, shuffle=False,
                              colours=None, bare_prompt=True, silent_after=0, close_after=0,
                              four_faces_at=0, latency=None, after_flag=False)
    app.Game(game, conn.sendall, inp).play()
    f.close()
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
