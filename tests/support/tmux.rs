//! A real terminal for tests: a private tmux server with one pane running a shell.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a test waits for the screen to show what it expects.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(10);

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// Whether tmux can be run here.
pub fn available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// A tmux server of its own with one session; killed when dropped.
pub struct Tmux {
    socket: String,
    /// A folder for this terminal's files (results, settings), removed when dropped.
    pub dir: tempfile::TempDir,
}

impl Tmux {
    /// Starts a `width`×`height` terminal running a plain `bash` with a `$ ` prompt.
    pub fn start(width: u16, height: u16) -> Self {
        let socket = format!(
            "pi-agent-ask-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let dir = tempfile::tempdir().expect("a temporary folder");
        // The shell's programs keep their state (an MCP server's journal) in the terminal's
        // folder, never in the user's.
        let shell = format!(
            "env PS1='$ ' TERM=xterm-256color XDG_STATE_HOME='{}/state' bash --norc --noprofile",
            dir.path().display()
        );
        let tmux = Self { socket, dir };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "main",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            &shell,
        ]);
        tmux.wait_for("the shell prompt", |screen| {
            screen.lines().any(|line| line.starts_with('$'))
        });
        tmux
    }

    /// The name of this server's socket (`tmux -L NAME`), for a program that drives the
    /// terminal itself.
    pub fn socket(&self) -> &str {
        &self.socket
    }

    /// Runs a tmux command on this server and returns its standard output.
    pub fn run(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Types a command line into the shell and presses Enter.
    pub fn type_line(&self, line: &str) {
        self.run(&["send-keys", "-t", "main", "-l", line]);
        self.run(&["send-keys", "-t", "main", "Enter"]);
    }

    /// Sends tmux key names (`Down`, `Enter`, `C-c`, `Space`, `BTab`, …).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types text literally.
    pub fn text(&self, text: &str) {
        self.run(&["send-keys", "-t", "main", "-l", text]);
    }

    /// Sends raw bytes, one key each, the way a terminal passes on whatever arrives: a cut
    /// escape sequence, a lone UTF-8 lead byte.
    pub fn bytes(&self, bytes: &[u8]) {
        let hex: Vec<String> = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        let mut args = vec!["send-keys", "-t", "main", "-H"];
        args.extend(hex.iter().map(String::as_str));
        self.run(&args);
    }

    /// Opens a window named `name` in the background running `command` on its own, with no
    /// shell waiting on it: the command's process group has no job control.
    pub fn open_window(&self, name: &str, command: &str) {
        let dir = self.dir.path().display().to_string();
        self.run(&["new-window", "-d", "-n", name, "-c", &dir, command]);
    }

    /// The visible screen of the window named `name`.
    pub fn window_screen(&self, name: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", &format!("main:{name}")])
    }

    /// Sends tmux key names to the window named `name`.
    pub fn window_keys(&self, name: &str, keys: &[&str]) {
        let target = format!("main:{name}");
        let mut args = vec!["send-keys", "-t", &target];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits until the window named `name` shows `text`, and returns its screen.
    pub fn wait_for_window_text(&self, name: &str, text: &str) -> String {
        wait_for_screen(
            &format!("{text:?} in {name}"),
            || self.window_screen(name),
            |screen| screen.contains(text),
        )
    }

    /// Pastes text as a bracketed paste, the way a terminal delivers a clipboard paste.
    pub fn paste(&self, text: &str) {
        self.run(&["set-buffer", "-b", "paste", text]);
        self.run(&["paste-buffer", "-p", "-b", "paste", "-t", "main"]);
    }

    /// Pastes (bracketed) 4,000 shell lines, each of which adds a line to `leaked.txt` in the
    /// terminal's folder were the shell to run it; see [`Tmux::assert_no_pasted_line_ran`].
    pub fn paste_shell_lines(&self) {
        let lines: Vec<String> = (0..4000)
            .map(|n| format!("echo {n} >> leaked.txt"))
            .collect();
        let paste = self.path("paste.txt");
        std::fs::write(&paste, lines.join("\n")).expect("the paste is written");
        self.run(&["load-buffer", "-b", "big", &paste.display().to_string()]);
        self.run(&["paste-buffer", "-p", "-b", "big", "-t", "main"]);
    }

    /// Checks, a second after the program ended, that the shell ran none of the lines
    /// [`Tmux::paste_shell_lines`] pasted.
    pub fn assert_no_pasted_line_ran(&self) {
        std::thread::sleep(std::time::Duration::from_secs(1));
        let leaked = self.path("leaked.txt");
        assert!(
            !leaked.exists(),
            "the shell ran {} pasted lines",
            std::fs::read_to_string(&leaked)
                .unwrap_or_default()
                .lines()
                .count()
        );
    }

    /// Changes the terminal's size.
    pub fn resize(&self, width: u16, height: u16) {
        self.run(&[
            "resize-window",
            "-t",
            "main",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
        ]);
    }

    /// The visible screen as text.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "main"])
    }

    /// A pane format variable, such as `alternate_on` or `cursor_flag`.
    pub fn pane_var(&self, name: &str) -> String {
        self.run(&[
            "display-message",
            "-p",
            "-t",
            "main",
            &format!("#{{{name}}}"),
        ])
        .trim()
        .to_owned()
    }

    /// Waits until the screen satisfies `ready`, and returns it; panics with the last screen
    /// after [`DEFAULT_WAIT`].
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        wait_for_screen(what, || self.screen(), ready)
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for_text(&self, text: &str) -> String {
        self.wait_for(&format!("{text:?}"), |screen| screen.contains(text))
    }

    /// A path in this terminal's folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Waits until the program has ended (the shell is back) and a file it wrote is not empty,
    /// and returns its text.
    pub fn wait_for_file(&self, path: &Path) -> String {
        let deadline = Instant::now() + DEFAULT_WAIT;
        loop {
            // The shell first: once it is back, the program has ended and the file is whole;
            // read before, a result written in several writes can be caught halfway.
            if self.shell_is_idle()
                && let Ok(text) = std::fs::read_to_string(path)
                && !text.is_empty()
            {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {}; the screen was:\n{}",
                path.display(),
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the pane's foreground process is the shell again.
    pub fn shell_is_idle(&self) -> bool {
        self.pane_var("pane_current_command") == "bash"
    }

    /// Whether the pane's terminal has line editing off, as a full-screen program sets it. Read
    /// from outside the pane, so nothing is typed into it: keys sent while the terminal still
    /// edits lines are taken by its line discipline (ctrl+d as end of file), not by the
    /// program that is about to take the terminal back.
    pub fn line_editing_is_off(&self) -> bool {
        let tty = self.pane_var("pane_tty");
        Command::new("stty")
            .args(["-a", "-F", &tty])
            .output()
            .is_ok_and(|output| {
                String::from_utf8_lossy(&output.stdout)
                    .split_whitespace()
                    .any(|word| word == "-icanon")
            })
    }

    /// Whether a process named `name` runs in the pane's session: the shell and everything
    /// started below it, in the foreground or not.
    pub fn runs_in_session(&self, name: &str) -> bool {
        let shell = self.pane_var("pane_pid");
        Command::new("pgrep")
            .args(["-s", &shell, "-x", name])
            .output()
            .is_ok_and(|output| output.status.success())
    }

    /// The terminal's line settings as `stty -a` prints them, read from inside the pane.
    pub fn stty(&self) -> String {
        let out = self.path("stty.txt");
        self.type_line(&format!("stty -a > {}", out.display()));
        self.wait_for_file(&out)
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

/// Reads `screen` until it satisfies `ready`, and returns it; panics with the last screen after
/// [`DEFAULT_WAIT`], naming `what` was awaited.
pub fn wait_for_screen(
    what: &str,
    screen: impl Fn() -> String,
    ready: impl Fn(&str) -> bool,
) -> String {
    let deadline = Instant::now() + DEFAULT_WAIT;
    loop {
        let shown = screen();
        if ready(&shown) {
            return shown;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; the screen was:\n{shown}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
