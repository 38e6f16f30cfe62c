"""Drives the background queue of the real `pi-agent-ask mcp --ui auto [--session FILE]` with the
official Python MCP SDK, while a real `pi-agent-ask inbox` runs in a tmux pane: `ask_user` calls
with `background: true` are answered with receipts, their forms are asked one at a time in the
inbox and answered by keys sent to its pane, and `wait_for_answers` returns their answers once.
The journal keeps the queue across a restart of the server, and an answer given just before the
server is killed comes back from the next one: in a named session file, or, without one, in the
working directory's journal in the state folder (`$XDG_STATE_HOME/pi-agent-ask/`). Without any
surface, a background call keeps the no-UI result.

Run by `tests/mcp_queue.rs`, which starts the inbox and passes the binary
(`CARGO_BIN_EXE_pi-agent-ask`), the tmux server's socket (`MCP_INBOX_TMUX`), the private runtime
folder both programs share (`MCP_INBOX_RUNTIME`) and the terminal's folder (`MCP_INBOX_DIR`).
Prints one line per check and exits 1 if any failed.
"""

import asyncio
import glob
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time

import anyio
from mcp import Client, StdioServerParameters, types

from inbox_pane import (BINARY, DETAILS, FAILURES, FOLDER, LEGACY, MODERN, RUNTIME, check,
                        close_inbox, idle, form_shown, keys, opening, reopen_inbox, screen, shown,
                        tool_call)

STATE = os.path.join(FOLDER, "state")
PID_FILE = os.path.join(FOLDER, "server.pid")
WITHDRAWN = ("The client withdrew the call that queued the form, so it was closed "
             "unanswered.")
QUEUED = ("This is not an answer. Continue independent work; call wait_for_answers when answers "
          "are needed.")


DATABASE = {
    "title": "Pick a database", "background": True,
    "questions": [{"id": "db", "label": "Database", "prompt": "Which database?",
                   "options": [{"value": "pg", "label": "Postgres"},
                               {"value": "sqlite", "label": "SQLite"}]}],
}
CACHE = {
    "background": True,
    "questions": [{"id": "cache", "label": "Cache", "prompt": "Which cache?",
                   "options": [{"value": "redis", "label": "Redis"},
                               {"value": "none", "label": "No cache"}]}],
}








def showing(prompt: str):
    return lambda text: prompt in text



def server(journal: str | None, ui: str = "auto", more: tuple = ()) -> StdioServerParameters:
    """The server with the session file `journal`, or with the state folder's journal (None),
    and `more` arguments; it writes its process id to `PID_FILE` first, so a test can kill it."""
    session = ["--session", journal] if journal else []
    return StdioServerParameters(
        command="sh",
        args=["-c", 'echo $$ > "$0"; exec "$@"', PID_FILE, BINARY, "mcp", "--ui", ui,
              "--cwd", FOLDER, *session, "--config", os.path.join(FOLDER, "settings.json"),
              *more],
        env={"XDG_RUNTIME_DIR": RUNTIME, "XDG_STATE_HOME": STATE,
             "PI_AGENT_ASK_MCP_PROGRESS_MS": "100"},
    )


def state_journal() -> str:
    """The one journal the state folder holds."""
    found = glob.glob(os.path.join(STATE, "pi-agent-ask", "mcp-*.jsonl"))
    check("the state folder holds one journal for the working directory", len(found) == 1, found)
    return found[0] if found else ""


def details(result: types.CallToolResult) -> dict:
    return (result.meta or {}).get(DETAILS, {})


def text(result: types.CallToolResult) -> str:
    return result.content[0].text if result.content else ""


def journal_entries(path: str, custom_type: str) -> list:
    with open(path) as lines:
        entries = [json.loads(line) for line in lines if line.strip()]
    return [entry["data"] for entry in entries if entry.get("customType") == custom_type]


def receipt_of(name: str, result: types.CallToolResult, pending: int) -> str:
    got = details(result)
    request_id = got.get("requestId", "")
    check(f"{name}: the call is answered at once with its receipt, not an answer",
          got.get("status") == "queued" and got.get("pendingRequests") == pending
          and got.get("questionIds") == [q["id"] for q in
                                        (DATABASE if pending == 1 else CACHE)["questions"]]
          and not result.is_error and result.structured_content == got
          and text(result) == f"Queued ask_user [{request_id}]. {pending} form(s) pending. "
          + QUEUED, (text(result), got))
    return request_id


