//! Quick start: a fused plan whose programs are not compiled yet starts on global radix
//! passes and switches to its own fused passes when they are ready; every call in between is
//! the right transform.

use fft_core::plan::DeviceCaps;
use fft_core::Direction;
use fft_runtime::binary_cache::BinaryCache;
use fft_runtime::{DeviceQueue, Fft, PlanAs, Strategy};
use num_complex::Complex64;
use oclfft_tests::*;

const LEN: usize = 1024;
const BATCH: usize = 8;

/// The test device with binaries cached in `dir`, and no program built in memory yet,
/// planning for its own class (whatever `OCLFFT_PLAN_AS` says: quick start is off for a
/// queue planning for another).
fn fresh_queue(dir: &std::path::Path) -> DeviceQueue {
    test_queue()
        .clone()
        .with_binary_cache(BinaryCache::in_dir(dir))
        .with_plan_as(PlanAs::Device)
}

fn fused_plan(queue: &DeviceQueue, quick_start: bool) -> Fft<f32> {
    Fft::<f32>::builder(queue)
        .len(LEN)
        .batch(BATCH)
        .strategy(Strategy::Fused)
        .quick_start(quick_start)
        .build()
        .unwrap()
}

/// Transforms a fresh signal with `plan` on host data and checks it against the oracle.
fn check_transform(plan: &Fft<f32>, seed: u64, when: &str) {
    let signal = random_signal(LEN * BATCH, seed);
    let want = batched_oracle(&signal, LEN, Direction::Forward, 1.0);
    let mut data = to_device::<f32>(&signal);
    plan.process(&mut data).unwrap();
    check_against(&to_f64(&data), &want, LEN, tolerance::<f32>(LEN))
        .unwrap_or_else(|e| panic!("{when}: {e}\n{}", plan.explain()));
}

#[test]
fn a_plan_without_compiled_programs_starts_on_radix_passes_and_switches_to_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let queue = fresh_queue(dir.path());
    let plan = fused_plan(&queue, true);
    assert!(plan.quick_started(), "{}", plan.explain());
    // The plan is the fused recipe whatever runs first.
    assert!(plan
        .entry_points()
        .iter()
        .all(|e| e.starts_with("fft_fused")));
    check_transform(&plan, 1, "first call");
    plan.wait_ready().unwrap();
    assert!(plan.is_ready());
    assert!(
        !plan.explain().contains("quick start"),
        "{}",
        plan.explain()
    );
    check_transform(&plan, 2, "after wait_ready");
    let data = fft_runtime::ocl::Buffer::builder()
        .queue(queue.queue().clone())
        .len(LEN * BATCH)
        .copy_host_slice(&to_device::<f32>(&random_signal(LEN * BATCH, 3)))
        .build()
        .unwrap();
    let events = plan.enqueue_traced(&data, &data, None).unwrap();
    assert_eq!(events.len(), plan.plan().passes.len(), "its own passes run");

    // Programs built in this queue's memory, or stored in the cache, need no stand-in.
    assert!(!fused_plan(&queue, true).quick_started());
    assert!(!fused_plan(&fresh_queue(dir.path()), true).quick_started());
}

#[test]
fn quick_start_is_off_when_asked_and_for_radix_plans() {
    let dir = tempfile::tempdir().unwrap();
    let plan = fused_plan(&fresh_queue(dir.path()), false);
    assert!(!plan.quick_started());
    assert!(plan.is_ready());
    check_transform(&plan, 4, "quick start off");

    let other = tempfile::tempdir().unwrap();
    let radix = Fft::<f32>::builder(&fresh_queue(other.path()))
        .len(LEN)
        .batch(BATCH)
        .strategy(Strategy::GlobalRadix)
        .build()
        .unwrap();
    assert!(!radix.quick_started());

    // A queue planning for another device class is there to run that class's kernels.
    let elsewhere = tempfile::tempdir().unwrap();
    let queue = fresh_queue(elsewhere.path()).with_plan_as(PlanAs::Class(DeviceCaps::NVIDIA_GPU));
    let plan = fused_plan(&queue, true);
    assert!(!plan.quick_started(), "{}", plan.explain());
    assert!(plan.is_ready());
    check_transform(&plan, 5, "planned as a GPU");
}

#[test]
fn a_real_plan_starts_on_radix_passes_too_and_keeps_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let queue = fresh_queue(dir.path());
    let len = 2 * LEN;
    let plan = Fft::<f32>::builder(&queue)
        .len(len)
        .batch(BATCH)
        .strategy(Strategy::Fused)
        .build_r2c()
        .unwrap();
    assert!(plan.quick_started(), "{}", plan.explain());
    let reals: Vec<f32> = random_signal(len * BATCH, 7)
        .into_iter()
        .map(|v| v.re as f32)
        .collect();
    let want: Vec<Complex64> = reals
        .chunks(len)
        .flat_map(|row| {
            let complex: Vec<Complex64> = row
                .iter()
                .map(|&v| Complex64::new(f64::from(v), 0.0))
                .collect();
            let mut full = oracle(&complex, Direction::Forward);
            full.truncate(len / 2 + 1);
            full
        })
        .collect();
    let check = |when: &str| {
        let got = plan.process(&reals).unwrap();
        check_against(&to_f64(&got), &want, len / 2 + 1, tolerance::<f32>(len))
            .unwrap_or_else(|e| panic!("{when}: {e}\n{}", plan.explain()));
    };
    check("first call");
    plan.wait_ready().unwrap();
    assert!(plan.is_ready());
    check("after wait_ready");
}
