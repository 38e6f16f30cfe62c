//! `WezTerm`: a split pane below the caller's (`wezterm cli split-pane`), taking most of it. The
//! split prints the new pane's id, which closes it (`wezterm cli kill-pane`).

use std::ffi::OsString;

use super::command::{CommandLine, with_env};
use super::environment::{Environment, Skip};
use super::launch::Launch;

/// The `WezTerm` pane the caller runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WezTerm {
    /// The caller's pane, from `WEZTERM_PANE`.
    pane: String,
}

impl WezTerm {
    /// `WezTerm`, when the caller runs in one of its panes (`WEZTERM_PANE`).
    pub fn detect(env: &Environment) -> Result<Self, Skip> {
        env.get("WEZTERM_PANE")
            .map(|pane| Self {
                pane: pane.to_owned(),
            })
            .ok_or(Skip::Absent)
    }

    /// The command that splits the caller's pane and prints the new pane's id.
    pub fn launch(&self, launch: &Launch) -> CommandLine {
        let mut args: Vec<OsString> = ["cli", "split-pane", "--pane-id", self.pane.as_str()]
            .map(OsString::from)
            .into();
        args.extend(["--bottom", "--percent", "80"].map(OsString::from));
        if let Some(cwd) = &launch.cwd {
            args.extend([OsString::from("--cwd"), cwd.clone().into_os_string()]);
        }
        args.push("--".into());
        args.extend(with_env(&launch.env, &launch.program));
        let mut line = CommandLine::new("wezterm", Vec::<OsString>::new());
        line.args = args;
        line
    }

    /// The command that closes the pane `id` (the split's output).
    pub fn close(id: &str) -> CommandLine {
        CommandLine::new("wezterm", ["cli", "kill-pane", "--pane-id", id])
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn wezterm_splits_the_callers_pane_and_closes_the_new_one_by_its_id() {
        assert_eq!(WezTerm::detect(&Environment::default()), Err(Skip::Absent));
        let wezterm =
            WezTerm::detect(&Environment::from_pairs([("WEZTERM_PANE", "5")])).expect("usable");
        let launch = Launch {
            program: ["/bin/pi-agent-ask", "popup-form", "/tmp/d"]
                .map(OsString::from)
                .into(),
            env: vec![("NO_COLOR".to_owned(), OsString::from("1"))],
            cwd: Some(PathBuf::from("/src")),
            title: "pi-agent-ask".to_owned(),
        };
        let line = wezterm.launch(&launch);
        assert_eq!(line.program, "wezterm");
        assert_eq!(
            line.arg_texts(),
            [
                "cli",
                "split-pane",
                "--pane-id",
                "5",
                "--bottom",
                "--percent",
                "80",
                "--cwd",
                "/src",
                "--",
                "env",
                "NO_COLOR=1",
                "/bin/pi-agent-ask",
                "popup-form",
                "/tmp/d",
            ]
        );
        assert_eq!(
            WezTerm::close("9").arg_texts(),
            ["cli", "kill-pane", "--pane-id", "9"]
        );
    }
}
