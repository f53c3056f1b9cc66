//! The planner's output as data: specs, entry points, launches and scales per request.

use super::*;
use crate::kernel::{
    Form, FusedSpec, KernelSpec, PassTable, RadixSpec, RealLayout, Twiddles, GUARDED_GROUP, RADICES,
};
use crate::Direction;
use std::collections::BTreeSet;

fn request(len: usize, max_radix: u32) -> PlanRequest {
    PlanRequest {
        batch: 3,
        max_radix,
        strategy: Strategy::GlobalRadix,
        ..PlanRequest::new(len)
    }
}

const GPU: DeviceCaps = DeviceCaps::NVIDIA_GPU;
const CPU: DeviceCaps = DeviceCaps::POCL_CPU;

/// (points, stride) of every pass.
fn shape(plan: &Plan) -> Vec<(u32, usize)> {
    plan.passes
        .iter()
        .map(|p| (p.radix(), p.stride()))
        .collect()
}

fn fused(len: usize) -> Plan {
    let r = PlanRequest {
        strategy: Strategy::Auto,
        ..request(len, 16)
    };
    Plan::new(r, &GPU).unwrap()
}

#[test]
fn auto_on_a_gpu_plans_fused_passes_with_whole_work_groups() {
    let plan = fused(4096);
    assert_eq!(
        plan.passes,
        vec![Pass {
            spec: KernelSpec::Fused(FusedSpec::new(4096).as_single_pass()),
            entry: 0,
            params: LaunchParams::stockham(4096, 3, 1),
            launch: LaunchShape {
                global: vec![3 * 128],
                local: Some(vec![128])
            },
            scale: 1.0,
        }]
    );
    assert_eq!(
        plan.passes[0].entry_point(),
        "fft_fused4096_c1_fwd_f32_whole"
    );
}

#[test]
fn fused_plans_balance_two_and_three_passes_the_last_of_three_short() {
    assert_eq!(shape(&fused(2)), [(2, 1)]);
    // One pass up to 2^14 (the stages exchange halves above 4096 points, in two parts
    // above 8192).
    assert_eq!(shape(&fused(1 << 12)), [(4096, 1)]);
    assert_eq!(shape(&fused(1 << 13)), [(8192, 1)]);
    assert_eq!(shape(&fused(1 << 14)), [(16384, 1)]);
    assert_eq!(shape(&fused(1 << 15)), [(256, 1), (128, 256)]);
    assert_eq!(shape(&fused(1 << 20)), [(1024, 1), (1024, 1024)]);
    // Wide passes take up to 4096 points with 4 columns: two passes up to 2^22, larger
    // first, unless the measured costs of first and last passes say otherwise
    // (pass_costs.rs): 2^22 as 4096x1024.
    assert_eq!(shape(&fused(1 << 21)), [(2048, 1), (1024, 2048)]);
    assert_eq!(shape(&fused(1 << 22)), [(4096, 1), (1024, 4096)]);
    // f32 2^23 and 2^24 take three passes, whose two 4096-point passes would cost more
    // (pass_costs::THREE_PASS_US); three or more passes run 1024 points first and 128 last,
    // the middle the rest.
    assert_eq!(
        shape(&fused(1 << 23)),
        [(1024, 1), (64, 1024), (128, 1 << 16)]
    );
    assert_eq!(
        shape(&fused(1 << 24)),
        [(1024, 1), (128, 1024), (128, 1 << 17)]
    );
    assert_eq!(
        shape(&fused(1 << 25)),
        [(1024, 1), (256, 1024), (128, 1 << 18)]
    );
    assert_eq!(
        shape(&fused(1 << 26)),
        [(1024, 1), (512, 1024), (128, 1 << 19)]
    );
    assert_eq!(
        shape(&fused(1 << 27)),
        [(1024, 1), (1024, 1024), (128, 1 << 20)]
    );
    // f64 (no measured costs) keeps two passes to its widest pass and balanced three (the
    // last of three at most 256 points while the first can take more).
    let fused_f64 = |len: usize| {
        let request = PlanRequest {
            precision: Precision::F64,
            strategy: Strategy::Fused,
            ..PlanRequest::new(len)
        };
        Plan::new(request, &GPU).unwrap()
    };
    assert_eq!(shape(&fused_f64(1 << 22)), [(2048, 1), (2048, 2048)]);
    assert_eq!(
        shape(&fused_f64(1 << 25)),
        [(512, 1), (256, 512), (256, 1 << 17)]
    );
}

#[test]
fn fused_lengths_multiply_to_the_length_within_limits() {
    let limits = FusedLimits::of(&GPU, Precision::F32).unwrap();
    assert_eq!(
        limits,
        FusedLimits {
            single_pass_max: 16384,
            mixed_single_pass_max: 4096,
            mixed_register_max: 30720,
            max_work_group: 1024,
            plain_rules: true,
            local_mem_bytes: 49152,
            multi_pass_max: 4096,
            complex_multi_pass_max: 1024,
            costed_splits: true,
        }
    );
    for log2 in 1..=27 {
        let plan = fused(1 << log2);
        let product: usize = plan.passes.iter().map(|p| p.radix() as usize).product();
        assert_eq!(product, 1 << log2);
        if plan.passes.len() > 1 {
            assert!(plan
                .passes
                .iter()
                .all(|p| p.radix() as usize <= limits.multi_pass_max));
        }
        let mut stride = 1;
        for p in &plan.passes {
            assert!(matches!(p.spec, KernelSpec::Fused(_)));
            assert_eq!(p.stride(), stride);
            stride *= p.radix() as usize;
        }
    }
}

#[test]
fn the_family_is_chosen_once_from_strategy_twiddles_and_device() {
    let family = |strategy, twiddles, caps: &DeviceCaps| {
        let r = PlanRequest {
            strategy,
            twiddles,
            ..PlanRequest::new(1024)
        };
        Plan::new(r, caps).map(|p| match p.passes[0].spec {
            KernelSpec::Radix(s) => s.form.name(),
            KernelSpec::Fused(_) => "fused",
            KernelSpec::Chirp(_) => "chirp",
            KernelSpec::Rader(_) => "rader",
            KernelSpec::Real(_) => "real",
            KernelSpec::Permute(_) => "permute",
            KernelSpec::Layout(_) => "layout",
            KernelSpec::Lanes(_) => "lanes",
        })
    };
    let (table, native) = (Twiddles::Table, Twiddles::Native);
    assert_eq!(family(Strategy::Auto, table, &GPU), Ok("fused"));
    assert_eq!(family(Strategy::Auto, native, &GPU), Ok("vector"));
    assert_eq!(family(Strategy::Auto, table, &CPU), Ok("lanes"));
    assert_eq!(family(Strategy::Auto, native, &CPU), Ok("vector"));
    assert_eq!(family(Strategy::GlobalRadix, table, &GPU), Ok("vector"));
    assert_eq!(family(Strategy::Fused, table, &CPU), Ok("fused"));
    assert!(matches!(
        family(Strategy::Fused, native, &GPU),
        Err(PlanError::FusedUnavailable(_))
    ));
    let tiny = DeviceCaps {
        local_mem_bytes: 16384,
        ..GPU
    };
    assert_eq!(family(Strategy::Auto, table, &tiny), Ok("vector"));
    let err = family(Strategy::Fused, table, &tiny).unwrap_err();
    assert!(
        err.to_string()
            .contains("local memory (the device has 16384)"),
        "{err}"
    );
}

#[test]
fn kernel_form_overrides_the_device_default() {
    let form = |form, caps: &DeviceCaps| {
        let r = PlanRequest {
            form,
            ..request(256, 16)
        };
        match Plan::new(r, caps).unwrap().passes[0].spec {
            KernelSpec::Radix(s) => s.form,
            _ => unreachable!("global radix requested"),
        }
    };
    assert_eq!(form(KernelForm::Vector, &CPU), Form::Vector);
    assert_eq!(form(KernelForm::Scalar, &GPU), Form::Scalar);
    assert_eq!(form(KernelForm::Auto, &GPU), Form::Vector);
    assert_eq!(KernelForm::from_name("scalar"), Some(KernelForm::Scalar));
    assert_eq!(KernelForm::from_name("Scalar"), None);
}

