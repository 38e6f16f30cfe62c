#!/usr/bin/env python3
"""Instructions of one keystroke and its frame through the terminal's whole path, per kind of
frame: the core's frame, the painter's comparison, the painting and the lean backend's encoding
into a byte sink, at 120x40 (the cases of `cargo bench -p pi-agent-ask-crossterm --bench
keystroke`).

The example `frame_instructions` draws each kind of frame in a function of its own (the demo's
`down` and `up`, 500 options' `down` and `up`, the frame that takes the big preview away and the
one that brings it back, and the same two with the big preview cut to the lines its pane shows,
whose screens are the same from a thousandth of the payload, the highlight moved off and onto a
written answer of 1 MiB, a character typed into that answer's open editor and erased, a step
left and one right at the end of a line of 100,000 characters in an open editor, ASCII and CJK,
and a page down and one up on the review of the 1 MiB answer, 40 pages into it),
COUNT
of each after a few not counted; callgrind counts the instructions, which are the same from run
to run on the same build whatever else the machine does, and each function's inclusive cost
divided by COUNT is one frame's. The ratios are to the mean of the demo's two.

Usage: python3 benches/frame_instructions.py [COUNT]   (default 1000; needs valgrind)
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "target", "release", "examples", "frame_instructions")
KINDS = [
    ("demo_down", "the demo questionnaire, down"),
    ("demo_up", "the demo questionnaire, up"),
    ("options_down", "one question with 500 options, down"),
    ("options_up", "one question with 500 options, up"),
    ("preview_away", "1 MiB preview beside a small one, the big one taken away"),
    ("preview_back", "1 MiB preview beside a small one, the big one brought back"),
    ("short_away", "the same cut to the 40 lines its pane shows, taken away"),
    ("short_back", "the same cut to the 40 lines its pane shows, brought back"),
    ("answer_off", "a written answer of 1 MiB, the highlight moved off it"),
    ("answer_on", "a written answer of 1 MiB, the highlight moved onto it"),
    ("editor_typed", "a written answer of 1 MiB in its open editor, x typed"),
    ("editor_erased", "a written answer of 1 MiB in its open editor, x erased"),
    ("line_left", "a line of 100,000 characters in its open editor, left"),
    ("line_right", "a line of 100,000 characters in its open editor, right"),
    ("wide_left", "a line of 100,000 CJK characters in its open editor, left"),
    ("wide_right", "a line of 100,000 CJK characters in its open editor, right"),
    ("review_down", "the review of a written answer of 1 MiB, 40 pages in, pageDown"),
    ("review_up", "the review of a written answer of 1 MiB, 40 pages in, pageUp"),
]


def build():
    """Builds the example as the release profile builds the program."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "pi-agent-ask-crossterm",
         "--example", "frame_instructions"],
        cwd=ROOT,
        check=True,
    )


def inclusive_costs(count):
    """Runs the example under callgrind; returns each kind's inclusive instructions."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", EXAMPLE, str(count)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        report = subprocess.run(
            ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    costs = {}
    for line in report.splitlines():
        found = re.match(r"\s*([\d,]+) .*frame_instructions::(\w+) ", line)
        if found and found.group(2) in dict(KINDS):
            costs[found.group(2)] = int(found.group(1).replace(",", ""))
    return costs


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    build()
    costs = inclusive_costs(count)
    missing = [name for name, _ in KINDS if name not in costs]
    if missing:
        sys.exit(f"callgrind named no cost for {', '.join(missing)}")
    per_frame = {name: costs[name] / count for name, _ in KINDS}
    demo = (per_frame["demo_down"] + per_frame["demo_up"]) / 2
    print(f"instructions a keystroke and its frame, {count} of each (x the demo's mean)")
    for name, what in KINDS:
        print(f"  {what:<62} {per_frame[name] / 1000:7.1f} thousand ({per_frame[name] / demo:.2f}x)")
    pairs = [
        ("options", "500 options"),
        ("preview", "the preview switch"),
        ("short", "the switch of the cut preview"),
        ("answer", "the written answer of 1 MiB"),
        ("editor", "typing into the open editor of 1 MiB"),
        ("line", "stepping in a line of 100,000 characters"),
        ("wide", "stepping in a line of 100,000 CJK characters"),
        ("review", "paging the review of a written answer of 1 MiB"),
    ]
    for pair, what in pairs:
        first, second = [per_frame[name] for name, _ in KINDS if name.startswith(pair)]
        mean = (first + second) / 2
        print(f"  {what + ', mean':<62} {mean / 1000:7.1f} thousand ({mean / demo:.2f}x)")


if __name__ == "__main__":
    main()
