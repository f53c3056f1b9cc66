//! One pass of a plan, ready to enqueue: its kernel with every argument but the two data
//! buffers set, its launch geometry, and the twiddle tables it reads.

use crate::error::{Error, Result};
use crate::float::FftFloat;
use crate::generated::ProgramKey;
use crate::queue::DeviceQueue;
use crate::twiddle_table::{pass_twiddles, split_twiddles, stage_twiddles};
use fft_codegen::{CpuKernelSpec, FusedSpec, KernelSpec, Twiddles};
use fft_core::plan::{Pass, PlanRequest};
use fft_core::Precision;
use num_complex::Complex;
use ocl::{Buffer, Event, EventList, Kernel, OclPrm, SpatialDims};

/// A pass ready to launch.
pub struct Launch<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    kernel: Kernel,
    global_size: SpatialDims,
    local_size: Option<usize>,
    /// Tables the kernel holds as arguments, kept alive with it.
    _tables: Vec<Buffer<Complex<T>>>,
}

fn upload<T: FftFloat>(queue: &DeviceQueue, values: &[Complex<T>]) -> Result<Buffer<Complex<T>>>
where
    Complex<T>: OclPrm,
{
    Buffer::<Complex<T>>::builder()
        .queue(queue.queue().clone())
        .len(values.len().max(1))
        .copy_host_slice(values)
        .build()
        .map_err(Error::ocl("uploading a twiddle table"))
}

fn one<T: FftFloat>() -> Vec<Complex<T>> {
    vec![Complex::new(T::from_f64(1.0), T::from_f64(0.0))]
}

/// Builds the kernel `name` of `key`'s program with `args` after the two (unset) data buffers.
fn kernel_with<T: FftFloat>(
    queue: &DeviceQueue,
    key: &ProgramKey,
    name: &str,
    tables: &[Buffer<Complex<T>>],
    uints: &[u32],
    scale: T,
) -> Result<Kernel>
where
    Complex<T>: OclPrm,
{
    let program = queue.program(key)?;
    let mut builder = Kernel::builder();
    builder
        .program(&program)
        .name(name)
        .queue(queue.queue().clone())
        .arg(None::<&Buffer<Complex<T>>>)
        .arg(None::<&Buffer<Complex<T>>>);
    for table in tables {
        builder.arg(table);
    }
    for &value in uints {
        builder.arg(value);
    }
    builder.arg(scale);
    // SAFETY: the check compares Rust types with the kernel's declared OpenCL types and knows
    // nothing of `num_complex::Complex<f32>`, which is `repr(C)` {re, im}: the exact layout of
    // the `float2`/`double2` the generated signature declares (fixed by fft-codegen's ABI), and
    // of the interleaved pairs of `float`/`double` the scalar (CPU) kernels declare.
    unsafe {
        builder.disable_arg_type_check();
    }
    builder.build().map_err(Error::ocl("creating a kernel"))
}

/// The kernel `pass` runs in the program of `key` (its [`program_key`]): the program's entry
/// point, or for the scalar (CPU) form's first pass (`p = 1`) its second one.
pub fn entry_point(key: &ProgramKey, pass: &Pass) -> String {
    match (key, pass) {
        (ProgramKey::Cpu(spec), Pass::GlobalRadix { stride: 1, .. }) => {
            spec.first_pass_entry_point()
        }
        _ => key.entry_point(),
    }
}

/// The program `pass` runs; `scalar` picks the scalar form of a global radix pass with table
/// twiddles (see [`crate::scalar_global_passes`]).
pub fn program_key(
    pass: &Pass,
    request: &PlanRequest,
    precision: Precision,
    twiddles: Twiddles,
    scalar: bool,
) -> ProgramKey {
    match *pass {
        Pass::GlobalRadix { radix, .. } if scalar && twiddles == Twiddles::Table => {
            ProgramKey::Cpu(CpuKernelSpec {
                radix,
                direction: request.direction,
                precision,
            })
        }
        Pass::GlobalRadix { radix, .. } => ProgramKey::Radix(KernelSpec {
            radix,
            direction: request.direction,
            precision,
            twiddles,
        }),
        Pass::Fused { len, .. } => ProgramKey::Fused(FusedSpec {
            len,
            direction: request.direction,
            precision,
        }),
    }
}

