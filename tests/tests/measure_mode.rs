//! Measure mode on the test device: every decomposition it may pick computes the transform,
//! the fastest is remembered in the tuning file and reused, and a tuning file cannot make a
//! plan take a decomposition that is not a candidate.

use fft_core::plan::{candidates, Choice, DeviceCaps};
use fft_core::Direction;
use fft_runtime::binary_cache::BinaryCache;
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceQueue, Fft, FftFloat, TuningFile};
use num_complex::Complex;
use oclfft_tests::*;
use std::path::Path;

/// A plan of `len` x `batch` with `choice`, checked against the oracle.
fn check_choice<T: FftFloat>(len: usize, batch: usize, direction: Direction, choice: Choice)
where
    Complex<T>: OclPrm,
{
    let signal = to_device::<T>(&random_signal(len * batch, len as u64 + 7));
    let plan = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(direction)
        .decomposition(choice)
        .build()
        .unwrap_or_else(|e| panic!("{choice} of {len} points: {e}"));
    let mut data = signal.clone();
    plan.process(&mut data).unwrap();
    let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
    if let Err(why) = check_against(&to_f64(&data), &want, len, tolerance::<T>(len)) {
        panic!("{choice} of {len} points: {why}\n{}", plan.explain());
    }
}

/// The candidates of a `len` x `batch` request on the test device and on a GPU (whose fused
/// splits a CPU device does not time, but can run).
fn device_candidates<T: FftFloat>(len: usize, batch: usize) -> Vec<Choice> {
    let request = fft_core::plan::PlanRequest {
        batch,
        precision: T::PRECISION,
        ..fft_core::plan::PlanRequest::new(len)
    };
    let mut choices = candidates(&request, &test_queue().plan_caps());
    for choice in candidates(&request, &DeviceCaps::NVIDIA_GPU) {
        if !choices.contains(&choice) {
            choices.push(choice);
        }
    }
    choices
}

#[test]
fn every_candidate_computes_the_transform() {
    // A one-pass length, one of three fused passes, a mixed length and Bluestein's.
    for (len, batch) in [(64, 3), (2048, 2), (1000, 2), (97, 2)] {
        let choices = device_candidates::<f32>(len, batch);
        assert!(choices.len() >= 2, "{len}: {choices:?}");
        for choice in choices {
            check_choice::<f32>(len, batch, Direction::Forward, choice);
            check_choice::<f32>(len, batch, Direction::Inverse, choice);
        }
    }
    if test_queue().summary().fp64 {
        for choice in device_candidates::<f64>(256, 2) {
            check_choice::<f64>(256, 2, Direction::Forward, choice);
        }
    }
}

#[test]
fn real_plans_take_the_choice_of_their_complex_core() {
    let len = 512;
    let signal: Vec<f32> = random_signal(len, 3).iter().map(|v| v.re as f32).collect();
    let want =
        fft_core::kernel::rfft_reference(&signal.iter().map(|&v| f64::from(v)).collect::<Vec<_>>());
    for choice in device_candidates::<f32>(len / 2, 1) {
        let plan = Fft::<f32>::builder(test_queue())
            .len(len)
            .decomposition(choice)
            .build_r2c()
            .unwrap_or_else(|e| panic!("{choice}: {e}"));
        let got = plan.process(&signal).unwrap();
        let report = fft_core::accuracy::ErrorReport::compare(&to_f64(&got), &want);
        assert!(
            tolerance::<f32>(len).accepts(&report),
            "{choice}: {report:?}"
        );
    }
}

/// The test device with its binary cache (and so its tuning file) in `dir`.
fn queue_in(dir: &Path) -> DeviceQueue {
    test_queue()
        .clone()
        .with_binary_cache(BinaryCache::in_dir(dir))
}

