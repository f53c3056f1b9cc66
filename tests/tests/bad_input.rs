//! Every error path of the runtime: the message says what was wrong and what to do, and the
//! caller's data is left as it was.

use fft_core::plan::PlanError;
use fft_runtime::{DeviceQueue, DeviceSelector, Error, Fft, MAX_TOTAL_POINTS};
use num_complex::Complex32;
use oclfft_tests::*;

#[test]
fn wrong_host_length_is_rejected_and_data_kept() {
    let plan = Fft::<f32>::builder(test_queue())
        .len(64)
        .batch(2)
        .build()
        .unwrap();
    let original = to_device::<f32>(&random_signal(100, 1));
    let mut data = original.clone();
    let err = plan.process(&mut data).unwrap_err();
    assert!(
        matches!(
            err,
            Error::HostLengthMismatch {
                expected: 128,
                actual: 100,
                ..
            }
        ),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("100") && msg.contains("128") && msg.contains("64 points x batch 2"),
        "{msg}"
    );
    assert_eq!(data, original);
}

#[test]
fn small_device_buffers_are_rejected() {
    let queue = test_queue();
    let plan = Fft::<f32>::builder(queue)
        .len(256)
        .batch(4)
        .build()
        .unwrap();
    let small = fft_runtime::ocl::Buffer::<Complex32>::builder()
        .queue(queue.queue().clone())
        .len(1000)
        .build()
        .unwrap();
    let big = fft_runtime::ocl::Buffer::<Complex32>::builder()
        .queue(queue.queue().clone())
        .len(1024)
        .build()
        .unwrap();
    let err = plan.enqueue(&small).unwrap_err();
    assert!(
        matches!(
            err,
            Error::BufferTooSmall {
                expected: 1024,
                actual: 1000,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("allocate at least 1024"), "{err}");
    let err = plan.enqueue_out_of_place(&big, &small).unwrap_err();
    assert!(
        matches!(err, Error::BufferTooSmall { role: "output", .. }),
        "{err:?}"
    );
}

#[test]
fn lengths_out_of_range_say_what_to_do() {
    for (len, hint) in [
        (0, "length must be at least 1"),
        (
            3 << 27,
            "exceeds the longest supported transform, 134217728 points",
        ),
    ] {
        let err = Fft::<f32>::builder(test_queue())
            .len(len)
            .build()
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Plan(PlanError::UnsupportedLength { .. } | PlanError::EmptyLength)
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains(hint), "{len}: {err}");
    }
}

#[test]
fn buffers_beyond_the_allocation_limit_are_refused_before_allocating() {
    // A prime length pads to twice its power of two: the plan says so with the numbers.
    let err = Fft::<f32>::builder(test_queue())
        .len((1 << 26) + 15)
        .batch(64)
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(
            err,
            Error::Plan(PlanError::TooManyPoints { .. })
                | Error::TooManyPoints { .. }
                | Error::AllocationTooLarge { .. }
        ),
        "{err:?}"
    );
    assert!(text.contains("batch"), "{text}");
}

#[test]
fn missing_length_zero_batch_and_bad_radix() {
    let err = Fft::<f32>::builder(test_queue()).build().unwrap_err();
    assert!(matches!(err, Error::MissingLength), "{err:?}");
    assert!(err.to_string().contains(".len(N)"));
    let err = Fft::<f32>::builder(test_queue())
        .len(16)
        .batch(0)
        .build()
        .unwrap_err();
    assert!(matches!(err, Error::Plan(PlanError::EmptyBatch)), "{err:?}");
    let err = Fft::<f32>::builder(test_queue())
        .len(16)
        .max_radix(128)
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("2, 4, 8, 16, 32 or 64"), "{err}");
}

#[test]
fn oversized_transforms_report_both_numbers() {
    let summary = test_queue().summary();
    let len = 1usize << 27;
    // Past the kernels' 32-bit indexing on every device.
    let over = MAX_TOTAL_POINTS / len + 1;
    let err = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(over)
        .build()
        .unwrap_err();
    assert!(
        matches!(err, Error::Plan(PlanError::TooManyPoints { len: l, batch: b }) if l == len && b == over),
        "{err:?}"
    );
    // Past the device's largest allocation, where that comes first.
    let bytes_per_transform = len as u64 * 8;
    let batch = (summary.max_alloc_bytes / bytes_per_transform + 1) as usize;
    let err = Fft::<f32>::builder(test_queue())
        .len(len)
        .batch(batch)
        .build()
        .unwrap_err();
    if len * batch > MAX_TOTAL_POINTS {
        // Devices whose allocations hold more than 2^31 points (an H200's 35 GB): the planner
        // refuses the point count first.
        assert!(
            matches!(err, Error::Plan(PlanError::TooManyPoints { len: l, batch: b }) if l == len && b == batch),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(
            text.contains(&len.to_string()) && text.contains(&batch.to_string()),
            "{text}"
        );
    } else {
        match &err {
            Error::AllocationTooLarge {
                requested,
                limit,
                max_batch,
                ..
            } => {
                assert_eq!(*limit, summary.max_alloc_bytes);
                assert_eq!(*requested, batch as u64 * bytes_per_transform);
                assert_eq!(*max_batch, batch as u64 - 1);
            }
            other => panic!("expected AllocationTooLarge, got {other:?}"),
        }
        assert!(
            err.to_string()
                .contains(&summary.max_alloc_bytes.to_string()),
            "{err}"
        );
    }
}

#[test]
fn unknown_device_lists_the_devices() {
    let err = DeviceQueue::new(&DeviceSelector::Name("no-such-device-xyz".into())).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, Error::NoMatchingDevice { .. }), "{err:?}");
    assert!(
        msg.contains("no-such-device-xyz") && msg.contains("[0]") && msg.contains("OCLFFT_DEVICE"),
        "{msg}"
    );
    let err = DeviceQueue::new(&DeviceSelector::Index(999)).unwrap_err();
    assert!(err.to_string().contains("index 999"), "{err}");
}
