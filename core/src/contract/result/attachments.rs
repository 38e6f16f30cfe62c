//! The image blocks of an `ask_user` result's `content`: for each attached image, a text that
//! names the question and the answer or note it belongs to, then the image itself.

use super::{AskResult, ElaborationItem};
use crate::contract::answers::Answer;
use crate::contract::images::Image;
use crate::contract::issue::quoted;
use crate::contract::output::{Content, ImageContent, ImageKind};
use crate::contract::request::Request;

/// The blocks for every image the result carries, in question order: a submitted result's
/// answers, or an elaborate result's written answers and the images of its notes.
pub(crate) fn image_blocks(request: &Request, details: &AskResult) -> Vec<Content> {
    let mut blocks = Vec::new();
    let notes_in_items = details.elaboration.is_some();
    for question in &request.questions {
        let prompt = quoted(&question.prompt);
        if let Some(answer) = details.answers.get(&question.id) {
            push_answer(&mut blocks, &prompt, answer, notes_in_items, |value| {
                question
                    .option_by_value(value)
                    .map_or_else(|| value.to_owned(), |(_, option)| option.label.to_string())
            });
        }
        let Some(elaboration) = &details.elaboration else {
            continue;
        };
        for item in &elaboration.items {
            let (id, what, images) = match item {
                ElaborationItem::Question(item) => (
                    &item.question.question.id,
                    format!("the note {} on question {prompt}", quoted(&item.note)),
                    &item.images,
                ),
                ElaborationItem::Option(item) => (
                    &item.question.question.id,
                    format!(
                        "the note {} on option {} of question {prompt}",
                        quoted(&item.note),
                        quoted(&item.option.label)
                    ),
                    &item.images,
                ),
            };
            if *id == question.id {
                push_images(&mut blocks, &what, images.as_deref().unwrap_or_default());
            }
        }
    }
    blocks
}

/// The blocks of one answer's images; its notes' images too unless the elaboration items
/// carry them.
fn push_answer(
    blocks: &mut Vec<Content>,
    prompt: &str,
    answer: &Answer,
    notes_in_items: bool,
    label_of: impl Fn(&str) -> String,
) {
    if let Some(images) = &answer.custom_images {
        let what = match &answer.custom_text {
            Some(text) => format!("the written answer {} to question {prompt}", quoted(text)),
            None => format!("the answer to question {prompt}"),
        };
        push_images(blocks, &what, images);
    }
    if notes_in_items {
        return;
    }
    if let Some(images) = &answer.note_images {
        let note = quoted(answer.note.as_deref().unwrap_or_default());
        push_images(
            blocks,
            &format!("the note {note} on question {prompt}"),
            images,
        );
    }
    for (value, images) in answer.option_note_images.iter().flatten() {
        let note = answer
            .option_notes
            .as_ref()
            .and_then(|notes| notes.get(value))
            .cloned()
            .unwrap_or_default();
        let what = format!(
            "the note {} on option {} of question {prompt}",
            quoted(&note),
            quoted(&label_of(value))
        );
        push_images(blocks, &what, images);
    }
}

fn push_images(blocks: &mut Vec<Content>, what: &str, images: &[Image]) {
    let count = images.len();
    for (number, image) in images.iter().enumerate() {
        blocks.push(Content::text(format!(
            "Image {} of {count} attached to {what}:",
            number + 1
        )));
        blocks.push(Content::Image(ImageContent {
            kind: ImageKind::Image,
            data: image.data.clone(),
            mime_type: image.mime_type.clone(),
        }));
    }
}
