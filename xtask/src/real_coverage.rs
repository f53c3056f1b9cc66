//! `cargo xtask real-coverage [--max M] [--cpu]`: how many even real transforms of the GPU
//! (or, with `--cpu`, CPU) plans still run their split (R2C) or merge (C2R) step as a
//! point-wise pass of its own, a pass over memory the fused kernels save (issue 10's build
//! item 2), by precision and direction, and in which plan shapes.
//!
//! It plans every even `N <= max` whose half length is 13-smooth (the mixed-radix lengths;
//! Bluestein's halves always take the point-wise step) for `DeviceCaps::NVIDIA_GPU` (or
//! `DeviceCaps::POCL_CPU`), in f32 and f64, R2C and C2R, without a device: planning is host
//! arithmetic.

use crate::Error;
use fft_core::kernel::{KernelSpec, RealLayout, RealStep};
use fft_core::plan::{is_smooth, DeviceCaps, Plan, PlanRequest};
use fft_core::{Direction, Precision};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The largest `N` planned without `--max`: 2^20 reals.
pub const DEFAULT_MAX: usize = 1 << 20;

/// How many lengths of each plan shape a report names.
const EXAMPLES: usize = 6;

/// What to plan: every even `N <= max`, for `caps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coverage {
    /// The longest transform planned, in reals.
    pub max: usize,
    /// The device whose plans are counted.
    pub caps: DeviceCaps,
}

/// Parses `[--max M] [--cpu]`.
pub fn parse_real_coverage(mut args: impl Iterator<Item = String>) -> Result<Coverage, Error> {
    let mut coverage = Coverage {
        max: DEFAULT_MAX,
        caps: DeviceCaps::NVIDIA_GPU,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--cpu" => coverage.caps = DeviceCaps::POCL_CPU,
            "--max" => {
                let value = args.next().unwrap_or_default();
                coverage.max = value.parse().ok().filter(|&n| n >= 2).ok_or_else(|| {
                    Error::Usage(format!(
                        "--max takes a whole number of reals of at least 2, not `{value}`"
                    ))
                })?;
            }
            _ => {
                return Err(Error::Usage(format!(
                    "unknown real-coverage option `{arg}` (it takes --max M and --cpu)"
                )))
            }
        }
    }
    Ok(coverage)
}

/// The report: for each precision and direction, how many of the planned lengths keep a
/// point-wise step, and those lengths grouped by [`plan_shape`].
pub fn real_coverage(Coverage { max, caps }: Coverage) -> Result<String, Error> {
    let lengths: Vec<usize> = (2..=max).step_by(2).filter(|&n| is_smooth(n / 2)).collect();
    let device = if caps == DeviceCaps::POCL_CPU {
        "CPU plans (DeviceCaps::POCL_CPU)"
    } else {
        "GPU plans (DeviceCaps::NVIDIA_GPU)"
    };
    let mut report = format!(
        "{device} of the {} even N <= {max} whose half is 13-smooth \
         that run the real step point-wise (shape: passes in order; Fp/Fm fused power-of-two/mixed, \
         L lanes, R global radix, S/M the point-wise split/merge, O other):\n",
        lengths.len()
    );
    for precision in [Precision::F32, Precision::F64] {
        for direction in [Direction::Forward, Direction::Inverse] {
            let mut shapes: BTreeMap<String, Vec<usize>> = BTreeMap::new();
            for &len in &lengths {
                let plan = real_plan(len, precision, direction, &caps)?;
                if point_wise_step(&plan) {
                    shapes.entry(plan_shape(&plan)).or_default().push(len);
                }
            }
            let kind = if direction == Direction::Forward {
                "R2C"
            } else {
                "C2R"
            };
            let count: usize = shapes.values().map(Vec::len).sum();
            let _ = writeln!(report, "{precision} {kind}: {count} of {}", lengths.len());
            for (shape, lens) in &shapes {
                let shown: Vec<String> = lens.iter().take(EXAMPLES).map(usize::to_string).collect();
                let more = if lens.len() > EXAMPLES { ", ..." } else { "" };
                let _ = writeln!(
                    report,
                    "  {shape}: {} ({}{more})",
                    lens.len(),
                    shown.join(", ")
                );
            }
        }
    }
    Ok(report.trim_end().to_string())
}

/// The plan for `caps` of rows of `len` reals (numpy's rfft layout), forward (R2C) or
/// inverse (C2R).
fn real_plan(
    len: usize,
    precision: Precision,
    direction: Direction,
    caps: &DeviceCaps,
) -> Result<Plan, Error> {
    let mut request = PlanRequest::new(len);
    request.real = Some(RealLayout::Compact);
    request.precision = precision;
    request.direction = direction;
    Plan::new(request, caps)
        .map_err(|err| Error::Command(format!("planning {len} reals ({precision}): {err}")))
}

/// Whether `plan` runs the split or merge step as a pass of its own.
fn point_wise_step(plan: &Plan) -> bool {
    plan.passes.iter().any(|pass| {
        matches!(pass.spec, KernelSpec::Real(spec) if matches!(spec.step, RealStep::Split | RealStep::Merge))
    })
}

