#!/usr/bin/env python3
"""A strict Pi RPC client, built from Pi's published RPC types, driving `pi-agent-ask rpc`.

Pi's types (packages/coding-agent/src/modes/rpc/rpc-types.ts) say what a Pi client reads:
`{"type":"response","id"?,"command","success",...,"error"?}` answering a command it sent (its
client waits 30 s for the response carrying the command's id, and fails otherwise), and
`{"type":"extension_ui_request","id","method",...}` in the shapes of select, confirm, input,
editor, notify, setStatus, setWidget, setTitle and set_editor_text, answered with
`extension_ui_response` (`value`, `confirmed` or `cancelled: true`). Besides those this program
writes only the lines its README declares as its own extension: `event` (a channel and its
data) and `result` (one per `ask`).

Every line is checked as it arrives, and the client FAILS on any line a Pi client would not
accept: an unknown type, a missing or mistyped field, an unknown dialog method, a response
whose id names no command the client sent (or names one of another type), a response to a
command that already had one, a failed response the client did not provoke. Every command the
client sends with an id must be answered within 30 s. It uses only Python's standard library.
"""

import json
import os
import subprocess
import sys
import threading

TIMEOUT_SECONDS = 30
OWN = "Type your own"

# Pi's extension UI requests: method -> (required string fields, optional fields and checks).
UI_REQUESTS = {
    "select": ({"title"}, {"timeout"}),
    "confirm": ({"title", "message"}, {"timeout"}),
    "input": ({"title"}, {"placeholder", "timeout"}),
    "editor": ({"title"}, {"prefill"}),
    "notify": ({"message"}, {"notifyType"}),
    "setStatus": ({"statusKey"}, {"statusText"}),
    "setWidget": ({"widgetKey"}, {"widgetLines", "widgetPlacement"}),
    "setTitle": ({"title"}, set()),
    "set_editor_text": ({"text"}, set()),
}
DIALOGS = {"select", "confirm", "input", "editor"}
EXTENSION_CHANNELS = {
    "pi-agent-ask:started",
    "pi-agent-ask:completed",
    "pi-agent-ask:submit-result",
    "herdr:blocked",
}


class Rejected(Exception):
    """A line a Pi client would not accept, or an answer other than expected."""


def expect(actual, expected, what):
    if actual != expected:
        raise Rejected(f"{what}: expected {expected!r}, got {actual!r}")


def require(condition, what, line):
    if not condition:
        raise Rejected(f"{what}: {json.dumps(line)}")


