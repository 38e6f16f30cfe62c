//! The program run by hand in a real terminal: typed into a tmux pane's shell, its result
//! redirected to a file and its exit status echoed on the screen.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::tmux::{DEFAULT_WAIT, Tmux};

/// A terminal with the program's files in its folder: settings, tool arguments and the result.
pub struct Asking {
    /// The terminal.
    pub tmux: Tmux,
    marker: String,
}

impl Asking {
    /// Starts a `width`×`height` terminal, or returns `None` (with a message) without tmux.
    pub fn start(width: u16, height: u16) -> Option<Self> {
        if !super::tmux::available() {
            eprintln!("skipped: tmux is not installed");
            return None;
        }
        let tmux = Tmux::start(width, height);
        let marker = tmux
            .dir
            .path()
            .file_name()
            .and_then(|name| name.to_str())
            .expect("the folder has a UTF-8 name")
            .to_owned();
        tmux.type_line(&format!("cd {}", tmux.dir.path().display()));
        Some(Self { tmux, marker })
    }

    /// Writes tool arguments to `name` in the terminal's folder.
    pub fn write_arguments(&self, name: &str, arguments: &Value) {
        std::fs::write(self.tmux.path(name), arguments.to_string())
            .expect("the arguments are written");
    }

    /// Removes the last run's `result.json`: until the shell takes the next typed line, the
    /// file and the screen's exit status are still the last run's, and [`Asking::finish`]
    /// would read them.
    fn forget_result(&self) {
        let _ = std::fs::remove_file(self.result_path());
    }

    /// Types `clear; <program> ARGS --config settings.json > result.json; echo "exit=$?"`,
    /// with `HOME` in the terminal's folder, so no real settings are read or written.
    pub fn launch(&self, args: &str) {
        self.launch_with("", args);
    }

    /// [`Asking::launch`] with `environment` (`NAME=value` words, or `env -u NAME ...`) in
    /// front of the program.
    pub fn launch_with(&self, environment: &str, args: &str) {
        self.forget_result();
        self.tmux.type_line(&format!(
            "clear; HOME=\"$PWD\" {environment} {} {args} --config \"$PWD/settings.json\" \
             > result.json; echo \"exit=$?\"",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        ));
    }

    /// Types `<vars> <program> <command> --config settings.json` in a shell that first writes
    /// its process id (the program's, which it becomes) to `asker.pid`; the result goes to
    /// `result.json`, the messages to `stderr.txt`, the runtime folder is the private `run/`.
    pub fn launch_recorded(&self, vars: &str, command: &str) {
        self.forget_result();
        let _ = std::fs::remove_file(self.tmux.path("asker.pid"));
        std::fs::create_dir_all(self.tmux.path("run")).expect("a runtime folder");
        self.tmux.type_line(&format!(
            "clear; {vars} HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" \
             sh -c 'echo $$ > asker.pid; exec \"$@\"' sh {} {command} \
             --config \"$PWD/settings.json\" > result.json 2> stderr.txt; echo \"exit=$?\"",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        ));
    }

