//! The queue and the device buffers a caller hands in: an out-of-order queue, overlapping
//! sub-buffers and a buffer of another context are refused with an error that says what to do,
//! and a device buffer longer than the plan keeps its tail.

use fft_core::Direction;
use fft_runtime::ocl::enums::{DeviceInfo, DeviceInfoResult};
use fft_runtime::ocl::flags::CommandQueueProperties;
use fft_runtime::ocl::{Buffer, Context, Queue};
use fft_runtime::{list_devices, DeviceQueue, Error, Fft};
use num_complex::Complex32;
use oclfft_tests::*;

const LEN: usize = 256;

fn plan() -> Fft<f32> {
    Fft::<f32>::builder(test_queue()).len(LEN).build().unwrap()
}

/// A buffer on the test queue holding `values`.
fn buffer_of(values: &[Complex32]) -> Buffer<Complex32> {
    Buffer::builder()
        .queue(test_queue().queue().clone())
        .len(values.len())
        .copy_host_slice(values)
        .build()
        .unwrap()
}

fn read(buffer: &Buffer<Complex32>) -> Vec<Complex32> {
    let mut values = vec![Complex32::new(0.0, 0.0); buffer.len()];
    buffer.read(&mut values).enq().unwrap();
    values
}

/// The smallest sub-buffer offset the device allows, in complex values.
fn sub_buffer_alignment() -> usize {
    match test_queue().device().info(DeviceInfo::MemBaseAddrAlign) {
        Ok(DeviceInfoResult::MemBaseAddrAlign(bits)) => {
            (bits as usize / 8).div_ceil(std::mem::size_of::<Complex32>())
        }
        other => panic!("CL_DEVICE_MEM_BASE_ADDR_ALIGN: {other:?}"),
    }
}

