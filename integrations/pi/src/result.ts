// The program's tool result (`{content, details, structuredContent?, isError}`) read into what
// Pi's `execute` returns. Content and details pass through unchanged; `isError` travels apart,
// since Pi takes a tool's error flag only from a thrown error or a `tool_result` handler.

import type { AgentToolResult } from "@mariozechner/pi-coding-agent";

/** One tool result of the program, as Pi's tool result plus the program's error flag. */
export interface ProgramResult {
	/** What `execute` returns: the program's `content` and `details`, untouched. */
	readonly result: AgentToolResult<unknown>;
	/** The program's `isError`: an error result, still the tool's answer. */
	readonly isError: boolean;
}

/** A document that is no tool result; its message says what was wrong. */
export class NotAResult extends Error {
	override readonly name = "NotAResult";
}

/** Reads a parsed tool result document. */
export function readResult(document: unknown): ProgramResult {
	if (typeof document !== "object" || document === null || Array.isArray(document)) {
		throw new NotAResult("The pi-agent-ask result is not a JSON object.");
	}
	const fields = document as Record<string, unknown>;
	if (!Array.isArray(fields.content)) {
		throw new NotAResult("The pi-agent-ask result has no content array.");
	}
	return {
		result: { content: fields.content as AgentToolResult<unknown>["content"], details: fields.details },
		isError: fields.isError === true,
	};
}

/** Reads the one JSON document a command printed on its standard output. */
export function readPrintedResult(stdout: string): ProgramResult {
	let document: unknown;
	try {
		document = JSON.parse(stdout);
	} catch {
		throw new NotAResult(`pi-agent-ask printed no JSON result${stdout.trim() === "" ? "" : `: ${stdout.trim()}`}`);
	}
	return readResult(document);
}
