//! Typing into `ask --ui dialogs` in a real terminal: the program edits the lines itself, so a
//! pasted answer longer than a terminal's own line editing keeps arrives whole, erase keys
//! work, one Ctrl-D after text dismisses, and the terminal's settings are as they were after
//! every ending. Skipped, with a message, where tmux is not installed.

mod support;

use serde_json::{Value, json};
use support::asking::{Asking, assert_ended, read_result};

/// One question whose `Type your own` row is its third.
fn one_question() -> Value {
    json!({"questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]}]})
}

/// A terminal asking [`one_question`] with plain prompts, and its line settings before.
fn asking() -> Option<(Asking, String)> {
    let term = Asking::start(100, 30)?;
    term.write_arguments("arguments.json", &one_question());
    let settings = term.tmux.stty();
    term.launch("ask arguments.json --ui dialogs");
    term.tmux
        .wait_for_text("Enter a number from 1 to 3 (Ctrl-D cancels):");
    Some((term, settings))
}

/// The program's result once it ended with `exit`, the terminal's settings checked against
/// `settings`, as they were before it ran.
fn ended(term: &Asking, exit: i32, settings: &str) -> Value {
    let (document, status) = term.finish();
    assert_eq!(status, exit);
    assert_eq!(
        term.tmux.stty(),
        settings,
        "the terminal's settings changed"
    );
    document
}

/// The `details` of the result the program wrote, once it is written (whatever the screen
/// shows after it).
fn written_details(term: &Asking) -> Value {
    let text = term.tmux.wait_for_file(&term.result_path());
    read_result(serde_json::from_str(&text).expect("the result")).1
}

#[test]
fn one_ctrl_d_after_typed_text_dismisses_the_prompt_and_leaves_the_terminal_as_it_was() {
    let Some((term, settings)) = asking() else {
        return;
    };
    term.tmux.text("abx");
    term.tmux.keys(&["BSpace"]);
    term.tmux.text("c");
    term.tmux.wait_for_text("(Ctrl-D cancels): abc");
    term.tmux.keys(&["C-d"]);
    let (_, details) = read_result(ended(&term, 0, &settings));
    assert_eq!(details["cancelled"], json!(true));
    let screen = term.tmux.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let prompt = lines
        .iter()
        .position(|line| line.ends_with("(Ctrl-D cancels): abc"))
        .expect("the prompt and what was typed stay on screen");
    assert_eq!(lines.get(prompt + 1).copied(), Some("exit=0"), "{screen}");
}

#[test]
fn a_pasted_answer_longer_than_a_terminals_line_editing_keeps_arrives_whole() {
    let Some((term, settings)) = asking() else {
        return;
    };
    term.press(&["3", "Enter"], "Which stack?\n");
    let long = "abcdefghi0 abcdefghi1 abcdefghi2 abcdefghi3 abcdefghi4 abcdefghi5 abcdefghi6 \
                abcdefghi7 abcdefghi8 abcdefghi9 "
        .repeat(60);
    assert_eq!(long.len(), 6_600);
    term.tmux.paste(&long);
    term.tmux.keys(&["C-w", "BSpace"]);
    term.tmux.text("end");
    term.press(&["Enter"], "1. Submit");
    term.tmux.keys(&["1", "Enter"]);
    let (_, details) = read_result(ended(&term, 0, &settings));
    let written = details["answers"]["stack"]["customText"]
        .as_str()
        .expect("the written answer");
    let expected = format!("{}end", &long[..long.len() - "abcdefghi9 ".len() - 1]);
    assert_eq!(written.len(), expected.len());
    assert_eq!(written, expected);
}

#[test]
fn ctrl_c_at_a_prompt_leaves_the_terminals_settings_as_they_were() {
    let Some((term, settings)) = asking() else {
        return;
    };
    term.tmux.text("Ru");
    term.tmux.wait_for_text("(Ctrl-D cancels): Ru");
    term.tmux.keys(&["C-c"]);
    let (_, details) = read_result(ended(&term, 130, &settings));
    assert_eq!(details["cancelled"], json!(true));
}

#[test]
fn a_terminal_that_did_not_echo_before_is_not_echoed_to() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &one_question());
    term.tmux.type_line("stty -echo");
    let settings = term.tmux.stty();
    term.launch("ask arguments.json --ui dialogs");
    term.tmux
        .wait_for_text("Enter a number from 1 to 3 (Ctrl-D cancels):");
    term.tmux.text("2");
    term.press(&["Enter"], "1. Submit");
    term.tmux.keys(&["1", "Enter"]);
    // Neither the answers nor their line breaks show: the shell's next words follow the
    // last prompt on its line, as they would after any program on a terminal that does not
    // echo.
    let screen = term.tmux.wait_for_text("(Ctrl-D cancels): exit=0");
    assert!(
        screen
            .lines()
            .any(|line| line == "Enter a number from 1 to 3 (Ctrl-D cancels):"),
        "what was typed was echoed:\n{screen}"
    );
    let details = written_details(&term);
    assert_eq!(details["answers"]["stack"]["values"], json!(["go"]));
    assert_eq!(
        term.tmux.stty(),
        settings,
        "the terminal's settings changed"
    );
}

