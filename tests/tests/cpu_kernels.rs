//! Every scalar (CPU) global radix kernel of `fft_codegen::cpu_catalog()` runs on the device and
//! matches the oracle: each radix as the only radix of a two-pass plan (stride 1 runs the
//! `_scalar_p1` kernel, stride R the `_scalar` one, so pass twiddles are exercised), both
//! directions, both precisions. On a CPU device the default plan must pick these kernels; on
//! any other device they are forced with `.kernel_form(KernelForm::Scalar)`.

use fft_codegen::{catalog, Form, KernelSpec, RadixSpec};
use fft_core::accuracy::Tolerance;
use fft_core::{Direction, Precision};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{DeviceKind, Fft, FftFloat, KernelForm, Strategy};
use num_complex::Complex;
use oclfft_tests::*;

/// Scalar kernels only on a CPU device's default plans; forced elsewhere.
fn form() -> KernelForm {
    if test_queue().plan_caps().kind == DeviceKind::Cpu {
        KernelForm::Auto
    } else {
        KernelForm::Scalar
    }
}

fn check<T: FftFloat>(spec: RadixSpec, batch: usize) -> Result<(), String>
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
        .kernel_form(form())
        .build()
        .map_err(|e| e.to_string())?;
    let want_specs = [KernelSpec::Radix(spec); 2];
    let specs: Vec<KernelSpec> = plan.plan().passes.iter().map(|p| p.spec).collect();
    if specs != want_specs {
        return Err(format!(
            "the plan does not run the scalar kernel {}:\n{}",
            spec.name(),
            plan.explain()
        ));
    }
    let (first, later) = (format!("{}_p1", spec.name()), spec.name());
    assert_eq!(plan.entry_points(), [first.clone(), later.clone()]);
    let explained = plan.explain();
    assert!(
        explained.contains(&first) && explained.contains(&format!("{later} (")),
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
    let specs: Vec<RadixSpec> = catalog()
        .into_iter()
        .filter_map(|spec| match spec {
            KernelSpec::Radix(radix) if radix.form == Form::Scalar => Some(radix),
            _ => None,
        })
        .collect();
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
                failures.push(format!("{} (batch {batch}): {e}", spec.name()));
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
    // Global radix passes in their default form on a CPU device (the default plan there is
    // lanes passes: tests/tests/lanes_passes.rs); on other devices the scalar form is asked
    // for.
    let strategy = Strategy::GlobalRadix;
    // Mixed radices (16, 16, 16, 4) and a forward/inverse round trip.
    let len = 1 << 14;
    let signal = to_device::<f32>(&random_signal(2 * len, 99));
    for direction in [Direction::Forward, Direction::Inverse] {
        let plan = Fft::<f32>::builder(test_queue())
            .len(len)
            .batch(2)
            .direction(direction)
            .strategy(strategy)
            .kernel_form(form())
            .build()
            .unwrap();
        assert!(
            plan.plan().passes.iter().all(|pass| matches!(
                pass.spec,
                KernelSpec::Radix(RadixSpec {
                    form: Form::Scalar,
                    ..
                })
            )),
            "{}",
            plan.explain()
        );
        let mut data = signal.clone();
        plan.process(&mut data).unwrap();
        let want = batched_oracle(&to_f64(&signal), len, direction, 1.0);
        check_against(&to_f64(&data), &want, len, tolerance::<f32>(len)).unwrap();
    }
}
