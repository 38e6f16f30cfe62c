#!/usr/bin/env python3
"""Runs pi-agent-ask on a pseudo-terminal the test owns, for what tmux cannot do: any size up
to 65535x65535, and a terminal that goes away without a SIGHUP reaching the program.

The script is one JSON document in argv[1]:

    {"command": [...], "dir": "...", "size": [columns, rows], "timeout": seconds,
     "steps": [{"wait_for": "text"}, {"write": "text"}, {"write_hex": "1b5b"},
               {"write_file": "path of bytes to write"},
               {"resize": [columns, rows]}, {"signal": "TERM"}, {"sleep": seconds},
               {"answer_cursor_query": "keys typed just before the answer"},
               {"move_rows": rows}, {"move_rows_after_next_report": rows},
               {"close": true}, {"mark": true}, {"snapshot": true}],
     "cutting_terminal": true, "silent_terminal": true}

`answer_cursor_query` waits for a cursor position request and answers it with the keys first,
then the cursor on the top-left cell and the screen's bottom-right corner (the program asks
for both at once). With `cutting_terminal`, the screen answers every cursor query with where
its cursor is, keeps cursor moves on the screen, saves and restores the cursor (`ESC 7`,
`ESC 8`), scrolls at its bottom row, and cuts its lines when it narrows, keeping the cursor on
its row, as xterm does (tmux rewraps instead); with `silent_terminal` too, it answers no
cursor query, as a serial console or a relay that swallows replies does.
`move_rows` has that screen move its lines and cursor down (up if negative) at once, unknown
to the program, and `move_rows_after_next_report` right after it next answers where the
cursor is: what the program writes next lands on the moved rows, as when a terminal resizes
while the bytes are on their way.

A session leader of its own (a forked copy of this driver) owns the terminal, ignores SIGHUP
the way a shell that stays alive does, and runs the command with the terminal as its standard
input, standard output into `result.json` and standard error into `stderr.txt` in `dir`. The
driver prints one JSON report: the exit status (null if the program was still running
`timeout` seconds after the last step, when it is killed), the step that failed if one did
(text that never reached the terminal), the seconds from the last mark to
the exit, the result, standard error, the line modes the terminal was left in, everything
the program wrote to the terminal, and the screen's text at each `snapshot` step. Only Python's standard library is used.
"""

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
import unicodedata

WAIT_FOR_TEXT_SECONDS = 10
SEQUENCE = re.compile(rb"\x1b(?:(\[)([0-?]*)[ -/]*([@-~])|[()][0-9A-Za-z]|[=>78])")