#[test]
fn long_strides_read_two_level_twiddle_tables() {
    let r = request(1 << 20, 16);
    let names: Vec<String> = Plan::new(r, &GPU)
        .unwrap()
        .passes
        .iter()
        .map(|p| p.entry_point())
        .collect();
    // (R - 1) * p: 15, 240, 3840, 61440 and 983040 values; above 2^15 two levels.
    assert_eq!(
        names,
        [
            "fft_radix16_fwd_f32",
            "fft_radix16_fwd_f32",
            "fft_radix16_fwd_f32",
            "fft_radix16_fwd_f32_hilo",
            "fft_radix16_fwd_f32_hilo",
        ]
    );
    // The scalar (CPU) form keeps one level.
    let cpu = Plan::new(r, &CPU).unwrap();
    assert!(cpu
        .passes
        .iter()
        .all(|p| matches!(p.spec, KernelSpec::Radix(s) if s.table == PassTable::OneLevel)));
}

#[test]
fn scalar_passes_take_the_first_pass_entry_and_2d_launches() {
    let r = PlanRequest {
        form: KernelForm::Scalar,
        ..request(1024, 16)
    };
    let plan = Plan::new(r, &CPU).unwrap();
    let spec = |radix| {
        KernelSpec::Radix(RadixSpec {
            form: Form::Scalar,
            ..RadixSpec::new(radix)
        })
    };
    let got: Vec<_> = plan
        .passes
        .iter()
        .map(|p| (p.spec, p.entry_point(), p.launch.global.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (
                spec(16),
                "fft_radix16_fwd_f32_scalar_p1".to_string(),
                vec![64, 3]
            ),
            (
                spec(16),
                "fft_radix16_fwd_f32_scalar".to_string(),
                vec![16, 12]
            ),
            (
                spec(4),
                "fft_radix4_fwd_f32_scalar".to_string(),
                vec![256, 3]
            ),
        ]
    );
}

#[test]
fn largest_radix_first_smaller_last() {
    let plan = Plan::new(request(1 << 10, 16), &GPU).unwrap();
    assert_eq!(shape(&plan), [(16, 1), (16, 16), (4, 256)]);
    assert_eq!(plan.passes[0].launch.global, [64 * 3]);
    assert_eq!(plan.passes[2].launch.global, [256 * 3]);
}

#[test]
fn short_lengths_are_one_pass() {
    assert_eq!(shape(&Plan::new(request(2, 16), &GPU).unwrap()), [(2, 1)]);
    assert_eq!(shape(&Plan::new(request(8, 64), &GPU).unwrap()), [(8, 1)]);
    assert_eq!(shape(&Plan::new(request(64, 64), &GPU).unwrap()), [(64, 1)]);
}

#[test]
fn radices_multiply_to_the_length() {
    for log2 in 1..=27 {
        for max_radix in RADICES {
            let plan = Plan::new(request(1 << log2, max_radix), &GPU).unwrap();
            let product: usize = plan.passes.iter().map(|p| p.radix() as usize).product();
            assert_eq!(product, 1 << log2);
            assert!(plan.passes.iter().all(|p| p.radix() <= max_radix));
        }
    }
}

/// A prime whose N - 1 is 13-smooth runs Rader's algorithm where Bluestein's steps would be
/// separate passes (global radix passes, CPU devices), and Bluestein's on fused passes.
#[test]
fn rader_serves_primes_with_smooth_predecessors_without_fused_passes() {
    let mut r = request(1009, 16);
    r.direction = Direction::Inverse;
    r.normalization = Normalization::Backward;
    let rader = Plan::new(r, &GPU).unwrap();
    assert_eq!(rader.algorithm, Algorithm::Rader);
    // Work buffers of N values per transform (the convolution uses N - 1 of them).
    assert_eq!(rader.work_len(), 1009);
    let names: Vec<String> = rader.passes.iter().map(Pass::entry_point).collect();
    // 1008 = 2^4 * 3^2 * 7 in mixed-radix passes, forward then inverse.
    assert_eq!(
        names,
        [
            "fft_rader_gather_inv_f32",
            "fft_radix63_fwd_f32",
            "fft_radix16_fwd_f32_mixed",
            "fft_rader_multiply_inv_f32",
            "fft_radix63_inv_f32",
            "fft_radix16_inv_f32_mixed",
            "fft_rader_scatter_inv_f32",
        ]
    );
    let scales: Vec<f64> = rader.passes.iter().map(|p| p.scale).collect();
    assert_eq!(scales[..6], [1.0; 6]);
    assert_eq!(scales[6], 1.0 / 1009.0);
    for fft in [1, 2, 4, 5] {
        assert_eq!(rader.passes[fft].params.len, 1008);
    }
    assert!(rader.explain().contains("Rader"), "{}", rader.explain());
    // The point-wise steps: N = 1009, convolution of 1008, one work-item per value.
    let gather = &rader.passes[0];
    assert_eq!((gather.params.len, gather.params.padded), (1009, 1008));
    assert_eq!(
        crate::kernel::UintArg::Active.value(&gather.spec, &gather.params),
        1008 * 3
    );
    assert_eq!(
        crate::kernel::stash_len(rader.passes.iter().map(|p| (&p.spec, &p.params))),
        2 * 3
    );
    // PoCL's automatic plans take it too; 65536 = 2^16 runs as lanes passes.
    let cpu = Plan::new(PlanRequest::new(65537), &CPU).unwrap();
    assert_eq!(cpu.algorithm, Algorithm::Rader);
    assert_eq!(cpu.passes.len(), 7);
    // Fused Bluestein on the GPU; a length whose N - 1 is not smooth keeps Bluestein.
    let fused = Plan::new(PlanRequest::new(1009), &GPU).unwrap();
    assert!(matches!(fused.algorithm, Algorithm::Bluestein { .. }));
    let not_smooth = Plan::new(request(2039, 16), &CPU).unwrap();
    assert!(matches!(not_smooth.algorithm, Algorithm::Bluestein { .. }));
}

#[test]
fn only_the_last_pass_scales() {
    let mut r = request(1 << 10, 16);
    r.direction = Direction::Inverse;
    r.normalization = Normalization::Backward;
    let plan = Plan::new(r, &GPU).unwrap();
    assert_eq!(plan.scale, 1.0 / 1024.0);
    let scales: Vec<f64> = plan.passes.iter().map(|p| p.scale).collect();
    assert_eq!(scales, [1.0, 1.0, 1.0 / 1024.0]);
}

#[test]
fn every_length_from_one_up_has_a_plan() {
    assert_eq!(Plan::new(request(0, 16), &GPU), Err(PlanError::EmptyLength));
    let err = Plan::new(request(MAX_LEN + 1, 16), &GPU).unwrap_err();
    assert_eq!(err, PlanError::UnsupportedLength { len: MAX_LEN + 1 });
    assert!(err.to_string().contains("split the signal"), "{err}");
    // Length 1: one point-wise pass (the identity times the scale).
    let one = Plan::new(request(1, 16), &GPU).unwrap();
    assert_eq!(one.algorithm, Algorithm::Identity);
    assert_eq!(one.passes.len(), 1);
    // 1000 = 50 * 20: two mixed-radix passes with strides 1 and 50.
    let mixed = Plan::new(request(1000, 16), &GPU).unwrap();
    assert_eq!(mixed.algorithm, Algorithm::MixedRadix);
    let shape: Vec<(u32, usize)> = mixed
        .passes
        .iter()
        .map(|p| (p.radix(), p.stride()))
        .collect();
    assert_eq!(shape, [(50, 1), (20, 50)]);
    assert_eq!(mixed.passes[0].entry_point(), "fft_radix50_fwd_f32");
    let pow2_part = Plan::new(request(3 << 20, 16), &GPU).unwrap();
    assert_eq!(
        pow2_part.passes[0].entry_point(),
        "fft_radix64_fwd_f32_mixed"
    );
    // 1019 is prime and 1018 = 2 * 509 is not smooth: pad, forward 2048-point FFT (global
    // radix passes requested), multiply, inverse FFT, unpad.
    let prime = Plan::new(request(1019, 16), &GPU).unwrap();
    assert_eq!(prime.algorithm, Algorithm::Bluestein { padded: 2048 });
    assert_eq!(prime.work_len(), 2048);
    let names: Vec<String> = prime.passes.iter().map(Pass::entry_point).collect();
    assert_eq!(
        names,
        [
            "fft_chirp_pad_fwd_f32",
            "fft_radix16_fwd_f32",
            "fft_radix16_fwd_f32",
            "fft_radix8_fwd_f32",
            "fft_chirp_multiply_fwd_f32",
            "fft_radix16_inv_f32",
            "fft_radix16_inv_f32",
            "fft_radix8_inv_f32",
            "fft_chirp_unpad_fwd_f32",
        ]
    );
    assert!(prime.explain().contains("Bluestein"), "{}", prime.explain());
    // Mixed-radix passes have one form: other options are refused with the reason.
    let mut r = request(1000, 16);
    r.twiddles = Twiddles::Sincos;
    let err = Plan::new(r, &GPU).unwrap_err();
    assert!(err.to_string().contains("table twiddles"), "{err}");
}

