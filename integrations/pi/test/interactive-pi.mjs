// Pi's own interactive TUI (InteractiveMode from the published package) with this package
// loaded and a scripted model that calls `ask_user` once, for `tests/pi_extension.rs` to run in
// a real terminal (tmux) and answer the program's questionnaire with keys.
//
// Environment: PI_AGENT_ASK_BIN (the program), PI_TEST_ROOT (an empty folder: Pi's working,
// agent and session folder), PI_TEST_REPORT (a file this writes when the agent's turn ends:
// `{toolResult, sessionFile}`). The arguments of the call are read from `$PI_TEST_ROOT/arguments.json`.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall, getApiProvider, registerFauxProvider } from "@mariozechner/pi-ai";
import {
	AuthStorage,
	createAgentSessionFromServices,
	createAgentSessionRuntime,
	createAgentSessionServices,
	InteractiveMode,
	ModelRegistry,
	SessionManager,
	SettingsManager,
} from "@mariozechner/pi-coding-agent";
import { PACKAGE_DIR } from "./support.mjs";

const root = process.env.PI_TEST_ROOT;
const report = process.env.PI_TEST_REPORT;
if (!root || !report || !process.env.PI_AGENT_ASK_BIN) {
	throw new Error("Set PI_AGENT_ASK_BIN, PI_TEST_ROOT and PI_TEST_REPORT.");
}
process.env.PI_CODING_AGENT_DIR = root;
// No download of fd and ripgrep, which Pi's own tools would use.
process.env.PI_OFFLINE = "1";

const args = JSON.parse(readFileSync(join(root, "arguments.json"), "utf8"));
const faux = registerFauxProvider();
faux.setResponses([
	fauxAssistantMessage(fauxToolCall("ask_user", args, { id: "call-tui" }), { stopReason: "toolUse" }),
	fauxAssistantMessage("Noted."),
]);
const authStorage = AuthStorage.create(join(root, "auth.json"));
authStorage.setRuntimeApiKey(faux.getModel().provider, "test-key");
// Pi's interactive mode rebuilds the registry of model APIs from its model registry's providers,
// so the scripted model's stream is registered there too.
const modelRegistry = ModelRegistry.inMemory(authStorage);
modelRegistry.registerProvider(faux.getModel().provider, { api: faux.api, streamSimple: getApiProvider(faux.api).streamSimple });
const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });

const runtime = await createAgentSessionRuntime(
	async ({ cwd, sessionManager, sessionStartEvent }) => {
		const services = await createAgentSessionServices({
			cwd,
			agentDir: root,
			authStorage,
			settingsManager,
			modelRegistry,
			resourceLoaderOptions: {
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
	{ cwd: root, agentDir: root, sessionManager: SessionManager.create(root, join(root, "sessions")) },
);

const session = runtime.session;
session.subscribe((event) => {
	if (event.type === "agent_end") {
		const toolResult = session.messages.find((message) => message.role === "toolResult");
		writeFileSync(`${report}.part`, JSON.stringify({ toolResult, sessionFile: session.sessionManager.getSessionFile() }));
		renameSync(`${report}.part`, report);
	}
});

await new InteractiveMode(runtime, { initialMessage: "Set up the cache." }).run();
