"""cubegod.play over Python objects: a pwntools tube handed over for the cube rounds and taken
back (the rest of the server's text put back into it), a plain socket (the rest in
result.rest), an object of one's own; errors of the object raised again, bad arguments
refused. The server is tests/game/strangers/stages.py: a name, three 2x2 rounds, a last
question, the flag; it exits 0 only when its own model found every cube solved."""
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import cubegod

STAGES = os.path.join(os.environ["CUBEGOD_SOURCE"], "tests", "game", "strangers", "stages.py")
FLAG = b"flag{three_stages_one_tube}"


class Stages:
    """stages.py on a port of its own, for one game."""

    def __enter__(self):
        self.dir = tempfile.TemporaryDirectory()
        port_file = os.path.join(self.dir.name, "port")
        self.proc = subprocess.Popen([sys.executable, STAGES, "--alarm", "30", "--port-file",
                                      port_file], stderr=subprocess.PIPE)
        for _ in range(400):
            if os.path.exists(port_file):
                break
            time.sleep(0.025)
        with open(port_file) as f:
            self.port = int(f.read())
        return self

    def won(self):
        """The server's own verdict: exit status 0 (it printed the flag for solved cubes)."""
        return self.proc.wait(timeout=30) == 0

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stderr.close()
        self.dir.cleanup()


def recv_until(sock, end):
    data = b""
    while not data.endswith(end):
        got = sock.recv(1)
        if not got:
            raise EOFError(data)
        data += got
    return data


class Play(unittest.TestCase):
    def test_pwntools_tube_handed_over_and_back(self):
        try:
            from pwn import context, remote
        except ImportError:
            self.skipTest("pwntools not installed")
        context.log_level = "error"
        with Stages() as s:
            io = remote("127.0.0.1", s.port)
            io.sendlineafter(b"Who goes there? ", b"pwntools")
            r = cubegod.play(io)
            self.assertTrue(r.won, r.reason)
            self.assertEqual((r.rounds_passed, r.rounds_answered, r.rounds_announced), (3, 3, 3))
            self.assertTrue(r.open)
            # the last question came while the game lingered: it is back in pwntools' buffer
            self.assertEqual(r.rest, b"Stage 3. Last question: what is 6*7? ")
            io.sendlineafter(b"what is 6*7? ", b"42")
            self.assertEqual(io.recvline().strip(), FLAG)
            io.close()
            self.assertTrue(s.won())

    def test_socket_rest_in_result(self):
        with Stages() as s, socket.create_connection(("127.0.0.1", s.port)) as sock:
            recv_until(sock, b"Who goes there? ")
            sock.sendall(b"socket\n")
            r = cubegod.play(sock, timeout=5)
            self.assertTrue(r.won, r.reason)
            self.assertEqual(r.rounds_passed, 3)
            self.assertTrue(r.rest.endswith(b"what is 6*7? "), r.rest)
            sock.sendall(b"42\n")
            self.assertIn(FLAG, recv_until(sock, b"}\n"))
            self.assertTrue(s.won())

    def test_object_of_ones_own(self):
        """Anything with pwntools' recv(n, timeout=) and send(data) will do."""
        class Wrapper:
            def __init__(self, sock):
                self.sock, self.sent = sock, 0

            def recv(self, n, timeout=None):
                self.sock.settimeout(timeout)
                try:
                    got = self.sock.recv(n)
                except socket.timeout:
                    return b""
                if not got:
                    raise EOFError
                return got

            def send(self, data):
                self.sent += len(data)
                self.sock.sendall(data)

        with Stages() as s, socket.create_connection(("127.0.0.1", s.port)) as sock:
            recv_until(sock, b"Who goes there? ")
            sock.sendall(b"wrapper\n")
            w = Wrapper(sock)
            r = cubegod.play(w)
            self.assertTrue(r.won, r.reason)
            self.assertGreater(w.sent, 0)
            sock.sendall(b"42\n")
            self.assertIn(FLAG, r.rest + recv_until(sock, b"}\n"))
            self.assertTrue(s.won())

    def test_the_objects_exception_is_raised_again(self):
        class Broken:
            def recv(self, n, timeout=None):
                raise RuntimeError("the wire is cut")

            def send(self, data):
                pass

        with self.assertRaisesRegex(RuntimeError, "the wire is cut"):
            cubegod.play(Broken())

    def test_a_closed_stream_before_any_round(self):
        class Empty:
            def recv(self, n, timeout=None):
                raise EOFError

            def send(self, data):
                pass

        try:
            r = cubegod.play(Empty())
        except cubegod.Error as e:
            self.assertIsInstance(e, cubegod.ClosedError)
        else:
            self.assertFalse(r.won)
            self.assertTrue(r.reason)

    def test_bad_arguments(self):
        with self.assertRaises(TypeError):
            cubegod.play(42)
        with socket.socket() as sock:
            with self.assertRaisesRegex(cubegod.InputError, "target"):
                cubegod.play(sock, target="sideways")
            with self.assertRaisesRegex(cubegod.InputError, "timeout"):
                cubegod.play(sock, timeout=0)


if __name__ == "__main__":
    unittest.main()
