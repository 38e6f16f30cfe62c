#!/usr/bin/env python3
"""pi-agent-ask beside its peers: the same three-option question on a 120x40 pseudo-terminal.

The peers are the tiny programs under `benches/peers/`: inquire and dialoguer (Rust, built in
their own cargo project), @inquirer/prompts (Node, when `node` and its `node_modules` are there)
and questionary (Python, when its virtual environment is there). Every round runs each program
once, in a rotating order, so that a busy machine slows all of them alike. One run of a program:

- first frame: from just before the fork until the question's text has arrived; beside it,
  its median less the median spawn floor (the same for `/bin/echo` printing that text, once a
  round); the frame's bytes are what arrived until the terminal had been quiet for 150 ms;
- key -> paint: Down is written, the clock stops at the first byte painted back; the bytes of
  that move are what arrived until quiet (then Up and Down again, for more key -> paint samples);
- peak RSS: VmHWM of the process (every thread's memory) after the moves;
- idle (one round only): CPU time (utime + stime of /proc/PID/stat) and wake-ups (context
  switches of every thread, /proc/PID/task/*/status) over 5 s of waiting for a key.

The compiled programs (this program's build and the Rust peers) run from copies of their
executables made at the start, as `cargo install` leaves a program, three each, one a round in
turn (see `installed` for why); `--as-built` runs them where they are.

The driver answers a cursor-position request (ESC [ 6 n) as a terminal would. Scaling runs
follow: one question of 1,000 and of 10,000 options, and pi-agent-ask switching between two
previews of 1 MiB each. Figures are medians over the rounds, with the smallest and largest;
"x best" is the median divided by the best (lowest) median among the programs.

Usage: python3 benches/peers.py [--quick] [--rounds N] [--as-built]
       python3 benches/peers.py --starts N [--build PATH]... [--options COUNT] [--as-built]
       python3 benches/peers.py --keys N [--build PATH]... [--as-built]

`--starts N` measures nothing but the first frame: N rounds, each timing the spawn floor and
starting every build given (the release build when none is) and the two Rust peers once, in a
rotating order, each ended as soon as the question's text has arrived; it prints each one's
median less the median floor. Builds of this program compared so run side by side, at the
same hour of the same machine. With `--options COUNT` every program shows one question of
that many generated options instead of the three-option question.

`--keys N` measures nothing but key -> paint, key by key: N rounds of the same programs, each
answering Down, Up, Down, Up, Down after its first frame; it prints each key's median, so that
the first key after the first frame (whose code the program has not run yet) shows apart from
the keys after it.

Build first: `cargo build --release`, `cargo build --release` in benches/peers, `npm ci` in
benches/peers/node, `python3 -m venv benches/peers/python/.venv` and
`benches/peers/python/.venv/bin/pip install -r benches/peers/python/requirements.txt`.
"""

import argparse
import fcntl
import json
import os
import platform
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(ROOT, "benches", "peers")
QUESTION_TEXT = b"Which language should the service use?"
COLUMNS, ROWS = 120, 40
QUIET_SECONDS = 0.15
DEADLINE_SECONDS = 15.0
CURSOR_POSITION_REQUEST = b"\x1b[6n"
DOWN, UP, CTRL_C = b"\x1b[B", b"\x1b[A", b"\x03"


class Program:
    """One program under test: its name, and the argv for an optional file of arguments.

    A compiled program (this one's build, the Rust peers) runs from copies of its executable
    once `installed` has made them, one copy a round in turn."""

    def __init__(self, name, argv, stdout_to_terminal=True, env=None, compiled=False):
        self.name = name
        self.argv = argv
        self.stdout_to_terminal = stdout_to_terminal
        self.env = env
        self.compiled = compiled
        self.executables = [argv[0]]

    def argv_in(self, round_number):
        """The argv of round `round_number`: its executable is that round's copy."""
        return [self.executables[round_number % len(self.executables)], *self.argv[1:]]


def installed(found, directory, copies=3):
    """Makes every compiled program of `found` run from `copies` copies of its executable in
    `directory`, as `cargo install` leaves a program: a copy.

    A file the linker has just written (through a memory map) lies in the page cache in pages
    of 4 KiB; a copy, like a program read from disk, lies mostly in large folios, which start
    sooner. Identical executables differed by up to 0.1 ms in first frame by that alone, and
    copies differ among themselves by the folios they got, so each round runs the next copy."""
    for program in found:
        if not program.compiled:
            continue
        source = os.path.abspath(program.argv[0])
        program.executables = []
        for copy in range(copies):
            executable = os.path.join(directory, f"{copy}{source.replace(os.sep, '-')}")
            if not os.path.exists(executable):
                shutil.copy2(source, executable)
            program.executables.append(executable)
    return found