#[test]
fn other_bad_requests() {
    let mut r = request(16, 16);
    r.batch = 0;
    assert_eq!(Plan::new(r, &GPU), Err(PlanError::EmptyBatch));
    let err = Plan::new(request(16, 12), &GPU).unwrap_err();
    assert_eq!(err, PlanError::UnsupportedRadix(12));
    assert!(err.to_string().contains("2, 4, 8, 16, 32 or 64"), "{err}");
    let mut r = request(1 << 20, 16);
    r.batch = usize::MAX / 2;
    assert!(matches!(
        Plan::new(r, &GPU),
        Err(PlanError::TooManyPoints { .. })
    ));
}

#[test]
fn bytes_moved_counts_every_pass() {
    let plan = Plan::new(request(4096, 16), &GPU).unwrap();
    assert_eq!(plan.bytes_moved(), 2 * 4096 * 3 * 8 * 3);
}

#[test]
fn explain_names_every_kernel() {
    let text = fused(1 << 15).to_string();
    assert!(
        text.contains("pass 0: fused pass of 256-point sub-FFTs"),
        "{text}"
    );
    assert!(text.contains("fft_fused128_c32_fwd_f32"), "{text}");
    assert!(text.contains("floor = 2 passes"), "{text}");
    // The stages: a long mixed pass keeps its values in registers and exchanges in parts.
    let text = fused(27000).to_string();
    assert!(
        text.contains(
            "stages of radix [30, 30, 30] in registers, exchanged through local memory as real and imaginary halves in 3 parts"
        ),
        "{text}"
    );
    assert!(text.contains("floor = 1 pass "), "{text}");
    // Clamped stages say on how many work-items their last butterfly runs.
    let text = fused(4200).to_string();
    assert!(
        text.contains("stages of radix [20, 21, 10] in registers")
            && text.contains("runs on some work-items only (radix 21 on 200 of 210)"),
        "{text}"
    );
}

/// The entry points of `plan`'s passes.
pub(super) fn plan_name(plan: &Plan) -> Vec<String> {
    plan.passes.iter().map(Pass::entry_point).collect()
}

/// The GPU plan of an R2C of one row of `len` reals in `precision` (compact rows).
pub(super) fn gpu_r2c(len: usize, precision: crate::Precision) -> Plan {
    let request = PlanRequest {
        real: Some(RealLayout::Compact),
        precision,
        ..PlanRequest::new(len)
    };
    Plan::new(request, &DeviceCaps::NVIDIA_GPU).unwrap()
}

#[test]
fn mixed_lengths_on_a_gpu_are_fused_passes() {
    // One pass up to the single-pass limit, any 13-smooth length.
    assert_eq!(shape(&fused(1000)), [(1000, 1)]);
    assert_eq!(shape(&fused(2187)), [(2187, 1)]);
    assert_eq!(shape(&fused(2 * 3 * 5 * 7 * 11)), [(2310, 1)]);
    let plan = fused(1000);
    assert_eq!(plan.passes[0].entry_point(), "fft_fused1000_c4_fwd_f32");
    // Batch 3: one work-group of 400 work-items, its fourth sub-FFT empty.
    assert_eq!(
        plan.passes[0].launch,
        LaunchShape {
            global: vec![400],
            local: Some(vec![400])
        }
    );
    // Up to 16384 points in one pass where the values stay in registers (the stage radices
    // divide the first: 6561 = [27, 27, 9], 6000 = [30, 10, 10, 2], 10000 = [20, 10, 10, 5],
    // 9261 = [21, 21, 21] exchanging in one part, 10800 = [30, 10, 6, 6] in two).
    assert_eq!(shape(&fused(6561)), [(6561, 1)]);
    assert_eq!(
        plan_name(&fused(6561)),
        ["fft_fused6561_c1_fwd_f32".to_string()]
    );
    assert_eq!(shape(&fused(6000)), [(6000, 1)]);
    // 7776 = 2^5 * 3^5 as [18, 24, 18], its radix-24 stage clamped on 108 of 432
    // work-items (`guarded.rs`); 5005 = 5 * 7 * 11 * 13 as [11, 13, 7, 5], its last radix
    // not dividing the first (each output stored at its own point).
    assert_eq!(shape(&fused(7776)), [(7776, 1)]);
    assert_eq!(shape(&fused(5005)), [(5005, 1)]);
    // 5929 = 7^2 * 11^2 has no such radices: the fewest, most even passes of at most 1024
    // points.
    assert_eq!(shape(&fused(5929)), [(77, 1), (77, 77)]);
    assert_eq!(shape(&fused(10000)), [(10000, 1)]);
    assert_eq!(shape(&fused(9261)), [(9261, 1)]);
    assert_eq!(shape(&fused(10800)), [(10800, 1)]);
    // A device whose local memory holds every power-of-two kernel but not 10000 points'
    // one-part exchange (41284 bytes): two passes.
    let smaller = DeviceCaps {
        local_mem_bytes: 40 * 1024,
        ..GPU
    };
    let r = PlanRequest {
        strategy: Strategy::Auto,
        ..request(10000, 16)
    };
    assert_eq!(
        shape(&Plan::new(r, &smaller).unwrap()),
        [(100, 1), (100, 100)]
    );
    assert_eq!(shape(&fused(15625)), [(15625, 1)]);
    // 11025 = 3^2 5^2 7^2: no radices that all divide the first; [21, 25, 21] clamps the
    // radix-25 stage (`guarded.rs`), in 3 parts.
    assert_eq!(shape(&fused(11025)), [(11025, 1)]);
    assert_eq!(shape(&fused(1_000_000)), [(1000, 1), (1000, 1000)]);
    assert_eq!(
        shape(&fused(3 << 20)),
        [(192, 1), (128, 192), (128, 192 * 128)]
    );
    // f64 above its 2048-value complex exchanges: in registers, exchanging halves, where
    // radices with a dividing last exist within radix 16 (3000 = [10, 10, 6, 5], `guarded.rs`),
    // else two passes (6000: [20, 20, 15] has radices above 16).
    let f64_plan = |len| {
        let r = PlanRequest {
            strategy: Strategy::Auto,
            precision: Precision::F64,
            ..request(len, 16)
        };
        shape(&Plan::new(r, &GPU).unwrap())
    };
    assert_eq!(f64_plan(3000), [(3000, 1)]);
    assert_eq!(f64_plan(6000), [(80, 1), (75, 80)]);
    // Bluestein on fused passes: the pad, the filter's multiply and the unpad ride on the
    // first and last passes of the two M-point FFTs; where M is one pass, that pass computes
    // the whole convolution, with the inverse FFT's scale. Every pass knows N and M.
    let prime = fused(1009);
    let names: Vec<String> = prime.passes.iter().map(Pass::entry_point).collect();
    assert_eq!(names, ["fft_fused2048_c2_fwd_f32_pad_convolve_fwd"]);
    assert!(prime
        .passes
        .iter()
        .all(|p| (p.params.len, p.params.padded) == (1009, 2048)));
    let scaled = Plan::new(
        PlanRequest {
            normalization: Normalization::Backward,
            direction: Direction::Inverse,
            strategy: Strategy::Auto,
            ..request(1009, 16)
        },
        &GPU,
    )
    .unwrap();
    assert_eq!(scaled.passes.len(), 1);
    assert_eq!(scaled.passes[0].scale, 1.0 / 1009.0);
    assert_eq!(
        scaled.passes[0].entry_point(),
        "fft_fused2048_c2_fwd_f32_pad_convolve_inv"
    );
    // The convolution's stages run twice: at most radix 32 in f32.
    let KernelSpec::Fused(spec) = prime.passes[0].spec else {
        panic!("{}", prime.explain());
    };
    assert_eq!(spec.stage_radices(), [16, 16, 8]);
    // 5003: the smooth M = 10080 would be two mixed passes each way; the power of two
    // 16384 is one pass of the whole convolution (`one_pass_bluestein_len`).
    let one_pass = fused(5003);
    assert_eq!(one_pass.algorithm, Algorithm::Bluestein { padded: 16384 });
    assert_eq!(
        plan_name(&one_pass),
        ["fft_fused16384_c1_fwd_f32_pad_convolve_fwd".to_string()]
    );
    // Unless its work buffers would pass the 32-bit limit where the smooth M's do not.
    let huge = Plan::new(
        PlanRequest {
            strategy: Strategy::Auto,
            batch: 300_000,
            ..request(5003, 16)
        },
        &GPU,
    )
    .unwrap();
    assert_eq!(huge.algorithm, Algorithm::Bluestein { padded: 10080 });
    // 8209: 2N - 1 = 16417 > 16384, so the smooth M = 16464 = 2^4 * 3 * 7^3, two mixed
    // passes each way (plain, 16464 would be one long mixed pass, which cannot carry the
    // chirp's edges: `convolution_limits`).
    let long_prime = fused(8209);
    assert_eq!(long_prime.algorithm, Algorithm::Bluestein { padded: 16464 });
    assert_eq!(
        plan_name(&long_prime),
        [
            "fft_fused147_c27_fwd_f32_pad_fwd",
            "fft_fused112_c36_fwd_f32_filter_fwd",
            "fft_fused147_c27_inv_f32",
            "fft_fused112_c36_inv_f32_unpad_fwd",
        ]
    );
    // On PoCL (CPU), Auto takes a lanes pass, GlobalRadix mixed-radix passes; Strategy::Fused
    // asks for fused.
    let cpu = |strategy| {
        Plan::new(
            PlanRequest {
                strategy,
                ..request(1000, 16)
            },
            &CPU,
        )
        .unwrap()
    };
    assert!(matches!(
        cpu(Strategy::Auto).passes[..],
        [Pass {
            spec: KernelSpec::Lanes(_),
            ..
        }]
    ));
    assert_eq!(shape(&cpu(Strategy::GlobalRadix)), [(50, 1), (20, 50)]);
    let forced = Plan::new(
        PlanRequest {
            strategy: Strategy::Fused,
            ..request(1000, 16)
        },
        &CPU,
    )
    .unwrap();
    assert_eq!(shape(&forced), [(1000, 1)]);
}

