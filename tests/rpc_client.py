#!/usr/bin/env python3
"""A small Pi RPC host that drives `pi-agent-ask rpc` end to end.

It starts the program named by the environment variable CARGO_BIN_EXE_pi-agent-ask, sends tool
calls, answers every extension_ui_request from a table keyed by (method, title) the way a Pi
RPC client would, and checks the results. It uses only Python's standard library and exits
non-zero with a message on the first mismatch.
"""

import json
import os
import subprocess
import sys
import threading
import time

TIMEOUT_SECONDS = 30
OTHER = "Other (type something)"
OWN = "Type your own"


class Mismatch(Exception):
    """The program answered something other than expected."""


def expect(actual, expected, what):
    if actual != expected:
        raise Mismatch(f"{what}: expected {expected!r}, got {actual!r}")


class Host:
    """One `pi-agent-ask rpc` process and the lines exchanged with it."""

    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary, "rpc"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.watchdog = threading.Timer(TIMEOUT_SECONDS, self.process.kill)
        self.watchdog.start()

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
        self.process.stdin.flush()

    def receive(self):
        # readline on a binary stream splits on b"\n" only, as the protocol does.
        line = self.process.stdout.readline()
        if not line:
            raise Mismatch("the program closed its output early")
        message = json.loads(line.decode("utf-8"))
        if message.get("type") == "response" and message.get("success") is False:
            raise Mismatch(f"the program answered with a failure: {message['error']}")
        return message

    def answer(self, request, answers):
        key = (request["method"], request["title"])
        if key not in answers:
            raise Mismatch(f"unexpected dialog {key!r}")
        reply = answers[key]
        if reply is not None:
            self.send({"type": "extension_ui_response", "id": request["id"], **reply})

    def call(self, call_id, tool, arguments, answers, on_started=None, on_dialog=None):
        """Sends one ask and answers its dialogs until its result arrives."""
        self.send({"type": "ask", "id": call_id, "tool": tool, "arguments": arguments})
        events = []
        while True:
            message = self.receive()
            kind = message["type"]
            if kind == "extension_ui_request":
                if message["method"] == "notify":
                    continue
                if on_dialog is not None and on_dialog(self, message):
                    continue
                self.answer(message, answers)
            elif kind == "event":
                events.append(message)
                if message["channel"] == "pi-agent-ask:started" and on_started is not None:
                    on_started(self, message["data"])
            elif kind == "result":
                expect(message["id"], call_id, "result id")
                return message["result"], events
            else:
                raise Mismatch(f"unexpected line {message!r}")

    def close(self):
        self.process.stdin.close()
        rest = [json.loads(line) for line in self.process.stdout.read().decode("utf-8").splitlines()]
        code = self.process.wait()
        self.watchdog.cancel()
        return rest, code


def value(text):
    return {"value": text}


DISMISS = {"cancelled": True}


def text_of(result):
    return result["content"][0]["text"]


def without_request_id(text):
    return text.rsplit("\nRequest ID: ", 1)[0]


DEPLOY = {
    "title": "Deploy",
    "questions": [
        {"id": "env", "label": "Env", "prompt": "Where to deploy?",
         "options": [{"value": "staging", "label": "Staging"}, {"value": "prod", "label": "Production"}]},
        {"id": "checks", "label": "Checks", "prompt": "Which checks?", "type": "multi",
         "options": [{"value": "unit", "label": "Unit"}, {"value": "e2e", "label": "End to end"},
                     {"value": "lint", "label": "Lint"}]},
        {"id": "window", "label": "Window", "prompt": "When?",
         "options": [{"value": "now", "label": "Now"}]},
    ],
}

CHECKS_EDITOR = (
    "Which checks?\n\n1. Unit\n2. End to end\n3. Lint\n\n"
    "Enter one or more option numbers or labels, separated by commas."
)


def ask_user_through_every_dialog(host):
    answers = {
        ("select", "Where to deploy?"): value("Production"),
        ("editor", CHECKS_EDITOR): value("lint, 1"),
        ("select", "When?"): value(OWN),
        ("input", "When?"): value("after lunch"),
    }
    result, events = host.call("deploy-1", "ask_user", DEPLOY, answers)
    expect(without_request_id(text_of(result)),
           "Env: Production\nChecks: Lint, Unit\nWindow: after lunch", "ask_user text")
    expect(result["details"]["answers"]["checks"]["values"], ["lint", "unit"], "checks values")
    expect(result["details"]["answers"]["window"]["customText"], "after lunch", "custom text")
    expect(result["structuredContent"], result["details"], "structuredContent")
    channels = [event["channel"] for event in events]
    expect(channels, ["pi-agent-ask:started", "pi-agent-ask:completed"], "events")
    expect(events[0]["data"]["flowId"], "tool:deploy-1", "flow id")
    expect(events[1]["data"]["result"], result["details"], "completed result")
    created, completed = events[0]["data"]["createdAt"], events[1]["data"]["completedAt"]
    expect(type(created) is int and type(completed) is int, True, "event times are integers")
    now = int(time.time() * 1000)
    expect(now - 60_000 < created <= completed <= now + 60_000, True,
           "event times are milliseconds since the epoch")