class Session:
    """A program running on a fresh pseudo-terminal of 120x40."""

    def __init__(self, program, round_number=0):
        argv = program.argv_in(round_number)
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        devnull = os.open(os.devnull, os.O_WRONLY)
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(ROWS))
        env.update(program.env or {})
        self.start = time.perf_counter_ns()
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                os.dup2(slave, 0)
                os.dup2(slave if program.stdout_to_terminal else devnull, 1)
                os.dup2(slave, 2)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(devnull)
        self.slave = slave
        self.pid = pid
        self.received = b""

    def _read_once(self, timeout):
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 1 << 20)
        except OSError:
            return b""
        if CURSOR_POSITION_REQUEST in chunk:
            os.write(self.master, b"\x1b[1;1R")
        self.received += chunk
        return chunk

    def until(self, marker):
        """Reads until `marker` has arrived; returns the time in ns."""
        deadline = time.monotonic() + DEADLINE_SECONDS
        while marker not in self.received:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} within {DEADLINE_SECONDS} s: {self.received[-300:]!r}")
            self._read_once(left)
        return time.perf_counter_ns()

    def first_byte(self):
        """Reads until anything arrives; returns the time in ns."""
        deadline = time.monotonic() + DEADLINE_SECONDS
        before = len(self.received)
        while len(self.received) == before:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no paint after a key")
            self._read_once(left)
        return time.perf_counter_ns()

    def quiet(self, seconds=QUIET_SECONDS):
        """Reads until nothing has arrived for `seconds`."""
        while self._read_once(seconds):
            pass

    def key(self, data):
        """Writes a key; returns (key -> first byte in ms, bytes painted until quiet)."""
        self.quiet(0.02)
        before = len(self.received)
        sent = time.perf_counter_ns()
        os.write(self.master, data)
        painted = self.first_byte()
        self.quiet()
        return (painted - sent) / 1e6, len(self.received) - before

    def finish(self):
        os.write(self.master, CTRL_C)
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            self._read_once(0.01)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.slave)
        os.close(self.master)


def status_field(pid, field, task=None):
    path = f"/proc/{pid}/task/{task}/status" if task else f"/proc/{pid}/status"
    with open(path, encoding="utf-8") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += status_field(pid, "voluntary_ctxt_switches", task)
            total += status_field(pid, "nonvoluntary_ctxt_switches", task)
        except OSError:
            pass
    return total


def spawn_floor_ms():
    session = Session(Program("echo", ["/bin/echo", QUESTION_TEXT.decode()]))
    try:
        end = session.until(QUESTION_TEXT)
    finally:
        os.waitpid(session.pid, 0)
        os.close(session.slave)
        os.close(session.master)
    return (end - session.start) / 1e6


def run_once(program, idle_seconds=0.0, marker=QUESTION_TEXT, round_number=0):
    """One run; returns a dict of figures."""
    session = Session(program, round_number)
    figures = {}
    try:
        shown = session.until(marker)
        figures["first_ms"] = (shown - session.start) / 1e6
        session.quiet()
        figures["frame_bytes"] = len(session.received)
        latency, moved = session.key(DOWN)
        figures["move_bytes"] = moved
        latencies = [latency]
        for key in (UP, DOWN):
            latencies.append(session.key(key)[0])
        figures["key_ms"] = statistics.median(latencies)
        figures["rss_kib"] = status_field(session.pid, "VmHWM")
        if idle_seconds:
            session.quiet(0.3)
            ticks, woken = cpu_ticks(session.pid), switches(session.pid)
            time.sleep(idle_seconds)
            idle_ticks = cpu_ticks(session.pid) - ticks
            figures["idle_cpu_ms"] = idle_ticks * 1000 / os.sysconf("SC_CLK_TCK")
            figures["wakeups"] = switches(session.pid) - woken
    finally:
        session.finish()
    return figures


def builds_and_rust_peers(builds, question_file, count=None):
    """The builds of this program named (the release build when none is) and the Rust peers."""
    ours = programs(question_file, count)
    found = []
    for build in builds or [ours[0].argv[0]]:
        argv = [os.path.abspath(build), *ours[0].argv[1:]]
        found.append(Program(build, argv, stdout_to_terminal=False, compiled=True))
    return found + [program for program in ours[1:] if program.name in ("inquire", "dialoguer")]


def starts(builds, rounds, question_file, count=None, ready=lambda found: found):
    """First frames only, `rounds` interleaved rounds, of the programs `ready` makes ready to
    run; returns ({name: [ms]}, [floor ms])."""
    found = ready(builds_and_rust_peers(builds, question_file, count))
    times = {program.name: [] for program in found}
    floors = []
    for round_number in range(rounds):
        floors.append(spawn_floor_ms())
        shift = round_number % len(found)
        for program in found[shift:] + found[:shift]:
            session = Session(program, round_number)
            try:
                shown = session.until(QUESTION_TEXT)
                times[program.name].append((shown - session.start) / 1e6)
            finally:
                session.finish()
    return times, floors


