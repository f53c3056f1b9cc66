//! `oclfft kernel R`: print the generated OpenCL C source of a global radix pass, byte for
//! byte what `radix_kernel!` and `fft_codegen::emit` produce.

use crate::compute::PrecisionArg;
use crate::exit::CliError;
use clap::Args;
use fft_codegen::{emit, Form, KernelSpec, RadixSpec, Twiddles};
use fft_core::{Direction, Precision};

/// Options of `oclfft kernel`.
#[derive(Args)]
pub struct KernelArgs {
    /// Radix of the pass: 2, 3, 4, 5, 7, 8, 9, 11, 13, 15, 16, 25, 32 or 64.
    pub radix: u32,
    /// The inverse-direction kernel.
    #[arg(long)]
    pub inverse: bool,
    /// Data precision.
    #[arg(long, value_enum, default_value = "f32")]
    pub precision: PrecisionArg,
    /// Twiddles: table, sincos, native or chained.
    #[arg(long, default_value = "table", value_parser = parse_twiddles)]
    pub twiddles: Twiddles,
    /// Form: vector (`float2`, the GPU form) or scalar (the CPU form; table twiddles only).
    #[arg(long, default_value = "vector", value_parser = parse_form)]
    pub form: Form,
}

/// Parses a kernel form name.
fn parse_form(text: &str) -> Result<Form, String> {
    [Form::Vector, Form::Scalar]
        .into_iter()
        .find(|f| f.name() == text)
        .ok_or_else(|| format!("'{text}' is not a kernel form: use vector or scalar"))
}

/// Parses a twiddle variant name.
pub fn parse_twiddles(text: &str) -> Result<Twiddles, String> {
    Twiddles::from_name(text).ok_or_else(|| {
        format!("'{text}' is not a twiddle variant: use table, sincos, native or chained")
    })
}

/// Runs the command.
pub fn run(args: &KernelArgs) -> crate::Result<()> {
    let spec = KernelSpec::Radix(RadixSpec {
        radix: args.radix,
        direction: if args.inverse {
            Direction::Inverse
        } else {
            Direction::Forward
        },
        precision: match args.precision {
            PrecisionArg::F32 => Precision::F32,
            PrecisionArg::F64 => Precision::F64,
        },
        twiddles: args.twiddles,
        form: args.form,
        ..RadixSpec::new(args.radix)
    });
    let kernel = emit(&spec).map_err(|e| CliError::Input(e.to_string()))?;
    crate::out::text(&kernel.source)
}