async def waited(client: Client, outcome: list, reports: list | None = None) -> None:
    async def reported(value, total, message) -> None:
        if reports is not None:
            reports.append(value)
    outcome.append(await client.call_tool("wait_for_answers", {}, progress_callback=reported))


async def submitted_while_waiting(client: Client) -> list:
    """Waits for the answers while the open form, as it was left, is submitted from its
    review; the wait's result, when it came."""
    outcome: list = []
    async with anyio.create_task_group() as group:
        group.start_soon(waited, client, outcome)
        await anyio.sleep(0.3)
        keys("Tab")
        await shown("the review", showing("Submit"))
        keys("Enter")
    return outcome


async def queued_and_waited(journal: str) -> None:
    async with Client(server(journal), mode=LEGACY) as client:
        first = receipt_of("legacy", await client.call_tool("ask_user", DATABASE), 1)
        second = receipt_of("legacy, second form", await client.call_tool("ask_user", CACHE), 2)
        if not await form_shown("the first queued form", showing("Which database?")):
            return
        check("legacy: queued forms open one at a time, in the order queued, the inbox counting "
              "the form queued behind the open one",
              await shown("the count of the form behind", lambda text: "· 1 more waiting" in text),
              screen())
        async with anyio.create_task_group() as group:
            group.start_soon(waited, client, [])
            await anyio.sleep(0.3)
            group.cancel_scope.cancel()
        keys("Down", "Enter", "Enter")
        if not await form_shown("the second queued form", showing("Which cache?")):
            return
        outcome: list = []
        reports: list = []
        async with anyio.create_task_group() as group:
            group.start_soon(waited, client, outcome, reports)
            with anyio.move_on_after(10):
                while len(reports) < 2:
                    await anyio.sleep(0.05)
            check("legacy: the wait waits while a form is open, reporting progress",
                  not outcome and len(reports) >= 2, (outcome, reports))
            keys("Enter", "Enter")
        result = outcome[0]
        got = details(result)
        check("legacy: the wait returns both answers, in the order they ended, after an aborted "
              "wait took nothing",
              got.get("status") == "complete" and got.get("requestIds") == [first, second]
              and [r.get("result", {}).get("answers") for r in got.get("results", [])]
              == [{"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}},
                  {"cache": {"values": ["redis"], "labels": ["Redis"], "indices": [1]}}],
              got)
        check("legacy: the wait's text gives each form by id, title and question",
              text(result).startswith(f"Background answer [{first}] — Pick a database:\n"
                                      "Questions:\n- [db] Database: Which database?\n"
                                      "Response:\nDatabase [db]: SQLite")
              and f"\n\nBackground answer [{second}]:\n" in text(result), text(result))
        again = await client.call_tool("wait_for_answers", {})
        check("legacy: a delivered answer is never delivered again",
              details(again).get("requestIds") == []
              and text(again) == "No background forms are outstanding.", text(again))
        refused = await client.call_tool("wait_for_answers", {"timeout": 5})
        check("legacy: wait_for_answers refuses arguments",
              refused.is_error and "takes no arguments" in text(refused), text(refused))
    await shown("the idle screen", idle)
    check("the journal saved both forms as background requests, their ends and their delivery",
          [r["background"] for r in journal_entries(journal, "ask:history-request")]
          == [True, True]
          and [c["requestId"] for c in journal_entries(journal, "ask:history-completed")]
          == [first, second]
          and journal_entries(journal, "ask:background-delivered")
          == [{"version": 1, "requestIds": [first, second]}],
          open(journal).read())


async def counted_in_the_inbox(journal: str) -> None:
    """The inbox counts the forms this server holds back behind the open one, as they come and
    go: the person sees how many more are waiting before closing the inbox on them."""
    async with Client(server(journal), mode=LEGACY) as client:
        await client.call_tool("ask_user", DATABASE)
        if not await form_shown("the first form", showing("Which database?")):
            return
        check("a lone queued form is not counted as waiting", "more waiting" not in screen(),
              screen())
        await client.call_tool("ask_user", CACHE)
        await client.call_tool("ask_user", CACHE)
        check("forms queued while one is open are counted at once",
              await shown("two behind", lambda text: "· 2 more waiting" in text), screen())
        keys("Enter", "Enter")
        if not await form_shown("the second form", showing("Which cache?")):
            return
        check("the count falls as the queue is answered",
              await shown("one behind", lambda text: "· 1 more waiting" in text), screen())
        keys("Enter", "Enter")
        await form_shown("the third form", showing("Which cache?"))
        check("the last form is counted alone",
              await shown("none behind", lambda text: "more waiting" not in text), screen())
        keys("Enter", "Enter")
        outcome = await client.call_tool("wait_for_answers", {})
        check("every counted form was answered", len(details(outcome).get("results", [])) == 3,
              details(outcome))


async def a_servers_forms_keep_their_place(journal: str) -> None:
    """The server's next queued form comes to the front as the one before it is answered,
    before a shell's ask that arrived while it waited, and no idle screen shows between."""
    editor = {"questions": [{"id": "editor", "prompt": "Which editor?",
                             "options": [{"value": "vim"}, {"value": "emacs"}]}]}
    async with Client(server(journal), mode=LEGACY) as client:
        await client.call_tool("ask_user", DATABASE)
        if not await form_shown("the server's first form", showing("Which database?")):
            return
        await client.call_tool("ask_user", CACHE)
        shell = subprocess.Popen([BINARY, "ask", "-", "--ui", "inbox"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True,
                                 env={**os.environ, "XDG_RUNTIME_DIR": RUNTIME})
        shell.stdin.write(json.dumps(editor))
        shell.stdin.close()
        if not await shown("the shell's ask counted", lambda text: "· 2 more waiting" in text):
            shell.kill()
            return
        keys("Enter", "Enter")
        seen = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            seen.append(screen())
            if "Which cache?" in seen[-1] or "Which editor?" in seen[-1]:
                break
            await anyio.sleep(0.002)
        check("the server's next form comes before the shell's ask that arrived after it",
              "Which cache?" in seen[-1], seen[-1])
        check("no idle screen shows between the server's two forms",
              not any(idle(text) for text in seen), [text for text in seen if idle(text)][:1])
        if not await form_shown("the server's second form", showing("Which cache?")):
            shell.kill()
            return
        keys("Enter", "Enter")
        if await form_shown("the shell's ask after the server's forms", showing("Which editor?")):
            keys("Down", "Enter", "Enter")
        output = await anyio.to_thread.run_sync(shell.stdout.read)
        shell.wait(timeout=20)
        check("the shell's ask gets its own answer",
              json.loads(output or "{}").get("details", {}).get("answers", {})
              .get("editor", {}).get("values") == ["emacs"], output)
        waited = details(await client.call_tool("wait_for_answers", {}))
        check("both server forms were answered", len(waited.get("results", [])) == 2, waited)


async def closed_on(journal: str) -> None:
    """Closing the inbox cancels every ask it counted as waiting: the open form keeps what was
    picked in it, and the forms and the foreground call this server held back behind it end
    cancelled too, none asked anywhere else; a form queued after the close is asked as usual."""
    editor = {"questions": [{"id": "editor", "prompt": "Which editor?",
                             "options": [{"value": "vim"}, {"value": "emacs"}]}]}
    async with Client(server(journal), mode=LEGACY) as client:
        first = details(await client.call_tool("ask_user", DATABASE)).get("requestId")
        if not await form_shown("the form closed on", showing("Which database?")):
            return
        second = details(await client.call_tool("ask_user", CACHE)).get("requestId")
        outcome: list = []
        async with anyio.create_task_group() as group:
            async def call() -> None:
                outcome.append(await client.call_tool("ask_user", editor))
            group.start_soon(call)
            if not await shown("two behind", lambda text: "· 2 more waiting" in text):
                group.cancel_scope.cancel()
                return
            keys("Down", "Enter")
            await anyio.sleep(0.3)
            close_inbox()
            with anyio.move_on_after(20):
                while not outcome:
                    await anyio.sleep(0.05)
        check("the foreground call counted as waiting ends cancelled, unasked",
              bool(outcome) and text(outcome[0]).startswith("User cancelled the ask flow")
              and (outcome[0].structured_content or {}).get("cancelled") is True,
              outcome and text(outcome[0]))
        waited = details(await client.call_tool("wait_for_answers", {}))
        results = {entry.get("requestId"): entry.get("result", {})
                   for entry in waited.get("results", [])}
        check("the open form and the form held back behind it both end cancelled",
              waited.get("requestIds") == [first, second]
              and all(result.get("cancelled") is True for result in results.values()),
              waited)
        check("the open form keeps what was picked in it as the inbox closed",
              results.get(first, {}).get("answers", {}).get("db", {}).get("values")
              == ["sqlite"], results.get(first))
        check("no form was failed as unaskable",
              "not asked" not in json.dumps(waited), waited)
        check("the inbox closed cleanly", await shown("its exit", lambda text:
                                                      "inbox-exit=143" in text), screen())
        reopen_inbox()
        if not await shown("the inbox again", idle):
            return
        third = details(await client.call_tool("ask_user", CACHE)).get("requestId")
        if not await form_shown("a form queued after the close", showing("Which cache?")):
            return
        keys("Enter", "Enter")
        waited = details(await client.call_tool("wait_for_answers", {}))
        check("a form queued after the close is asked and answered as usual",
              waited.get("requestIds") == [third]
              and waited.get("results", [{}])[0].get("result", {}).get("cancelled") is False,
              waited)


async def closed_while_its_place_was_kept(journal: str) -> None:
    """Closing the inbox between two of a server's forms (the first answered, the next not
    sent yet: the server is stopped meanwhile) cancels what the server held back, as closing
    it a moment later, with that form in the inbox, would; nothing is asked elsewhere."""
    async with Client(server(journal), mode=LEGACY) as client:
        first = details(await client.call_tool("ask_user", DATABASE)).get("requestId")
        if not await form_shown("the form answered before the close", showing("Which database?")):
            return
        second = details(await client.call_tool("ask_user", CACHE)).get("requestId")
        if not await shown("one behind", lambda text: "· 1 more waiting" in text):
            return
        with open(PID_FILE) as pid_file:
            pid = int(pid_file.read().strip())
        os.kill(pid, signal.SIGSTOP)
        try:
            keys("Enter", "Enter")
            await anyio.sleep(0.3)
            close_inbox()
            await shown("the inbox's exit", lambda text: "inbox-exit=143" in text)
        finally:
            os.kill(pid, signal.SIGCONT)
        waited = details(await client.call_tool("wait_for_answers", {}))
        results = {entry.get("requestId"): entry for entry in waited.get("results", [])}
        check("the form answered before the close keeps its answer",
              results.get(first, {}).get("result", {}).get("answers", {}).get("db", {})
              .get("values") == ["pg"], waited)
        check("the form held back as the inbox closed ends cancelled, not failed or asked "
              "elsewhere", results.get(second, {}).get("result", {}).get("cancelled") is True,
              waited)
        reopen_inbox()
        await shown("the inbox again", idle)


async def foreground_waits(journal: str) -> None:
    editor = {"questions": [{"id": "editor", "prompt": "Which editor?",
                             "options": [{"value": "vim"}, {"value": "emacs"}]}]}
    async with Client(server(journal), mode=LEGACY) as client:
        first = receipt_of("beside a foreground call", await client.call_tool("ask_user",
                                                                             DATABASE), 1)
        if not await form_shown("the queued form", showing("Which database?")):
            return
        outcome: list = []
        reports: list = []

        async def reported(value, total, message) -> None:
            reports.append(value)
        async with anyio.create_task_group() as group:
            async def call() -> None:
                outcome.append(await client.call_tool("ask_user", editor,
                                                      progress_callback=reported))
            group.start_soon(call)
            with anyio.move_on_after(10):
                while len(reports) < 2:
                    await anyio.sleep(0.05)
            check("a foreground call waits for the open background form's turn to end, "
                  "reporting progress, counted in the inbox as waiting",
                  "· 1 more waiting" in screen() and "Which editor?" not in screen()
                  and len(reports) >= 2, (screen(), reports))
            keys("Enter", "Enter")
            if not await form_shown("the foreground form", showing("Which editor?")):
                group.cancel_scope.cancel()
                return
            keys("Down", "Enter", "Enter")
        answers = (outcome[0].structured_content or {}).get("answers", {}) if outcome else {}
        check("the foreground call gets its own answer, not a receipt",
              answers.get("editor", {}).get("values") == ["emacs"], outcome)
        waited_for = await client.call_tool("wait_for_answers", {})
        check("the background form's answer waits for the wait",
              details(waited_for).get("requestIds") == [first], details(waited_for))
    await shown("the idle screen", idle)


async def restarted(journal: str) -> None:
    async with Client(server(journal), mode=MODERN) as client:
        first = receipt_of("2026-07-28, before the restart", await client.call_tool("ask_user", DATABASE), 1)
        second = receipt_of("before the restart, second form",
                            await client.call_tool("ask_user", CACHE), 2)
        if not await form_shown("the first form before the restart", showing("Which database?")):
            return
        keys("Down", "Enter", "Enter")
        if not await form_shown("the second form before the restart", showing("Which cache?")):
            return
        keys("Down", "Space")
        if not await shown("No cache chosen", showing("(•) No cache")):
            return
    check("the end of the input takes the open form out of the inbox", await shown("idle", idle))
    check("the journal keeps what the open form held when the input ended",
          [(d["requestId"], d["drafts"]) for d in journal_entries(journal, "ask:drafts")]
          == [(second, [{"selected": [1], "customSelected": False}])]
          and len(journal_entries(journal, "ask:history-completed")) == 1,
          open(journal).read())
    async with Client(server(journal), mode=LEGACY) as client:
        check("after a restart the unanswered form is asked again, with no call, as it was left",
              await form_shown("the form asked again",
                               lambda text: "Which cache?" in text and "(•) No cache" in text))
        outcome = await submitted_while_waiting(client)
        got = details(outcome[0]) if outcome else {}
        check("after a restart the wait returns the answer given before it and the one after",
              got.get("requestIds") == [first, second]
              and got["results"][0]["result"]["answers"]["db"]["values"] == ["sqlite"]
              and got["results"][1]["result"]["answers"]["cache"]["values"] == ["none"], got)
        check("the recovered answer's text names its form",
              outcome and text(outcome[0]).startswith(
                  f"Background answer [{first}] — Pick a database:"),
              outcome and text(outcome[0]))
    async with Client(server(journal), mode=LEGACY) as client:
        again = await client.call_tool("wait_for_answers", {})
        check("a third server delivers nothing twice and reopens nothing",
              details(again).get("requestIds") == [] and idle(screen()), (text(again), screen()))


async def restarted_and_left_before_initialize(journal: str) -> None:
    """A restarted server reopens its queued form at once; a client that leaves before the
    session starts ends it as one that leaves after: exit 0, the form taken back with what the
    person picked in it."""
    async with Client(server(journal), mode=LEGACY) as client:
        receipt_of("before the restart", await client.call_tool("ask_user", DATABASE), 1)
        if not await form_shown("the form before the restart", showing("Which database?")):
            return
    if not await shown("the form taken back at the end of the input", idle):
        return
    params = server(journal)
    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, **(params.env or {})})
    if await form_shown("the form reopened before any message", showing("Which database?")):
        keys("Down", "Space")
        await shown("SQLite chosen", showing("(•) SQLite"))
    _, stderr = process.communicate(timeout=20)  # closes the input first
    check("a client that leaves before initialize ends the server with exit 0, saying nothing",
          process.returncode == 0 and stderr == "", (process.returncode, stderr))
    check("the form reopened before initialize is taken back with the pick made in it",
          await shown("idle after the server left", idle)
          and [d["drafts"] for d in journal_entries(journal, "ask:drafts")][-1:]
          == [[{"selected": [1], "customSelected": False}]], open(journal).read())