def set_size(fd, columns, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def lead_session(slave, script):
    """The session leader: runs the program on the terminal and records how it ended."""
    folder = script["dir"]
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    with open(os.path.join(folder, "result.json"), "wb") as out, open(
        os.path.join(folder, "stderr.txt"), "wb"
    ) as err:
        program = subprocess.Popen(
            script["command"],
            cwd=folder,
            stdin=slave,
            stdout=out,
            stderr=err,
            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
        )
    # Written whole and then renamed, so a reader that finds the file finds the pid in it.
    with open(os.path.join(folder, "pid.tmp"), "w") as pid:
        pid.write(str(program.pid))
    os.rename(os.path.join(folder, "pid.tmp"), os.path.join(folder, "pid.txt"))
    code = program.wait()
    with open(os.path.join(folder, "exit.tmp"), "w") as status:
        status.write(str(code))
    os.rename(os.path.join(folder, "exit.tmp"), os.path.join(folder, "exit.txt"))


class Screen:
    """Just enough of a terminal to read text off the screen: cursor moves (absolute and
    relative), printing, clearing (lines, the screen, from the cursor down) and the alternate
    screen; colours and every other sequence are skipped."""

    def __init__(self, size=None, answers=True):
        self.cells = {}
        self.row = 0
        self.column = 0
        self.saved = (0, 0)
        self.pending = b""
        # With a size, the screen is a cutting terminal's (see the module's notes).
        self.size = size
        self.answers = answers
        self.replies = bytearray()
        # Rows to move the screen's lines down by (up if negative) once a cursor report was
        # answered and the cursor put back: a terminal moving its rows while what the program
        # wrote after asking is still on its way.
        self.move_after_report = 0
        self.answered = False

    def resize(self, columns, rows):
        """Cuts every line to `columns` and keeps the cursor on its row, as xterm does."""
        if self.size is None:
            return
        self.size = (columns, rows)
        self.cells = {
            key: char for key, char in self.cells.items() if key[1] < columns and key[0] < rows
        }
        self.row = min(self.row, rows - 1)
        self.column = min(self.column, columns - 1)

    def take_replies(self):
        replies, self.replies = bytes(self.replies), bytearray()
        return replies

    def feed(self, data):
        data = self.pending + data
        at = 0
        while at < len(data):
            byte = data[at]
            if byte == 0x1B:
                match = SEQUENCE.match(data, at)
                if match is None:
                    if len(data) - at < 64:
                        break
                    at += 1
                    continue
                self.escape(match.group(1), match.group(2), match.group(3) or data[at + 1 : match.end()])
                at = match.end()
            elif byte < 0x20:
                self.control(byte)
                at += 1
            else:
                length = utf8_length(byte)
                if len(data) - at < length:
                    break
                self.put(data[at : at + length].decode("utf-8", "replace"))
                at += length
        self.pending = data[at:]

    def escape(self, csi, params, final):
        if csi is None:
            self.save_or_restore(final)
            return
        if final == b"H" or final == b"f":
            numbers = [int(n) if n else 1 for n in params.split(b";")] + [1, 1]
            self.row, self.column = numbers[0] - 1, numbers[1] - 1
            if self.size is not None:
                self.row = min(self.row, self.size[1] - 1)
                self.column = min(self.column, self.size[0] - 1)
        elif final in b"ABCD" and params.isdigit() or final in b"ABCD" and not params:
            count = int(params) if params else 1
            if final == b"A":
                self.row = max(0, self.row - count)
            elif final == b"B":
                self.row += count
            elif final == b"C":
                self.column += count
            else:
                self.column = max(0, self.column - count)
        elif final == b"J" and params == b"2" or params == b"?1049" and final in b"hl":
            self.cells.clear()
        elif final == b"J" and params in (b"", b"0"):
            self.cells = {
                (row, column): char
                for (row, column), char in self.cells.items()
                if row < self.row or row == self.row and column < self.column
            }
        elif final == b"n" and params == b"6" and self.size is not None and self.answers:
            self.replies.extend(b"\x1b[%d;%dR" % (self.row + 1, self.column + 1))
            self.answered = True
        elif final == b"K":
            for key in [key for key in self.cells if key[0] == self.row and key[1] >= self.column]:
                del self.cells[key]

    def save_or_restore(self, final):
        """`ESC 7` saves where the cursor is, `ESC 8` puts it back there."""
        if final == b"7":
            self.saved = (self.row, self.column)
        elif final == b"8":
            self.row, self.column = self.saved
            if self.answered and self.move_after_report:
                self.move_rows(self.move_after_report)
                self.move_after_report = 0

    def move_rows(self, by):
        """Moves every line and the cursor `by` rows down (up if negative), as a terminal
        that brings lines back from its scrollback or pushes them into it does."""
        rows = self.size[1]
        self.cells = {
            (row + by, column): char
            for (row, column), char in self.cells.items()
            if 0 <= row + by < rows
        }
        self.row = min(max(self.row + by, 0), rows - 1)

    def control(self, byte):
        if byte == 0x0D:
            self.column = 0
        elif byte == 0x0A:
            self.row += 1
            if self.size is not None and self.row == self.size[1]:
                self.row -= 1
                self.cells = {(row - 1, column): char for (row, column), char in
                              self.cells.items() if row > 0}
        elif byte == 0x08:
            self.column = max(0, self.column - 1)

    def put(self, char):
        if self.size is not None and self.column >= self.size[0]:
            self.column = 0
            self.control(0x0A)
        self.cells[(self.row, self.column)] = char
        wide = unicodedata.east_asian_width(char) in "WF"
        if wide:
            self.cells.pop((self.row, self.column + 1), None)
        self.column += 2 if wide else 1

    def text(self):
        rows = {}
        for (row, column), char in self.cells.items():
            rows.setdefault(row, {})[column] = char
        lines = []
        for row in sorted(rows):
            cells = rows[row]
            lines.append("".join(cells.get(column, " ") for column in range(max(cells) + 1)))
        return "\n".join(lines)


def utf8_length(byte):
    if byte >= 0xF0:
        return 4
    if byte >= 0xE0:
        return 3
    if byte >= 0xC0:
        return 2
    return 1


class Terminal:
    """The master side: everything the program writes is collected and drawn by a thread."""

    def __init__(self, master, size=None, answers=True):
        self.master = master
        self.output = bytearray()
        self.screen = Screen(size, answers)
        # The pseudo-terminal's size, columns and rows, as last set.
        self.window = size
        self.lock = threading.Lock()
        self.closing = threading.Event()
        self.thread = threading.Thread(target=self.collect, daemon=True)
        self.thread.start()

    def collect(self):
        while not self.closing.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.output.extend(chunk)
                self.screen.feed(chunk)
                replies = self.screen.take_replies()
            if replies:
                os.write(self.master, replies)

    def text(self):
        with self.lock:
            return self.screen.text()

    def wait_for(self, text, ended):
        deadline = time.monotonic() + WAIT_FOR_TEXT_SECONDS
        while text not in self.text():
            if os.path.exists(ended):
                raise RuntimeError(f"the program ended before {text!r} reached the terminal")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} never reached the terminal:\n{self.text()}")
            time.sleep(0.01)

    def wait_for_bytes(self, wanted, ended):
        deadline = time.monotonic() + WAIT_FOR_TEXT_SECONDS
        while True:
            with self.lock:
                if wanted in self.output:
                    return
            if os.path.exists(ended):
                raise RuntimeError(f"the program ended before it wrote {wanted!r}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the program never wrote {wanted!r}")
            time.sleep(0.005)

    def close(self):
        # The collecting thread must be out of read() first: an unfinished read keeps the
        # terminal open.
        self.closing.set()
        self.thread.join()
        os.close(self.master)
        self.master = None


