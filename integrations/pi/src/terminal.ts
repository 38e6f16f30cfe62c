// Runs a program on Pi's own terminal while Pi's TUI is stopped, through `ctx.ui.custom` (as
// Pi's interactive-shell example runs an editor), and restarts the TUI afterwards. Outside
// Pi's TUI `custom` never calls its factory (RPC mode answers it with `undefined`), which is how
// a caller learns that there is no terminal to run on. Turns at the terminal are taken one at a
// time (`oneAtATime`).

import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import type { Finished } from "./run.js";

type Settled = { readonly ok: true; readonly finished: Finished } | { readonly ok: false; readonly error: unknown };

/** What `custom` shows while the TUI is stopped: nothing, since nothing draws. */
const BLANK = { render: (): string[] => [], invalidate: (): void => {} };

/**
 * Runs `start` with Pi's TUI stopped and returns how it finished, or `undefined` when Pi has no
 * terminal UI to pause (RPC mode, or standard streams that are not a terminal).
 */
export async function runOnTerminal(ui: ExtensionUIContext, start: () => Promise<Finished>): Promise<Finished | undefined> {
	let ran = false;
	const settled = await ui.custom<Settled | undefined>((tui, _theme, _keybindings, done) => {
		if (!process.stdin.isTTY || !process.stdout.isTTY) {
			done(undefined);
			return BLANK;
		}
		ran = true;
		tui.stop();
		start()
			.then(
				(finished): Settled => ({ ok: true, finished }),
				(error: unknown): Settled => ({ ok: false, error }),
			)
			.then((outcome) => {
				tui.start();
				tui.requestRender(true);
				done(outcome);
			});
		return BLANK;
	});
	if (!ran || settled === undefined) {
		return undefined;
	}
	if (!settled.ok) {
		throw settled.error;
	}
	return settled.finished;
}

/** The end of the last turn at the terminal taken; each turn waits for the one before. */
let lastTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `turn` once every turn at the terminal taken before it has ended, so one form at a time
 * holds Pi's terminal: a reopened form and a call of the agent never share it. The turn is
 * taken when this is called, not when `turn` starts.
 */
export function oneAtATime<T>(turn: () => Promise<T>): Promise<T> {
	const run = lastTurn.then(turn);
	lastTurn = run.catch(() => undefined);
	return run;
}
