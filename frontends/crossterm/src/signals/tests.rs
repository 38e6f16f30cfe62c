//! The signal watch's recording, taking and release, on a watch of its own.

use super::*;

/// A watch of its own, with no handler registered: the process-wide one stays untouched.
fn unregistered_watch() -> SignalWatch {
    let (wake, waker) = crate::wake::wake_pipe().expect("a pipe");
    SignalWatch {
        ending: AtomicUsize::new(0),
        suspend: AtomicBool::new(false),
        resized: AtomicBool::new(false),
        hung_up: AtomicBool::new(false),
        ended: AtomicBool::new(false),
        shared: Arc::new(Handled {
            idle: AtomicBool::new(true),
            hangup_idle: AtomicBool::new(true),
            stopping: AtomicBool::new(false),
            arrived: AtomicU64::new(0),
            waker,
        }),
        wake,
    }
}

#[test]
fn after_a_run_a_signal_ended_later_signals_stay_recorded() {
    let watch = unregistered_watch();
    watch.capture();
    watch.release();
    assert!(watch.shared.idle.load(Ordering::SeqCst), "default again");
    assert!(watch.shared.hangup_idle.load(Ordering::SeqCst));
    watch.capture();
    watch.ending.store(signal_index(SIGTERM), Ordering::SeqCst);
    assert!(matches!(
        watch.take(),
        Some(Request::End(Signal::Terminate))
    ));
    watch.release();
    assert!(!watch.shared.idle.load(Ordering::SeqCst), "still recorded");
    assert!(!watch.shared.hangup_idle.load(Ordering::SeqCst));
    watch.capture();
    watch.release();
    assert!(
        watch.shared.idle.load(Ordering::SeqCst),
        "a new run starts afresh"
    );
}

#[test]
fn every_ending_signal_is_found_by_its_number() {
    for signal in Signal::ALL {
        assert_eq!(
            Signal::from_number(signal_index(signal.number())),
            Some(signal)
        );
    }
    assert_eq!(Signal::from_number(0), None);
    assert_eq!(Signal::from_number(signal_index(SIGTSTP)), None);
    assert_eq!(Signal::from_number(signal_index(SIGWINCH)), None);
}

#[test]
fn every_watched_signal_has_a_bit_of_its_own() {
    let mut seen = 0_u64;
    for number in watched_signals() {
        let bit = signal_bit(number);
        assert_ne!(bit, 0, "signal {number}");
        assert_eq!(seen & bit, 0, "signal {number}");
        seen |= bit;
    }
}

#[test]
fn signal_numbers_are_the_platform_ones() {
    assert_eq!(Signal::Interrupt.number(), SIGINT);
    assert_eq!(Signal::Terminate.number(), SIGTERM);
    assert_eq!(Signal::Hangup.number(), SIGHUP);
    assert_eq!(Signal::Quit.number(), SIGQUIT);
    assert_eq!(Signal::User1.number(), SIGUSR1);
    assert_eq!(Signal::VirtualAlarm.number(), SIGVTALRM);
}

#[test]
fn through_a_stop_the_ending_signals_stay_recorded_and_sigtstp_alone_stops() {
    let watch = unregistered_watch();
    watch.capture();
    watch.hold_through_stop();
    watch.release();
    assert!(
        !watch.shared.idle.load(Ordering::SeqCst),
        "recorded through the stop"
    );
    // SIGTERM taken as the process continues: its handler records it.
    watch
        .shared
        .arrived
        .fetch_or(signal_bit(SIGTERM), Ordering::SeqCst);
    assert!(watch.ending_recorded(), "the signal taken is recorded");
    watch.capture();
    assert!(
        matches!(watch.take(), Some(Request::End(Signal::Terminate))),
        "taking the session up again keeps it"
    );
    watch.capture();
    assert!(watch.take().is_none(), "a new session starts afresh");
}