#[test]
fn bluestein_keeps_a_power_of_two_for_options_mixed_passes_lack() {
    // 47 (46 = 2 * 23: no Rader): M = 96 with table twiddles; 128 with on-the-fly ones
    // (powers of two only).
    let plan = Plan::new(request(47, 16), &CPU).unwrap();
    assert_eq!(plan.algorithm, Algorithm::Bluestein { padded: 96 });
    let mut r = request(47, 16);
    r.twiddles = Twiddles::Sincos;
    let plan = Plan::new(r, &CPU).unwrap();
    assert_eq!(plan.algorithm, Algorithm::Bluestein { padded: 128 });
    assert!(plan.explain().contains("128 = 2^7"), "{}", plan.explain());
    // 17 (16 = 2^4): Rader's convolution is a power of two, which on-the-fly twiddles serve.
    let mut r = request(17, 16);
    r.twiddles = Twiddles::Sincos;
    assert_eq!(Plan::new(r, &CPU).unwrap().algorithm, Algorithm::Rader);
    // 19 (18 = 2 * 3^2): mixed passes need table twiddles, so Bluestein's power of two.
    let mut r = request(19, 16);
    r.twiddles = Twiddles::Sincos;
    assert_eq!(
        Plan::new(r, &CPU).unwrap().algorithm,
        Algorithm::Bluestein { padded: 64 }
    );
}

#[test]
fn mixed_fused_kernels_keep_to_the_device_work_group_limit() {
    // 1000 = [10, 10, 10]: 100 work-items per sub-FFT, 4 sub-FFTs: 400 > 256.
    assert_eq!(shape(&fused(1000)), [(1000, 1)]);
    let small = DeviceCaps {
        max_work_group_size: 256,
        ..GPU
    };
    let r = PlanRequest {
        strategy: Strategy::Auto,
        ..request(1000, 16)
    };
    let plan = Plan::new(r, &small).unwrap();
    assert!(plan
        .passes
        .iter()
        .all(|p| matches!(p.spec, KernelSpec::Radix(_))));
}

/// The entry points of a real plan of `len` reals on `caps`, R2C (forward) or C2R.
fn real_entries(
    len: usize,
    direction: Direction,
    layout: RealLayout,
    caps: &DeviceCaps,
) -> Vec<String> {
    let r = PlanRequest {
        direction,
        real: Some(layout),
        batch: 2,
        ..PlanRequest::new(len)
    };
    let plan = Plan::new(r, caps).unwrap();
    plan.passes.iter().map(Pass::entry_point).collect()
}

/// [`real_entries`] of compact f64 rows.
fn real_entries_f64(len: usize, direction: Direction, caps: &DeviceCaps) -> Vec<String> {
    let r = PlanRequest {
        direction,
        precision: Precision::F64,
        real: Some(RealLayout::Compact),
        batch: 2,
        ..PlanRequest::new(len)
    };
    let plan = Plan::new(r, caps).unwrap();
    plan.passes.iter().map(Pass::entry_point).collect()
}

