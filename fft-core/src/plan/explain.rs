//! The plan in words: what `Fft::explain` and `oclfft plan` print.

use super::Plan;
use crate::kernel::{Form, KernelSpec};
use crate::Normalization;
use std::fmt;

impl Plan {
    /// One line per pass (its kernel, entry point and launch), then the bytes moved and the
    /// floor: one pass over the data costs about one device copy of it.
    pub fn explain(&self) -> String {
        let mut text = String::new();
        if let Some(layout) = self.request.real {
            text.push_str(&format!(
                "  real transform: {}\n",
                self.real_description(layout)
            ));
        }
        text.push_str(&format!(
            "  algorithm: {}\n",
            self.algorithm.describe(self.complex_len)
        ));
        if let Some(order) = self.storage_order() {
            let dims = self.dims();
            let reordered: Vec<String> = order.iter().map(|&a| dims[a].to_string()).collect();
            text.push_str(&format!(
                "  axes in storage order {order:?}: the layouts hold the {} array in C order, so the passes transform that array where it lies\n",
                reordered.join(" x ")
            ));
        }
        for (i, pass) in self.passes.iter().enumerate() {
            let stride = pass.params.stride;
            let entry = pass.entry_point();
            let line = match pass.spec {
                KernelSpec::Radix(spec) => {
                    let form = match spec.form {
                        Form::Scalar => ", scalar form for CPU devices",
                        Form::Vector => "",
                    };
                    format!(
                        "global radix-{} pass, stride {stride}: {entry} ({} twiddles{form}), one work-item per butterfly",
                        spec.radix, spec.twiddles
                    )
                }
                KernelSpec::Fused(spec) => format!(
                    "fused pass of {}-point sub-FFTs in local memory, stride {stride}: {entry} ({} sub-FFTs per work-group of {}, {}{} bytes of local memory; {}){}{}{}{}{}{}",
                    spec.len,
                    spec.columns(),
                    spec.work_group_size(),
                    // Each exchange pads on its own: the kernel takes what they need.
                    if spec.pads_linearly() { "at most " } else { "" },
                    spec.local_bytes(),
                    stage_words(&spec),
                    chirp_edges(&spec),
                    real_edge(&spec),
                    interleaving(&spec, pass.params.inner),
                    pitch_words(&spec, &pass.params.pitch),
                    layout_words(&spec, &pass.params),
                    pair_words(&spec, pass.params.pair_rows)
                ),
                KernelSpec::Lanes(spec) => format!(
                    "lanes pass of {}-point sub-FFTs for CPU devices, stride {stride}: {entry} (8 {} per work-item, one per SIMD lane; stages of radix {:?} in private memory){}",
                    spec.len,
                    match spec.shape {
                        crate::kernel::LanesShape::Whole => "transforms of the batch",
                        crate::kernel::LanesShape::Part => "neighbouring sub-FFTs",
                    },
                    spec.stage_radices(),
                    match (spec.real, spec.shape) {
                        (None, _) => "",
                        (Some(crate::kernel::FusedReal::Split), crate::kernel::LanesShape::Part) => "; lanes 0..3 hold columns c .. c + 3 and lanes 4..7 their mirrors p - c - 3 .. p - c, so the store writes the real transform's split step (half spectrum, N/2 + 1 values per row)",
                        (Some(crate::kernel::FusedReal::Split), _) => "; stores the real transform's split step (half spectrum, N/2 + 1 values per row) from each lane's whole spectrum",
                        (Some(crate::kernel::FusedReal::Merge), crate::kernel::LanesShape::Part) => "; lanes 0..3 hold columns c .. c + 3 and lanes 4..7 their mirrors t - c - 3 .. t - c, so the load takes the real transform's merge step (half spectrum, N/2 + 1 values per row)",
                        (Some(crate::kernel::FusedReal::Merge), _) => "; loads the real transform's merge step from the half spectrum into each lane",
                    }
                ),
                KernelSpec::Chirp(spec) => format!(
                    "Bluestein {} step, point-wise: {entry}",
                    spec.step.name()
                ),
                KernelSpec::Rader(spec) => format!(
                    "Rader {} step, point-wise: {entry}",
                    spec.step.name()
                ),
                KernelSpec::Real(spec) => format!(
                    "real transform's {} step, point-wise: {entry}",
                    spec.step.name()
                ),
                KernelSpec::Layout(spec) => format!(
                    "layout {}, point-wise: {entry} ({} {} values, strides {:?}, batch distance {})",
                    spec.step.name(),
                    match spec.step {
                        crate::kernel::LayoutStep::Load => "reads the caller's",
                        crate::kernel::LayoutStep::Store => "writes the caller's",
                    },
                    spec.values.describe(),
                    pass.params.io.strides,
                    pass.params.io.distance
                ),
                KernelSpec::Permute(spec) => format!(
                    "permute ({}) of {} sequences of {} points interleaved {} apart {}: {entry}",
                    spec.step.name(),
                    pass.params.batch * pass.params.inner,
                    pass.params.len,
                    pass.params.inner,
                    match spec.step {
                        crate::kernel::PermuteStep::Gather => "into contiguous ones",
                        crate::kernel::PermuteStep::Scatter => "back from contiguous ones",
                    }
                ),
            };
            text.push_str(&format!("  pass {i}: {line}\n"));
        }
        let passes = self.passes.len();
        text.push_str(&format!(
            "  moves {} bytes of global memory: floor = {passes} pass{} over the data = {passes} x the time of one device copy of it",
            self.bytes_moved(),
            if passes == 1 { "" } else { "es" }
        ));
        text
    }
}

