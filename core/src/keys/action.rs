//! The actions a key can trigger, per keymap context, with their settings-file names and
//! default keys.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::key::Key;

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

/// What every action enum provides, so one keymap type serves all contexts.
pub trait Action: Copy + Eq + fmt::Debug + 'static {
    /// The contexts whose keymaps hold these actions: one, or both editors for
    /// [`EditorAction`].
    const CONTEXTS: &'static [Context];
    /// Every action, in the order of the settings file.
    const ALL: &'static [Self];

    /// The camelCase name the settings file gives the action in `context`'s section; the
    /// editors share their actions but not every name.
    fn name_in(self, context: Context) -> &'static str;

    /// The default key ids, exactly as the settings file writes them.
    fn default_key_ids(self) -> &'static [&'static str];

    /// The default keys: [`Action::default_key_ids`] read by the compiler.
    fn default_keys(self) -> &'static [Key];

    /// Whether the action gives up a default key that the settings file binds to another
    /// action of its context, instead of the two conflicting (the image actions: configured
    /// commands take precedence over them).
    fn yields_to_configured(self) -> bool;

    /// The action `context`'s section of the settings file calls `name`.
    fn named(context: Context, name: &str) -> Result<Self, UnknownAction> {
        Self::ALL
            .iter()
            .copied()
            .find(|action| action.name_in(context) == name)
            .ok_or_else(|| UnknownAction {
                context,
                name: name.to_owned(),
            })
    }
}

/// Declares an action enum for the contexts after `in`, with its names and default keys, and
/// implements [`Action`] for it. An action is `Variant = "name" => [keys]`; one that a context
/// names otherwise adds `(in Context: "other name")` after its name; one that gives its
/// default keys up to configured actions ends in `yielding`.
macro_rules! actions {
    (
        $(#[$meta:meta])*
        $name:ident in $($context:ident)|+ {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $id:literal $((in $other:ident: $other_id:literal))*
                    => [$($key:literal),*] $($yielding:ident)?
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl Action for $name {
            const CONTEXTS: &'static [Context] = &[ $( Context::$context, )+ ];
            const ALL: &'static [Self] = &[ $( Self::$variant, )+ ];

            fn name_in(self, context: Context) -> &'static str {
                match (self, context) {
                    $( $( (Self::$variant, Context::$other) => $other_id, )* )+
                    $( (Self::$variant, _) => $id, )+
                }
            }

            fn default_key_ids(self) -> &'static [&'static str] {
                match self {
                    $( Self::$variant => &[$($key),*], )+
                }
            }

            fn default_keys(self) -> &'static [Key] {
                match self {
                    $( Self::$variant => {
                        const KEYS: &[Key] = &[$(Key::from_default_id($key)),*];
                        KEYS
                    } )+
                }
            }

            fn yields_to_configured(self) -> bool {
                match self {
                    $( Self::$variant => false $( || stringify!($yielding) == "yielding" )?, )+
                }
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
    /// Actions in the editors: the free-form answer editor (`editor`) and the note editor
    /// (`noteEditor`) share this list and its default keys; only the first action's name
    /// differs.
    EditorAction in Editor | NoteEditor {
        /// Submit the written answer, or save the note; either closes the editor, and the ask
        /// flow stays open after a note.
        Submit = "submit" (in NoteEditor: "save") => ["enter"],
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
        /// Attach the image on the clipboard to the answer or the note.
        PasteImage = "pasteImage" => ["ctrl+v"] yielding,
        /// Remove the last image attached in this editor.
        RemoveImage = "removeImage" => ["ctrl+alt+d"] yielding,
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

impl EditorAction {
    /// Whether a key that types a character may be bound to the action: only the `*WhenEmpty`
    /// ones, which act while the editor is empty, leave such a key to be typed once it is
    /// not. Any other action would take the character from the text.
    pub fn may_take_a_typed_key(self) -> bool {
        matches!(
            self,
            Self::NextTabWhenEmpty
                | Self::PreviousTabWhenEmpty
                | Self::NextOptionWhenEmpty
                | Self::PreviousOptionWhenEmpty
        )
    }
}
