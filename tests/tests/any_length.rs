//! Every length works (issue 9): each N from 1 to 2048, f32 and f64, forward and inverse,
//! against the f64 oracle on the device under test (PoCL in CI); then property tests over
//! random lengths up to 2^22, weighted toward primes and products of large primes, with
//! random batches.
//!
//! Tolerances: `tolerance::<T>(N)`, the model `eps * sqrt(log2 N)` (3x for lengths with a
//! prime factor above 13, by Bluestein's or Rader's algorithm). The sweep prints the worst
//! relative L2 and max errors of each algorithm the device's plans use (PoCL's: Rader for
//! the primes whose N - 1 is 13-smooth, Bluestein for the other non-smooth lengths).

use fft_core::plan::Algorithm;
use fft_core::{Complex64, Direction};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{Fft, FftFloat};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

/// Longest length of the exhaustive sweep.
const SWEEP_MAX: usize = 2048;

/// Transforms `batch` random sequences of `len` points and compares them with the oracle.
fn check<T: FftFloat>(
    len: usize,
    batch: usize,
    direction: Direction,
    seed: u64,
) -> Result<(fft_core::accuracy::ErrorReport, Algorithm), String>
where
    Complex<T>: OclPrm,
{
    check_with::<T>(len, batch, direction, seed, fft_runtime::Strategy::Auto)
}

/// [`check`] with the plan's pass family named.
fn check_with<T: FftFloat>(
    len: usize,
    batch: usize,
    direction: Direction,
    seed: u64,
    strategy: fft_runtime::Strategy,
) -> Result<(fft_core::accuracy::ErrorReport, Algorithm), String>
where
    Complex<T>: OclPrm,
{
    let signal = random_signal(len * batch, seed);
    let plan = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .strategy(strategy)
        .build()
        .map_err(|e| format!("N = {len}: {e}"))?;
    let mut data = to_device::<T>(&signal);
    plan.process(&mut data)
        .map_err(|e| format!("N = {len}: {e}"))?;
    // The oracle sees the signal the device saw: rounded to T.
    let want = batched_oracle(&to_f64(&to_device::<T>(&signal)), len, direction, 1.0);
    let algorithm = plan.plan().algorithm;
    check_against(&to_f64(&data), &want, len, tolerance::<T>(len))
        .map(|report| (report, algorithm))
        .map_err(|e| format!("N = {len} ({algorithm:?}): {e}"))
}