def wait_for_file(path, seconds):
    deadline = time.monotonic() + seconds
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            return None
        time.sleep(0.005)
    with open(path) as file:
        return file.read()


def line_modes(master):
    if master is None:
        return None
    lflag = termios.tcgetattr(master)[3]
    return {
        "icanon": bool(lflag & termios.ICANON),
        "echo": bool(lflag & termios.ECHO),
        "isig": bool(lflag & termios.ISIG),
    }


def run_step(step, terminal, pid, ended, snapshots):
    if "wait_for" in step:
        terminal.wait_for(step["wait_for"], ended)
    elif "write" in step:
        os.write(terminal.master, step["write"].encode("utf-8"))
    elif "answer_cursor_query" in step:
        terminal.wait_for_bytes(b"\x1b[6n", ended)
        typed = step["answer_cursor_query"]
        # Where the cursor is, then where the screen's bottom-right corner is.
        columns, rows = terminal.window
        corner = b"\x1b[%d;%dR" % (rows, columns)
        os.write(terminal.master, typed.encode("utf-8") + b"\x1b[1;1R" + corner)
    elif "write_file" in step:
        with open(step["write_file"], "rb") as file:
            os.write(terminal.master, file.read())
    elif "write_hex" in step:
        os.write(terminal.master, bytes.fromhex(step["write_hex"]))
    elif "resize" in step:
        terminal.window = tuple(step["resize"])
        with terminal.lock:
            terminal.screen.resize(*step["resize"])
        set_size(terminal.master, *step["resize"])
    elif "move_rows" in step:
        with terminal.lock:
            terminal.screen.move_rows(step["move_rows"])
    elif "move_rows_after_next_report" in step:
        with terminal.lock:
            terminal.screen.answered = False
            terminal.screen.move_after_report = step["move_rows_after_next_report"]
    elif "signal" in step:
        os.kill(pid, getattr(signal, "SIG" + step["signal"]))
    elif "sleep" in step:
        time.sleep(step["sleep"])
    elif "close" in step:
        terminal.close()
    elif "snapshot" in step:
        snapshots.append(terminal.text())


def main():
    script = json.loads(sys.argv[1])
    folder = script["dir"]
    master, slave = pty.openpty()
    set_size(master, *script["size"])
    leader = os.fork()
    if leader == 0:
        try:
            os.close(master)
            lead_session(slave, script)
        finally:
            os._exit(0)
    os.close(slave)
    terminal = Terminal(
        master,
        tuple(script["size"]) if script.get("cutting_terminal") else None,
        not script.get("silent_terminal"),
    )
    terminal.window = tuple(script["size"])
    pid = int(wait_for_file(os.path.join(folder, "pid.txt"), 10))
    marked = time.monotonic()
    ended = os.path.join(folder, "exit.txt")
    failure = None
    snapshots = []
    try:
        for step in script["steps"]:
            run_step(step, terminal, pid, ended, snapshots)
            if "mark" in step:
                marked = time.monotonic()
    except (RuntimeError, TimeoutError) as error:
        failure = str(error)
    code = wait_for_file(ended, script["timeout"])
    seconds = time.monotonic() - marked
    if code is None:
        os.kill(pid, signal.SIGKILL)
        code = wait_for_file(os.path.join(folder, "exit.txt"), 10)
        exit_status = None
    else:
        exit_status = int(code)
    os.waitpid(leader, 0)
    modes = line_modes(terminal.master)
    if terminal.master is not None:
        terminal.close()
    with open(os.path.join(folder, "result.json")) as result:
        stdout = result.read()
    with open(os.path.join(folder, "stderr.txt")) as err:
        stderr = err.read()
    json.dump(
        {
            "failure": failure,
            "exit": exit_status,
            "seconds": seconds,
            "stdout": stdout,
            "stderr": stderr,
            "modes": modes,
            "output": bytes(terminal.output).decode("utf-8", "replace"),
            "snapshots": snapshots,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