async def killed(journal: str | None) -> None:
    """A form answered, then the server killed before any wait: the next server delivers it."""
    try:
        async with Client(server(journal), mode=LEGACY) as client:
            queued = receipt_of("before the kill", await client.call_tool("ask_user", DATABASE), 1)
            if not await form_shown("the form before the kill", showing("Which database?")):
                return
            keys("Down", "Enter", "Enter")
            path = journal or state_journal()
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not journal_entries(path, "ask:history-completed"):
                await anyio.sleep(0.05)
            check("the answer is journaled before anything asks for it",
                  [c["requestId"] for c in journal_entries(path, "ask:history-completed")]
                  == [queued], open(path).read())
            with open(PID_FILE) as pid:
                os.kill(int(pid.read().strip()), signal.SIGKILL)
            await anyio.sleep(0.3)
    except Exception:  # the killed server's streams end under the client; that is the point
        pass
    async with Client(server(journal), mode=LEGACY) as client:
        again = await client.call_tool("wait_for_answers", {})
        got = details(again)
        check("after a SIGKILL the next server's wait returns the answer given before it",
              got.get("requestIds") == [queued]
              and got["results"][0]["result"]["answers"]["db"]["values"] == ["sqlite"], got)
    if journal is None:
        path = state_journal()
        folder = os.path.dirname(path)
        check("the state folder is private (0700) and the journal too (0600)",
              stat.S_IMODE(os.stat(folder).st_mode) == 0o700
              and stat.S_IMODE(os.stat(path).st_mode) == 0o600,
              (oct(os.stat(folder).st_mode), oct(os.stat(path).st_mode)))


