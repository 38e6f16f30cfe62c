// `/ask-settings`: the program's settings screen (`pi-agent-ask settings`) on Pi's terminal with
// Pi's TUI paused, the same settings file every ask reads.

import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { locateProgram, ProgramMissing } from "./program.js";
import { describeEnd, runProgram } from "./run.js";
import { oneAtATime, runOnTerminal } from "./terminal.js";

/** Registers `/ask-settings`. */
export function registerSettingsCommand(pi: ExtensionAPI): void {
	pi.registerCommand("ask-settings", {
		description: "Open the pi-agent-ask settings: behaviour, notifications and keymaps of ask_user",
		handler: async (_args, ctx) => {
			let program: string;
			try {
				program = locateProgram(process.env, ctx.cwd);
			} catch (error) {
				if (error instanceof ProgramMissing) {
					ctx.ui.notify(error.message, "error");
					return;
				}
				throw error;
			}
			// The settings screen takes its turn at the terminal like any form.
			const finished = await oneAtATime(() =>
				runOnTerminal(ctx.ui, () => runProgram(program, ["settings"], ctx.cwd, { stdout: "inherit" })),
			);
			if (finished === undefined) {
				ctx.ui.notify("/ask-settings needs Pi's terminal; run `pi-agent-ask settings` in a terminal instead.", "warning");
			} else if (finished.code !== 0) {
				ctx.ui.notify(`pi-agent-ask settings failed (${describeEnd(finished)})`, "error");
			}
		},
	});
}
