"""cubegod.pow(text) over the built library: answers checked with Python's own hashlib and
integers, errors as the binding's exceptions. Run by e2e_pow_binding.sh."""
import base64
import hashlib
import os
import secrets
import signal
import string
import threading
import time
import unittest

import cubegod

P = 2**1279 - 1


class Pow(unittest.TestCase):
    def test_sha256_prefix(self):
        secret = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(3))
        suffix = secrets.token_hex(8)
        digest = hashlib.sha256((secret + suffix).encode()).hexdigest()
        got = cubegod.pow(f"[+] sha256(XXX + \"{suffix}\") == {digest}\n[+] Plz tell me XXX: ")
        self.assertEqual(hashlib.sha256((got + suffix).encode()).hexdigest(), digest)
        self.assertEqual(len(got), 3)

    def test_leading_zero_bits_bytes_in(self):
        got = cubegod.pow(b"send S such that sha256(abc + S) has 12 leading zero bits")
        d = int.from_bytes(hashlib.sha256(("abc" + got).encode()).digest(), "big")
        self.assertGreaterEqual(256 - d.bit_length(), 12)

    def test_hashcash(self):
        stamp = cubegod.pow("Proof of work required. Run:\n  hashcash -mb14 py@test\n")
        parts = stamp.split(":")
        self.assertEqual((parts[0], parts[1], parts[3]), ("1", "14", "py@test"))
        d = int.from_bytes(hashlib.sha1(stamp.encode()).digest(), "big")
        self.assertGreaterEqual(160 - d.bit_length(), 14)

    def test_sloth_squares_back(self):
        x = secrets.randbelow(2**128)
        d = 25
        chal = "s." + base64.b64encode(d.to_bytes(4, "big")).decode() + "." + \
            base64.b64encode(x.to_bytes(16, "big")).decode()
        answer = cubegod.pow("curl -sSfL https://pwn.red/pow | sh -s " + chal)
        y = int.from_bytes(base64.b64decode(answer[2:]), "big")
        for _ in range(d):
            y = pow(y ^ 1, 2, P)  # noqa: the built-in, not cubegod.pow
        self.assertIn(y, (x, P - x))

    def test_limit_and_interrupt(self):
        # issue 35, item 7: pow() had no time limit and could not be interrupted
        with self.assertRaises(cubegod.LimitError) as e:
            cubegod.pow("sha512(abc + S) has 500 leading zero bits", limit=5)
        self.assertIn("years", str(e.exception))
        self.assertIn("over the limit of 5 s", str(e.exception))
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with self.assertRaises(KeyboardInterrupt):
            cubegod.pow("sha256(abc + S) has 60 leading zero bits", limit=None)
        timer.join()
        self.assertLess(time.monotonic() - start, 30)  # stopped, not searched through

    def test_errors(self):
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.pow("Welcome to the trial")
        self.assertIn("no proof of work", str(e.exception))
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.pow("sha256(XXXX+abc) == notahex")
        self.assertIn("not read as a gate", str(e.exception))
        self.assertIn("looks like a proof of work", str(e.exception))
        with self.assertRaises(cubegod.TooLongError):
            cubegod.pow("md5(XX+abc) == 00000000000000000000000000000000")
        with self.assertRaises(TypeError):
            cubegod.pow(42)


if __name__ == "__main__":
    unittest.main()