#[test]
fn real_plans_fuse_their_steps_into_the_edge_passes_on_gpus() {
    let (fwd, inv) = (Direction::Forward, Direction::Inverse);
    let compact = RealLayout::Compact;
    // One pass: the 512-point complex FFT of the pairs, the split in its store (a single
    // pass, values in registers: the split's as [16, 16, 2] with 4 sub-FFTs per work-group,
    // the merge's as [8, 8, 8] with 4).
    assert_eq!(
        real_entries(1024, fwd, compact, &GPU),
        ["fft_fused512_c4_fwd_f32_split_whole"]
    );
    assert_eq!(
        real_entries(1024, inv, compact, &GPU),
        ["fft_fused512_c4_inv_f32_merge_whole"]
    );
    // Two passes of 2^15: the split in a last pass of 32 points (its 128 columns pair up,
    // runs of 64) after 1024; of 2^16..2^17: in 64 points (runs of 32), the first of 1024 to
    // 2048; 2^18: 128 points after 2048 (64 would need a first pass of 4096).
    for (len, first, last) in [
        (
            1 << 16,
            "fft_fused1024_c8_fwd_f32",
            "fft_fused32_c128_fwd_f32_split",
        ),
        (
            1 << 17,
            "fft_fused1024_c8_fwd_f32",
            "fft_fused64_c64_fwd_f32_split",
        ),
        (
            1 << 18,
            "fft_fused2048_c8_fwd_f32",
            "fft_fused64_c64_fwd_f32_split",
        ),
        (
            1 << 19,
            "fft_fused2048_c8_fwd_f32",
            "fft_fused128_c32_fwd_f32_split",
        ),
    ] {
        assert_eq!(
            real_entries(len, fwd, compact, &GPU),
            [first, last],
            "{len}"
        );
    }
    // Two passes of 2^19: the planner's 1024 x 512 would pair 8 columns in runs of 4, so the
    // R2C takes 4096 x 128, whose last pass pairs 32 columns in runs of 16 (its first pass
    // reads runs of 4 values, measured faster than 2048 x 256 all the same).
    assert_eq!(
        real_entries(1 << 20, fwd, compact, &GPU),
        ["fft_fused4096_c4_fwd_f32", "fft_fused128_c32_fwd_f32_split"]
    );
    // C2R of 2^22 reals: the planner's first pass of 2048 points takes the merge in its wide
    // form (8 columns, runs of 64 bytes), no point-wise merge pass before it. 2^23 reals
    // keep the planner's 4096 x 1024, the longer pass first.
    assert_eq!(
        real_entries(1 << 22, inv, compact, &GPU),
        ["fft_fused2048_c8_inv_f32_merge", "fft_fused1024_c8_inv_f32"]
    );
    assert_eq!(
        real_entries(1 << 23, inv, compact, &GPU),
        ["fft_fused4096_c4_inv_f32_merge", "fft_fused1024_c8_inv_f32"]
    );
    // Where the complex plan has three passes (2^24 reals and up), the C2R takes the merge
    // in a first pass of 256 points and ends with 128 (real_three_pass.rs), not in the
    // planner's first pass of 1024.
    assert_eq!(
        real_entries(1 << 24, inv, compact, &GPU),
        [
            "fft_fused256_c16_inv_f32_merge",
            "fft_fused256_c16_inv_f32",
            "fft_fused128_c32_inv_f32"
        ]
    );
    assert_eq!(
        real_entries(1 << 27, inv, compact, &GPU)[0],
        "fft_fused256_c16_inv_f32_merge"
    );
    // The R2C from 2^21 reals: three passes, the split in a last pass of 64 points (its 64
    // columns pair up in runs of 32 values, at strides up to 2^20), the first 1024 points
    // where the middle keeps 64 or more; no point-wise split pass.
    for (len, first, middle) in [
        (
            1 << 21,
            "fft_fused128_c32_fwd_f32",
            "fft_fused128_c32_fwd_f32",
        ),
        (
            1 << 22,
            "fft_fused256_c16_fwd_f32",
            "fft_fused128_c32_fwd_f32",
        ),
        (
            1 << 23,
            "fft_fused1024_c8_fwd_f32",
            "fft_fused64_c64_fwd_f32",
        ),
        (
            1 << 24,
            "fft_fused1024_c8_fwd_f32",
            "fft_fused128_c32_fwd_f32",
        ),
        (
            1 << 27,
            "fft_fused1024_c8_fwd_f32",
            "fft_fused1024_c8_fwd_f32",
        ),
    ] {
        assert_eq!(
            real_entries(len, fwd, compact, &GPU),
            [first, middle, "fft_fused64_c64_fwd_f32_split"],
            "{len}"
        );
    }
    // 1024 points keep the merge in 4 columns (the wide form lost there).
    assert_eq!(
        real_entries(1 << 21, inv, compact, &GPU),
        ["fft_fused1024_c4_inv_f32_merge", "fft_fused1024_c8_inv_f32"]
    );
    // explain says why the steps are passes of their own: f64 R2C of 2^22 reals, whose
    // planner's last pass of 1024 points holds too few columns to pair.
    let why = |len: usize, direction: Direction, precision: Precision| {
        let request = PlanRequest {
            direction,
            precision,
            real: Some(compact),
            ..PlanRequest::new(len)
        };
        Plan::new(request, &GPU).unwrap().explain()
    };
    let split = why(1 << 22, fwd, Precision::F64);
    assert!(split.contains("split step to the half spectrum as a point-wise pass (a last pass with it would take its columns in mirrored pairs in runs under 64 bytes"), "{split}");
    let merge = why(1 << 24, inv, Precision::F32);
    assert!(
        merge.contains("merge step from the half spectrum fused into the load"),
        "{merge}"
    );
    assert_eq!(
        real_entries(1 << 20, inv, compact, &GPU),
        ["fft_fused1024_c4_inv_f32_merge", "fft_fused512_c8_inv_f32"]
    );
    // Mixed half length, one pass: the whole transform, its split paired in registers.
    assert_eq!(
        real_entries(1000, fwd, compact, &GPU),
        ["fft_fused500_c4_fwd_f32_split_whole"]
    );
    // Padded rows are packed first (R2C) and unpacked last (C2R).
    assert_eq!(
        real_entries(1024, fwd, RealLayout::Padded, &GPU),
        ["fft_real_pack_f32", "fft_fused512_c4_fwd_f32_split_whole"]
    );
    assert_eq!(
        real_entries(1024, inv, RealLayout::Padded, &GPU),
        ["fft_fused512_c4_inv_f32_merge_whole", "fft_real_unpack_f32"]
    );
    // A Bluestein half length (4099 is prime, M = 16384 one pass): the point-wise split
    // after it.
    let bluestein = real_entries(2 * 4099, fwd, compact, &GPU);
    assert_eq!(
        bluestein,
        [
            "fft_fused16384_c1_fwd_f32_pad_convolve_fwd",
            "fft_real_split_f32"
        ]
    );
}

#[test]
fn real_plans_on_cpus_fuse_the_step_into_a_whole_lanes_pass_and_odd_lengths_do_not() {
    let (fwd, inv) = (Direction::Forward, Direction::Inverse);
    let compact = RealLayout::Compact;
    // Half lengths from 8 points run as one lanes pass with the step (below 32 complex
    // points only for real transforms: `short_half_strategy`), powers of two or not.
    assert_eq!(
        real_entries(64, fwd, compact, &CPU),
        ["fft_lanes32_fwd_f32_whole_split"]
    );
    assert_eq!(
        real_entries(64, inv, compact, &CPU),
        ["fft_lanes32_inv_f32_whole_merge"]
    );
    assert_eq!(
        real_entries(1024, fwd, compact, &CPU),
        ["fft_lanes512_fwd_f32_whole_split"]
    );
    assert_eq!(
        real_entries(2000, inv, compact, &CPU),
        ["fft_lanes_any_inv_f32_whole_merge"]
    );
    assert_eq!(
        real_entries(26, fwd, compact, &CPU),
        ["fft_lanes_any_fwd_f32_whole_split"]
    );
    // Padded rows keep their pack and unpack passes around it.
    assert_eq!(
        real_entries(1024, fwd, RealLayout::Padded, &CPU),
        ["fft_real_pack_f32", "fft_lanes512_fwd_f32_whole_split"]
    );
    // Half lengths under 8 points keep the point-wise step; so do the C2R's lanes passes
    // of several above 1 MiB per sequence (2^20 reals) or whose half length has no lanes
    // lengths that are all multiples of 8 (8400 reals: 4200 = 8 x 525), and an R2C whose
    // last pass's stride is no multiple of 16 (10000 reals: 5000 = 8 x 625 in three passes).
    assert_eq!(
        real_entries(12, fwd, compact, &CPU),
        ["fft_radix6_fwd_f32", "fft_real_split_f32"]
    );
    assert_eq!(
        real_entries(1 << 20, inv, compact, &CPU),
        [
            "fft_real_merge_f32",
            "fft_lanes1024_inv_f32_p1",
            "fft_lanes512_inv_f32_hilo"
        ]
    );
    assert_eq!(
        real_entries(8400, inv, compact, &CPU)[0],
        "fft_real_merge_f32"
    );
    // The C2R's first lanes pass of several pairs its columns with their mirrors and takes
    // the merge (16384 reals: 8192 = 128 x 64, 64 sub-FFTs per sequence; 2^16 reals; f64
    // 9216 reals), where the complex plan's first pass's sub-FFTs are no multiple of 8 in
    // lengths that are (8320 reals: 4160 as 104 x 40, not 64 x 65).
    assert_eq!(
        real_entries(16384, inv, compact, &CPU),
        ["fft_lanes128_inv_f32_merge_p1", "fft_lanes64_inv_f32"]
    );
    assert_eq!(
        real_entries(1 << 16, inv, compact, &CPU),
        ["fft_lanes256_inv_f32_merge_p1", "fft_lanes128_inv_f32"]
    );
    assert_eq!(
        real_entries(8320, inv, compact, &CPU),
        ["fft_lanes104_inv_f32_merge_p1", "fft_lanes40_inv_f32"]
    );
    let f64_cpu = real_entries_f64(9216, inv, &CPU);
    assert_eq!(f64_cpu.len(), 2, "{f64_cpu:?}");
    assert!(f64_cpu[0].ends_with("_inv_f64_merge_p1"), "{f64_cpu:?}");
    assert_eq!(
        real_entries(10000, fwd, compact, &CPU)
            .last()
            .map(String::as_str),
        Some("fft_real_split_f32")
    );
    // The R2C's last lanes pass of several pairs its columns with their mirrors and takes
    // the split up to 512 KiB per sequence (48000 and 2^17 f32 reals, 8192 f64); longer ones
    // keep the point-wise split (PAIRED_SPLIT_MAX_BYTES: 2^18 reals, 1 MiB).
    assert_eq!(
        real_entries(48000, fwd, compact, &CPU),
        ["fft_lanes160_fwd_f32_p1", "fft_lanes150_fwd_f32_split"]
    );
    assert_eq!(
        real_entries(1 << 17, fwd, compact, &CPU),
        ["fft_lanes256_fwd_f32_p1", "fft_lanes256_fwd_f32_split"]
    );
    // Where the complex plan's last stride is no multiple of 16, lanes lengths whose is
    // (9152 reals: 4576 as 32 x 143, not 88 x 52).
    assert_eq!(
        real_entries(9152, fwd, compact, &CPU),
        ["fft_lanes32_fwd_f32_mixed_p1", "fft_lanes143_fwd_f32_split"]
    );
    assert_eq!(
        real_entries(1 << 18, fwd, compact, &CPU),
        [
            "fft_lanes512_fwd_f32_p1",
            "fft_lanes256_fwd_f32",
            "fft_real_split_f32"
        ]
    );
    // Odd N: the N-point complex FFT between the point-wise steps, on every device.
    assert_eq!(
        real_entries(15, fwd, compact, &GPU),
        [
            "fft_real_pack_odd_f32",
            "fft_fused15_c256_fwd_f32",
            "fft_real_split_odd_f32"
        ]
    );
    assert_eq!(
        real_entries(15, inv, compact, &CPU),
        [
            "fft_real_merge_odd_f32",
            "fft_radix15_inv_f32",
            "fft_real_unpack_odd_f32"
        ]
    );
}

