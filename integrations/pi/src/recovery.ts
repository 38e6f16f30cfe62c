// The ask a Pi session left open (Pi ended, or its terminal went, while the form was open),
// asked again as the session starts in Pi's TUI: `pi-agent-ask resume` finds it in the session
// file and asks it on the terminal with what was typed, and since the call that asked is gone,
// its answer reaches the agent as a follow-up message. Not for a new or reloaded session, nor
// where Pi has no terminal of its own.

import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { BLOCKED_CHANNEL, BLOCKED_LABEL, sessionFile } from "./asking.js";
import { locateProgram, ProgramMissing } from "./program.js";
import { readResult } from "./result.js";
import { describeEnd, type Finished, runProgram } from "./run.js";
import { oneAtATime, runOnTerminal } from "./terminal.js";

/** The starts of a session that may find an ask left open. */
const REOPENED_ON: ReadonlySet<string> = new Set(["startup", "resume", "fork"]);
/** The entry that marks an interrupted ask as handled, never to be reopened. */
const DISMISSED = "ask:pending-dismissed";

/** An entry the program hands over for Pi to append (`resume --entries-for-host`). */
interface Entry {
	readonly customType: string;
	readonly data: unknown;
}

/** What `pi-agent-ask resume` printed. */
type Resumed =
	| { readonly recovered: false }
	| {
			readonly recovered: true;
			readonly toolCallId: string;
			readonly dismissed: boolean;
			readonly entries: readonly Entry[];
			readonly result: unknown;
	  };

/** The dismissals to append once their follow-up messages reach the session, by message text. */
const undelivered = new Map<string, Entry>();

/** The first line of the follow-up message that carries a reopened ask's answer. */
function followUpHeading(toolCallId: string): string {
	return `The answer to the interrupted ask_user call ${toolCallId}:`;
}

/** Reopens the session's open ask as it starts. */
export function registerRecovery(pi: ExtensionAPI): void {
	// A dismissal goes in once its answer is in the session: should Pi end before the agent
	// takes the follow-up in, the next start finds the answer and gives it again.
	pi.on("message_end", (event) => {
		if (event.message.role !== "user") {
			return;
		}
		const text = textOf(event.message.content);
		for (const [heading, dismissal] of undelivered) {
			if (text.startsWith(heading)) {
				undelivered.delete(heading);
				pi.appendEntry(dismissal.customType, dismissal.data);
			}
		}
	});
	pi.on("session_start", (event, ctx) => {
		const session = sessionFile(ctx);
		const leaf = ctx.sessionManager.getLeafId();
		if (!ctx.hasUI || !REOPENED_ON.has(event.reason) || session === undefined || leaf === null) {
			return;
		}
		// The terminal's turn is taken now, before the agent can make a call, and the branch is
		// read as it was loaded (`--leaf`): a call made since is not taken for the interrupted
		// one, and its form waits for the reopened one. Not awaited: an open form holds up no
		// other handler of the session's start.
		oneAtATime(() => recover(pi, ctx, session, leaf)).catch((error: unknown) => {
			// Without the program nothing can be reopened; a call says how to install it.
			if (!(error instanceof ProgramMissing)) {
				ctx.ui.notify(`pi-agent-ask could not reopen the interrupted ask: ${(error as Error).message}`, "error");
			}
		});
	});
}

async function recover(pi: ExtensionAPI, ctx: ExtensionContext, session: string, leaf: string): Promise<void> {
	const program = locateProgram(process.env, ctx.cwd);
	const resume = (ui: "none" | "tui") =>
		runProgram(
			program,
			["resume", "--session", session, "--leaf", leaf, "--entries-for-host", "--ui", ui, "--cwd", ctx.cwd],
			ctx.cwd,
			{ input: "", stdout: "pipe" },
		);
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
	const cancelled = (result.details as { cancelled?: unknown } | undefined)?.cancelled === true;
	// Appended through Pi, on the branch Pi holds (entries the program appended would fall off
	// it with Pi's next entry): the outcome now, the dismissal once the answer is delivered.
	const heading = followUpHeading(resumed.toolCallId);
	for (const entry of resumed.entries) {
		if (entry.customType === DISMISSED && !cancelled) {
			undelivered.set(heading, entry);
		} else {
			pi.appendEntry(entry.customType, entry.data);
		}
	}
	if (cancelled) {
		return;
	}
	pi.sendUserMessage([{ type: "text", text: heading }, ...result.content], { deliverAs: "followUp" });
}

/** The text of a user message's content. */
function textOf(content: unknown): string {
	if (typeof content === "string") {
		return content;
	}
	if (!Array.isArray(content)) {
		return "";
	}
	return content
		.filter((part): part is { type: "text"; text: string } => part?.type === "text" && typeof part.text === "string")
		.map((part) => part.text)
		.join("\n");
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
	if (
		fields.recovered !== true ||
		typeof fields.toolCallId !== "string" ||
		typeof fields.dismissed !== "boolean" ||
		!Array.isArray(fields.entries)
	) {
		throw new Error(`pi-agent-ask resume printed no recovery: ${finished.stdout.trim()}`);
	}
	return {
		recovered: true,
		toolCallId: fields.toolCallId,
		dismissed: fields.dismissed,
		entries: fields.entries as Entry[],
		result: fields.result,
	};
}
