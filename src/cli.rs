//! The command line: commands, their arguments and the options they share.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use pi_agent_ask_core::Size;
use pi_agent_ask_core::contract::Tool;

use crate::commands::mcp::surfaces::UiChoice;

mod values;

use values::{ToolParser, inbox_name, inline_rows, parse_size};

/// Ask a human structured questions on behalf of a coding agent.
#[derive(Debug, Parser)]
#[command(name = "pi-agent-ask", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The program's commands. Each one's arguments are built only when it is the one run, so a
/// start pays for one command's arguments, not all of them; the built command takes its help
/// text from its arguments' doc comment, which therefore repeats the variant's.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Open the built-in demo questionnaire in the terminal and print its result.
    Demo(DemoArgs),
    /// Run one ask flow for these tool arguments and print the tool result.
    Ask(AskArgs),
    /// Reopen the interrupted ask of a Pi session file and print its result.
    Resume(ResumeArgs),
    /// Validate and normalize tool arguments without asking.
    Check(CheckArgs),
    /// Print the JSON Schema of the tool's arguments or result.
    Schema(SchemaArgs),
    /// Open the ask settings in the terminal: toggles saved as they change, a guarded reset.
    Settings(SettingsArgs),
    /// Speak the JSON-lines host protocol (Pi's extension-UI dialogs) on stdin and stdout.
    Rpc(RpcArgs),
    /// Serve both tools to an MCP client on stdin and stdout.
    Mcp(McpArgs),
    /// Apply a key script without a terminal and print the final screen, then the result.
    Render(RenderArgs),
    /// A terminal where the asks of every agent of this user arrive, one form at a time.
    Inbox(InboxArgs),
    /// Print how a call's arguments or its result read in an agent's transcript.
    Transcript(TranscriptArgs),
    /// Answer an agent's own question tool from its hooks (Claude Code's `AskUserQuestion`).
    Hook(HookArgs),
    /// What a popup runs: ask the call handed over in a private folder (internal).
    #[command(name = "popup-form", hide = true)]
    PopupForm(PopupFormArgs),
}

/// Options every command that reads tool arguments shares.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// The tool arguments: a JSON file, or `-` for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,
    /// Which contract the arguments follow.
    #[arg(long, value_parser = ToolParser, default_value_t = Tool::AskUser)]
    pub tool: Tool,
    /// The directory relative `previewFile` paths resolve against (default: the current one).
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Where the questions are asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum UiArg {
    /// `dialogs` when `TERM` is `dumb`, else `tui`, when run from a shell in the terminal's
    /// foreground; otherwise `inbox` when an inbox is listening, else `popup` where one can
    /// open, else `none`.
    #[default]
    Auto,
    /// The rich terminal questionnaire.
    Tui,
    /// Plain line-by-line prompts on the terminal.
    Dialogs,
    /// A `pi-agent-ask inbox` terminal (see `--inbox`).
    Inbox,
    /// The rich questionnaire in a popup over the terminal the caller runs in: tmux ≥ 3.2 with
    /// an attached client, zellij, kitty with remote control, or wezterm; without one, no UI.
    Popup,
    /// No UI: the result tells the agent to ask another way.
    None,
}

/// Run one ask flow for these tool arguments and print the tool result.
#[derive(Debug, Args)]
pub struct AskArgs {
    /// Shared options.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Where the questions are asked.
    #[arg(long, value_enum, default_value_t = UiArg::Auto)]
    pub ui: UiArg,
    /// Answer without a UI with this remote response (a JSON file, or `-`).
    #[arg(long, value_name = "FILE")]
    pub answer: Option<String>,
    /// The inbox `--ui inbox` (and `auto`) sends the questions to.
    #[arg(
        long,
        value_name = "NAME",
        default_value = crate::inbox::place::DEFAULT_NAME,
        value_parser = inbox_name
    )]
    pub inbox: String,
    /// Where the form is drawn.
    #[command(flatten)]
    pub inline: InlineArg,
    /// Journal the ask in this Pi session file (JSON lines, appended to under a lock), so an
    /// interrupted ask can be reopened with `resume`.
    #[arg(long, value_name = "FILE")]
    pub session: Option<PathBuf>,
    /// The host's id of the tool call being asked, which the journal keys the ask by.
    #[arg(long, value_name = "ID")]
    pub tool_call_id: Option<String>,
    /// Append the flow's lifecycle events to this file (`pi-agent-ask:started`,
    /// `herdr:blocked`, `pi-agent-ask:completed`), one JSON line each; a pipe such as
    /// `/dev/fd/3` works.
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
}

