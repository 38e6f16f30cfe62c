#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of its own and relays it: what arrives on standard input
is typed into the terminal, what the command writes to the terminal goes to standard output.

    pty_client.py COLUMNS ROWS COMMAND [ARGS...]

The tests attach a tmux client this way, so a test can type into a real client and read what
the client draws, popups included (which `tmux capture-pane` does not show). The relay ends
when the command exits, or kills it when standard input closes. Only Python's standard library
is used.
"""

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios


def main():
    columns, rows = int(sys.argv[1]), int(sys.argv[2])
    command = sys.argv[3:]
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.close(master)
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.close(slave)
        os.environ["TERM"] = "xterm-256color"
        os.execvp(command[0], command)
    os.close(slave)
    stdin = sys.stdin.fileno()
    stdout = sys.stdout.fileno()
    open_input = True
    while True:
        watched = [master] + ([stdin] if open_input else [])
        ready, _, _ = select.select(watched, [], [])
        if master in ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            os.write(stdout, chunk)
        if open_input and stdin in ready:
            typed = os.read(stdin, 65536)
            if not typed:
                open_input = False
                os.kill(pid, signal.SIGTERM)
            else:
                os.write(master, typed)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)


if __name__ == "__main__":
    main()
