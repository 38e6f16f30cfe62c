//! The Pi extension package in `integrations/pi/` against the real Pi from npm
//! (`@mariozechner/pi-coding-agent`) and this program: its own tests (`npm test`: a type check
//! against Pi's published types, then Pi loading the package and a scripted model's tool calls
//! answered through Pi's dialogs and in Pi's RPC mode, without a UI, and with the program
//! missing), and Pi's interactive TUI in a real terminal (tmux): an `ask_user` call answered on
//! the program's questionnaire and journaled in Pi's session file, then `/ask-settings`, and a
//! call whose turn Pi aborts while the form is open.
//!
//! The package's dependencies are installed with `npm ci` on first use (the registry must be
//! reachable then); only a machine without `node` and `npm` skips these tests, and one without
//! tmux the terminal test.

#![cfg(unix)]

mod support;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::tmux::{self, Tmux};

/// How long Pi may take to start, load the package and show the program's form, on a machine
/// that is busy with other builds.
const PI_WAIT: Duration = Duration::from_secs(40);

/// The package folder with its dependencies installed, or `None` (after saying so) where
/// `node` or `npm` is missing. One test process runs `npm ci` while the others wait on a lock.
fn node_package() -> Option<PathBuf> {
    for tool in ["node", "npm"] {
        let runs = Command::new(tool).arg("--version").output();
        if !runs.is_ok_and(|output| output.status.success()) {
            eprintln!("skipped: {tool} is not installed, so the Pi extension cannot be tested");
            return None;
        }
    }
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("integrations/pi");
    let lock = File::create(Path::new(env!("CARGO_TARGET_TMPDIR")).join("pi-extension-npm.lock"))
        .expect("the lock file is made");
    lock.lock().expect("the lock is taken");
    if !package.join("node_modules").is_dir() {
        let installed = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&package)
            .output()
            .expect("npm runs");
        assert!(
            installed.status.success(),
            "npm ci in {} failed (the npm registry must be reachable):\n{}",
            package.display(),
            output_text(&installed)
        );
    }
    Some(package)
}

fn output_text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn pi_loads_the_extension_and_the_program_answers_its_tool_calls() {
    let Some(package) = node_package() else {
        return;
    };
    let output = support::without_surfaces(&mut Command::new("npm"))
        .arg("test")
        .current_dir(&package)
        .env("PI_AGENT_ASK_BIN", env!("CARGO_BIN_EXE_pi-agent-ask"))
        .output()
        .expect("npm runs");
    assert!(
        output.status.success(),
        "npm test in {} failed:\n{}",
        package.display(),
        output_text(&output)
    );
}

