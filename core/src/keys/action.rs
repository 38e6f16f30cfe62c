//! The actions a key can trigger, per keymap context, with their settings-file names and
//! default keys.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Where the user is, which decides which keymap a key is looked up in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Keys that work everywhere in the ask flow (dismiss, settings).
    Global,
    /// The question tabs and the review tab.
    Main,
    /// The free-form answer editor.
    Editor,
    /// The question and option note editor.
    NoteEditor,
    /// The settings overlay.
    SettingsModal,
}

impl Context {
    /// Every context, in the order of the settings file.
    pub const ALL: &'static [Self] = &[
        Self::Global,
        Self::Main,
        Self::Editor,
        Self::NoteEditor,
        Self::SettingsModal,
    ];

    /// The name of the context in the settings file's `keymaps` section.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::Main => "main",
            Self::Editor => "editor",
            Self::NoteEditor => "noteEditor",
            Self::SettingsModal => "settingsModal",
        }
    }
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a keymap context.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown keymap context {0:?}")]
pub struct UnknownContext(pub String);

impl FromStr for Context {
    type Err = UnknownContext;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|context| context.name() == name)
            .ok_or_else(|| UnknownContext(name.to_owned()))
    }
}

/// A name that is not an action of the context it was looked up in.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown action {name:?} in keymap context {context}")]
pub struct UnknownAction {
    /// The context the name was looked up in.
    pub context: Context,
    /// The name as written.
    pub name: String,
}

/// What every per-context action enum provides, so one keymap type serves all contexts.
pub trait Action:
    Copy + Eq + fmt::Debug + fmt::Display + FromStr<Err = UnknownAction> + 'static
{
    /// The context these actions belong to.
    const CONTEXT: Context;
    /// Every action, in the order of the settings file.
    const ALL: &'static [Self];

    /// The camelCase name used in the settings file.
    fn name(self) -> &'static str;

    /// The default key ids, exactly as the settings file writes them.
    fn default_keys(self) -> &'static [&'static str];
}

/// Declares an action enum with its names and default keys, and implements [`Action`],
/// `Display` and `FromStr` for it.
macro_rules! actions {
    (
        $(#[$meta:meta])*
        $name:ident in $context:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $id:literal => [$($key:literal),*] ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl Action for $name {
            const CONTEXT: Context = Context::$context;
            const ALL: &'static [Self] = &[ $( Self::$variant, )+ ];

            fn name(self) -> &'static str {
                match self {
                    $( Self::$variant => $id, )+
                }
            }

            fn default_keys(self) -> &'static [&'static str] {
                match self {
                    $( Self::$variant => &[$($key),*], )+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $name {
            type Err = UnknownAction;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|action| action.name() == name)
                    .ok_or_else(|| UnknownAction {
                        context: Context::$context,
                        name: name.to_owned(),
                    })
            }
        }
    };
}

actions! {
    /// Actions available everywhere in the ask flow.
    GlobalAction in Global {
        /// Dismiss the whole ask surface.
        Dismiss = "dismiss" => ["ctrl+c"],
        /// Open the ask settings overlay.
        Settings = "settings" => ["?"],
    }
}

actions! {
    /// Actions on the question tabs and the review tab.
    MainAction in Main {
        /// Confirm the highlighted option or review action.
        Confirm = "confirm" => ["enter"],
        /// Cancel the ask flow.
        Cancel = "cancel" => ["esc"],
        /// Switch the active question between single and multi (or preview and multi).
        ChangeQuestionType = "changeQuestionType" => ["t"],
        /// Toggle the highlighted option.
        Toggle = "toggle" => ["space"],
        /// Go to the next tab.
        NextTab = "nextTab" => ["tab", "right"],
        /// Go to the previous tab.
        PreviousTab = "previousTab" => ["shift+tab", "left"],
        /// Highlight the next option or review action.
        NextOption = "nextOption" => ["down"],
        /// Highlight the previous option or review action.
        PreviousOption = "previousOption" => ["up"],
        /// Open the note of the highlighted option.
        OptionNote = "optionNote" => ["n"],
        /// Open the note of the active question.
        QuestionNote = "questionNote" => ["shift+n"],
    }
}

actions! {
    /// Actions in the free-form answer editor.
    EditorAction in Editor {
        /// Submit the written answer and close the editor.
        Submit = "submit" => ["enter"],
        /// Keep the draft and close the editor.
        Close = "close" => ["esc"],
        /// Go to the next tab while the editor is empty.
        NextTabWhenEmpty = "nextTabWhenEmpty" => ["tab", "right"],
        /// Go to the previous tab while the editor is empty.
        PreviousTabWhenEmpty = "previousTabWhenEmpty" => ["shift+tab", "left"],
        /// Highlight the next option while the editor is empty.
        NextOptionWhenEmpty = "nextOptionWhenEmpty" => ["down"],
        /// Highlight the previous option while the editor is empty.
        PreviousOptionWhenEmpty = "previousOptionWhenEmpty" => ["up"],
    }
}

actions! {
    /// Actions in the note editor.
    NoteEditorAction in NoteEditor {
        /// Save the note and keep the ask flow open.
        Save = "save" => ["enter"],
        /// Keep the draft and close the note editor.
        Close = "close" => ["esc"],
        /// Go to the next tab while the note is empty.
        NextTabWhenEmpty = "nextTabWhenEmpty" => ["tab", "right"],
        /// Go to the previous tab while the note is empty.
        PreviousTabWhenEmpty = "previousTabWhenEmpty" => ["shift+tab", "left"],
        /// Highlight the next option while the note is empty.
        NextOptionWhenEmpty = "nextOptionWhenEmpty" => ["down"],
        /// Highlight the previous option while the note is empty.
        PreviousOptionWhenEmpty = "previousOptionWhenEmpty" => ["up"],
    }
}

actions! {
    /// Actions in the settings overlay.
    SettingsModalAction in SettingsModal {
        /// Close the settings overlay.
        Close = "close" => ["esc", "ctrl+c", "?"],
        /// Highlight the next setting.
        NextOption = "nextOption" => ["down"],
        /// Highlight the previous setting.
        PreviousOption = "previousOption" => ["up"],
        /// Toggle the highlighted setting (or arm and run the reset action).
        Toggle = "toggle" => ["enter", "space"],
    }
}
