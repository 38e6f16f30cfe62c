//! The lean backend: the modes leave with the next write, cursor position reports are read
//! apart from typed keys, a huge screen is capped, and input/output errors mean the terminal
//! is gone.

use std::io::Write as _;
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;

/// How often [`count_entered`] ran.
static ENTERED: AtomicUsize = AtomicUsize::new(0);

fn count_entered() {
    ENTERED.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn the_modes_leave_at_the_head_of_the_next_write_and_are_noted_once_as_it_is_made() {
    let (ours, theirs) = UnixStream::pair().expect("a socket pair");
    theirs.set_nonblocking(true).expect("non-blocking");
    let tty = Arc::new(File::from(OwnedFd::from(ours)));
    let mut backend = TtyBackend::new(
        &tty,
        ByteCount::default(),
        TypedAhead::default(),
        CursorReports::default(),
    );
    backend.enter_with(b"<modes>", count_entered);
    let mut received = [0; 64];
    assert_eq!(
        (&theirs).read(&mut received).map_err(|error| error.kind()),
        Err(ErrorKind::WouldBlock),
        "nothing is written before the next write"
    );
    assert_eq!(ENTERED.load(Ordering::SeqCst), 0);
    backend.write_now(b"<frame>").expect("written");
    assert_eq!(ENTERED.load(Ordering::SeqCst), 1);
    let read = (&theirs).read(&mut received).expect("read");
    assert_eq!(&received[..read], b"<modes><frame>");
    backend.write_now(b"<bell>").expect("written");
    assert_eq!(ENTERED.load(Ordering::SeqCst), 1, "noted once");
}

#[test]
fn a_report_gives_a_zero_based_position() {
    assert_eq!(
        parse_cursor_report(b"\x1b[12;5R"),
        Some(Position::new(4, 11))
    );
}

#[test]
fn bytes_before_the_report_are_skipped() {
    assert_eq!(
        parse_cursor_report(b"ab\x1b[A\x1b[1;1R"),
        Some(Position::new(0, 0))
    );
}

#[test]
fn input_output_errors_mean_the_terminal_is_gone() {
    let gone = io::Error::from_raw_os_error(Errno::IO.raw_os_error());
    assert!(is_gone(&gone));
    let lost = io::Error::from_raw_os_error(Errno::NXIO.raw_os_error());
    assert!(is_gone(&lost));
    assert!(!is_gone(&io::Error::from(ErrorKind::WouldBlock)));
    assert!(!is_gone(&io::Error::other("something else")));
}

#[test]
fn a_huge_screen_is_drawn_in_a_capped_area() {
    assert_eq!(
        capped(Size::new(65535, 65535)),
        Size::new(MAX_SCREEN_SIDE, MAX_SCREEN_SIDE)
    );
    assert_eq!(capped(Size::new(80, 5000)), Size::new(80, MAX_SCREEN_SIDE));
    assert_eq!(capped(Size::new(120, 40)), Size::new(120, 40));
}

#[test]
fn keys_typed_around_a_report_are_told_apart_from_it() {
    let bytes = b"ab\x1b[3;7Rc";
    let [(position, report)] = last_cursor_reports::<1>(bytes).unwrap();
    assert_eq!(position, Position::new(6, 2));
    assert_eq!(&bytes[..report.start], b"ab");
    assert_eq!(&bytes[report.end..], b"c");
}

#[test]
fn a_key_ending_in_r_typed_right_after_a_report_leaves_the_report_readable() {
    assert_eq!(
        parse_cursor_report(b"\x1b[3;7RR"),
        Some(Position::new(6, 2))
    );
    assert_eq!(
        parse_cursor_report(b"\x1b[3;7R\x1b[R"),
        Some(Position::new(6, 2))
    );
}

#[test]
fn two_reports_are_read_in_the_order_they_came() {
    let bytes = b"x\x1b[5;1R\x1b[24;80Ry";
    let [(cursor, first), (corner, second)] = last_cursor_reports::<2>(bytes).unwrap();
    assert_eq!(
        (cursor, corner),
        (Position::new(0, 4), Position::new(79, 23))
    );
    assert_eq!(
        (&bytes[..first.start], &bytes[second.end..]),
        (&b"x"[..], &b"y"[..])
    );
    assert_eq!(first.end, second.start);
    assert!(
        last_cursor_reports::<2>(b"\x1b[5;1R").is_none(),
        "one is not two"
    );
}

/// A backend on one end of a socket pair whose other end has `replies` waiting.
fn answered_backend(replies: &[u8]) -> (TtyBackend, UnixStream, TypedAhead) {
    let (ours, theirs) = UnixStream::pair().expect("a socket pair");
    (&theirs).write_all(replies).expect("replies written");
    let tty = Arc::new(File::from(OwnedFd::from(ours)));
    let typed = TypedAhead::default();
    let backend = TtyBackend::new(
        &tty,
        ByteCount::default(),
        typed.clone(),
        CursorReports::default(),
    );
    (backend, theirs, typed)
}

#[test]
fn the_screen_size_is_the_one_the_terminal_reports_with_the_cursor_in_one_request() {
    let (mut backend, theirs, typed) = answered_backend(b"a\x1b[5;3R\x1b[30;80Rb");
    let (cursor, screen) = backend.reported_cursor_and_screen().expect("answered");
    assert_eq!((cursor, screen), (Position::new(2, 4), Size::new(80, 30)));
    assert_eq!(typed.take(), b"ab", "the keys around the reports are kept");
    theirs.set_nonblocking(true).expect("non-blocking");
    let mut request = [0; 64];
    let read = (&theirs).read(&mut request).expect("the request");
    assert_eq!(
        &request[..read],
        b"\x1b[6n\x1b7\x1b[9999;9999H\x1b[6n\x1b8",
        "where the cursor is, then where the corner is, the cursor put back"
    );
}

#[test]
fn a_huge_reported_screen_is_capped_and_the_cursor_kept_inside_it() {
    let (mut backend, _theirs, _) = answered_backend(b"\x1b[4000;1500R\x1b[5000;2000R");
    let (cursor, screen) = backend.reported_cursor_and_screen().expect("answered");
    assert_eq!(screen, Size::new(MAX_SCREEN_SIDE, MAX_SCREEN_SIDE));
    assert_eq!(
        cursor,
        Position::new(MAX_SCREEN_SIDE - 1, MAX_SCREEN_SIDE - 1)
    );
}

#[test]
fn an_incomplete_report_is_not_a_position() {
    assert_eq!(parse_cursor_report(b""), None);
    assert_eq!(parse_cursor_report(b"\x1b[12;5"), None);
    assert_eq!(parse_cursor_report(b"\x1b[12R"), None);
    assert_eq!(parse_cursor_report(b"R"), None);
}