/// Polls `ready` until it gives a value, or panics after [`PI_WAIT`] with the screen.
fn wait_long<T>(term: &Tmux, what: &str, ready: impl Fn() -> Option<T>) -> T {
    let deadline = Instant::now() + PI_WAIT;
    loop {
        if let Some(value) = ready() {
            return value;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; the screen was:\n{}",
            term.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The custom entries of the session file Pi named in its report.
fn custom_entries(report: &Value) -> Vec<Value> {
    let file = report["sessionFile"]
        .as_str()
        .expect("Pi names its session file");
    std::fs::read_to_string(file)
        .expect("the session file reads")
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|entry| entry["type"] == "custom")
        .collect()
}

fn custom_types(entries: &[Value]) -> Vec<&str> {
    entries
        .iter()
        .filter_map(|entry| entry["customType"].as_str())
        .collect()
}

const PROMPT: &str = "Which cache should the service use?";

/// Pi's interactive TUI (`integrations/pi/test/pi-host.mjs`) in a tmux terminal, its model
/// calling `ask_user` with one question.
struct PiTui {
    term: Tmux,
    /// Pi's working, agent and session folder.
    root: PathBuf,
    /// The file Pi's host writes when the turn ends.
    report: PathBuf,
    /// The extension's package, where Pi's host runs.
    package: PathBuf,
}

/// How Pi starts in the test's folder.
#[derive(Clone, Copy)]
enum Launch {
    /// A new session, prompted so that the model asks at once.
    Prompted,
    /// The session it left there, continued without a prompt.
    Continuing,
    /// The session it left there, continued with a prompt: the model calls `ask_user` as
    /// `call-2` at once.
    ContinuingPrompted,
}

impl PiTui {
    /// Starts Pi and waits until the program's questionnaire is on the terminal, or `None` (after
    /// saying so) where node, npm or tmux is missing.
    fn start() -> Option<Self> {
        let package = node_package()?;
        if !tmux::available() {
            eprintln!("skipped: tmux is not installed, so Pi's TUI cannot be driven");
            return None;
        }
        let term = Tmux::start(100, 30);
        let root = term.path("pi");
        std::fs::create_dir(&root).expect("Pi's folder is made");
        let arguments = json!({"questions": [{"id": "cache", "label": "Cache", "prompt": PROMPT,
            "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]}]});
        std::fs::write(root.join("arguments.json"), arguments.to_string())
            .expect("the arguments are written");
        let report = term.path("report.json");
        let pi = Self {
            term,
            root,
            report,
            package,
        };
        pi.launch(Launch::Prompted);
        pi.wait_for_form();
        Some(pi)
    }

    /// Runs Pi in the terminal's shell, its report of an earlier run gone.
    fn launch(&self, launch: Launch) {
        let _ = std::fs::remove_file(&self.report);
        let continuing = match launch {
            Launch::Prompted => "",
            Launch::Continuing => "PI_TEST_CONTINUE=1 ",
            Launch::ContinuingPrompted => "PI_TEST_CONTINUE=1 PI_TEST_PROMPT=1 ",
        };
        self.term.type_line(&format!(
            "cd {} && env -u TMUX -u TMUX_PANE XDG_RUNTIME_DIR={} PI_AGENT_ASK_BIN={} \
             PI_TEST_ROOT={} PI_TEST_REPORT={} {continuing}node test/pi-host.mjs",
            self.package.display(),
            self.term.path("no-runtime-folder").display(),
            env!("CARGO_BIN_EXE_pi-agent-ask"),
            self.root.display(),
            self.report.display()
        ));
    }

    /// Waits until the program's questionnaire is on Pi's terminal, ready for keys.
    fn wait_for_form(&self) {
        self.wait_for_text("the program's form on Pi's terminal", PROMPT);
        // Pi opens the form unbidden: it takes keys once the typing has paused.
        support::let_it_settle();
    }

    fn wait_for_text(&self, what: &str, text: &str) -> String {
        wait_long(&self.term, what, || {
            let screen = self.term.screen();
            screen.contains(text).then_some(screen)
        })
    }

    /// Pi's report once the agent's turn has ended.
    fn report(&self) -> Value {
        wait_long(&self.term, "Pi's report of the turn", || {
            std::fs::read_to_string(&self.report)
                .ok()
                .and_then(|text| serde_json::from_str(&text).ok())
        })
    }

    /// Opens the written answer's editor and types `text` in it, and waits until it shows.
    fn type_an_answer(&self, text: &str) {
        self.term.keys(&["3"]);
        self.wait_for_text("the written answer's editor", "Type your answer");
        self.term.text(text);
        self.wait_for_text("the typed text", text);
    }

    /// Ends Pi with ctrl+d in its empty editor and waits for the shell. A closed form shows
    /// Pi's screen at once, but Pi reads keys again only once the program has ended and Pi's TUI
    /// has made the terminal raw again: a ctrl+d sent before is the line discipline's end of
    /// file, lost to Pi.
    fn exit(&self) {
        wait_long(&self.term, "Pi's TUI to take its terminal back", || {
            (!self.term.runs_in_session("pi-agent-ask") && self.term.line_editing_is_off())
                .then_some(())
        });
        self.term.keys(&["C-d"]);
        wait_long(&self.term, "Pi to exit to the shell", || {
            self.term.shell_is_idle().then_some(())
        });
    }
}

#[test]
fn in_pis_tui_an_ask_and_the_settings_open_on_its_terminal_and_the_ask_is_journaled() {
    let Some(pi) = PiTui::start() else {
        return;
    };
    let term = &pi.term;
    term.keys(&["Down", "Enter"]);
    pi.wait_for_text("the review tab", "Review your answers");
    term.keys(&["Enter"]);
    let report = pi.report();
    // The call's row and the result's are worded by the program (`transcript --json`).
    let screen = wait_long(term, "Pi's TUI drawn again with the answer", || {
        let screen = term.screen();
        (screen.contains("ask_user 1 question(s) (Cache)")
            && screen.contains("✓ Cache: None")
            && screen.contains("Noted."))
        .then_some(screen)
    });
    assert!(
        !screen.contains(PROMPT),
        "the form is gone once answered:\n{screen}"
    );

    let result = &report["toolResult"];
    assert_eq!(result["toolCallId"], json!("call-1"));
    assert_eq!(result["isError"], json!(false));
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.starts_with("Cache: None\nRequest ID: "), "{text}");
    assert_eq!(
        result["details"]["answers"],
        json!({"cache": {"values": ["none"], "labels": ["None"], "indices": [2]}})
    );
    let entries = custom_entries(&report);
    assert_eq!(
        custom_types(&entries),
        [
            "ask:payload",
            "ask:history-request",
            "ask:history-completed"
        ]
    );
    assert_eq!(entries[1]["data"]["toolCallId"], json!("call-1"));
    assert_eq!(
        entries[1]["data"]["requestId"],
        result["details"]["requestId"]
    );
    assert_eq!(
        report["events"],
        json!([
            {"channel": "herdr:blocked",
                "data": {"active": true, "label": "Waiting for user response"}},
            {"channel": "herdr:blocked", "data": {"active": false}}
        ]),
        "Pi hears that the agent is blocked on the person while the form holds the terminal"
    );

    // `/ask-settings` opens the program's settings on the same terminal; a toggle is saved at once.
    term.text("/ask-settings");
    pi.wait_for_text("the command in Pi's editor", "/ask-settings");
    term.keys(&["Enter"]);
    pi.wait_for_text(
        "the settings on Pi's terminal",
        "Auto-submit when answered without notes",
    );
    assert!(
        term.runs_in_session("pi-agent-ask"),
        "the settings are the program's, run below Pi"
    );
    term.keys(&["Enter"]);
    let settings_file = pi.root.join("extensions/pi-agent-ask.json");
    let settings: Value = wait_long(term, "the toggle saved", || {
        std::fs::read_to_string(&settings_file)
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
            .filter(|settings| {
                settings["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"] == json!(true)
            })
    });
    assert_eq!(
        settings["behaviour"]["confirmDismissWhenDirty"],
        json!(true)
    );
    term.keys(&["Escape"]);
    wait_long(term, "Pi's TUI drawn again after the settings", || {
        let screen = term.screen();
        (screen.contains("Noted.") && !screen.contains("Auto-submit")).then_some(())
    });

    pi.exit();
}

#[test]
fn aborting_pis_turn_ends_the_form_with_what_was_typed_and_gives_pi_its_terminal_back() {
    let Some(pi) = PiTui::start() else {
        return;
    };
    pi.type_an_answer("a local LRU");
    std::fs::write(pi.root.join("abort"), "").expect("the abort file is written");
    let report = pi.report();
    let screen = pi.wait_for_text("Pi's TUI drawn again", "✓ Cache: (wrote) a local LRU");
    assert!(
        screen.contains("Cancelled"),
        "the result's row says so:\n{screen}"
    );
    assert!(
        !screen.contains("Type your answer"),
        "the form is gone once aborted:\n{screen}"
    );

    let result = &report["toolResult"];
    assert_eq!(result["isError"], json!(false));
    let details = &result["details"];
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(
        details["answers"]["cache"]["customText"],
        json!("a local LRU")
    );
    assert_eq!(
        custom_types(&custom_entries(&report)),
        ["ask:payload", "ask:history-request", "ask:drafts"],
        "the interrupted ask stays open in Pi's session, to resume"
    );
    pi.exit();
}

/// Pi started, its form given `typed` as the written answer, then Pi ended with SIGTERM: the
/// form ends with it, the shell gets its screen back, and what was typed is journaled.
fn ended_by_sigterm_after_typing(typed: &str) -> Option<PiTui> {
    let pi = PiTui::start()?;
    pi.type_an_answer(typed);
    pi.end_with_sigterm();
    assert_eq!(
        pi.term.pane_var("alternate_on"),
        "0",
        "the shell is back on the main screen:\n{}",
        pi.term.screen()
    );
    let entries = custom_entries(&json!({"sessionFile": pi.session_file().display().to_string()}));
    let drafts = entries
        .iter()
        .find(|entry| entry["customType"] == "ask:drafts")
        .unwrap_or_else(|| panic!("the typed answer is journaled: {entries:?}"));
    assert!(
        drafts.to_string().contains(typed),
        "the drafts hold what was typed: {drafts}"
    );
    Some(pi)
}

impl PiTui {
    /// Ends Pi with SIGTERM and waits for the shell, and for the form to end with Pi.
    fn end_with_sigterm(&self) {
        let pid = std::fs::read_to_string(self.root.join("pid")).expect("Pi wrote its process id");
        let killed = std::process::Command::new("kill")
            .args(["-TERM", pid.trim()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        wait_long(&self.term, "Pi to exit to the shell", || {
            self.term.shell_is_idle().then_some(())
        });
        let root = self.root.display().to_string();
        wait_long(&self.term, "the form to end with Pi", || {
            let found = std::process::Command::new("pgrep")
                .args(["-f", "--", &format!("--session {root}")])
                .output()
                .expect("pgrep runs");
            found.stdout.is_empty().then_some(())
        });
    }

    /// Pi's session file.
    fn session_file(&self) -> PathBuf {
        session_file(&self.root.join("sessions")).expect("Pi's session file")
    }

    /// Submits the open form from its review tab, its answers as they are.
    fn submit_as_it_is(&self) {
        self.term.keys(&["Tab"]);
        self.wait_for_text("the review tab", "Review your answers");
        self.term.keys(&["Enter"]);
    }

    /// Checks that the turn Pi ran took in the answer to the interrupted `call-1` as a
    /// follow-up message, then, once Pi has ended, that nothing is left to reopen.
    fn assert_first_answer_delivered_once(&self) {
        let report = self.report();
        let follow_up = report["followUp"]["content"].to_string();
        assert!(
            follow_up.contains(
                "The answer to the interrupted ask_user call call-1:\\nCache: a local LRU"
            ),
            "{follow_up}"
        );
        self.exit();
        self.assert_nothing_to_reopen();
    }

    /// Checks, once Pi has ended, that its session has no ask left to reopen.
    fn assert_nothing_to_reopen(&self) {
        let resumed = support::run_program(
            &[
                "resume".into(),
                "--session".into(),
                self.session_file().display().to_string(),
                "--ui".into(),
                "none".into(),
            ],
            None,
        );
        assert_eq!(
            serde_json::from_str::<Value>(&resumed.stdout).ok(),
            Some(json!({"recovered": false})),
            "{}{}",
            resumed.stdout,
            resumed.stderr
        );
    }
}

#[test]
fn pi_ended_by_sigterm_while_the_form_is_open_ends_the_form_too_and_pi_started_again_reopens_it_once()
 {
    let Some(pi) = ended_by_sigterm_after_typing("a local LRU") else {
        return;
    };
    // Pi started again on the session: the form opens by itself with what was typed, and its
    // answer reaches the agent as a follow-up message, since the call that asked is gone.
    pi.launch(Launch::Continuing);
    pi.wait_for_form();
    pi.wait_for_text("the typed answer, kept", "a local LRU");
    pi.submit_as_it_is();
    pi.assert_first_answer_delivered_once();
}

/// An interrupted ask reopened as Pi continues its session with a prompt: the reopened form
/// comes first and is answered as it was left, then the agent's new call, which waited for it,
/// opens its own form, empty.
fn reopened_and_answered_with_a_new_call_waiting() -> Option<PiTui> {
    let pi = ended_by_sigterm_after_typing("a local LRU")?;
    pi.launch(Launch::ContinuingPrompted);
    pi.wait_for_form();
    let screen = pi.wait_for_text("the reopened form, first", "a local LRU");
    assert!(screen.contains(PROMPT), "{screen}");
    pi.submit_as_it_is();
    wait_long(&pi.term, "the new call's form", || {
        let screen = pi.term.screen();
        (screen.contains(PROMPT) && !screen.contains("a local LRU")).then_some(())
    });
    Some(pi)
}

#[test]
fn a_call_the_agent_makes_as_pi_starts_again_waits_for_the_reopened_form() {
    let Some(pi) = reopened_and_answered_with_a_new_call_waiting() else {
        return;
    };
    support::let_it_settle();
    pi.term.keys(&["Down", "Enter"]);
    pi.wait_for_text("the review tab", "Review your answers");
    pi.term.keys(&["Enter"]);
    let report = pi.report();
    assert_eq!(report["toolResult"]["toolCallId"], json!("call-2"));
    let text = report["toolResult"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.starts_with("Cache: None\nRequest ID: "), "{text}");
    pi.exit();
    let session = std::fs::read_to_string(pi.session_file()).expect("the session reads");
    assert!(
        session.contains("The answer to the interrupted ask_user call call-1:"),
        "the reopened call's answer went to the agent"
    );
    pi.assert_nothing_to_reopen();
}

#[test]
fn a_call_waiting_behind_the_reopened_form_is_answered_cancelled_as_soon_as_its_turn_is_aborted() {
    let Some(pi) = ended_by_sigterm_after_typing("a local LRU") else {
        return;
    };
    pi.launch(Launch::ContinuingPrompted);
    pi.wait_for_form();
    pi.wait_for_text("the reopened form", "a local LRU");
    // The agent's call, `call-2`, is made as Pi starts and waits behind the reopened form.
    support::let_it_settle();
    support::let_it_settle();
    std::fs::write(pi.root.join("abort"), "").expect("the abort file is written");
    let report = pi.report();
    assert_eq!(report["toolResult"]["toolCallId"], json!("call-2"));
    let text = report["toolResult"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.starts_with("User cancelled the ask flow\nRequest ID: "),
        "{text}"
    );
    assert!(
        pi.term.screen().contains("a local LRU"),
        "the reopened form is still open, its answer still to come:\n{}",
        pi.term.screen()
    );
    pi.submit_as_it_is();
    wait_long(&pi.term, "Pi's TUI again", || {
        (!pi.term.screen().contains("Review your answers")).then_some(())
    });
    pi.exit();
}

/// The first `.jsonl` file under `folder`, however deep.
fn session_file(folder: &std::path::Path) -> Option<PathBuf> {
    std::fs::read_dir(folder)
        .ok()?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find_map(|path| {
            if path.is_dir() {
                session_file(&path)
            } else {
                path.extension()
                    .is_some_and(|extension| extension == "jsonl")
                    .then_some(path)
            }
        })
}

#[test]
fn an_answer_to_a_reopened_ask_that_pi_ended_before_delivering_is_given_again() {
    // The reopened form answered while the agent's new call waits: the answer is queued as a
    // follow-up, and Pi ends before the agent takes it in.
    let Some(pi) = reopened_and_answered_with_a_new_call_waiting() else {
        return;
    };
    pi.end_with_sigterm();
    // The next start reopens the newest interrupted call, the agent's new one.
    pi.launch(Launch::Continuing);
    pi.wait_for_form();
    pi.submit_as_it_is();
    let report = pi.report();
    assert!(
        report["followUp"]["content"]
            .to_string()
            .contains("The answer to the interrupted ask_user call call-2:"),
        "{report}"
    );
    pi.exit();
    // The start after it gives the first answer again, with no form to fill in a second time.
    pi.launch(Launch::Continuing);
    pi.assert_first_answer_delivered_once();
}
