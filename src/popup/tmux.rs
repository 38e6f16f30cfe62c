//! tmux ≥ 3.2: `display-popup -E` on the client attached to the caller's session, sized to
//! most of it and started in the caller's pane's directory. The `tmux display-popup` command
//! runs until the popup closes (tmux 3.3a verified), and returns at once, saying nothing, when
//! the client already shows a popup or a menu (the session then waits and tries again). Finding the client, the directory and the server's version
//! takes one run of `tmux`; from 3.3 on the server starts the program itself, with no shell.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};

use super::command::{CommandLine, Probe, shell_line, with_env};
use super::environment::{Environment, Skip};
use super::launch::Launch;

/// The oldest tmux with `display-popup`.
const OLDEST: Version = Version::Release { major: 3, minor: 2 };
/// The first tmux whose popups take a title (`-T`) and variables (`-e`), so the program can
/// run with no shell started before it.
const TITLED: Version = Version::Release { major: 3, minor: 3 };

/// A tmux version as `tmux -V` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Version {
    /// `tmux 3.3a`, `tmux next-3.4`, `tmux 3.2-rc3`: the major and minor numbers.
    Release {
        /// The major number.
        major: u32,
        /// The minor number.
        minor: u32,
    },
    /// `tmux master`: built from the development branch, newer than every release.
    Development,
}

/// Reads `tmux -V`'s line; `None` when it names no version this code understands.
pub fn parse_version(line: &str) -> Option<Version> {
    parse_version_word(line.trim().strip_prefix("tmux ")?)
}

/// Reads a version as the server's `#{version}` gives it (`3.3a`, `next-3.4`, `master`).
fn parse_version_word(word: &str) -> Option<Version> {
    let word = word.trim();
    if word == "master" {
        return Some(Version::Development);
    }
    let number = word.strip_prefix("next-").unwrap_or(word);
    let (major, rest) = number.split_once('.')?;
    let minor: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some(Version::Release {
        major: major.parse().ok()?,
        minor: minor.parse().ok()?,
    })
}

/// A tmux client that can show a popup over the caller's pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tmux {
    /// The server's socket, from `TMUX`.
    socket: String,
    /// The caller's pane, from `TMUX_PANE`.
    pane: String,
    /// The attached client the popup opens on (its name, the tty it runs on).
    client: String,
    /// The pane's current directory, when tmux knows it.
    cwd: Option<String>,
    /// The version, when understood.
    version: Option<Version>,
}

impl Tmux {
    /// The tmux the caller runs in, when it can open a popup: a pane, tmux 3.2 or newer, and a
    /// client attached to the pane's session that is not read-only (the most recently active
    /// one when there are several).
    pub fn detect(env: &Environment, probe: &Probe) -> Result<Self, Skip> {
        let Some(tmux) = env.get("TMUX") else {
            return Err(Skip::Absent);
        };
        let socket = socket_of(tmux)
            .ok_or_else(|| Skip::Unusable(format!("tmux: TMUX={tmux:?} names no server socket")))?;
        let pane = env.get("TMUX_PANE").ok_or_else(|| {
            Skip::Unusable("tmux: no pane to open over (TMUX_PANE is not set)".to_owned())
        })?;
        let unusable = |why: String| Skip::Unusable(format!("tmux: {why}"));
        let mut partial = Self {
            socket: socket.to_owned(),
            pane: pane.to_owned(),
            client: String::new(),
            cwd: None,
            version: None,
        };
        // One run of the client asks the server everything: each run costs a start of tmux
        // and a round trip, and the popup waits for them all.
        let answer = probe(&partial.command([
            "list-clients",
            "-t",
            pane,
            "-F",
            CLIENT_FORMAT,
            ";",
            "display-message",
            "-p",
            "-t",
            pane,
            PANE_FORMAT,
        ]))
        .map_err(unusable)?;
        let answer = Answer::read(&answer, pane)
            .ok_or_else(|| unusable(format!("pane {pane} is not known to the server")))?;
        let version = match answer.version {
            "" => parse_version(&probe(&CommandLine::new("tmux", ["-V"])).map_err(unusable)?),
            word => parse_version_word(word),
        };
        if let Some(version @ Version::Release { major, minor }) = version
            && version < OLDEST
        {
            return Err(unusable(format!(
                "tmux {major}.{minor} is older than 3.2, the first with popups"
            )));
        }
        partial.version = version;
        partial.client = match pick_client(answer.clients) {
            Some(client) => client,
            // Nobody who could answer has the session on screen; someone may attach.
            None if answer.clients.trim().is_empty() => {
                return Err(Skip::Unwatched(
                    "tmux: no client is attached to the session".to_owned(),
                ));
            }
            None => {
                return Err(Skip::Unwatched(
                    "tmux: every attached client is read-only".to_owned(),
                ));
            }
        };
        partial.cwd = Some(answer.cwd.to_owned()).filter(|cwd| !cwd.is_empty());
        Ok(partial)
    }

    /// `tmux -S SOCKET ARGS...`.
    fn command<I: IntoIterator<Item = A>, A: Into<OsString>>(&self, args: I) -> CommandLine {
        let mut line = CommandLine::new("tmux", ["-S", self.socket.as_str()]);
        line.args.extend(args.into_iter().map(Into::into));
        line
    }