KEYS = (DOWN, UP, DOWN, UP, DOWN)


def keys_in_turn(builds, rounds, ready=lambda found: found):
    """Key -> paint of each key in turn after the first frame (`KEYS`), `rounds` interleaved
    rounds of the builds and the Rust peers; returns {name: [[ms] for each key]}."""
    found = ready(builds_and_rust_peers(builds, os.path.join(PEERS, "question.json")))
    times = {program.name: [[] for _ in KEYS] for program in found}
    for round_number in range(rounds):
        shift = round_number % len(found)
        for program in found[shift:] + found[:shift]:
            session = Session(program, round_number)
            try:
                session.until(QUESTION_TEXT)
                session.quiet()
                for key, samples in zip(KEYS, times[program.name]):
                    samples.append(session.key(key)[0])
            finally:
                session.finish()
    return times


def programs(question_file, count=None):
    """The programs that can run here, for the question file and its option count."""
    ours = os.path.join(ROOT, "target", "release", "pi-agent-ask")
    config = os.path.join(tempfile.gettempdir(), "pi-agent-ask-peers-settings.json")
    found = [
        Program(
            "pi-agent-ask",
            [ours, "ask", question_file, "--ui", "tui", "--config", config],
            stdout_to_terminal=False,
            compiled=True,
        )
    ]
    extra = [str(count)] if count else []
    for name in ("inquire", "dialoguer"):
        binary = os.path.join(PEERS, "target", "release", f"{name}-demo")
        if os.path.exists(binary):
            found.append(Program(name, [binary, *extra], compiled=True))
    node = shutil.which("node")
    if node and os.path.isdir(os.path.join(PEERS, "node", "node_modules")):
        found.append(
            Program("@inquirer/prompts", [node, os.path.join(PEERS, "node", "inquirer_demo.mjs"), *extra])
        )
    python = os.path.join(PEERS, "python", ".venv", "bin", "python")
    if os.path.exists(python):
        found.append(
            Program("questionary", [python, os.path.join(PEERS, "python", "questionary_demo.py"), *extra])
        )
    return found


def options_file(directory, count):
    path = os.path.join(directory, f"options-{count}.json")
    options = [{"value": f"option-{i}", "label": f"Option {i}"} for i in range(1, count + 1)]
    question = {"id": "language", "prompt": QUESTION_TEXT.decode(), "type": "single", "options": options}
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"questions": [question]}, file)
    return path


def preview_file(directory):
    """Two options whose previews are 1 MiB each, alike but for their first line."""
    body = "".join(f"line {line:05} of a long generated preview file, the same in both\n" for line in range(16_000))
    body = body[: 1 << 20]
    options = [
        {"value": name.lower(), "label": name, "preview": f"# {name.lower()}.conf\n{body}"}
        for name in ("Alpha", "Beta")
    ]
    question = {"id": "format", "prompt": QUESTION_TEXT.decode(), "type": "preview", "options": options}
    path = os.path.join(directory, "preview-1mib.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"questions": [question]}, file)
    return path


def measure(found, rounds, idle_seconds, floors):
    """Interleaved rounds, each with a spawn floor of its own (appended to `floors` and kept
    beside each figure); returns {name: {figure: [values]}}."""
    results = {program.name: {} for program in found}
    for round_number in range(rounds):
        shift = round_number % len(found)
        floor = spawn_floor_ms()
        floors.append(floor)
        for program in found[shift:] + found[:shift]:
            idle = idle_seconds if round_number == rounds - 1 else 0.0
            figures = run_once(program, idle, round_number=round_number)
            figures["floor_ms"] = floor
            for key, value in figures.items():
                results[program.name].setdefault(key, []).append(value)
        print(f"  round {round_number + 1}/{rounds} done", file=sys.stderr)
    return results


FIGURES = [
    ("first_ms", "spawn -> first frame (ms)", "{:.2f}"),
    ("beyond_ms", "the same less the spawn floor (ms)", "{:.2f}"),
    ("key_ms", "key -> paint (ms)", "{:.3f}"),
    ("move_bytes", "bytes for one move down", "{:.0f}"),
    ("frame_bytes", "first frame bytes", "{:.0f}"),
    ("idle_cpu_ms", "idle CPU over 5 s (ms)", "{:.0f}"),
    ("wakeups", "wake-ups over 5 s", "{:.0f}"),
    ("rss_kib", "peak RSS (KiB)", "{:.0f}"),
]


def summary(values):
    return statistics.median(values), min(values), max(values)


def print_table(title, results, figures=FIGURES):
    names = list(results)
    for name in names:
        figures_of = results[name]
        if "first_ms" in figures_of and "floor_ms" in figures_of:
            beyond = statistics.median(figures_of["first_ms"]) - statistics.median(figures_of["floor_ms"])
            figures_of["beyond_ms"] = [beyond]
    print(f"\n### {title}\n")
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for key, label, form in figures:
        medians = {n: summary(results[n][key])[0] for n in names if key in results[n]}
        if not medians:
            continue
        best = min(medians.values())
        cells = []
        for name in names:
            if name not in medians:
                cells.append("")
                continue
            median, low, high = summary(results[name][key])
            ratio = "" if best <= 0 else f" ({median / best:.2f}x best)"
            spread = "" if low == high else f" [{form.format(low)}-{form.format(high)}]"
            if best <= 0 and median > 0:
                ratio = " (best is 0)"
            cells.append(form.format(median) + ratio + spread)
        print(f"| {label} | " + " | ".join(cells) + " |")


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return f"nproc {os.cpu_count()}, {model}, {platform.system()} {platform.release()}, load average {load}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds, 1 round for the scaling runs")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle measured")
    parser.add_argument("--starts", type=int, help="only first frames, this many rounds")
    parser.add_argument(
        "--build", action="append", default=[], help="a build to start (with --starts or --keys)"
    )
    parser.add_argument("--options", type=int, help="with --starts: one question of this many options")
    parser.add_argument("--keys", type=int, help="only key -> paint, key by key, this many rounds")
    parser.add_argument(
        "--as-built", action="store_true", help="run the compiled programs where they are, not from copies"
    )
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as copies:
        run(arguments, lambda found: found if arguments.as_built else installed(found, copies))


