#!/usr/bin/env python3
"""Writes `link/hot-text.ld`: the functions a form runs, gathered at the front of the code.

The kernel maps a program's code in windows of 64 KiB around every page it touches. Left to the
linker, the few hundred KiB a form runs lie scattered over most of the 5 MiB of code, so nearly
all of it ends up mapped (and counted in the resident memory). This script runs the release
build under callgrind through a pseudo-terminal, as a user would (a question answered, one
cancelled, `check`), lists every function of the program that ran, and writes a linker script
that places those functions' sections side by side before the rest of `.text`. The functions a
keystroke runs (profiled from the first frame drawn to the last key, `callgrind_control`
turning the profile on and off) come first, packed into as few pages as they fill: a key wakes
the program after its code has been evicted, and every page it runs through costs a fetch.

Every function is named twice. First exactly, as this build named it, so that what ran lies
packed together; then by a pattern that leaves out what a compiler, a dependency's version or
the toolchain changes (the hash that ends a legacy-mangled name, the crate disambiguators of a
v0-mangled one), after all the exact names: another toolchain still gathers what ran, beside
the other instances of the same generic functions. Last come whole modules a form's frames run
through (`MODULES`), so that a function added or renamed there since the script was written
still lands near the rest. Anything else renamed simply stays where the linker puts it;
nothing breaks, only less is gathered. `build.rs` hands the script to the linker for release builds on
Linux with the toolchain's own linker.

callgrind names only the functions in a program's `.text`, so the script is written from a
release build without it: the script builds one first, with `PI_AGENT_ASK_PLAIN_LAYOUT=1`, in
`target/plain-layout` (a full release build the first time).

Usage: python3 benches/hot_text.py   (needs valgrind)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peers  # noqa: E402  (the pseudo-terminal driver of the peer benchmark)

ROOT = peers.ROOT
PLAIN_TARGET = os.path.join(ROOT, "target", "plain-layout")
BINARY = os.path.join(PLAIN_TARGET, "release", "pi-agent-ask")
QUESTION = os.path.join(ROOT, "benches", "peers", "question.json")
OUTPUT = os.path.join(ROOT, "link", "hot-text.ld")
ENTER = b"\r"

# The modules every frame runs through, as legacy-mangled names spell them: a path's crate and
# module for functions (`4draw`), with `..` for the methods of their types.
MODULES = [
    "pi_agent_ask_crossterm",
    "pi_agent_ask_core4draw",
    "pi_agent_ask_core..draw..",
    "pi_agent_ask_core4text",
    "pi_agent_ask_core..text..",
    "pi_agent_ask_core4form4view",
    "pi_agent_ask_core..form..view..",
]

# The C runtime's start code (`_start`, and the init and exit hooks of crtbegin), which runs
# before `main`. The linker puts it at the front of `.text`, right after the gathered section,
# where it would keep one more window of code mapped.
START_CODE = ["*crt1.o(.text)", "*crtbegin*.o(.text)"]

LEGACY_HASH = re.compile(r"17h[0-9a-f]{16}E$")
V0_DISAMBIGUATOR = re.compile(r"Cs[0-9A-Za-z]*_")
V0_BACKREF = re.compile(r"B[0-9A-Za-z]*_")
# A function's name as the linker sees it: Rust's mangled names and the few C ones the program
# defines (`main`, `log10`), not callgrind's placeholders for code it could not name.
C_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.$]*$")
LOCAL_SUFFIX = re.compile(r"(\.llvm)?\.[0-9]+$")


def profiled(argv, out_file, *options):
    return [
        shutil.which("valgrind") or "valgrind",
        "--tool=callgrind",
        *options,
        "--demangle=no",
        "--compress-strings=no",
        f"--callgrind-out-file={out_file}",
        *argv,
    ]


def run_form(out_file, settings, keys):
    """Runs `ask` on the terminal under callgrind, types `keys`, waits for the program's exit."""
    argv = [BINARY, "ask", QUESTION, "--ui", "tui", "--config", settings]
    session = peers.Session(peers.Program("pi-agent-ask", profiled(argv, out_file), stdout_to_terminal=False))
    try:
        session.until(peers.QUESTION_TEXT)
        session.quiet(1.0)
        for key in keys:
            session.key(key)
            session.quiet(1.0)
        deadline = 30.0
        while deadline > 0:
            done, _ = os.waitpid(session.pid, os.WNOHANG)
            if done:
                break
            session._read_once(0.1)
            deadline -= 0.1
        else:
            raise TimeoutError("the form did not end")
    finally:
        os.close(session.slave)
        os.close(session.master)


