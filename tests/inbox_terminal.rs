//! The answer inbox in a real terminal: `pi-agent-ask inbox` runs in a tmux pane, askers are
//! processes with no terminal of their own (`ask --ui inbox`, or `auto`), and the keys sent to
//! the pane answer them (a form that comes to the front once the typing before it has paused);
//! each asker prints its result on its own standard output. Every test
//! gives the programs a private `XDG_RUNTIME_DIR`, so no test meets a real inbox. Skipped, with
//! a message, where tmux is not installed.

mod support;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::read_result;
use support::inbox::{IDLE, PROGRAM, Terminal, arguments, finish, values};

/// Opens the inbox with two asks: "First" on the screen, taking keys, and "Second" waiting
/// behind it.
fn first_and_second(term: &Terminal) -> (Child, Child) {
    term.open_inbox();
    let first = term.asker("First", "inbox");
    term.wait_for_form("the first form", |screen| screen.contains("· First"));
    let second = term.asker("Second", "inbox");
    term.wait_for("two waiting", |screen| screen.contains("1 more waiting"));
    (first, second)
}

#[test]
fn an_ask_from_a_detached_process_is_answered_by_keys_in_the_inbox_pane() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Pick a database", "inbox");
    term.wait_for_form("the form", |screen| screen.contains("Which database?"));
    let label = term.label();
    assert!(
        label.contains(" in ") && label.ends_with("· Pick a database"),
        "{label}"
    );
    term.keys(&["Down", "Enter", "Enter"]);
    let (document, exit) = finish(asker);
    assert_eq!(exit, 0);
    let (text, details) = read_result(document);
    assert_eq!(text, "Database: SQLite\nRequest ID: <request-id>");
    assert_eq!(values(&details), &json!(["sqlite"]));
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn asks_from_three_processes_are_shown_one_at_a_time_in_arrival_order() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (first, second) = first_and_second(&term);
    let third = term.asker("Third", "inbox");
    term.wait_for("three waiting", |screen| screen.contains("2 more waiting"));
    assert!(term.label().ends_with("· First · 2 more waiting"));

    term.keys(&["Enter", "Enter"]);
    term.wait_for_form("the second form", |screen| {
        screen.contains("· Second · 1 more waiting")
    });
    term.keys(&["Down", "Enter", "Enter"]);
    term.wait_for_form("the third form", |screen| screen.contains("· Third"));
    assert!(!term.label().contains("more waiting"));
    term.keys(&["Enter", "Enter"]);

    let answers: Vec<_> = [first, second, third]
        .into_iter()
        .map(|asker| {
            let (document, exit) = finish(asker);
            assert_eq!(exit, 0);
            read_result(document).1
        })
        .collect();
    let titles: Vec<_> = answers.iter().map(|details| &details["title"]).collect();
    assert_eq!(titles, [&json!("First"), &json!("Second"), &json!("Third")]);
    assert_eq!(values(&answers[0]), &json!(["pg"]));
    assert_eq!(values(&answers[1]), &json!(["sqlite"]));
    assert_eq!(values(&answers[2]), &json!(["pg"]));
}

#[test]
fn an_enter_typed_on_after_an_answer_does_not_answer_the_next_form() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (first, second) = first_and_second(&term);

    // Two enters answer the first form; the third, sent with them, was meant for it too.
    term.keys(&["Enter", "Enter", "Enter"]);
    let (document, exit) = finish(first);
    assert_eq!(exit, 0);
    assert_eq!(values(&read_result(document).1), &json!(["pg"]));
    let screen = term.wait_for(
        "the second form, saying why the enter did nothing",
        |screen| {
            screen.contains("· Second") && screen.contains("Keys typed as this question opened")
        },
    );
    assert!(
        !screen.contains("Review your answers"),
        "the third enter moved the second form:\n{screen}"
    );

    term.wait_for_form("the second form taking keys", |screen| {
        !screen.contains("Keys typed as")
    });
    term.keys(&["Down", "Enter", "Enter"]);
    let (document, exit) = finish(second);
    assert_eq!(exit, 0);
    assert_eq!(values(&read_result(document).1), &json!(["sqlite"]));
}

#[test]
fn killing_an_asker_withdraws_its_form_at_once() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (mut first, second) = first_and_second(&term);
    first.kill().expect("the asker is killed");
    first.wait().expect("the asker ended");
    // The first form is named as taken back over the second, which took its place.
    term.wait_for_form("the second form in its place", |screen| {
        screen
            .lines()
            .next()
            .is_some_and(|label| label.contains("· Second"))
            && screen.contains("Taken back unanswered: ")
            && screen.matches("First").count() == 1
    });
    term.keys(&["Down", "Enter", "Enter"]);
    let (document, exit) = finish(second);
    assert_eq!(exit, 0);
    assert_eq!(values(&read_result(document).1), &json!(["sqlite"]));
}

