//! The real program in real terminals: each test types a command into a shell in a tmux pane,
//! answers with keys, and reads the JSON result the program wrote to `result.json` (standard
//! output only ever carries the result; the questionnaire draws on the terminal itself) and the
//! exit status the shell echoed. Skipped, with a message, where tmux is not installed.

mod support;

use serde_json::{Value, json};
use support::asking::{Asking, read_result};

/// The demo's first question, on screen once the first frame is drawn.
const DATABASE_PROMPT: &str = "Which database should the service store its data in?";
const CHECKS_PROMPT: &str = "Which checks should run before every commit?";
const CONFIG_PROMPT: &str = "Which format should the configuration file use?";
const ERRORS_PROMPT: &str = "How should request errors be reported to clients?";

fn database_answer() -> Value {
    json!({"values": ["postgres"], "labels": ["PostgreSQL"], "indices": [1]})
}

#[test]
fn the_demo_answered_end_to_end_prints_every_answer() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["2"], CHECKS_PROMPT);
    term.press(&["Space"], "[x] Formatting");
    term.press(&["Down", "Down", "Space"], "[x] Unit tests");
    term.press(&["Enter"], CONFIG_PROMPT);
    term.press(&["Down", "Down"], "SERVICE_PORT=8080");
    term.press(&["Enter"], ERRORS_PROMPT);
    let review = term.press(&["Down", "Enter"], "Review your answers");
    for line in [
        "All 4 questions answered",
        "→ SQLite",
        "→ Formatting, Unit tests",
        "→ Environment variables",
        "→ Plain status codes",
    ] {
        assert!(review.contains(line), "{line:?} missing from:\n{review}");
    }
    term.tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "Database: SQLite\nChecks: Formatting, Unit tests\nConfig: Environment variables\n\
         Errors: Plain status codes\nRequest ID: <request-id>"
    );
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["mode"], json!("submit"));
    assert_eq!(details["title"], json!("Set up the new service"));
    assert_eq!(
        details["answers"],
        json!({
            "database": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]},
            "checks": {
                "values": ["fmt", "tests"],
                "labels": ["Formatting", "Unit tests"],
                "indices": [1, 3]
            },
            "config": {"values": ["env"], "labels": ["Environment variables"], "indices": [3]},
            "errors": {"values": ["plain"], "labels": ["Plain status codes"], "indices": [2]}
        })
    );
}

#[test]
fn a_multi_select_keeps_the_order_options_were_chosen_in_and_puts_the_typed_answer_last() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments(
        "arguments.json",
        &json!({"questions": [{
            "id": "langs", "label": "Languages", "type": "multi",
            "prompt": "Which languages should the service support?",
            "options": [
                {"value": "rust", "label": "Rust"},
                {"value": "go", "label": "Go"},
                {"value": "python", "label": "Python"}
            ]
        }]}),
    );
    term.launch("ask arguments.json --ui tui");
    term.tmux
        .wait_for_text("Which languages should the service support?");
    term.press(&["4"], "Type your answer");
    term.tmux.text("Zig");
    term.press(&["Enter"], "[x] Type your own");
    term.press(&["3"], "[x] Python");
    term.press(&["1"], "[x] Rust");
    term.press(&["Enter"], "→ Python, Rust, Zig");
    term.tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "Languages: Python, Rust, Zig\nRequest ID: <request-id>"
    );
    assert_eq!(
        details["answers"],
        json!({"langs": {
            "values": ["python", "rust", "Zig"],
            "labels": ["Python", "Rust", "Zig"],
            "indices": [3, 1],
            "customText": "Zig"
        }})
    );
}

/// Two single-choice questions about storage.
fn storage_questions() -> Value {
    json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?",
         "options": [{"value": "postgres", "label": "Postgres"}, {"value": "sqlite", "label": "SQLite"}]},
        {"id": "cache", "label": "Cache", "prompt": "Which cache?",
         "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "No cache"}]}
    ]})
}