#[test]
fn an_out_of_order_queue_is_refused() {
    let queue = Queue::new(
        &test_queue().queue().context(),
        test_queue().device(),
        Some(CommandQueueProperties::OUT_OF_ORDER_EXEC_MODE_ENABLE),
    )
    .expect("the test device accepts an out-of-order queue");
    let err = DeviceQueue::from_ocl(queue).unwrap_err();
    assert!(matches!(err, Error::OutOfOrderQueue { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("without OUT_OF_ORDER_EXEC_MODE_ENABLE"),
        "{err}"
    );
    let in_order = Queue::new(
        &test_queue().queue().context(),
        test_queue().device(),
        Some(CommandQueueProperties::PROFILING_ENABLE),
    )
    .unwrap();
    DeviceQueue::from_ocl(in_order).expect("an in-order queue is accepted");
}

#[test]
fn overlapping_sub_buffers_are_refused_and_left_as_they_were() {
    let plan = plan();
    let align = sub_buffer_alignment();
    assert!(align < LEN, "alignment of {align} values");
    let original = to_device::<f32>(&random_signal(4 * LEN, 5));
    let parent = buffer_of(&original);
    // `ocl` cannot make a sub-buffer at offset 0; LEN values (2 KiB) are aligned on any device.
    let first = parent.create_sub_buffer(None, LEN, LEN).unwrap();
    let shifted = parent.create_sub_buffer(None, LEN + align, LEN).unwrap();
    let twin = parent.create_sub_buffer(None, LEN, LEN).unwrap();
    let near_start = parent.create_sub_buffer(None, align, LEN).unwrap();
    for (input, output) in [
        (&first, &shifted),
        (&shifted, &first),
        (&first, &twin),
        (&parent, &near_start),
        (&near_start, &parent),
    ] {
        let err = plan.enqueue_out_of_place(input, output).unwrap_err();
        assert!(matches!(err, Error::BuffersOverlap { .. }), "{err:?}");
        assert!(err.to_string().contains("do not overlap"), "{err}");
    }
    assert_eq!(read(&parent), original);
}

#[test]
fn disjoint_sub_buffers_of_one_parent_transform_correctly() {
    let plan = plan();
    let original = to_device::<f32>(&random_signal(3 * LEN, 6));
    let parent = buffer_of(&original);
    // LEN values are 2 KiB: a multiple of every device's sub-buffer alignment.
    let input = parent.create_sub_buffer(None, LEN, LEN).unwrap();
    let output = parent.create_sub_buffer(None, 2 * LEN, LEN).unwrap();
    plan.enqueue_out_of_place(&input, &output)
        .unwrap()
        .wait_for()
        .unwrap();
    let values = read(&parent);
    assert_eq!(
        values[..2 * LEN],
        original[..2 * LEN],
        "the input is unchanged"
    );
    let want = batched_oracle(&to_f64(&original[..LEN]), LEN, Direction::Forward, 1.0);
    let want_sub = batched_oracle(
        &to_f64(&original[LEN..2 * LEN]),
        LEN,
        Direction::Forward,
        1.0,
    );
    check_against(
        &to_f64(&values[2 * LEN..]),
        &want_sub,
        LEN,
        tolerance::<f32>(LEN),
    )
    .unwrap();
    // The parent as input and a sub-buffer past the values the plan reads: no overlap.
    let parent_in = buffer_of(&original);
    let tail = parent_in.create_sub_buffer(None, LEN, LEN).unwrap();
    plan.enqueue_out_of_place(&parent_in, &tail)
        .unwrap()
        .wait_for()
        .unwrap();
    check_against(&to_f64(&read(&tail)), &want, LEN, tolerance::<f32>(LEN)).unwrap();
}

#[test]
fn a_buffer_of_another_context_is_refused() {
    let plan = plan();
    let device = test_queue().device();
    let entry = list_devices()
        .unwrap()
        .into_iter()
        .find(|e| e.device == device)
        .unwrap();
    let other_context = Context::builder()
        .platform(entry.platform)
        .devices(device)
        .build()
        .unwrap();
    let other_queue = Queue::new(&other_context, device, None).unwrap();
    let original = to_device::<f32>(&random_signal(LEN, 7));
    let foreign = Buffer::builder()
        .queue(other_queue)
        .len(LEN)
        .copy_host_slice(&original)
        .build()
        .unwrap();
    let ours = buffer_of(&original);
    for (input, output, role) in [
        (&foreign, &foreign, "input"),
        (&ours, &foreign, "output"),
        (&foreign, &ours, "input"),
    ] {
        let err = plan.enqueue_out_of_place(input, output).unwrap_err();
        assert!(
            matches!(err, Error::ForeignContext { role: r } if r == role),
            "{err:?}"
        );
        assert!(err.to_string().contains("another OpenCL context"), "{err}");
    }
    assert_eq!(read(&ours), original);
}

#[test]
fn a_longer_device_buffer_transforms_its_first_values_and_keeps_the_rest() {
    let plan = Fft::<f32>::builder(test_queue())
        .len(LEN)
        .batch(2)
        .build()
        .unwrap();
    let used = plan.total_len();
    let original = to_device::<f32>(&random_signal(used + 100, 8));
    let want = batched_oracle(&to_f64(&original[..used]), LEN, Direction::Forward, 1.0);
    let data = buffer_of(&original);
    plan.enqueue(&data).unwrap().wait_for().unwrap();
    let values = read(&data);
    check_against(&to_f64(&values[..used]), &want, LEN, tolerance::<f32>(LEN)).unwrap();
    assert_eq!(
        values[used..],
        original[used..],
        "in place: the tail is kept"
    );
    let input = buffer_of(&original);
    let output = buffer_of(&vec![Complex32::new(9.0, 9.0); used + 50]);
    plan.enqueue_out_of_place(&input, &output)
        .unwrap()
        .wait_for()
        .unwrap();
    let values = read(&output);
    check_against(&to_f64(&values[..used]), &want, LEN, tolerance::<f32>(LEN)).unwrap();
    assert!(values[used..]
        .iter()
        .all(|&v| v == Complex32::new(9.0, 9.0)));
    assert_eq!(read(&input), original, "out of place: the input is kept");
}

/// Queues opened by several threads at once all find the device: drivers initialize on the
/// first listing, and PoCL reports no devices to a thread that lists while another one
/// initializes, so listings are serialized.
#[test]
fn queues_opened_by_several_threads_at_once_all_open() {
    let opened: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(fft_runtime::DeviceQueue::from_env))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    for queue in opened {
        let queue = queue.expect("every thread opens the device");
        assert_eq!(queue.summary().name, test_queue().summary().name);
    }
}

/// A plan of one pass runs in place as that one pass, with no work buffer and no copy back
/// (the kernels read every value of a sequence before writing any), and is right: fused
/// passes of one and of many work-items per sequence, the halves exchange of 8192 points, a
/// global radix pass and a mixed-radix pass.
#[test]
fn one_pass_plans_run_in_place_without_a_copy() {
    use fft_runtime::Strategy;
    for (len, batch, strategy) in [
        (16, 37, Strategy::Fused),
        (1024, 5, Strategy::Fused),
        (8192, 2, Strategy::Fused),
        (1000, 3, Strategy::Fused),
        (16, 37, Strategy::GlobalRadix),
        (13, 9, Strategy::GlobalRadix),
    ] {
        let plan = Fft::<f32>::builder(test_queue())
            .len(len)
            .batch(batch)
            .strategy(strategy)
            .build()
            .unwrap();
        assert_eq!(plan.plan().passes.len(), 1, "{}", plan.explain());
        let original = to_device::<f32>(&random_signal(len * batch, len as u64));
        let want = batched_oracle(&to_f64(&original), len, Direction::Forward, 1.0);
        let data = buffer_of(&original);
        plan.wait_ready().unwrap(); // the plan's own pass, not quick start's stand-ins
        let events = plan.enqueue_traced(&data, &data, None).unwrap();
        assert_eq!(events.len(), 1, "one pass, no copy: {len} {strategy:?}");
        events[0].wait_for().unwrap();
        check_against(&to_f64(&read(&data)), &want, len, tolerance::<f32>(len))
            .unwrap_or_else(|e| panic!("{len} {strategy:?} in place: {e}"));
    }
}
