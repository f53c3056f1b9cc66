//! Deterministic test signals, shared by the tests and `oclfft bench`.

use num_complex::Complex64;

/// `len` pseudo-random complex values with components in [-1, 1), from SplitMix64 seeded with
/// `seed`: the same seed gives the same signal on every platform.
pub fn random_signal(len: usize, seed: u64) -> Vec<Complex64> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    (0..len).map(|_| Complex64::new(next(), next())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let a = random_signal(1000, 42);
        assert_eq!(a, random_signal(1000, 42));
        assert_ne!(a, random_signal(1000, 43));
        assert!(a
            .iter()
            .all(|v| (-1.0..1.0).contains(&v.re) && (-1.0..1.0).contains(&v.im)));
        let mean: f64 = a.iter().map(|v| v.re).sum::<f64>() / 1000.0;
        assert!(mean.abs() < 0.1, "{mean}");
    }
}
