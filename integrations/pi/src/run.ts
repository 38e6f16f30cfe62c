// One run of the program to its end: its input written and closed, its output collected, and
// the call's abort turned into SIGTERM, on which the program prints its cancelled result with
// the answers so far and exits 128 + 15.

import { spawn } from "node:child_process";

/** Where each of the program's standard streams goes. */
export interface RunStreams {
	/** Text written to its standard input, which is then closed; `undefined` inherits Pi's. */
	readonly input?: string;
	/** `pipe` collects its standard output; `inherit` leaves it on Pi's terminal. */
	readonly stdout: "pipe" | "inherit";
}

/** How the program ended and what it printed. */
export interface Finished {
	/** The exit status, or `null` when a signal ended it. */
	readonly code: number | null;
	/** The signal that ended it, if one did. */
	readonly signal: NodeJS.Signals | null;
	/** Its standard output (empty when inherited). */
	readonly stdout: string;
	/** Its standard error, always collected so a failure can say why. */
	readonly stderr: string;
}

/** Runs `program args` in `cwd` and waits for it; `signal` aborting sends it SIGTERM. */
export function runProgram(
	program: string,
	args: readonly string[],
	cwd: string,
	streams: RunStreams,
	signal?: AbortSignal,
): Promise<Finished> {
	return new Promise((resolve, reject) => {
		const child = spawn(program, args, {
			cwd,
			stdio: [streams.input === undefined ? "inherit" : "pipe", streams.stdout, "pipe"],
		});
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
		child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
		const abort = () => child.kill("SIGTERM");
		signal?.addEventListener("abort", abort, { once: true });
		child.on("error", (error) => {
			signal?.removeEventListener("abort", abort);
			reject(new Error(`Cannot run ${program}: ${error.message}`));
		});
		child.on("close", (code, ended) => {
			signal?.removeEventListener("abort", abort);
			resolve({
				code,
				signal: ended,
				stdout: Buffer.concat(stdout).toString("utf8"),
				stderr: Buffer.concat(stderr).toString("utf8"),
			});
		});
		if (child.stdin) {
			// A program that exits before reading its input must not crash Pi with EPIPE.
			child.stdin.on("error", () => {});
			child.stdin.end(streams.input);
		}
		if (signal?.aborted) {
			abort();
		}
	});
}

/** How a run ended, for an error message: `exit status 2` or `signal SIGKILL`, and its stderr. */
export function describeEnd(finished: Finished): string {
	const end = finished.signal === null ? `exit status ${finished.code}` : `signal ${finished.signal}`;
	const stderr = finished.stderr.trim();
	return stderr === "" ? end : `${end}: ${stderr}`;
}