/// Two questions, the second a multiple choice whose reply an empty line ends.
fn two_questions() -> Value {
    json!({"questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "checks", "label": "Checks", "type": "multi", "prompt": "Which checks?",
         "options": [{"value": "unit", "label": "Unit"}, {"value": "lint", "label": "Lint"}]}]})
}

#[test]
fn after_ctrl_z_and_fg_the_prompt_and_its_line_show_again_and_the_prompts_edit_it() {
    let Some((term, settings)) = asking() else {
        return;
    };
    term.tmux.text("Ru");
    term.tmux.wait_for_text("(Ctrl-D cancels): Ru");
    term.tmux.keys(&["C-z"]);
    term.tmux.wait_for_text("Stopped");
    term.tmux.type_line("fg");
    term.tmux
        .wait_for("the prompt and its line again", |screen| {
            screen.matches("(Ctrl-D cancels): Ru").count() == 2
        });
    term.tmux.text("sx");
    term.tmux.keys(&["BSpace"]);
    let screen = term.tmux.wait_for_text("(Ctrl-D cancels): Rus");
    assert!(
        !screen.contains("Russ"),
        "what was typed is echoed once:\n{screen}"
    );
    // One Ctrl-D after text: the prompts' own editing is back on.
    term.tmux.keys(&["C-d"]);
    let details = written_details(&term);
    assert_eq!(details["cancelled"], json!(true));
    term.tmux
        .wait_for("the shell's prompt", |_| term.tmux.shell_is_idle());
    assert_eq!(
        term.tmux.stty(),
        settings,
        "the terminal's settings changed"
    );
}

#[test]
fn a_terminal_closed_under_the_prompts_ends_them_as_a_hang_up_keeping_the_lines_entered() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &two_questions());
    // The shell ignores the hang-up, so it lives to write the program's exit status.
    term.tmux.open_window(
        "asking",
        &format!(
            "sh -c 'trap \"\" HUP; {} ask arguments.json --ui dialogs --config settings.json \
             > result.json; echo $? > status.txt'",
            env!("CARGO_BIN_EXE_pi-agent-ask")
        ),
    );
    term.tmux
        .wait_for_window_text("asking", "from 1 to 3 (Ctrl-D cancels):");
    term.tmux.window_keys("asking", &["1", "Enter"]);
    term.tmux
        .wait_for_window_text("asking", "then an empty line (Ctrl-D cancels):");
    term.tmux.window_keys("asking", &["1", "Enter"]);
    term.tmux.wait_for_window_text("asking", "1\n");
    term.tmux.run(&["kill-window", "-t", "main:asking"]);
    let status = term.tmux.wait_for_file(&term.tmux.path("status.txt"));
    assert_eq!(status.trim(), "129");
    let details = written_details(&term);
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
    assert_eq!(details["answers"]["checks"]["values"], json!(["unit"]));
}

/// A terminal asking [`two_questions`] with plain prompts, the first answered `Rust` and the
/// second waiting for its reply, and the terminal's line settings before.
fn first_of_two_answered() -> Option<(Asking, String)> {
    let term = Asking::start(100, 30)?;
    term.write_arguments("arguments.json", &two_questions());
    let settings = term.tmux.stty();
    term.launch("ask arguments.json --ui dialogs");
    term.tmux.wait_for_text("from 1 to 3 (Ctrl-D cancels):");
    term.press(&["1", "Enter"], "then an empty line (Ctrl-D cancels):");
    Some((term, settings))
}

#[test]
fn ctrl_backslash_at_a_prompt_ends_it_with_the_answers_so_far_and_exit_131() {
    let Some((term, settings)) = first_of_two_answered() else {
        return;
    };
    term.tmux.keys(&["C-\\"]);
    let (_, details) = read_result(ended(&term, 131, &settings));
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
}

#[test]
fn a_signal_the_stopped_prompts_take_as_they_continue_ends_them_with_the_answers_so_far() {
    let Some((term, settings)) = first_of_two_answered() else {
        return;
    };
    let pid = term.program_pid();
    term.tmux.keys(&["C-z"]);
    term.tmux.wait_for_text("Stopped");
    // SIGTERM, then SIGCONT: the prompts end in the background, writing nothing there.
    term.tmux.type_line("kill %1");
    let details = written_details(&term);
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
    assert_ended(pid);
    assert_eq!(
        term.tmux.stty(),
        settings,
        "the terminal's settings changed"
    );
}