async def two_sessions_at_once() -> None:
    """Two servers of one working directory at once (two agent sessions in one project) keep
    journals of their own: one's background form is never the other's to wait for."""
    async with Client(server(None), mode=LEGACY) as first:
        queued = receipt_of("the first session's form", await first.call_tool("ask_user", DATABASE), 1)
        if not await form_shown("the first session's form", showing("Which database?")):
            return
        async with Client(server(None), mode=LEGACY) as second:
            waited = await second.call_tool("wait_for_answers", {})
            check("the second session has no form outstanding",
                  text(waited) == "No background forms are outstanding.", text(waited))
        keys("Down", "Enter", "Enter")
        got = details(await first.call_tool("wait_for_answers", {}))
        check("the answer goes to the session that asked", got.get("requestIds") == [queued], got)
    journals = glob.glob(os.path.join(STATE, "pi-agent-ask", "mcp-*.jsonl"))
    check("each session kept a journal of its own", len(journals) == 2, journals)


async def restarted_while_the_one_before_closes() -> None:
    """A client restarting its server starts the new one while the old one still takes its open
    form back: the new one waits for the old one's journal and asks the form again, as it was
    left, rather than keeping a journal of its own beside it."""
    params = server(None)
    old = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True,
                           env={**os.environ, **(params.env or {})})
    assert old.stdin is not None and old.stdout is not None
    lines = [*opening(), tool_call(2, "ask_user", DATABASE)]
    old.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
    old.stdin.flush()
    queued = ""
    while not queued:
        message = json.loads(old.stdout.readline())
        if message.get("id") == 2:
            queued = message["result"].get("_meta", {}).get(DETAILS, {}).get("requestId", "")
    if not await form_shown("the form before the restart", showing("Which database?")):
        return
    keys("Down", "Space")
    if not await shown("SQLite chosen", showing("(•) SQLite")):
        return
    before = set(glob.glob(os.path.join(STATE, "pi-agent-ask", "mcp-*.jsonl")))
    # The old server, stopped as soon as it says it is closing, holds its journal for as long
    # as it takes to start the new one.
    lock = min(before, key=len)[:-len(".jsonl")]  # the first journal, which the old one took
    old.stdin.close()
    stopped = False
    deadline = time.monotonic() + 10
    with open(lock + ".lock", "rb") as word:
        while not stopped and time.monotonic() < deadline and old.poll() is None:
            if word.read() == b"closing\n":
                old.send_signal(signal.SIGSTOP)
                stopped = True
            word.seek(0)
    check("the old server says in its lock that it is closing", stopped)
    resumed = threading.Timer(1.5, old.send_signal, (signal.SIGCONT,))
    resumed.start()
    async with Client(server(None), mode=LEGACY) as client:
        check("the new server asks the old one's open form again, as it was left",
              await form_shown("the form asked again",
                               lambda text: "Which database?" in text and "(•) SQLite" in text))
        outcome = await submitted_while_waiting(client)
        got = details(outcome[0]) if outcome else {}
        check("its wait returns the answer to the old server's form",
              got.get("requestIds") == [queued]
              and got["results"][0]["result"]["answers"]["db"]["values"] == ["sqlite"], got)
    check("the old server ended with exit 0", old.wait(timeout=20) == 0, old.returncode)
    after = set(glob.glob(os.path.join(STATE, "pi-agent-ask", "mcp-*.jsonl")))
    check("no journal was made beside the old one's", after == before, after - before)


