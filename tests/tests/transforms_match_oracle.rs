//! Property tests on a real OpenCL device (PoCL in CI): every transform equals the f64 oracle.
//!
//! Case counts (also in the README): forward vs oracle 48 cases per precision over
//! 2^1..2^16 with batch 1..8; round trip 24 per precision; linearity 16; long lengths
//! 2^17..2^20 with batch 1..2, 4 cases per precision.

use fft_core::{Complex64, Direction, Normalization};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{Fft, FftFloat};
use num_complex::Complex;
use oclfft_tests::*;
use proptest::prelude::*;

fn direction() -> impl Strategy<Value = Direction> {
    prop_oneof![Just(Direction::Forward), Just(Direction::Inverse)]
}

/// Runs a transform out of place into an output pre-filled with NaN, so an element no pass
/// writes fails the comparison.
fn run_out_of_place<T: FftFloat>(plan: &Fft<T>, input: &[Complex<T>]) -> Vec<Complex<T>>
where
    Complex<T>: OclPrm,
{
    let queue = test_queue().queue();
    let nan = Complex::new(T::from_f64(f64::NAN), T::from_f64(f64::NAN));
    let src = fft_runtime::ocl::Buffer::builder()
        .queue(queue.clone())
        .len(input.len())
        .copy_host_slice(input)
        .build()
        .unwrap();
    let dst = fft_runtime::ocl::Buffer::builder()
        .queue(queue.clone())
        .len(input.len())
        .fill_val(nan)
        .build()
        .unwrap();
    plan.enqueue_out_of_place(&src, &dst)
        .unwrap()
        .wait_for()
        .unwrap();
    let mut out = vec![nan; input.len()];
    dst.read(&mut out).enq().unwrap();
    let mut after = vec![nan; input.len()];
    src.read(&mut after).enq().unwrap();
    assert!(after == input, "out-of-place transform modified its input");
    out
}

fn forward_matches_oracle<T: FftFloat>(
    log2: u32,
    batch: usize,
    direction: Direction,
    seed: u64,
) -> Result<(), TestCaseError>
where
    Complex<T>: OclPrm,
{
    let len = 1usize << log2;
    let signal = to_device::<T>(&random_signal(len * batch, seed));
    let plan = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .build()
        .unwrap();
    let got = to_f64(&run_out_of_place(&plan, &signal));
    let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
    check_against(&got, &want, len, tolerance::<T>(len)).map_err(TestCaseError::fail)?;
    Ok(())
}

fn round_trip<T: FftFloat>(log2: u32, batch: usize, seed: u64) -> Result<(), TestCaseError>
where
    Complex<T>: OclPrm,
{
    let len = 1usize << log2;
    let original = to_device::<T>(&random_signal(len * batch, seed));
    let forward = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .forward()
        .build()
        .unwrap();
    let inverse = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .inverse()
        .normalization(Normalization::Backward)
        .build()
        .unwrap();
    let mut data = original.clone();
    forward.process(&mut data).unwrap();
    inverse.process(&mut data).unwrap();
    // Two transforms: the bound of one, doubled.
    let mut bound = tolerance::<T>(len);
    bound.relative_l2 *= 2.0;
    bound.relative_max *= 2.0;
    check_against(&to_f64(&data), &to_f64(&original), len, bound).map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn forward_and_inverse_match_the_oracle_f32(log2 in 1u32..=16, batch in 1usize..=8, dir in direction(), seed in any::<u64>()) {
        forward_matches_oracle::<f32>(log2, batch, dir, seed)?;
    }

    #[test]
    fn forward_and_inverse_match_the_oracle_f64(log2 in 1u32..=16, batch in 1usize..=8, dir in direction(), seed in any::<u64>()) {
        forward_matches_oracle::<f64>(log2, batch, dir, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn inverse_of_forward_is_identity_f32(log2 in 1u32..=16, batch in 1usize..=8, seed in any::<u64>()) {
        round_trip::<f32>(log2, batch, seed)?;
    }

    #[test]
    fn inverse_of_forward_is_identity_f64(log2 in 1u32..=16, batch in 1usize..=8, seed in any::<u64>()) {
        round_trip::<f64>(log2, batch, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn transform_is_linear(log2 in 1u32..=14, a in -4.0f64..4.0, seed in any::<u64>()) {
        let len = 1usize << log2;
        let x = random_signal(len, seed);
        let y = random_signal(len, seed ^ 0x5555);
        let mixed: Vec<Complex64> = x.iter().zip(&y).map(|(p, q)| p * a + q).collect();
        let plan = Fft::<f64>::builder(test_queue()).len(len).build().unwrap();
        let run = |v: &[Complex64]| {
            let mut d = to_device::<f64>(v);
            plan.process(&mut d).unwrap();
            to_f64(&d)
        };
        let (fx, fy, fm) = (run(&x), run(&y), run(&mixed));
        let want: Vec<Complex64> = fx.iter().zip(&fy).map(|(p, q)| p * a + q).collect();
        let mut bound = tolerance::<f64>(len);
        bound.relative_l2 *= 4.0;
        bound.relative_max *= 4.0;
        check_against(&fm, &want, len, bound).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn long_transforms_match_the_reference_f32(log2 in 17u32..=20, batch in 1usize..=2, dir in direction(), seed in any::<u64>()) {
        forward_matches_oracle::<f32>(log2, batch, dir, seed)?;
    }

    #[test]
    fn long_transforms_match_the_reference_f64(log2 in 17u32..=20, batch in 1usize..=2, dir in direction(), seed in any::<u64>()) {
        forward_matches_oracle::<f64>(log2, batch, dir, seed)?;
    }
}
