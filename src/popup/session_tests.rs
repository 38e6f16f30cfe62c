//! A popup cancelled from another thread, as a closed MCP call cancels it: in a private tmux
//! server with a client attached on a pseudo-terminal (`tests/pty_client.py`), a stand-in for
//! the popup's program that holds the connection, and on its end writes a result and exits.
//! Skipped, with a message, where tmux or python3 is not installed.

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

/// The popup's stand-in: connects, waits until the caller shuts its side down, then hands
/// back a result naming how it ended.
const STAND_IN: &str = r#"
import json, os, socket, sys
folder = sys.argv[1]
caller = socket.socket(socket.AF_UNIX)
caller.connect(os.path.join(folder, "done.sock"))
open(os.path.join(folder, "connected"), "w").close()
while caller.recv(64):
    pass
with open(os.path.join(folder, "result.json.part"), "w") as part:
    json.dump({"kind": "ended", "result": {"endedBy": "the caller"}, "exit": 143}, part)
os.rename(os.path.join(folder, "result.json.part"), os.path.join(folder, "result.json"))
"#;

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

/// Set in the process the test reruns itself in.
const ALONE: &str = "PI_AGENT_ASK_TEST_ALONE";

#[test]
fn a_cancel_from_another_thread_ends_the_popup_with_the_result_its_program_hands_back() {
    if !installed("tmux", "-V") || !installed("python3", "--version") {
        eprintln!("skipped: tmux or python3 is not installed");
        return;
    }
    // Another test of this process raises SIGTERM, which ends every wait from then on: the
    // test runs again alone in a process of its own.
    if std::env::var_os(ALONE).is_none() {
        let alone = Command::new(std::env::current_exe().expect("the test program"))
            .args([
                "popup::session::tests::a_cancel_from_another_thread",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ALONE, "1")
            .output()
            .expect("the test program runs");
        let report = String::from_utf8_lossy(&alone.stdout);
        assert!(
            alone.status.success() && report.contains("1 passed"),
            "{report}\n{}",
            String::from_utf8_lossy(&alone.stderr)
        );
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
    let arguments = json!({"questions": [{"id": "q", "prompt": "Which?",
        "options": [{"value": "a"}, {"value": "b"}]}]});
    let call = Call::parse(
        Tool::AskUser,
        &arguments,
        pi_agent_ask_core::contract::ask_user::ParseOptions::default(),
        &mut crate::files::FsPreviewSource::new(dir.path().to_path_buf()),
        || "id-1".to_owned(),
    )
    .expect("a valid call");
    let handed = CallFile {
        tool: "ask_user".to_owned(),
        request_id: Some("id-1".to_owned()),
        arguments,
        config: None,
    };
    let handoff = Handoff::create(&env, &handed).expect("handed over");
    let launch = Launch {
        program: ["python3", "-c", STAND_IN]
            .map(std::ffi::OsString::from)
            .into_iter()
            .chain([handoff.path().as_os_str().to_owned()])
            .collect(),
        env: Vec::new(),
        cwd: None,
        title: TITLE.to_owned(),
    };
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
