//! The program's own `log10`, so that it does not load the C library's libm for one function.
//!
//! ratatui-textarea, the core's text editor, counts the digits of a line number with
//! `f64::log10`, which compiles to a call of the C function `log10`: the only symbol the program
//! takes from libm. Defined here, with the `libm` crate's port of the same algorithm, it is
//! resolved inside the program, and the linker, which records a library only when a symbol is
//! taken from it, leaves libm out: one library fewer to map, relocate and run the IFUNC
//! resolvers of at start (about 0.3 MiB of the program's resident memory).

/// The base-10 logarithm of `x`, for the calls the compiler emits for `f64::log10`.
///
/// Exact for the powers of ten, as the C library's is, so digit counts agree.
// SAFETY: an exported name is unsafe only where it clashes with another definition; the
// program links no other `log10` (it is exactly the one libm would have supplied), and the
// function has the C signature the callers expect.
#[allow(
    unsafe_code,
    reason = "the name must be the C symbol the compiler calls"
)]
#[unsafe(no_mangle)]
pub extern "C" fn log10(x: f64) -> f64 {
    libm::log10(x)
}

#[cfg(test)]
mod tests {
    use super::log10;

    #[test]
    fn a_power_of_ten_has_its_exponent_for_logarithm() {
        let mut power = 1.0_f64;
        for exponent in 0..=22 {
            assert_eq!(
                log10(power).to_bits(),
                f64::from(exponent).to_bits(),
                "10^{exponent}"
            );
            power *= 10.0;
        }
    }

    #[test]
    fn digit_counts_from_the_logarithm_match_the_decimal_text() {
        let mut checked = Vec::new();
        for digits in 1..=15_u32 {
            let power = 10_u64.pow(digits - 1);
            checked.extend([power.saturating_sub(1).max(1), power, power + 1]);
        }
        for n in checked {
            let counted = log10(n as f64) as usize + 1;
            assert_eq!(counted, n.to_string().len(), "{n}");
        }
    }

    #[test]
    fn logarithms_outside_the_positive_numbers_follow_the_c_library() {
        assert!(log10(0.0).is_infinite() && log10(0.0) < 0.0);
        assert!(log10(-1.0).is_nan());
        assert!(log10(f64::NAN).is_nan());
        assert!(log10(f64::INFINITY).is_infinite() && log10(f64::INFINITY) > 0.0);
        assert!((log10(2.0) - std::f64::consts::LOG10_2).abs() <= f64::EPSILON);
    }
}
