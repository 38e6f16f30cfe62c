//! The hosts a popup can open in, in the order they are looked for, and what each one's
//! launch does: tmux and zellij first (a multiplexer runs inside a terminal, and the caller's
//! pane is in it), then the terminals kitty and `WezTerm`.

use super::Unavailable;
use super::command::{CommandLine, Probe};
use super::environment::{Environment, Skip};
use super::kitty::Kitty;
use super::launch::Launch;
use super::tmux::Tmux;
use super::wezterm::WezTerm;
use super::zellij::Zellij;

/// A multiplexer or terminal that can show the popup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// tmux ≥ 3.2 with an attached client.
    Tmux(Tmux),
    /// A zellij session.
    Zellij(Zellij),
    /// kitty with remote control.
    Kitty(Kitty),
    /// A `WezTerm` pane.
    WezTerm(WezTerm),
}

/// What the host's launch command does once the popup is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Launcher {
    /// It runs until the popup closes; ending early means it opened none (tmux).
    StaysOpen,
    /// It prints the popup's id, which closes it, and exits (kitty, `WezTerm`).
    PrintsId,
    /// It exits once the popup is open, naming nothing (zellij).
    Returns,
}

impl Host {
    /// The terminal a popup shows on, where the host tells (a tmux client's name).
    pub fn shown_on(&self) -> Option<&str> {
        match self {
            Self::Tmux(tmux) => Some(tmux.client()),
            Self::Zellij(_) | Self::Kitty(_) | Self::WezTerm(_) => None,
        }
    }

    /// The first host the caller runs in that can open a popup, or why each one it runs in
    /// cannot: [`Unavailable::Unwatched`] when one of them could, once someone has it on screen.
    pub fn detect(env: &Environment, probe: &Probe) -> Result<Self, Unavailable> {
        let mut reasons = Vec::new();
        let mut unwatched = false;
        let attempts: [&dyn Fn() -> Result<Self, Skip>; 4] = [
            &|| Tmux::detect(env, probe).map(Self::Tmux),
            &|| Zellij::detect(env).map(Self::Zellij),
            &|| Kitty::detect(env).map(Self::Kitty),
            &|| WezTerm::detect(env).map(Self::WezTerm),
        ];
        for attempt in attempts {
            match attempt() {
                Ok(host) => return Ok(host),
                Err(Skip::Unusable(reason)) => reasons.push(reason),
                Err(Skip::Unwatched(reason)) => {
                    unwatched = true;
                    reasons.push(reason);
                }
                Err(Skip::Absent) => {}
            }
        }
        Err(if unwatched {
            Unavailable::Unwatched(reasons)
        } else {
            Unavailable::NoHost(reasons)
        })
    }

    /// The host's name, for messages.
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Tmux(_) => "tmux",
            Self::Zellij(_) => "zellij",
            Self::Kitty(_) => "kitty",
            Self::WezTerm(_) => "WezTerm",
        }
    }

    /// The command that opens the popup running `launch`.
    pub fn launch(&self, launch: &Launch) -> CommandLine {
        match self {
            Self::Tmux(tmux) => tmux.launch(launch),
            Self::Zellij(_) => Zellij::launch(launch),
            Self::Kitty(kitty) => kitty.launch(launch),
            Self::WezTerm(wezterm) => wezterm.launch(launch),
        }
    }

    /// What the launch command does once the popup is open.
    pub const fn launcher(&self) -> Launcher {
        match self {
            Self::Tmux(_) => Launcher::StaysOpen,
            Self::Kitty(_) | Self::WezTerm(_) => Launcher::PrintsId,
            Self::Zellij(_) => Launcher::Returns,
        }
    }

    /// The command that closes the popup, given the id its launch printed; `None` where the
    /// host names no popup (zellij: its program ends itself, and the pane closes with it).
    pub fn close(&self, id: Option<&str>) -> Option<CommandLine> {
        match (self, id) {
            (Self::Tmux(tmux), _) => Some(tmux.close()),
            (Self::Kitty(kitty), Some(id)) => Some(kitty.close(id)),
            (Self::WezTerm(_), Some(id)) => Some(WezTerm::close(id)),
            (Self::Zellij(_) | Self::Kitty(_) | Self::WezTerm(_), _) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_tmux(line: &CommandLine) -> Result<String, String> {
        Err(format!("no tmux for {:?}", line.arg_texts()))
    }

    #[test]
    fn a_multiplexer_is_preferred_to_the_terminal_it_runs_in() {
        let env = Environment::from_pairs([
            ("ZELLIJ", "0"),
            ("ZELLIJ_SESSION_NAME", "work"),
            ("WEZTERM_PANE", "3"),
        ]);
        assert_eq!(Host::detect(&env, &no_tmux), Ok(Host::Zellij(Zellij)));
        let only_wezterm = Environment::from_pairs([("WEZTERM_PANE", "3")]);
        let host = Host::detect(&only_wezterm, &no_tmux).expect("a host");
        assert_eq!(host.name(), "WezTerm");
        assert_eq!(host.launcher(), Launcher::PrintsId);
        assert_eq!(host.close(None), None);
    }

    #[test]
    fn a_host_that_cannot_open_one_gives_way_to_the_next_and_says_why() {
        let env = Environment::from_pairs([
            ("TMUX", "/tmp/tmux-1/default,1,0"),
            ("TMUX_PANE", "%0"),
            ("WEZTERM_PANE", "3"),
        ]);
        let host = Host::detect(&env, &no_tmux).expect("a host");
        assert_eq!(host.name(), "WezTerm");
        let nowhere = Environment::from_pairs([("TMUX", "/tmp/tmux-1/default,1,0")]);
        let Err(Unavailable::NoHost(reasons)) = Host::detect(&nowhere, &no_tmux) else {
            panic!("no host");
        };
        assert_eq!(reasons.len(), 1);
        assert!(reasons[0].starts_with("tmux: "), "{reasons:?}");
        assert_eq!(
            Host::detect(&Environment::default(), &no_tmux),
            Err(Unavailable::NoHost(Vec::new()))
        );
    }
}