AUTH = {
    "questions": [
        {"question": "Which authentication?", "header": "Auth",
         "options": [{"label": "OAuth"}, {"label": "Session cookies"}]},
        {"question": "Which scopes?", "header": "Scope", "multiSelect": True,
         "options": [{"label": "repo"}, {"label": "admin"}, {"label": "gist"}]},
        {"question": "Log format?", "header": "Format"},
    ]
}

SCOPES_EDITOR = (
    "Which scopes?\n\n1. repo\n2. admin\n3. gist\n\n"
    "Enter one or more option numbers or labels, separated by commas."
)


def ask_user_question_with_other(host):
    answers = {
        ("select", "Which authentication?"): value(OTHER),
        ("input", "Which authentication?"): value("  mTLS "),
        ("editor", SCOPES_EDITOR): value("GIST\n2"),
        ("input", "Log format?"): value("json"),
    }
    result, _ = host.call("auth-1", "ask_user_question", AUTH, answers)
    expect(text_of(result),
           "Auth: user wrote: mTLS\nScope: user selected: 3. gist, 2. admin\nFormat: user wrote: json",
           "ask_user_question text")
    expect(result["isError"], False, "isError")
    expect("structuredContent" in result, False, "ask_user_question has no structuredContent")


def dismissal_keeps_earlier_answers(host):
    answers = {
        ("select", "Which authentication?"): value("OAuth"),
        ("editor", SCOPES_EDITOR): DISMISS,
    }
    result, _ = host.call("auth-2", "ask_user_question", AUTH, answers)
    expect(text_of(result),
           "Auth: user selected: 1. OAuth\n(the remaining questions were cancelled)", "dismissed text")


def remote_submit_completes_the_flow(host):
    acknowledgements = []

    def submit(host, started):
        expect(started["questions"][0]["id"], "env", "started questions")
        host.send({"type": "submit", "version": 1, "flowId": started["flowId"],
                   "response": {"kind": "cancel"}})
        host.send({"type": "submit", "version": 1, "requestId": "bad", "flowId": started["flowId"],
                   "response": {"kind": "answer", "answers": {"env": {"values": ["qa"]}}}})
        host.send({"type": "submit", "version": 1, "requestId": "good", "flowId": started["flowId"],
                   "response": {"kind": "answer", "answers": {"env": {"values": ["staging"]}}}})

    answers = {("select", "Where to deploy?"): None}
    result, events = host.call("deploy-2", "ask_user", DEPLOY, answers, on_started=submit)
    for event in events:
        if event["channel"] == "pi-agent-ask:submit-result":
            acknowledgements.append(event["data"])
    expect([ack["ok"] for ack in acknowledgements], [False, False, True], "submit acknowledgements")
    expect((acknowledgements[0]["requestId"], acknowledgements[0]["error"],
            acknowledgements[0]["message"]),
           ("", "invalid_request", "Submit event requestId is required."), "envelope refusal")
    expect(acknowledgements[1]["error"], "invalid_answer", "refusal code")
    expect(acknowledgements[1]["message"], 'Unknown option value "qa" for question "env".', "refusal")
    expect(without_request_id(text_of(result)),
           "Env: Staging\nChecks: (no answer)\nWindow: (no answer)", "remote text")


def select_reply_naming_no_option_is_never_left_waiting(host):
    replies = iter(["", "  ", "Somewhere cold", "unit", "now"])
    ids = []

    def reply(host, request):
        ids.append(request["id"])
        host.send({"type": "extension_ui_response", "id": request["id"], "value": next(replies)})
        return True

    result, _ = host.call("deploy-4", "ask_user", DEPLOY, {}, on_dialog=reply)
    expect(len(set(ids)), len(ids), "every dialog request has a fresh id")
    expect(len(ids), 5, "the first select asked three times, then the editor and the last select")
    expect(without_request_id(text_of(result)),
           "Env: Somewhere cold\nChecks: Unit\nWindow: Now", "written answer")


def abort_ask_cancels_the_call(host):
    def abort_on_first(host, request):
        host.send({"type": "abort_ask", "callId": "deploy-3"})
        return True

    result, _ = host.call("deploy-3", "ask_user", DEPLOY, {}, on_dialog=abort_on_first)
    expect(without_request_id(text_of(result)), "User cancelled the ask flow", "aborted text")
    expect(result["details"]["cancelled"], True, "aborted details")


