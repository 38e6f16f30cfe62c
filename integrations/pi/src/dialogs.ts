// One `extension_ui_request` of `pi-agent-ask rpc` asked through Pi's own dialogs (`ctx.ui`),
// and the `extension_ui_response` that answers it. The shapes are Pi's RPC extension-UI
// protocol, which the program speaks, so a request maps one to one onto a `ctx.ui` method.

import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";

/** The response line for a dialog, or `undefined` for a request that takes none (`notify`). */
export type UiResponse =
	| { readonly type: "extension_ui_response"; readonly id: string; readonly value: string }
	| { readonly type: "extension_ui_response"; readonly id: string; readonly confirmed: boolean }
	| { readonly type: "extension_ui_response"; readonly id: string; readonly cancelled: true };

type NotifyLevel = "info" | "warning" | "error";

const NOTIFY_LEVELS: ReadonlySet<string> = new Set<NotifyLevel>(["info", "warning", "error"]);

/**
 * Asks one request's dialog and gives its response. A dismissed dialog, one closed by `signal`,
 * a dialog that fails, a malformed request and a method Pi has no dialog for all answer
 * `cancelled`, so the program is never left waiting.
 */
export async function answerRequest(
	ui: ExtensionUIContext,
	request: Record<string, unknown>,
	signal: AbortSignal,
): Promise<UiResponse | undefined> {
	const id = typeof request.id === "string" ? request.id : "";
	const cancelled: UiResponse = { type: "extension_ui_response", id, cancelled: true };
	const text = (key: string): string | undefined => (typeof request[key] === "string" ? (request[key] as string) : undefined);
	const valued = (value: string | undefined): UiResponse =>
		value === undefined ? cancelled : { type: "extension_ui_response", id, value };
	const title = text("title") ?? "";
	try {
		switch (request.method) {
			case "notify": {
				const level = text("notifyType");
				ui.notify(text("message") ?? "", level !== undefined && NOTIFY_LEVELS.has(level) ? (level as NotifyLevel) : undefined);
				return undefined;
			}
			case "select": {
				const options = request.options;
				if (!Array.isArray(options) || !options.every((option) => typeof option === "string")) {
					return cancelled;
				}
				return valued(await ui.select(title, options, { signal }));
			}
			case "input":
				return valued(await ui.input(title, text("placeholder"), { signal }));
			case "editor":
				// Pi's editor dialog takes no signal; an abort ends the program instead.
				return valued(await ui.editor(title, text("prefill")));
			case "confirm":
				return { type: "extension_ui_response", id, confirmed: await ui.confirm(title, text("message") ?? "", { signal }) };
			default:
				return cancelled;
		}
	} catch {
		return cancelled;
	}
}