async def without_surfaces(journal: str) -> None:
    async with Client(server(journal, ui="none"), mode=LEGACY) as client:
        result = await client.call_tool("ask_user", DATABASE)
        check("--ui none: a background call keeps the no-UI result and is not queued",
              text(result).startswith("Needs user input: ask_user requires interactive TUI mode.")
              and (result.structured_content or {}).get("cancelled") is True, text(result))
        waited_for = await client.call_tool("wait_for_answers", {})
        check("--ui none: an empty queue's wait returns at once",
              details(waited_for) == {"status": "complete", "requestIds": [], "results": []},
              details(waited_for))
    check("--ui none: nothing is journaled for a call that was not queued",
          journal_entries(journal, "ask:history-request") == [], open(journal).read())
    with open(journal) as lines:
        header = json.loads(lines.readline())
    check("a missing journal is made with a session header",
          header.get("type") == "session" and header.get("cwd") == FOLDER, header)
    refused = subprocess.run([BINARY, "mcp", "--session", FOLDER], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=10)
    check("a journal that cannot be read is a usage error before the server starts",
          refused.returncode == 2 and refused.stdout == ""
          and "not a regular file" in refused.stderr, refused)


def queued_in_the_order_they_came(journal: str, capabilities: dict) -> None:
    """Background calls written back to back are queued in the order they came: each one's
    receipt counts the forms before it, and a wait written right after them finds them queued.
    A client that declared roots is not asked for them: the calls name no file."""
    params = server(journal)
    calls = [tool_call(n, "ask_user", dict(DATABASE, title=f"Form {n}")) for n in range(2, 6)]
    calls.append(tool_call(6, "wait_for_answers", {}))
    asked = []
    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True,
                               env={**os.environ, **(params.env or {})})
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("".join(json.dumps(line) + "\n" for line in opening(capabilities) + calls))
    process.stdin.flush()
    pending = {}
    while len(pending) < 4:
        message = json.loads(process.stdout.readline())
        if "method" in message:
            asked.append(message["method"])
        elif message.get("id") in range(2, 6):
            meta = message["result"].get("_meta", {}).get(DETAILS, {})
            pending[message["id"]] = meta.get("pendingRequests")
        elif message.get("id") == 6:
            pending[6] = message["result"]["content"][0]["text"]
    process.stdin.close()
    # Everything up to the end of the output: the ping may come after the receipts.
    for line in process.stdout:
        message = json.loads(line)
        if "method" in message:
            asked.append(message["method"])
        elif message.get("id") == 6:
            pending[6] = message["result"]["content"][0]["text"]
    process.wait(timeout=20)
    check("background calls written back to back are queued in the order they came",
          [pending.get(n) for n in range(2, 6)] == [1, 2, 3, 4], pending)
    check("a wait written right after them waits for them, until the input ends",
          pending[6] == "The wait ended before the answers; the forms stay queued.", pending)
    check("the client is asked for nothing but the session's opening ping", asked == ["ping"],
          asked)


