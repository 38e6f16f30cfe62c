#!/usr/bin/env python3
"""Peak resident memory of `pi-agent-ask check` on generated `ask_user` arguments.

One question with N options of about 135 bytes each, like
`{"value":"option-00001","label":"Option 1 label text here","description":"..."}`, written to
a temporary file; the program runs `check` on it with stdout to /dev/null under
`/usr/bin/time -f %M`, which reports the peak RSS (`ru_maxrss`) of the program alone (a child
forked from Python would count Python's own pages until it execs).

Usage: python3 benches/check_memory.py [BINARY] [COUNTS...]
(default: target/release/pi-agent-ask, 1000 and 10000 options; build it first with
`cargo build --release`).
"""

import json
import os
import subprocess
import sys
import tempfile


def arguments(count):
    """`ask_user` arguments with one question of `count` options."""
    options = [
        {
            "value": f"option-{n:05}",
            "label": f"Option {n} label text here",
            "description": f"A description of option number {n} for the check",
        }
        for n in range(1, count + 1)
    ]
    return {"questions": [{"id": "pick", "prompt": "Pick one", "options": options}]}


def peak_kib(binary, path):
    """Runs `check` on `path` and returns the child's peak RSS in KiB."""
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M", binary, "check", path],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"check failed on {path}: {done.stderr}")
    return int(done.stderr.split()[-1])


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/pi-agent-ask"
    counts = [int(arg) for arg in sys.argv[2:]] or [1000, 10000]
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            path = os.path.join(folder, f"{count}.json")
            with open(path, "w") as file:
                json.dump(arguments(count), file, separators=(",", ":"))
            size = os.path.getsize(path)
            kib = peak_kib(binary, path)
            print(f"{count:>6} options  {size / 1024:8.0f} KiB input  {kib / 1024:6.1f} MiB peak RSS")


if __name__ == "__main__":
    main()