def calls_run_one_at_a_time(host):
    yes_no = {"questions": [{"question": "Again?", "header": "Again",
                             "options": [{"label": "Yes"}, {"label": "No"}]}]}
    host.send({"type": "ask", "id": "queued-1", "tool": "ask_user_question", "arguments": yes_no})
    host.send({"type": "ask", "id": "queued-2", "tool": "ask_user_question", "arguments": yes_no})
    order = []
    replies = ["Yes", "No"]
    dialogs = 0
    while len(order) < 2:
        message = host.receive()
        if message["type"] == "extension_ui_request":
            expect(len(order), dialogs, "results before the dialog of the next call")
            host.send({"type": "extension_ui_response", "id": message["id"], "value": replies[dialogs]})
            dialogs += 1
        elif message["type"] == "result":
            order.append((message["id"], text_of(message["result"])))
    expect(order, [("queued-1", "Again: user selected: 1. Yes"),
                   ("queued-2", "Again: user selected: 2. No")], "queued results")


def background_asks_and_a_foreground_ask_take_turns_in_order(host):
    def one(qid, prompt, label, background):
        arguments = {"questions": [{"id": qid, "prompt": prompt,
                                    "options": [{"value": qid, "label": label}]}]}
        if background:
            arguments["background"] = True
        return arguments

    host.send({"type": "ask", "id": "bg-1", "arguments": one("db", "Which database?", "Postgres", True)})
    host.send({"type": "ask", "id": "bg-2", "arguments": one("region", "Which region?", "EU", True)})
    host.send({"type": "ask", "id": "fg", "arguments": one("go", "Deploy now?", "Yes", False)})
    host.send({"type": "ask", "id": "wait", "tool": "wait_for_answers", "arguments": {}})
    replies = {"Which database?": "Postgres", "Which region?": "EU", "Deploy now?": "Yes"}
    dialogs, blocked, results = [], [], {}
    while "fg" not in results or "wait" not in results:
        message = host.receive()
        if message["type"] == "extension_ui_request":
            dialogs.append(message["title"])
            host.send({"type": "extension_ui_response", "id": message["id"],
                       "value": replies[message["title"]]})
        elif message["type"] == "event" and message["channel"] == "herdr:blocked":
            blocked.append(message["data"])
        elif message["type"] == "result":
            results[message["id"]] = message["result"]
    expect(dialogs, ["Which database?", "Which region?", "Deploy now?"], "dialogs in arrival order")
    active = {"active": True, "label": "Waiting for user response"}
    cleared = {"active": False}
    expect(blocked, [active, cleared, active, cleared],
           "herdr:blocked, exactly as Pi's extension emits it, while each background form is open")
    receipts = [results[call]["details"] for call in ("bg-1", "bg-2")]
    expect([receipt["status"] for receipt in receipts], ["queued", "queued"], "receipts")
    expect([receipt["pendingRequests"] for receipt in receipts], [1, 2], "pending forms")
    wait = results["wait"]["details"]
    expect(wait["requestIds"], [receipt["requestId"] for receipt in receipts], "waited-for forms")
    expect([answer["result"]["answers"] for answer in wait["results"]],
           [{"db": {"values": ["db"], "labels": ["Postgres"], "indices": [1]}},
            {"region": {"values": ["region"], "labels": ["EU"], "indices": [1]}}],
           "background answers")
    expect(without_request_id(text_of(results["fg"])), "Q1: Yes", "the foreground answer")
    again, _ = host.call("wait-again", "wait_for_answers", {}, {})
    expect(again["details"], {"status": "complete", "requestIds": [], "results": []},
           "a second wait repeats nothing")


def end_of_input_cancels_and_exits(host):
    host.send({"type": "ask", "id": "last", "tool": "ask_user_question", "arguments": AUTH})
    while True:
        message = host.receive()
        if message["type"] == "extension_ui_request":
            break
    rest, code = host.close()
    expect(code, 0, "exit code")
    expect([line["type"] for line in rest], ["event", "result"], "lines after end of input")
    expect(text_of(rest[1]["result"]), "User cancelled the question.", "cancelled at end of input")


SCENARIOS = [
    ask_user_through_every_dialog,
    ask_user_question_with_other,
    dismissal_keeps_earlier_answers,
    remote_submit_completes_the_flow,
    select_reply_naming_no_option_is_never_left_waiting,
    abort_ask_cancels_the_call,
    calls_run_one_at_a_time,
    background_asks_and_a_foreground_ask_take_turns_in_order,
    end_of_input_cancels_and_exits,
]


def main():
    binary = os.environ.get("CARGO_BIN_EXE_pi-agent-ask")
    if not binary:
        print("CARGO_BIN_EXE_pi-agent-ask is not set", file=sys.stderr)
        return 2
    host = Host(binary)
    try:
        for scenario in SCENARIOS:
            scenario(host)
    except Mismatch as mismatch:
        host.process.kill()
        stderr = host.process.stderr.read().decode("utf-8", "replace")
        print(f"rpc_client.py: {mismatch}\n{stderr}", file=sys.stderr)
        return 1
    finally:
        host.watchdog.cancel()
    print(f"rpc_client.py: {len(SCENARIOS)} scenarios passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
