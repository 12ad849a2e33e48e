#!/usr/bin/env python3
"""A small SOCKS5 (no authentication) and HTTP CONNECT proxy for cubegod's tests.

  python3 proxy.py socks5|http LOG [--refuse]

Listens on 127.0.0.1, prints its port on the first line of standard output, and appends one
line per tunnel to LOG: "socks5 HOST PORT" or "http HOST PORT", so a test can see that the
traffic went through it. --refuse answers every request with a refusal (SOCKS5 reply 5, HTTP
403). Each tunnel copies bytes both ways until either side closes.
"""
import socket
import struct
import sys
import threading


def pipe(a, b):
    try:
        while True:
            data = a.recv(65536)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    finally:
        try:
            b.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def exact(c, n):
    data = b""
    while len(data) < n:
        more = c.recv(n - len(data))
        if not more:
            raise EOFError
        data += more
    return data


def socks5(c):
    ver, nmethods = exact(c, 2)
    methods = exact(c, nmethods)
    assert ver == 5 and 0 in methods
    c.sendall(b"\x05\x00")
    ver, cmd, _, atyp = exact(c, 4)
    assert ver == 5 and cmd == 1
    if atyp == 1:
        host = socket.inet_ntop(socket.AF_INET, exact(c, 4))
    elif atyp == 4:
        host = socket.inet_ntop(socket.AF_INET6, exact(c, 16))
    else:
        host = exact(c, exact(c, 1)[0]).decode()
    port = struct.unpack(">H", exact(c, 2))[0]
    return host, port


def http(c):
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += exact(c, 1)
    method, target, _ = head.split(b"\r\n")[0].decode().split(" ")
    assert method == "CONNECT"
    host, port = target.rsplit(":", 1)
    return host.strip("[]"), int(port)


def handle(c, kind, log, refuse):
    try:
        host, port = (socks5 if kind == "socks5" else http)(c)
        with open(log, "a") as f:
            f.write(f"{kind} {host} {port}\n")
        if refuse:
            c.sendall(b"\x05\x05\x00\x01\x00\x00\x00\x00\x00\x00" if kind == "socks5"
                      else b"HTTP/1.1 403 Forbidden\r\n\r\n")
            return
        up = socket.create_connection((host, port))
        c.sendall(b"\x05\x00\x00\x01\x00\x00\x00\x00\x00\x00" if kind == "socks5"
                  else b"HTTP/1.1 200 Connection established\r\n\r\n")
        t = threading.Thread(target=pipe, args=(up, c), daemon=True)
        t.start()
        pipe(c, up)
        t.join()
        up.close()
    except (OSError, EOFError, AssertionError, ValueError):
        pass
    finally:
        c.close()


def main():
    kind, log = sys.argv[1], sys.argv[2]
    refuse = "--refuse" in sys.argv[3:]
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    print(s.getsockname()[1], flush=True)
    while True:
        c, _ = s.accept()
        threading.Thread(target=handle, args=(c, kind, log, refuse), daemon=True).start()


main()