/// Reopen the interrupted ask of a Pi session file and print its result.
#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The Pi session file whose interrupted ask is reopened.
    #[arg(long, value_name = "FILE")]
    pub session: PathBuf,
    /// Read the branch that ends at this entry (the host's leaf when it loaded the session)
    /// rather than at the file's last entry, so a call made since is never taken for an
    /// interrupted one.
    #[arg(long, value_name = "ENTRY_ID")]
    pub leaf: Option<String>,
    /// Print the entries that end the ask (`ask:history-completed`, `ask:pending-dismissed`)
    /// as `entries` for the host to append to its session, rather than appending them: a host
    /// that keeps its own place in the file puts them on its branch, and the dismissal once it
    /// has delivered the answer.
    #[arg(long)]
    pub entries_for_host: bool,
    /// Append the recovered flow's lifecycle events (source `ask:resume`) to this file, one
    /// JSON line each; a pipe such as `/dev/fd/3` works.
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
    /// Where the questions are asked.
    #[arg(long, value_enum, default_value_t = UiArg::Auto)]
    pub ui: UiArg,
    /// The inbox `--ui inbox` (and `auto`) sends the questions to.
    #[arg(
        long,
        value_name = "NAME",
        default_value = crate::inbox::place::DEFAULT_NAME,
        value_parser = inbox_name
    )]
    pub inbox: String,
    /// Where the form is drawn.
    #[command(flatten)]
    pub inline: InlineArg,
    /// The directory relative `previewFile` paths resolve against (default: the current one).
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// A terminal where the asks of every agent of this user arrive, one form at a time.
#[derive(Debug, Args)]
pub struct InboxArgs {
    /// The inbox's name, which askers give as `--inbox NAME`.
    #[arg(long, value_name = "NAME", default_value = crate::inbox::place::DEFAULT_NAME)]
    pub name: String,
    /// The settings file whose notifications announce an ask and where the settings overlay
    /// saves (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Answer an agent's own question tool from its hooks (Claude Code's `AskUserQuestion`).
#[derive(Debug, Args)]
pub struct HookArgs {
    /// The agent whose hook this is.
    #[command(subcommand)]
    pub agent: HookAgent,
}

/// The agents with a hook, each one's arguments built only when it is run (their doc
/// comments repeat the variants', as for [`Command`]).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum HookAgent {
    /// Claude Code's `PreToolUse` hook for `AskUserQuestion`: reads the hook input on stdin,
    /// asks in a listening inbox or a popup, and prints the hook's decision; prints nothing
    /// (so Claude Code asks itself) when it cannot ask there.
    Claude(ClaudeHookArgs),
}

/// Claude Code's `PreToolUse` hook for `AskUserQuestion`: reads the hook input on stdin,
/// asks in a listening inbox or a popup, and prints the hook's decision; prints nothing
/// (so Claude Code asks itself) when it cannot ask there.
#[derive(Debug, Args)]
pub struct ClaudeHookArgs {
    /// The inbox the questions go to when it is listening.
    #[arg(long, value_name = "NAME", default_value = crate::inbox::place::DEFAULT_NAME)]
    pub inbox: String,
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Answer without a UI with this remote response (a JSON file), as `ask --answer` does.
    #[arg(long, value_name = "FILE")]
    pub answer: Option<PathBuf>,
}

/// What a popup runs: ask the call handed over in a private folder (internal).
#[derive(Debug, Args)]
pub struct PopupFormArgs {
    /// The private folder the call was handed over in.
    #[arg(value_name = "FOLDER")]
    pub folder: PathBuf,
}

/// Open the built-in demo questionnaire in the terminal and print its result.
#[derive(Debug, Args)]
pub struct DemoArgs {
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where the form is drawn.
    #[command(flatten)]
    pub inline: InlineArg,
}

/// Validate and normalize tool arguments without asking.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Shared options.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Which schema to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    /// The tool's arguments.
    Input,
    /// The tool's result.
    Output,
}