/// How a fused pass's stages run: their radices, and whether the values stay in registers
/// between exchanges through local memory (complex values, or real parts then imaginary
/// parts; in how many parts) or every stage goes through local memory: `stages of radix [30,
/// 30, 30] in registers, exchanged through local memory as real and imaginary halves in 3
/// parts`.
fn stage_words(spec: &crate::kernel::FusedSpec) -> String {
    let radices = spec.stage_radices();
    if !spec.holds_registers() {
        return format!("stages of radix {radices:?} through local memory");
    }
    let halves = if spec.exchanges_halves() {
        " as real and imaginary halves"
    } else {
        ""
    };
    let parts = spec.exchange_parts();
    let parts = if parts > 1 {
        format!(" in {parts} parts")
    } else {
        String::new()
    };
    let clamped = if spec.guards_stages() {
        let first = radices.first().copied().unwrap_or(1);
        let group = spec.len / first;
        let idle: Vec<String> = radices
            .iter()
            .filter(|&&r| first % r != 0)
            .map(|&r| format!("radix {r} on {} of {group}", (spec.len / r) % group))
            .collect();
        format!(
            "; the last butterfly of a stage whose radix does not divide {first} runs on some work-items only ({})",
            idle.join(", ")
        )
    } else {
        String::new()
    };
    format!(
        "stages of radix {radices:?} in registers, exchanged through local memory{halves}{parts}{clamped}"
    )
}

/// The words of a fused pass that reads or writes the caller's layout itself
/// ([`crate::kernel::FusedSpec::load`], [`crate::kernel::FusedSpec::store`]).
fn layout_words(spec: &crate::kernel::FusedSpec, params: &crate::kernel::LaunchParams) -> String {
    let side = |storage: crate::kernel::Storage, io: &crate::kernel::IoLayout, verb, what| {
        let storage = match storage {
            crate::kernel::Storage::Interleaved => "interleaved",
            crate::kernel::Storage::Planar => "planar",
        };
        let columns = if spec.interleaved {
            ", its columns at consecutive addresses"
        } else {
            ""
        };
        format!(
            "; {verb} the caller's {storage} {what} itself (values {} apart, sequences {} apart{columns})",
            io.strides[2], io.distance
        )
    };
    let mut words = String::new();
    if let Some(load) = spec.load {
        words.push_str(&side(load, &params.io, "reads", "input"));
    }
    if let Some(store) = spec.store {
        words.push_str(&side(store, &params.io_out, "writes", "output"));
    }
    words
}

/// The words of a pitched pass (`half_rows.rs`): the padded rows it writes or reads.
fn pitch_words(spec: &crate::kernel::FusedSpec, pitch: &crate::kernel::RowPitch) -> String {
    if !spec.pitched {
        return String::new();
    }
    if spec.interleaved {
        format!(
            "; reads the half spectrum's rows of {} values padded to {} (whole 32-byte sectors) and writes them {} apart",
            pitch.width, pitch.input, pitch.output
        )
    } else {
        format!(
            "; writes rows of {} values padded to {} with zeros (whole 32-byte sectors, so the column passes' runs start on them)",
            pitch.width, pitch.output
        )
    }
}