/// `plan`'s passes in order: `Fp`/`Fm` a fused pass of a power-of-two/mixed length, `L` a
/// lanes pass, `R` a global radix pass, `S`/`M` a point-wise split/merge, `O` any other pass
/// (`Fm-Fm-S`: two mixed passes, then the split).
fn plan_shape(plan: &Plan) -> String {
    let names: Vec<&str> = plan
        .passes
        .iter()
        .map(|pass| match pass.spec {
            KernelSpec::Fused(spec) if spec.len.is_power_of_two() => "Fp",
            KernelSpec::Fused(_) => "Fm",
            KernelSpec::Lanes(_) => "L",
            KernelSpec::Radix(_) => "R",
            KernelSpec::Real(spec) if spec.step == RealStep::Split => "S",
            KernelSpec::Real(spec) if spec.step == RealStep::Merge => "M",
            _ => "O",
        })
        .collect();
    names.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f64 6050 reals (3025 = [11, 5, 5, 11], an odd half: its one pass keeps the point-wise
    /// split) and 6912 (3456: the split in its one pass); f32 137500 (275 x 250, the
    /// 250-point split in registers not taken) and 100000 (400 x 125, the split in the last).
    #[test]
    fn tells_point_wise_steps_from_fused_ones() {
        let gpu = DeviceCaps::NVIDIA_GPU;
        let f64 = |len| real_plan(len, Precision::F64, Direction::Forward, &gpu).unwrap();
        let f32 = |len| real_plan(len, Precision::F32, Direction::Forward, &gpu).unwrap();
        assert!(point_wise_step(&f64(6050)));
        assert_eq!(plan_shape(&f64(6050)), "Fm-S");
        assert!(!point_wise_step(&f64(6912)));
        assert_eq!(plan_shape(&f64(6912)), "Fm");
        assert!(point_wise_step(&f32(137500)));
        assert_eq!(plan_shape(&f32(137500)), "Fm-Fm-S");
        assert!(!point_wise_step(&f32(100000)));
        let c2r = real_plan(6912, Precision::F64, Direction::Inverse, &gpu).unwrap();
        assert!(point_wise_step(&c2r));
        assert_eq!(plan_shape(&c2r), "M-Fm");
    }

    /// The report counts what the planner plans: up to 8192 reals every f32 R2C but N = 2
    /// fuses its split, while f64 one-pass R2Cs from 4290 reals (2145 = [11, 15, 13], odd)
    /// keep a point-wise split.
    #[test]
    fn reports_each_precision_and_direction() {
        let report = real_coverage(Coverage {
            max: 8192,
            caps: DeviceCaps::NVIDIA_GPU,
        })
        .unwrap();
        let f32_r2c = "f32 R2C: 1 of 490\n  O-S: 1 (2)\nf32 C2R:";
        assert!(report.contains(f32_r2c), "{report}");
        assert!(report.contains("  Fm-S: "), "{report}");
        assert!(report.contains("(4290, "), "{report}");
        assert!(report.contains("f64 C2R: "), "{report}");
    }

    /// CPU plans: halves from 8 points up to a lanes pass's longest are one lanes pass with
    /// the step in it; shorter ones are global radix passes and a point-wise step, longer
    /// ones lanes passes of several, whose step stays point-wise where their columns do not
    /// pair (a C2R above 1 MiB per sequence: 2^20 reals).
    #[test]
    fn counts_cpu_plans() {
        let cpu = DeviceCaps::POCL_CPU;
        for (len, shape) in [(64, "L"), (1000, "L"), (16, "L"), (4096, "L")] {
            let plan = real_plan(len, Precision::F32, Direction::Forward, &cpu).unwrap();
            assert_eq!(plan_shape(&plan), shape, "{len}");
        }
        let long = real_plan(1 << 20, Precision::F32, Direction::Inverse, &cpu).unwrap();
        assert_eq!(plan_shape(&long), "M-L-L");
        let report = real_coverage(Coverage {
            max: 512,
            caps: cpu,
        })
        .unwrap();
        assert!(report.starts_with("CPU plans"), "{report}");
        assert!(report.contains("f32 R2C: 7 of "), "{report}");
        assert!(
            report.contains("  R-S: 6 (4, 6, 8, 10, 12, 14)"),
            "{report}"
        );
    }

    #[test]
    fn parses_max_and_cpu() {
        let gpu = |max| Coverage {
            max,
            caps: DeviceCaps::NVIDIA_GPU,
        };
        assert_eq!(
            parse_real_coverage(std::iter::empty()).unwrap(),
            gpu(DEFAULT_MAX)
        );
        let args = ["--max", "4096"].map(String::from).into_iter();
        assert_eq!(parse_real_coverage(args).unwrap(), gpu(4096));
        let args = ["--cpu", "--max", "64"].map(String::from).into_iter();
        let cpu = parse_real_coverage(args).unwrap();
        assert_eq!((cpu.max, cpu.caps), (64, DeviceCaps::POCL_CPU));
        for bad in [
            &["--max", "1"][..],
            &["--max"],
            &["--maxx", "3"],
            &["--gpu"],
        ] {
            let args = bad.iter().map(|s| s.to_string());
            assert!(matches!(parse_real_coverage(args), Err(Error::Usage(_))));
        }
    }
}
