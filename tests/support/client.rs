//! A tmux client attached on a pseudo-terminal the test drives (`tests/pty_client.py`): keys
//! typed into it reach whatever the client shows, popups included, and its screen is read from
//! what it draws (through the `vt100` emulator), where `capture-pane` sees only the panes.

use std::io::{Read as _, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::asking::Asking;
use super::tmux::{DEFAULT_WAIT, Tmux, wait_for_screen};

/// A `width`×`height` terminal with a client attached to it, as popups need; `None` (after
/// saying why) where tmux or python3 is missing.
pub fn attached(width: u16, height: u16) -> Option<(Asking, Client)> {
    let term = Asking::start(width, height)?;
    let client = Client::attach(&term.tmux, width, height)?;
    Some((term, client))
}

/// An attached client; detached (killed) when dropped.
pub struct Client {
    child: Child,
    keys: ChildStdin,
    screen: Arc<Mutex<vt100::Parser>>,
}

impl Client {
    /// Attaches a `width`×`height` client to the terminal's session, or returns `None` (with
    /// a message) without python3.
    pub fn attach(tmux: &Tmux, width: u16, height: u16) -> Option<Self> {
        Self::attach_as(tmux, width, height, &[])
    }

    /// [`Client::attach`], read-only (`attach-session -r`): it shows the session and cannot
    /// type into it.
    pub fn attach_read_only(tmux: &Tmux, width: u16, height: u16) -> Option<Self> {
        Self::attach_as(tmux, width, height, &["-r"])
    }

    /// [`Client::attach`] with more arguments to `attach-session`.
    fn attach_as(tmux: &Tmux, width: u16, height: u16, flags: &[&str]) -> Option<Self> {
        let python = Command::new("python3").arg("--version").output();
        if !python.is_ok_and(|output| output.status.success()) {
            eprintln!("skipped: python3 is not installed, so tests/pty_client.py cannot run");
            return None;
        }
        let socket = tmux.run(&["display-message", "-p", "#{socket_path}"]);
        let mut child = Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pty_client.py"))
            .args([&width.to_string(), &height.to_string()])
            .args(["tmux", "-S", socket.trim(), "attach-session", "-t", "main"])
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 runs the client");
        let keys = child.stdin.take().expect("stdin is piped");
        let mut output = child.stdout.take().expect("stdout is piped");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(height, width, 0)));
        let drawn = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut chunk = [0; 8192];
            while let Ok(read) = output.read(&mut chunk) {
                if read == 0 {
                    break;
                }
                drawn
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .process(&chunk[..read]);
            }
        });
        let client = Self {
            child,
            keys,
            screen,
        };
        let deadline = Instant::now() + DEFAULT_WAIT;
        while tmux.run(&["list-clients"]).trim().is_empty() {
            assert!(Instant::now() < deadline, "the client never attached");
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(client)
    }

    /// What the client shows now, as text.
    pub fn screen(&self) -> String {
        self.screen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .screen()
            .contents()
    }

    /// Waits until the client's screen satisfies `ready`, and returns it; panics with the
    /// last screen after [`DEFAULT_WAIT`].
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        wait_for_screen(&format!("{what} on the client"), || self.screen(), ready)
    }

    /// Waits until the client shows a form that opened unbidden (`ready`: a popup), then until
    /// it takes keys: the typing pause it waits for ([`super::let_it_settle`]).
    pub fn wait_for_form(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let screen = self.wait_for(what, ready);
        super::let_it_settle();
        screen
    }

    /// Waits for the form's review and submits from it, as its first action does.
    pub fn submit_from_the_review(&mut self) {
        self.wait_for_the_review();
        self.type_bytes(b"\r");
    }

    /// Waits for the form's review.
    pub fn wait_for_the_review(&self) {
        self.wait_for("the review", |screen| {
            screen.contains("Review your answers")
        });
    }

    /// Waits for `prompt` in a popup of two options, opens its `Type your own` row (down, down,
    /// enter) and types `text` into it, waiting until it shows.
    pub fn write_own_answer(&mut self, prompt: &str, text: &str) {
        self.wait_for_form("the popup's question", |screen| screen.contains(prompt));
        self.type_bytes(b"\x1b[B\x1b[B\r");
        self.wait_for("the written answer's editor", |screen| {
            screen.contains("Type your answer")
        });
        self.type_bytes(text.as_bytes());
        self.wait_for("the typed text", |screen| screen.contains(text));
    }

    /// Types bytes into the client's terminal, as a person at it would.
    pub fn type_bytes(&mut self, bytes: &[u8]) {
        self.keys.write_all(bytes).expect("the client takes keys");
        self.keys.flush().expect("the keys are sent");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
