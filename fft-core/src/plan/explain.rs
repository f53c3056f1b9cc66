//! The plan in words: what `Fft::explain` and `oclfft plan` print.

use super::Plan;
use crate::kernel::{Form, KernelSpec};
use crate::Normalization;
use std::fmt;

impl Plan {
    /// One line per pass (its kernel, entry point and launch), then the bytes moved and the
    /// floor: one pass over the data costs about one device copy of it.
    pub fn explain(&self) -> String {
        let mut text = format!(
            "  algorithm: {}\n",
            self.algorithm.describe(self.request.len)
        );
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
                    "fused pass of {}-point sub-FFTs in local memory, stride {stride}: {entry} ({} sub-FFTs per work-group of {}, {} bytes of local memory){}",
                    spec.len,
                    spec.columns(),
                    spec.work_group_size(),
                    spec.local_bytes(),
                    chirp_edges(&spec)
                ),
                KernelSpec::Chirp(spec) => format!(
                    "Bluestein {} step, point-wise: {entry}",
                    spec.step.name()
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
        format!(
            "{} C2C, {} x {} points, {}, {normalization} normalization (scale {})",
            r.direction, r.batch, r.len, r.precision, self.scale
        )
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.headline())?;
        f.write_str(&self.explain())
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
    }
    format!("; {}", parts.join(" and "))
}
