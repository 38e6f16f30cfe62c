// Where the pi-agent-ask program is: `PI_AGENT_ASK_BIN`, else `pi-agent-ask` on `PATH`. Found
// before anything is spawned, so a missing program is a clear tool error and Pi's terminal is
// never paused for nothing.

import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** The environment variable naming the program explicitly. */
export const PROGRAM_ENV = "PI_AGENT_ASK_BIN";

/** The program's name on `PATH`. */
export const PROGRAM_NAME = "pi-agent-ask";

const INSTALL_HINT =
	"Install it with `cargo install --path . --locked` in the pi-agent-ask repository, " +
	`or set ${PROGRAM_ENV} to the program's path.`;

/** Why the program cannot be run; its message is the tool's error text. */
export class ProgramMissing extends Error {
	override readonly name = "ProgramMissing";
}

/** The program's absolute path, or a {@link ProgramMissing} saying where it was looked for. */
export function locateProgram(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
	const named = env[PROGRAM_ENV];
	if (named !== undefined && named !== "") {
		const path = isAbsolute(named) ? named : resolve(cwd, named);
		if (!isExecutableFile(path)) {
			throw new ProgramMissing(`${PROGRAM_ENV} names ${path}, which is not an executable file. ${INSTALL_HINT}`);
		}
		return path;
	}
	for (const dir of (env.PATH ?? "").split(delimiter)) {
		if (dir === "") {
			continue;
		}
		const path = resolve(cwd, join(dir, PROGRAM_NAME));
		if (isExecutableFile(path)) {
			return path;
		}
	}
	throw new ProgramMissing(`The ${PROGRAM_NAME} program was not found on PATH. ${INSTALL_HINT}`);
}

function isExecutableFile(path: string): boolean {
	try {
		accessSync(path, constants.X_OK);
		return statSync(path).isFile();
	} catch {
		return false;
	}
}
