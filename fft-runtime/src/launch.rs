//! One pass of a plan, ready to enqueue: its kernel with every argument but the two data
//! buffers bound, from the kernel's ABI, whatever its family.

use crate::error::{Error, Result};
use crate::float::{complex_from_f64, FftFloat};
use crate::queue::DeviceQueue;
use fft_core::kernel::{stash_len, ArgKind};
use fft_core::plan::Pass;
use num_complex::Complex;
use ocl::{Buffer, Event, EventList, Kernel, OclPrm, SpatialDims};

/// A buffer a pass reads or writes: complex values, or the reals of a real transform (a
/// kernel may also view reals as complex pairs: the OpenCL memory is the same).
pub enum Data<'a, T: FftFloat>
where
    Complex<T>: OclPrm,
{
    /// Complex values.
    Complex(&'a Buffer<Complex<T>>),
    /// Reals.
    Real(&'a Buffer<T>),
    /// Planar complex values: the real parts, then the imaginary parts.
    Planar(&'a Buffer<T>, &'a Buffer<T>),
}

impl<T: FftFloat> Clone for Data<'_, T>
where
    Complex<T>: OclPrm,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: FftFloat> Copy for Data<'_, T> where Complex<T>: OclPrm {}

impl<T: FftFloat> Data<'_, T>
where
    Complex<T>: OclPrm,
{
    /// Binds the buffer (the real parts of planar data) at `index`, and the imaginary parts
    /// of planar data at `imag`.
    fn bind(self, kernel: &Kernel, (index, imag): (u32, Option<u32>)) -> Result<()> {
        let set = || Error::ocl("setting a kernel argument");
        match (self, imag) {
            (Data::Complex(buffer), _) => kernel.set_arg(index, buffer).map_err(set()),
            (Data::Real(buffer), _) => kernel.set_arg(index, buffer).map_err(set()),
            (Data::Planar(re, im), Some(imag)) => {
                kernel.set_arg(index, re).map_err(set())?;
                kernel.set_arg(imag, im).map_err(set())
            }
            (Data::Planar(..), None) => Err(Error::WrongStorage {
                role: "pass",
                planned: "interleaved",
                given: "planar",
                fix: "build the plan with a planar layout for that side",
            }),
        }
    }
}

/// A pass ready to launch.
pub struct Launch<T: FftFloat>
where
    Complex<T>: OclPrm,
{
    kernel: Kernel,
    global_size: SpatialDims,
    local_size: Option<SpatialDims>,
    /// Positions of the input and output buffers in the argument list, each with the
    /// position of its imaginary parts' buffer for planar data.
    data_args: ((u32, Option<u32>), (u32, Option<u32>)),
    /// Tables the kernel holds as arguments, kept alive with it.
    _tables: Vec<Buffer<Complex<T>>>,
    /// Index tables the kernel holds as arguments.
    _indices: Vec<Buffer<u32>>,
    /// The plan's stash, where the kernel has one.
    _stash: Option<Buffer<Complex<T>>>,
}

/// The launches of `passes`, in order, sharing one stash ([`fft_core::kernel::stash_len`]
/// values, allocated here) where a kernel has one.
pub(crate) fn launches_for<T: FftFloat>(
    queue: &DeviceQueue,
    passes: &[Pass],
) -> Result<Vec<Launch<T>>>
where
    Complex<T>: OclPrm,
{
    let stash_len = stash_len(passes.iter().map(|pass| (&pass.spec, &pass.params)));
    let stash = (stash_len > 0)
        .then(|| {
            Buffer::<Complex<T>>::builder()
                .queue(queue.queue().clone())
                .len(stash_len)
                .build()
                .map_err(Error::ocl("allocating the plan's stash"))
        })
        .transpose()?;
    passes
        .iter()
        .map(|pass| Launch::new(queue, pass, stash.as_ref()))
        .collect()
}

/// A read-only device buffer holding `values` (one value when there are none): a table or
/// an index table (`what`, for the error).
fn upload<V: OclPrm>(queue: &DeviceQueue, values: &[V], what: &'static str) -> Result<Buffer<V>> {
    Buffer::<V>::builder()
        .queue(queue.queue().clone())
        .len(values.len().max(1))
        .copy_host_slice(values)
        .build()
        .map_err(Error::ocl(what))
}

fn dims(sizes: &[usize]) -> SpatialDims {
    match *sizes {
        [x] => SpatialDims::One(x),
        [x, y] => SpatialDims::Two(x, y),
        [x, y, z, ..] => SpatialDims::Three(x, y, z),
        [] => SpatialDims::One(1),
    }
}

impl<T: FftFloat> Launch<T>
where
    Complex<T>: OclPrm,
{
    /// Prepares `pass`: builds (or reuses) its program, uploads its tables and binds every
    /// argument its ABI names but the data buffers (`stash`: the plan's, for a kernel that
    /// has one; [`launches_for`] allocates it).
    pub fn new(
        queue: &DeviceQueue,
        pass: &Pass,
        stash: Option<&Buffer<Complex<T>>>,
    ) -> Result<Launch<T>> {
        let program = queue.program(&pass.spec)?;
        let mut builder = Kernel::builder();
        builder
            .program(&program)
            .name(pass.entry_point())
            .queue(queue.queue().clone());
        let args = pass.spec.abi().args;
        // Tables first: the builder borrows them until it builds the kernel.
        let tables = args
            .iter()
            .filter_map(|arg| match arg.kind {
                ArgKind::Table(table) => Some(table),
                _ => None,
            })
            .map(|table| {
                let values: Vec<Complex<T>> = table
                    .values(&pass.spec, &pass.params)
                    .into_iter()
                    .map(complex_from_f64)
                    .collect();
                upload(queue, &values, "uploading a twiddle table")
            })
            .collect::<Result<Vec<_>>>()?;
        let indices = args
            .iter()
            .filter_map(|arg| match arg.kind {
                ArgKind::Indices(kind) => Some(upload(
                    queue,
                    &kind.values(&pass.spec, &pass.params),
                    "uploading an index table",
                )),
                _ => None,
            })
            .collect::<Result<Vec<_>>>()?;
        let mut next_table = tables.iter();
        let mut next_indices = indices.iter();
        let mut data_args = ((0, None), (1, None));
        for (index, arg) in args.iter().enumerate() {
            match arg.kind {
                ArgKind::Input | ArgKind::RealInput => {
                    data_args.0 .0 = index as u32;
                    builder.arg(None::<&Buffer<Complex<T>>>);
                }
                ArgKind::Output | ArgKind::RealOutput => {
                    data_args.1 .0 = index as u32;
                    builder.arg(None::<&Buffer<Complex<T>>>);
                }
                ArgKind::ImagInput => {
                    data_args.0 .1 = Some(index as u32);
                    builder.arg(None::<&Buffer<T>>);
                }
                ArgKind::ImagOutput => {
                    data_args.1 .1 = Some(index as u32);
                    builder.arg(None::<&Buffer<T>>);
                }
                ArgKind::Table(_) => {
                    builder.arg(next_table.next().expect("one table per table argument"));
                }
                ArgKind::Uint(value) => {
                    // The runtime keeps len * batch within u32 (MAX_TOTAL_POINTS).
                    builder.arg(value.value(&pass.spec, &pass.params) as u32);
                }
                ArgKind::Scale => {
                    builder.arg(T::from_f64(pass.scale));
                }
                ArgKind::Indices(_) => {
                    builder.arg(next_indices.next().expect("one buffer per index argument"));
                }
                ArgKind::Stash => {
                    // `launches_for` gives every plan with a stash argument its stash.
                    match stash {
                        Some(stash) => builder.arg(stash),
                        None => builder.arg(None::<&Buffer<Complex<T>>>),
                    };
                }
            }
        }
        // SAFETY: the check compares Rust types with the kernel's declared OpenCL types and knows
        // nothing of `num_complex::Complex<f32>`, which is `repr(C)` {re, im}: the exact layout of
        // the `float2`/`double2` the generated signature declares (written from the same ABI),
        // and of the interleaved pairs of `float`/`double` the scalar form declares.
        unsafe {
            builder.disable_arg_type_check();
        }
        let kernel = builder.build().map_err(Error::ocl("creating a kernel"))?;
        Ok(Launch {
            kernel,
            global_size: dims(&pass.launch.global),
            local_size: pass.launch.local.as_deref().map(dims),
            data_args,
            _tables: tables,
            _indices: indices,
            _stash: stash.cloned(),
        })
    }

    /// Enqueues the pass from `source` into `target`, after `wait`.
    pub fn enqueue(
        &self,
        queue: &ocl::Queue,
        source: Data<'_, T>,
        target: Data<'_, T>,
        wait: Option<&EventList>,
    ) -> Result<Event> {
        source.bind(&self.kernel, self.data_args.0)?;
        target.bind(&self.kernel, self.data_args.1)?;
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
        // SAFETY: every argument is set: the data buffers just above (the plan checked both
        // hold what the pass reads or writes), the tables (kept alive by `self`) and the scalars at
        // build. The geometry is the one the kernel's ABI gives for this pass, which is what
        // the generated kernel indexes (its guards skip the work-items past the data).
        unsafe { cmd.enq() }.map_err(Error::ocl("enqueueing an FFT pass"))?;
        Ok(event)
    }
}
