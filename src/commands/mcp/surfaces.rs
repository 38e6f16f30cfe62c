//! Where one MCP call's questions are shown, chosen per call: `auto` walks an ordered list of
//! surfaces and takes the first that can ask now; `--ui` forces one.

/// A place a call can be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// The client's own form, through MCP elicitation (form mode).
    Elicitation,
    /// Nowhere: the tool's no-UI result, so the model asks in prose.
    NoUi,
}

/// The surfaces `auto` tries, in order; the first available one asks.
const AUTO_ORDER: [Where; 2] = [Where::Elicitation, Where::NoUi];

/// What `--ui` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum UiChoice {
    /// The first surface that can ask this call: the client's form elicitation when the client
    /// declared it, else no UI.
    #[default]
    Auto,
    /// Always the client's form elicitation (a client without it gets the no-UI result).
    Elicitation,
    /// Never ask: every call gets the no-UI result.
    None,
}

/// What the current call's client and machine offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offered {
    /// Whether the client declared form elicitation.
    pub elicitation: bool,
}

impl Where {
    fn available(self, offered: Offered) -> bool {
        match self {
            Self::Elicitation => offered.elicitation,
            Self::NoUi => true,
        }
    }
}

/// The surface for one call.
pub fn choose(ui: UiChoice, offered: Offered) -> Where {
    match ui {
        UiChoice::Auto => AUTO_ORDER
            .into_iter()
            .find(|surface| surface.available(offered))
            .unwrap_or(Where::NoUi),
        UiChoice::Elicitation if offered.elicitation => Where::Elicitation,
        UiChoice::Elicitation | UiChoice::None => Where::NoUi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WITH: Offered = Offered { elicitation: true };
    const WITHOUT: Offered = Offered { elicitation: false };

    #[test]
    fn auto_uses_elicitation_when_the_client_declared_it_and_no_ui_otherwise() {
        assert_eq!(choose(UiChoice::Auto, WITH), Where::Elicitation);
        assert_eq!(choose(UiChoice::Auto, WITHOUT), Where::NoUi);
    }

    #[test]
    fn a_forced_surface_the_client_lacks_gives_the_no_ui_result() {
        assert_eq!(choose(UiChoice::Elicitation, WITH), Where::Elicitation);
        assert_eq!(choose(UiChoice::Elicitation, WITHOUT), Where::NoUi);
        assert_eq!(choose(UiChoice::None, WITH), Where::NoUi);
    }
}
