#!/usr/bin/env python3
"""Where a start's time goes, program by program, from the kernel's own trace points.

`benches/peers.py --starts` times the first frame from outside, less a spawn floor that moves
by tenths of a millisecond from run to run. This script splits the start of each program into
phases with tracefs events: the program's `exec`, every system call's entry and exit, and its
user page faults. Between landmarks every Rust program on glibc passes alike, a phase each:

- loading the C library: from `exec` to `rseq`, which the C library makes once it is mapped;
- relocating and the C library's start: from there to the standard library's check of
  descriptors 0 to 2 (`poll`), once the program's relocations are applied and write-protected
  and the C library has started;
- the standard library's start: from there to its last `rt_sigaction` for SIGBUS (the stack
  overflow handler), after which `main` runs; none for a program entered without it (this one
  on glibc: `src/start.rs`), whose own `main` makes that `poll`;
- `main` to the first write: the program's own work until its first `write` (the frame, or the
  first bytes of it);
- the first write to the program's first sleep: what it does before it gives the processor up,
  which, on a machine whose processors are all busy, is when whoever reads the terminal can
  run;
- the first write to the driver's read: until this script's `read` of the pseudo-terminal
  returns the bytes, the first frame as the terminal sees it (`exec` to that read, the last row,
  is the start a user sees).

Each phase is reported with the page faults and the system calls made in it. The events cost
about a microsecond each, so every system call and fault is slowed a little, alike in every
program.

The programs are those of `benches/peers.py` that are compiled (this program, inquire and
dialoguer), or the builds named with `--build`, each started from copies of its executable, in
interleaved rounds. Needs root and tracefs at /sys/kernel/tracing.

Usage: sudo python3 benches/start_phases.py [--rounds 25] [--build PATH ...]
"""

import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402  (the pseudo-terminal driver of the peer benchmark)
from traced import parse_arguments, phases_in_rounds, print_phases, read_trace, tracefs  # noqa: E402

EVENTS = [
    "sched/sched_process_exec",
    "sched/sched_switch",
    "raw_syscalls/sys_enter",
    "raw_syscalls/sys_exit",
    "exceptions/page_fault_user",
]
# The x86-64 numbers of the system calls the landmarks are made of.
READ, WRITE, POLL, RT_SIGACTION, RSEQ = 0, 1, 7, 13, 334
SIGBUS = 7
# One line of the trace: task-pid [cpu] flags timestamp: event: fields.
LINE = re.compile(r"\s*.+?-(\d+)\s+\[\d+\]\s+\S+\s+([\d.]+): (\w+): (.*)")
ENTER = re.compile(r"NR (\d+) \(([0-9a-f]+)")
EXIT = re.compile(r"NR (\d+) = (-?\d+)")
# A task giving the processor up to sleep (interruptibly or not).
SLEEP = re.compile(r"prev_pid=(\d+) .*prev_state=[SD]")
# The phases, as the marks they run between, in the order they follow one another.
PHASES = [
    ("exec", "mapped", "loading the C library"),
    ("mapped", "relocated", "relocating and the C library's start"),
    ("relocated", "main", "the standard library's start"),
    ("main", "written", "main to the first write"),
    ("exec", "written", "exec to the first write"),
    ("written", "asleep", "the first write to the program's first sleep"),
    ("written", "seen", "the first write to the driver's read"),
    ("exec", "seen", "exec to the driver's read"),
]
# The marks every start passes; the last two need the driver's pid and sched_switch events.
MARKS = ("exec", "mapped", "relocated", "main", "written")


