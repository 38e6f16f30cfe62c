// Tool calls made by a scripted model through a real Pi session, asked by the real program in
// RPC-relay mode (Pi's dialogs answer), without a UI, and with the program missing.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, test } from "node:test";
import { relayUi, startPi, TIMEOUT_MS } from "./support.mjs";

const DATABASE = {
	title: "Service setup",
	questions: [
		{
			id: "db",
			label: "Database",
			prompt: "Which database should the service use?",
			options: [
				{ value: "postgres", label: "Postgres", recommended: true },
				{ value: "sqlite", label: "SQLite" },
			],
		},
		{
			id: "features",
			label: "Features",
			prompt: "Which features ship first?",
			type: "multi",
			options: [
				{ value: "auth", label: "Auth" },
				{ value: "billing", label: "Billing" },
			],
		},
	],
};

const AUTH = {
	questions: [
		{
			question: "Which authentication should we use?",
			header: "Auth",
			options: [{ label: "OAuth" }, { label: "Session cookies" }],
		},
	],
};

const REQUEST_ID = /\nRequest ID: [0-9a-f-]{36}$/;

let pi;
afterEach(() => pi?.dispose());

test("a single choice and a multiple choice answered in Pi's dialogs are the tool's answer", { timeout: TIMEOUT_MS }, async () => {
	const { ui, asked } = relayUi(["SQLite", "2, 1"]);
	pi = await startPi(ui);
	await pi.callTool("ask_user", DATABASE, "call-choices");

	assert.deepEqual(
		asked.map(({ method, title, options }) => ({ method, title, options })),
		[
			{ method: "select", title: "Which database should the service use?", options: ["Postgres", "SQLite", "Type your own"] },
			{
				method: "editor",
				title: "Which features ship first?\n\n1. Auth\n2. Billing\n\nEnter one or more option numbers or labels, separated by commas.",
				options: undefined,
			},
		],
	);
	const result = pi.toolResult("call-choices");
	assert.equal(result.isError, false);
	assert.match(result.content[0].text, /^Database: SQLite\nFeatures: Billing, Auth\nRequest ID: /);
	assert.equal(result.details.cancelled, false);
	assert.deepEqual(result.details.answers, {
		db: { values: ["sqlite"], labels: ["SQLite"], indices: [2] },
		features: { values: ["billing", "auth"], labels: ["Billing", "Auth"], indices: [2, 1] },
	});
	assert.deepEqual(
		pi.events.map(({ channel, data }) => [channel, data.toolCallId]),
		[
			["pi-agent-ask:started", "call-choices"],
			["pi-agent-ask:completed", "call-choices"],
		],
	);
});

test("a written answer typed in Pi's input dialog is the tool's answer", { timeout: TIMEOUT_MS }, async () => {
	const { ui, asked } = relayUi(["Other (type something)", " mTLS "]);
	pi = await startPi(ui);
	await pi.callTool("ask_user_question", AUTH, "call-written");

	assert.deepEqual(
		asked.map(({ method, title }) => [method, title]),
		[
			["select", "Which authentication should we use?"],
			["input", "Which authentication should we use?"],
		],
	);
	const result = pi.toolResult("call-written");
	assert.equal(result.isError, false);
	assert.deepEqual(result.content, [{ type: "text", text: "Auth: user wrote: mTLS" }]);
	assert.deepEqual(result.details.answers, [
		{ id: "q1", header: "Auth", question: "Which authentication should we use?", values: ["mTLS"], labels: ["mTLS"], wasCustom: true },
	]);
});

test("an option written without a label reaches the program, which names it after its value", { timeout: TIMEOUT_MS }, async () => {
	const { ui, asked } = relayUi(["Use bun now"]);
	pi = await startPi(ui);
	const unlabelled = {
		questions: [{ id: "runtime", prompt: "Which runtime?", options: [{ value: "use-bun_now" }, { value: "node", label: "Node" }] }],
	};
	await pi.callTool("ask_user", unlabelled, "call-unlabelled");

	assert.deepEqual(asked[0].options, ["Use bun now", "Node", "Type your own"]);
	const result = pi.toolResult("call-unlabelled");
	assert.equal(result.isError, false);
	assert.deepEqual(result.details.answers, { runtime: { values: ["use-bun_now"], labels: ["Use bun now"], indices: [1] } });
});

