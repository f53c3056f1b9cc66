//! The host calls on the device under test: `process` (in place) and `process_into` (out of
//! place) give the oracle's answer for one-pass and multi-pass plans, leave the input alone,
//! keep the values a caller's layout does not address, and refuse bad lengths with the data
//! untouched; repeated calls reuse the plan's buffers and stay correct.

use fft_core::plan::Layout;
use fft_core::Direction;
use fft_runtime::{Error, Fft};
use num_complex::Complex;
use oclfft_tests::*;

#[test]
fn process_into_equals_process_and_the_oracle() {
    // One pass (no copy back through scratch) and several passes, f32 and f64.
    for (len, batch) in [(64usize, 3usize), (1 << 14, 2), (1000, 2)] {
        let plan = Fft::<f64>::builder(test_queue())
            .len(len)
            .batch(batch)
            .build()
            .unwrap();
        let input = to_device::<f64>(&random_signal(len * batch, len as u64));
        let want = batched_oracle(&to_f64(&input), len, Direction::Forward, 1.0);
        let mut output = vec![Complex::new(f64::NAN, f64::NAN); len * batch];
        // Three calls: the cached staging buffers are reused and the answer does not change.
        for _ in 0..3 {
            plan.process_into(&input, &mut output).unwrap();
            check_against(&to_f64(&output), &want, len, tolerance::<f64>(len)).unwrap();
        }
        let mut in_place = input.clone();
        plan.process(&mut in_place).unwrap();
        assert_eq!(in_place, output, "len {len}");
        let plan32 = Fft::<f32>::builder(test_queue())
            .len(len)
            .batch(batch)
            .build()
            .unwrap();
        let input32 = to_device::<f32>(&to_f64(&input));
        let mut output32 = vec![Complex::new(0.0f32, 0.0); len * batch];
        plan32.process_into(&input32, &mut output32).unwrap();
        check_against(&to_f64(&output32), &want, len, tolerance::<f32>(len)).unwrap();
    }
}

#[test]
fn process_into_keeps_the_values_a_layout_does_not_address() {
    let plan = Fft::<f32>::builder(test_queue())
        .len(4)
        .batch(3)
        .input_layout(Layout::strided(&[2], 10))
        .output_layout(Layout::strided(&[2], 10))
        .build()
        .unwrap();
    let input: Vec<Complex<f32>> = (0..27).map(|i| Complex::new(i as f32, 0.5)).collect();
    let mut output = vec![Complex::new(-1.0f32, -1.0); 27];
    plan.process_into(&input, &mut output).unwrap();
    for (i, (got, was)) in output.iter().zip(&input).enumerate() {
        if !(i % 10 < 8 && i % 2 == 0) {
            assert_eq!(got, was, "value {i} is outside the layout");
        }
    }
    assert!((output[10].re - (10.0 + 12.0 + 14.0 + 16.0)).abs() < 1e-4);
}

#[test]
fn bad_lengths_are_refused_with_the_data_untouched() {
    let plan = Fft::<f32>::builder(test_queue())
        .len(16)
        .batch(2)
        .build()
        .unwrap();
    let input = vec![Complex::new(1.0f32, 0.0); 32];
    let mut short = vec![Complex::new(7.0f32, 7.0); 31];
    let err = plan.process_into(&input, &mut short).unwrap_err();
    assert!(matches!(err, Error::HostLengthMismatch { .. }), "{err}");
    assert!(short.iter().all(|v| *v == Complex::new(7.0, 7.0)));
    let mut wrong = vec![Complex::new(7.0f32, 7.0); 48];
    let err = plan
        .process_into(&input[..16], &mut wrong[..16])
        .unwrap_err();
    assert!(err.to_string().contains("32"), "{err}");
    let err = plan.process(&mut wrong).unwrap_err();
    assert!(matches!(err, Error::HostLengthMismatch { .. }), "{err}");
    assert!(wrong.iter().all(|v| *v == Complex::new(7.0, 7.0)));
}