/// `text` with the value of its `median_us` line replaced by `value`.
fn with_median(text: &str, value: &str) -> String {
    text.lines()
        .map(|line| {
            if line.starts_with("median_us = ") {
                format!("median_us = {value}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_fastest_choice_is_recorded_and_reused() {
    let dir = tempfile::tempdir().unwrap();
    let queue = queue_in(dir.path());
    let build = || {
        Fft::<f32>::builder(&queue)
            .len(256)
            .batch(4)
            .measure(true)
            .build()
            .unwrap()
    };
    let first = build();
    let measured = first
        .measurement()
        .expect("a 256-point plan has candidates");
    assert!(
        measured.from_file.is_none() && measured.candidates >= 2,
        "{measured}"
    );
    assert!(measured.median > std::time::Duration::ZERO, "{measured}");
    assert!(
        first.explain().contains("measure mode: "),
        "{}",
        first.explain()
    );
    assert_eq!(measured.warning, None);

    let file = TuningFile::of(queue.binary_cache());
    let text = std::fs::read_to_string(file.path().unwrap()).unwrap();
    assert!(
        text.contains(&format!("choice = \"{}\"", measured.choice)),
        "{text}"
    );
    assert_eq!(
        text.matches(" us\"").count(),
        measured.candidates,
        "every candidate's time: {text}"
    );

    // A time edited into nonsense does not matter: the choice is what is read.
    let edited = with_median(&text, "inf");
    std::fs::write(file.path().unwrap(), edited).unwrap();
    let second = build();
    let reused = second.measurement().unwrap();
    assert_eq!(reused.choice, measured.choice);
    assert_eq!(reused.median, std::time::Duration::ZERO);
    assert_eq!(reused.from_file.as_deref(), file.path());
    assert_eq!(second.plan().passes, first.plan().passes);

    let signal = to_device::<f32>(&random_signal(256 * 4, 11));
    let mut data = signal.clone();
    second.process(&mut data).unwrap();
    let want = batched_oracle(&to_f64(&signal), 256, Direction::Forward, 1.0);
    check_against(&to_f64(&data), &want, 256, tolerance::<f32>(256)).unwrap();
}

#[test]
fn a_tuning_file_cannot_choose_what_is_not_a_candidate() {
    let dir = tempfile::tempdir().unwrap();
    let queue = queue_in(dir.path());
    let build = || {
        Fft::<f32>::builder(&queue)
            .len(128)
            .measure(true)
            .build()
            .unwrap()
    };
    let first = build();
    let path = TuningFile::of(queue.binary_cache())
        .path()
        .unwrap()
        .to_path_buf();
    let text = std::fs::read_to_string(&path).unwrap();
    let recorded = first.measurement().unwrap().choice.to_string();
    // A split of another length parses but is no candidate of 128 points.
    let edited = text.replace(
        &format!("choice = \"{recorded}\""),
        "choice = \"fused 64x64\"",
    );
    assert_ne!(edited, text);
    std::fs::write(&path, &edited).unwrap();
    let second = build();
    let measured = second.measurement().unwrap();
    assert!(
        measured.from_file.is_none(),
        "re-measured, not read: {measured}"
    );
    assert!(
        !std::fs::read_to_string(&path)
            .unwrap()
            .contains("fused 64x64"),
        "the bad entry is replaced"
    );
}

#[test]
fn unsuitable_decompositions_and_unmeasurable_plans_say_so() {
    let err = Fft::<f32>::builder(test_queue())
        .len(1000)
        .decomposition("fused 32x32".parse().unwrap())
        .build()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("fused split 32x32 transforms 1024 points")
            && err.contains("core length is 1000"),
        "{err}"
    );
    let square = Fft::<f32>::builder(test_queue())
        .shape(&[16, 16])
        .measure(true)
        .build()
        .unwrap();
    assert_eq!(
        square.measurement(),
        None,
        "multi-dimensional plans are estimated"
    );
    let bad = Fft::<f32>::builder(test_queue())
        .len(0)
        .measure(true)
        .build()
        .unwrap_err()
        .to_string();
    assert!(bad.contains("length must be at least 1"), "{bad}");
}

#[test]
fn a_queue_without_profiling_is_refused_with_what_to_do() {
    let plain =
        fft_runtime::ocl::Queue::new(&test_queue().queue().context(), test_queue().device(), None)
            .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let queue = DeviceQueue::from_ocl(plain)
        .unwrap()
        .with_binary_cache(BinaryCache::in_dir(dir.path()));
    let err = Fft::<f32>::builder(&queue)
        .len(256)
        .measure(true)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, fft_runtime::Error::MeasureFailed { .. })
            && err.to_string().contains("CL_QUEUE_PROFILING_ENABLE"),
        "{err}"
    );
    assert!(!dir.path().join(fft_runtime::TUNING_FILE).exists());
    // The estimate plan is unaffected.
    Fft::<f32>::builder(&queue).len(256).build().unwrap();
}
