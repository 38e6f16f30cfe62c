// Pi loads the package and registers both tools with the program's own descriptions and input
// schemas, and the /ask-settings command.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { programContract, TOOL_NAMES } from "../scripts/program-contract.mjs";
import { programPath, relayUi, startPi, TIMEOUT_MS } from "./support.mjs";

let pi;
let host;
before(async () => {
	host = relayUi([]);
	pi = await startPi(host.ui);
});
after(() => pi.dispose());

test("Pi loads the package without errors", { timeout: TIMEOUT_MS }, () => {
	assert.deepEqual(pi.extensionsResult.errors, []);
	assert.equal(pi.extensionsResult.extensions.length, 1);
});

test("both tools are registered with the program's descriptions and input schemas", { timeout: TIMEOUT_MS }, async () => {
	const expected = await programContract(programPath());
	const registered = pi.session.getAllTools().filter((tool) => TOOL_NAMES.includes(tool.name));
	assert.deepEqual(
		registered.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
		expected,
	);
	assert.deepEqual(
		TOOL_NAMES.filter((name) => pi.session.getActiveToolNames().includes(name)),
		TOOL_NAMES,
		"both tools are active",
	);
});

test("the /ask-settings command is registered", { timeout: TIMEOUT_MS }, () => {
	const command = pi.session.extensionRunner.getCommand("ask-settings");
	assert.ok(command, "ask-settings is a command");
	assert.match(command.description, /settings/);
});

test("/ask-settings in a host without a terminal says where to open the settings", { timeout: TIMEOUT_MS }, async () => {
	await pi.session.prompt("/ask-settings");

	assert.deepEqual(host.notified, [
		{ message: "/ask-settings needs Pi's terminal; run `pi-agent-ask settings` in a terminal instead.", type: "warning" },
	]);
	assert.deepEqual(host.asked, []);
});

test("an error result the program cannot word shows its text under the tool's name, control characters made visible", { timeout: TIMEOUT_MS }, () => {
	const tool = pi.session.extensionRunner.getToolDefinition("ask_user");
	const theme = { fg: (color, text) => `<${color}>${text}</${color}>`, bold: (text) => text };
	const context = { state: {}, cwd: process.cwd(), invalidate() {}, lastComponent: undefined, isError: true };
	const result = { content: [{ type: "text", text: "Cannot run pi-agent-ask\u001b[2J" }], details: {} };
	const named = process.env.PI_AGENT_ASK_BIN;
	process.env.PI_AGENT_ASK_BIN = "/nonexistent/pi-agent-ask";
	try {
		const row = tool.renderResult(result, { expanded: false, isPartial: false }, theme, context);
		assert.deepEqual(
			row.render(80).map((line) => line.trimEnd()),
			["<toolTitle>ask_user</toolTitle>", "<error>Cannot run pi-agent-ask\ufffd[2J</error>"],
		);
	} finally {
		process.env.PI_AGENT_ASK_BIN = named;
	}
});
