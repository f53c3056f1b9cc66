//! Every scalar (CPU) global radix kernel of `fft_codegen::cpu_catalog()` runs on the device and
//! matches the oracle: each radix as the only radix of a two-pass plan (stride 1 runs the
//! `_scalar_p1` kernel, stride R the `_scalar` one, so pass twiddles are exercised), both
//! directions, both precisions. On a CPU device the default plan must pick these kernels; on
//! any other device they are forced with `OCLFFT_KERNEL_FORM=scalar`.

use fft_codegen::{cpu_catalog, CpuKernelSpec};
use fft_core::accuracy::Tolerance;
use fft_core::{Direction, Precision};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceKind, Fft, FftFloat, ProgramKey, Strategy, KERNEL_FORM_ENV};
use num_complex::Complex;
use oclfft_tests::*;

fn check<T: FftFloat>(spec: CpuKernelSpec, batch: usize) -> Result<(), String>
where
    Complex<T>: OclPrm,
{
    let radix = spec.radix;
    let len = (radix * radix) as usize;
    let signal = to_device::<T>(&random_signal(len * batch, 7 * u64::from(radix) + 1));
    let plan = Fft::<T>::builder(test_queue())
        .len(len)
        .batch(batch)
        .direction(spec.direction)
        .max_radix(radix)
        .strategy(Strategy::GlobalRadix)
        .build()
        .map_err(|e| e.to_string())?;
    let want_keys = [ProgramKey::Cpu(spec), ProgramKey::Cpu(spec)];
    if plan.program_keys() != want_keys {
        return Err(format!(
            "the plan does not run the scalar kernel {}:\n{}",
            spec.entry_point(),
            plan.explain()
        ));
    }
    assert_eq!(
        plan.entry_points(),
        [spec.first_pass_entry_point(), spec.entry_point()]
    );
    let explained = plan.explain();
    assert!(
        explained.contains(&spec.first_pass_entry_point())
            && explained.contains(&format!("{} (", spec.entry_point())),
        "{explained}"
    );
    let mut data = signal.clone();
    plan.process(&mut data).map_err(|e| e.to_string())?;
    let want = batched_oracle(&to_f64(&signal), len, spec.direction, 1.0);
    let bound = Tolerance::for_transform(T::PRECISION, len.trailing_zeros(), 1.0);
    check_against(&to_f64(&data), &want, len, bound).map(|_| ())
}

#[test]
fn every_cpu_kernel_matches_the_oracle_and_is_the_one_used() {
    if test_queue().summary().kind != DeviceKind::Cpu {
        // Read when each plan is built; the other test of this binary reads nothing on such
        // a device.
        std::env::set_var(KERNEL_FORM_ENV, "scalar");
    }
    let specs = cpu_catalog();
    assert_eq!(
        specs.len(),
        6 * 2 * 2,
        "catalog size changed: update this test"
    );
    let mut failures = Vec::new();
    for spec in specs {
        if spec.precision == Precision::F64 && !test_queue().summary().fp64 {
            continue;
        }
        // Batches of 1 and 3: the 2-D launch's second dimension is the batch (first pass)
        // or t * batch / p (the others).
        for batch in [1, 3] {
            let result = match spec.precision {
                Precision::F32 => check::<f32>(spec, batch),
                Precision::F64 => check::<f64>(spec, batch),
            };
            if let Err(e) = result {
                failures.push(format!("{} (batch {batch}): {e}", spec.entry_point()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_radix_schedule_of_a_long_transform_uses_scalar_kernels_on_a_cpu() {
    if test_queue().summary().kind != DeviceKind::Cpu {
        return;
    }
    // Mixed radices (16, 16, 16, 4) and a forward/inverse round trip through the default plan.
    let len = 1 << 14;
    let signal = to_device::<f32>(&random_signal(2 * len, 99));
    for direction in [Direction::Forward, Direction::Inverse] {
        let plan = Fft::<f32>::builder(test_queue())
            .len(len)
            .batch(2)
            .direction(direction)
            .build()
            .unwrap();
        assert!(
            plan.program_keys()
                .iter()
                .all(|key| matches!(key, ProgramKey::Cpu(_))),
            "{}",
            plan.explain()
        );
        let mut data = signal.clone();
        plan.process(&mut data).unwrap();
        let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
        check_against(&to_f64(&data), &want, len, tolerance::<f32>(len)).unwrap();
    }
}