class PiClient:
    """One `pi-agent-ask rpc` process, as Pi's RpcClient talks to Pi."""

    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "rpc"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.watchdog = threading.Timer(TIMEOUT_SECONDS, self.process.kill)
        self.watchdog.start()
        self.request_id = 0
        # Commands sent and not yet answered: id -> type; and id-less ones: type -> count.
        self.pending = {}
        self.pending_without_id = {}
        self.provoked_parse_failures = 0
        self.dialogs = set()

    def write(self, text):
        self.process.stdin.write(text.encode("utf-8") + b"\n")
        self.process.stdin.flush()

    def command(self, body, with_id=True):
        """Sends a Pi command, as RpcClient.send does: with the next `req_<n>` id."""
        message = dict(body)
        if with_id:
            self.request_id += 1
            message["id"] = f"req_{self.request_id}"
            self.pending[message["id"]] = message["type"]
        else:
            self.pending_without_id[message["type"]] = self.pending_without_id.get(message["type"], 0) + 1
        self.write(json.dumps(message))
        return message.get("id")

    def extension(self, message):
        """Sends a line of this program's extension (`ask`, `abort_ask`), never answered by a
        response unless it fails."""
        self.write(json.dumps(message))

    def garbage(self, text):
        """Sends a line that is no command; Pi answers it with a failed `parse` response."""
        self.provoked_parse_failures += 1
        self.write(text)

    def respond(self, request_id, **fields):
        require(request_id in self.dialogs, "an answer to a dialog never asked", fields)
        self.dialogs.discard(request_id)
        self.write(json.dumps({"type": "extension_ui_response", "id": request_id, **fields}))

    def receive(self):
        line = self.process.stdout.readline()
        if not line:
            raise Rejected("the program closed its output early")
        try:
            message = json.loads(line.decode("utf-8"))
        except ValueError as error:
            raise Rejected(f"not a JSON line ({error}): {line!r}")
        self.check(message)
        return message

    def check(self, message):
        require(isinstance(message, dict) and isinstance(message.get("type"), str),
                "a line without a string type", message)
        kind = message["type"]
        if kind == "response":
            self.check_response(message)
        elif kind == "extension_ui_request":
            self.check_ui_request(message)
        elif kind == "event":
            require(message.get("channel") in EXTENSION_CHANNELS, "an event on an undeclared channel",
                    message)
            require(isinstance(message.get("data"), dict), "an event without data", message)
            if message["channel"] == "herdr:blocked":
                require(message["data"] in ({"active": True, "label": "Waiting for user response"},
                                            {"active": False}),
                        "a herdr:blocked event of another shape", message)
        elif kind == "result":
            require(isinstance(message.get("id"), str), "a result without a string id", message)
            require(isinstance(message.get("result"), dict), "a result without a result", message)
        else:
            raise Rejected(f"a line of a type no Pi client knows: {json.dumps(message)}")

    def check_response(self, message):
        require(isinstance(message.get("command"), str), "a response without a command", message)
        require(isinstance(message.get("success"), bool), "a response without success", message)
        if message["success"] is False:
            require(isinstance(message.get("error"), str), "a failed response without an error",
                    message)
        command = message["command"]
        if "id" in message:
            require(isinstance(message["id"], str), "a response whose id is not a string", message)
            sent = self.pending.pop(message["id"], None)
            require(sent is not None, "a response whose id names no command sent", message)
            expect(command, sent, "the command a response names")
        elif command == "parse":
            require(self.provoked_parse_failures > 0, "a parse failure the client never provoked",
                    message)
            self.provoked_parse_failures -= 1
        else:
            left = self.pending_without_id.get(command, 0)
            require(left > 0, "a response to a command never sent", message)
            self.pending_without_id[command] = left - 1

    def check_ui_request(self, message):
        require(isinstance(message.get("id"), str), "a dialog request without a string id", message)
        method = message.get("method")
        require(method in UI_REQUESTS, "an unknown dialog method", message)
        required, optional = UI_REQUESTS[method]
        for field in required:
            require(isinstance(message.get(field), str), f"a {method} without a string {field}",
                    message)
        if method == "select":
            options = message.get("options")
            require(isinstance(options, list) and all(isinstance(o, str) for o in options),
                    "a select without string options", message)
        if method == "notify" and "notifyType" in message:
            require(message["notifyType"] in ("info", "warning", "error"), "an unknown notifyType",
                    message)
        for field in ("placeholder", "prefill"):
            if field in message:
                require(isinstance(message[field], str), f"a {field} that is not a string", message)
        known = {"type", "id", "method"} | required | optional | ({"options"} if method == "select" else set())
        require(set(message) <= known, f"a {method} with fields Pi's types do not have", message)
        if method in DIALOGS:
            self.dialogs.add(message["id"])

    def until(self, predicate, what):
        """Lines until one `predicate` accepts; every line on the way is checked."""
        seen = []
        while True:
            message = self.receive()
            seen.append(message)
            if predicate(message):
                return message, seen
            if len(seen) > 200:
                raise Rejected(f"no {what} in {len(seen)} lines")

    def close(self):
        self.process.stdin.close()
        rest = []
        for line in self.process.stdout.read().decode("utf-8").splitlines():
            message = json.loads(line)
            self.check(message)
            rest.append(message)
        code = self.process.wait()
        self.watchdog.cancel()
        expect(self.pending, {}, "commands never answered")
        expect({k: v for k, v in self.pending_without_id.items() if v}, {},
               "id-less commands never answered")
        return rest, code


def is_dialog(message):
    return message["type"] == "extension_ui_request" and message["method"] in DIALOGS


def is_type(kind):
    return lambda message: message["type"] == kind


def is_response_to(request_id):
    return lambda message: message["type"] == "response" and message.get("id") == request_id


ONE = {"questions": [{"id": "env", "label": "Env", "prompt": "Where to deploy?",
                      "options": [{"value": "staging", "label": "Staging"},
                                  {"value": "prod", "label": "Production"}]}]}


def background(qid, prompt):
    return {"background": True, "questions": [
        {"id": qid, "prompt": prompt, "options": [{"value": qid, "label": "Yes"}]}]}


def a_dialog_is_answered_with_a_value(client):
    client.extension({"type": "ask", "id": "c1", "arguments": ONE})
    dialog, _ = client.until(is_dialog, "dialog")
    expect(dialog["options"], ["Staging", "Production", OWN], "select options")
    client.respond(dialog["id"], value="Production")
    result, _ = client.until(is_type("result"), "result")
    expect(result["result"]["details"]["answers"]["env"]["values"], ["prod"], "answer")


def confirmed_on_a_select_cancels_as_in_pi(client):
    client.extension({"type": "ask", "id": "c2", "arguments": ONE})
    dialog, _ = client.until(is_dialog, "dialog")
    client.respond(dialog["id"], confirmed=True)
    result, _ = client.until(is_type("result"), "result")
    expect(result["result"]["details"]["cancelled"], True, "cancelled by confirmed")