#[test]
fn real_plans_scale_by_the_real_length_and_launch_rows() {
    let r = PlanRequest {
        direction: Direction::Inverse,
        normalization: crate::Normalization::Backward,
        real: Some(RealLayout::Padded),
        batch: 3,
        ..PlanRequest::new(10)
    };
    let plan = Plan::new(r, &CPU).unwrap();
    assert_eq!(plan.scale, 0.1);
    let last = plan.passes.last().unwrap();
    assert_eq!(last.scale, 0.1);
    assert!(plan.passes[..plan.passes.len() - 1]
        .iter()
        .all(|p| p.scale == 1.0));
    // The unpack step: 5 values per row, rows of 12 padded reals, 3 rows.
    assert_eq!(last.params.real_dist, 12);
    assert_eq!(
        last.launch,
        LaunchShape {
            global: vec![GUARDED_GROUP, 3],
            local: Some(vec![GUARDED_GROUP, 1])
        }
    );
    assert_eq!(plan.work_len(), 5);
    assert!(plan.headline().starts_with("inverse C2R, 3 x 10 points"));
}

#[test]
fn a_one_dimensional_shape_plans_a_real_transform_as_its_length_does() {
    // `.shape(&[n])` of a real plan: the shape names the n reals, the inner complex plan has
    // n/2 (even) or n (odd) points.
    for (len, direction) in [
        (1000, Direction::Forward),
        (1000, Direction::Inverse),
        (9, Direction::Forward),
    ] {
        for caps in [&GPU, &CPU] {
            let by_len = PlanRequest {
                direction,
                real: Some(RealLayout::Compact),
                ..PlanRequest::new(len)
            };
            let by_shape = PlanRequest {
                shape: Some(Shape::new(&[len], None).unwrap()),
                ..by_len
            };
            let (a, b) = (
                Plan::new(by_len, caps).unwrap(),
                Plan::new(by_shape, caps).unwrap(),
            );
            assert_eq!(a.passes, b.passes, "{len} {direction:?}");
            assert_eq!(a.work_len(), b.work_len());
        }
    }
}

/// An automatic plan of `len` x `batch` on a CPU device.
fn on_cpu(len: usize, batch: usize, precision: crate::Precision) -> Plan {
    let r = PlanRequest {
        batch,
        precision,
        ..PlanRequest::new(len)
    };
    Plan::new(r, &CPU).unwrap()
}

#[test]
fn cpu_devices_plan_lanes_passes_from_32_points() {
    use crate::Precision::{F32, F64};
    // (len, precision) -> (sub-FFT length, stride) of every pass.
    type Passes = &'static [(u32, usize)];
    let table: [(usize, crate::Precision, Passes); 10] = [
        (32, F32, &[(32, 1)]),
        (128, F64, &[(128, 1)]),
        (256, F32, &[(256, 1)]),
        (1024, F32, &[(1024, 1)]),
        (4096, F32, &[(4096, 1)]),
        (8192, F32, &[(128, 1), (64, 128)]),
        (1 << 16, F32, &[(256, 1), (256, 256)]),
        (1 << 25, F32, &[(512, 1), (256, 512), (256, 1 << 17)]),
        (2048, F64, &[(2048, 1)]),
        (4096, F64, &[(64, 1), (64, 64)]),
    ];
    for (len, precision, want) in table {
        let plan = on_cpu(len, 2, precision);
        assert_eq!(shape(&plan), want, "{len} {precision}");
        assert!(plan
            .passes
            .iter()
            .all(|p| matches!(p.spec, KernelSpec::Lanes(_))));
    }
    // 13-smooth lengths: one pass up to the private-memory limit, else the most balanced split
    // whose first length is a multiple of 8 (every later pass's t and p are then too).
    let mixed: [(usize, crate::Precision, Passes); 6] = [
        (36, F32, &[(36, 1)]),
        (300, F32, &[(300, 1)]),
        (2187, F32, &[(2187, 1)]),
        (100_000, F32, &[(400, 1), (250, 400)]),
        (157_464, F64, &[(648, 1), (243, 648)]),
        (3 << 20, F32, &[(2048, 1), (1536, 2048)]),
    ];
    // Their passes divide by t and p; powers of two keep masks (`_mixed` names a power-of-two
    // pass of a mixed length).
    let names: Vec<String> = on_cpu(3 << 20, 1, F32)
        .passes
        .iter()
        .map(Pass::entry_point)
        .collect();
    assert_eq!(
        names,
        [
            "fft_lanes2048_fwd_f32_mixed_p1",
            "fft_lanes1536_fwd_f32_hilo"
        ]
    );
    assert!(on_cpu(1 << 16, 1, F32)
        .passes
        .iter()
        .all(|p| matches!(p.spec, KernelSpec::Lanes(l) if l.lengths == crate::kernel::Lengths::PowerOfTwo)));
    for (len, precision, want) in mixed {
        let plan = on_cpu(len, 3, precision);
        assert_eq!(shape(&plan), want, "{len} {precision}");
        assert!(plan.passes.iter().all(|p| {
            let (t, stride) = (len / p.radix() as usize, p.stride());
            matches!(p.spec, KernelSpec::Lanes(_))
                && (stride == 1 || (t % 8 == 0 && stride % 8 == 0))
        }));
    }
    // Lengths without the factor 8 take the most balanced split of all; their later passes
    // straddle (stride not a multiple of 8: lane by lane where the eight sub-FFTs pass it).
    let straddling: [(usize, crate::Precision, Passes); 3] = [
        (6561, F32, &[(81, 1), (81, 81)]),
        (4116, F32, &[(84, 1), (49, 84)]),
        (3 * 5 * 7 * 11 * 13 * 9, F64, &[(385, 1), (351, 385)]),
    ];
    for (len, precision, want) in straddling {
        let plan = on_cpu(len, 5, precision);
        assert_eq!(shape(&plan), want, "{len} {precision}");
        let later = plan.passes[1].spec;
        assert!(
            matches!(later, KernelSpec::Lanes(l) if l.straddles),
            "{later:?}"
        );
    }
    let names: Vec<String> = on_cpu(6561, 1, F32)
        .passes
        .iter()
        .map(Pass::entry_point)
        .collect();
    assert_eq!(
        names,
        ["fft_lanes81_fwd_f32_p1", "fft_lanes81_fwd_f32_straddle"]
    );
    // One pass is the whole transform: eight transforms of the batch per work-item, work-groups
    // of one, the last work-item repeating the batch's last transform.
    let whole = on_cpu(1024, 9, F32);
    assert_eq!(whole.passes[0].entry_point(), "fft_lanes1024_fwd_f32_whole");
    assert_eq!(whole.passes[0].launch.global, [2]);
    assert_eq!(whole.passes[0].launch.local, Some(vec![1]));
    // Several passes: `_p1` first, eight neighbouring sub-FFTs per work-item.
    let two = on_cpu(1 << 16, 3, F32);
    let names: Vec<String> = two.passes.iter().map(Pass::entry_point).collect();
    assert_eq!(names, ["fft_lanes256_fwd_f32_p1", "fft_lanes256_fwd_f32"]);
    assert!(two.passes.iter().all(|p| p.launch.global == [256 * 3 / 8]));
    // 16 and 24 points, explicit strategies and forms, other twiddles, other lengths: radix
    // passes.
    for len in [16, 24] {
        assert!(matches!(
            on_cpu(len, 1, F32).passes[0].spec,
            KernelSpec::Radix(_)
        ));
    }
    for r in [
        PlanRequest {
            strategy: Strategy::GlobalRadix,
            ..PlanRequest::new(1024)
        },
        PlanRequest {
            form: KernelForm::Scalar,
            ..PlanRequest::new(1024)
        },
        PlanRequest {
            twiddles: Twiddles::Sincos,
            ..PlanRequest::new(1024)
        },
    ] {
        let plan = Plan::new(r, &CPU).unwrap();
        assert!(
            plan.passes
                .iter()
                .all(|p| matches!(p.spec, KernelSpec::Radix(_))),
            "{}",
            plan.explain()
        );
    }
    // Asked for, lanes passes run from 8 points, on CPU devices only.
    let asked = |len| PlanRequest {
        strategy: Strategy::Lanes,
        ..PlanRequest::new(len)
    };
    assert!(matches!(
        Plan::new(asked(8), &CPU).unwrap().passes[0].spec,
        KernelSpec::Lanes(_)
    ));
    let err = Plan::new(asked(1024), &GPU).unwrap_err();
    assert_eq!(err, PlanError::LanesUnavailable(DeviceKind::Gpu));
    assert!(err.to_string().contains("Strategy::Auto"), "{err}");
}

