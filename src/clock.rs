//! The wall clock, the way events carry time: milliseconds since the Unix epoch.

use std::time::{SystemTime, UNIX_EPOCH};

/// The current time in milliseconds since the Unix epoch (0 for a clock set before it).
pub fn now_millis() -> u64 {
    millis_since_epoch(SystemTime::now())
}

fn millis_since_epoch(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |elapsed| {
        u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
    })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::millis_since_epoch;

    #[test]
    fn event_times_are_milliseconds_since_the_unix_epoch() {
        let time = UNIX_EPOCH + Duration::from_millis(951_782_400_123);
        assert_eq!(millis_since_epoch(time), 951_782_400_123);
        assert_eq!(millis_since_epoch(UNIX_EPOCH - Duration::from_secs(1)), 0);
        assert!(super::now_millis() > 1_700_000_000_000);
    }
}
