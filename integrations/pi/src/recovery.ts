// The ask a Pi session left open (Pi ended, or its terminal went, while the form was open),
// asked again as the session starts in Pi's TUI: `pi-agent-ask resume` finds it in the session
// file and asks it on the terminal with what was typed, and since the call that asked is gone,
// its answer reaches the agent as a follow-up message. Not for a new or reloaded session, nor
// where Pi has no terminal of its own.

import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { BLOCKED_CHANNEL, BLOCKED_LABEL, sessionFile } from "./asking.js";
import { locateProgram } from "./program.js";
import { readResult } from "./result.js";
import { describeEnd, type Finished, runProgram } from "./run.js";
import { runOnTerminal } from "./terminal.js";

/** The starts of a session that may find an ask left open. */
const REOPENED_ON: ReadonlySet<string> = new Set(["startup", "resume", "fork"]);

/** What `pi-agent-ask resume` printed. */
type Resumed =
	| { readonly recovered: false }
	| { readonly recovered: true; readonly toolCallId: string; readonly dismissed: boolean; readonly result: unknown };

/** Reopens the session's open ask as it starts. */
export function registerRecovery(pi: ExtensionAPI): void {
	pi.on("session_start", (event, ctx) => {
		const session = sessionFile(ctx);
		if (!ctx.hasUI || !REOPENED_ON.has(event.reason) || session === undefined) {
			return;
		}
		// Not awaited: an open form holds up no other handler of the session's start.
		recover(pi, ctx, session).catch((error: unknown) => {
			ctx.ui.notify(`pi-agent-ask could not reopen the interrupted ask: ${(error as Error).message}`, "error");
		});
	});
}

async function recover(pi: ExtensionAPI, ctx: ExtensionContext, session: string): Promise<void> {
	const program = locateProgram(process.env, ctx.cwd);
	const resume = (ui: "none" | "tui") =>
		runProgram(program, ["resume", "--session", session, "--ui", ui, "--cwd", ctx.cwd], ctx.cwd, {
			input: "",
			stdout: "pipe",
		});
	// Without a UI first: nothing to reopen, or a result given again, pauses no screen.
	let resumed = readResumed(await resume("none"));
	if (resumed.recovered && !resumed.dismissed) {
		const onTerminal = await runOnTerminal(ctx.ui, async () => {
			pi.events.emit(BLOCKED_CHANNEL, { active: true, label: BLOCKED_LABEL });
			try {
				return await resume("tui");
			} finally {
				pi.events.emit(BLOCKED_CHANNEL, { active: false });
			}
		});
		if (onTerminal === undefined) {
			return;
		}
		resumed = readResumed(onTerminal);
	}
	if (!resumed.recovered || !resumed.dismissed) {
		return;
	}
	const { result } = readResult(resumed.result);
	const details = result.details as { cancelled?: unknown } | undefined;
	if (details?.cancelled === true) {
		return;
	}
	pi.sendUserMessage(
		[{ type: "text", text: `The answer to the interrupted ask_user call ${resumed.toolCallId}:` }, ...result.content],
		{ deliverAs: "followUp" },
	);
}

/** The document `resume` printed; a run that printed none is an error saying how it ended. */
function readResumed(finished: Finished): Resumed {
	let document: unknown;
	try {
		document = JSON.parse(finished.stdout);
	} catch {
		throw new Error(`pi-agent-ask resume gave no result (${describeEnd(finished)})`);
	}
	const fields = (typeof document === "object" && document !== null ? document : {}) as Record<string, unknown>;
	if (fields.recovered === false) {
		return { recovered: false };
	}
	if (fields.recovered !== true || typeof fields.toolCallId !== "string" || typeof fields.dismissed !== "boolean") {
		throw new Error(`pi-agent-ask resume printed no recovery: ${finished.stdout.trim()}`);
	}
	return { recovered: true, toolCallId: fields.toolCallId, dismissed: fields.dismissed, result: fields.result };
}