def run(arguments, ready):
    """Runs what the arguments ask for, with the programs `ready` makes ready to run."""
    if arguments.keys:
        print(f"machine: {machine()}")
        times = keys_in_turn(arguments.build, arguments.keys, ready)
        names = ", ".join("Down" if key == DOWN else "Up" for key in KEYS)
        print(f"key -> paint (ms), median of {arguments.keys} rounds, key by key ({names}):")
        for name, samples in times.items():
            print(f"{name}: " + " ".join(f"{statistics.median(key):.3f}" for key in samples))
        return
    if arguments.starts:
        print(f"machine: {machine()}")
        with tempfile.TemporaryDirectory() as directory:
            question = (
                options_file(directory, arguments.options)
                if arguments.options
                else os.path.join(PEERS, "question.json")
            )
            times, floors = starts(arguments.build, arguments.starts, question, arguments.options, ready)
        floor = statistics.median(floors)
        print(f"spawn floor: median {floor:.3f} ms over {arguments.starts} rounds")
        for name, values in times.items():
            print(f"{name}: first frame {statistics.median(values) - floor:.3f} ms above the floor")
        return
    rounds = 3 if arguments.quick else arguments.rounds
    scaling_rounds = 1 if arguments.quick else 5
    print(f"machine: {machine()}")
    floors = []
    question = os.path.join(PEERS, "question.json")
    found = ready(programs(question))
    print("programs: " + ", ".join(program.name for program in found))
    print_table(
        f"The three-option question at 120x40, {rounds} interleaved rounds",
        measure(found, rounds, arguments.idle, floors),
    )
    with tempfile.TemporaryDirectory() as directory:
        scaled = FIGURES[:1] + FIGURES[2:5] + FIGURES[7:]
        for count in (1_000, 10_000):
            results = measure(ready(programs(options_file(directory, count), count)), scaling_rounds, 0.0, floors)
            print_table(f"One question of {count:,} options, {scaling_rounds} rounds", results, scaled)
        ours = ready(programs(preview_file(directory))[:1])
        results = measure(ours, scaling_rounds, 0.0, floors)
        preview_figures = [
            ("first_ms", "spawn -> first frame (ms)", "{:.2f}"),
            ("frame_bytes", "first frame bytes", "{:.0f}"),
            ("move_bytes", "bytes for a preview switch", "{:.0f}"),
            ("key_ms", "key -> paint (ms)", "{:.3f}"),
            ("rss_kib", "peak RSS (KiB)", "{:.0f}"),
        ]
        print_table(f"Two previews of 1 MiB each, {scaling_rounds} rounds", results, preview_figures)
    low, high = min(floors), max(floors)
    print(f"\nspawn floor (/bin/echo printing the question, one a round): median "
          f"{statistics.median(floors):.2f} ms [{low:.2f}-{high:.2f}]")
    print(f"after: load average {', '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
