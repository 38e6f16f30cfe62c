//! Semantic roles turned into terminal styles.
//!
//! A [`Theme`] gives every [`Role`] a ratatui [`Style`]. Without colour (the `NO_COLOR`
//! convention) the roles keep only attributes: bold, dim, reverse, underline. The highlighted row
//! stays visible because [`Role::Selected`] is drawn reversed.

use std::ffi::OsStr;

use pi_agent_ask_core::draw::{Role, Style as DrawStyle};
use ratatui::style::{Color, Modifier, Style};

/// Whether the terminal output may use colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorMode {
    /// Colours and attributes.
    #[default]
    Color,
    /// Attributes only (bold, dim, reverse, underline, italic).
    NoColor,
}

impl ColorMode {
    /// The mode the `NO_COLOR` convention asks for, given the variable's value: any non-empty
    /// value turns colours off.
    ///
    /// The caller reads the environment, e.g.
    /// `ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref())`.
    pub fn from_no_color(value: Option<&OsStr>) -> Self {
        match value {
            Some(value) if !value.is_empty() => Self::NoColor,
            _ => Self::Color,
        }
    }
}

/// The terminal style of each semantic role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Ordinary text.
    pub text: Style,
    /// Titles, the active tab, the cursor row marker.
    pub accent: Style,
    /// Descriptions and hints.
    pub muted: Style,
    /// Text out of focus.
    pub dim: Style,
    /// Cautions.
    pub warning: Style,
    /// Problems.
    pub error: Style,
    /// Confirmations.
    pub success: Style,
    /// The highlighted row or action.
    pub selected: Style,
    /// Rules and frames.
    pub border: Style,
}

impl Theme {
    /// The theme for a colour mode.
    pub fn new(mode: ColorMode) -> Self {
        match mode {
            ColorMode::Color => Self::colored(),
            ColorMode::NoColor => Self::monochrome(),
        }
    }

    /// The default theme, using the terminal's own 16-colour palette.
    pub fn colored() -> Self {
        Self {
            text: Style::new(),
            accent: Style::new().fg(Color::Cyan),
            muted: Style::new().fg(Color::DarkGray),
            dim: Style::new().fg(Color::DarkGray).add_modifier(Modifier::DIM),
            warning: Style::new().fg(Color::Yellow),
            error: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            success: Style::new().fg(Color::Green),
            selected: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            border: Style::new().fg(Color::DarkGray),
        }
    }

    /// A theme without any colour: roles are told apart by attributes alone.
    pub fn monochrome() -> Self {
        Self {
            text: Style::new(),
            accent: Style::new().add_modifier(Modifier::BOLD),
            muted: Style::new(),
            dim: Style::new().add_modifier(Modifier::DIM),
            warning: Style::new().add_modifier(Modifier::BOLD),
            error: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            success: Style::new(),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            border: Style::new(),
        }
    }

    /// The style of one role.
    pub fn role(&self, role: Role) -> Style {
        match role {
            Role::Text => self.text,
            Role::Accent => self.accent,
            Role::Muted => self.muted,
            Role::Dim => self.dim,
            Role::Warning => self.warning,
            Role::Error => self.error,
            Role::Success => self.success,
            Role::Selected => self.selected,
            Role::Border => self.border,
        }
    }

    /// The complete style of a draw command: its role's style plus its own attributes.
    pub fn style(&self, style: DrawStyle) -> Style {
        let attrs = style.attrs;
        let mut modifiers = Modifier::empty();
        modifiers.set(Modifier::BOLD, attrs.bold);
        modifiers.set(Modifier::ITALIC, attrs.italic);
        modifiers.set(Modifier::UNDERLINED, attrs.underline);
        modifiers.set(Modifier::REVERSED, attrs.reverse);
        self.role(style.role).add_modifier(modifiers)
    }
}

impl Default for Theme {
    fn default() -> Self {
        Self::colored()
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::*;

    const ROLES: [Role; 9] = [
        Role::Text,
        Role::Accent,
        Role::Muted,
        Role::Dim,
        Role::Warning,
        Role::Error,
        Role::Success,
        Role::Selected,
        Role::Border,
    ];

    #[test]
    fn no_color_needs_a_non_empty_value() {
        assert_eq!(ColorMode::from_no_color(None), ColorMode::Color);
        let empty = OsString::new();
        assert_eq!(ColorMode::from_no_color(Some(&empty)), ColorMode::Color);
        let one = OsString::from("1");
        assert_eq!(ColorMode::from_no_color(Some(&one)), ColorMode::NoColor);
    }

    #[test]
    fn monochrome_has_no_colour_at_all() {
        let theme = Theme::new(ColorMode::NoColor);
        for role in ROLES {
            let style = theme.role(role);
            assert_eq!(style.fg, None, "{role:?}");
            assert_eq!(style.bg, None, "{role:?}");
        }
    }

    #[test]
    fn selected_stays_visible_without_colour() {
        let selected = Theme::monochrome().role(Role::Selected);
        let emphasis = Modifier::REVERSED | Modifier::BOLD;
        assert!(selected.add_modifier.intersects(emphasis));
        assert_ne!(selected, Theme::monochrome().role(Role::Text));
    }

    #[test]
    fn colored_roles_use_colours() {
        let theme = Theme::new(ColorMode::Color);
        assert_eq!(theme.role(Role::Text), Style::new());
        assert_eq!(theme.role(Role::Error).fg, Some(Color::Red));
        assert_eq!(theme.role(Role::Success).fg, Some(Color::Green));
        assert_eq!(theme.role(Role::Warning).fg, Some(Color::Yellow));
        assert!(theme.role(Role::Selected).fg.is_some());
    }

    #[test]
    fn attributes_are_added_to_the_role_in_both_modes() {
        let draw_style = DrawStyle::new(Role::Muted)
            .bold()
            .italic()
            .underline()
            .reverse();
        let all = Modifier::BOLD | Modifier::ITALIC | Modifier::UNDERLINED | Modifier::REVERSED;
        for theme in [Theme::colored(), Theme::monochrome()] {
            let style = theme.style(draw_style);
            assert!(style.add_modifier.contains(all));
            assert_eq!(style.fg, theme.muted.fg);
        }
    }

    #[test]
    fn plain_draw_style_is_the_role_style() {
        let theme = Theme::colored();
        for role in ROLES {
            assert_eq!(theme.style(DrawStyle::new(role)), theme.role(role));
        }
    }
}
