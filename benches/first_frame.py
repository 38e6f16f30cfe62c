#!/usr/bin/env python3
"""Time from process start to the first frame on the terminal, for `pi-agent-ask demo`.

Each run opens a fresh pseudo-terminal of 120x40, forks, makes the terminal the child's
controlling terminal and execs the program (stdout to /dev/null, as `> result.json` would).
The clock starts just before the fork and stops when the terminal has received the whole first
frame: the alternate-screen switch, the title and the footer's last hint. Then a ctrl+c
dismisses the untouched form and the program exits.

The first run also writes the default settings file (in a temporary folder); it is reported
on its own, and the runs after it are the ones summarized.

Usage: python3 benches/first_frame.py [BINARY] [RUNS]
(default: target/release/pi-agent-ask, 20 runs; build it first with `cargo build --release`).
"""

import fcntl
import os
import platform
import select
import statistics
import struct
import sys
import tempfile
import termios
import time

ALTERNATE_SCREEN = b"\x1b[?1049h"
TITLE = b"Set up the new service"
# The footer's last hint, `esc cancel`, arrives as a styled key and a word in another style.
LAST_HINT = [b"esc", b"cancel"]
DEADLINE_SECONDS = 10.0


def spawn_on_terminal(argv, columns=120, rows=40):
    """Forks `argv` onto a new pseudo-terminal; returns (pid, master, slave, start time in ns)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter_ns()
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(slave, 0)
            os.dup2(devnull, 1)
            os.dup2(slave, 2)
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    os.close(devnull)
    # The parent keeps the terminal's other end open, so nothing the child wrote is lost when a
    # short-lived child exits before it is read.
    return pid, master, slave, start


def read_until(master, markers):
    """Reads the terminal until every marker has arrived, in order; returns the time in ns."""
    received = b""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while True:
        position = 0
        for marker in markers:
            found = received.find(marker, position)
            if found < 0:
                break
            position = found + len(marker)
        else:
            return time.perf_counter_ns()
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no first frame within {DEADLINE_SECONDS} s: {received[-200:]!r}")
        ready, _, _ = select.select([master], [], [], left)
        if ready:
            received += os.read(master, 65536)


def finish(pid, master, slave):
    """Dismisses the form with ctrl+c, drains the terminal until the program ends, reaps it."""
    os.write(master, b"\x03")
    deadline = time.monotonic() + DEADLINE_SECONDS
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            os.read(master, 65536)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    os.close(slave)
    os.close(master)


def first_frame_ms(argv):
    pid, master, slave, start = spawn_on_terminal(argv)
    try:
        end = read_until(master, [ALTERNATE_SCREEN, TITLE, *LAST_HINT])
    finally:
        finish(pid, master, slave)
    return (end - start) / 1e6


def p90(values):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 9 // 10) - 1)]


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/pi-agent-ask"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    binary = os.path.abspath(binary)
    with tempfile.TemporaryDirectory() as home:
        config = os.path.join(home, "settings.json")
        argv = [binary, "demo", "--config", config]
        first_run = first_frame_ms(argv)
        times = [first_frame_ms(argv) for _ in range(runs)]
    print(f"machine: {os.cpu_count()} CPUs, {cpu_model()}, {platform.system()} {platform.release()}")
    print(f"binary: {binary}")
    print(f"first run (writes the default settings file): {first_run:.2f} ms")
    print(
        f"first frame over {runs} runs: median {statistics.median(times):.2f} ms, "
        f"p90 {p90(times):.2f} ms, min {min(times):.2f} ms, max {max(times):.2f} ms"
    )


if __name__ == "__main__":
    main()
