"""The benchmark's three-option question, asked with questionary; prints the answer."""

import sys

import questionary

answer = questionary.select(
    "Which language should the service use?",
    choices=["Rust", "Go", "Python"],
).ask()
if answer is None:
    sys.exit(1)
print(answer)
