//! The command line's help texts, as clap builds them.

use clap::CommandFactory as _;

use super::Cli;

/// A deferred command's help text comes from its arguments' doc comment once built, while a
/// listing of commands shows the variant's: the two must read the same.
#[test]
fn built_commands_keep_the_help_text_they_are_listed_with() {
    fn check(command: &clap::Command) -> usize {
        let mut checked = 0;
        for listed in command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
        {
            let mut built = listed.clone();
            built.build();
            let text = |command: &clap::Command| {
                (
                    command.get_about().map(ToString::to_string),
                    command.get_long_about().map(ToString::to_string),
                )
            };
            assert_eq!(text(listed), text(&built), "{}", listed.get_name());
            checked += 1 + check(&built);
        }
        checked
    }
    assert_eq!(check(&Cli::command()), 14);
}

#[test]
fn an_inline_form_of_no_rows_is_a_usage_error_for_every_command_that_takes_one() {
    use clap::Parser as _;
    for command in ["ask", "resume", "demo"] {
        let refused =
            Cli::try_parse_from(["pi-agent-ask", command, "--inline", "0"]).expect_err("0 rows");
        assert_eq!(
            refused.kind(),
            clap::error::ErrorKind::ValueValidation,
            "{command}"
        );
        let one_row = Cli::try_parse_from(["pi-agent-ask", command, "--inline", "1"]);
        assert!(
            one_row
                .as_ref()
                .map_or_else(|error| error.kind() != refused.kind(), |_| true),
            "{command}: one row is taken: {one_row:?}"
        );
    }
}

#[test]
fn a_file_written_after_a_bare_inline_flag_is_refused_saying_how_to_write_it() {
    use clap::Parser as _;
    let refused = Cli::try_parse_from(["pi-agent-ask", "ask", "--inline", "plan.json"])
        .expect_err("no number");
    let message = refused.to_string();
    assert!(
        message.contains(
            "\"plan.json\" is no number of rows: a bare `--inline` takes the word after it for \
             its rows, so put the flag last, or give the rows as `--inline=ROWS`"
        ),
        "{message}"
    );
    for rows in ["--inline=3", "--inline"] {
        let taken = Cli::try_parse_from(["pi-agent-ask", "ask", "plan.json", rows]);
        assert!(taken.is_ok(), "{rows}: {taken:?}");
    }
}
