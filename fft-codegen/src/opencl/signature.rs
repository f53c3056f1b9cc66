//! Kernel signatures written from the ABI ([`fft_core::kernel::KernelAbi::args`]), so the text
//! and the arguments the runtime binds come from one list.

use crate::opencl::writer::Writer;
use fft_core::kernel::{ArgKind, KernelArg};
use std::fmt::{self, Write};

/// The OpenCL C declaration of `arg`, with `data` the type of data and table elements
/// (`float2`, or `float` in the scalar form) and `scalar` the real type.
fn declaration(arg: &KernelArg, data: &str, scalar: &str) -> String {
    let name = arg.name;
    match arg.kind {
        // A plan of one pass runs it in place: data may alias, so it is never `restrict`.
        ArgKind::Input => format!("__global const {data} *{name}"),
        ArgKind::Output => format!("__global {data} *{name}"),
        ArgKind::Table(_) => format!("__global const {data} *restrict {name}"),
        ArgKind::Indices(_) => format!("__global const uint *restrict {name}"),
        ArgKind::Stash => format!("__global {data} *restrict {name}"),
        ArgKind::RealInput | ArgKind::ImagInput => format!("__global const {scalar} *{name}"),
        ArgKind::RealOutput | ArgKind::ImagOutput => format!("__global {scalar} *{name}"),
        ArgKind::Uint(_) => format!("const uint {name}"),
        ArgKind::Scale => format!("const {scalar} {name}"),
    }
}

/// Writes `{lead}{entry}(arg0,\n    arg1,\n ...argN)`, the continuation lines aligned under
/// the first argument. The caller opens the body.
pub(crate) fn write_signature<W: Write>(
    w: &mut Writer<W>,
    lead: &str,
    entry: &str,
    args: &[KernelArg],
    data: &str,
    scalar: &str,
) -> fmt::Result {
    let pad = " ".repeat(lead.len() + entry.len() + 1);
    for (i, arg) in args.iter().enumerate() {
        let prefix = if i == 0 {
            format!("{lead}{entry}(")
        } else {
            pad.clone()
        };
        let end = if i + 1 == args.len() { ")" } else { "," };
        writeln!(w, "{prefix}{}{end}", declaration(arg, data, scalar))?;
    }
    Ok(())
}
