"""The benchmark's question, asked with questionary; prints the answer.

Without an argument it offers three languages; with a number N it offers N generated options.
"""

import sys

import questionary

if len(sys.argv) > 1:
    choices = [f"Option {index}" for index in range(1, int(sys.argv[1]) + 1)]
else:
    choices = ["Rust", "Go", "Python"]
answer = questionary.select("Which language should the service use?", choices=choices).ask()
if answer is None:
    sys.exit(1)
print(answer)
