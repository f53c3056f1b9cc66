//! The host calls on the device under test: `process` (in place) and `process_into` (out of
//! place) give the oracle's answer for one-pass and multi-pass plans, leave the input alone,
//! keep the values a caller's layout does not address, and refuse bad lengths with the data
//! untouched; repeated calls reuse the plan's buffers and stay correct. Plans are built
//! without quick start: the paths and calls are compared bit for bit, and a quick-start plan
//! switches kernels (and so bits) between calls once its fused programs are ready.

use fft_core::plan::Layout;
use fft_core::Direction;
use fft_runtime::{DeviceQueue, Error, Fft, HostPath, PinnedVec, PINNED_MIN_BYTES};
use num_complex::Complex;
use oclfft_tests::*;

#[test]
fn process_into_equals_process_and_the_oracle() {
    // One pass (no copy back through scratch) and several passes, f32 and f64.
    for (len, batch) in [(64usize, 3usize), (1 << 14, 2), (1000, 2)] {
        let plan = Fft::<f64>::builder(test_queue())
            .len(len)
            .batch(batch)
            .quick_start(false)
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
            .quick_start(false)
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
        .quick_start(false)
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
        .quick_start(false)
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

/// The test queue with host calls moving data by `path`.
fn queue_with(path: HostPath) -> DeviceQueue {
    test_queue().clone().with_host_path(path)
}

/// Every way host data can move gives the same bits for every host call, above the size at
/// which the pinned chunks take over (f32 and f64); the input of an out-of-place call is left
/// as it was, and the plain path, checked here against the oracle, is the reference.
#[test]
fn every_host_path_gives_the_same_bits() {
    const PATHS: [HostPath; 3] = [HostPath::Direct, HostPath::Pinned, HostPath::Plain];
    let (len, batch) = (4096usize, PINNED_MIN_BYTES / (4096 * 8) + 1);
    let signal = random_signal(len * batch, 17);
    // The oracle is a naive DFT at this length: the first rows stand for the rest, which the
    // paths must match bit for bit anyway.
    const CHECKED: usize = 3;
    let want = batched_oracle(&signal[..CHECKED * len], len, Direction::Forward, 1.0);
    let input = to_device::<f32>(&signal);
    let results: Vec<_> = PATHS
        .iter()
        .map(|&path| {
            let queue = queue_with(path);
            let plan = Fft::<f32>::builder(&queue)
                .len(len)
                .batch(batch)
                .quick_start(false)
                .build()
                .unwrap();
            let mut output = vec![Complex::new(f32::NAN, 0.0); len * batch];
            plan.process_into(&input, &mut output).unwrap();
            let mut in_place = input.clone();
            plan.process(&mut in_place).unwrap();
            assert_eq!(in_place, output, "{path:?}: process and process_into");
            (path, output)
        })
        .collect();
    assert_eq!(input, to_device::<f32>(&signal), "the input was written");
    let checked = &results[2].1[..CHECKED * len];
    check_against(&to_f64(checked), &want, len, tolerance::<f32>(len)).unwrap();
    for (path, output) in &results {
        assert!(
            output == &results[2].1,
            "{path:?} differs from the plain path"
        );
    }

    // Planar f64 and the real plans, each above the pinned threshold too.
    let batch64 = PINNED_MIN_BYTES / (len * 8) + 1;
    let planar: Vec<_> = PATHS
        .iter()
        .map(|&path| {
            let plan = Fft::<f64>::builder(&queue_with(path))
                .len(len)
                .batch(batch64)
                .input_layout(Layout::planar())
                .output_layout(Layout::planar())
                .quick_start(false)
                .build()
                .unwrap();
            let mut re: Vec<f64> = signal[..len * batch64].iter().map(|v| v.re).collect();
            let mut im: Vec<f64> = signal[..len * batch64].iter().map(|v| v.im).collect();
            plan.process_planar(&mut re, &mut im).unwrap();
            (re, im)
        })
        .collect();
    let got: Vec<Complex<f64>> = planar[2]
        .0
        .iter()
        .zip(&planar[2].1)
        .take(CHECKED * len)
        .map(|(&re, &im)| Complex::new(re, im))
        .collect();
    check_against(&got, &want, len, tolerance::<f64>(len)).unwrap();
    assert!(
        planar.iter().all(|p| p == &planar[2]),
        "planar paths differ"
    );

    let reals: Vec<f32> = signal.iter().map(|v| v.re as f32).collect();
    let real_results: Vec<_> = PATHS
        .iter()
        .map(|&path| {
            let queue = queue_with(path);
            let r2c = Fft::<f32>::builder(&queue)
                .len(len)
                .batch(batch)
                .quick_start(false)
                .build_r2c()
                .unwrap();
            let spectrum = r2c.process(&reals).unwrap();
            let c2r = Fft::<f32>::builder(&queue)
                .len(len)
                .batch(batch)
                .normalization(fft_core::Normalization::Backward)
                .quick_start(false)
                .build_c2r()
                .unwrap();
            let copy = spectrum.clone();
            let back = c2r.process(&spectrum).unwrap();
            assert_eq!(spectrum, copy, "{path:?}: C2R wrote its input");
            (spectrum, back)
        })
        .collect();
    let worst = real_results[2]
        .1
        .iter()
        .zip(&reals)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert!(worst < 1e-4, "C2R(R2C(x)) differs from x by {worst}");
    assert!(
        real_results.iter().all(|r| r == &real_results[2]),
        "real paths differ"
    );
}

/// Data in pinned host memory (`PinnedVec`) goes to the device as it is, on every path, and
/// gives the same bits as the same values in a `Vec`.
#[test]
fn pinned_vectors_give_the_same_bits_as_vectors() {
    let (len, batch) = (4096usize, PINNED_MIN_BYTES / (4096 * 8) + 1);
    let input = to_device::<f32>(&random_signal(len * batch, 5));
    let mut want = vec![Complex::new(0.0f32, 0.0); len * batch];
    let plain = queue_with(HostPath::Plain);
    let plan = Fft::<f32>::builder(&plain)
        .len(len)
        .batch(batch)
        .quick_start(false)
        .build()
        .unwrap();
    plan.process_into(&input, &mut want).unwrap();
    for path in [HostPath::Pinned, HostPath::Direct, HostPath::Plain] {
        let queue = queue_with(path);
        let plan = Fft::<f32>::builder(&queue)
            .len(len)
            .batch(batch)
            .quick_start(false)
            .build()
            .unwrap();
        let pinned_input = PinnedVec::from_slice(&queue, &input).unwrap();
        let mut pinned_output = PinnedVec::zeroed(&queue, len * batch).unwrap();
        plan.process_into(&pinned_input, &mut pinned_output)
            .unwrap();
        assert!(pinned_output[..] == want[..], "{path:?}: process_into");
        assert!(
            pinned_input[..] == input[..],
            "{path:?}: the input was written"
        );
        let mut in_place = PinnedVec::from_slice(&queue, &input).unwrap();
        plan.process(&mut in_place).unwrap();
        assert!(in_place[..] == want[..], "{path:?}: process");
    }
}

/// `process_into` with different input and output layouts (every other value of rows 20
/// apart in, every third value of rows 30 apart out), on every host path: the oracle's answer
/// at the output layout's addresses, the output's other values and the input left as they
/// were; slices shorter than their layout's extent refused with the output untouched.
#[test]
fn process_into_reads_and_writes_two_layouts_on_every_host_path() {
    let (len, batch) = (8usize, 3usize);
    let signal = to_device::<f32>(&random_signal(len * batch, 29));
    let want = batched_oracle(&to_f64(&signal), len, Direction::Forward, 1.0);
    let fill = Complex::new(-3.5f32, 2.25);
    let mut input = vec![fill; 20 * batch];
    for (i, &v) in signal.iter().enumerate() {
        input[(i / len) * 20 + 2 * (i % len)] = v;
    }
    let input_before = input.clone();
    for path in [HostPath::Direct, HostPath::Pinned, HostPath::Plain] {
        let queue = queue_with(path);
        let plan = Fft::<f32>::builder(&queue)
            .len(len)
            .batch(batch)
            .input_layout(Layout::strided(&[2], 20))
            .output_layout(Layout::strided(&[3], 30))
            .quick_start(false)
            .build()
            .unwrap();
        let mut output = vec![fill; 30 * batch];
        plan.process_into(&input, &mut output).unwrap();
        assert_eq!(input, input_before, "{path:?}: the input was written");
        let mut got = Vec::new();
        for (i, v) in output.iter().enumerate() {
            let addressed = i % 30 < 3 * len && (i % 30) % 3 == 0;
            if addressed {
                got.push(*v);
            } else {
                assert_eq!(*v, fill, "{path:?}: output value {i} is outside the layout");
            }
        }
        check_against(&to_f64(&got), &want, len, tolerance::<f32>(len))
            .unwrap_or_else(|e| panic!("{path:?}: {e}"));

        // The extents: 20 * (batch - 1) + 2 * (len - 1) + 1 = 55, 30 * 2 + 3 * 7 + 1 = 82.
        let mut untouched = vec![fill; 30 * batch];
        let err = plan.process_into(&input[..54], &mut untouched).unwrap_err();
        assert!(
            matches!(
                err,
                Error::LayoutTooSmall {
                    role: "input slice",
                    ..
                }
            ),
            "{err}"
        );
        let err = plan.process_into(&input, &mut untouched[..81]).unwrap_err();
        assert!(
            matches!(
                err,
                Error::LayoutTooSmall {
                    role: "output slice",
                    ..
                }
            ),
            "{err}"
        );
        assert!(untouched.iter().all(|v| *v == fill));
    }
    // A planar side cannot come from an interleaved slice: refused, the output untouched.
    let planar_in = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(batch)
        .input_layout(Layout::planar())
        .quick_start(false)
        .build()
        .unwrap();
    let mut untouched = vec![fill; len * batch];
    let err = planar_in.process_into(&signal, &mut untouched).unwrap_err();
    assert!(
        matches!(err, Error::WrongStorage { role: "input", .. }),
        "{err}"
    );
    assert!(err.to_string().contains("enqueue_sides"), "{err}");
    assert!(untouched.iter().all(|v| *v == fill));
}
