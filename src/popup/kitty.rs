//! kitty: an overlay window over the caller's through remote control (`kitten @ launch
//! --type=overlay`), where kitty listens for it (`KITTY_LISTEN_ON`). The launch prints the new
//! window's id, which closes it.

use std::ffi::OsString;

use super::command::CommandLine;
use super::environment::{Environment, Skip};
use super::launch::Launch;

/// The kitty instance the caller runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kitty {
    /// `kitten`, or `kitty` where only it is installed (`kitty @` is the older spelling), as
    /// found on `PATH`.
    program: String,
    /// Where kitty listens for remote control.
    listen_on: String,
    /// The caller's window, whose tab the overlay opens in.
    window: Option<String>,
}

impl Kitty {
    /// kitty, when it listens for remote control (`KITTY_LISTEN_ON`) and `kitten` or `kitty`
    /// is on `PATH`.
    pub fn detect(env: &Environment) -> Result<Self, Skip> {
        let Some(listen_on) = env.get("KITTY_LISTEN_ON") else {
            return Err(match env.get("KITTY_WINDOW_ID") {
                Some(_) => Skip::Unusable(
                    "kitty: remote control is not enabled (KITTY_LISTEN_ON is not set)".to_owned(),
                ),
                None => Skip::Absent,
            });
        };
        let program = ["kitten", "kitty"]
            .into_iter()
            .find_map(|program| {
                let path = env.find_program(program)?;
                Some(
                    path.to_str()
                        .map_or_else(|| program.to_owned(), str::to_owned),
                )
            })
            .ok_or_else(|| {
                Skip::Unusable("kitty: neither kitten nor kitty is on PATH".to_owned())
            })?;
        Ok(Self {
            program,
            listen_on: listen_on.to_owned(),
            window: env.get("KITTY_WINDOW_ID").map(str::to_owned),
        })
    }

    /// `kitten @ --to LISTEN_ON ARGS...`.
    fn command(&self, args: Vec<OsString>) -> CommandLine {
        let mut line = CommandLine::new(&self.program, ["@", "--to", self.listen_on.as_str()]);
        line.args.extend(args);
        line
    }

    /// The command that opens the overlay and prints its window id.
    pub fn launch(&self, launch: &Launch) -> CommandLine {
        let mut args: Vec<OsString> = vec!["launch".into(), "--type=overlay".into()];
        if let Some(window) = &self.window {
            args.extend(["--match".into(), format!("window_id:{window}").into()]);
        }
        args.extend(["--title".into(), launch.title.clone().into()]);
        if let Some(cwd) = &launch.cwd {
            args.extend([OsString::from("--cwd"), cwd.clone().into_os_string()]);
        }
        for (name, value) in &launch.env {
            let mut pair = OsString::from(format!("{name}="));
            pair.push(value);
            args.extend([OsString::from("--env"), pair]);
        }
        args.extend(launch.program.iter().cloned());
        self.command(args)
    }

    /// The command that closes the overlay `id` (the launch's output).
    pub fn close(&self, id: &str) -> CommandLine {
        self.command(
            ["close-window", "--match", &format!("id:{id}")]
                .map(OsString::from)
                .into(),
        )
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    #[test]
    fn kitty_needs_remote_control_and_opens_an_overlay_it_can_close() {
        assert_eq!(Kitty::detect(&Environment::default()), Err(Skip::Absent));
        let no_remote = Environment::from_pairs([("KITTY_WINDOW_ID", "7")]);
        let refused = Kitty::detect(&no_remote);
        assert!(matches!(refused, Err(Skip::Unusable(why)) if why.contains("remote control")));

        let bin = tempfile::tempdir().expect("a folder");
        let kitten = bin.path().join("kitten");
        std::fs::write(&kitten, "").expect("written");
        std::fs::set_permissions(&kitten, std::fs::Permissions::from_mode(0o755)).expect("mode");
        let env = Environment::from_pairs([
            ("KITTY_WINDOW_ID", OsString::from("7")),
            ("KITTY_LISTEN_ON", OsString::from("unix:/tmp/kitty-1")),
            ("PATH", bin.path().as_os_str().to_owned()),
        ]);
        let kitty = Kitty::detect(&env).expect("usable");
        let launch = Launch::sample();
        let line = kitty.launch(&launch);
        assert_eq!(line.program, kitten.display().to_string());
        assert_eq!(
            line.arg_texts(),
            [
                "@",
                "--to",
                "unix:/tmp/kitty-1",
                "launch",
                "--type=overlay",
                "--match",
                "window_id:7",
                "--title",
                "pi-agent-ask",
                "--cwd",
                "/src",
                "--env",
                "PI_AGENT_ASK_POPUP=1",
                "/bin/pi-agent-ask",
                "popup-form",
                "/tmp/d",
            ]
        );
        assert_eq!(
            kitty.close("12").arg_texts(),
            [
                "@",
                "--to",
                "unix:/tmp/kitty-1",
                "close-window",
                "--match",
                "id:12"
            ]
        );
    }
}
