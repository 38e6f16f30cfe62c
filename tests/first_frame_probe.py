#!/usr/bin/env python3
"""Runs pi-agent-ask on a fresh pseudo-terminal and looks at the process the moment its first
frame has arrived: how many threads it runs and how many open descriptions of the terminal it
holds; then where the bell of its notification arrived, and the same counts after a key.

The script is one JSON document in argv[1]:

    {"command": [...], "dir": "...", "size": [columns, rows], "wait_for": "text"}

The program runs in `dir` as a session leader with the terminal as its controlling terminal
and standard input, standard output into `result.json` and standard error into `stderr.txt`.
The report is one JSON document: `tasks_at_first_frame`, `tty_descriptions` (the distinct open
file descriptions, told apart with kcmp(2), of the descriptors it holds on the terminal beyond
standard input), `tty_descriptors`, `writes_at_first_frame` (the write system calls the process
had made once the first frame and its bell had arrived, from `syscw` of /proc/PID/io),
`bell_after_frame` (whether the first bell came after the awaited text),
`alternate_screen_first` (whether the first bytes received enter the alternate screen),
`tasks_after_key`, `writes_for_key` (the write system calls the key took),
`nonblocking_before_key` (once the terminal has been quiet after the first frame, the program
waiting for a key), `signals_blocked_before_key` and `signals_caught_before_key` (at the same
moment, the signal numbers its main thread blocks and those it has handlers for) and `nonblocking_after_key` (whether any of its descriptors on the terminal
is non-blocking, from the `flags` of /proc/PID/fdinfo), `stdin_nonblocking_after_key`
(the same for standard input, which the probe opened), `exit` and `stderr`. Only Python's
standard library is used.
"""

import ctypes
import fcntl
import json
import os
import platform
import select
import signal
import struct
import sys
import termios
import time

DEADLINE_SECONDS = 15.0
CURSOR_POSITION_REQUEST = b"\x1b[6n"
# kcmp(2)'s system call number and its KCMP_FILE type.
KCMP = {"x86_64": 312, "aarch64": 272}
KCMP_FILE = 0


def read_once(master, timeout, received):
    ready, _, _ = select.select([master], [], [], max(0.0, timeout))
    if not ready:
        return False
    try:
        chunk = os.read(master, 1 << 16)
    except OSError:
        return False
    if CURSOR_POSITION_REQUEST in chunk:
        os.write(master, b"\x1b[1;1R")
    received.extend(chunk)
    return bool(chunk)


def quiet(master, received, seconds=0.3):
    while read_once(master, seconds, received):
        pass


def tasks(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def writes(pid):
    with open(f"/proc/{pid}/io", encoding="ascii") as io:
        for line in io:
            name, _, value = line.partition(":")
            if name == "syscw":
                return int(value)
    raise RuntimeError("no syscw in /proc/PID/io")


def signal_numbers(pid, field):
    """The signals in `field` of /proc/PID/status (`SigBlk`, `SigCgt`: a hexadecimal mask whose
    bit N-1 stands for signal N), as a sorted list of numbers."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name == field:
                mask = int(value.strip(), 16)
                return [number for number in range(1, 65) if mask >> (number - 1) & 1]
    raise RuntimeError(f"no {field} in /proc/PID/status")


def same_description(pid, first, second):
    number = KCMP.get(platform.machine())
    if number is None:
        raise RuntimeError(f"no kcmp system call number for {platform.machine()}")
    libc = ctypes.CDLL(None, use_errno=True)
    answer = libc.syscall(number, pid, pid, KCMP_FILE, first, second)
    if answer < 0:
        raise OSError(ctypes.get_errno(), "kcmp failed")
    return answer == 0


def terminal_descriptions(pid, devices):
    """The descriptors beyond standard input that hold the terminal (its own device or
    `/dev/tty`, `devices`), and how many distinct open file descriptions they are."""
    held = []
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            if int(name) != 0 and os.stat(f"/proc/{pid}/fd/{name}").st_rdev in devices:
                held.append(int(name))
        except OSError:
            pass
    distinct = []
    for fd in held:
        if not any(same_description(pid, fd, other) for other in distinct):
            distinct.append(fd)
    return held, len(distinct)


def nonblocking(pid, fds):
    """Whether any of `fds` is non-blocking (O_NONBLOCK in its `flags`, which are octal)."""
    for fd in fds:
        with open(f"/proc/{pid}/fdinfo/{fd}", encoding="ascii") as info:
            for line in info:
                name, _, value = line.partition(":")
                if name == "flags" and int(value.strip(), 8) & os.O_NONBLOCK:
                    return True
    return False


def main():
    script = json.loads(sys.argv[1])
    folder = script["dir"]
    columns, rows = script["size"]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    devices = {os.fstat(slave).st_rdev, os.stat("/dev/tty").st_rdev}
    out = os.open(os.path.join(folder, "result.json"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    err = os.open(os.path.join(folder, "stderr.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(slave, 0)
            os.dup2(out, 1)
            os.dup2(err, 2)
            os.chdir(folder)
            os.execv(script["command"][0], script["command"])
        finally:
            os._exit(127)
    os.close(out)
    os.close(err)
    awaited = script["wait_for"].encode()
    received = bytearray()
    report = {}
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while awaited not in received:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{awaited!r} never arrived: {bytes(received[-300:])!r}")
            read_once(master, deadline - time.monotonic(), received)
        report["tasks_at_first_frame"] = tasks(pid)
        held, distinct = terminal_descriptions(pid, devices)
        report["tty_descriptors"] = len(held)
        report["tty_descriptions"] = distinct
        quiet(master, received)
        report["nonblocking_before_key"] = nonblocking(pid, held)
        report["signals_blocked_before_key"] = signal_numbers(pid, "SigBlk")
        report["signals_caught_before_key"] = signal_numbers(pid, "SigCgt")
        bell = received.find(b"\x07")
        report["bell_after_frame"] = bell > received.find(awaited)
        report["alternate_screen_first"] = received.startswith(b"\x1b[?1049h")
        report["writes_at_first_frame"] = writes(pid)
        os.write(master, b"\x1b[B")
        quiet(master, received)
        report["tasks_after_key"] = tasks(pid)
        report["writes_for_key"] = writes(pid) - report["writes_at_first_frame"]
        report["nonblocking_after_key"] = nonblocking(pid, held)
        report["stdin_nonblocking_after_key"] = nonblocking(pid, [0])
        os.write(master, b"\x03")
        end = time.monotonic() + DEADLINE_SECONDS
        status = None
        while time.monotonic() < end:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            read_once(master, 0.02, received)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = None
        report["exit"] = None if status is None else os.waitstatus_to_exitcode(status)
    except Exception as error:  # reported, so the test shows what went wrong
        report["failure"] = repr(error)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
    with open(os.path.join(folder, "stderr.txt"), encoding="utf-8", errors="replace") as text:
        report["stderr"] = text.read()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