/// Every N in 1..=SWEEP_MAX; the failures listed together, the worst errors printed.
fn sweep<T: FftFloat>(direction: Direction)
where
    Complex<T>: OclPrm,
{
    let mut failures = Vec::new();
    let mut worst: Vec<(String, f64, f64, usize)> = Vec::new();
    for len in 1..=SWEEP_MAX {
        match check::<T>(len, 1, direction, len as u64) {
            Ok((report, algorithm)) => {
                let class = match algorithm {
                    Algorithm::Bluestein { .. } => "bluestein",
                    Algorithm::Rader => "rader",
                    Algorithm::MixedRadix => "mixed radix",
                    _ => "power of two",
                };
                let entry = match worst.iter_mut().find(|w| w.0 == class) {
                    Some(entry) => entry,
                    None => {
                        worst.push((class.to_string(), 0.0, 0.0, 0));
                        worst.last_mut().expect("just pushed")
                    }
                };
                let scaled = report.relative_l2 / tolerance::<T>(len).relative_l2;
                if scaled > entry.1 {
                    (entry.1, entry.3) = (scaled, len);
                }
                entry.2 = entry.2.max(report.relative_max);
            }
            Err(e) => failures.push(e),
        }
    }
    for (class, scaled, max, len) in &worst {
        eprintln!(
            "{} {direction} {class}: worst L2 error {scaled:.2} of its tolerance (N = {len}), worst relative max {max:.2e}",
            T::PRECISION
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {SWEEP_MAX} lengths failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_length_to_2048_f32_forward() {
    sweep::<f32>(Direction::Forward);
}

#[test]
fn every_length_to_2048_f32_inverse() {
    sweep::<f32>(Direction::Inverse);
}

#[test]
fn every_length_to_2048_f64_forward() {
    sweep::<f64>(Direction::Forward);
}

#[test]
fn every_length_to_2048_f64_inverse() {
    sweep::<f64>(Direction::Inverse);
}

/// Lengths up to 2^22: a third primes near a random size, a third products of two large
/// primes, a third 13-smooth lengths.
fn any_length() -> impl Strategy<Value = usize> {
    let prime_near = (2usize..(1 << 22)).prop_map(|n| {
        (n..)
            .find(|&m| fft_core::plan::prime_factors(m).len() == 1)
            .expect("primes are unbounded")
    });
    let two_primes = (17usize..2048, 17usize..2048).prop_map(|(a, b)| {
        let next = |n: usize| {
            (n..)
                .find(|&m| fft_core::plan::prime_factors(m).len() == 1)
                .expect("primes are unbounded")
        };
        next(a) * next(b)
    });
    let smooth = (0u32..12, 0u32..8, 0u32..6, 0u32..3, 0u32..2, 0u32..2).prop_filter_map(
        "longer than 2^22",
        |(a, b, c, d, e, f)| {
            let n = 2usize.pow(a)
                * 3usize.pow(b)
                * 5usize.pow(c)
                * 7usize.pow(d)
                * 11usize.pow(e)
                * 13usize.pow(f);
            (n <= 1 << 22).then_some(n)
        },
    );
    prop_oneof![prime_near, two_primes, smooth]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// f32, any length up to 2^22, batch 1..=3 (fewer points for long lengths).
    #[test]
    fn random_lengths_match_the_oracle(len in any_length(), batch in 1usize..=3, seed in any::<u64>(), inverse in any::<bool>()) {
        let batch = if len > 1 << 18 { 1 } else { batch };
        let direction = if inverse { Direction::Inverse } else { Direction::Forward };
        check::<f32>(len, batch, direction, seed).map_err(TestCaseError::fail)?;
    }
}

/// Rader's plans: primes whose N - 1 is 13-smooth (a power of two, mixed), a batch whose
/// transforms differ (each keeps its own `x_0` and DC bin in the stash), f32 and f64, both
/// directions, with a normalization, in place (`process`) and out of place (`enqueue`).
#[test]
fn rader_primes_match_the_oracle() {
    fn run<T: FftFloat>()
    where
        Complex<T>: OclPrm,
    {
        for (len, batch) in [(17, 5), (257, 3), (1201, 2), (7001, 2), (65537, 2)] {
            for direction in [Direction::Forward, Direction::Inverse] {
                let plan = Fft::<T>::builder(test_queue())
                    .len(len)
                    .batch(batch)
                    .direction(direction)
                    .normalization(fft_core::Normalization::Ortho)
                    .build()
                    .unwrap_or_else(|e| panic!("N = {len}: {e}"));
                let algorithm = plan.plan().algorithm;
                // PoCL's plans have no fused passes, so they take Rader's algorithm.
                if test_queue().plan_caps().kind == fft_core::plan::DeviceKind::Cpu {
                    assert_eq!(algorithm, Algorithm::Rader, "N = {len}");
                }
                let signal = to_device::<T>(&random_signal(len * batch, len as u64 + 11));
                let scale = 1.0 / (len as f64).sqrt();
                let want = batched_oracle(&to_f64(&signal), len, direction, scale);
                let mut in_place = signal.clone();
                plan.process(&mut in_place).expect("process");
                let mut out =
                    vec![Complex::new(T::from_f64(f64::NAN), T::from_f64(f64::NAN)); len * batch];
                plan.process_into(&signal, &mut out).expect("process_into");
                for (what, got) in [("in place", &in_place), ("out of place", &out)] {
                    if let Err(e) = check_against(&to_f64(got), &want, len, tolerance::<T>(len)) {
                        panic!(
                            "N = {len} x {batch} {direction} {} {what} ({algorithm:?}): {e}",
                            T::PRECISION
                        );
                    }
                }
            }
        }
    }
    run::<f32>();
    run::<f64>();
}

/// Bluestein lengths whose smooth M is one mixed pass that cannot carry the chirp's edges
/// (4481: M = 9000 = [30, 30, 10] in f32; 1549: M = 3125 = [25, 25, 5] in f64) take the power of
/// two on fused plans; before, their GPU plans named kernels the generator refuses.
#[test]
fn fused_bluestein_takes_the_power_of_two_where_the_smooth_m_cannot_carry_the_chirp() {
    let fused = fft_runtime::Strategy::Fused;
    let m = |padded| Ok(Algorithm::Bluestein { padded });
    for direction in [Direction::Forward, Direction::Inverse] {
        let f32 = check_with::<f32>(4481, 2, direction, 4481, fused).map(|(_, a)| a);
        assert_eq!(f32, m(16384));
        let f64 = check_with::<f64>(1549, 2, direction, 1549, fused).map(|(_, a)| a);
        assert_eq!(f64, m(4096));
    }
}

/// The f64 oracle agrees with itself across its branches (naive DFT and f64 Bluestein).
#[test]
fn oracle_branches_agree() {
    let signal: Vec<Complex64> = random_signal(4099, 7);
    let naive = fft_core::naive_dft(&signal, Direction::Forward);
    let padded_len = NAIVE_DFT_MAX_LEN + 3;
    assert_eq!(signal.len(), padded_len);
    let fast = oracle(&signal, Direction::Forward);
    let report = fft_core::accuracy::ErrorReport::compare(&fast, &naive);
    assert!(report.relative_l2 < 1e-14, "{report:?}");
}