test("another extension's pi-agent-ask:submit answers the open form and hears back", { timeout: TIMEOUT_MS }, async () => {
	const untilClosed = (request) => new Promise((resolve) => request.signal?.addEventListener("abort", () => resolve(undefined)));
	const { ui } = relayUi([untilClosed]);
	pi = await startPi(ui);
	pi.eventBus.on("pi-agent-ask:started", (data) => {
		pi.eventBus.emit("pi-agent-ask:submit", {
			version: 1,
			requestId: "remote-1",
			flowId: data.flowId,
			response: { kind: "answer", answers: { db: { values: ["sqlite"] }, features: { values: ["auth"] } } },
		});
	});
	await pi.callTool("ask_user", DATABASE, "call-remote");

	const result = pi.toolResult("call-remote");
	assert.equal(result.isError, false);
	assert.deepEqual(result.details.answers.db, { values: ["sqlite"], labels: ["SQLite"], indices: [2] });
	const answered = pi.events.filter(({ channel }) => channel === "pi-agent-ask:submit-result").map(({ data }) => data);
	assert.deepEqual(answered, [{ version: 1, requestId: "remote-1", flowId: "tool:call-remote", ok: true }]);
});

test("a background ask_user is asked at once, since no queue outlives the call", { timeout: TIMEOUT_MS }, async () => {
	const { ui } = relayUi(["Postgres", "Auth"]);
	pi = await startPi(ui);
	await pi.callTool("ask_user", { ...DATABASE, background: true }, "call-background");

	const result = pi.toolResult("call-background");
	assert.match(result.content[0].text, /^Database: Postgres\nFeatures: Auth\nRequest ID: /);
	assert.equal(result.details.status, undefined);
});

test("aborting the turn closes the open dialog and returns the cancelled result with the answers so far", { timeout: TIMEOUT_MS }, async () => {
	let dialogSignal;
	const { ui } = relayUi([
		"Postgres",
		(request) => {
			dialogSignal = request.signal;
			// Pi's editor dialog takes no signal; the abort ends the program's flow instead.
			setImmediate(() => pi.session.abort());
			return new Promise(() => {});
		},
	]);
	pi = await startPi(ui);
	await pi.callTool("ask_user", DATABASE, "call-abort");

	assert.equal(dialogSignal, undefined);
	const result = pi.toolResult("call-abort");
	assert.ok(result, "the tool still answers the aborted call");
	assert.equal(result.isError, false);
	assert.match(result.content[0].text, /^User cancelled the ask flow\nRequest ID: /);
	assert.equal(result.details.cancelled, true);
	assert.deepEqual(result.details.answers, { db: { values: ["postgres"], labels: ["Postgres"], indices: [1] } });
});

test("aborting while a select is open aborts that dialog's signal", { timeout: TIMEOUT_MS }, async () => {
	let dialogSignal;
	const { ui } = relayUi([
		(request) => {
			dialogSignal = request.signal;
			setImmediate(() => pi.session.abort());
			return new Promise((resolve) => request.signal.addEventListener("abort", () => resolve(undefined)));
		},
	]);
	pi = await startPi(ui);
	await pi.callTool("ask_user_question", AUTH, "call-abort-select");

	assert.equal(dialogSignal.aborted, true);
	const result = pi.toolResult("call-abort-select");
	assert.deepEqual(result.content, [{ type: "text", text: "User cancelled the question." }]);
	assert.equal(result.details.cancelled, true);
});

test("a call aborted before the program could take the signal gets the cancelled result, not an error", { timeout: TIMEOUT_MS }, async () => {
	pi = await startPi(undefined);
	// The abort comes as the tool starts, before the program it runs can catch SIGTERM.
	pi.session.subscribe((event) => {
		if (event.type === "tool_execution_start") {
			pi.session.abort();
		}
	});
	await pi.callTool("ask_user", DATABASE, "call-aborted-at-once");

	const result = pi.toolResult("call-aborted-at-once");
	assert.ok(result, "the tool still answers the aborted call");
	assert.equal(result.isError, false, JSON.stringify(result.content));
	assert.match(result.content[0].text, /^User cancelled the ask flow\nRequest ID: /);
	assert.equal(result.details.cancelled, true);
	assert.deepEqual(result.details.answers, {});
});

test("without a UI, ask_user gives the program's no-UI result listing the questions", { timeout: TIMEOUT_MS }, async () => {
	pi = await startPi(undefined);
	await pi.callTool("ask_user", DATABASE, "call-no-ui");

	const result = pi.toolResult("call-no-ui");
	assert.equal(result.isError, false);
	assert.match(result.content[0].text, /^Needs user input: ask_user requires interactive TUI mode\.\n/);
	assert.match(result.content[0].text, REQUEST_ID);
	assert.equal(result.details.cancelled, true);
	assert.deepEqual(result.details.answers, {});
});