/// The words of a pass over rows in pairs ([`crate::kernel::FusedSpec::pair_rows`]).
fn pair_words(spec: &crate::kernel::FusedSpec, half: usize) -> String {
    if !spec.pair_rows {
        return String::new();
    }
    format!(
        "; its rows in pairs: row 2n + h of each block of {} rows takes the sum (h = 0) or the difference times W_{}^n (h = 1) of rows n and n + {half}, the axis before's first radix-2 step, so that axis's other {half} points take one pass",
        2 * half,
        2 * half
    )
}

/// The words of an interleaved fused pass: its sequences and their runs
/// ([`crate::kernel::FusedSpec::side_by_side`]).
fn interleaving(spec: &crate::kernel::FusedSpec, inner: usize) -> String {
    if !spec.interleaved {
        return String::new();
    }
    let access = match spec.side_by_side {
        _ if spec.side_by_side_in_runs => format!(
            "runs of {} neighbouring sequences, but for a first pass's store, where neighbouring work-items take the {inner} sequences side by side at neighbouring points",
            spec.columns()
        ),
        0 => format!(
            "runs of {} neighbouring sequences",
            (spec.columns() as usize).min(inner)
        ),
        1 => "each work-group takes one of them, its neighbours the others at the same points"
            .to_string(),
        _ => format!(
            "neighbouring work-items take the {inner} sequences side by side at neighbouring points, runs of up to 32 values, {} columns",
            spec.columns()
        ),
    };
    format!(", {inner} sequences interleaved value by value (an axis before the last: {access})")
}

impl Plan {
    /// The transform in one line: "forward C2C, 3 x 4096 points, f32, no normalization (scale 1)".
    pub fn headline(&self) -> String {
        let r = &self.request;
        let normalization = match r.normalization {
            Normalization::None => "no",
            Normalization::Backward => "backward",
            Normalization::Ortho => "ortho",
            Normalization::Forward => "forward",
        };
        let kind = match (r.real, r.direction) {
            (None, _) => "C2C",
            (Some(_), crate::Direction::Forward) => "R2C",
            (Some(_), crate::Direction::Inverse) => "C2R",
        };
        let points = match r.shape {
            Some(shape) if !shape.is_one_dimensional() => shape.describe(),
            _ => r.len.to_string(),
        };
        format!(
            "{} {kind}, {} x {points} points, {}, {normalization} normalization (scale {})",
            r.direction, r.batch, r.precision, self.scale
        )
    }

