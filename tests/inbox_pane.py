"""The answer inbox's tmux pane as the Python MCP clients of the tests see it: the environment
`tests/support/python_sdk.rs` passes (the binary, the tmux socket, the shared runtime folder, the
terminal's folder), one line of output per check, and waits for what the pane shows.

Imported by `tests/mcp_inbox.py` and `tests/mcp_queue.py` (Python puts a script's folder on
its import path)."""

import os
import shlex
import signal
import subprocess
import time

import anyio

BINARY = os.environ["CARGO_BIN_EXE_pi-agent-ask"]
SOCKET = os.environ["MCP_INBOX_TMUX"]
RUNTIME = os.environ["MCP_INBOX_RUNTIME"]
FOLDER = os.environ["MCP_INBOX_DIR"]
# The typing pause a form that comes to the inbox's front waits for before it takes keys.
SETTLING_SECONDS = int(os.environ["MCP_INBOX_SETTLING_MS"]) / 1000
DETAILS = "pi-agent-ask/details"
IDLE = "Nothing is waiting"
LEGACY, MODERN = "legacy", "auto"

FAILURES: list[str] = []


def check(name: str, condition: bool, detail: object = "") -> None:
    """Prints the check's line; a failed one is counted."""
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))
    if not condition:
        FAILURES.append(name)


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True,
                          check=True).stdout


def screen() -> str:
    """The inbox pane's text."""
    return tmux("capture-pane", "-p", "-t", "main")


def keys(*names: str) -> None:
    """Sends tmux key names to the inbox pane."""
    tmux("send-keys", "-t", "main", *names)


def close_inbox() -> None:
    """Closes the inbox with SIGTERM, as a person's `kill` would, by the process id it wrote."""
    with open(os.path.join(FOLDER, "inbox.pid")) as pid:
        os.kill(int(pid.read().strip()), signal.SIGTERM)


def reopen_inbox() -> None:
    """Starts the inbox again in its pane, as the test first started it, once it closed."""
    command = ("clear; rm -f inbox.pid; XDG_RUNTIME_DIR=\"$PWD/run\" HOME=\"$PWD\" bash -c "
               "'echo $$ > inbox.pid; exec \"$0\" \"$@\"' "
               f"{shlex.quote(BINARY)} inbox --config \"$PWD/settings.json\"; echo \"inbox-exit=$?\"")
    keys(command, "Enter")


def idle(text: str) -> bool:
    return IDLE in text


async def shown(what: str, ready, limit: float = 20.0) -> bool:
    """Waits until the pane's text satisfies `ready`; a timeout is a failed check."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if ready(screen()):
            return True
        await anyio.sleep(0.05)
    check(f"the inbox pane shows {what}", False, screen())
    return False


async def form_shown(what: str, ready, limit: float = 20.0) -> bool:
    """Waits until the pane shows a form that came to the front (`ready`), then until it takes
    keys: the typing pause it waits for, counted from when it was seen."""
    if not await shown(what, ready, limit):
        return False
    await anyio.sleep(SETTLING_SECONDS + 0.05)
    return True


def opening(capabilities: dict | None = None) -> list:
    """The messages a raw client of 2025-06-18 starts a session with."""
    return [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": capabilities or {},
            "clientInfo": {"name": "raw", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
    ]


def tool_call(number: int, name: str, arguments: dict) -> dict:
    """A `tools/call` request of a raw client."""
    return {"jsonrpc": "2.0", "id": number, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}