def run_keys(out_file, settings, keys):
    """Runs `ask` on the terminal under callgrind with the profile off until the first frame is
    drawn, types `keys` with it on, and turns it off before the form is cancelled: the
    functions a keystroke runs, and nothing else."""
    argv = [BINARY, "ask", QUESTION, "--ui", "tui", "--config", settings]
    program = peers.Program("pi-agent-ask", profiled(argv, out_file, "--instr-atstart=no"), stdout_to_terminal=False)
    session = peers.Session(program)
    control = shutil.which("callgrind_control") or "callgrind_control"
    try:
        session.until(peers.QUESTION_TEXT)
        session.quiet(1.0)
        subprocess.run([control, "--instr=on", str(session.pid)], check=True, capture_output=True)
        for key in keys:
            session.key(key)
            session.quiet(1.0)
        subprocess.run([control, "--instr=off", str(session.pid)], check=True, capture_output=True)
    finally:
        session.finish()


def functions(out_file):
    """The program's own functions in a callgrind profile, in the profile's order."""
    names, seen, image = [], set(), None
    with open(out_file, encoding="utf-8", errors="replace") as profile:
        for line in profile:
            if line.startswith("ob="):
                image = line[3:].strip()
            elif line.startswith("fn=") and image == BINARY:
                name = line[3:].strip().split("'")[0]
                if C_NAME.match(name) and name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def exact(name):
    """The section pattern of exactly this symbol, under any hotness prefix."""
    return f".text.*{name}"


def pattern(name):
    """The section pattern of a symbol, without what changes from one build to the next."""
    local = LOCAL_SUFFIX.search(name)
    if local:
        return pattern(name[: local.start()]) + "*"
    if name.startswith("_ZN"):
        name = LEGACY_HASH.sub("17h*", name)
    else:
        name = V0_BACKREF.sub("B*_", V0_DISAMBIGUATOR.sub("Cs*_", name))
    # `.text.` or a hotness prefix LLVM adds, such as `.text.unlikely.` for cold functions.
    return f".text.*{name}"


def by_runs(ran):
    """Every function that ran, those of every run first, then those of fewer runs, grouped by
    the runs they share, each group in the order of the first run it appeared in: a run then
    touches its functions and those of every run, not the other runs' own."""
    labels = list(ran)
    sets = {label: set(names) for label, names in ran.items()}
    seen = {}
    for label in labels:
        for name in ran[label]:
            seen.setdefault(name, frozenset(other for other in labels if name in sets[other]))
    groups = sorted(set(seen.values()), key=lambda group: (-len(group), [label not in group for label in labels]))
    return [name for group in groups for name in seen if seen[name] == group]


def main():
    subprocess.run(
        ["cargo", "build", "--release", "--locked", "--bin", "pi-agent-ask"],
        cwd=ROOT,
        env=dict(os.environ, CARGO_TARGET_DIR=PLAIN_TARGET, PI_AGENT_ASK_PLAIN_LAYOUT="1"),
        check=True,
    )
    ran = {}
    with tempfile.TemporaryDirectory() as scratch:
        settings = os.path.join(scratch, "settings.json")
        # First the keystrokes' own functions, so that they lie together at the very front:
        # a key wakes the program with its code evicted, and each page of it costs a miss.
        out_file = os.path.join(scratch, "keys.callgrind")
        keys_settings = os.path.join(scratch, "keys-settings.json")
        run_keys(out_file, keys_settings, [peers.DOWN, peers.UP, peers.DOWN, peers.UP])
        ran["keys"] = functions(out_file)
        runs = [
            ("answered", [peers.DOWN, peers.UP, peers.DOWN, ENTER, ENTER]),
            ("cancelled", [peers.DOWN, peers.UP, peers.CTRL_C]),
        ]
        for label, keys in runs:
            out_file = os.path.join(scratch, f"{label}.callgrind")
            run_form(out_file, settings, keys)
            ran[label] = functions(out_file)
        out_file = os.path.join(scratch, "check.callgrind")
        subprocess.run(profiled([BINARY, "check", QUESTION], out_file), check=True, capture_output=True)
        ran["check"] = functions(out_file)
    names = by_runs(ran)
    patterns = list(
        dict.fromkeys(
            [exact(name) for name in names]
            + [pattern(name) for name in names]
            + [f".text.*{module}*" for module in MODULES]
        )
    )
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as script:
        script.write(
            "/* The functions a form runs, side by side before the rest of the code, so that the\n"
            "   pages mapped around them hold little else. Written by benches/hot_text.py. */\n"
            "SECTIONS\n{\n  .text.hot :\n  {\n"
        )
        for files in START_CODE:
            script.write(f"    {files}\n")
        for line in patterns:
            script.write(f"    *({line})\n")
        script.write("  }\n}\nINSERT BEFORE .text;\n")
    print(f"{len(patterns)} patterns for {len(set(names))} functions -> {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