#[test]
fn notes_on_a_question_and_an_option_then_elaborate_ask_for_clarification() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &storage_questions());
    term.launch("ask arguments.json --ui tui");
    term.tmux.wait_for_text("Which database?");
    term.press(&["N"], "Write a note on this question");
    term.tmux.text("Which one runs in production?");
    term.press(&["Enter"], "Note: Which one runs in production?");
    term.press(&["Down", "n"], "Write a note on this option");
    term.tmux.text("Can it take two writers?");
    term.tmux.keys(&["Enter"]);
    term.tmux.wait_for("the saved option note", |screen| {
        screen.contains("✎ Can it take two writers?")
    });
    term.press(&["Up", "Enter"], "Which cache?");
    term.press(&["Tab"], "Review your answers");
    term.press(&["Down"], "✎ SQLite: Can it take two writers?");
    term.tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "User asked to elaborate on question \"Which database?\" after current answer \
         \"Postgres\" with note \"Which one runs in production?\"\n\
         User asked to elaborate on question \"Which database?\" option \"SQLite\" after current \
         answer \"Postgres\" with note \"Can it take two writers?\"\nRequest ID: <request-id>"
    );
    assert_eq!(details["mode"], json!("elaborate"));
    assert_eq!(details["cancelled"], json!(false));
    let answer = json!({
        "values": ["postgres"], "labels": ["Postgres"], "indices": [1],
        "note": "Which one runs in production?"
    });
    assert_eq!(details["answers"], json!({"db": answer}));
    assert_eq!(
        details["continuation"]["affectedQuestionIds"],
        json!(["db"])
    );
    assert_eq!(
        details["continuation"]["questionStates"],
        json!({"db": {"status": "needs_clarification"}, "cache": {"status": "unanswered"}})
    );
    let items = details["elaboration"]["items"]
        .as_array()
        .expect("elaboration items");
    assert_eq!(items.len(), 2, "{items:#?}");
    assert_eq!(items[0]["target"], json!({"kind": "question"}));
    assert_eq!(items[0]["note"], json!("Which one runs in production?"));
    assert_eq!(items[0]["answered"], json!(true));
    assert_eq!(items[0]["answer"], answer);
    assert_eq!(
        items[1]["target"],
        json!({"kind": "option", "optionValue": "sqlite"})
    );
    assert_eq!(
        items[1]["option"],
        json!({"value": "sqlite", "label": "SQLite"})
    );
    assert_eq!(items[1]["selected"], json!(false));
    assert_eq!(items[1]["note"], json!("Can it take two writers?"));
    for item in items {
        assert_eq!(item["question"]["id"], json!("db"));
        assert_eq!(
            item["question"]["options"].as_array().map(Vec::len),
            Some(2)
        );
    }
}

#[test]
fn a_bracketed_paste_reaches_the_answer_editor_as_one_piece() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &storage_questions());
    term.launch("ask arguments.json --ui tui");
    term.tmux.wait_for_text("Which database?");
    term.press(&["3"], "Type your answer");
    let pasted = "MariaDB, because:\n  the team knows it\n  \"it is already running\" ✓";
    term.tmux.paste(pasted);
    term.tmux.wait_for_text("\"it is already running\" ✓");
    term.press(&["Enter"], "Which cache?");
    term.press(&["Tab"], "Review your answers");
    term.tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"],
        json!({"db": {"values": [pasted], "labels": [pasted], "indices": [], "customText": pasted}})
    );
}

#[test]
fn a_form_resized_while_open_redraws_at_the_new_size_and_still_finishes() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.tmux.resize(60, 20);
    term.tmux
        .wait_for("the options wrapped at 60 columns", |screen| {
            screen
                .lines()
                .any(|line| line.trim() == "everywhere the team already deploys")
        });
    term.press(&["Enter"], CHECKS_PROMPT);
    term.tmux.resize(120, 40);
    let screen = term.tmux.wait_for("the footer on the 40th row", |screen| {
        screen
            .lines()
            .nth(39)
            .is_some_and(|line| line.contains("esc cancel"))
    });
    assert!(
        screen.contains("(recommended) | cargo clippy with warnings as errors"),
        "{screen}"
    );
    term.press(&["BTab", "BTab"], "Review your answers");
    term.tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "Database: PostgreSQL\nChecks: (no answer)\nConfig: (no answer)\nErrors: (no answer)\n\
         Request ID: <request-id>"
    );
    assert_eq!(details["answers"], json!({"database": database_answer()}));
}

#[test]
fn a_form_left_after_its_terminal_grew_leaves_none_of_its_rows_on_the_shells_screen() {
    let Some(term) = Asking::start(40, 10) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text("esc cancel");
    term.tmux.resize(70, 20);
    term.tmux.wait_for("the footer on the 20th row", |screen| {
        screen
            .lines()
            .nth(19)
            .is_some_and(|line| line.contains("esc cancel"))
    });
    term.tmux.keys(&["Escape"]);
    term.finish();
    // The shell cleared its screen before the program: nothing comes before its status.
    let screen = term.tmux.screen();
    let before: Vec<&str> = screen
        .lines()
        .take_while(|line| !line.starts_with("exit="))
        .filter(|line| !line.trim().is_empty())
        .collect();
    assert!(before.is_empty(), "rows left behind:\n{screen}");
}

