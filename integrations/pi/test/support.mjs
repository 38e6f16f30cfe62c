// A real Pi agent session for the tests: the published @mariozechner/pi-coding-agent loads this
// package through its own resource loader (the same package rules as `pi -e ./integrations/pi`),
// a scripted model from @mariozechner/pi-ai (`registerFauxProvider`) makes the tool calls, and a
// `ctx.ui` stand-in answers the dialogs the real program asks, as Pi's RPC mode would relay them.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall, registerFauxProvider } from "@mariozechner/pi-ai";
import {
	AuthStorage,
	createAgentSession,
	createEventBus,
	DefaultResourceLoader,
	ModelRegistry,
	SessionManager,
	SettingsManager,
} from "@mariozechner/pi-coding-agent";

/** How long one test may take before it fails instead of hanging, on a machine busy with builds. */
export const TIMEOUT_MS = 30_000;

/** This package's root, which Pi loads as an extension package. */
export const PACKAGE_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

/** The program under test: `PI_AGENT_ASK_BIN`, which `cargo test` sets to the built binary. */
export function programPath() {
	const program = process.env.PI_AGENT_ASK_BIN;
	if (!program) {
		throw new Error("Set PI_AGENT_ASK_BIN to the built pi-agent-ask (cargo build; target/debug/pi-agent-ask).");
	}
	return program;
}

const faux = registerFauxProvider();

/**
 * Starts a Pi session in a fresh folder, which is also the agent folder (so neither Pi nor the
 * program reads the developer's settings), with this package loaded and `ui` bound as its UI
 * (`undefined` for none, as in print mode). `persisted` keeps the session in a file, as Pi does
 * by default, so the program can journal in it.
 */
export async function startPi(ui, { persisted = false } = {}) {
	const root = mkdtempSync(join(tmpdir(), "pi-agent-ask-pi-"));
	process.env.PI_CODING_AGENT_DIR = root;
	const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false }, retry: { enabled: false } });
	const eventBus = createEventBus();
	const events = [];
	for (const channel of ["pi-agent-ask:started", "pi-agent-ask:completed", "pi-agent-ask:submit-result"]) {
		eventBus.on(channel, (data) => events.push({ channel, data }));
	}
	const loader = new DefaultResourceLoader({
		eventBus,
		cwd: root,
		agentDir: root,
		settingsManager,
		additionalExtensionPaths: [PACKAGE_DIR],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await loader.reload();
	const authStorage = AuthStorage.create(join(root, "auth.json"));
	authStorage.setRuntimeApiKey(faux.getModel().provider, "test-key");
	const { session, extensionsResult } = await createAgentSession({
		cwd: root,
		agentDir: root,
		model: faux.getModel(),
		authStorage,
		modelRegistry: ModelRegistry.inMemory(authStorage),
		resourceLoader: loader,
		sessionManager: persisted ? SessionManager.create(root, join(root, "sessions")) : SessionManager.inMemory(root),
		settingsManager,
	});
	await session.bindExtensions(ui === undefined ? {} : { uiContext: ui });
	return {
		session,
		extensionsResult,
		/** The program's lifecycle events, as the extension put them on Pi's event bus. */
		events,
		/** Pi's event bus, on which other extensions talk to this one. */
		eventBus,
		/** Has the model call `tool` with `args` under `id`, then end its turn; resolves when Pi is idle. */
		async callTool(tool, args, id) {
			faux.setResponses([
				fauxAssistantMessage(fauxToolCall(tool, args, { id }), { stopReason: "toolUse" }),
				fauxAssistantMessage("Noted."),
			]);
			await session.prompt(`Ask with ${tool}.`);
		},
		/** Pi's session file (`undefined` for a session kept in memory). */
		sessionFile() {
			return session.sessionManager.getSessionFile();
		},
		/** The tool result message Pi recorded for the call `id`. */
		toolResult(id) {
			return session.messages.find((message) => message.role === "toolResult" && message.toolCallId === id);
		},
		dispose() {
			session.dispose();
			rmSync(root, { recursive: true, force: true });
		},
	};
}

/**
 * A `ctx.ui` for a host that relays dialogs (Pi's RPC mode): `custom` is unsupported and
 * resolves `undefined`, as Pi's RPC mode does, and each dialog is answered by the next entry of
 * `answers` (a string, `undefined` to dismiss, or a function of the request that may wait).
 * `asked` records every dialog in order.
 */
export function relayUi(answers) {
	const asked = [];
	const notified = [];
	const next = async (request) => {
		asked.push(request);
		if (answers.length === 0) {
			throw new Error(`No answer scripted for ${JSON.stringify(request)}`);
		}
		const answer = answers.shift();
		return typeof answer === "function" ? answer(request) : answer;
	};
	const ui = new Proxy(
		{
			select: (title, options, opts) => next({ method: "select", title, options, signal: opts?.signal }),
			input: (title, placeholder, opts) => next({ method: "input", title, placeholder, signal: opts?.signal }),
			editor: (title, prefill) => next({ method: "editor", title, prefill }),
			confirm: (title, message, opts) => next({ method: "confirm", title, message, signal: opts?.signal }),
			notify: (message, type) => notified.push({ message, type }),
			custom: async () => undefined,
		},
		{
			// Pi's other UI methods (status, widgets, titles) are fire-and-forget in RPC mode.
			get: (target, key) => (key in target ? target[key] : () => undefined),
		},
	);
	return { ui, asked, notified };
}
