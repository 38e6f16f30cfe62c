//! Clipboard images in the editors: the paste-image action asks the program to read the
//! clipboard, the read's outcome attaches to the editor that asked (if it is still open), and
//! remove-image takes the last one off. Images live in the question's draft, with the editor's
//! target (the written answer, the question note, an option note), so they stay there when
//! the editor closes, reopens or the tab changes.

use super::Form;
use super::editor::{EditorTarget, NoteTarget};
use super::state::Notice;
use crate::contract::images::{Image, ImageRefusal, MAX_IMAGES_PER_EDITOR};
use crate::contract::rules::ImagePaste;
use crate::effect::{Effect, ImageRead};
use crate::input::{ClipboardImage, ClipboardProblem};
use crate::keys::{EditorAction, Key};

impl Form {
    /// The first key the open editor's keymap binds to `pasteImage`, so a script can press
    /// it; `None` without an open editor that takes images.
    pub fn paste_image_key(&self) -> Option<Key> {
        let editor = self.state.editor()?;
        if self.rules().images == ImagePaste::Unsupported {
            return None;
        }
        let keymap = match editor.target {
            EditorTarget::Custom => &self.config.keymaps.editor,
            EditorTarget::Note(_) => &self.config.keymaps.note_editor,
        };
        keymap.keys(EditorAction::PasteImage).first().copied()
    }

    /// The images of the open editor's target.
    pub(super) fn editor_images(&self) -> &[Image] {
        let (Some(editor), Some((index, _))) = (self.state.editor(), self.active_question()) else {
            return &[];
        };
        let draft = &self.state.drafts[index];
        match editor.target {
            EditorTarget::Custom => &draft.custom_images,
            EditorTarget::Note(NoteTarget::Question) => &draft.note_images,
            EditorTarget::Note(NoteTarget::Option(option)) => draft.option_note_images(option),
        }
    }

    /// The images of the open editor's target, to change.
    fn editor_images_mut(&mut self) -> Option<&mut Vec<Image>> {
        let editor = self.state.editor_mut()?;
        // Only a change asks for them.
        editor.changed = true;
        let target = editor.target;
        let (index, _) = self.active_question()?;
        let draft = self.state.drafts.get_mut(index);
        Some(match target {
            EditorTarget::Custom => &mut draft.custom_images,
            EditorTarget::Note(NoteTarget::Question) => &mut draft.note_images,
            EditorTarget::Note(NoteTarget::Option(option)) => {
                draft.option_note_images.entry(option).or_default()
            }
        })
    }

    /// `editor.pasteImage`: asks for the clipboard's image for the open editor, unless it
    /// holds as many as it may; where the answers carry no images, only says so (the key
    /// pressed to paste an image does nothing else, the text left as it was).
    pub(super) fn paste_image(&mut self) -> Option<Vec<Effect>> {
        if self.rules().images == ImagePaste::Unsupported {
            self.state.notice = Some(Notice::ImagesNotTaken);
            return Some(Vec::new());
        }
        if self.editor_images().len() >= MAX_IMAGES_PER_EDITOR {
            self.state.notice = Some(Notice::TooManyImages);
            return Some(Vec::new());
        }
        self.state.image_reads += 1;
        let read = self.state.image_reads;
        let editor = self.state.editor_mut()?;
        editor.image_read = Some(read);
        Some(vec![Effect::ReadClipboardImage(ImageRead { read })])
    }

    /// `editor.removeImage`: takes the last image off the open editor's target. `None` when
    /// the contract takes no images.
    pub(super) fn remove_image(&mut self) -> Option<Vec<Effect>> {
        if self.rules().images == ImagePaste::Unsupported {
            return None;
        }
        if let Some(images) = self.editor_images_mut() {
            images.pop();
        }
        Some(Vec::new())
    }

    /// A clipboard read's outcome: attached to the open editor when it is the read that
    /// editor asked for; a read for an editor closed since attaches nowhere. An empty or
    /// unreadable clipboard, or bytes that are no image, only show a notice.
    pub(super) fn receive_image(&mut self, image: ClipboardImage) {
        let Some(editor) = self.state.editor_mut() else {
            return;
        };
        if editor.image_read != Some(image.read) {
            return;
        }
        editor.image_read = None;
        let bytes = match image.outcome {
            Ok(bytes) => bytes,
            Err(problem) => {
                self.state.notice = Some(match problem {
                    ClipboardProblem::Empty => Notice::NoClipboardImage,
                    ClipboardProblem::Unavailable => Notice::ClipboardUnavailable,
                });
                return;
            }
        };
        if self.editor_images().len() >= MAX_IMAGES_PER_EDITOR {
            self.state.notice = Some(Notice::TooManyImages);
            return;
        }
        let id = format!("image-{}", self.state.images_attached + 1);
        match Image::from_bytes(id, &bytes) {
            Ok(attached) => {
                self.state.images_attached += 1;
                if let Some(images) = self.editor_images_mut() {
                    images.push(attached);
                }
            }
            Err(refusal) => {
                self.state.notice = Some(match refusal {
                    ImageRefusal::NotAnImage => Notice::NotAnImage,
                    ImageRefusal::TooLarge => Notice::ImageTooLarge,
                });
            }
        }
    }
}
