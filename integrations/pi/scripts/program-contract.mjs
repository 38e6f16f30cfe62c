// The two tools as the pi-agent-ask program itself describes them: each input schema from
// `pi-agent-ask schema input --tool <name>`, and each description from the tool list of its MCP
// server (the only place the program prints them). `sync-contract.mjs` writes them into
// `src/contract.ts`; the tests compare what Pi registered against them.

import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** The tool names, in the order the program lists them. */
export const TOOL_NAMES = ["ask_user", "ask_user_question"];

/**
 * The program's description and input schema of each tool.
 * @param {string} program the pi-agent-ask executable
 * @returns {Promise<Array<{name: string, description: string, parameters: object}>>}
 */
export async function programContract(program) {
	const listed = await mcpToolList(program);
	return TOOL_NAMES.map((name) => {
		const tool = listed.find((entry) => entry.name === name);
		if (!tool) {
			throw new Error(`${program} mcp lists no tool named ${name}`);
		}
		const parameters = JSON.parse(
			execFileSync(program, ["schema", "input", "--tool", name], { encoding: "utf8" }),
		);
		return { name, description: tool.description, parameters };
	});
}

/**
 * `tools/list` of `pi-agent-ask mcp`, after the `initialize` handshake.
 * @param {string} program
 * @returns {Promise<Array<{name: string, description: string}>>}
 */
function mcpToolList(program) {
	return new Promise((resolve, reject) => {
		const server = spawn(program, ["mcp", "--ui", "none"], { stdio: ["pipe", "pipe", "inherit"] });
		const send = (message) => server.stdin.write(`${JSON.stringify(message)}\n`);
		const lines = createInterface({ input: server.stdout });
		let tools;
		lines.on("line", (line) => {
			const message = JSON.parse(line);
			if (message.id === 1) {
				send({ jsonrpc: "2.0", method: "notifications/initialized" });
				send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
			} else if (message.id === 2) {
				tools = message.result?.tools;
				server.stdin.end();
			}
		});
		server.on("error", reject);
		server.on("close", (code) => {
			if (Array.isArray(tools)) {
				resolve(tools);
			} else {
				reject(new Error(`${program} mcp exited (${code}) without listing its tools`));
			}
		});
		send({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: {
				protocolVersion: "2025-11-25",
				capabilities: {},
				clientInfo: { name: "pi-agent-ask-pi-contract", version: "1" },
			},
		});
	});
}
