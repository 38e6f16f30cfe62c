//! zellij: a floating pane that closes when its program exits (`zellij run --floating
//! --close-on-exit`), in the caller's session. `zellij run` returns once the pane is open and
//! names no pane to close later; the popup's program ends itself when the caller goes away.

use std::ffi::OsString;

use super::command::{CommandLine, with_env};
use super::environment::{Environment, Skip};
use super::launch::Launch;

/// The zellij session the caller runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zellij;

impl Zellij {
    /// zellij, when the caller runs in one of its panes (`ZELLIJ` is set; `zellij run` finds
    /// the session from `ZELLIJ_SESSION_NAME`).
    pub fn detect(env: &Environment) -> Result<Self, Skip> {
        if env.raw("ZELLIJ").is_none() {
            return Err(Skip::Absent);
        }
        if env.get("ZELLIJ_SESSION_NAME").is_none() {
            return Err(Skip::Unusable(
                "zellij: no session to open in (ZELLIJ_SESSION_NAME is not set)".to_owned(),
            ));
        }
        Ok(Self)
    }

    /// The command that opens the floating pane.
    pub fn launch(launch: &Launch) -> CommandLine {
        let mut args: Vec<OsString> = ["run", "--floating", "--close-on-exit", "--name"]
            .map(OsString::from)
            .into();
        args.push(launch.title.clone().into());
        if let Some(cwd) = &launch.cwd {
            args.extend([OsString::from("--cwd"), cwd.clone().into_os_string()]);
        }
        args.push("--".into());
        args.extend(with_env(&launch.env, &launch.program));
        let mut line = CommandLine::new("zellij", Vec::<OsString>::new());
        line.args = args;
        line
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    #[test]
    fn zellij_is_found_by_its_variables_and_opens_a_floating_pane_that_closes_on_exit() {
        let absent = Environment::from_pairs([("TMUX_PANE", "%1")]);
        assert_eq!(Zellij::detect(&absent), Err(Skip::Absent));
        let no_session = Environment::from_pairs([("ZELLIJ", "0")]);
        assert!(matches!(
            Zellij::detect(&no_session),
            Err(Skip::Unusable(_))
        ));
        let env = Environment::from_pairs([("ZELLIJ", "0"), ("ZELLIJ_SESSION_NAME", "work")]);
        assert_eq!(Zellij::detect(&env), Ok(Zellij));
        let launch = Launch::sample();
        let line = Zellij::launch(&launch);
        assert_eq!(line.program, "zellij");
        assert_eq!(
            line.arg_texts(),
            [
                "run",
                "--floating",
                "--close-on-exit",
                "--name",
                "pi-agent-ask",
                "--cwd",
                "/src",
                "--",
                "env",
                "PI_AGENT_ASK_POPUP=1",
                "/bin/pi-agent-ask",
                "popup-form",
                "/tmp/d",
            ]
        );
    }
}