#[test]
fn lane_twiddle_tables_hold_each_lanes_pass_twiddles() {
    use crate::kernel::{ArgKind, LaunchParams, PassTable, TableKind};
    let tables = |spec: &KernelSpec| -> Vec<TableKind> {
        spec.abi()
            .args
            .iter()
            .filter_map(|a| match a.kind {
                ArgKind::Table(kind) => Some(kind),
                _ => None,
            })
            .collect()
    };
    let close = |a: crate::Complex64, b: crate::Complex64| (a - b).norm() < 1e-15;
    // 2^16 = 256 x 256: the later pass reads one table of p * L = 2^16 values.
    let plan = on_cpu(1 << 16, 1, crate::Precision::F32);
    let later = &plan.passes[1];
    assert!(matches!(later.spec, KernelSpec::Lanes(l) if l.table == PassTable::OneLevel));
    assert_eq!(
        tables(&later.spec),
        [TableKind::StageTwiddles, TableKind::LanePassTwiddles]
    );
    let table = TableKind::LanePassTwiddles.values(&later.spec, &later.params);
    assert_eq!(table.len(), 1 << 16);
    // Entry ((k / 8) * L + m) * 8 + l = W_{L*p}^((k + l) * m).
    let (k, m, l) = (40usize, 37usize, 5usize);
    let want = crate::unit_root(((k + l) * m) as i64, 1 << 16, Direction::Forward);
    assert!(close(table[((k / 8) * 256 + m) * 8 + l], want));
    // 6561 = 81 x 81: a straddling later pass's one table is laid out by m, entry m * p + k
    // = W_{L*p}^(k*m), so eight lanes at any k read neighbours.
    let plan = on_cpu(6561, 1, crate::Precision::F32);
    let later = &plan.passes[1];
    let table = TableKind::LanePassTwiddles.values(&later.spec, &later.params);
    assert_eq!(table.len(), 6561);
    let (k, m) = (77usize, 50usize);
    let want = crate::unit_root((k * m) as i64, 6561, Direction::Forward);
    assert!(close(table[m * 81 + k], want));
    // 2^22 = 2048 x 2048: a one-level table of 2^22 values would be as large as the data, so
    // the two-level one times the lane factors.
    let plan = on_cpu(1 << 22, 1, crate::Precision::F32);
    let later = &plan.passes[1];
    assert_eq!(later.entry_point(), "fft_lanes2048_fwd_f32_hilo");
    assert_eq!(
        tables(&later.spec),
        [
            TableKind::StageTwiddles,
            TableKind::FourStepHi,
            TableKind::FourStepLo,
            TableKind::LaneTwiddles
        ]
    );
    let lanes = TableKind::LaneTwiddles.values(&later.spec, &later.params);
    assert_eq!(lanes.len(), 2048 * 8);
    let want = crate::unit_root((l * m) as i64, 1 << 22, Direction::Forward);
    assert!(close(lanes[8 * m + l], want));
    // The first pass has no pass twiddles.
    let first = LaunchParams::stockham(1 << 22, 1, 1);
    assert_eq!(
        TableKind::LanePassTwiddles
            .values(&plan.passes[0].spec, &first)
            .len(),
        1
    );
}

