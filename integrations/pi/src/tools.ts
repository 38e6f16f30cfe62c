// The two tools as Pi registers them: the program's names, descriptions and input schemas
// (`contract.ts`), each call asked by `asking.ts`. The program's error results keep their
// content and details and are flagged `isError` through Pi's `tool_result` event, since Pi takes
// a returned result as a success and a thrown error would lose the details.

import type { ExtensionAPI, ToolDefinition } from "@mariozechner/pi-coding-agent";
import { askCall } from "./asking.js";
import { TOOL_CONTRACTS, type ToolContract } from "./contract.js";
import { transcriptRow } from "./transcript.js";

/** The label Pi shows for each tool, and the one line it lists under "Available tools". */
const PRESENTATION: Record<ToolContract["name"], { readonly label: string; readonly promptSnippet: string }> = {
	ask_user: {
		label: "Ask user",
		promptSnippet: "Ask the user structured clarification questions when the work depends on their preference or on missing requirements",
	},
	ask_user_question: {
		label: "Ask user question",
		promptSnippet: "Ask the user 1-4 structured questions mid-turn and wait for their answers",
	},
};

/** Registers `ask_user` and `ask_user_question`. */
export function registerTools(pi: ExtensionAPI): void {
	const errorResults = new Set<string>();
	for (const contract of TOOL_CONTRACTS) {
		pi.registerTool(askTool(pi, contract, errorResults));
	}
	pi.on("tool_result", (event) => (errorResults.delete(event.toolCallId) ? { isError: true } : undefined));
	// `ask_user_question` is offered only where someone can answer it: in a session without a
	// UI (`pi -p`, `--mode json`, a subagent) it leaves the active set as it starts, so the model
	// asks in prose. Called anyway, it gives the program's no-UI error result. `ask_user` stays:
	// its no-UI result lists the questions for the model to ask.
	pi.on("session_start", (_event, ctx) => {
		if (!ctx.hasUI) {
			pi.setActiveTools(pi.getActiveTools().filter((name) => name !== QUESTION_TOOL));
		}
	});
}

/** The tool that is offered only in a session with a UI. */
const QUESTION_TOOL: ToolContract["name"] = "ask_user_question";

function askTool(pi: ExtensionAPI, contract: ToolContract, errorResults: Set<string>): ToolDefinition {
	return {
		name: contract.name,
		...PRESENTATION[contract.name],
		description: contract.description,
		parameters: contract.parameters as ToolDefinition["parameters"],
		// One person answers one form at a time, on one terminal.
		executionMode: "sequential",
		// Pi checks the arguments against the schema before `execute`; an option written without
		// a label, which the program derives from its value, must get that far.
		...(contract.name === "ask_user" ? { prepareArguments: withBlankLabels } : {}),
		// The transcript's rows, worded by the program.
		renderCall: (args, theme, context) => transcriptRow("call", contract.name, args, theme, context),
		renderResult: (result, _options, theme, context) =>
			transcriptRow(
				"result",
				contract.name,
				{ content: result.content, details: result.details, isError: context.isError },
				theme,
				context,
			),
		async execute(toolCallId, params, signal, _onUpdate, ctx) {
			const asked = await askCall({ tool: contract.name, toolCallId, arguments: params, signal }, ctx, pi.events);
			if (asked.isError) {
				errorResults.add(toolCallId);
			}
			return asked.result;
		},
	};
}

/**
 * The `ask_user` arguments with an empty `label` on every option object that has none: the
 * program derives a blank label from the option's `value`, as the contract says a missing one is.
 * Anything else is left as it is, for the program to check.
 */
function withBlankLabels(args: unknown): unknown {
	if (!isRecord(args) || !Array.isArray(args.questions)) {
		return args;
	}
	const questions = args.questions.map((question: unknown) => {
		if (!isRecord(question) || !Array.isArray(question.options)) {
			return question;
		}
		const options = question.options.map((option: unknown) =>
			isRecord(option) && !("label" in option) ? { ...option, label: "" } : option,
		);
		return { ...question, options };
	});
	return { ...args, questions };
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
