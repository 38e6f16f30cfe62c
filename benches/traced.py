"""What the traced benchmarks (`benches/key_phases.py`, `benches/start_phases.py`) share: the
tracefs controls, their command line, the programs they trace in interleaved rounds, and the
table of phases they print."""

import argparse
import os
import sys
import tempfile

import peers

TRACING = "/sys/kernel/tracing"


def tracefs(path, value):
    """Writes `value` to the tracefs control file `path`."""
    with open(os.path.join(TRACING, path), "w", encoding="ascii") as control:
        control.write(value)


def read_trace():
    """What the trace buffer holds."""
    with open(os.path.join(TRACING, "trace"), encoding="utf-8", errors="replace") as trace:
        return trace.read()


def parse_arguments(doc, rounds):
    """The command line (`--rounds`, `--build` more than once); exits when tracefs cannot be
    written."""
    parser = argparse.ArgumentParser(description=doc.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--build", action="append", default=[], help="a build of this program to trace")
    arguments = parser.parse_args()
    if not os.access(os.path.join(TRACING, "trace"), os.W_OK):
        sys.exit(f"{os.path.basename(sys.argv[0])}: needs root and tracefs at {TRACING}")
    return arguments


def phases_in_rounds(arguments, measure):
    """Runs `measure(program, round_number)` for the builds named (this program's release build
    when none is) and the compiled peers, each started from copies of its executable, in
    interleaved rounds; `measure` yields (phase, value) pairs. Returns {program: {phase: [values]}}."""
    question = os.path.join(peers.PEERS, "question.json")
    found = peers.programs(question)
    ours, peers_found = found[0], [program for program in found[1:] if program.compiled]
    builds = [
        peers.Program(build, [os.path.abspath(build), *ours.argv[1:]], stdout_to_terminal=False, compiled=True)
        for build in arguments.build
    ] or [ours]
    phases = {}
    with tempfile.TemporaryDirectory() as copies:
        programs = peers.installed(builds + peers_found, copies)
        print(f"machine: {peers.machine()}")
        for round_number in range(arguments.rounds):
            shift = round_number % len(programs)
            for program in programs[shift:] + programs[:shift]:
                for phase, value in measure(program, round_number):
                    phases.setdefault(program.name, {}).setdefault(phase, []).append(value)
    return phases


def print_phases(heading, labels, phases, cell):
    """The table of `phases` ({program: {phase: [values]}}), a row for each of `labels`, each
    cell `cell(values)`."""
    print(f"\n{heading}")
    print("| phase | " + " | ".join(phases) + " |")
    print("|---|" + "---|" * len(phases))
    for label in labels:
        cells = [cell(found[label]) if found.get(label) else "-" for found in phases.values()]
        print(f"| {label} | " + " | ".join(cells) + " |")
