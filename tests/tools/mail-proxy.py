#!/usr/bin/python3
"""A TCP proxy in front of a mail server that misbehaves on purpose.

usage: mail-proxy.py PORTFILE TARGET_PORT [--drop-after N] [--busy ADDR]

Listens on a free loopback port, writes it to PORTFILE, and forwards each
connection to 127.0.0.1:TARGET_PORT, counting the lines the clients send
over all connections.  With --drop-after N, the connection that sends the
N-th line is closed on both sides before that line reaches the server
(once; later connections are served), so the server never sees it.  With
--busy ADDR (SMTP), a "RCPT TO" naming ADDR is answered
"451 4.2.1 mailbox busy" by the proxy itself and not forwarded, so that
the server is left in the middle of the mail transaction, as after a
refused recipient.  Stops on SIGTERM.  For tests/mail-reuse.sh.
"""
import argparse
import select
import signal
import socket
import sys
import threading

lock = threading.Lock()
count = 0
dropped = False


def serve(client, args):
    global count, dropped
    server = socket.create_connection(("127.0.0.1", args.target))
    pending = b""
    try:
        while True:
            r, _, _ = select.select([client, server], [], [])
            if server in r:
                data = server.recv(65536)
                if not data:
                    return
                client.sendall(data)
            if client in r:
                data = client.recv(65536)
                if not data:
                    return
                pending += data
                out = b""
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    line += b"\n"
                    with lock:
                        count += 1
                        drop = (args.drop_after and not dropped and
                                count >= args.drop_after)
                        if drop:
                            dropped = True
                    if drop:
                        if out:
                            server.sendall(out)
                        return
                    if (args.busy and line.upper().startswith(b"RCPT TO:")
                            and args.busy.encode() in line.lower()):
                        if out:
                            server.sendall(out)
                            out = b""
                        client.sendall(b"451 4.2.1 mailbox busy\r\n")
                        continue
                    out += line
                if out:
                    server.sendall(out)
    except OSError:
        return
    finally:
        for s in (client, server):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("portfile")
    p.add_argument("target", type=int)
    p.add_argument("--drop-after", type=int, default=0)
    p.add_argument("--busy", default="")
    args = p.parse_args()
    args.busy = args.busy.lower()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    with open(args.portfile + ".tmp", "w") as f:
        f.write("%d\n" % listener.getsockname()[1])
    import os
    os.rename(args.portfile + ".tmp", args.portfile)
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve, args=(client, args),
                         daemon=True).start()


if __name__ == "__main__":
    main()