impl<T: FftFloat> Launch<T>
where
    Complex<T>: OclPrm,
{
    /// Prepares `pass` of a plan for `request` with the kernel of `key` (its
    /// [`program_key`]), multiplying its output by `scale`.
    pub fn new(
        queue: &DeviceQueue,
        request: &PlanRequest,
        pass: &Pass,
        key: &ProgramKey,
        twiddles: Twiddles,
        scale: T,
    ) -> Result<Launch<T>> {
        // Per family: the tables and uint arguments after the two data buffers, and the
        // launch geometry.
        let (tables, uints, global_size, local_size) = match *pass {
            Pass::GlobalRadix { radix, stride } => {
                let table = match twiddles {
                    Twiddles::Table => pass_twiddles::<T>(radix, stride, request.direction),
                    // The on-the-fly variants ignore the table; the ABI still takes one.
                    _ => one(),
                };
                let threads_per_sequence = request.len / radix as usize;
                let threads = threads_per_sequence * request.batch;
                // The scalar form's 2-D launches (fft_codegen::emit_cpu_kernel): (t, batch)
                // for the first pass, (p, t * batch / p) for the others; the vector form 1-D.
                let global_size = match key {
                    ProgramKey::Cpu(_) if stride == 1 => {
                        SpatialDims::Two(threads_per_sequence, request.batch)
                    }
                    ProgramKey::Cpu(_) => SpatialDims::Two(stride, threads / stride),
                    _ => SpatialDims::One(threads),
                };
                let uints = vec![stride as u32, threads_per_sequence as u32];
                (vec![upload(queue, &table)?], uints, global_size, None)
            }
            Pass::Fused { len, stride } => {
                let spec = FusedSpec {
                    len,
                    direction: request.direction,
                    precision: T::PRECISION,
                };
                let (h, hi, lo) = if stride > 1 {
                    let split =
                        split_twiddles::<T>(u64::from(len) * stride as u64, request.direction);
                    (split.h, split.hi, split.lo)
                } else {
                    (0, one(), one())
                };
                let tables = vec![
                    upload(queue, &stage_twiddles::<T>(len, request.direction))?,
                    upload(queue, &hi)?,
                    upload(queue, &lo)?,
                ];
                let per_sequence = request.len / len as usize;
                let total = per_sequence * request.batch;
                let uints = vec![stride as u32, per_sequence as u32, h, total as u32];
                let columns = spec.columns() as usize;
                let group = spec.work_group_size() as usize;
                let global_size = SpatialDims::One(total.div_ceil(columns) * group);
                (tables, uints, global_size, Some(group))
            }
        };
        Ok(Launch {
            kernel: kernel_with(queue, key, &entry_point(key, pass), &tables, &uints, scale)?,
            global_size,
            local_size,
            _tables: tables,
        })
    }

    /// Enqueues the pass from `source` into `target`, after `wait`.
    pub fn enqueue(
        &self,
        queue: &ocl::Queue,
        source: &Buffer<Complex<T>>,
        target: &Buffer<Complex<T>>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        self.kernel
            .set_arg(0, source)
            .map_err(Error::ocl("setting a kernel argument"))?;
        self.kernel
            .set_arg(1, target)
            .map_err(Error::ocl("setting a kernel argument"))?;
        let mut event = Event::empty();
        let mut cmd = self
            .kernel
            .cmd()
            .queue(queue)
            .global_work_size(self.global_size)
            .enew(&mut event);
        if let Some(local) = self.local_size {
            cmd = cmd.local_work_size(local);
        }
        if let Some(wait) = wait {
            cmd = cmd.ewait(wait);
        }
        // SAFETY: every argument is set: buffers 0 and 1 just above (the plan checked both
        // hold `len * batch` values), the twiddle tables (kept alive by `self`) and the
        // scalars at build. The geometry is what the generated kernel indexes: one work-item
        // per butterfly for a global pass (1-D, or 2-D in the scalar form's shapes); for a fused pass whole work-groups, whose
        // sub-FFTs past `total` are skipped by the kernel's guard.
        unsafe { cmd.enq() }.map_err(Error::ocl("enqueueing an FFT pass"))?;
        Ok(event)
    }
}
