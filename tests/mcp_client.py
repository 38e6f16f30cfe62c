"""Drives the real `pi-agent-ask mcp` with the official Python MCP SDK (the `mcp` package), in
both protocol eras: the `initialize` handshake ("legacy") and 2026-07-28 (`server/discover`,
`input_required` with a sealed `requestState`).

Run by `tests/mcp_client.rs` with the virtual environment's Python; the binary comes from
`CARGO_BIN_EXE_pi-agent-ask`. Prints one line per check and exits 1 if any failed.
"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters, types
from mcp.client.stdio import get_default_environment
from mcp.shared.exceptions import MCPError

BINARY = os.environ["CARGO_BIN_EXE_pi-agent-ask"]
DETAILS = "pi-agent-ask/details"
LEGACY, MODERN = "legacy", "auto"

FAILURES: list[str] = []


def check(name: str, condition: bool, detail: object = "") -> None:
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))
    if not condition:
        FAILURES.append(name)


SERVICE = {
    "title": "Service setup",
    "questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?",
         "options": [{"value": "postgres", "label": "Postgres", "recommended": True},
                     {"value": "sqlite"}]},
        {"id": "features", "label": "Features", "prompt": "Which features?", "type": "multi",
         "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}]},
    ],
}

QUESTION = {"questions": [{"question": "Which auth?", "header": "Auth",
                           "options": [{"label": "OAuth"}, {"label": "Cookies"}]}]}


class Workspace:
    """A project directory the server runs in, and a secret beside it."""

    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp()).resolve()
        self.project = self.base / "project"
        self.outside = self.base / "outside"
        self.runtime = self.base / "run"
        self.project.mkdir()
        self.outside.mkdir()
        self.runtime.mkdir(mode=0o700)
        (self.project / "plan.md").write_text("The plan\n")
        (self.outside / "secret.txt").write_text("a secret\n")

    def server(self, *extra: str, progress_ms: int = 150) -> StdioServerParameters:
        return StdioServerParameters(
            command=BINARY,
            args=["mcp", "--cwd", str(self.project), "--config",
                  str(self.base / "settings.json"), *extra],
            # A private runtime folder: no inbox of the machine's answers these calls; a
            # private state folder: the server's journal stays out of the user's.
            env={"PI_AGENT_ASK_MCP_PROGRESS_MS": str(progress_ms),
                 "XDG_RUNTIME_DIR": str(self.runtime),
                 "XDG_STATE_HOME": str(self.base / "state")},
        )


def answering(action: str, content: dict | None = None, seen: list | None = None):
    async def callback(context, params):
        if seen is not None:
            seen.append(params)
        return types.ElicitResult(action=action, content=content)
    return callback


def details(result: types.CallToolResult) -> dict:
    return (result.meta or {}).get(DETAILS, {})


def text(result: types.CallToolResult) -> str:
    return result.content[0].text if result.content else ""


async def tools_and_schemas(ws: Workspace, era: str) -> None:
    async with Client(ws.server(), mode=era) as client:
        listed = (await client.list_tools()).tools
        by_name = {tool.name: tool for tool in listed}
        expected = "2025-11-25" if era == LEGACY else "2026-07-28"
        check(f"{era}: the client and server agree on {expected}",
              client.protocol_version == expected, client.protocol_version)
        check(f"{era}: both tools and wait_for_answers are listed",
              sorted(by_name) == ["ask_user", "ask_user_question", "wait_for_answers"],
              sorted(by_name))
        for name, tool in by_name.items():
            if name == "wait_for_answers":
                continue
            printed = json.loads(subprocess.run(
                [BINARY, "schema", "input", "--tool", name], capture_output=True, check=True).stdout)
            check(f"{era}: {name}'s input schema is the one `schema input` prints",
                  tool.input_schema == printed)
            annotations = tool.annotations
            check(f"{era}: {name} is read-only and not open-world",
                  annotations is not None and annotations.read_only_hint is True
                  and annotations.open_world_hint is False and annotations.destructive_hint is None,
                  annotations)
            check(f"{era}: {name}'s description asks for bundled questions",
                  "2-3 related" in (tool.description or ""))
        output = by_name["ask_user"].output_schema or {}
        shapes = [shape.get("properties", {}) for shape in output.get("anyOf", [])]
        check(f"{era}: ask_user's output schema is an inlined object: a result or a receipt",
              output.get("type") == "object" and "$ref" not in json.dumps(output)
              and len(shapes) == 2 and "answers" in shapes[0]
              and "pendingRequests" in shapes[1], output)
        wait = by_name["wait_for_answers"]
        check(f"{era}: wait_for_answers takes no arguments and is read-only",
              wait.input_schema.get("properties") == {} and wait.annotations is not None
              and wait.annotations.read_only_hint is True and wait.output_schema is None,
              wait)
        check(f"{era}: ask_user_question declares no output schema",
              by_name["ask_user_question"].output_schema is None)


async def accepted(ws: Workspace, era: str) -> None:
    seen: list = []
    content = {"q1": "postgres", "q1_note": "managed, please",
               "q2": ["billing", "auth"], "q2_own": "Audit log", "finish": "submit"}
    async with Client(ws.server(), mode=era,
                      elicitation_callback=answering("accept", content, seen)) as client:
        result = await client.call_tool("ask_user", SERVICE)
    check(f"{era}: one form is asked for the whole call", len(seen) == 1, seen)
    if seen:
        schema = seen[0].requested_schema
        props = schema["properties"]
        check(f"{era}: the single choice is a titled enum marked recommended",
              props["q1"]["oneOf"][0] == {"const": "postgres", "title": "Postgres (recommended)"},
              props["q1"])
        check(f"{era}: the multiple choice is a titled array",
              props["q2"]["type"] == "array" and len(props["q2"]["items"]["anyOf"]) == 2)
        check(f"{era}: ask_user requires nothing", "required" not in schema, schema)
    got = result.structured_content or {}
    check(f"{era}: structuredContent equals details", got == details(result), (got, details(result)))
    check(f"{era}: the result is submitted, not cancelled",
          got.get("cancelled") is False and got.get("mode") == "submit" and not result.is_error, got)
    answers = got.get("answers", {})
    check(f"{era}: the single choice answer",
          answers.get("db") == {"values": ["postgres"], "labels": ["Postgres"], "indices": [1],
                                "note": "managed, please"}, answers.get("db"))
    check(f"{era}: the multiple choice answer keeps the order and the written text last",
          answers.get("features") == {"values": ["billing", "auth", "Audit log"],
                                      "labels": ["Billing", "Auth", "Audit log"],
                                      "indices": [2, 1], "customText": "Audit log"},
          answers.get("features"))
    request_id = got.get("requestId", "")
    check(f"{era}: the text summarizes the answers",
          text(result) == "Database: Postgres\nDatabase note: managed, please\n"
          f"Features: Billing, Auth, Audit log\nRequest ID: {request_id}", text(result))


async def written_declined_cancelled(ws: Workspace, era: str) -> None:
    written = {"q1": "sqlite", "q1_own": "MariaDB"}
    async with Client(ws.server(), mode=era,
                      elicitation_callback=answering("accept", written)) as client:
        result = await client.call_tool("ask_user", SERVICE)
    db = (result.structured_content or {}).get("answers", {}).get("db")
    check(f"{era}: a written answer wins over the chosen option",
          db == {"values": ["MariaDB"], "labels": ["MariaDB"], "indices": [],
                 "customText": "MariaDB"}, db)
    for action in ("decline", "cancel"):
        async with Client(ws.server(), mode=era,
                          elicitation_callback=answering(action)) as client:
            result = await client.call_tool("ask_user", SERVICE)
        got = result.structured_content or {}
        check(f"{era}: {action} gives the cancelled result",
              got.get("cancelled") is True and got.get("answers") == {}
              and text(result).startswith("User cancelled the ask flow\nRequest ID: "), got)
    async with Client(ws.server(), mode=era,
                      elicitation_callback=answering("accept", {"q1": "Cookies"})) as client:
        result = await client.call_tool("ask_user_question", QUESTION)
    check(f"{era}: ask_user_question returns its text and details",
          text(result) == "Auth: user selected: 2. Cookies"
          and details(result).get("answers", [{}])[0].get("labels") == ["Cookies"]
          and result.structured_content is None, (text(result), details(result)))


async def invalid_and_no_ui(ws: Workspace, era: str) -> None:
    broken = {"questions": [{"id": "a", "prompt": "A?", "options": [{"value": "x"}]},
                            {"id": "a", "prompt": "", "options": []}]}
    async with Client(ws.server(), mode=era) as client:
        result = await client.call_tool("ask_user", broken)
        error = (result.structured_content or {}).get("error", {})
        check(f"{era}: invalid arguments give invalid_input with issues",
              error.get("kind") == "invalid_input"
              and [issue["path"] for issue in error.get("issues", [])]
              == ["questions[1].id", "questions[1].prompt", "questions[1].options"], error)
        result = await client.call_tool("ask_user", SERVICE)
        check(f"{era}: without elicitation ask_user gives the no-UI result",
              text(result).startswith("Needs user input: ask_user requires interactive TUI mode.")
              and (result.structured_content or {}).get("cancelled") is True, text(result))
        result = await client.call_tool("ask_user_question", QUESTION)
        check(f"{era}: without elicitation ask_user_question is unavailable",
              result.is_error and details(result).get("unavailable") is True
              and text(result) == "No interactive UI available; ask the user in your reply instead.",
              (text(result), details(result)))


async def preview_files(ws: Workspace, era: str) -> None:
    def preview_call(path: str) -> dict:
        return {"questions": [{"id": "p", "prompt": "Which?", "type": "preview", "options": [
            {"value": "a", "previewFile": path}, {"value": "b", "preview": "B"}]}]}

    secret = str(ws.outside / "secret.txt")
    async with Client(ws.server(), mode=era) as client:
        for path in ("../outside/secret.txt", secret):
            result = await client.call_tool("ask_user", preview_call(path))
            issues = (result.structured_content or {}).get("error", {}).get("issues", [])
            check(f"{era}: previewFile {path} outside the workspace is refused",
                  issues == [{"path": "questions[0].options[0].previewFile",
                              "message": f'Cannot load preview file "{secret}": '
                              "Preview file is outside the workspace"}], issues)
        result = await client.call_tool("ask_user", preview_call("plan.md"))
        check(f"{era}: previewFile inside the working directory is read",
              "error" not in (result.structured_content or {}), result.structured_content)
    listed: list = []

    async def roots(context):
        listed.append(True)
        return types.ListRootsResult(roots=[types.Root(uri=ws.outside.as_uri())])

    seen: list = []
    async with Client(ws.server(), mode=era, list_roots_callback=roots,
                      elicitation_callback=answering("accept", {"q1": "a"}, seen)) as client:
        await client.call_tool("ask_user", preview_call("plan.md"))
        check(f"{era}: a call whose files lie in the working directory does not ask for roots",
              listed == [], listed)
        result = await client.call_tool("ask_user", preview_call(secret))
        check(f"{era}: a call naming a file outside it asks for the roots once",
              listed == [True], listed)
    answers = (result.structured_content or {}).get("answers", {})
    check(f"{era}: previewFile inside a client root is read and shown",
          answers.get("p", {}).get("values") == ["a"] and len(seen) == 2
          and "a secret" in seen[1].requested_schema["properties"]["q1"]["description"],
          result.structured_content)


async def waiting(ws: Workspace) -> None:
    started, withdrawn = anyio.Event(), anyio.Event()

    async def never_answers(context, params):
        started.set()
        try:
            await anyio.sleep_forever()
        finally:
            withdrawn.set()

    async with Client(ws.server(), mode=LEGACY, elicitation_callback=never_answers) as client:
        outcome: list = []
        async with anyio.create_task_group() as group:
            async def call() -> None:
                outcome.append(await client.call_tool("ask_user", SERVICE))
            group.start_soon(call)
            with anyio.fail_after(10):
                await started.wait()
            group.cancel_scope.cancel()
        with anyio.move_on_after(5):
            await withdrawn.wait()
        check("legacy: cancelling a waiting call withdraws its form", withdrawn.is_set())
        result = await client.call_tool("ask_user", {"questions": []})
        check("legacy: the server goes on after a cancelled call",
              text(result) == "Invalid ask_user payload:\n- questions: At least one question is required",
              text(result))

    reports: list = []

    async def slow(context, params):
        await anyio.sleep(1.0)
        return types.ElicitResult(action="accept", content={"q1": "sqlite"})

    async def progress(value, total, message):
        reports.append((value, message))

    async with Client(ws.server(), mode=LEGACY, elicitation_callback=slow) as client:
        await client.call_tool("ask_user", SERVICE, progress_callback=progress)
    check("legacy: progress is reported while the form waits",
          len(reports) >= 3 and all(b[0] > a[0] for a, b in zip(reports, reports[1:])), reports)


async def sealed_state(ws: Workspace) -> None:
    async with Client(ws.server(), mode="2026-07-28",
                      elicitation_callback=answering("accept", {"q1": "postgres"})) as client:
        check("modern: the session speaks 2026-07-28", client.protocol_version == "2026-07-28",
              client.protocol_version)
        first = await client.session.call_tool("ask_user", SERVICE, allow_input_required=True)
        check("modern: the call answers input_required with one form and a state",
              isinstance(first, types.InputRequiredResult) and list(first.input_requests) == ["form"]
              and bool(first.request_state), first)
        if not isinstance(first, types.InputRequiredResult):
            return
        answer = {"form": types.ElicitResult(action="accept", content={"q1": "postgres"})}
        state = first.request_state
        tampered = state[:-2] + ("AA" if not state.endswith("AA") else "BB")
        result = await client.session.call_tool("ask_user", SERVICE, input_responses=answer,
                                                request_state=tampered)
        check("modern: a tampered state is refused with an error result",
              result.is_error and "request state was refused" in text(result), text(result))
        result = await client.session.call_tool("ask_user", SERVICE, input_responses={},
                                                request_state=state)
        check("modern: a retry without the form's answer is refused saying so",
              result.is_error and "carries no answer to the form" in text(result), text(result))
        result = await client.session.call_tool("ask_user", SERVICE, input_responses=answer,
                                                request_state=state)
        check("modern: the sealed state gives the answer, a retry without one not using it up",
              (result.structured_content or {}).get("answers", {}).get("db", {}).get("values")
              == ["postgres"], result.structured_content)
        result = await client.session.call_tool("ask_user", SERVICE, input_responses=answer,
                                                request_state=state)
        check("modern: a replayed state is refused with an error result",
              result.is_error and "already given" in text(result), text(result))


async def roots_round_retried_without_roots(ws: Workspace) -> None:
    """Over 2026-07-28 a retry of the roots round that carries no roots is refused saying so,
    and the state stays good for the retry that carries them."""
    async def roots(context):
        return types.ListRootsResult(roots=[types.Root(uri=ws.outside.as_uri())])

    call = {"questions": [{"id": "p", "prompt": "Which?", "type": "preview", "options": [
        {"value": "a", "previewFile": str(ws.outside / "secret.txt")},
        {"value": "b", "preview": "B"}]}]}
    async with Client(ws.server(), mode="2026-07-28", list_roots_callback=roots,
                      elicitation_callback=answering("accept", {"q1": "a"})) as client:
        first = await client.session.call_tool("ask_user", call, allow_input_required=True)
        check("modern: a file outside the working directory asks for the roots first",
              isinstance(first, types.InputRequiredResult)
              and list(first.input_requests) == ["roots"], first)
        if not isinstance(first, types.InputRequiredResult):
            return
        state = first.request_state
        result = await client.session.call_tool("ask_user", call, input_responses={},
                                                request_state=state)
        check("modern: a retry of the roots round without roots is refused saying so",
              result.is_error and "no answer to the request for the client's roots"
              in text(result), text(result))
        listed = {"roots": types.ListRootsResult(roots=[types.Root(uri=ws.outside.as_uri())])}
        second = await client.session.call_tool("ask_user", call, input_responses=listed,
                                                request_state=state, allow_input_required=True)
        check("modern: the roots sent after it are taken and the form follows",
              isinstance(second, types.InputRequiredResult)
              and list(second.input_requests) == ["form"], second)


OPENING = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}},
        "clientInfo": {"name": "raw", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
     "params": {"name": "ask_user", "arguments": SERVICE}},
]


def raw_server(ws: Workspace) -> subprocess.Popen:
    """The server with a form waiting, spoken to line by line: what the SDK hides shows here."""
    server = ws.server()
    process = subprocess.Popen([server.command, *server.args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True,
                               env=get_default_environment() | (server.env or {}))
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("".join(json.dumps(line) + "\n" for line in OPENING))
    process.stdin.flush()
    return process


def next_request(process: subprocess.Popen) -> dict:
    """The server's next request of its own but `ping`, each ping answered as the protocol
    asks (the server pings once as the session starts, so its first form is not request 0)."""
    assert process.stdin is not None and process.stdout is not None
    while True:
        message = json.loads(process.stdout.readline())
        if message.get("method") != "ping":
            return message
        process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {}})
                            + "\n")
        process.stdin.flush()


def cancelled_on_the_wire(ws: Workspace) -> None:
    process = raw_server(ws)
    assert process.stdin is not None and process.stdout is not None
    replies = [json.loads(process.stdout.readline()), next_request(process)]
    form_id = replies[1].get("id")
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                    "params": {"requestId": 2, "reason": "test"}}) + "\n")
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}) + "\n")
    process.stdin.flush()
    seen = []
    while not any(message.get("id") == 3 for message in seen):
        seen.append(json.loads(process.stdout.readline()))
    process.stdin.close()
    seen += [json.loads(line) for line in process.stdout.read().splitlines() if line.strip()]
    process.wait(timeout=10)
    check("legacy: a cancelled call's form is withdrawn from the client",
          any(m.get("method") == "notifications/cancelled"
              and m.get("params", {}).get("requestId") == form_id for m in seen), seen)
    check("legacy: a cancelled call gets no result",
          not any(m.get("id") == 2 for m in seen), seen)
    check("legacy: the first form is not request 0, whose cancel the TypeScript SDK ignores",
          form_id not in (0, None), form_id)


def end_of_input(ws: Workspace) -> None:
    process = raw_server(ws)
    assert process.stdin is not None and process.stdout is not None
    replies = [json.loads(process.stdout.readline()), next_request(process)]
    asked = replies[1].get("method") == "elicitation/create"
    process.stdin.close()
    rest = [json.loads(line) for line in process.stdout.read().splitlines() if line.strip()]
    code = process.wait(timeout=10)
    result = next((m for m in rest if m.get("id") == 2), {}).get("result", {})
    check("end of input: the waiting form was asked first", asked, replies)
    check("end of input closes the form with its cancelled result and exits 0",
          code == 0 and result.get("structuredContent", {}).get("cancelled") is True,
          (code, rest))


def piped(server: StdioServerParameters, lines: list) -> bytes:
    """What `server` writes when handed the opening and `lines` (messages, or lines of text as
    they are) at once, its input then closed."""
    return subprocess.run([server.command, *server.args], capture_output=True, timeout=20,
                          input="".join((line if isinstance(line, str) else json.dumps(line))
                                        + "\n" for line in OPENING[:2] + lines).encode(),
                          env=get_default_environment() | (server.env or {})).stdout


def messages(stdout: bytes) -> list:
    """The JSON-RPC messages of a server's output."""
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def no_ui_calls_at_the_end_of_input(ws: Workspace) -> None:
    """Calls that need nobody, written just before the input ends, still get the no-UI result:
    the end of the input does not overtake them and call them cancelled."""
    server = ws.server("--ui", "none")
    calls = [{"jsonrpc": "2.0", "id": n, "method": "tools/call",
              "params": {"name": name, "arguments": arguments}}
             for n, (name, arguments) in enumerate(
                 [("ask_user", SERVICE), ("ask_user_question", QUESTION), ("ask_user", SERVICE)],
                 start=2)]
    texts = []
    for _ in range(5):
        stdout = piped(server, calls)
        replies = messages(stdout)
        texts += [next((m["result"]["content"][0]["text"] for m in replies
                        if m.get("id") == n and "result" in m), None) for n in (2, 3, 4)]
    check("--ui none: calls written just before the input ends get the no-UI result",
          all(t is not None and t.startswith("Needs user input") for t in texts[0::3] + texts[2::3])
          and all(t == "No interactive UI available; ask the user in your reply instead."
                  for t in texts[1::3]), texts)