    /// The command that opens the popup and runs until it closes.
    pub fn launch(&self, launch: &Launch) -> CommandLine {
        let mut args: Vec<OsString> = ["display-popup", "-E", "-w", "90%", "-h", "90%"]
            .map(OsString::from)
            .into();
        args.extend(["-c", self.client.as_str(), "-t", self.pane.as_str()].map(OsString::from));
        if let Some(cwd) = self.cwd.as_deref() {
            args.extend([OsString::from("-d"), directory(cwd.as_ref())]);
        } else if let Some(cwd) = &launch.cwd {
            args.extend([OsString::from("-d"), directory(cwd.as_os_str())]);
        }
        if self.version.is_none_or(|version| version >= TITLED) {
            // The program itself, its variables given to tmux: a command of more than one
            // word is run as it is, not by a shell, which would take a start of its own and
            // one of `env` before the program's.
            args.extend(["-T", &format!(" {} ", launch.title)].map(OsString::from));
            for (name, value) in &launch.env {
                let mut variable = OsString::from(format!("{name}="));
                variable.push(value);
                args.extend([OsString::from("-e"), literal(&variable)]);
            }
            args.extend(launch.program.iter().map(literal));
        } else {
            args.push(
                format!(
                    "exec {}",
                    shell_line(&with_env(&launch.env, &launch.program))
                )
                .into(),
            );
        }
        self.command(args)
    }

    /// The client the popup opens on.
    pub fn client(&self) -> &str {
        &self.client
    }

    /// The command that closes whatever popup the client shows.
    pub fn close(&self) -> CommandLine {
        self.command(["display-popup", "-C", "-c", self.client.as_str()])
    }
}

/// `text` as one argument to a tmux command, whatever it ends with: tmux reads an argument
/// that ends in `;` as the end of a command, and one that ends in `\;` as ending in `;`.
fn literal(text: impl AsRef<OsStr>) -> OsString {
    let bytes = text.as_ref().as_bytes();
    match bytes.split_last() {
        Some((b';', head)) => OsString::from_vec([head, b"\\;"].concat()),
        _ => text.as_ref().to_owned(),
    }
}

/// `path` as `display-popup -d` takes it: tmux expands the directory as a format, where `##`
/// is a `#` (`#{...}` in a folder's name would be replaced, and the popup would start in the
/// home folder instead).
fn directory(path: &OsStr) -> OsString {
    let mut escaped = Vec::with_capacity(path.len());
    for &byte in path.as_bytes() {
        if byte == b'#' {
            escaped.push(b'#');
        }
        escaped.push(byte);
    }
    literal(OsString::from_vec(escaped))
}

/// The socket path in `TMUX` (`SOCKET,PID,SESSION`).
/// The server socket of the tmux `env` runs in: tmux makes it executable while a client is
/// attached, so a change of its mode is a client coming or going.
pub fn server_socket(env: &Environment) -> Option<std::path::PathBuf> {
    socket_of(env.get("TMUX")?).map(std::path::PathBuf::from)
}

fn socket_of(tmux: &str) -> Option<&str> {
    let mut parts = tmux.rsplitn(3, ',');
    let (_session, _pid, socket) = (parts.next()?, parts.next()?, parts.next()?);
    Some(socket).filter(|socket| !socket.is_empty())
}

/// What `list-clients` prints of each client: `ACTIVITY\tREADONLY\tNAME`.
const CLIENT_FORMAT: &str = "#{client_activity}\t#{client_readonly}\t#{client_name}";

/// What `display-message` prints of the caller's pane: `PANE\tVERSION\tDIRECTORY`. The
/// version is the server's, which is what opens the popup; a server too old to know the
/// format prints it empty.
const PANE_FORMAT: &str = "#{pane_id}\t#{version}\t#{pane_current_path}";

/// The server's answer to the one probe, taken apart.
struct Answer<'a> {
    /// The client lines (`list-clients`), before the pane's line.
    clients: &'a str,
    /// The server's version, empty when it is too old to know the format.
    version: &'a str,
    /// The pane's directory, empty when tmux does not know it.
    cwd: &'a str,
}

impl<'a> Answer<'a> {
    /// Finds the pane's line, the first that starts with the pane's id (no client's line
    /// starts with `%`), and reads the fields after the id. The directory may hold any
    /// character but NUL, line breaks too, so the pane's line runs to the end. `None` when
    /// the server printed no line for the pane.
    fn read(answer: &'a str, pane: &str) -> Option<Self> {
        let mut start = 0;
        for line in answer.split_inclusive('\n') {
            if line
                .strip_prefix(pane)
                .is_some_and(|rest| rest.starts_with('\t'))
            {
                let after = start + pane.len() + 1;
                let rest = &answer[after..];
                let (version, cwd) = rest.strip_suffix('\n').unwrap_or(rest).split_once('\t')?;
                return Some(Self {
                    clients: &answer[..start],
                    version,
                    cwd,
                });
            }
            start += line.len();
        }
        None
    }
}

/// The most recently active client that is not read-only, from `list-clients` lines of
/// `ACTIVITY\tREADONLY\tNAME`.
fn pick_client(lines: &str) -> Option<String> {
    lines
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, '\t');
            let activity: u64 = fields.next()?.parse().ok()?;
            let readonly = fields.next()? == "1";
            let name = fields.next().filter(|name| !name.is_empty())?;
            (!readonly).then(|| (activity, name.to_owned()))
        })
        .max_by_key(|(activity, _)| *activity)
        .map(|(_, name)| name)
}

#[cfg(test)]
#[path = "tmux_tests.rs"]
mod tests;
