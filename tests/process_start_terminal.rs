//! What the program's start guarantees whoever runs it, in a real terminal: a standard
//! descriptor the parent left closed is opened on `/dev/null`, so the terminal the form opens
//! never takes the place of standard output and the result never lands on the screen. (A reader
//! of standard error that has gone is `tests/reading_input.rs`'s: exit 2, not death by
//! `SIGPIPE`.) Without `tmux` the test prints a message and passes.

#![cfg(target_os = "linux")]

mod support;

use support::tmux::{self, Tmux};

/// The question of the peer benchmark: three options.
const QUESTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/peers/question.json");

/// The processes `pid` has started, from `/proc`.
fn children(pid: &str) -> Vec<String> {
    let listed = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .expect("the shell's children are listed");
    listed.split_whitespace().map(str::to_owned).collect()
}

#[test]
fn a_closed_standard_output_is_dev_null_so_the_result_never_reaches_the_terminal() {
    if !tmux::available() {
        eprintln!("skipped: tmux is not installed");
        return;
    }
    let terminal = Tmux::start(120, 40);
    let settings = terminal.path("settings.json");
    terminal.type_line(&format!(
        "{} ask {QUESTION} --ui tui --config {} >&-; echo \"exit $?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
        settings.display()
    ));
    terminal.wait_for_text("Which language should the service use?");
    let shell = terminal.pane_var("pane_pid");
    let program = children(&shell);
    assert_eq!(program.len(), 1, "one program under the shell: {program:?}");
    let output = std::fs::read_link(format!("/proc/{}/fd/1", program[0]))
        .expect("the program's standard output is open");
    assert_eq!(output.to_string_lossy(), "/dev/null");

    terminal.keys(&["Enter"]);
    terminal.wait_for_text("Review your answers");
    terminal.keys(&["Enter"]);
    let screen = terminal.wait_for_text("exit 0");
    assert!(
        !screen.contains("\"mode\""),
        "the result reached the terminal:\n{screen}"
    );
}