#[test]
fn inline_keeps_earlier_output_on_screen_and_in_the_scrollback() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.type_line("clear; for i in $(seq 1 40); do echo \"earlier output $i\"; done");
    tmux.wait_for_text("earlier output 40");
    let alternate_off = || assert_eq!(tmux.pane_var("alternate_on"), "0", "alternate screen");
    // `clear` would wipe the earlier output, so the command is typed without it.
    tmux.type_line(&format!(
        "HOME=\"$PWD\" {} demo --inline 12 --config \"$PWD/settings.json\" > result.json; \
         echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    let screen = tmux.wait_for_text(DATABASE_PROMPT);
    alternate_off();
    let above = screen
        .find("earlier output 40")
        .expect("earlier output on screen");
    let title = screen
        .find("Set up the new service")
        .expect("the form's title");
    assert!(above < title, "the form is not below the output:\n{screen}");
    term.press(&["Enter"], CHECKS_PROMPT);
    alternate_off();
    term.press(&["BTab", "BTab"], "Review your answers");
    alternate_off();
    tmux.keys(&["Enter"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    alternate_off();
    let history = tmux.run(&["capture-pane", "-p", "-t", "main", "-S", "-50"]);
    let mut from = 0;
    for i in 1..=40 {
        let line = format!("earlier output {i}\n");
        let at = history[from..]
            .find(&line)
            .unwrap_or_else(|| panic!("{line:?} missing from the scrollback:\n{history}"));
        from += at + line.len();
    }
    let screen = tmux.screen();
    assert!(
        !screen.contains(DATABASE_PROMPT),
        "the form's rows were left:\n{screen}"
    );
    let (_, details) = read_result(document);
    assert_eq!(details["answers"], json!({"database": database_answer()}));
}

#[test]
fn sigterm_mid_form_restores_the_terminal_and_prints_a_cancelled_result() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["Enter"], CHECKS_PROMPT);
    let pid = term.program_pid();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());

    let (document, exit) = term.finish();
    assert_eq!(exit, 143);
    assert_eq!(term.tmux.pane_var("alternate_on"), "0", "alternate screen");
    assert_eq!(term.tmux.pane_var("cursor_flag"), "1", "cursor visible");
    let stty = term.tmux.stty();
    let modes: Vec<&str> = stty.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig"] {
        assert!(modes.contains(&mode), "{mode} is off:\n{stty}");
    }
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "User cancelled the ask flow\nRequest ID: <request-id>"
    );
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], json!({"database": database_answer()}));
}

#[test]
fn ctrl_c_with_answers_warns_first_and_cancels_on_the_second_press() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["Enter"], CHECKS_PROMPT);
    term.press(&["C-c"], "Press ctrl+c again to cancel the form");
    assert!(
        !term.tmux.shell_is_idle(),
        "the first ctrl+c ended the program"
    );
    assert_eq!(
        std::fs::read_to_string(term.result_path()).unwrap_or_default(),
        "",
        "a result before the second ctrl+c"
    );
    term.tmux.keys(&["C-c"]);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "User cancelled the ask flow\nRequest ID: <request-id>"
    );
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], json!({"database": database_answer()}));
}

#[test]
fn a_character_the_terminal_draws_wider_than_counted_only_crowds_its_own_row() {
    // tmux 3.3 draws a thumb with a skin tone in four cells, where its width is two: with
    // autowrap on, the prompt's first row wrapped and every row below moved down one.
    let Some(term) = Asking::start(30, 12) else {
        return;
    };
    term.write_arguments(
        "arguments.json",
        &json!({"questions": [{"id": "q",
            "prompt": "Thumbs \u{1f44d}\u{1f3fd} up, this prompt is long enough to wrap at thirty",
            "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]}]}),
    );
    term.launch("ask arguments.json");
    let screen = term.tmux.wait_for_text("2. ( ) Beta");
    let rows: Vec<&str> = screen.lines().collect();
    let first = rows
        .iter()
        .position(|row| row.starts_with(" Thumbs"))
        .unwrap_or_else(|| panic!("no prompt row:\n{screen}"));
    assert!(
        rows[first + 1].starts_with(" long enough to wrap at"),
        "the prompt's first row wrapped:\n{screen}"
    );
    term.press(&["Escape"], "exit=");
}
