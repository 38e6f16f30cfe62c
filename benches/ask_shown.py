#!/usr/bin/env python3
"""Time from starting `ask` to its question on the person's terminal: in a tmux popup, in an
answer inbox in the pane beside, and in the pane `ask` runs in.

A private tmux server runs a 120×40 window of two panes, the asker's and an inbox's
(`pi-agent-ask inbox`, the pane with the focus), with a client attached on a pseudo-terminal
that this script reads, as a person's terminal would show it. Each round types into the asker's
pane a command that notes the time and then becomes `pi-agent-ask ask QUESTION --ui popup`
(or `--ui inbox`, `--ui tui`), and stops the clock when the question's text reaches the client;
the form is then dismissed with `esc`. The three ways take turns, in a rotating order.
`--ui tui` draws in the pane the program runs in: the least a tmux client can show a form in,
and the floor the others' extra work (a popup: asking tmux for the client, opening the popup,
starting the program in it; an inbox: the call over its socket) stands on.

Usage: python3 benches/ask_shown.py [ROUNDS] [PROGRAM]
e.g.   python3 benches/ask_shown.py 31 target/release/pi-agent-ask
Needs tmux 3.2 or newer.
"""

import fcntl
import os
import platform
import pty
import select
import shlex
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUESTION = os.path.join(ROOT, "benches", "peers", "question.json")
SHOWN = b"Which language"
SIZE = (120, 40)
TIMEOUT = 10.0
INBOX = f"bench-{os.getpid()}"


class Terminal:
    """A private tmux server with one pane, and a client attached on a pseudo-terminal."""

    def __init__(self, folder, program):
        self.socket = os.path.join(folder, "tmux.sock")
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", str(SIZE[0]), "-y", str(SIZE[1]), "sh")
        self.asker = self.tmux("display-message", "-p", "#{pane_id}").strip()
        inbox = f"HOME={shlex.quote(folder)} {shlex.quote(program)} inbox --name {INBOX}"
        self.tmux("split-window", "-h", inbox)
        self.client, self.fd = pty.fork()
        if self.client == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp("tmux", ["tmux", "-S", self.socket, "attach"])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        if self.read_until(lambda output: b"Nothing is waiting" in output) is None:
            raise SystemExit("the inbox did not start")
        self.read_until(lambda _: False, 0.5)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def read_until(self, done, timeout=TIMEOUT):
        """Reads the client's output until `done(output so far)`; returns when it was."""
        output = b""
        deadline = time.time() + timeout
        while time.time() < deadline:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.time()))
            if not ready:
                continue
            output += os.read(self.fd, 65536)
            if done(output):
                return time.time()
        return None

    def close(self):
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        os.close(self.fd)
        os.waitpid(self.client, 0)


def one_round(terminal, program, ui, folder, number):
    """Seconds from the program's start to its question on the client."""
    stamp = os.path.join(folder, "started")
    marker = f"round-{number}-over"
    note_and_run = (
        "import os, sys, time; open(sys.argv[1], 'w').write(repr(time.time())); "
        "os.execv(sys.argv[2], sys.argv[2:])"
    )
    line = " ".join(
        shlex.quote(word)
        for word in [sys.executable, "-c", note_and_run, stamp, program, "ask", QUESTION, "--ui", ui, "--inbox", INBOX]
    )
    line = f"HOME={shlex.quote(folder)} {line}"
    # The marker is typed with quotes in it, so that only the `echo` prints it whole.
    typed_marker = f'round-{number}"-over"'
    terminal.tmux("send-keys", "-t", terminal.asker, f"clear; {line} > /dev/null; echo {typed_marker}", "Enter")
    shown = terminal.read_until(lambda output: SHOWN in output)
    if ui == "tui":
        terminal.tmux("select-pane", "-t", terminal.asker)
    os.write(terminal.fd, b"\x1b")
    over = terminal.read_until(lambda output: marker.encode() in output)
    if ui == "tui":
        terminal.tmux("select-pane", "-l")
    if shown is None or over is None:
        raise SystemExit(f"round {number} ({ui}): the question never showed")
    with open(stamp) as started:
        return shown - float(started.read())


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 25
    program = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target", "release", "pi-agent-ask"))
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is not installed")
    folder = tempfile.mkdtemp(prefix="popup-open-")
    terminal = Terminal(folder, program)
    ways = ["popup", "inbox", "tui"]
    times = {ui: [] for ui in ways}
    try:
        version = subprocess.run(["tmux", "-V"], capture_output=True, text=True).stdout.strip()
        for number in range(rounds + 1):
            turn = number % len(ways)
            for ui in ways[turn:] + ways[:turn]:
                elapsed = one_round(terminal, program, ui, folder, number)
                if number > 0:
                    times[ui].append(elapsed * 1000)
    finally:
        terminal.close()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{version}, {platform.machine()}, {os.cpu_count()} CPUs, {rounds} rounds after one not counted")
    print("| shown in | median | fastest | slowest |")
    print("|---|---|---|---|")
    for ui, label in (
        ("popup", "a tmux popup (`--ui popup`)"),
        ("inbox", "an inbox in the pane beside (`--ui inbox`)"),
        ("tui", "the pane itself (`--ui tui`)"),
    ):
        values = times[ui]
        print(f"| {label} | {statistics.median(values):.1f} ms | {min(values):.1f} ms | {max(values):.1f} ms |")


if __name__ == "__main__":
    main()
