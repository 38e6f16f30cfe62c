//! Reading an image from the system clipboard for the editors' paste-image action, on a
//! thread of its own so the terminal never waits for it; the outcome reaches the run as an
//! input through a [`Courier`].
//!
//! Where the image comes from, first that has one: the native clipboard (`arboard`; its
//! pixels are written back as PNG); on Linux `wl-paste --type image/png` (Wayland) and
//! `xclip -selection clipboard -t image/png -o` (X11); under WSL the Windows clipboard through
//! `powershell.exe`. Each helper is run only where it is found, and an empty answer counts
//! as no image.

use std::io::Cursor;
use std::process::{Command, Stdio};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use pi_agent_ask_core::effect::ImageRead;
use pi_agent_ask_core::input::{ClipboardImage, ClipboardProblem, Input};

use crate::arrivals::Courier;

/// The Windows clipboard's image as base64 PNG, for WSL.
const POWERSHELL_SCRIPT: &str = "Add-Type -AssemblyName System.Windows.Forms; \
    Add-Type -AssemblyName System.Drawing; \
    $image = [System.Windows.Forms.Clipboard]::GetImage(); \
    if ($image) { $stream = New-Object System.IO.MemoryStream; \
    $image.Save($stream, [System.Drawing.Imaging.ImageFormat]::Png); \
    [Convert]::ToBase64String($stream.ToArray()) }";

/// Starts `read` on a thread; its outcome is delivered through `courier` (at once, as an
/// unavailable clipboard, when no thread can start).
pub fn start_read(read: ImageRead, courier: Courier) {
    let answer = move |courier: &Courier, outcome| {
        courier.deliver(Input::ClipboardImage(ClipboardImage {
            read: read.read,
            outcome,
        }));
    };
    let fallback = courier.clone();
    let spawned = std::thread::Builder::new()
        .name("clipboard".into())
        .spawn(move || answer(&courier, read_image()));
    if spawned.is_err() {
        answer(&fallback, Err(ClipboardProblem::Unavailable));
    }
}

/// The clipboard's image bytes, or why there are none: empty when some clipboard was read
/// and had no image, unavailable when none could be read at all.
pub fn read_image() -> Result<Vec<u8>, ClipboardProblem> {
    let mut reached = false;
    match native() {
        Source::Image(bytes) => return Ok(bytes),
        Source::Empty => reached = true,
        Source::Unavailable => {}
    }
    for helper in helpers() {
        match helper() {
            Source::Image(bytes) => return Ok(bytes),
            Source::Empty => reached = true,
            Source::Unavailable => {}
        }
    }
    Err(if reached {
        ClipboardProblem::Empty
    } else {
        ClipboardProblem::Unavailable
    })
}

/// What one way of reading the clipboard gave.
enum Source {
    /// Image bytes.
    Image(Vec<u8>),
    /// A clipboard was read; it holds no image.
    Empty,
    /// This way cannot read a clipboard here.
    Unavailable,
}

/// The native clipboard through `arboard`, its pixels encoded as PNG.
fn native() -> Source {
    let Ok(mut clipboard) = arboard::Clipboard::new() else {
        return Source::Unavailable;
    };
    let Ok(image) = clipboard.get_image() else {
        return Source::Empty;
    };
    encode_png(image.width, image.height, &image.bytes).map_or(Source::Empty, Source::Image)
}

/// RGBA pixels as a PNG file.
fn encode_png(width: usize, height: usize, rgba: &[u8]) -> Option<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    let mut encoder = png::Encoder::new(
        &mut out,
        u32::try_from(width).ok()?,
        u32::try_from(height).ok()?,
    );
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().ok()?;
    writer.write_image_data(rgba).ok()?;
    writer.finish().ok()?;
    Some(out.into_inner())
}

/// The helper programs to try after the native clipboard, in order.
fn helpers() -> Vec<fn() -> Source> {
    let mut helpers: Vec<fn() -> Source> = Vec::new();
    if cfg!(target_os = "linux") {
        helpers.push(wl_paste);
        helpers.push(xclip);
        if is_wsl() {
            helpers.push(powershell);
        }
    }
    helpers
}

fn wl_paste() -> Source {
    run("wl-paste", &["--no-newline", "--type", "image/png"])
}

fn xclip() -> Source {
    run(
        "xclip",
        &["-selection", "clipboard", "-t", "image/png", "-o"],
    )
}

fn powershell() -> Source {
    let script = [
        "-NoProfile",
        "-NonInteractive",
        "-Command",
        POWERSHELL_SCRIPT,
    ];
    match run("powershell.exe", &script) {
        Source::Image(text) => {
            let text = String::from_utf8_lossy(&text);
            STANDARD
                .decode(text.trim())
                .ok()
                .filter(|bytes| !bytes.is_empty())
                .map_or(Source::Empty, Source::Image)
        }
        other => other,
    }
}

/// Whether this Linux runs under WSL.
fn is_wsl() -> bool {
    std::env::var_os("WSL_DISTRO_NAME").is_some()
        || std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .is_ok_and(|release| release.to_ascii_lowercase().contains("microsoft"))
}

/// Runs a helper: its standard output when it succeeds with some, empty when it runs and
/// gives none (or fails: most say so when the clipboard has no image of that type),
/// unavailable when it is not installed.
fn run(program: &str, args: &[&str]) -> Source {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
    match output {
        Err(_) => Source::Unavailable,
        Ok(output) if output.status.success() && !output.stdout.is_empty() => {
            Source::Image(output.stdout)
        }
        Ok(_) => Source::Empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_from_the_native_clipboard_become_a_png_file() {
        let png = encode_png(1, 1, &[255, 0, 0, 255]).unwrap();
        assert_eq!(
            pi_agent_ask_core::contract::images::sniff(&png),
            Some("image/png")
        );
    }

    #[test]
    fn a_helper_that_is_not_installed_is_unavailable() {
        assert!(matches!(
            run("pi-agent-ask-no-such-helper", &[]),
            Source::Unavailable
        ));
    }
}
