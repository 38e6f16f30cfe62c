//! Images attached to a written answer or a note (pasted from the clipboard): what results
//! carry (`{id, mimeType, data}`, the bytes in base64 without a data-URI prefix), how their
//! kind is told from their first bytes, and the limits on them.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest image an editor takes, in bytes.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;

/// The most images one editor (one answer, one note) holds.
pub const MAX_IMAGES_PER_EDITOR: usize = 5;

/// One attached image, as results carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    /// Unique within the ask: `image-1`, `image-2`, in the order they were attached.
    pub id: String,
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    pub mime_type: String,
    /// The bytes in base64, without a data-URI prefix; empty in a cancelled result.
    pub data: String,
}

/// Why bytes cannot be attached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ImageRefusal {
    /// The bytes are no PNG, JPEG, GIF or WebP image.
    #[error("The clipboard holds no PNG, JPEG, GIF or WebP image.")]
    NotAnImage,
    /// Larger than [`MAX_IMAGE_BYTES`].
    #[error("Images are limited to 10 MiB each.")]
    TooLarge,
}

impl Image {
    /// The image `id` made of `bytes`, when they are an image of a known kind within the
    /// size limit.
    pub fn from_bytes(id: String, bytes: &[u8]) -> Result<Self, ImageRefusal> {
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(ImageRefusal::TooLarge);
        }
        let mime_type = sniff(bytes).ok_or(ImageRefusal::NotAnImage)?;
        Ok(Self {
            id,
            mime_type: mime_type.to_owned(),
            data: STANDARD.encode(bytes),
        })
    }
}

/// The media type of image `bytes`, told from their first bytes.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// The marker an editor, the review and the summaries show for the `number`th image (from 1).
pub fn marker(number: usize) -> String {
    format!("[image {number}]")
}

/// The markers of `count` images, separated by spaces.
pub fn markers(count: usize) -> String {
    (1..=count).map(marker).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_is_told_from_the_first_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(sniff(&[0xff, 0xd8, 0xff, 0xe0]), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a.."), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"plain text"), None);
    }

    #[test]
    fn data_is_base64_without_a_data_uri_prefix() {
        let image = Image::from_bytes("image-1".into(), b"\x89PNG\r\n\x1a\n").unwrap();
        assert_eq!(image.data, "iVBORw0KGgo=");
        assert_eq!(image.mime_type, "image/png");
    }

    #[test]
    fn an_image_over_the_limit_is_refused() {
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        bytes.resize(MAX_IMAGE_BYTES + 1, 0);
        assert_eq!(
            Image::from_bytes("image-1".into(), &bytes),
            Err(ImageRefusal::TooLarge)
        );
    }
}
