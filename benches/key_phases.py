#!/usr/bin/env python3
"""Where a key's time goes, program by program, from the kernel's own trace points.

`benches/peers.py` times key -> paint from outside, with a spread between runs (tenths of a
millisecond on a busy machine) wider than most changes to this program. This script splits the
same interval into its phases with tracefs events, which cost about a microsecond each and add
no stop to the traced program: the driver's `write` of the key, the kernel waking the program
(`sched_wakeup`) and running it (`sched_switch`), the program's first `write` after it (the
frame, or the first bytes of it), that write's return, and the driver's wait returning on the
output. Every program is traced alike, so every system call is slowed a little: a program that
makes many before its first write (dialoguer makes 17) is slowed the most.

The programs are those of `benches/peers.py` that are compiled (this program, inquire and
dialoguer), or the builds named with `--build`, each started from copies of its executable, in
interleaved rounds of twelve keys 0.19 s apart. Needs root and tracefs at /sys/kernel/tracing.

Usage: sudo python3 benches/key_phases.py [--rounds 10] [--build PATH ...]
"""

import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402  (the pseudo-terminal driver of the peer benchmark)
from traced import parse_arguments, phases_in_rounds, print_phases, read_trace, tracefs  # noqa: E402

KEYS = 12
PAUSE_SECONDS = 0.19
WAITS = ("poll", "ppoll", "select", "pselect6", "epoll_wait")
EVENTS = [f"syscalls/sys_{edge}_write" for edge in ("enter", "exit")] + [
    f"syscalls/sys_exit_{wait}" for wait in WAITS
] + ["sched/sched_wakeup", "sched/sched_switch"]
# One line of the trace: task-pid [cpu] flags timestamp: event: fields, or for a system call
# `sys_write(fd: ..)` on entry and `sys_write -> 0x3` on exit.
LINE = re.compile(r"\s*.+?-(\d+)\s+\[\d+\]\s+\S+\s+([\d.]+): (\w+)(:|\(| ->)\s*(.*)")
# The phases, as the marks they run between, in the order they follow one another.
PHASES = [
    ("sent", "woken", "key written -> program woken"),
    ("woken", "running", "woken -> running"),
    ("running", "writing", "running -> first write"),
    ("writing", "written", "the write"),
    ("written", "seen", "write -> driver's wait returns"),
    ("sent", "seen", "key written -> driver's wait returns"),
]


def trace_keys(session, driver):
    """Sends KEYS keys to `session` with the events on for it and the driver; returns the trace."""
    program = session.pid
    tracefs("tracing_on", "0")
    tracefs("trace_clock", "mono")
    tracefs("trace", "")
    filters = {
        "sched/sched_wakeup": f"pid == {program} || pid == {driver}",
        "sched/sched_switch": f"next_pid == {program}",
    }
    for event in EVENTS:
        default = f"common_pid == {program} || common_pid == {driver}"
        tracefs(f"events/{event}/filter", filters.get(event, default))
        tracefs(f"events/{event}/enable", "1")
    tracefs("tracing_on", "1")
    try:
        for index in range(KEYS):
            session.quiet(PAUSE_SECONDS)
            session.key(peers.DOWN if index % 2 == 0 else peers.UP)
    finally:
        tracefs("tracing_on", "0")
        for event in EVENTS:
            tracefs(f"events/{event}/enable", "0")
            tracefs(f"events/{event}/filter", "0")
    return read_trace()


def key_marks(trace, program, driver):
    """Each key's marks in µs: when the driver wrote it, and when each later step came."""
    keys, marks = [], None
    for line in trace.splitlines():
        match = LINE.match(line)
        if not match:
            continue
        pid, at, name, separator, fields = match.groups()
        pid, at = int(pid), float(at) * 1e6
        if separator != ":":
            name = f"{name}_exit" if separator == " ->" else f"{name}_enter"
        if pid == driver and name == "sys_write_enter":
            marks = {"sent": at}
            keys.append(marks)
            continue
        if marks is None:
            continue
        woken_pid = re.search(r"\bpid=(\d+)", fields) if name == "sched_wakeup" else None
        if woken_pid and int(woken_pid.group(1)) == program:
            marks.setdefault("woken", at)
        elif name == "sched_switch" and f"next_pid={program} " in f"{fields} " and "woken" in marks:
            marks.setdefault("running", at)
        elif pid == program and name == "sys_write_enter" and "running" in marks:
            marks.setdefault("writing", at)
        elif pid == program and name == "sys_write_exit" and "writing" in marks:
            marks.setdefault("written", at)
        elif pid == driver and name.startswith("sys_") and name.endswith("_exit") and "written" in marks:
            marks.setdefault("seen", at)
    # The first key of a run wakes code that has not run since the first frame: left out.
    return [marks for marks in keys[1:] if all(mark in marks for mark in ("woken", "running", "written", "seen"))]


def main():
    arguments = parse_arguments(__doc__, rounds=10)

    def measure(program, round_number):
        session = peers.Session(program, round_number)
        try:
            session.until(peers.QUESTION_TEXT)
            session.quiet()
            trace = trace_keys(session, os.getpid())
        finally:
            session.finish()
        for marks in key_marks(trace, session.pid, os.getpid()):
            for start, end, label in PHASES:
                yield label, marks[end] - marks[start]

    phases = phases_in_rounds(arguments, measure)
    print_phases(
        f"median µs over {arguments.rounds} rounds of {KEYS - 1} keys",
        [label for _, _, label in PHASES],
        phases,
        lambda times: f"{statistics.median(times):.0f}",
    )


if __name__ == "__main__":
    main()