#[test]
fn after_fg_a_terminal_that_did_not_echo_gets_its_prompt_again_and_still_no_echo() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &one_question());
    term.tmux.type_line("stty -echo");
    term.launch("ask arguments.json --ui dialogs");
    let prompt = "Enter a number from 1 to 3 (Ctrl-D cancels):";
    term.tmux.wait_for_text(prompt);
    term.tmux.text("2");
    term.tmux.keys(&["C-z"]);
    term.tmux.wait_for_text("Stopped");
    term.tmux.type_line("fg");
    let screen = term.tmux.wait_for("the prompt again", |screen| {
        screen.matches(prompt).count() == 2
    });
    assert!(
        screen.lines().filter(|line| line.ends_with(prompt)).count() == 2,
        "what was typed was echoed:\n{screen}"
    );
    term.press(&["Enter"], "1. Submit");
    term.tmux.keys(&["1", "Enter"]);
    let details = written_details(&term);
    assert_eq!(details["answers"]["stack"]["values"], json!(["go"]));
}

#[test]
fn signal_keys_inside_a_paste_are_text_and_stop_or_end_nothing() {
    let Some((term, settings)) = asking() else {
        return;
    };
    term.press(&["3", "Enter"], "Type your answer");
    // Ctrl-Z, Ctrl-C and Ctrl-\ bytes in what is pasted, as a copied terminal log may carry.
    term.tmux.paste("before\u{1a}\u{3}\u{1c}after");
    term.tmux.wait_for_text("beforeafter");
    term.press(&["Enter"], "1. Submit");
    term.tmux.keys(&["1", "Enter"]);
    let (_, details) = read_result(ended(&term, 0, &settings));
    assert_eq!(
        details["answers"]["stack"]["customText"],
        json!("beforeafter"),
        "{details}"
    );
}

#[test]
fn a_dumb_terminal_is_sent_no_escape_sequence_and_no_full_screen_form_is_drawn_on_it() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &one_question());
    // The shell writes no sequence of its own from here on.
    term.tmux
        .type_line("bind 'set enable-bracketed-paste off'; clear");
    term.tmux
        .wait_for("a clear screen", |screen| screen.trim() == "$");
    let written = term.tmux.path("written.bin");
    term.tmux.run(&[
        "pipe-pane",
        "-o",
        "-t",
        "main",
        &format!("cat >> '{}'", written.display()),
    ]);
    let program = env!("CARGO_BIN_EXE_pi-agent-ask");
    term.tmux.type_line(&format!(
        "TERM=dumb {program} ask arguments.json --ui dialogs > result.json; echo \"exit=$?\""
    ));
    term.press(&["2", "Enter"], "1. Submit");
    term.tmux.keys(&["1", "Enter"]);
    let details = written_details(&term);
    assert_eq!(details["answers"]["stack"]["values"], json!(["go"]));
    term.tmux.type_line(&format!(
        "TERM=dumb HOME=\"$PWD\" {program} inbox; echo \"inbox-exit=$?\""
    ));
    term.tmux.wait_for_text("inbox-exit=1");
    for (command, exit) in [
        ("demo", "demo-exit=2"),
        ("demo --inline 10", "inline-exit=2"),
        ("ask arguments.json --ui tui", "tui-exit=2"),
        ("settings", "settings-exit=2"),
    ] {
        let name = exit.split('=').next().unwrap_or_default();
        term.tmux.type_line(&format!(
            "TERM=dumb HOME=\"$PWD\" {program} {command} 2>> refusals.txt; echo \"{name}=$?\""
        ));
        term.tmux.wait_for_text(exit);
    }
    term.tmux.run(&["pipe-pane", "-t", "main"]);
    let refusals = std::fs::read_to_string(term.tmux.path("refusals.txt")).expect("stderr kept");
    assert_eq!(
        refusals.matches("(TERM=dumb) cannot show").count(),
        4,
        "each says why: {refusals}"
    );
    let written = std::fs::read(&written).expect("the pane's output was kept");
    assert!(
        !written.contains(&0x1b),
        "an escape sequence was written: {}",
        String::from_utf8_lossy(&written).escape_debug()
    );
    let screen = term.tmux.screen();
    // The pane wraps the message anywhere, a word or a bracket apart.
    let letters: String = screen.split_whitespace().collect();
    assert!(letters.contains("(TERM=dumb)cannotshow"), "{screen}");
}