def start_marks(trace, program, driver=None):
    """The marks of `program`'s start, each as (µs, page faults before it, system calls before
    it): {mark: (time, faults, calls)}, or None when the trace misses one of `MARKS`. After the
    first write come `asleep`, the program's first sleep, and, given the `driver`'s pid,
    `seen`, the return of the driver's first `read` with bytes in it."""
    marks, faults, calls = {}, 0, 0
    # The standard library's last SIGBUS action: set when its call returns, taken as `main`'s
    # start once another call follows it.
    sigbus_done, in_sigbus = None, False
    for line in trace.splitlines():
        match = LINE.match(line)
        if not match:
            continue
        pid, at, name, fields = int(match.group(1)), float(match.group(2)) * 1e6, match.group(3), match.group(4)
        if "written" in marks:
            if pid == program:
                faults += name == "page_fault_user"
                calls += name == "sys_enter"
            after_write(marks, (pid, at, name, fields), (program, driver), (faults, calls))
            if "asleep" in marks and ("seen" in marks or driver is None):
                break
            continue
        if pid != program:
            continue
        if name == "sched_process_exec":
            marks, faults, calls = {"exec": (at, 0, 0)}, 0, 0
            continue
        if "exec" not in marks:
            continue
        if name == "page_fault_user":
            faults += 1
        elif name == "sys_exit" and in_sigbus:
            sigbus_done, in_sigbus = (at, faults, calls), False
        elif name == "sys_enter":
            number, first = (int(value, base) for value, base in zip(ENTER.match(fields).groups(), (10, 16)))
            in_sigbus = number == RT_SIGACTION and first == SIGBUS and "relocated" in marks
            if sigbus_done is not None and not in_sigbus:
                marks.setdefault("main", sigbus_done)
            if number == RSEQ:
                marks.setdefault("mapped", (at, faults, calls))
            elif number == POLL and "mapped" in marks:
                marks.setdefault("relocated", (at, faults, calls))
            elif number == WRITE and "relocated" in marks:
                # A program entered without the standard library's runtime start (no SIGBUS
                # action before its first write) is in `main` from its `poll` on.
                marks.setdefault("main", marks["relocated"])
                marks["written"] = (at, faults, calls)
            calls += 1
    return marks if all(mark in marks for mark in MARKS) else None


def after_write(marks, event, pids, counts):
    """Notes in `marks` what `event` (pid, µs, name, fields) of the trace after the program's
    first write tells: the program's first sleep, the driver's first read with bytes in it.
    `counts` are the program's page faults and system calls so far."""
    pid, at, name, fields = event
    program, driver = pids
    if name == "sched_switch" and pid == program:
        sleeping = SLEEP.search(fields)
        if sleeping and int(sleeping.group(1)) == program:
            marks.setdefault("asleep", (at, *counts))
    elif name == "sys_exit" and pid == driver:
        number, returned = (int(value) for value in EXIT.match(fields).groups())
        if number == READ and returned > 0:
            marks.setdefault("seen", (at, *counts))


def trace_start(program, round_number):
    """Starts `program` with the events on until its question shows; returns its pid and the
    trace. The events are on for every process meanwhile (the program's pid is known only
    once it runs); the trace is read for its pid alone."""
    tracefs("tracing_on", "0")
    tracefs("trace", "")
    for event in EVENTS:
        tracefs(f"events/{event}/enable", "1")
    tracefs("tracing_on", "1")
    session = peers.Session(program, round_number)
    try:
        session.until(peers.QUESTION_TEXT)
    finally:
        tracefs("tracing_on", "0")
        session.finish()
    return session.pid, read_trace()


def main():
    arguments = parse_arguments(__doc__, rounds=25)

    def measure(program, round_number):
        pid, trace = trace_start(program, round_number)
        marks = start_marks(trace, pid, os.getpid())
        for start, end, label in PHASES if marks else []:
            if start in marks and end in marks:
                yield label, [marks[end][i] - marks[start][i] for i in range(3)]

    def cell(spent):
        time, faults, calls = (statistics.median(values[i] for values in spent) for i in range(3))
        return f"{time:.0f} µs, {faults:.0f} faults, {calls:.0f} calls"

    tracefs("trace_clock", "mono")
    try:
        phases = phases_in_rounds(arguments, measure)
    finally:
        for event in EVENTS:
            tracefs(f"events/{event}/enable", "0")
    print_phases(
        f"medians over {arguments.rounds} starts: µs, page faults, system calls",
        [label for _, _, label in PHASES],
        phases,
        cell,
    )


if __name__ == "__main__":
    main()