    /// Puts a `tmux` in `bin/` that notes its arguments, a line a run in `tmux-runs.txt`, and
    /// runs the real one: a program started with `PATH="$PWD/bin:$PATH"` is seen asking tmux.
    pub fn note_tmux_runs(&self) {
        use std::os::unix::fs::PermissionsExt as _;
        let found = Command::new("sh")
            .args(["-c", "command -v tmux"])
            .output()
            .expect("sh runs");
        let real = String::from_utf8_lossy(&found.stdout).trim().to_owned();
        let bin = self.tmux.path("bin");
        std::fs::create_dir_all(&bin).expect("a bin folder");
        let shim = bin.join("tmux");
        let log = self.tmux.path("tmux-runs.txt");
        std::fs::write(
            &shim,
            format!(
                "#!/bin/sh\necho \"$*\" >> '{}'\nexec '{real}' \"$@\"\n",
                log.display()
            ),
        )
        .expect("the shim is written");
        std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755)).expect("mode");
    }

    /// The tmux command of each run [`Asking::note_tmux_runs`] noted (the word after
    /// `-S SOCKET`, or the first one).
    pub fn tmux_commands(&self) -> Vec<String> {
        let runs = std::fs::read_to_string(self.tmux.path("tmux-runs.txt")).unwrap_or_default();
        runs.lines()
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let command = if words.first() == Some(&"-S") { 2 } else { 0 };
                words.get(command).copied().unwrap_or_default().to_owned()
            })
            .collect()
    }

    /// The process id a [`Asking::launch_recorded`] program wrote, once it has.
    pub fn recorded_pid(&self) -> u32 {
        let path = self.tmux.path("asker.pid");
        let deadline = Instant::now() + DEFAULT_WAIT;
        loop {
            if let Some(pid) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| text.trim().parse().ok())
            {
                return pid;
            }
            assert!(Instant::now() < deadline, "the asker never started");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends tmux key names, then waits until the screen shows `text`; returns the screen.
    pub fn press(&self, keys: &[&str], text: &str) -> String {
        self.tmux.keys(keys);
        self.tmux.wait_for_text(text)
    }

    /// Waits for the program to end; returns the result it wrote and its exit status. The
    /// result must not have reached the screen.
    pub fn finish(&self) -> (Value, i32) {
        let text = self.tmux.wait_for_file(&self.result_path());
        let screen = self
            .tmux
            .wait_for("the exit status", |screen| exit_status(screen).is_some());
        assert!(
            !screen.contains("Request ID") && !screen.contains("\"details\""),
            "the result reached the screen:\n{screen}"
        );
        let document = serde_json::from_str(&text).unwrap_or_else(|error| {
            panic!("result.json is not one JSON document ({error}):\n{text}")
        });
        (document, exit_status(&screen).expect("an exit status"))
    }

    /// Where the program's standard output goes.
    pub fn result_path(&self) -> PathBuf {
        self.tmux.path("result.json")
    }

    /// The process id of the popup's program (`popup-form`), which this test's tmux server
    /// runs itself: no shell starts it.
    pub fn popup_program(&self) -> String {
        let server = self.tmux.run(&["display-message", "-p", "#{pid}"]);
        let found = Command::new("pgrep")
            .args(["-P", server.trim(), "-f", "popup-form"])
            .output()
            .expect("pgrep runs");
        let program = String::from_utf8_lossy(&found.stdout).trim().to_owned();
        assert!(!program.is_empty(), "no popup program under the server");
        program
    }

    /// The process id of the running program, found by the folder name in its arguments.
    pub fn program_pid(&self) -> u32 {
        let deadline = Instant::now() + DEFAULT_WAIT;
        loop {
            let output = Command::new("pgrep")
                .arg("-f")
                .arg(format!("pi-agent-ask .*{}", self.marker))
                .output()
                .expect("pgrep runs");
            let pids: Vec<u32> = String::from_utf8_lossy(&output.stdout)
                .lines()
                .filter_map(|line| line.trim().parse().ok())
                .collect();
            if let [pid] = pids[..] {
                return pid;
            }
            assert!(
                Instant::now() < deadline,
                "expected one running program, found {pids:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The status a finished run echoed: the number on a line `exit=<n>` of the screen.
pub fn exit_status(screen: &str) -> Option<i32> {
    screen
        .lines()
        .find_map(|line| line.trim().strip_prefix("exit=")?.parse().ok())
}

/// Checks the result against the output schema and the mirrored `structuredContent`, puts a
/// placeholder in for the request id, and returns `(text, details)`.
pub fn read_result(mut document: Value) -> (String, Value) {
    let validator = super::output_schema_validator();
    let errors: Vec<String> = validator
        .iter_errors(&document)
        .map(|error| error.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "the result breaks the output schema: {errors:?}"
    );
    assert_eq!(document["details"], document["structuredContent"]);
    assert_eq!(document["isError"], json!(false));
    super::normalize_request_ids(&mut document);
    let text = document["content"][0]["text"]
        .as_str()
        .expect("a text content")
        .to_owned();
    (text, document["details"].clone())
}

/// The state letters `ps` shows for `pid` (`T` when stopped, `Z` once it ended and its parent
/// has not yet collected it), empty once it is gone.
pub fn process_state(pid: u32) -> String {
    let output = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

/// Waits until the process `pid` has ended (gone, or a zombie its shell has not collected:
/// a shell may keep reporting a job it last saw stopped as stopped until it is waited for),
/// and fails when it is still there, stopped or running, after [`DEFAULT_WAIT`].
pub fn assert_ended(pid: u32) {
    let deadline = Instant::now() + DEFAULT_WAIT;
    let ended = |state: &str| state.is_empty() || state.starts_with('Z');
    while !ended(&process_state(pid)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let state = process_state(pid);
    assert!(ended(&state), "the program is still there, state {state:?}");
}