test("without a UI, ask_user_question is not offered to the model and ask_user is", { timeout: TIMEOUT_MS }, async () => {
	pi = await startPi(undefined);
	const offered = pi.session.getActiveToolNames();
	assert.equal(offered.includes("ask_user_question"), false, offered.join(", "));
	assert.equal(offered.includes("ask_user"), true, offered.join(", "));
	pi.dispose();
	pi = await startPi(relayUi([]).ui);
	assert.deepEqual(
		pi.session.getActiveToolNames().filter((name) => name.startsWith("ask_user")),
		["ask_user", "ask_user_question"],
	);
});

test("ask_user_question called anyway without a UI gives the program's error result, its details kept and flagged isError", { timeout: TIMEOUT_MS }, async () => {
	pi = await startPi(undefined);
	pi.session.setActiveToolsByName([...pi.session.getActiveToolNames(), "ask_user_question"]);
	await pi.callTool("ask_user_question", AUTH, "call-unavailable");

	const result = pi.toolResult("call-unavailable");
	assert.equal(result.isError, true);
	assert.deepEqual(result.content, [{ type: "text", text: "No interactive UI available; ask the user in your reply instead." }]);
	assert.equal(result.details.unavailable, true);
	assert.equal(result.details.cancelled, false);
});

test("invalid arguments get the program's invalid-input result, not an error", { timeout: TIMEOUT_MS }, async () => {
	const { ui, asked } = relayUi([]);
	pi = await startPi(ui);
	await pi.callTool("ask_user", { questions: [{ id: "a", prompt: "A?", options: [] }] }, "call-invalid");

	assert.deepEqual(asked, []);
	const result = pi.toolResult("call-invalid");
	assert.equal(result.isError, false);
	assert.deepEqual(result.content, [
		{ type: "text", text: "Invalid ask_user payload:\n- questions[0].options: Question 1: at least one option is required" },
	]);
	assert.equal(result.details.error.kind, "invalid_input");
});

for (const [missing, env, message] of [
	[
		"a PI_AGENT_ASK_BIN that names no program",
		{ PI_AGENT_ASK_BIN: "/nonexistent/pi-agent-ask" },
		/^PI_AGENT_ASK_BIN names \/nonexistent\/pi-agent-ask, which is not an executable file\. Install it with `cargo install --path \. --locked`/,
	],
	[
		"no pi-agent-ask on PATH",
		{ PI_AGENT_ASK_BIN: undefined, PATH: "/nonexistent" },
		/^The pi-agent-ask program was not found on PATH\. Install it with `cargo install --path \. --locked`/,
	],
]) {
	test(`${missing} is a tool error saying how to install it, and Pi goes on`, { timeout: TIMEOUT_MS }, async () => {
		const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
		const { ui, asked } = relayUi([]);
		pi = await startPi(ui);
		try {
			for (const [key, value] of Object.entries(env)) {
				if (value === undefined) delete process.env[key];
				else process.env[key] = value;
			}
			await pi.callTool("ask_user", DATABASE, "call-missing");
		} finally {
			Object.assign(process.env, saved);
		}

		assert.deepEqual(asked, []);
		const result = pi.toolResult("call-missing");
		assert.equal(result.isError, true);
		assert.match(result.content[0].text, message);
		const last = pi.session.messages.at(-1);
		assert.equal(last.role, "assistant");
		assert.deepEqual(last.content, [{ type: "text", text: "Noted." }], "the turn goes on after the error");
	});
}

test("a call asked through Pi's dialogs is journaled in Pi's session file under its tool call", { timeout: TIMEOUT_MS }, async () => {
	const { ui } = relayUi(["SQLite", "1"]);
	pi = await startPi(ui, { persisted: true });
	await pi.callTool("ask_user", DATABASE, "call-journaled");

	assert.equal(pi.toolResult("call-journaled").details.cancelled, false);
	const entries = readFileSync(pi.sessionFile(), "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line))
		.filter((entry) => entry.type === "custom" && entry.customType.startsWith("ask:"));
	assert.deepEqual(
		entries.map((entry) => entry.customType),
		["ask:payload", "ask:history-request", "ask:history-completed"],
	);
	assert.equal(entries[1].data.toolCallId, "call-journaled");
	assert.equal(entries[0].data.sourceEntryId !== undefined, true, "the payload names the entry holding the call");
	assert.deepEqual(entries[2].data.result.answers.db.values, ["sqlite"]);
});