def controls_leave_escaped(ws: Workspace) -> None:
    """Characters a terminal or a line reader could act on leave the server as escapes, as in
    every document the program writes, and read back as the same text."""
    server = ws.server("--ui", "none")
    title = "T\u009b[31m\u007f\u202e\u2028x"
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ask_user", "arguments": dict(SERVICE, title=title)}}
    stdout = piped(server, [call])
    raw = [bytes([0x7f]), "\u009b".encode(), "\u202e".encode(), "\u2028".encode()]
    replies = messages(stdout)
    result = next((m["result"] for m in replies if m.get("id") == 2), {})
    check("controls in a result leave as escapes and read back as the same text",
          not any(sequence in stdout for sequence in raw)
          and result.get("structuredContent", {}).get("title") == title,
          stdout[-400:])


async def too_long(ws: Workspace) -> None:
    """A call longer than a message may be gets an error saying so, not a wait for ever, and
    the server goes on."""
    async with Client(ws.server("--ui", "none")) as client:
        arguments = dict(SERVICE, title="x" * (17 * 1024 * 1024))
        try:
            with anyio.fail_after(30):
                await client.call_tool("ask_user", arguments)
            failure = "no error"
        except MCPError as error:
            failure = str(error)
        check("a call longer than 16 MiB gets an error saying so",
              "bytes is longer than the 16777215 bytes a message may take" in failure, failure)
        result = await client.call_tool("ask_user_question", QUESTION)
        check("the server answers the next call",
              text(result) == "No interactive UI available; ask the user in your reply instead.",
              text(result))
    call = {"jsonrpc": "2.0", "method": "tools/call",
            "params": {"name": "ask_user", "arguments": dict(SERVICE, title="x" * (17 << 20))},
            "id": 9}
    replies = messages(piped(ws.server("--ui", "none"), [call]))
    error = next((m.get("error", {}) for m in replies if m.get("id") == 9), {})
    check("a call longer than 16 MiB whose id comes last, as TypeScript clients write it, "
          "gets the error under its id",
          "bytes is longer than the 16777215 bytes a message may take"
          in error.get("message", ""), replies)
    written = {"q1": "sqlite", "q1_own": "x" * (17 * 1024 * 1024)}
    async with Client(ws.server(), mode=LEGACY,
                      elicitation_callback=answering("accept", written)) as client:
        with anyio.fail_after(60):
            result = await client.call_tool("ask_user", SERVICE)
        check("a reply to the client's form longer than 16 MiB ends the call with an error "
              "saying so",
              result.is_error and text(result).startswith(
                  "The question could not be asked: the client's form failed: the reply "
                  "message of ") and "longer than the 16777215 bytes" in text(result),
              text(result)[:300])


