//! The answer inbox in a real terminal: `pi-agent-ask inbox` runs in a tmux pane, askers are
//! processes with no terminal of their own (`ask --ui inbox`, or `auto`), and the keys sent to
//! the pane answer them; each asker prints its result on its own standard output. Every test
//! gives the programs a private `XDG_RUNTIME_DIR`, so no test meets a real inbox. Skipped, with
//! a message, where tmux is not installed.

mod support;

use std::io::Write as _;
use std::os::unix::fs::DirBuilderExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::{Asking, read_result};

const PROGRAM: &str = env!("CARGO_BIN_EXE_pi-agent-ask");
const IDLE: &str = "Nothing is waiting";

fn arguments(title: &str) -> Value {
    json!({
        "title": title,
        "questions": [{
            "id": "db", "label": "Database", "prompt": "Which database?",
            "options": [
                {"value": "pg", "label": "Postgres"},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]
    })
}

/// A terminal with its private runtime folder.
struct Terminal {
    term: Asking,
    runtime: PathBuf,
}

impl Terminal {
    fn start() -> Option<Self> {
        let term = Asking::start(100, 30)?;
        let runtime = term.tmux.path("run");
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&runtime)
            .expect("the runtime folder is made");
        Some(Self { term, runtime })
    }

    /// Starts `pi-agent-ask inbox` in the pane and waits for its idle screen; the inbox's
    /// process id goes to `inbox.pid`, its exit status to the screen.
    fn open_inbox(&self) {
        self.term.tmux.type_line(&format!(
            "clear; XDG_RUNTIME_DIR=\"$PWD/run\" HOME=\"$PWD\" bash -c \
             'echo $$ > inbox.pid; exec \"$0\" \"$@\"' {PROGRAM} inbox \
             --config \"$PWD/settings.json\"; echo \"inbox-exit=$?\"",
        ));
        self.term.tmux.wait_for_text(IDLE);
    }

    fn inbox_pid(&self) -> String {
        std::fs::read_to_string(self.term.tmux.path("inbox.pid"))
            .expect("the inbox wrote its process id before its first frame")
            .trim()
            .to_owned()
    }

    /// An asker in a process group of its own with no terminal on any of its descriptors.
    fn asker(&self, title: &str, ui: &str) -> Child {
        let mut child = Command::new(PROGRAM)
            .args(["ask", "-", "--ui", ui])
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .env("HOME", self.term.tmux.dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("the asker starts");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        stdin
            .write_all(arguments(title).to_string().as_bytes())
            .expect("the arguments are written");
        child
    }

    fn keys(&self, keys: &[&str]) {
        self.term.tmux.keys(keys);
    }

    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        self.term.tmux.wait_for(what, ready)
    }

    /// The label line of the form shown: the screen's first line.
    fn label(&self) -> String {
        self.term
            .tmux
            .screen()
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned()
    }
}

/// Waits (at most ten seconds) for an asker to end; its result document and exit status.
fn finish(child: Child) -> (Value, i32) {
    let (sent, received) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sent.send(child.wait_with_output());
    });
    let output = received
        .recv_timeout(Duration::from_secs(10))
        .expect("the asker ends in time")
        .expect("the asker's output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let document = serde_json::from_str(&stdout).unwrap_or_else(|error| {
        panic!(
            "the asker printed no JSON result ({error}):\n{stdout}\nstderr:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (document, output.status.code().unwrap_or(-1))
}

fn values(details: &Value) -> &Value {
    &details["answers"]["db"]["values"]
}

#[test]
fn an_ask_from_a_detached_process_is_answered_by_keys_in_the_inbox_pane() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Pick a database", "inbox");
    term.wait_for("the form", |screen| screen.contains("Which database?"));
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
    term.open_inbox();
    let first = term.asker("First", "inbox");
    term.wait_for("the first form", |screen| screen.contains("· First"));
    let second = term.asker("Second", "inbox");
    term.wait_for("two waiting", |screen| screen.contains("1 more waiting"));
    let third = term.asker("Third", "inbox");
    term.wait_for("three waiting", |screen| screen.contains("2 more waiting"));
    assert!(term.label().ends_with("· First · 2 more waiting"));

    term.keys(&["Enter", "Enter"]);
    term.wait_for("the second form", |screen| {
        screen.contains("· Second · 1 more waiting")
    });
    term.keys(&["Down", "Enter", "Enter"]);
    term.wait_for("the third form", |screen| screen.contains("· Third"));
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
fn killing_an_asker_withdraws_its_form_at_once() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let mut first = term.asker("First", "inbox");
    term.wait_for("the first form", |screen| screen.contains("· First"));
    let second = term.asker("Second", "inbox");
    term.wait_for("two waiting", |screen| screen.contains("1 more waiting"));
    first.kill().expect("the asker is killed");
    first.wait().expect("the asker ended");
    term.wait_for("the second form in its place", |screen| {
        screen.contains("· Second") && !screen.contains("First")
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
    term.open_inbox();
    let first = term.asker("First", "inbox");
    term.wait_for("the first form", |screen| screen.contains("· First"));
    let second = term.asker("Second", "inbox");
    term.wait_for("two waiting", |screen| screen.contains("1 more waiting"));
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
    term.wait_for("the form", |screen| screen.contains("· Detached"));
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

/// Sends one ask over the wire, as any client of the protocol may.
fn connect_and_ask(term: &Terminal, id: &str, title: &str) -> std::os::unix::net::UnixStream {
    let socket = term.runtime.join("pi-agent-ask").join("inbox-default.sock");
    let mut stream = std::os::unix::net::UnixStream::connect(socket).expect("the inbox listens");
    let line = json!({
        "v": 1, "type": "ask", "id": id, "tool": "ask_user",
        "arguments": arguments(title), "settings": null,
        "origin": {"program": "retrying-agent", "cwd": "/work/retry", "pid": 1}
    });
    stream
        .write_all(format!("{line}\n").as_bytes())
        .expect("the ask is sent");
    stream
}

#[test]
fn an_asker_reconnecting_with_the_same_id_finds_the_form_as_it_was_left() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let stream = connect_and_ask(&term, "retry-1", "Retried");
    term.wait_for("the form", |screen| screen.contains("· Retried"));
    assert!(term.label().starts_with("retrying-agent in /work/retry"));
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    drop(stream);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));

    let stream = connect_and_ask(&term, "retry-1", "Retried");
    term.wait_for("the form again, as it was", |screen| {
        screen.contains("· Retried") && screen.contains("(•) SQLite")
    });
    term.keys(&["Tab", "Enter"]);
    let mut reply = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stream), &mut reply)
        .expect("the reply is read");
    let reply: Value = serde_json::from_str(&reply).expect("one JSON line");
    assert_eq!(reply["v"], json!(1));
    assert_eq!(reply["type"], json!("result"));
    assert_eq!(reply["id"], json!("retry-1"));
    assert_eq!(reply["result"]["details"]["requestId"], json!("retry-1"));
    assert_eq!(values(&reply["result"]["details"]), &json!(["sqlite"]));
}

#[test]
fn a_line_the_inbox_cannot_take_gets_a_structured_error() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let socket = term.runtime.join("pi-agent-ask").join("inbox-default.sock");
    let mut stream = std::os::unix::net::UnixStream::connect(socket).expect("the inbox listens");
    stream
        .write_all(b"{\"v\":2,\"type\":\"ask\"}\nnot json\n")
        .expect("sent");
    let mut reader = std::io::BufReader::new(stream);
    for expected in [
        "protocol version 2 is not supported; this program speaks version 1",
        "the line is not a JSON object",
    ] {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut reader, &mut line).expect("a reply");
        let reply: Value = serde_json::from_str(&line).expect("one JSON line");
        assert_eq!(reply, json!({"v": 1, "type": "error", "message": expected}));
    }
    assert!(term.term.tmux.screen().contains(IDLE));
}

#[test]
fn a_signalled_asker_prints_its_cancelled_result_and_its_form_goes() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let asker = term.asker("Signalled", "inbox");
    term.wait_for("the form", |screen| screen.contains("· Signalled"));
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
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}
