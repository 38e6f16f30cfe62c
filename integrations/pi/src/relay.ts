// One tool call asked through `pi-agent-ask rpc` and Pi's own dialogs: the call goes in as one
// `ask` line, each `extension_ui_request` the program writes is asked with `ctx.ui` and
// answered, its `event` lines go to Pi's event bus, and its `result` line for the call is the
// tool's answer. The call ends by closing the program's input, on which the program cancels
// what is open (an abort), writes that result and exits; a program that then lingers is killed.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import { answerRequest } from "./dialogs.js";
import { type ProgramResult, readResult } from "./result.js";

/** One call for the relay. */
export interface RelayCall {
	readonly program: string;
	readonly tool: string;
	readonly toolCallId: string;
	readonly arguments: unknown;
	readonly cwd: string;
	/** Pi's session file, which the program journals the call in (`rpc --session`). */
	readonly session?: string;
	readonly ui: ExtensionUIContext;
	/** The tool call's abort: it closes the open dialog and the program's input. */
	readonly signal?: AbortSignal;
	/** Receives each `event` line's channel and data. */
	readonly onEvent: (channel: string, data: unknown) => void;
	/**
	 * Hands each `pi-agent-ask:submit` another extension emits to `forward` while the call runs;
	 * gives what stops it.
	 */
	readonly onSubmit: (forward: (data: unknown) => void) => () => void;
}

/** How long a program whose input is closed may take to exit before it is sent SIGTERM, then SIGKILL. */
const EXIT_GRACE_MS = 5000;

/** Asks the call and gives the program's result for it. */
export function relay(call: RelayCall): Promise<ProgramResult> {
	return new Promise((resolve, reject) => {
		const journal = call.session === undefined ? [] : ["--session", call.session];
		const child = spawn(call.program, ["rpc", "--cwd", call.cwd, ...journal], {
			cwd: call.cwd,
			stdio: ["pipe", "pipe", "pipe"],
		});
		const dialogs = new AbortController();
		const complaints: string[] = [];
		let stderr = "";
		let result: ProgramResult | undefined;
		let unreadable: Error | undefined;
		let inputOpen = true;
		let answering: Promise<void> = Promise.resolve();
		const timers: NodeJS.Timeout[] = [];

		const send = (line: unknown) => {
			if (inputOpen) {
				child.stdin.write(`${JSON.stringify(line)}\n`);
			}
		};
		const endInput = () => {
			if (!inputOpen) {
				return;
			}
			inputOpen = false;
			child.stdin.end();
			const escalate = (signal: NodeJS.Signals, after: number) => {
				const timer = setTimeout(() => child.kill(signal), after);
				timer.unref();
				timers.push(timer);
			};
			escalate("SIGTERM", EXIT_GRACE_MS);
			escalate("SIGKILL", 2 * EXIT_GRACE_MS);
		};
		const abort = () => {
			dialogs.abort();
			endInput();
		};

		child.stdin.on("error", () => {
			inputOpen = false;
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		createInterface({ input: child.stdout }).on("line", (line) => {
			let message: unknown;
			try {
				message = JSON.parse(line);
			} catch {
				complaints.push(`not JSON: ${line}`);
				return;
			}
			if (typeof message !== "object" || message === null) {
				return;
			}
			const fields = message as Record<string, unknown>;
			switch (fields.type) {
				case "extension_ui_request":
					answering = answering.then(async () => {
						const response = await answerRequest(call.ui, fields, dialogs.signal);
						if (response !== undefined && !dialogs.signal.aborted) {
							send(response);
						}
					});
					break;
				case "result":
					if (fields.id === call.toolCallId) {
						try {
							result = readResult(fields.result);
						} catch (error) {
							unreadable = error as Error;
						}
						abort();
					}
					break;
				case "event":
					if (typeof fields.channel === "string") {
						call.onEvent(fields.channel, fields.data);
					}
					break;
				case "error":
					complaints.push(String(fields.message));
					break;
				case "response":
					if (fields.success === false) {
						complaints.push(String(fields.error));
					}
					break;
				default:
					break;
			}
		});

		// A remote answer from another extension goes to the program as a `submit` line, which
		// it checks and answers with a `pi-agent-ask:submit-result` event.
		const stopSubmits = call.onSubmit((data) => {
			const fields = typeof data === "object" && data !== null && !Array.isArray(data) ? data : {};
			send({ ...fields, type: "submit" });
		});
		call.signal?.addEventListener("abort", abort, { once: true });
		child.on("error", (error) => {
			stopSubmits();
			call.signal?.removeEventListener("abort", abort);
			dialogs.abort();
			reject(new Error(`Cannot run ${call.program}: ${error.message}`));
		});
		child.on("close", (code, signal) => {
			stopSubmits();
			call.signal?.removeEventListener("abort", abort);
			dialogs.abort();
			for (const timer of timers) {
				clearTimeout(timer);
			}
			if (result !== undefined) {
				resolve(result);
				return;
			}
			const end = signal === null ? `exit status ${code}` : `signal ${signal}`;
			const why = [unreadable?.message, ...complaints, stderr.trim()].filter((text) => text !== undefined && text !== "");
			reject(new Error(`pi-agent-ask rpc ended (${end}) without a result for the call${why.length > 0 ? `: ${why.join("; ")}` : ""}`));
		});

		send({ type: "ask", id: call.toolCallId, tool: call.tool, arguments: call.arguments });
		if (call.signal?.aborted) {
			abort();
		}
	});
}
