//! One popup from launch to result with a stand-in for the popup's program (it connects, then
//! hands back a result at once or once the caller shuts its side down): cancelled from another
//! thread, as a closed MCP call cancels it, in a private tmux server with a client attached on
//! a pseudo-terminal (`tests/pty_client.py`); and the launch of a host that prints the popup's
//! id (kitty), with a stand-in for `kitten`. Skipped, with a message, where tmux or python3 is
//! not installed.
//!
//! Another test of this process raises SIGTERM, which ends every wait from then on, as it
//! must; so each test here runs again alone, in a process of its own.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use pi_agent_ask_core::contract::{Call, Tool};
use serde_json::json;

use super::*;
use crate::popup::command::run_probe;
use crate::popup::environment::Environment;
use crate::popup::handoff::CallFile;
use crate::popup::launch::TITLE;

/// The popup's stand-in, `python3 -c STAND_IN FOLDER MODE`: connects; with `MODE` `answer`
/// hands back an answer at once, otherwise waits until the caller shuts its side down and
/// hands back a result naming the caller.
const STAND_IN: &str = r#"
import json, os, socket, sys
folder, mode = sys.argv[1], sys.argv[2]
caller = socket.socket(socket.AF_UNIX)
caller.connect(os.path.join(folder, "done.sock"))
open(os.path.join(folder, "connected"), "w").close()
if mode == "answer":
    ended = {"kind": "ended", "result": {"answered": True}, "exit": 0}
else:
    while caller.recv(64):
        pass
    # As the program does, a form ended from outside hands back what it held.
    ended = {"kind": "ended", "result": {"endedBy": "the caller"}, "exit": 143, "kept": []}
caller.sendall(json.dumps(ended).encode())
caller.close()
"#;

/// Whether the test named `test` (in this module) goes on in this process; see
/// [`crate::alone::alone`].
fn alone(test: &str) -> bool {
    crate::alone::alone(&format!("popup::session::tests::{test}"))
}

/// A call and its handoff under `env`'s runtime folder.
fn handed_over(env: &Environment, dir: &Path) -> (Call, Handoff) {
    let arguments = json!({"questions": [{"id": "q", "prompt": "Which?",
        "options": [{"value": "a"}, {"value": "b"}]}]});
    let call = Call::parse(
        Tool::AskUser,
        &arguments,
        pi_agent_ask_core::contract::ask_user::ParseOptions::default(),
        &mut crate::files::FsPreviewSource::new(dir.to_path_buf()),
        || "id-1".to_owned(),
    )
    .expect("a valid call");
    let handed = CallFile {
        tool: "ask_user".to_owned(),
        request_id: Some("id-1".to_owned()),
        arguments: crate::away::ArgumentsText::of(&arguments),
        config: None,
        cwd: dir.to_path_buf(),
        drafts: None,
        images: pi_agent_ask_core::contract::rules::ImagePaste::default(),
    };
    let handoff = Handoff::create(env, &handed).expect("handed over");
    (call, handoff)
}

/// The stand-in run as the popup's program in `mode`.
fn stand_in(handoff: &Handoff, mode: &str) -> Launch {
    Launch {
        program: vec![
            "python3".into(),
            "-c".into(),
            STAND_IN.into(),
            handoff.path().as_os_str().to_owned(),
            mode.into(),
        ],
        env: Vec::new(),
        cwd: None,
        title: TITLE.to_owned(),
    }
}

fn installed(program: &str, version: &str) -> bool {
    Command::new(program)
        .arg(version)
        .output()
        .is_ok_and(|output| output.status.success())
}

/// A tmux server on a socket in `dir`, with a client attached; killed when dropped.
struct Server {
    socket: String,
    client: Child,
}

