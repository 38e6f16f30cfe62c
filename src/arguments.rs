//! Reading the command line against the tree of the one command it names.
//!
//! clap's derived tree holds all thirteen commands, each built as a `clap::Command` with its
//! help text even when its arguments are deferred; a start paid for twelve commands it does not
//! run (about 28 thousand instructions and a few pages of heap, before the first frame). When
//! the first argument names a command, the tree here holds that command alone: its arguments,
//! help, errors and result are the full tree's (the tests hold each command built alone to the
//! full tree's). Anything else (no command, `help`, a misspelt one, `--version`) is parsed
//! against the full tree, which lists the commands and suggests the nearest.

use std::ffi::OsString;

use clap::{Args, FromArgMatches as _, Parser as _};

use crate::cli::{
    AskArgs, CheckArgs, Cli, DemoArgs, HookArgs, InboxArgs, McpArgs, PopupFormArgs, RenderArgs,
    ResumeArgs, RpcArgs, SchemaArgs, SettingsArgs, TranscriptArgs,
};

/// A command's builder: adds its arguments and help text to a `clap::Command` of its name.
type Build = fn(clap::Command) -> clap::Command;

/// Each command's name and builder, in the order `cli::Command` declares them.
const COMMANDS: [(&str, Build); 13] = [
    ("demo", DemoArgs::augment_args),
    ("ask", AskArgs::augment_args),
    ("resume", ResumeArgs::augment_args),
    ("check", CheckArgs::augment_args),
    ("schema", SchemaArgs::augment_args),
    ("settings", SettingsArgs::augment_args),
    ("rpc", RpcArgs::augment_args),
    ("mcp", McpArgs::augment_args),
    ("render", RenderArgs::augment_args),
    ("inbox", InboxArgs::augment_args),
    ("transcript", TranscriptArgs::augment_args),
    ("hook", HookArgs::augment_args),
    ("popup-form", PopupFormArgs::augment_args),
];

/// Parses the program's arguments, exiting with clap's message and status on an error, as
/// `Parser::parse` does.
pub fn read() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    let hook = args.get(1).is_some_and(|first| first == "hook");
    parse(args).unwrap_or_else(|error| {
        if hook && error.use_stderr() {
            // An agent takes exit 2 from a hook as its verdict (Claude Code blocks the tool
            // call), so a mistake in the hook's own command line exits 1: an error the agent
            // shows, and the question is left to the agent's own dialog.
            let _ = error.print();
            std::process::exit(HOOK_MISUSE);
        }
        error.exit()
    })
}

/// How a hook ends on a command line it cannot read.
const HOOK_MISUSE: i32 = 1;

/// Parses `args` (the program's name first) against the tree of the command they name, or the
/// full tree when they name none.
fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    let named = args
        .get(1)
        .and_then(|first| COMMANDS.iter().find(|(name, _)| first == name));
    let Some(&(name, build)) = named else {
        return Cli::try_parse_from(args);
    };
    let mut tree = lone_tree(name, build);
    tree.try_get_matches_from_mut(args)
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches))
        .map_err(|error| error.format(&mut tree))
}

/// The program's tree with the one command `name`, built by `build`.
fn lone_tree(name: &'static str, build: Build) -> clap::Command {
    clap::Command::new("pi-agent-ask").subcommand(build(clap::Command::new(name)))
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory as _, Parser as _};

    use super::{COMMANDS, Cli, lone_tree, parse};

    /// The full tree's command `name`, built.
    fn full_command(name: &str) -> clap::Command {
        let mut tree = Cli::command();
        tree.build();
        tree.find_subcommand(name).expect("a command").clone()
    }

    #[test]
    fn the_table_names_every_command_in_order() {
        let tree = Cli::command();
        let names: Vec<&str> = tree
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        assert_eq!(names, COMMANDS.map(|(name, _)| name));
    }

    #[test]
    fn each_command_built_alone_has_the_full_trees_help() {
        for (name, build) in COMMANDS {
            let mut tree = lone_tree(name, build);
            tree.build();
            let alone = tree.find_subcommand_mut(name).expect("the command");
            let mut full = full_command(name);
            assert_eq!(
                alone.render_long_help().to_string(),
                full.render_long_help().to_string(),
                "{name}"
            );
            assert_eq!(
                alone.render_usage().to_string(),
                full.render_usage().to_string(),
                "{name}"
            );
        }
    }

    #[test]
    fn a_command_line_reads_and_fails_as_against_the_full_tree() {
        let lines: &[&[&str]] = &[
            &[
                "ask",
                "question.json",
                "--ui",
                "tui",
                "--config",
                "settings.json",
            ],
            &["ask", "--inline"],
            &["ask", "--ui", "sideways"],
            &["ask", "--bogus"],
            &["check", "-", "--tool", "ask_user_question"],
            &["schema"],
            &["schema", "input"],
            &["hook", "claude"],
            &["hook"],
            &["render", "payload.json", "--size", "80x24"],
            &["popup-form"],
            &["mcp", "extra"],
            &["ask", "--help"],
            &["hook", "--help"],
            &["bogus"],
            &[],
            &["--version"],
        ];
        for line in lines {
            let args = std::iter::once("pi-agent-ask").chain(line.iter().copied());
            let read = parse(args.clone().map(Into::into).collect());
            let full = Cli::try_parse_from(args);
            let shown = |result: Result<Cli, clap::Error>| match result {
                Ok(cli) => format!("{cli:?}"),
                Err(error) => format!("{:?}: {}", error.kind(), error.render()),
            };
            assert_eq!(shown(read), shown(full), "{line:?}");
        }
    }
}