/// Print the JSON Schema of the tool's arguments or result.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which schema.
    #[arg(value_enum)]
    pub kind: SchemaKind,
    /// Which tool.
    #[arg(long, value_parser = ToolParser, default_value_t = Tool::AskUser)]
    pub tool: Tool,
}

/// Speak the JSON-lines host protocol (Pi's extension-UI dialogs) on stdin and stdout.
#[derive(Debug, Args)]
pub struct RpcArgs {
    /// The directory relative `previewFile` paths resolve against (default: the current one).
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The Pi session file to journal every ask in, as `ask --session` does (it must exist).
    #[arg(long, value_name = "FILE")]
    pub session: Option<PathBuf>,
}

/// Serve both tools to an MCP client on stdin and stdout.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// The directory relative `previewFile` paths resolve against (default: the current one);
    /// preview files must lie inside it or inside one of the client's roots.
    #[arg(long, value_name = "DIR")]
    pub cwd: Option<PathBuf>,
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where each call's questions are asked.
    #[arg(long, value_enum, default_value_t = UiChoice::Auto)]
    pub ui: UiChoice,
    /// The inbox `--ui inbox` (and `auto`) sends the questions to.
    #[arg(
        long,
        value_name = "NAME",
        default_value = crate::inbox::place::DEFAULT_NAME,
        value_parser = inbox_name
    )]
    pub inbox: String,
    /// The session file (Pi's JSON lines, made when missing) that keeps the background queue
    /// across restarts: forms not yet answered are asked again, answers not yet delivered go
    /// to the next `wait_for_answers` (default: a journal per working directory in
    /// `$XDG_STATE_HOME/pi-agent-ask/`).
    #[arg(long, value_name = "FILE")]
    pub session: Option<PathBuf>,
}

/// Open the ask settings in the terminal: toggles saved as they change, a guarded reset.
#[derive(Debug, Args)]
pub struct SettingsArgs {
    /// The settings file (default: `<agent dir>/extensions/pi-agent-ask.json`); created with
    /// the defaults when missing.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Apply a key script without a terminal and print the final screen, then the result.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Shared options.
    #[command(flatten)]
    pub common: CommonArgs,
    /// The key script: key ids, quoted text, `paste "text"`, `resize WxH`, `wait 3s` (moves the
    /// scripted clock, firing due timers), `image "file.png"` (pastes that file as a clipboard
    /// image), `key*N` repeats.
    #[arg(long, value_name = "SCRIPT", default_value = "")]
    pub keys: String,
    /// The screen size, `WIDTHxHEIGHT`.
    #[arg(long, value_name = "WxH", default_value = "80x24", value_parser = parse_size)]
    pub size: Size,
    /// Print every styled span after the screen.
    #[arg(long)]
    pub styled: bool,
}

/// What a `transcript` document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TranscriptKind {
    /// The tool's arguments, complete or cut short as they stream in.
    Call,
    /// A tool result, as `ask` prints it.
    Result,
}

/// Print how a call's arguments or its result read in an agent's transcript.
#[derive(Debug, Args)]
pub struct TranscriptArgs {
    /// Whether the document is a call's arguments or its result.
    #[arg(value_enum)]
    pub kind: TranscriptKind,
    /// The document: a JSON file, or `-` for standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: String,
    /// Which tool the call or result belongs to.
    #[arg(long, value_parser = ToolParser, default_value_t = Tool::AskUser)]
    pub tool: Tool,
    /// Print every styled span after the lines.
    #[arg(long)]
    pub styled: bool,
    /// Print the lines as JSON, each a list of runs of one style (`{"text", "style"?}`), for a
    /// host that draws them in its own colours.
    #[arg(long, conflicts_with = "styled")]
    pub json: bool,
}

#[cfg(test)]
#[path = "cli_tests.rs"]
mod tests;

/// `--inline [ROWS]`, for every command that draws the questionnaire.
#[derive(Debug, Args)]
pub struct InlineArg {
    /// Draw the questionnaire in ROWS rows (default 20) below the current output instead of the
    /// whole screen, leaving the scrollback intact; at most one row less than the terminal is
    /// tall, so the command line above it stays in view.
    #[arg(
        long = "inline",
        value_name = "ROWS",
        num_args = 0..=1,
        default_missing_value = "20",
        value_parser = inline_rows
    )]
    pub rows: Option<u16>,
}
