//! tmux ≥ 3.2: `display-popup -E` on the client attached to the caller's session, sized to
//! most of it and started in the caller's pane's directory. The `tmux display-popup` command
//! runs until the popup closes (tmux 3.3a verified), and returns at once when the client
//! already shows a popup or a menu.

use std::ffi::OsString;

use super::command::{CommandLine, Probe, shell_line, with_env};
use super::environment::{Environment, Skip};
use super::launch::Launch;

/// The oldest tmux with `display-popup`.
const OLDEST: Version = Version::Release { major: 3, minor: 2 };
/// The first tmux whose popups take a title (`-T`).
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
    let word = line.trim().strip_prefix("tmux ")?.trim();
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
        let version = parse_version(&probe(&CommandLine::new("tmux", ["-V"])).map_err(unusable)?);
        if let Some(version @ Version::Release { major, minor }) = version
            && version < OLDEST
        {
            return Err(unusable(format!(
                "tmux {major}.{minor} is older than 3.2, the first with popups"
            )));
        }
        let mut partial = Self {
            socket: socket.to_owned(),
            pane: pane.to_owned(),
            client: String::new(),
            cwd: None,
            version,
        };
        let pane_line = probe(&partial.command([
            "display-message",
            "-p",
            "-t",
            pane,
            "#{session_id}\t#{pane_current_path}",
        ]))
        .map_err(unusable)?;
        let (session, cwd) = pane_line
            .trim_end_matches('\n')
            .split_once('\t')
            .ok_or_else(|| unusable(format!("pane {pane} is not known to the server")))?;
        let clients = probe(&partial.command([
            "list-clients",
            "-t",
            session,
            "-F",
            "#{client_activity}\t#{client_readonly}\t#{client_name}",
        ]))
        .map_err(unusable)?;
        partial.client = pick_client(&clients)
            .ok_or_else(|| unusable("no client is attached to the session".to_owned()))?;
        partial.cwd = Some(cwd.to_owned()).filter(|cwd| !cwd.is_empty());
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
            args.extend(["-d", cwd].map(OsString::from));
        } else if let Some(cwd) = &launch.cwd {
            args.extend([OsString::from("-d"), cwd.clone().into_os_string()]);
        }
        if self.version.is_none_or(|version| version >= TITLED) {
            args.extend(["-T", &format!(" {} ", launch.title)].map(OsString::from));
        }
        args.push(
            format!(
                "exec {}",
                shell_line(&with_env(&launch.env, &launch.program))
            )
            .into(),
        );
        self.command(args)
    }

    /// The command that closes whatever popup the client shows.
    pub fn close(&self) -> CommandLine {
        self.command(["display-popup", "-C", "-c", self.client.as_str()])
    }
}

