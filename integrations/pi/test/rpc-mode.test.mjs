// Pi's own RPC mode (`runRpcMode` of the published package, in a child process) with this
// package loaded: the test is Pi's RPC client, sends a prompt, and answers the dialogs Pi relays
// from the program as `extension_ui_request` lines, as an RPC client such as an editor would.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { PACKAGE_DIR, programPath, TIMEOUT_MS } from "./support.mjs";

const AUTH = {
	questions: [
		{
			question: "Which authentication should we use?",
			header: "Auth",
			options: [{ label: "OAuth" }, { label: "Session cookies" }],
		},
	],
};

const DIALOGS = new Set(["select", "input", "editor", "confirm"]);

/**
 * Runs Pi in RPC mode with the model calling `tool` with `args`; `onDialog(request, pi)` answers
 * each dialog. Resolves with the `tool_execution_end` event of the call once the turn has ended.
 */
async function inPiRpc(tool, args, onDialog) {
	const root = mkdtempSync(join(tmpdir(), "pi-agent-ask-rpc-"));
	writeFileSync(join(root, "arguments.json"), JSON.stringify(args));
	const child = spawn(process.execPath, [join(PACKAGE_DIR, "test/pi-host.mjs")], {
		env: { ...process.env, PI_AGENT_ASK_BIN: programPath(), PI_TEST_MODE: "rpc", PI_TEST_ROOT: root, PI_TEST_TOOL: tool },
		stdio: ["pipe", "pipe", "inherit"],
	});
	const pi = { send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`) };
	try {
		return await new Promise((resolve, reject) => {
			let ended;
			child.on("error", reject);
			child.on("close", (code) => reject(new Error(`Pi's RPC mode exited (${code}) before the turn ended`)));
			createInterface({ input: child.stdout }).on("line", (line) => {
				const message = JSON.parse(line);
				if (message.type === "extension_ui_request" && DIALOGS.has(message.method)) {
					onDialog(message, pi);
				} else if (message.type === "tool_execution_end" && message.toolCallId === "call-1") {
					ended = message;
				} else if (message.type === "agent_end") {
					resolve(ended);
				} else if (message.type === "response" && !message.success) {
					reject(new Error(`Pi refused ${message.command}: ${message.error}`));
				}
			});
			pi.send({ id: "prompt-1", type: "prompt", message: "Ask about authentication." });
		});
	} finally {
		child.kill();
		rmSync(root, { recursive: true, force: true });
	}
}

test("in Pi's RPC mode the program's dialogs reach Pi's RPC client and its answer is the tool's", { timeout: 2 * TIMEOUT_MS }, async () => {
	const asked = [];
	const ended = await inPiRpc("ask_user_question", AUTH, (request, pi) => {
		asked.push([request.method, request.title, request.options]);
		pi.send({ type: "extension_ui_response", id: request.id, value: "Session cookies" });
	});

	assert.deepEqual(asked, [["select", "Which authentication should we use?", ["OAuth", "Session cookies", "Other (type something)"]]]);
	assert.equal(ended.isError, false);
	assert.deepEqual(ended.result.content, [{ type: "text", text: "Auth: user selected: 2. Session cookies" }]);
	assert.equal(ended.result.details.cancelled, false);
});

test("Pi's RPC abort while a dialog is open ends the call with the program's cancelled result", { timeout: 2 * TIMEOUT_MS }, async () => {
	const ended = await inPiRpc("ask_user_question", AUTH, (_request, pi) => pi.send({ id: "abort-1", type: "abort" }));

	assert.equal(ended.isError, false);
	assert.deepEqual(ended.result.content, [{ type: "text", text: "User cancelled the question." }]);
	assert.equal(ended.result.details.cancelled, true);
});
