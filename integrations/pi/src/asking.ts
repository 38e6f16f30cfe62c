// Where one tool call is asked, chosen by what Pi has: on Pi's terminal with its TUI paused
// (`pi-agent-ask ask --ui tui`, journaled in Pi's session file), else through Pi's dialogs
// (`pi-agent-ask rpc`, relayed), else nowhere (`pi-agent-ask ask --ui none`, the program's no-UI
// result telling the model to ask in its reply).

import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventBus, ExtensionContext } from "@mariozechner/pi-coding-agent";
import type { ToolContract } from "./contract.js";
import { locateProgram } from "./program.js";
import { relay } from "./relay.js";
import { type ProgramResult, readPrintedResult } from "./result.js";
import { describeEnd, type Finished, runProgram } from "./run.js";
import { oneAtATime, runOnTerminal } from "./terminal.js";

/** The status channel on which an agent shows it waits for the person, and its label. */
export const BLOCKED_CHANNEL = "herdr:blocked";
export const BLOCKED_LABEL = "Waiting for user response";
/** The channel on which another extension answers an open form. */
const SUBMIT_CHANNEL = "pi-agent-ask:submit";

/** One tool call as Pi's runner hands it to `execute`. */
export interface ToolCall {
	readonly tool: ToolContract["name"];
	readonly toolCallId: string;
	readonly arguments: unknown;
	readonly signal: AbortSignal | undefined;
}

/** Asks the call and gives the program's result; throws when the program cannot give one. */
export async function askCall(
	call: ToolCall,
	ctx: ExtensionContext,
	events: EventBus,
): Promise<ProgramResult> {
	const onEvent = (channel: string, data: unknown) => events.emit(channel, data);
	const program = locateProgram(process.env, ctx.cwd);
	const input = JSON.stringify(call.arguments);
	if (!ctx.hasUI) {
		const finished = await runProgram(program, askArgs(call, ctx, "none"), ctx.cwd, { input, stdout: "pipe" }, call.signal);
		return endedByItsAbort(finished, call) ? cancelledResult(program, call, ctx, input) : printedResult(finished);
	}
	let started = false;
	const turn = oneAtATime<Finished | typeof ABORTED | undefined>(() => {
		started = true;
		// A call aborted while it waited for its turn is not shown at all.
		return call.signal?.aborted ? Promise.resolve(ABORTED) : runOnTerminal(ctx.ui, async () => {
			// The agent is blocked on the person while the form holds the terminal.
			onEvent(BLOCKED_CHANNEL, { active: true, label: BLOCKED_LABEL });
			try {
				return await runProgram(program, askArgs(call, ctx, "tui"), ctx.cwd, { input, stdout: "pipe" }, call.signal);
			} finally {
				onEvent(BLOCKED_CHANNEL, { active: false });
			}
		});
	});
	const onTerminal = await unlessAbortedWhileWaiting(turn, call.signal, () => started);
	if (onTerminal === ABORTED || (onTerminal !== undefined && endedByItsAbort(onTerminal, call))) {
		return cancelledResult(program, call, ctx, input);
	}
	if (onTerminal !== undefined) {
		return printedResult(onTerminal);
	}
	return relay({
		program,
		tool: call.tool,
		toolCallId: call.toolCallId,
		arguments: inForeground(call.arguments),
		cwd: ctx.cwd,
		session: sessionFile(ctx),
		ui: ctx.ui,
		signal: call.signal,
		onEvent,
		onSubmit: (forward) => events.on(SUBMIT_CHANNEL, forward),
	});
}

/**
 * `ask - --tool T --ui UI --cwd DIR`, journaled in Pi's session file when a person is asked and
 * Pi has written the file (it writes none before the first assistant message, or with
 * `--no-session`), so an interrupted form can be reopened with `pi-agent-ask resume`.
 */
function askArgs(call: ToolCall, ctx: ExtensionContext, ui: "tui" | "none"): string[] {
	const args = ["ask", "-", "--tool", call.tool, "--ui", ui, "--cwd", ctx.cwd];
	const session = sessionFile(ctx);
	if (ui === "tui" && session !== undefined) {
		args.push("--session", session, "--tool-call-id", call.toolCallId);
	}
	return args;
}

/** Pi's session file, once Pi has written it; `undefined` before that or without one. */
export function sessionFile(ctx: ExtensionContext): string | undefined {
	const session = ctx.sessionManager.getSessionFile();
	return session !== undefined && existsSync(session) ? session : undefined;
}

/**
 * The arguments without `background`: each call here is one run of the program, with no queue
 * that outlives it, so a background form is asked in the foreground, as `ask` does on the
 * terminal, instead of a receipt whose form would be cancelled when the run ends.
 */
function inForeground(args: unknown): unknown {
	if (typeof args !== "object" || args === null || Array.isArray(args) || !("background" in args)) {
		return args;
	}
	const { background: _background, ...rest } = args as Record<string, unknown>;
	return rest;
}

/** Stands for a call aborted before it took its turn at the terminal. */
const ABORTED = Symbol("aborted before its turn");

/** The remote response that cancels a form (COMPAT: remote responses). */
const CANCEL_RESPONSE = JSON.stringify({ kind: "cancel" });

/**
 * What `turn` gives, or {@link ABORTED} as soon as `signal` aborts while the turn has not
 * started: a call waiting behind another form is answered at once, not when that form closes.
 * Once the turn has started, the abort reaches the program, which ends the form itself.
 */
function unlessAbortedWhileWaiting<T>(
	turn: Promise<T>,
	signal: AbortSignal | undefined,
	started: () => boolean,
): Promise<T | typeof ABORTED> {
	if (signal === undefined) {
		return turn;
	}
	return new Promise((resolve, reject) => {
		const onAbort = () => {
			if (!started()) {
				resolve(ABORTED);
			}
		};
		signal.addEventListener("abort", onAbort, { once: true });
		if (signal.aborted) {
			onAbort();
		}
		const done = () => signal.removeEventListener("abort", onAbort);
		turn.then(
			(value) => {
				done();
				resolve(value);
			},
			(error: unknown) => {
				done();
				reject(error);
			},
		);
	});
}

/**
 * Whether the call's abort ended the program before it could print a result: the SIGTERM
 * came before the program took the signal to end its form with the answers so far.
 */
function endedByItsAbort(finished: Finished, call: ToolCall): boolean {
	return call.signal?.aborted === true && finished.signal === "SIGTERM" && finished.stdout.trim() === "";
}

/**
 * The program's cancelled result for a call aborted before its form was shown (nothing
 * answered): the call answered by a cancel, as another extension's cancel answers it, with
 * nothing asked. The cancel goes in a file of its own: the arguments take standard input.
 */
async function cancelledResult(program: string, call: ToolCall, ctx: ExtensionContext, input: string): Promise<ProgramResult> {
	const folder = mkdtempSync(join(tmpdir(), "pi-agent-ask-"));
	try {
		const response = join(folder, "cancel.json");
		writeFileSync(response, CANCEL_RESPONSE, { mode: 0o600 });
		const args = ["ask", "-", "--tool", call.tool, "--cwd", ctx.cwd, "--answer", response];
		return printedResult(await runProgram(program, args, ctx.cwd, { input, stdout: "pipe" }));
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** The result a command printed; a run that printed none is an error saying how it ended. */
function printedResult(finished: Finished): ProgramResult {
	if (finished.stdout.trim() === "") {
		throw new Error(`pi-agent-ask ask gave no result (${describeEnd(finished)})`);
	}
	return readPrintedResult(finished.stdout);
}
