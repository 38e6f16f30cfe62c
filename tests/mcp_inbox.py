"""Drives the real `pi-agent-ask mcp --ui auto` with the official Python MCP SDK, as a client
without form elicitation, while a real `pi-agent-ask inbox` runs in a tmux pane: the calls are
asked in the inbox and answered by keys sent to its pane.

Run by `tests/mcp_inbox.rs`, which starts the inbox and passes the binary
(`CARGO_BIN_EXE_pi-agent-ask`), the tmux server's socket (`MCP_INBOX_TMUX`), the private runtime
folder both programs share (`MCP_INBOX_RUNTIME`) and the terminal's folder (`MCP_INBOX_DIR`).
Prints one line per check and exits 1 if any failed.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time

import anyio
from mcp import Client, StdioServerParameters, types
from mcp.client.stdio import get_default_environment

from inbox_pane import (BINARY, DETAILS, FAILURES, FOLDER, LEGACY, MODERN, RUNTIME,
                        SETTLING_SECONDS, check, idle, form_shown, keys, screen,
                        opening, shown as wait_for, tool_call)



ARGUMENTS = {
    "title": "Pick a database",
    "questions": [{"id": "db", "label": "Database", "prompt": "Which database?",
                   "options": [{"value": "pg", "label": "Postgres"},
                               {"value": "sqlite", "label": "SQLite"}]}],
}






def showing_form(text: str) -> bool:
    return "Which database?" in text





def blocking_wait_for(what: str, ready, limit: float = 10.0) -> bool:
    return asyncio.run(wait_for(what, ready, limit))


def server(progress_ms: int = 150) -> StdioServerParameters:
    return StdioServerParameters(
        command=BINARY,
        args=["mcp", "--ui", "auto", "--cwd", FOLDER,
              "--config", os.path.join(FOLDER, "settings.json")],
        env={"XDG_RUNTIME_DIR": RUNTIME, "XDG_STATE_HOME": os.path.join(FOLDER, "state"),
             "PI_AGENT_ASK_MCP_PROGRESS_MS": str(progress_ms)},
    )


def details(result: types.CallToolResult) -> dict:
    return (result.meta or {}).get(DETAILS, {})


def text(result: types.CallToolResult) -> str:
    return result.content[0].text if result.content else ""


async def answered(era: str) -> None:
    outcome: list = []
    async with Client(server(), mode=era) as client:
        expected = "2025-11-25" if era == LEGACY else "2026-07-28"
        check(f"{era}: the session speaks {expected}", client.protocol_version == expected,
              client.protocol_version)
        async with anyio.create_task_group() as group:
            async def call() -> None:
                outcome.append(await client.call_tool("ask_user", ARGUMENTS))
            group.start_soon(call)
            if not await form_shown("the form", showing_form):
                group.cancel_scope.cancel()
                return
            label = screen().splitlines()[0].strip()
            check(f"{era}: the form's label names where it comes from and its title",
                  " in " in label and label.endswith("· Pick a database"), label)
            keys("Down", "Enter", "Enter")
    await wait_for("the idle screen after the answer", idle)
    if not outcome:
        check(f"{era}: the call gets a result", False)
        return
    result = outcome[0]
    got = result.structured_content or {}
    request_id = got.get("requestId", "")
    check(f"{era}: the result is the answer given in the inbox",
          text(result) == f"Database: SQLite\nRequest ID: {request_id}" and not result.is_error,
          text(result))
    check(f"{era}: structuredContent equals details", got == details(result),
          (got, details(result)))
    check(f"{era}: the submitted answer", got.get("cancelled") is False
          and got.get("mode") == "submit" and got.get("title") == "Pick a database", got)
    check(f"{era}: the chosen option", got.get("answers", {}).get("db")
          == {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}, got.get("answers"))


async def cancelled() -> None:
    async with Client(server(), mode=LEGACY) as client:
        async with anyio.create_task_group() as group:
            async def call() -> None:
                await client.call_tool("ask_user", ARGUMENTS)
            group.start_soon(call)
            shown = await form_shown("the form before the cancel", showing_form)
            if shown:
                # Half an answer written, as a person still at it when the client gives up.
                keys("Down", "Down", "Enter")
                shown = await wait_for("the written answer's editor", lambda t: "│" in t)
                keys("-l", "half written")
                shown = shown and await wait_for("the text typed", lambda t: "half written" in t)
            group.cancel_scope.cancel()
        if not shown:
            return
        check("legacy: cancelling a waiting call withdraws its form from the inbox",
              await wait_for("the idle screen after the cancel", idle))
        result = await client.call_tool("ask_user", {"questions": []})
        check("legacy: the server goes on after a cancelled call",
              text(result).startswith("Invalid ask_user payload:"), text(result))
        outcome: list = []
        async with anyio.create_task_group() as group:
            async def retry() -> None:
                outcome.append(await client.call_tool("ask_user", ARGUMENTS))
            group.start_soon(retry)
            again = await form_shown("the same call's form again", showing_form)
            check("legacy: the same call made again opens with what the withdrawn form held",
                  again and await wait_for("the text kept", lambda t: "half written" in t),
                  screen())
            # The written answer, kept, reopens its editor, which saves it; then the review.
            keys("Enter")
            await wait_for("the editor again", lambda t: "│ half written" in t)
            keys("Enter")
            await wait_for("the review", lambda t: "Submit" in t)
            keys("Enter")
        got = outcome[0].structured_content if outcome else {}
        check("legacy: the retried call's answer is what was written before the withdrawal",
              (got or {}).get("answers", {}).get("db", {}).get("customText") == "half written",
              got)


async def progress() -> None:
    reports: list = []
    outcome: list = []

    async def reported(value, total, message):
        reports.append((value, message))

    async with Client(server(progress_ms=100), mode=LEGACY) as client:
        async with anyio.create_task_group() as group:
            async def call() -> None:
                outcome.append(await client.call_tool("ask_user", ARGUMENTS,
                                                      progress_callback=reported))
            group.start_soon(call)
            await form_shown("the form", showing_form)
            with anyio.move_on_after(10):
                while len(reports) < 3:
                    await anyio.sleep(0.05)
            keys("Enter", "Enter")
    check("legacy: progress is reported while the inbox's form waits",
          len(reports) >= 3 and all(b[0] > a[0] for a, b in zip(reports, reports[1:]))
          and all(message == 'Waiting for the user to answer in the inbox "default"'
                  for _, message in reports),
          reports)
    values = (outcome[0].structured_content or {}).get("answers", {}).get("db", {}) \
        .get("values") if outcome else None
    check("legacy: the call waited through the reports for its answer", values == ["pg"], values)
    await wait_for("the idle screen", idle)


OPENING = [*opening(), tool_call(2, "ask_user", ARGUMENTS)]


def raw_server() -> subprocess.Popen | None:
    """The server with a call waiting in the inbox, spoken to line by line."""
    params = server()
    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True,
                               env=get_default_environment() | (params.env or {}))
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("".join(json.dumps(line) + "\n" for line in OPENING))
    process.stdin.flush()
    json.loads(process.stdout.readline())
    if not blocking_wait_for("the form of the raw call", showing_form):
        process.kill()
        process.wait()
        return None
    return process


def rest_of(process: subprocess.Popen) -> list:
    assert process.stdout is not None
    return [json.loads(line) for line in process.stdout.read().splitlines() if line.strip()]


def cancelled_on_the_wire() -> None:
    process = raw_server()
    if process is None:
        return
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                    "params": {"requestId": 2, "reason": "test"}}) + "\n")
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}) + "\n")
    process.stdin.flush()
    seen = []
    while not any(message.get("id") == 3 for message in seen):
        seen.append(json.loads(process.stdout.readline()))
    check("wire: a cancelled call's form leaves the inbox",
          blocking_wait_for("the idle screen after the cancel", idle))
    process.stdin.close()
    seen += rest_of(process)
    process.wait(timeout=10)
    check("wire: a cancelled call gets no result", not any(m.get("id") == 2 for m in seen), seen)


def background_withdrawn_and_called_again() -> None:
    """A background call the client withdraws while its form is open in the inbox keeps what
    the person wrote for the same call made again, here in the foreground."""
    params = server()
    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True,
                               env=get_default_environment() | (params.env or {}))
    assert process.stdin is not None and process.stdout is not None
    background = dict(ARGUMENTS, background=True)
    process.stdin.write("".join(json.dumps(line) + "\n"
                                for line in [*opening(), tool_call(2, "ask_user", background)]))
    process.stdin.flush()
    shown = blocking_wait_for("the background form", showing_form)
    if shown:
        time.sleep(SETTLING_SECONDS + 0.05)
        keys("Down", "Down", "Enter")
        shown = blocking_wait_for("the written answer's editor", lambda t: "│" in t)
        keys("-l", "background draft")
        shown = shown and blocking_wait_for("the text typed", lambda t: "background draft" in t)
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                    "params": {"requestId": 2, "reason": "test"}}) + "\n")
    process.stdin.flush()
    shown = shown and blocking_wait_for("the idle screen after the withdrawal", idle)
    # Made again in the foreground: `background` is no part of what a call asks.
    process.stdin.write(json.dumps(tool_call(3, "ask_user", ARGUMENTS)) + "\n")
    process.stdin.flush()
    again = shown and blocking_wait_for("the form of the call made again",
                                        lambda t: "background draft" in t)
    check("wire: a background call made again in the foreground opens with what its "
          "withdrawn form held", again, screen())
    # Withdrawn too, so that no form is left in the journal for the servers after this one.
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                    "params": {"requestId": 3, "reason": "test"}}) + "\n")
    process.stdin.flush()
    blocking_wait_for("the idle screen after the second withdrawal", idle)
    process.stdin.close()
    rest_of(process)
    process.wait(timeout=10)


def ended(how: str) -> None:
    process = raw_server()
    if process is None:
        return
    assert process.stdin is not None
    # The form takes keys once the typing before it has paused; the pick is then kept.
    time.sleep(SETTLING_SECONDS + 0.05)
    keys("Down", "Space")
    if not blocking_wait_for("SQLite picked", lambda text: "(•) SQLite" in text):
        process.kill()
        process.wait()
        return
    if how == "output closed":
        output_closed(process)
        return
    if how == "end of input":
        process.stdin.close()
    else:
        process.send_signal(signal.SIGTERM)
    rest = rest_of(process)
    try:
        code = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        code = None
    result = next((m for m in rest if m.get("id") == 2), {}).get("result", {})
    got = result.get("structuredContent", {})
    expected = 0 if how == "end of input" else 128 + signal.SIGTERM
    check(f"{how}: the inbox's form is closed with the cancelled result and the server exits "
          f"{expected}", code == expected and got.get("cancelled") is True, (code, rest))
    check(f"{how}: the cancelled result keeps the answer picked in the inbox so far",
          got.get("answers", {}).get("db", {}).get("values") == ["sqlite"], got)
    check(f"{how}: the form leaves the inbox", blocking_wait_for("the idle screen", idle))


def output_closed(process: subprocess.Popen) -> None:
    """The client stops reading (closes its end of the server's output) but leaves the input
    open: no result can reach it any more, so the server ends as if the input had."""
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()
    try:
        code = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        code = None
    check("output closed: the server ends at once, its input still open, and exits 0",
          code == 0, code)
    check("output closed: the form leaves the inbox, where no answer could reach the client",
          blocking_wait_for("the idle screen", idle))
    process.stdin.close()


async def main() -> None:
    for era in (LEGACY, MODERN):
        await answered(era)
    await cancelled()
    await progress()


if __name__ == "__main__":
    asyncio.run(main())
    cancelled_on_the_wire()
    background_withdrawn_and_called_again()
    ended("end of input")
    ended("SIGTERM")
    ended("output closed")
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed", file=sys.stderr)
        sys.exit(1)
