// A call's row and its result's in Pi's transcript, worded as the program words them for a
// transcript (`pi-agent-ask transcript call|result --json`): the extension only draws the
// program's runs of text in Pi's theme. The program runs beside Pi's drawing, never in its way:
// a row shows the tool's name until its lines come, then is drawn again; while the arguments
// stream in, the lines of the newest are asked for once the ones asked before have come.

import { spawn } from "node:child_process";
import type { Theme, ThemeColor, ToolDefinition } from "@mariozechner/pi-coding-agent";
import { Text } from "@mariozechner/pi-tui";
import { locateProgram } from "./program.js";

/** What Pi hands a tool's renderers about the row they draw. */
type RenderContext = Parameters<NonNullable<ToolDefinition["renderCall"]>>[2];

/** Which document a row shows. */
export type TranscriptKind = "call" | "result";

/** A run of a line in one style, as the program writes it. */
interface Run {
	readonly text: string;
	readonly style?: string;
}

/** One row's lines, and the documents they were made from and are being made from. */
interface Slot {
	/** The document the lines show. */
	made?: string;
	/** The lines; `undefined` until the program gave them, or when it could not. */
	lines?: Run[][];
	/** The document the program is wording now. */
	asking?: string;
	/** The newest document, asked for once the program is done with the one before. */
	wanted?: string;
}

/** Pi's colour for each role the program names; a role not here keeps the text's colour. */
const COLORS: Readonly<Record<string, ThemeColor>> = {
	accent: "accent",
	muted: "muted",
	dim: "dim",
	warning: "warning",
	error: "error",
	success: "success",
	selected: "accent",
	border: "border",
};

/** The row of `kind` for `document` of `tool`: the program's lines once they came. */
export function transcriptRow(
	kind: TranscriptKind,
	tool: string,
	document: unknown,
	theme: Theme,
	context: RenderContext,
): Text {
	const state = context.state as Record<string, Slot | undefined>;
	const slot = (state[kind] ??= {});
	const key = JSON.stringify(document) ?? "null";
	if (slot.made !== key && slot.asking !== key) {
		ask(slot, kind, tool, key, context);
	}
	const text = context.lastComponent instanceof Text ? context.lastComponent : new Text("", 0, 0);
	if (slot.lines !== undefined) {
		text.setText(drawn(slot.lines, theme));
		return text;
	}
	const title = theme.fg("toolTitle", theme.bold(tool));
	// An error the program could not word (it is missing, or the call failed before it gave a
	// result) is shown under the name, so the person reads what the model reads.
	const error = kind === "result" && slot.made === key ? errorText(document) : undefined;
	text.setText(error === undefined ? title : `${title}\n${theme.fg("error", error)}`);
	return text;
}

/** The text of an error result, its control characters shown as `�`; `undefined` otherwise. */
function errorText(document: unknown): string | undefined {
	const result = document as { isError?: unknown; content?: unknown } | null;
	if (result?.isError !== true || !Array.isArray(result.content)) {
		return undefined;
	}
	const first = result.content[0] as { text?: unknown } | undefined;
	return typeof first?.text === "string"
		? first.text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, "\ufffd")
		: undefined;
}

/** Has the program word `key`, or notes it as the newest while it words another. */
function ask(slot: Slot, kind: TranscriptKind, tool: string, key: string, context: RenderContext): void {
	if (slot.asking !== undefined) {
		slot.wanted = key;
		return;
	}
	let program: string;
	try {
		program = locateProgram(process.env, context.cwd);
	} catch {
		slot.made = key;
		return;
	}
	slot.asking = key;
	const child = spawn(program, ["transcript", kind, "-", "--tool", tool, "--json"], {
		cwd: context.cwd,
		stdio: ["pipe", "pipe", "ignore"],
	});
	const output: Buffer[] = [];
	child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
	child.stdin.on("error", () => {});
	child.stdin.end(key);
	const done = (lines: Run[][] | undefined) => {
		slot.asking = undefined;
		slot.made = key;
		if (lines !== undefined) {
			slot.lines = lines;
		}
		const wanted = slot.wanted;
		slot.wanted = undefined;
		if (wanted !== undefined && wanted !== key) {
			ask(slot, kind, tool, wanted, context);
		}
		context.invalidate();
	};
	child.on("error", () => done(undefined));
	child.on("close", (code) => done(code === 0 ? linesOf(Buffer.concat(output).toString("utf8")) : undefined));
}

/** The lines of the program's `--json` output; `undefined` for anything else. */
function linesOf(output: string): Run[][] | undefined {
	try {
		const parsed: unknown = JSON.parse(output);
		const lines = (parsed as { lines?: unknown }).lines;
		return Array.isArray(lines) ? (lines as Run[][]) : undefined;
	} catch {
		return undefined;
	}
}

/** The lines drawn in `theme`: each run in its role's colour and with its attributes. */
function drawn(lines: Run[][], theme: Theme): string {
	return lines.map((runs) => runs.map((run) => styled(run, theme)).join("")).join("\n");
}

function styled(run: Run, theme: Theme): string {
	if (run.style === undefined) {
		return run.text;
	}
	const [role = "", ...attributes] = run.style.split("+");
	const color = COLORS[role];
	let text = color === undefined ? run.text : theme.fg(color, run.text);
	for (const attribute of attributes) {
		if (attribute === "bold") {
			text = theme.bold(text);
		} else if (attribute === "italic") {
			text = theme.italic(text);
		} else if (attribute === "underline") {
			text = theme.underline(text);
		} else if (attribute === "reverse") {
			text = theme.inverse(text);
		}
	}
	return text;
}