/// The socket path in `TMUX` (`SOCKET,PID,SESSION`).
fn socket_of(tmux: &str) -> Option<&str> {
    let mut parts = tmux.rsplitn(3, ',');
    let (_session, _pid, socket) = (parts.next()?, parts.next()?, parts.next()?);
    Some(socket).filter(|socket| !socket.is_empty())
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
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn versions_read_as_tmux_prints_them() {
        let release = |major, minor| Some(Version::Release { major, minor });
        assert_eq!(parse_version("tmux 3.3a\n"), release(3, 3));
        assert_eq!(parse_version("tmux 3.2"), release(3, 2));
        assert_eq!(parse_version("tmux 3.2-rc3"), release(3, 2));
        assert_eq!(parse_version("tmux next-3.6"), release(3, 6));
        assert_eq!(parse_version("tmux 2.9a"), release(2, 9));
        assert_eq!(parse_version("tmux 3.10"), release(3, 10));
        assert_eq!(parse_version("tmux master"), Some(Version::Development));
        assert_eq!(parse_version("tmux openbsd-7.4"), None);
        assert_eq!(parse_version("screen 4.9"), None);
        assert!(release(3, 10) > release(3, 2));
        assert!(Some(Version::Development) > release(9, 9));
    }

    fn env(pairs: &[(&str, &str)]) -> Environment {
        Environment::from_pairs(pairs.iter().copied())
    }

    /// A server with one attached client, at version `version`.
    fn server(
        version: &'static str,
        clients: &'static str,
    ) -> impl Fn(&CommandLine) -> Result<String, String> {
        move |line: &CommandLine| {
            let args = line.arg_texts();
            match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
                ["-V"] => Ok(format!("tmux {version}\n")),
                [
                    "-S",
                    "/tmp/tmux-1/default",
                    "display-message",
                    "-p",
                    "-t",
                    "%3",
                    _,
                ] => Ok("$1\t/home/me/project\n".to_owned()),
                [
                    "-S",
                    "/tmp/tmux-1/default",
                    "list-clients",
                    "-t",
                    "$1",
                    "-F",
                    _,
                ] => Ok(clients.to_owned()),
                _ => Err(format!("unexpected {args:?}")),
            }
        }
    }

    const IN_TMUX: [(&str, &str); 2] =
        [("TMUX", "/tmp/tmux-1/default,4242,1"), ("TMUX_PANE", "%3")];

    #[test]
    fn outside_tmux_it_is_absent_and_without_a_pane_unusable() {
        let probe = server("3.3a", "");
        assert_eq!(Tmux::detect(&env(&[]), &probe), Err(Skip::Absent));
        let no_pane = Tmux::detect(&env(&IN_TMUX[..1]), &probe);
        assert!(matches!(no_pane, Err(Skip::Unusable(why)) if why.contains("TMUX_PANE")));
    }

    #[test]
    fn an_old_tmux_or_no_attached_client_is_unusable_with_the_reason() {
        let old = Tmux::detect(&env(&IN_TMUX), &server("3.1c", "1\t0\t/dev/pts/1\n"));
        assert!(matches!(old, Err(Skip::Unusable(why)) if why.contains("3.1 is older than 3.2")));
        let detached = Tmux::detect(&env(&IN_TMUX), &server("3.3a", ""));
        assert!(matches!(detached, Err(Skip::Unusable(why)) if why.contains("no client")));
        let read_only = Tmux::detect(&env(&IN_TMUX), &server("3.3a", "9\t1\t/dev/pts/1\n"));
        assert!(matches!(read_only, Err(Skip::Unusable(_))));
    }

    #[test]
    fn the_popup_opens_on_the_most_recently_active_client_in_the_panes_directory() {
        let clients = "100\t0\t/dev/pts/1\n300\t1\t/dev/pts/9\n200\t0\t/dev/pts/4\n";
        let tmux = Tmux::detect(&env(&IN_TMUX), &server("3.3a", clients)).expect("usable");
        let launch = Launch {
            program: ["/usr/bin/pi-agent-ask", "popup-form", "/run/user/1/p x"]
                .map(OsString::from)
                .into(),
            env: vec![("PI_AGENT_ASK_POPUP".to_owned(), OsString::from("1"))],
            cwd: Some(PathBuf::from("/elsewhere")),
            title: "pi-agent-ask".to_owned(),
        };
        assert_eq!(
            tmux.launch(&launch).arg_texts(),
            [
                "-S",
                "/tmp/tmux-1/default",
                "display-popup",
                "-E",
                "-w",
                "90%",
                "-h",
                "90%",
                "-c",
                "/dev/pts/4",
                "-t",
                "%3",
                "-d",
                "/home/me/project",
                "-T",
                " pi-agent-ask ",
                "exec 'env' 'PI_AGENT_ASK_POPUP=1' '/usr/bin/pi-agent-ask' 'popup-form' \
                 '/run/user/1/p x'",
            ]
        );
        assert_eq!(
            tmux.close().arg_texts(),
            [
                "-S",
                "/tmp/tmux-1/default",
                "display-popup",
                "-C",
                "-c",
                "/dev/pts/4"
            ]
        );
        let older = Tmux::detect(&env(&IN_TMUX), &server("3.2a", clients)).expect("usable");
        assert!(!older.launch(&launch).arg_texts().contains(&"-T".to_owned()));
    }
}
