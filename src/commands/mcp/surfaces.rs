//! Where one MCP call's questions are shown, chosen per call: `auto` walks an ordered list of
//! surfaces and takes the first that can ask now; `--ui` forces one.

/// A place a call can be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// A `pi-agent-ask inbox` terminal that is listening (the one `--inbox` names).
    Inbox,
    /// A popup over the terminal the server runs in (tmux, zellij, kitty, `WezTerm`).
    Popup,
    /// The client's own form, through MCP elicitation (form mode).
    Elicitation,
    /// Nowhere: the tool's no-UI result, so the model asks in prose.
    NoUi,
}

/// The surfaces `auto` tries, in order; the first available one asks. The inbox and the popup
/// come first: a person chose to keep them open, and the client's form is often a small one.
const AUTO_ORDER: [Where; 4] = [Where::Inbox, Where::Popup, Where::Elicitation, Where::NoUi];

/// What `--ui` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum UiChoice {
    /// The first surface that can ask this call: an inbox that is listening, then a popup where
    /// one can open, then the client's form elicitation when the client declared it, else no UI.
    #[default]
    Auto,
    /// Always the inbox `--inbox` names (none listening: the no-UI result).
    Inbox,
    /// Always a popup (none can open: the no-UI result).
    Popup,
    /// Always the client's form elicitation (a client without it gets the no-UI result).
    Elicitation,
    /// Never ask: every call gets the no-UI result.
    None,
}

impl UiChoice {
    /// The value as `--ui` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Inbox => "inbox",
            Self::Popup => "popup",
            Self::Elicitation => "elicitation",
            Self::None => "none",
        }
    }
}

/// What the current call's client and machine offer. Each surface is looked at only when the
/// choice reaches it, so an inbox that listens spares the popup's probes.
pub trait Offers {
    /// Whether `surface` can ask the call now.
    fn offers(&mut self, surface: Where) -> bool;
}

/// The surface for one call.
pub fn choose(ui: UiChoice, offered: &mut impl Offers) -> Where {
    let forced = match ui {
        UiChoice::Auto => return first_offered(&AUTO_ORDER, offered),
        UiChoice::Inbox => Where::Inbox,
        UiChoice::Popup => Where::Popup,
        UiChoice::Elicitation => Where::Elicitation,
        UiChoice::None => return Where::NoUi,
    };
    if offered.offers(forced) {
        forced
    } else {
        Where::NoUi
    }
}

/// The surface that asks after `refused` would not (a host that opened no popup, an inbox gone
/// between the look and the ask): for `auto` the next one of its order that is offered, for a
/// forced choice the no-UI result.
pub fn after(ui: UiChoice, refused: Where, offered: &mut impl Offers) -> Where {
    if ui != UiChoice::Auto {
        return Where::NoUi;
    }
    let rest = AUTO_ORDER
        .iter()
        .position(|surface| *surface == refused)
        .map_or(&[][..], |at| &AUTO_ORDER[at + 1..]);
    first_offered(rest, offered)
}

fn first_offered(order: &[Where], offered: &mut impl Offers) -> Where {
    order
        .iter()
        .copied()
        .find(|surface| *surface == Where::NoUi || offered.offers(*surface))
        .unwrap_or(Where::NoUi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed offer that records which surfaces were looked at.
    struct Fixed {
        offered: Vec<Where>,
        looked: Vec<Where>,
    }

    impl Offers for Fixed {
        fn offers(&mut self, surface: Where) -> bool {
            self.looked.push(surface);
            self.offered.contains(&surface)
        }
    }

    fn offering(offered: &[Where]) -> Fixed {
        Fixed {
            offered: offered.to_vec(),
            looked: Vec::new(),
        }
    }

    fn chosen(ui: UiChoice, offered: &[Where]) -> Where {
        choose(ui, &mut offering(offered))
    }

    use Where::{Elicitation, Inbox, NoUi, Popup};

    #[test]
    fn auto_asks_in_the_inbox_then_a_popup_then_the_clients_form_then_nowhere() {
        assert_eq!(chosen(UiChoice::Auto, &[Inbox, Popup, Elicitation]), Inbox);
        assert_eq!(chosen(UiChoice::Auto, &[Inbox, Elicitation]), Inbox);
        assert_eq!(chosen(UiChoice::Auto, &[Popup, Elicitation]), Popup);
        assert_eq!(chosen(UiChoice::Auto, &[Popup]), Popup);
        assert_eq!(chosen(UiChoice::Auto, &[Elicitation]), Elicitation);
        assert_eq!(chosen(UiChoice::Auto, &[]), NoUi);
    }

    #[test]
    fn auto_looks_no_further_than_the_first_surface_that_asks() {
        let mut offered = offering(&[Inbox, Popup, Elicitation]);
        assert_eq!(choose(UiChoice::Auto, &mut offered), Inbox);
        assert_eq!(offered.looked, [Inbox]);
        let mut offered = offering(&[Popup]);
        assert_eq!(choose(UiChoice::Auto, &mut offered), Popup);
        assert_eq!(offered.looked, [Inbox, Popup]);
    }

    #[test]
    fn a_forced_surface_asks_when_offered_and_gives_the_no_ui_result_otherwise() {
        let everything = [Inbox, Popup, Elicitation];
        assert_eq!(chosen(UiChoice::Inbox, &everything), Inbox);
        assert_eq!(chosen(UiChoice::Popup, &everything), Popup);
        assert_eq!(chosen(UiChoice::Elicitation, &everything), Elicitation);
        assert_eq!(chosen(UiChoice::Inbox, &[Popup, Elicitation]), NoUi);
        assert_eq!(chosen(UiChoice::Popup, &[Inbox, Elicitation]), NoUi);
        assert_eq!(chosen(UiChoice::Elicitation, &[Inbox, Popup]), NoUi);
        assert_eq!(chosen(UiChoice::None, &everything), NoUi);
    }

    #[test]
    fn a_forced_surface_looks_only_at_itself() {
        let mut offered = offering(&[Inbox, Popup, Elicitation]);
        assert_eq!(choose(UiChoice::Popup, &mut offered), Popup);
        assert_eq!(offered.looked, [Popup]);
        let mut offered = offering(&[Inbox]);
        assert_eq!(choose(UiChoice::None, &mut offered), NoUi);
        assert!(offered.looked.is_empty());
    }

    #[test]
    fn a_refused_popup_falls_to_the_clients_form_under_auto_and_to_no_ui_when_forced() {
        let mut offered = offering(&[Popup, Elicitation]);
        assert_eq!(after(UiChoice::Auto, Popup, &mut offered), Elicitation);
        assert_eq!(offered.looked, [Elicitation]);
        assert_eq!(after(UiChoice::Auto, Popup, &mut offering(&[Popup])), NoUi);
        assert_eq!(
            after(UiChoice::Auto, Inbox, &mut offering(&[Popup, Elicitation])),
            Popup
        );
        assert_eq!(
            after(UiChoice::Popup, Popup, &mut offering(&[Elicitation])),
            NoUi
        );
    }
}