async def a_form_that_waits_comes_after_a_background_form_sent_before_it(journal: str) -> None:
    """A background call and a call that waits, written in one go: the background form, which
    came first, opens first, and the other once it is answered."""
    params = server(journal)
    waiting = dict(CACHE)
    del waiting["background"]
    lines = [*opening(), tool_call(2, "ask_user", DATABASE), tool_call(3, "ask_user", waiting)]
    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True,
                               env={**os.environ, **(params.env or {})})
    assert process.stdin is not None
    process.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
    process.stdin.flush()
    first = await form_shown("the first form", lambda text: "Which database?" in text
                             or "Which cache?" in text)
    check("the background form, sent first, opens first",
          first and "Which database?" in screen(), screen())
    process.stdin.close()
    process.wait(timeout=20)
    await shown("the inbox idle again", idle)


async def withdrawn_calls(journal: str) -> None:
    """A background call the client withdraws (`notifications/cancelled`) gets no answer
    asked: one withdrawn before its receipt was sent gets none and is never queued (the call
    after it is the only one pending); one withdrawn once its form is open closes that form,
    unanswered, and the next wait says so. A cancel that came before its call withdraws
    nothing."""
    params = server(journal)

    def cancel(request: int) -> dict:
        return {"jsonrpc": "2.0", "method": "notifications/cancelled",
                "params": {"requestId": request, "reason": "the agent moved on"}}

    def send(lines: list) -> None:
        process.stdin.write("".join(json.dumps(line) + "\n" for line in lines))
        process.stdin.flush()

    def reply_to(request: int) -> dict:
        while request not in replies:
            message = json.loads(process.stdout.readline())
            if "id" in message:
                replies[message["id"]] = message
        return replies[request]

    process = subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True,
                               env={**os.environ, **(params.env or {})})
    assert process.stdin is not None and process.stdout is not None
    replies = {}
    send([*opening(), tool_call(2, "ask_user", DATABASE), cancel(2),
          tool_call(3, "ask_user", CACHE)])
    cache = reply_to(3)["result"]["structuredContent"]
    check("the call withdrawn before its receipt gets none", 2 not in replies, replies)
    check("the call after it is the only form pending", cache["pendingRequests"] == 1, cache)
    check("the form that opens is the call's after it",
          await form_shown("the cache form", lambda text: "Which cache?" in text)
          and "Which database?" not in screen(), screen())
    send([cancel(3)])
    check("the open form of a call withdrawn after its receipt closes",
          await shown("the inbox idle again", idle), screen())
    send([tool_call(4, "wait_for_answers", {})])
    waited = reply_to(4)["result"]
    check("the next wait says the form was closed unanswered",
          waited["content"][0]["text"] == f"Background answer [{cache['requestId']}]:\n"
          f"Question form failed: {WITHDRAWN}", waited)
    send([cancel(5), tool_call(5, "ask_user", DATABASE)])
    later = reply_to(5)["result"].get("structuredContent", {})
    check("a cancel that came before its call withdraws nothing", later.get("status") == "queued",
          replies[5])
    process.stdin.close()
    process.wait(timeout=20)
    check("the calls queued are saved as requests, the withdrawn one with its end",
          [r.get("title") for r in journal_entries(journal, "ask:history-request")]
          == [None, "Pick a database"]
          and [c.get("error") for c in journal_entries(journal, "ask:history-completed")]
          == [WITHDRAWN], open(journal).read())