async def notified_before_the_first_request(ws: Workspace) -> None:
    """Over 2026-07-28 there is no handshake: a notification sent before the first request
    (after the client's discovery) is no reason to end the session."""
    async with Client(ws.server("--ui", "none"), mode=MODERN) as client:
        await client.send_roots_list_changed()
        result = await client.call_tool("ask_user_question", QUESTION)
    check("2026-07-28: a notification before the first request leaves the session going",
          text(result) == "No interactive UI available; ask the user in your reply instead.",
          text(result))


def lone_surrogates(ws: Workspace) -> None:
    """Half of an emoji, which a JavaScript client writes as a lone surrogate escape, reads as
    U+FFFD; the call is answered, not dropped with its message."""
    server = ws.server("--ui", "none")
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ask_user", "arguments": dict(SERVICE, title="smile \ud83d")}}
    stdout = piped(server, [call])
    replies = messages(stdout)
    result = next((m.get("result", {}) for m in replies if m.get("id") == 2), {})
    check("a lone surrogate reads as U+FFFD and the call is answered",
          result.get("structuredContent", {}).get("title") == "smile \ufffd", replies)


def form_replies_that_are_no_answer(ws: Workspace) -> None:
    """A reply to the client's form that is no form's answer is refused with an error result
    saying why, not taken as an empty answer or as the user cancelling."""
    server = ws.server("--ui", "elicitation")
    replies = {
        "accepted without an object": (
            {"result": {"action": "accept", "content": [1]}},
            "An accepted form must carry its content, an object of the form's fields."),
        "an unknown action": (
            {"result": {"action": "bogus"}},
            "its action must be accept, decline or cancel."),
        "neither a result nor an error": (
            {},
            "the client's form failed: the reply message is neither a result nor an error"),
    }
    for name, (reply, reason) in replies.items():
        process = subprocess.Popen([server.command, *server.args], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True,
                                   env=get_default_environment() | (server.env or {}))
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("".join(json.dumps(line) + "\n" for line in OPENING))
        process.stdin.flush()
        result = {}
        for line in process.stdout:
            message = json.loads(line)
            if message.get("method") == "elicitation/create":
                process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": message["id"]} | reply)
                                    + "\n")
                process.stdin.flush()
            elif message.get("id") == 2:
                result = message.get("result", {})
                break
        process.stdin.close()
        process.wait(timeout=10)
        shown = (result.get("content") or [{}])[0].get("text", "")
        check(f"a form's reply with {name} is refused saying why",
              result.get("isError") is True and reason in shown, result)