impl Server {
    fn start(dir: &Path) -> Self {
        let socket = dir.join("tmux.sock").display().to_string();
        let tmux = |args: &[&str]| {
            let done = Command::new("tmux")
                .args(["-S", &socket])
                .args(args)
                .output()
                .expect("tmux runs");
            assert!(done.status.success(), "tmux {args:?} failed");
            String::from_utf8_lossy(&done.stdout).into_owned()
        };
        tmux(&[
            "new-session",
            "-d",
            "-s",
            "main",
            "-x",
            "80",
            "-y",
            "24",
            "sh",
        ]);
        let client = Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pty_client.py"))
            .args([
                "80",
                "24",
                "tmux",
                "-S",
                &socket,
                "attach-session",
                "-t",
                "main",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs");
        let deadline = Instant::now() + Duration::from_secs(10);
        while tmux(&["list-clients"]).trim().is_empty() {
            assert!(Instant::now() < deadline, "the client never attached");
            std::thread::sleep(Duration::from_millis(20));
        }
        Self { socket, client }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-S", &self.socket, "kill-server"])
            .output();
        let _ = self.client.kill();
        let _ = self.client.wait();
    }
}

#[test]
fn a_cancel_from_another_thread_gets_the_result_the_popup_hands_back() {
    if !installed("tmux", "-V") || !installed("python3", "--version") {
        eprintln!("skipped: tmux or python3 is not installed");
        return;
    }
    if !alone("a_cancel_from_another_thread_gets_the_result_the_popup_hands_back") {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let server = Server::start(dir.path());
    let env = Environment::from_pairs([
        ("TMUX", format!("{},1,0", server.socket)),
        ("TMUX_PANE", "%0".to_owned()),
        ("XDG_RUNTIME_DIR", dir.path().display().to_string()),
    ]);
    let host = Host::detect(&env, &run_probe).expect("tmux can open a popup");
    let (call, handoff) = handed_over(&env, dir.path());
    let launch = stand_in(&handoff, "wait");
    let cancel = Cancel::new().expect("a token");
    let asking = cancel.clone();
    let folder = handoff.path().to_path_buf();
    let answer = std::thread::scope(|scope| {
        let asked = scope.spawn(|| run(&host, &handoff, &launch, &call, &asking));
        let deadline = Instant::now() + Duration::from_secs(10);
        while !folder.join("connected").exists() {
            assert!(
                Instant::now() < deadline,
                "the popup's program never connected"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            popup_runs(&server.socket),
            "the program runs elsewhere than a popup"
        );
        let cancelled_at = Instant::now();
        cancel.cancel();
        let answer = asked.join().expect("the ask ends");
        assert!(cancelled_at.elapsed() < Duration::from_secs(3));
        answer
    });
    let answer = answer.expect("a result");
    assert_eq!(answer.ending, PopupEnding::Cancelled);
    assert_eq!(answer.result, json!({"endedBy": "the caller"}));
    assert!(!popup_runs(&server.socket), "the popup is still open");
    drop(handoff);
    assert!(!folder.exists(), "the private folder is left behind");
}

/// Whether the stand-in runs in a popup of the server (its process's parent is the server).
fn popup_runs(socket: &str) -> bool {
    let server = Command::new("tmux")
        .args(["-S", socket, "display-message", "-p", "#{pid}"])
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_default();
    Command::new("pgrep")
        .args(["-P", &server, "-f", "done.sock"])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// A stand-in for `kitten` in `dir`: `launch` starts the program it is given in the
/// background and prints the id 42, `close-window` notes its arguments in `closed.txt`; with
/// `refuse`, every command fails as kitty does without remote control.
fn fake_kitten(dir: &Path, refuse: bool) -> Environment {
    use std::os::unix::fs::PermissionsExt as _;
    let closed = dir.join("closed.txt");
    let script = if refuse {
        "#!/bin/sh\necho 'Error: Remote control is disabled' >&2\nexit 1\n".to_owned()
    } else {
        format!(
            "#!/bin/sh\nshift 3\ncase \"$1\" in\n\
             launch) while [ \"$1\" != python3 ]; do shift; done\n\
             \"$@\" </dev/null >/dev/null 2>&1 &\necho 42 ;;\n\
             close-window) echo \"$@\" >> '{}' ;;\nesac\n",
            closed.display()
        )
    };
    let kitten = dir.join("kitten");
    std::fs::write(&kitten, script).expect("written");
    std::fs::set_permissions(&kitten, std::fs::Permissions::from_mode(0o755)).expect("mode");
    Environment::from_pairs([
        (
            "KITTY_LISTEN_ON",
            format!("unix:{}", dir.join("kitty.sock").display()),
        ),
        ("KITTY_WINDOW_ID", "7".to_owned()),
        ("PATH", dir.display().to_string()),
        ("XDG_RUNTIME_DIR", dir.display().to_string()),
    ])
}

#[test]
fn a_launch_printing_an_id_waits_for_the_program_then_closes_the_window() {
    if !installed("python3", "--version") {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    if !alone("a_launch_printing_an_id_waits_for_the_program_then_closes_the_window") {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let env = fake_kitten(dir.path(), false);
    let host = Host::detect(&env, &run_probe).expect("kitty can open a popup");
    let (call, handoff) = handed_over(&env, dir.path());
    let cancel = Cancel::new().expect("a token");
    let answer = run(
        &host,
        &handoff,
        &stand_in(&handoff, "answer"),
        &call,
        &cancel,
    );
    let answer = answer.expect("a result");
    assert_eq!(answer.ending, PopupEnding::Ended(0));
    assert_eq!(answer.result, json!({"answered": true}));
    let closed = std::fs::read_to_string(dir.path().join("closed.txt")).unwrap_or_default();
    assert_eq!(closed, "close-window --match id:42\n");
}

#[test]
fn a_launch_that_fails_is_a_refusal_with_the_hosts_message() {
    if !alone("a_launch_that_fails_is_a_refusal_with_the_hosts_message") {
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let env = fake_kitten(dir.path(), true);
    let host = Host::detect(&env, &run_probe).expect("kitty is there");
    let (call, handoff) = handed_over(&env, dir.path());
    let cancel = Cancel::new().expect("a token");
    let started = Instant::now();
    let refused = run(
        &host,
        &handoff,
        &stand_in(&handoff, "answer"),
        &call,
        &cancel,
    );
    assert!(
        matches!(&refused, Err(PopupError::Refused { host: "kitty", reason })
            if reason == "Error: Remote control is disabled"),
        "{refused:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
}