#[test]
fn an_ended_inbox_gives_every_waiting_asker_its_cancelled_result() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (first, second) = first_and_second(&term);
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    let killed = Command::new("kill")
        .args(["-TERM", &term.inbox_pid()])
        .status()
        .expect("kill runs");
    assert!(killed.success());

    let (first, first_exit) = finish(first);
    let (second, second_exit) = finish(second);
    assert_eq!((first_exit, second_exit), (0, 0));
    let (text, first) = read_result(first);
    assert_eq!(
        text,
        "User cancelled the ask flow\nRequest ID: <request-id>"
    );
    assert_eq!(first["cancelled"], json!(true));
    assert_eq!(values(&first), &json!(["sqlite"]), "typed answers are kept");
    let (_, second) = read_result(second);
    assert_eq!(second["cancelled"], json!(true));
    assert_eq!(second["answers"], json!({}));
    term.wait_for("the inbox's exit status", |screen| {
        screen.contains("inbox-exit=143")
    });
}

#[test]
fn a_second_inbox_of_the_same_name_refuses_to_start_and_ctrl_c_closes_the_first() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let second = Command::new(PROGRAM)
        .args(["inbox"])
        .env("XDG_RUNTIME_DIR", &term.runtime)
        .env("HOME", term.term.tmux.dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("the second inbox runs");
    assert_eq!(second.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(
        stderr.contains("an inbox named \"default\" is already running"),
        "{stderr}"
    );

    term.keys(&["C-c"]);
    term.wait_for("the inbox's exit status", |screen| {
        screen.contains("inbox-exit=0")
    });
    let asker = term.asker("Nobody listens", "inbox");
    let output = asker.wait_with_output().expect("the asker ends");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no inbox named \"default\" is listening"),
        "{stderr}"
    );
}

#[test]
fn auto_from_a_detached_process_asks_in_the_listening_inbox() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Detached", "auto");
    term.wait_for_form("the form", |screen| screen.contains("· Detached"));
    term.keys(&["Enter", "Enter"]);
    let (document, exit) = finish(asker);
    assert_eq!(exit, 0);
    assert_eq!(values(&read_result(document).1), &json!(["pg"]));
}

#[test]
fn auto_in_the_background_of_a_shell_never_takes_the_terminal() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.term
        .write_arguments("arguments.json", &arguments("Background"));
    let started = Instant::now();
    term.term.tmux.type_line(&format!(
        "clear; XDG_RUNTIME_DIR=\"$PWD/run\" HOME=\"$PWD\" {PROGRAM} ask arguments.json \
         --config \"$PWD/settings.json\" > result.json & wait $!; echo \"exit=$?\"",
    ));
    let (document, exit) = term.term.finish();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the result was slow"
    );
    assert_eq!(exit, 0, "a background job reading the terminal is stopped");
    let screen = term.term.tmux.screen();
    assert!(!screen.contains("Which database?"), "drawn:\n{screen}");
    assert_eq!(term.term.tmux.pane_var("alternate_on"), "0");
    assert!(
        !term.term.tmux.path("settings.json").exists(),
        "no questionnaire opened its settings"
    );
    let no_ui = support::run_program(
        &[
            "ask".to_owned(),
            "-".to_owned(),
            "--ui".to_owned(),
            "none".to_owned(),
        ],
        Some(&arguments("Background").to_string()),
    );
    let mut expected: Value = serde_json::from_str(&no_ui.stdout).expect("JSON");
    support::normalize_request_ids(&mut expected);
    let mut document = document;
    support::normalize_request_ids(&mut document);
    assert_eq!(document, expected);
}