def primitive_form_before_2025_11_25(ws: Workspace) -> None:
    """A client of 2025-06-18 gets a form of primitive properties only (that revision allows
    no arrays or titled choices): a choice as an enum with enumNames, a multiple choice as a
    checkbox per option, read back as the options ticked."""
    process = raw_server(ws)
    assert process.stdin is not None and process.stdout is not None
    replies = [json.loads(process.stdout.readline()), next_request(process)]
    form = replies[1]
    schema = form.get("params", {}).get("requestedSchema", {})
    properties = schema.get("properties", {})
    check("2025-06-18: the form holds primitive properties only",
          form.get("method") == "elicitation/create" and properties and all(
              field.get("type") in ("string", "number", "integer", "boolean")
              and not {"oneOf", "anyOf", "items", "default"} & field.keys()
              for field in properties.values()), schema)
    check("2025-06-18: a choice is an enum with its titles as enumNames",
          properties.get("q1", {}).get("enum") == ["postgres", "sqlite"]
          and properties.get("q1", {}).get("enumNames") == ["Postgres (recommended)", "Sqlite"],
          properties.get("q1"))
    process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": form.get("id"), "result": {
        "action": "accept",
        "content": {"q1": "sqlite", "q2_option1": True, "q2_option2": True}}}) + "\n")
    process.stdin.flush()
    result = {}
    for line in process.stdout:
        message = json.loads(line)
        if message.get("id") == 2:
            result = message.get("result", {})
            break
    process.stdin.close()
    process.wait(timeout=10)
    answers = result.get("structuredContent", {}).get("answers", {})
    check("2025-06-18: the ticked checkboxes are the multiple choice's answer",
          answers.get("db", {}).get("values") == ["sqlite"]
          and answers.get("features", {}).get("values") == ["auth", "billing"], result)


