// Pi itself, run as its published package runs it, with this package loaded and a scripted model
// whose first reply calls one tool (then it says "Noted."):
//
// - `PI_TEST_MODE=interactive` (the default): Pi's interactive TUI (InteractiveMode), for
//   `tests/pi_extension.rs` to run in a real terminal (tmux) and answer the program's
//   questionnaire with keys. It starts with a prompt, and writes `{toolResult, sessionFile,
//   events}` (events: the `herdr:blocked` statuses the extension emitted) to
//   `PI_TEST_REPORT` when the agent's turn ends. A file named `abort` in `PI_TEST_ROOT` aborts
//   the turn, as Pi's escape key would; Pi's process id is in the file `pid` there.
// - `PI_TEST_MODE=rpc`: Pi's RPC mode (runRpcMode) on standard input and output, for
//   `rpc-mode.test.mjs` to speak Pi's RPC protocol to, as an RPC client would.
//
// Environment: PI_AGENT_ASK_BIN (the program), PI_TEST_ROOT (an empty folder: Pi's working,
// agent and session folder), PI_TEST_TOOL (the tool the model calls, default `ask_user`), with
// the call's arguments in `$PI_TEST_ROOT/arguments.json` and its id `call-1`. With
// PI_TEST_CONTINUE=1 Pi continues the session it left in that folder instead (as `pi
// --continue`), sending no prompt unless PI_TEST_PROMPT=1 (then the model's call is `call-2`),
// and the model replies "Noted." to what comes next; the report holds the last user message too
// (`followUp`).

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall, getApiProvider, registerFauxProvider } from "@mariozechner/pi-ai";
import {
	AuthStorage,
	createAgentSessionFromServices,
	createEventBus,
	createAgentSessionRuntime,
	createAgentSessionServices,
	InteractiveMode,
	ModelRegistry,
	runRpcMode,
	SessionManager,
	SettingsManager,
} from "@mariozechner/pi-coding-agent";
import { PACKAGE_DIR } from "./support.mjs";

const mode = process.env.PI_TEST_MODE ?? "interactive";
const root = process.env.PI_TEST_ROOT;
const report = process.env.PI_TEST_REPORT;
if (!root || !process.env.PI_AGENT_ASK_BIN || (mode === "interactive" && !report)) {
	throw new Error("Set PI_AGENT_ASK_BIN, PI_TEST_ROOT and, for the interactive mode, PI_TEST_REPORT.");
}
process.env.PI_CODING_AGENT_DIR = root;
// No download of fd and ripgrep, which Pi's own tools would use.
process.env.PI_OFFLINE = "1";

const continuing = process.env.PI_TEST_CONTINUE === "1";
const prompted = !continuing || process.env.PI_TEST_PROMPT === "1";
const args = JSON.parse(readFileSync(join(root, "arguments.json"), "utf8"));
const faux = registerFauxProvider();
const call = fauxToolCall(process.env.PI_TEST_TOOL ?? "ask_user", args, { id: continuing ? "call-2" : "call-1" });
faux.setResponses([
	...(prompted ? [fauxAssistantMessage(call, { stopReason: "toolUse" })] : []),
	fauxAssistantMessage("Noted."),
	fauxAssistantMessage("Noted."),
]);
const authStorage = AuthStorage.create(join(root, "auth.json"));
authStorage.setRuntimeApiKey(faux.getModel().provider, "test-key");
// Pi's interactive mode rebuilds the registry of model APIs from its model registry's providers,
// so the scripted model's stream is registered there too.
const modelRegistry = ModelRegistry.inMemory(authStorage);
modelRegistry.registerProvider(faux.getModel().provider, { api: faux.api, streamSimple: getApiProvider(faux.api).streamSimple });
const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });
// The status events the extension puts on Pi's event bus, for the report.
const eventBus = createEventBus();
const events = [];
eventBus.on("herdr:blocked", (data) => events.push({ channel: "herdr:blocked", data }));

const runtime = await createAgentSessionRuntime(
	async ({ cwd, sessionManager, sessionStartEvent }) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir: root,
			authStorage,
			settingsManager,
			modelRegistry,
			resourceLoaderOptions: {
				eventBus,
				additionalExtensionPaths: [PACKAGE_DIR],
				noSkills: true,
				noPromptTemplates: true,
				noThemes: true,
				noContextFiles: true,
			},
		});
		const created = await createAgentSessionFromServices({ services, sessionManager, sessionStartEvent, model: faux.getModel() });
		return { ...created, services, diagnostics: services.diagnostics };
	},
	{
		cwd: root,
		agentDir: root,
		sessionManager: continuing
			? SessionManager.continueRecent(root, join(root, "sessions"))
			: SessionManager.create(root, join(root, "sessions")),
	},
);

if (mode === "rpc") {
	await runRpcMode(runtime);
} else {
	const session = runtime.session;
	session.subscribe((event) => {
		if (event.type === "agent_end") {
			const toolResult = session.messages.find((message) => message.role === "toolResult");
			const followUp = session.messages.findLast((message) => message.role === "user");
			writeFileSync(
				`${report}.part`,
				JSON.stringify({ toolResult, followUp, sessionFile: session.sessionManager.getSessionFile(), events }),
			);
			renameSync(`${report}.part`, report);
		}
	});
	// The test that ends Pi with a signal finds it here.
	writeFileSync(join(root, "pid"), String(process.pid));
	const abortFile = join(root, "abort");
	const watch = setInterval(() => {
		if (existsSync(abortFile)) {
			clearInterval(watch);
			void session.abort();
		}
	}, 50);
	watch.unref();
	await new InteractiveMode(runtime, prompted ? { initialMessage: "Set up the cache." } : {}).run();
}