def a_blank_reply_gets_a_notice_and_the_select_again(client):
    client.extension({"type": "ask", "id": "c3", "arguments": ONE})
    dialog, _ = client.until(is_dialog, "dialog")
    client.respond(dialog["id"], value="  ")
    again, seen = client.until(is_dialog, "the select again")
    notices = [line for line in seen if line.get("method") == "notify"]
    expect(len(notices), 1, "one notice before the select again")
    expect(notices[0]["notifyType"], "warning", "the notice's type")
    expect(again["title"], dialog["title"], "the same select")
    require(again["id"] != dialog["id"], "the select again has a fresh id", again)
    client.respond(again["id"], value="Somewhere cold")
    result, _ = client.until(is_type("result"), "result")
    expect(result["result"]["details"]["answers"]["env"]["customText"], "Somewhere cold",
           "a value naming no option is the written answer")


def pi_abort_cancels_the_open_call_and_is_answered(client):
    client.extension({"type": "ask", "id": "c4", "arguments": ONE})
    client.extension({"type": "ask", "id": "c5", "arguments": ONE})
    client.until(is_dialog, "dialog")
    request_id = client.command({"type": "abort"})
    response, seen = client.until(is_response_to(request_id), "the abort's response")
    expect(response["success"], True, "abort succeeded")
    results = {line["id"]: line["result"]["details"]["cancelled"] for line in seen
               if line["type"] == "result"}
    expect(results, {"c4": True, "c5": True}, "both calls cancelled before the response")


def pi_abort_leaves_background_forms_and_ends_the_wait_silently(client):
    client.extension({"type": "ask", "id": "bg-1", "arguments": background("db", "Which database?")})
    receipt, _ = client.until(is_type("result"), "receipt")
    expect(receipt["result"]["details"]["status"], "queued", "receipt")
    client.extension({"type": "ask", "id": "w1", "tool": "wait_for_answers", "arguments": {}})
    dialog, _ = client.until(is_dialog, "the background form's dialog")
    blocked, _ = client.until(lambda line: line.get("channel") == "herdr:blocked", "blocked")
    expect(blocked["data"], {"active": True, "label": "Waiting for user response"},
           "blocked while the form waits")
    client.command({"type": "abort"}, with_id=False)
    response, seen = client.until(is_type("response"), "the abort's response")
    expect(response, {"type": "response", "command": "abort", "success": True}, "id-less response")
    expect([line for line in seen if line["type"] == "result"], [], "the aborted wait writes nothing")
    client.respond(dialog["id"], value="Yes")
    cleared, _ = client.until(lambda line: line.get("channel") == "herdr:blocked", "blocked cleared")
    expect(cleared["data"], {"active": False}, "blocked cleared")
    client.extension({"type": "ask", "id": "w2", "tool": "wait_for_answers", "arguments": {}})
    waited, _ = client.until(is_type("result"), "the wait's result")
    expect(waited["id"], "w2", "the second wait is answered")
    expect(waited["result"]["details"]["requestIds"], [receipt["result"]["details"]["requestId"]],
           "the form stayed queued for the next wait")


def failures_are_pi_responses_carrying_the_commands_id(client):
    request_id = client.command({"type": "get_state"})
    response, _ = client.until(is_response_to(request_id), "the unknown command's response")
    expect((response["success"], response["error"]), (False, "Unknown command: get_state"),
           "an unknown command fails as in Pi")
    client.garbage("not json")
    response, _ = client.until(is_type("response"), "the parse failure")
    expect(response["command"], "parse", "a line that is no command")
    require(response["error"].startswith("Failed to parse command: "), "Pi's parse message", response)


SCENARIOS = [
    a_dialog_is_answered_with_a_value,
    confirmed_on_a_select_cancels_as_in_pi,
    a_blank_reply_gets_a_notice_and_the_select_again,
    pi_abort_cancels_the_open_call_and_is_answered,
    pi_abort_leaves_background_forms_and_ends_the_wait_silently,
    failures_are_pi_responses_carrying_the_commands_id,
]


def main():
    binary = os.environ.get("CARGO_BIN_EXE_pi-agent-ask")
    if not binary:
        print("CARGO_BIN_EXE_pi-agent-ask is not set", file=sys.stderr)
        return 2
    client = PiClient(binary)
    try:
        for scenario in SCENARIOS:
            scenario(client)
        rest, code = client.close()
        expect(code, 0, "exit code")
        expect(rest, [], "lines after the end of input")
    except Rejected as rejected:
        client.process.kill()
        stderr = client.process.stderr.read().decode("utf-8", "replace")
        print(f"pi_rpc_client.py: {rejected}\n{stderr}", file=sys.stderr)
        return 1
    finally:
        client.watchdog.cancel()
    print(f"pi_rpc_client.py: {len(SCENARIOS)} scenarios passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
