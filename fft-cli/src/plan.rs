//! `oclfft plan N`: how a transform would run, and how long the plan takes to build.

use crate::compute::PrecisionArg;
use clap::{Args, ValueEnum};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{
    Choice, ComplexToReal, DeviceQueue, Direction, Fft, FftFloat, RealToComplex, Strategy,
};
use num_complex::Complex;
use std::time::Instant;

/// Pass family on the command line.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum StrategyArg {
    /// Fused local-memory passes where possible, else global radix passes.
    #[default]
    Auto,
    /// Global radix passes only (the baseline).
    Global,
    /// Fused passes, or an error saying why not.
    Fused,
    /// Lanes passes (eight sub-FFTs per work-item, one per SIMD lane; the CPU default for powers of two and 13-smooth lengths from 32 points)
    Lanes,
}

impl From<StrategyArg> for Strategy {
    fn from(arg: StrategyArg) -> Strategy {
        match arg {
            StrategyArg::Auto => Strategy::Auto,
            StrategyArg::Global => Strategy::GlobalRadix,
            StrategyArg::Fused => Strategy::Fused,
            StrategyArg::Lanes => Strategy::Lanes,
        }
    }
}

/// Options of `oclfft plan`.
#[derive(Args)]
pub struct PlanArgs {
    /// Points per transform: any length from 1 to 2^27 (powers of two, other 13-smooth
    /// lengths as mixed radices, the rest as Bluestein's convolution, or Rader's for primes
    /// whose N - 1 is 13-smooth on plans without fused passes).
    pub len: usize,
    /// Number of transforms.
    #[arg(long, default_value_t = 1)]
    pub batch: usize,
    /// Inverse instead of forward.
    #[arg(long)]
    pub inverse: bool,
    /// A real transform: N reals to N/2 + 1 complex values (R2C, numpy's rfft), or back with
    /// --inverse (C2R, irfft).
    #[arg(long)]
    pub real: bool,
    /// Precision on the device.
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Pass family.
    #[arg(long, value_enum, default_value = "auto")]
    pub strategy: StrategyArg,
    /// Device: an index or name substring from `oclfft devices`.
    #[arg(long)]
    pub device: Option<String>,
    /// Time the candidate decompositions on the device and plan the fastest (remembered in
    /// tuning.toml beside the binary cache).
    #[arg(long)]
    pub measure: bool,
    /// Plan this decomposition instead of the estimate's: `fused`, `fused 128x64` (fused
    /// sub-FFT lengths in pass order) or `radix 16 vector` (largest radix; vector or scalar).
    #[arg(long, value_name = "CHOICE", conflicts_with = "measure")]
    pub decomposition: Option<Choice>,
}

/// Runs the command.
pub fn run(args: &PlanArgs) -> crate::Result<()> {
    // Listing the platforms loads every installed driver: timed apart from the opening.
    let listed = Instant::now();
    fft_runtime::list_devices()?;
    let list_ms = listed.elapsed().as_secs_f64() * 1e3;
    let opened = Instant::now();
    let queue = crate::compute::open_queue(args.device.as_deref())?;
    let open_ms = (list_ms, opened.elapsed().as_secs_f64() * 1e3);
    match args.precision {
        PrecisionArg::F32 => explain::<f32>(&queue, args, open_ms),
        PrecisionArg::F64 => explain::<f64>(&queue, args, open_ms),
    }
}

/// Prints the plan of `args` and how long building it took; `(list_ms, open_ms)` are the
/// times of the first listing of the devices and of the opening that followed.
fn explain<T: FftFloat>(
    queue: &DeviceQueue,
    args: &PlanArgs,
    (list_ms, open_ms): (f64, f64),
) -> crate::Result<()>
where
    Complex<T>: OclPrm,
{
    let direction = if args.inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    };
    let started = Instant::now();
    let mut builder = Fft::<T>::builder(queue)
        .len(args.len)
        .batch(args.batch)
        .direction(direction)
        .strategy(args.strategy.into())
        .measure(args.measure);
    if let Some(choice) = args.decomposition {
        builder = builder.decomposition(choice);
    }
    let plan: Box<dyn Planned> = match (args.real, args.inverse) {
        (false, _) => Box::new(builder.build()?),
        (true, false) => Box::new(builder.build_r2c()?),
        (true, true) => Box::new(builder.build_c2r()?),
    };
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    crate::out::line(plan.explain())?;
    let quick_started = plan.quick_started();
    plan.wait_ready()?;
    let ready_ms = started.elapsed().as_secs_f64() * 1e3;
    let cache = match queue.binary_cache().dir() {
        Some(dir) => format!("binary cache {}", dir.display()),
        None => "binary cache off".to_string(),
    };
    crate::out::line(format_args!(
        "plan built in {build_ms:.1} ms ({cache}); devices listed in {list_ms:.1} ms (the drivers load), then the device opened in {open_ms:.1} ms"
    ))?;
    if quick_started {
        crate::out::line(format_args!(
            "quick start: the plan ran global radix passes until its fused kernels were ready, {ready_ms:.1} ms after the build began"
        ))?;
    }
    Ok(())
}

/// What `oclfft plan` reports of a complex or real plan.
trait Planned {
    fn explain(&self) -> String;
    fn quick_started(&self) -> bool;
    fn wait_ready(&self) -> fft_runtime::Result<()>;
}

/// Implements [`Planned`] by the plan types' own methods of the same names.
macro_rules! planned {
    ($($plan:ident),*) => {$(
        impl<T: FftFloat> Planned for $plan<T>
        where
            Complex<T>: OclPrm,
        {
            fn explain(&self) -> String {
                $plan::explain(self)
            }
            fn quick_started(&self) -> bool {
                $plan::quick_started(self)
            }
            fn wait_ready(&self) -> fft_runtime::Result<()> {
                $plan::wait_ready(self)
            }
        }
    )*};
}

planned!(Fft, RealToComplex, ComplexToReal);
