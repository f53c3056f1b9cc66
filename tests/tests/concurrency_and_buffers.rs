//! Plans are `Send + Sync`; in-place, out-of-place and event chaining give the same numbers.

use fft_core::{Direction, Normalization};
use fft_runtime::ocl::{Buffer, EventList};
use fft_runtime::{Fft, Strategy};
use num_complex::Complex32;
use oclfft_tests::*;

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn plans_are_send_and_sync() {
    assert_send_sync::<Fft<f32>>();
    assert_send_sync::<Fft<f64>>();
    assert_send_sync::<fft_runtime::DeviceQueue>();
}

#[test]
fn two_plans_on_two_threads_share_one_context() {
    let queue = test_queue();
    let a = Fft::<f32>::builder(queue)
        .len(1024)
        .batch(4)
        .build()
        .unwrap();
    let b = Fft::<f32>::builder(queue)
        .len(512)
        .batch(3)
        .inverse()
        .build()
        .unwrap();
    std::thread::scope(|s| {
        for (plan, seed) in [(&a, 1u64), (&b, 2u64)] {
            s.spawn(move || {
                for round in 0..5 {
                    let input =
                        to_device::<f32>(&random_signal(plan.total_len(), seed * 100 + round));
                    let mut data = input.clone();
                    plan.process(&mut data).unwrap();
                    let want = batched_oracle(
                        &to_f64(&input),
                        plan.len(),
                        plan.plan().request.direction,
                        1.0,
                    );
                    check_against(
                        &to_f64(&data),
                        &want,
                        plan.len(),
                        tolerance::<f32>(plan.len()),
                    )
                    .unwrap();
                }
            });
        }
    });
}

#[test]
fn in_place_equals_out_of_place_for_every_pass_count() {
    let queue = test_queue();
    // Global radix-16 passes: 2^4 = one pass, 2^8 = two, 2^12 = three, 2^13 = four, 2^17 =
    // five. Fused passes: one up to 2^12, two at 2^13 and 2^17, three at 2^21.
    let cases = [4u32, 8, 12, 13, 17]
        .map(|log2| (log2, Strategy::GlobalRadix))
        .into_iter()
        .chain([4u32, 13, 21].map(|log2| (log2, Strategy::Fused)));
    for (log2, strategy) in cases {
        let len = 1usize << log2;
        let plan = Fft::<f32>::builder(queue)
            .len(len)
            .batch(2)
            .strategy(strategy)
            .build()
            .unwrap();
        let input = to_device::<f32>(&random_signal(2 * len, u64::from(log2)));
        let src = Buffer::builder()
            .queue(queue.queue().clone())
            .len(input.len())
            .copy_host_slice(&input)
            .build()
            .unwrap();
        let dst = Buffer::<Complex32>::builder()
            .queue(queue.queue().clone())
            .len(input.len())
            .build()
            .unwrap();
        let _out_of_place_done = plan.enqueue_out_of_place(&src, &dst).unwrap();
        plan.enqueue(&src).unwrap().wait_for().unwrap();
        let mut out_of_place = vec![Complex32::default(); input.len()];
        let mut in_place = vec![Complex32::default(); input.len()];
        dst.read(&mut out_of_place).enq().unwrap();
        src.read(&mut in_place).enq().unwrap();
        assert_eq!(in_place, out_of_place, "length {len}, {strategy:?}");
        let want = batched_oracle(&to_f64(&input), len, Direction::Forward, 1.0);
        check_against(&to_f64(&in_place), &want, len, tolerance::<f32>(len)).unwrap();
    }
}

#[test]
fn events_chain_forward_then_normalized_inverse() {
    let queue = test_queue();
    let len = 2048;
    let forward = Fft::<f32>::builder(queue).len(len).build().unwrap();
    let inverse = Fft::<f32>::builder(queue)
        .len(len)
        .inverse()
        .normalization(Normalization::Backward)
        .build()
        .unwrap();
    let input = to_device::<f32>(&random_signal(len, 9));
    let data = Buffer::builder()
        .queue(queue.queue().clone())
        .len(len)
        .copy_host_slice(&input)
        .build()
        .unwrap();
    let done = forward.enqueue(&data).unwrap();
    let wait = EventList::from(vec![done]);
    inverse
        .enqueue_after(&data, &data, Some(&wait))
        .unwrap()
        .wait_for()
        .unwrap();
    let mut back = vec![Complex32::default(); len];
    data.read(&mut back).enq().unwrap();
    let mut bound = tolerance::<f32>(len);
    bound.relative_l2 *= 2.0;
    bound.relative_max *= 2.0;
    check_against(&to_f64(&back), &to_f64(&input), len, bound).unwrap();
}

#[test]
fn ortho_normalization_preserves_energy() {
    let len = 4096;
    let plan = Fft::<f64>::builder(test_queue())
        .len(len)
        .normalization(Normalization::Ortho)
        .build()
        .unwrap();
    let input = to_device::<f64>(&random_signal(len, 3));
    let mut data = input.clone();
    plan.process(&mut data).unwrap();
    let energy = |v: &[num_complex::Complex64]| v.iter().map(|c| c.norm_sqr()).sum::<f64>();
    let (before, after) = (energy(&input), energy(&data));
    assert!(
        (before - after).abs() < 1e-12 * before,
        "{before} vs {after}"
    );
}