/// Sends SIGTERM to `asker` and checks that it ended with the cancelled result, exit 143;
/// returns the result's details.
fn terminated(asker: Child) -> Value {
    let killed = Command::new("kill")
        .args(["-TERM", &asker.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (document, exit) = finish(asker);
    assert_eq!(exit, 143);
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "User cancelled the ask flow\nRequest ID: <request-id>"
    );
    assert_eq!(details["cancelled"], json!(true));
    details
}

#[test]
fn a_signalled_asker_prints_its_cancelled_result_and_its_form_goes() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Signalled", "inbox");
    term.wait_for("the form", |screen| screen.contains("· Signalled"));
    terminated(asker);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn a_signalled_asker_prints_its_cancelled_result_with_the_answers_picked_in_the_inbox() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Signalled", "inbox");
    term.wait_for_form("the form", |screen| screen.contains("· Signalled"));
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    let details = terminated(asker);
    assert_eq!(
        values(&details),
        &json!(["sqlite"]),
        "the answer picked so far is kept"
    );
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn asking_where_no_inbox_ever_ran_is_a_usage_error_and_makes_no_folder() {
    let runtime = tempfile::tempdir().expect("a runtime folder");
    let ask = |ui: &str| {
        let mut child = Command::new(PROGRAM)
            .args(["ask", "-", "--ui", ui])
            .env("XDG_RUNTIME_DIR", runtime.path())
            .env("HOME", runtime.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the asker starts");
        std::io::Write::write_all(
            &mut child.stdin.take().expect("stdin is piped"),
            arguments("Nowhere").to_string().as_bytes(),
        )
        .expect("the arguments are written");
        child.wait_with_output().expect("the asker ends")
    };
    let inbox = ask("inbox");
    assert_eq!(inbox.status.code(), Some(2));
    assert!(inbox.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&inbox.stderr);
    assert!(
        stderr.contains("no inbox named \"default\" is listening"),
        "{stderr}"
    );
    let auto = ask("auto");
    assert_eq!(auto.status.code(), Some(0));
    let document: Value = serde_json::from_slice(&auto.stdout).expect("one JSON result");
    assert_eq!(document["isError"], json!(false));
    assert!(
        document["content"][0]["text"]
            .as_str()
            .is_some_and(|text| text.starts_with("Needs user input")),
        "{document}"
    );
    let made: Vec<_> = std::fs::read_dir(runtime.path())
        .expect("the folder reads")
        .collect();
    assert!(made.is_empty(), "asking made {made:?}");
}

#[test]
fn an_inbox_name_that_is_no_name_is_a_usage_error_for_the_inbox_and_its_askers() {
    let runtime = tempfile::tempdir().expect("a runtime folder");
    let file = runtime.path().join("arguments.json");
    std::fs::write(&file, arguments("Named").to_string()).expect("written");
    let file = file.to_str().expect("a UTF-8 path");
    for args in [
        &["inbox", "--name", "a/b"][..],
        &["ask", file, "--ui", "inbox", "--inbox", "a/b"][..],
    ] {
        let output = Command::new(PROGRAM)
            .args(args)
            .env("XDG_RUNTIME_DIR", runtime.path())
            .stdin(Stdio::null())
            .output()
            .expect("the program runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("\"a/b\" is not an inbox name"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn an_asker_whose_result_nobody_reads_any_more_takes_its_form_back() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let mut asker = term.asker("First", "inbox");
    term.wait_for_form("the form", |screen| screen.contains("· First"));
    // The host that waited for the result (an agent, Claude Code) goes away.
    drop(asker.stdout.take());
    term.wait_for("the form taken back", |screen| {
        screen.contains("took back its question")
    });
    let status = asker.wait().expect("the asker ends");
    assert_eq!(status.code(), Some(141), "as SIGPIPE would end it");
}

#[test]
fn an_asker_that_reads_nothing_for_a_while_keeps_its_form_and_gets_all_that_was_written() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Pick a database", "inbox");
    term.wait_for_form("the form", |screen| screen.contains("Which database?"));
    let signal = |name: &str| {
        let sent = Command::new("kill")
            .args([name, &asker.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    };
    // Stopped (ctrl+z in its shell), the asker reads nothing while the inbox hands it, a
    // second at a time, more than its connection can hold.
    signal("-STOP");
    term.keys(&["Down", "Down", "Enter"]);
    let line = format!(
        "{}\n",
        "a log line of a build that printed a great deal ".repeat(2)
    );
    // Pastes of 10 KB, as many as tmux takes in one command, 300 KB in all.
    let chunk = line.repeat(100);
    for _ in 0..30 {
        term.term.tmux.paste(&chunk);
    }
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(12) {
        term.term.tmux.text("z");
        std::thread::sleep(Duration::from_millis(500));
    }
    let screen = term.term.tmux.screen();
    assert!(
        screen.contains("Which database?") && !screen.contains("took back"),
        "the form stays while its asker is stopped:\n{screen}"
    );
    signal("-CONT");
    term.keys(&["Enter"]);
    term.wait_for("the review", |screen| screen.contains("Submit"));
    term.keys(&["Enter"]);
    let (document, exit) = finish(asker);
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    let written = details["answers"]["db"]["customText"]
        .as_str()
        .expect("the written answer");
    assert_eq!(
        written.len(),
        30 * chunk.len() + 24,
        "every paste and every key"
    );
    assert!(
        written.ends_with(&"z".repeat(24)),
        "{}",
        &written[written.len() - 40..]
    );
}

/// An inbox lives on after a big form leaves it, so what the form held goes back to the
/// system: its size follows the forms it holds, not the largest it ever held.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_memory_a_big_form_held_goes_back_to_the_system_once_it_is_answered() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let pid: u32 = term.inbox_pid().parse().expect("a process id");
    let resident = || support::status_kib(pid, "VmRSS");
    let idle = resident();
    let options: Vec<Value> = (0..20_000)
        .map(|n| {
            json!({
                "value": format!("v{n}"),
                "label": format!("Option number {n} with a label of some length"),
                "description": format!("A description for option {n} that runs to a fair length")
            })
        })
        .collect();
    let arguments = json!({"title": "Big", "questions": [
        {"id": "q", "prompt": "Pick one of many", "options": options}
    ]});
    let asker = term.run(&["ask", "-", "--ui", "inbox"], Some(&arguments));
    term.wait_for_form("the big form", |screen| screen.contains("Pick one of many"));
    let shown = resident();
    term.keys(&["Enter", "Enter"]);
    let (_, exit) = finish(asker);
    assert_eq!(exit, 0);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
    let after = resident();
    assert!(
        shown > idle + 10_000,
        "the form took memory: {idle} KiB idle, {shown} KiB with it"
    );
    assert!(
        after < idle + (shown - idle) / 4,
        "{idle} KiB idle, {shown} KiB with the form, {after} KiB after it left"
    );
}
