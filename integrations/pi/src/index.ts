// pi-agent-ask for Pi: registers `ask_user` and `ask_user_question`, asked by the pi-agent-ask
// program (`PI_AGENT_ASK_BIN`, else `pi-agent-ask` on PATH), reopens an interrupted ask as a
// session starts, and registers `/ask-settings`.

import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { registerRecovery } from "./recovery.js";
import { registerSettingsCommand } from "./settings.js";
import { registerTools } from "./tools.js";

/** The extension's entry point, which Pi calls once per session runtime. */
export default function piAgentAsk(pi: ExtensionAPI): void {
	registerTools(pi);
	registerRecovery(pi);
	registerSettingsCommand(pi);
}