async def restarted_where_nothing_can_ask_it_again(journal: str) -> None:
    """A form asked before a restart that nothing can ask again (the next server is given an
    inbox nobody listens under, and has no popup) ends with an error that says what was
    written in it: the typed text reaches the agent."""
    async with Client(server(journal), mode=LEGACY) as client:
        request_id = receipt_of("before a restart with nothing to ask on",
                                await client.call_tool("ask_user", DATABASE), 1)
        if not await form_shown("the form before the restart", showing("Which database?")):
            return
        keys("Down", "Down", "Enter")
        if not await shown("the written answer's editor", showing("Type your answer")):
            return
        keys("-l", "kept words")
        if not await shown("the typed words", showing("kept words")):
            return
    check("the end of the input takes the open form out of the inbox", await shown("idle", idle))
    async with Client(server(journal, more=("--inbox", "nobody-listens")), mode=LEGACY) as client:
        outcome = await client.call_tool("wait_for_answers", {})
        check("the form nothing can ask again ends saying what was written in it",
              text(outcome) == f"Background answer [{request_id}]:\nQuestion form failed: No inbox "
              "is listening and no popup can open, so the form was not asked.\nIt was asked "
              "before the server restarted; what was written in it, never submitted:\n"
              "Database: kept words", text(outcome))