/// Every pass's launch is the one its kernel's ABI gives for its spec and parameters, and
/// every fused split in a multi-pass plan pairs its columns. A pass whose spec changes after
/// planning (an edge fused in: a real step, the caller's layout) must have its launch
/// computed again; before, the R2C of 2^19 reals and more, the C2R of 2^20 and more and the
/// Bluestein plans of 999983 points launched their edge passes with the plain wide pass's
/// work-group (NVIDIA: `CL_INVALID_WORK_GROUP_SIZE`).
#[test]
fn every_launch_matches_its_kernels_geometry() {
    let mut requests = Vec::new();
    for bits in 1..=27 {
        for direction in [Direction::Forward, Direction::Inverse] {
            let len = 1usize << bits;
            requests.push(PlanRequest {
                direction,
                ..PlanRequest::new(len)
            });
            for layout in [RealLayout::Compact, RealLayout::Padded] {
                requests.push(PlanRequest {
                    direction,
                    real: Some(layout),
                    ..PlanRequest::new(len)
                });
            }
        }
    }
    for len in [1000, 2187, 100_000, 65537, 999_983, 1009, 6000, 1 << 20 | 2] {
        requests.push(PlanRequest::new(len));
        requests.push(PlanRequest {
            real: Some(RealLayout::Compact),
            ..PlanRequest::new(len)
        });
    }
    for dims in [
        &[1024, 1024][..],
        &[4096, 4096],
        &[4096, 9],
        &[2048, 8],
        &[512, 512, 512],
    ] {
        let shape = Shape::new(dims, None).unwrap();
        requests.push(PlanRequest {
            len: shape.len(),
            shape: Some(shape),
            ..PlanRequest::new(1)
        });
    }
    let mut checked = 0;
    for caps in [&GPU, &CPU] {
        for request in &requests {
            let Ok(plan) = Plan::new(*request, caps) else {
                continue;
            };
            for (index, pass) in plan.passes.iter().enumerate() {
                let name = pass.entry_point();
                assert_eq!(
                    pass.launch,
                    pass.abi_launch(),
                    "{request:?} pass {index} ({name})"
                );
                if let KernelSpec::Fused(fused) = pass.spec {
                    if fused.real == Some(crate::kernel::FusedReal::Split) {
                        let stride = pass.params.stride;
                        assert!(
                            real::pairs_columns(&fused, stride)
                                || (fused.split_any_stride
                                    && real_any_stride::pairs_at_any_stride(&fused, stride)),
                            "{request:?}: {name} cannot pair its columns"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} passes checked");
}

#[test]
fn real_steps_ride_on_register_passes_where_their_specs_exist() {
    let real_in = |len: usize, direction: Direction, precision: Precision| {
        let r = PlanRequest {
            strategy: Strategy::Auto,
            direction,
            precision,
            real: Some(RealLayout::Compact),
            ..request(len, 16)
        };
        plan_name(&Plan::new(r, &GPU).unwrap())
    };
    let real = |len: usize, direction: Direction| real_in(len, direction, Precision::F32);
    // 1000 complex points keep their values in registers; as the whole transform
    // (`_whole`) the split puts them back into local memory unpadded and writes element by
    // element ([10, 10, 10]: one butterfly per work-item in the last stage), the merge reads
    // element by element.
    assert_eq!(
        real(2000, Direction::Forward),
        ["fft_fused1000_c4_fwd_f32_split_whole"]
    );
    assert_eq!(
        real(2000, Direction::Inverse),
        ["fft_fused1000_c4_inv_f32_merge"]
    );
    // 5000 points exchange halves in one register pass: the split pairs each butterfly of
    // the last stage with its mirror in one work-item ([10, 10, 10, 5]), so it needs no
    // complex buffer (a point-wise split pass followed before); the merge reads in. The
    // split takes radices that pair so where they take at most one stage more than the
    // complex pass's: 8232 reals, 4116 = [14, 21, 14] -> [14, 7, 6, 7]; 8640 reals, 4320 =
    // [30, 6, 6, 2, 2] -> [24, 30, 6] (above the complex capacity the first radix of an f32
    // split is not held to 20). An odd half length never pairs (all its radices are odd):
    // 9450 reals, 4725 = [15, 21, 15], bring the mirrors through an exchange of halves.
    assert_eq!(
        real(10000, Direction::Forward),
        ["fft_fused5000_c1_fwd_f32_split_whole"]
    );
    assert_eq!(
        real(8232, Direction::Forward),
        ["fft_fused4116_c1_fwd_f32_split_whole"]
    );
    assert_eq!(
        real(9450, Direction::Forward),
        ["fft_fused4725_c1_fwd_f32_split"]
    );
    assert_eq!(
        real(8232, Direction::Inverse),
        ["fft_fused4116_c1_inv_f32_merge"]
    );
    assert_eq!(
        real(8640, Direction::Forward),
        ["fft_fused4320_c1_fwd_f32_split_whole"]
    );
    // The merge of 8640 reals takes a first radix of at most 20 in clamped stages ([15, 18,
    // 16]); f64 real steps one of at most 10 (6000 reals: 3000 = [10, 10, 6, 5]; 8232 reals,
    // 4116 = [14, 7, 3, 14], keep their point-wise steps), but an f64 split of an even half
    // length one of 12 (6912 reals: 3456 = [12, 12, 12, 2]; 6050 reals, 3025 = [11, 5, 5,
    // 11], odd, and the merge of 6912 keep theirs).
    assert_eq!(
        real(8640, Direction::Inverse),
        ["fft_fused4320_c1_inv_f32_merge"]
    );
    let f64 = Precision::F64;
    assert_eq!(
        real_in(6000, Direction::Forward, f64),
        ["fft_fused3000_c1_fwd_f64_split_whole"]
    );
    assert_eq!(
        real_in(6000, Direction::Inverse, f64),
        ["fft_fused3000_c1_inv_f64_merge"]
    );
    assert_eq!(
        real_in(8232, Direction::Forward, f64),
        ["fft_fused4116_c1_fwd_f64", "fft_real_split_f64"]
    );
    assert_eq!(
        real_in(8232, Direction::Inverse, f64),
        ["fft_real_merge_f64", "fft_fused4116_c1_inv_f64"]
    );
    assert_eq!(
        real_in(6912, Direction::Forward, f64),
        ["fft_fused3456_c1_fwd_f64_split_whole"]
    );
    assert_eq!(
        real_in(6050, Direction::Forward, f64),
        ["fft_fused3025_c1_fwd_f64", "fft_real_split_f64"]
    );
    assert_eq!(
        real_in(6912, Direction::Inverse, f64),
        ["fft_real_merge_f64", "fft_fused3456_c1_inv_f64"]
    );
    assert_eq!(
        real(10000, Direction::Inverse),
        ["fft_fused5000_c1_inv_f32_merge"]
    );
}

/// Every spec of every plan is one the generator can emit (`KernelSpec::check`): GPU plans
/// (fused passes by default) and CPU plans forced onto fused passes (as the device tests do on
/// PoCL), for every length up to 2048 and the Bluestein lengths beyond it up to 20000, C2C and
/// real, f32 and f64 (on GPUs forward and inverse); the caller's layouts; measure mode's
/// candidates; 2-D and 3-D shapes. N = 4481 (Bluestein's M = 9000, one mixed pass whose first
/// radix cannot carry the chirp's edges) planned `fft_fused9000_c1_fwd_f32_pad_filter_fwd`, a
/// kernel the generator refuses, and failed on the NVIDIA driver only.
#[test]
fn every_plan_names_kernels_the_generator_emits() {
    let mut refused = BTreeSet::new();
    let mut plan = |r: PlanRequest, caps: &DeviceCaps, what: String| {
        for pass in &Plan::new(r, caps).unwrap().passes {
            if let Err(e) = pass.spec.check() {
                refused.insert(format!("{} ({what}): {e}", pass.entry_point()));
            }
        }
    };
    let gpu = [Direction::Forward, Direction::Inverse].map(|d| (&GPU, Strategy::Auto, d));
    let cpu = (&CPU, Strategy::Fused, Direction::Forward);
    for len in 1..=20_000usize {
        let bluestein = matches!(Algorithm::for_len(len), Algorithm::Bluestein { .. });
        if len > 2048 && !bluestein {
            continue;
        }
        for (caps, strategy, direction) in [gpu[0], gpu[1], cpu] {
            for precision in [Precision::F32, Precision::F64] {
                for real in [None, Some(RealLayout::Compact)] {
                    let r = PlanRequest {
                        precision,
                        real,
                        strategy,
                        direction,
                        ..PlanRequest::new(len)
                    };
                    plan(r, caps, format!("N = {len}"));
                }
            }
        }
    }
    // The caller's layouts (planar, every other value) on lengths of each algorithm.
    for len in [
        7, 64, 100, 1000, 1009, 2187, 3125, 4096, 4481, 5000, 6561, 10000, 10800, 65536,
    ] {
        for input in [Layout::planar(), Layout::strided(&[2], 2 * len)] {
            for (caps, strategy, _) in [gpu[0], cpu] {
                for precision in [Precision::F32, Precision::F64] {
                    let r = PlanRequest {
                        precision,
                        strategy,
                        input,
                        output: input,
                        batch: 3,
                        ..PlanRequest::new(len)
                    };
                    plan(r, caps, format!("N = {len}, layout"));
                }
            }
        }
    }
    // Measure mode's candidates (every fused split of powers of two, C2C and real).
    for log2 in 4..=27 {
        for (caps, real) in [
            (&GPU, None),
            (&GPU, Some(RealLayout::Compact)),
            (&CPU, None),
        ] {
            let r = PlanRequest {
                real,
                ..PlanRequest::new(1 << log2)
            };
            for choice in candidates(&r, caps) {
                plan(choice.apply(r), caps, format!("2^{log2}, {choice}"));
            }
        }
    }
    // Multi-dimensional shapes whose axes are mixed, Bluestein (4481: M = 16384 now) or
    // powers of two, every axis and the last alone, C2C and real.
    let axes_lens = [6, 7, 17, 100, 256, 1000, 1009, 4096, 4481];
    for (&a, &b) in axes_lens
        .iter()
        .flat_map(|a| axes_lens.iter().map(move |b| (a, b)))
    {
        for dims in [vec![a, b], vec![3, a, b]] {
            let last = [dims.len() - 1];
            for axes in [None, Some(&last[..])] {
                for (caps, strategy, _) in [gpu[0], cpu] {
                    for real in [None, Some(RealLayout::Compact)] {
                        let shape = Shape::new(&dims, axes).unwrap();
                        let r = PlanRequest {
                            len: shape.len(),
                            shape: Some(shape),
                            real,
                            strategy,
                            ..PlanRequest::new(1)
                        };
                        plan(r, caps, format!("{dims:?}"));
                    }
                }
            }
        }
    }
    assert!(
        refused.is_empty(),
        "{:#?}",
        refused.iter().take(20).collect::<Vec<_>>()
    );
}

#[test]
fn long_mixed_lengths_are_one_pass_where_the_device_takes_their_work_groups() {
    // (len, work-items of the one pass)
    for (len, group) in [
        (15625, 625),
        (19683, 729),
        (12005, 343),
        (20000, 1000),
        (25000, 500),
        (27000, 900),
    ] {
        let plan = fused(len);
        assert_eq!(plan.passes.len(), 1, "{}", plan.explain());
        assert_eq!(plan.passes[0].launch.local, Some(vec![group]), "{len}");
    }
    // A device of 512 work-items: 19683's 729 do not fit, two passes as before.
    let small = DeviceCaps {
        max_work_group_size: 512,
        ..GPU
    };
    let r = PlanRequest {
        strategy: Strategy::Auto,
        ..request(19683, 16)
    };
    let plan = Plan::new(r, &small).unwrap();
    assert_eq!(plan.passes.len(), 2, "{}", plan.explain());
    // Beyond two exchange parts, a pass of more exchanges times parts than 10 stays two.
    assert_eq!(fused(21875).passes.len(), 2);
}