    /// Why a real plan's step is a point-wise pass of its own.
    fn unfused_reason(&self) -> &'static str {
        let complex: Vec<KernelSpec> = self
            .passes
            .iter()
            .map(|p| p.spec)
            .filter(|s| !matches!(s, KernelSpec::Real(_)))
            .collect();
        let bluestein = |spec: &KernelSpec| match spec {
            KernelSpec::Chirp(_) => true,
            KernelSpec::Fused(f) => f.chirp.is_some(),
            _ => false,
        };
        if complex.iter().any(bluestein) {
            "the N/2-point FFT is Bluestein's convolution"
        } else if matches!(complex.first(), Some(KernelSpec::Radix(_))) {
            "global radix passes: no work-group holds both values of a pair"
        } else if matches!(complex.first(), Some(KernelSpec::Lanes(_))) {
            "lanes passes of several: a work-item's lanes are eight neighbouring sub-FFTs of one sequence, not mirrored pairs (an R2C's last pass pairs its columns with their mirrors at a stride that is a multiple of 16, a C2R's first pass over a multiple of 8 sub-FFTs, up to 512 KiB and 1 MiB per sequence)"
        } else if complex.len() == 1 {
            "the one-pass kernel has no form with the step (its stages exchange halves)"
        } else if self.request.direction == crate::Direction::Forward {
            "a last pass with it would take its columns in mirrored pairs in runs under 64 bytes or at a stride above 4096, slower than this pass, which reads each value once"
        } else {
            "a first pass with it would read runs under 32 bytes, slower than this pass, which reads each value once"
        }
    }

    /// How a real plan computes its transform: the complex FFT's length and where the real
    /// steps run.
    fn real_description(&self, layout: crate::kernel::RealLayout) -> String {
        // A multi-dimensional plan's real axis is its last one.
        let n = self
            .request
            .shape
            .and_then(|shape| shape.dims().last().copied())
            .unwrap_or(self.request.len);
        let rows = match layout {
            crate::kernel::RealLayout::Compact => format!("rows of {n} reals"),
            crate::kernel::RealLayout::Padded => {
                format!("padded rows of {} reals", layout.row_distance(n))
            }
        };
        let half = crate::kernel::half_spectrum_len(n);
        let fused = |step: crate::kernel::FusedReal| {
            self.passes.iter().any(|p| match p.spec {
                KernelSpec::Fused(f) => f.real == Some(step),
                KernelSpec::Lanes(l) => l.real == Some(step),
                _ => false,
            })
        };
        let (core, step) = if n % 2 == 1 {
            (
                format!("{n} is odd: the {n}-point complex FFT of the reals (imaginary parts zero)"),
                match self.request.direction {
                    crate::Direction::Forward => format!("its first {half} values kept"),
                    crate::Direction::Inverse => "the half spectrum extended by Hermitian symmetry first, the real parts kept".to_string(),
                },
            )
        } else {
            let h = n / 2;
            let core = format!("the {h}-point complex FFT of z_n = x_2n + i x_2n+1");
            let step = match self.request.direction {
                crate::Direction::Forward if fused(crate::kernel::FusedReal::Split) => {
                    "the split step to the half spectrum fused into the store of the real axis's last pass"
                        .to_string()
                }
                crate::Direction::Forward => format!(
                    "the split step to the half spectrum as a point-wise pass ({})",
                    self.unfused_reason()
                ),
                crate::Direction::Inverse if fused(crate::kernel::FusedReal::Merge) => {
                    "the merge step from the half spectrum fused into the load of the real axis's first pass"
                        .to_string()
                }
                crate::Direction::Inverse => format!(
                    "the merge step from the half spectrum as a point-wise pass ({})",
                    self.unfused_reason()
                ),
            };
            (core, step)
        };
        format!("{rows} <-> {half} complex values per row (numpy's rfft layout); {core}, {step}")
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.headline())?;
        f.write_str(&self.explain())
    }
}

/// What a fused pass does of a real transform's steps: "; stores the split step ...", and
/// why a split pass holds fewer columns than it could ([`crate::kernel::FusedSpec::split_columns`]).
fn real_edge(spec: &crate::kernel::FusedSpec) -> String {
    let split = "; stores the real transform's split step (half spectrum, N/2 + 1 values per row)";
    match spec.real {
        None => String::new(),
        Some(crate::kernel::FusedReal::Split) if spec.split_any_stride => {
            let held = match spec.split_columns {
                0 => String::new(),
                columns => format!(
                    ", holding {columns} of the {} sub-FFTs its local memory could (an even number)",
                    spec.natural_columns()
                ),
            };
            format!(
                "{split}{held}, its columns in mirrored pairs at any stride (no C divides it: the last work-group of each row partly idle)"
            )
        }
        Some(crate::kernel::FusedReal::Split) if spec.split_columns > 0 => format!(
            "{split}, holding {} of the {} sub-FFTs its local memory could so that its mirrored columns pair at its stride",
            spec.split_columns,
            spec.natural_columns()
        ),
        Some(crate::kernel::FusedReal::Split) => split.to_string(),
        Some(crate::kernel::FusedReal::Merge) => {
            "; loads the real transform's merge step from the half spectrum".to_string()
        }
    }
}

/// What a fused pass does of Bluestein's steps: "; pads the input times the chirp as it
/// loads", ...
fn chirp_edges(spec: &crate::kernel::FusedSpec) -> String {
    let Some(chirp) = spec.chirp else {
        return String::new();
    };
    let mut parts = Vec::new();
    if chirp.pad {
        parts.push("pads the input times the chirp as it loads");
    }
    match chirp.store {
        crate::kernel::ChirpStore::Plain => {}
        crate::kernel::ChirpStore::Filter => {
            parts.push("multiplies by the filter's spectrum as it stores")
        }
        crate::kernel::ChirpStore::Unpad => {
            parts.push("keeps the first N values times the chirp as it stores")
        }
        crate::kernel::ChirpStore::Convolve => parts.push(
            "multiplies by the filter's spectrum, runs the inverse M-point FFT in the same work-group and keeps the first N values times the chirp as it stores: the whole convolution in one pass",
        ),
    }
    format!("; {}", parts.join(" and "))
}