async def main() -> None:
    await without_surfaces(os.path.join(FOLDER, "none.jsonl"))
    await queued_and_waited(os.path.join(FOLDER, "queued.jsonl"))
    await foreground_waits(os.path.join(FOLDER, "foreground.jsonl"))
    await counted_in_the_inbox(os.path.join(FOLDER, "counted.jsonl"))
    await a_servers_forms_keep_their_place(os.path.join(FOLDER, "kept.jsonl"))
    await closed_on(os.path.join(FOLDER, "closed.jsonl"))
    await closed_while_its_place_was_kept(os.path.join(FOLDER, "kept-closed.jsonl"))
    await restarted(os.path.join(FOLDER, "restarted.jsonl"))
    await restarted_and_left_before_initialize(os.path.join(FOLDER, "left.jsonl"))
    await killed(os.path.join(FOLDER, "killed.jsonl"))
    await killed(None)
    await two_sessions_at_once()
    await restarted_while_the_one_before_closes()
    await a_form_that_waits_comes_after_a_background_form_sent_before_it(
        os.path.join(FOLDER, "mixed.jsonl"))
    await withdrawn_calls(os.path.join(FOLDER, "withdrawn.jsonl"))
    await restarted_where_nothing_can_ask_it_again(os.path.join(FOLDER, "nothing.jsonl"))
    for round_, capabilities in enumerate([{}, {}, {"roots": {}}]):
        queued_in_the_order_they_came(os.path.join(FOLDER, f"order{round_}.jsonl"), capabilities)


if __name__ == "__main__":
    asyncio.run(main())
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed", file=sys.stderr)
        sys.exit(1)