def malformed_calls(ws: Workspace) -> None:
    """A tools/call the protocol cannot read gets an invalid-params error saying what is
    wrong; an unknown tool, the tools there are; an unknown method, method not found; a request
    of the wrong shape or broken off mid-JSON, an error under its id (not one without an id,
    which leaves the client waiting)."""
    server = ws.server("--ui", "none")
    lines = [
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "ask_user", "arguments": [1]}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call"},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"arguments": {}}},
        {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
         "params": {"name": "nope", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 6, "method": "bogus/method", "params": {}},
        {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": ["ask_user"]},
        {"jsonrpc": "2.0", "id": 8, "method": "tools/list", "params": 7},
        {"jsonrpc": "1.0", "id": 9, "method": "tools/list"},
        '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"ask_user",',
    ]
    stdout = piped(server, lines)
    errors = {m.get("id"): m.get("error", {}) for m in
              messages(stdout)}
    expected = {
        2: (-32602, "tools/call: params.arguments must be an object"),
        3: (-32602, "tools/call: params must be an object holding the tool's `name` and its "
                    "`arguments`"),
        4: (-32602, "tools/call: params.name must be the tool's name, a string"),
        5: (-32602, 'unknown tool "nope" (this server offers ask_user, ask_user_question, '
                    'wait_for_answers)'),
        6: (-32601, 'method not found: "bogus/method"'),
        7: (-32602, "tools/call: params must be an object, not an array"),
        8: (-32602, "tools/list: params must be an object, not a number"),
        9: (-32600, 'the tools/list request must say "jsonrpc": "2.0"'),
        10: (-32700, "the tools/call message is not JSON: EOF while parsing a value at line 1 "
                     "column 75"),
    }
    check("malformed calls get errors that say what is wrong",
          all((errors.get(n, {}).get("code"), errors.get(n, {}).get("message")) == want
              for n, want in expected.items()), errors)


async def main() -> None:
    ws = Workspace()
    for era in (LEGACY, MODERN):
        await tools_and_schemas(ws, era)
        await accepted(ws, era)
        await written_declined_cancelled(ws, era)
        await invalid_and_no_ui(ws, era)
        await preview_files(ws, era)
    await waiting(ws)
    await sealed_state(ws)
    await roots_round_retried_without_roots(ws)
    cancelled_on_the_wire(ws)
    end_of_input(ws)
    no_ui_calls_at_the_end_of_input(ws)
    controls_leave_escaped(ws)
    malformed_calls(ws)
    form_replies_that_are_no_answer(ws)
    primitive_form_before_2025_11_25(ws)
    lone_surrogates(ws)
    await too_long(ws)
    await notified_before_the_first_request(ws)


if __name__ == "__main__":
    asyncio.run(main())
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed", file=sys.stderr)
        sys.exit(1)
