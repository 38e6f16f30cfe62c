//! The toggles of the settings file, in one table: each behaviour switch (and the
//! notifications switch) with where the file keeps it, its default and how the settings
//! overlay shows it.
//!
//! [`toggles!`] turns the table at the end of this file into [`Toggle`] (every row, in the
//! overlay's order), the [`Behaviour`] struct (a field per row of the `behaviour` section) and
//! the accessors by toggle. The settings document and the overlay's rows are read off
//! [`Toggle::ALL`], so a new switch is one row of the table and nothing else.

use super::Settings;

/// Declares the toggles from the table: [`Toggle`] with its data, [`Settings::toggle`] and
/// [`Settings::set_toggle`], and (through [`behaviour!`]) the [`Behaviour`] struct.
///
/// A row reads `Variant => section.field { name, default, label, applies_to_open_flows }`:
/// `section.field` is where [`Settings`] keeps the switch, and `section` is also its section
/// of the settings file, where `name` is its field.
macro_rules! toggles {
    ($(
        $(#[$doc:meta])*
        $toggle:ident => $section:ident . $field:ident {
            name: $name:literal,
            default: $default:literal,
            label: $label:literal,
            applies_to_open_flows: $open:literal $(,)?
        }
    )+) => {
        /// One binary setting of the settings file, as the overlay offers it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Toggle {
            $( $(#[$doc])* $toggle, )+
        }

        impl Toggle {
            /// Every toggle, in the order of the table, which is the order the overlay lists them.
            pub const ALL: [Self; [$(stringify!($toggle)),+].len()] = [$(Self::$toggle),+];

            /// What the overlay calls it.
            pub const fn label(self) -> &'static str {
                match self {
                    $( Self::$toggle => $label, )+
                }
            }

            /// The section and field of the settings file that hold it.
            pub const fn path(self) -> (&'static str, &'static str) {
                match self {
                    $( Self::$toggle => (stringify!($section), $name), )+
                }
            }

            /// Whether it is on in the defaults (and in a file that does not mention it).
            pub const fn default_on(self) -> bool {
                const DEFAULTS: [bool; Toggle::ALL.len()] = [$($default),+];
                DEFAULTS[self as usize]
            }

            /// Whether an open flow sees a change at once; otherwise only new flows do.
            pub const fn applies_to_open_flows(self) -> bool {
                const OPEN: [bool; Toggle::ALL.len()] = [$($open),+];
                OPEN[self as usize]
            }
        }

        impl Settings {
            /// Whether a toggle is on.
            pub const fn toggle(&self, toggle: Toggle) -> bool {
                match toggle {
                    $( Toggle::$toggle => self.$section.$field, )+
                }
            }

            /// Sets a toggle in memory.
            pub const fn set_toggle(&mut self, toggle: Toggle, on: bool) {
                match toggle {
                    $( Toggle::$toggle => self.$section.$field = on, )+
                }
            }
        }

        behaviour! {
            rows []
            $( $section $toggle $field [$(#[$doc])*] )+
        }
    };
}

/// Collects the rows of the `behaviour` section, skipping the others, then declares
/// [`Behaviour`] with a field per row, its defaults and get/set by toggle.
macro_rules! behaviour {
    (rows [$( $toggle:ident $field:ident [$($doc:tt)*] )*]) => {
        /// The behaviour section of the settings file: a switch per row of that section.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Behaviour {
            $( $($doc)* pub $field: bool, )*
        }

        impl Default for Behaviour {
            fn default() -> Self {
                Self {
                    $( $field: Toggle::$toggle.default_on(), )*
                }
            }
        }

        impl Behaviour {
            /// Whether `toggle` is on; `None` for a toggle of another section.
            pub const fn get(&self, toggle: Toggle) -> Option<bool> {
                match toggle {
                    $( Toggle::$toggle => Some(self.$field), )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// Sets `toggle` if it belongs to this section.
            pub const fn set(&mut self, toggle: Toggle, on: bool) {
                match toggle {
                    $( Toggle::$toggle => self.$field = on, )*
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }
        }
    };
    (rows [$($rows:tt)*] behaviour $toggle:ident $field:ident [$($doc:tt)*] $($rest:tt)*) => {
        behaviour! { rows [$($rows)* $toggle $field [$($doc)*]] $($rest)* }
    };
    (rows [$($rows:tt)*] $other:ident $toggle:ident $field:ident [$($doc:tt)*] $($rest:tt)*) => {
        behaviour! { rows [$($rows)*] $($rest)* }
    };
}

impl Behaviour {
    /// The behaviour a settings document gives: defaults when the text is missing or invalid.
    pub fn from_settings_text(text: &str) -> Self {
        super::load(Some(text)).settings.behaviour
    }
}

toggles! {
    /// Finish the flow as soon as every question is answered and no notes exist.
    AutoSubmitWhenAnsweredWithoutNotes => behaviour.auto_submit_when_answered_without_notes {
        name: "autoSubmitWhenAnsweredWithoutNotes",
        default: false,
        label: "Auto-submit when answered without notes",
        applies_to_open_flows: true,
    }
    /// Cancelling a flow with answers or notes needs the same key twice.
    ConfirmDismissWhenDirty => behaviour.confirm_dismiss_when_dirty {
        name: "confirmDismissWhenDirty",
        default: true,
        label: "Confirm dismiss when dirty",
        applies_to_open_flows: true,
    }
    /// Review-tab `1`, `2`, `3` need the same key twice.
    DoublePressReviewShortcuts => behaviour.double_press_review_shortcuts {
        name: "doublePressReviewShortcuts",
        default: true,
        label: "Double-press review shortcuts",
        applies_to_open_flows: true,
    }
    /// Announce a waiting question through the notification channels.
    Notifications => notifications.enabled {
        name: "enabled",
        default: true,
        label: "Notifications",
        applies_to_open_flows: true,
    }
    /// Show key hints under the form.
    ShowFooterHints => behaviour.show_footer_hints {
        name: "showFooterHints",
        default: true,
        label: "Show footer hints",
        applies_to_open_flows: true,
    }
    /// Present single-select questions as multi-select; a flow keeps the shape it opened with.
    PresentSingleAsMulti => behaviour.present_single_as_multi {
        name: "presentSingleAsMulti",
        default: false,
        label: "Present single-select as multi-select",
        applies_to_open_flows: false,
    }
}
