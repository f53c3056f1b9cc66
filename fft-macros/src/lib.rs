//! `radix_kernel!`: a generated OpenCL FFT kernel as a Rust constant, at compile time.
//!
//! A thin shim over [`fft_codegen::emit`]: the macro parses its arguments, runs the
//! generator while the calling crate compiles and expands to a `fft_codegen::GeneratedKernel`
//! built from `Cow::Borrowed` literals, so it can initialise a `const`. The calling crate
//! depends on `fft-codegen` for the types.
//!
//! ```
//! use fft_macros::radix_kernel;
//! const K: fft_codegen::GeneratedKernel = radix_kernel!(16);
//! const INV: fft_codegen::GeneratedKernel =
//!     radix_kernel!(16, direction = inverse, precision = f64, twiddles = native);
//! assert_eq!(K.entry_point(), "fft_radix16_fwd_f32");
//! assert_eq!(INV.entry_point(), "fft_radix16_inv_f64_native");
//! assert_eq!(K.abi.args[0].name, "x");
//! ```

use fft_codegen::{
    emit, is_supported_radix, radix_list, Direction, KernelSpec, Lengths, Precision, RadixSpec,
    Twiddles,
};
use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{parse_macro_input, Ident, LitInt, Token};

/// `radix_kernel!(R)` or `radix_kernel!(R, key = value, ...)`: the global radix-`R` pass.
///
/// `R` is one of `fft_codegen::RADICES` (2, 4, 8, 16, 32 or 64) or a mixed radix: a number
/// from 3 to 64 whose prime factors are at most 13 (passes for any length, table twiddles only). Optional keys, in any order, each at most once:
/// - `direction = forward | inverse` (default `forward`);
/// - `precision = f32 | f64` (default `f32`);
/// - `twiddles = table | sincos | native | chained` (default `table`).
///
/// Expands to a constant expression of type `::fft_codegen::GeneratedKernel` whose `source`
/// is byte for byte what `fft_codegen::emit` returns for the same spec, and whose `abi` is
/// the spec's.
#[proc_macro]
pub fn radix_kernel(input: TokenStream) -> TokenStream {
    let args = parse_macro_input!(input as Args);
    expand(&args.spec)
        .unwrap_or_else(|err| err.to_compile_error())
        .into()
}

/// The parsed arguments.
struct Args {
    spec: RadixSpec,
}

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Args> {
        if input.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                format!("expected a radix: radix_kernel!(16) or radix_kernel!(16, direction = inverse); the radix is one of {}", radix_list()),
            ));
        }
        let radix: LitInt = input.parse().map_err(|err| {
            syn::Error::new(
                err.span(),
                format!("expected an integer literal radix: one of {}", radix_list()),
            )
        })?;
        let mut spec = RadixSpec::new(parse_radix(&radix)?);
        let mut seen: Vec<String> = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse().map_err(|err| {
                syn::Error::new(
                    err.span(),
                    "expected `key = value` with key `direction`, `precision` or `twiddles`",
                )
            })?;
            let name = key.to_string();
            if seen.contains(&name) {
                return Err(syn::Error::new(
                    key.span(),
                    format!("duplicate key `{name}`: each key may be given at most once"),
                ));
            }
            input.parse::<Token![=]>()?;
            let value = parse_value(input, &name, &key)?;
            let text = value.to_string();
            let bad = |allowed: &str| {
                syn::Error::new(
                    value.span(),
                    format!("{name} = {text} is not supported: expected {allowed}"),
                )
            };
            match name.as_str() {
                "direction" => {
                    spec.direction = match text.as_str() {
                        "forward" => Direction::Forward,
                        "inverse" => Direction::Inverse,
                        _ => return Err(bad("`forward` or `inverse`")),
                    }
                }
                "precision" => {
                    spec.precision = match text.as_str() {
                        "f32" => Precision::F32,
                        "f64" => Precision::F64,
                        _ => return Err(bad("`f32` or `f64`")),
                    }
                }
                _ => {
                    spec.twiddles = Twiddles::from_name(&text)
                        .ok_or_else(|| bad("`table`, `sincos`, `native` or `chained`"))?
                }
            }
            seen.push(name);
        }
        Ok(Args { spec })
    }
}

/// The radix literal, checked against the supported radices.
fn parse_radix(lit: &LitInt) -> syn::Result<u32> {
    let unsupported = || {
        syn::Error::new(
            lit.span(),
            format!(
                "radix {} is not supported: use {}",
                lit.base10_digits(),
                radix_list()
            ),
        )
    };
    if !lit.suffix().is_empty() && lit.suffix() != "u32" {
        return Err(syn::Error::new(
            lit.span(),
            format!("the radix is a plain integer literal such as `16`, not `{lit}`"),
        ));
    }
    let radix: u32 = lit.base10_parse().map_err(|_| unsupported())?;
    if is_supported_radix(radix) {
        Ok(radix)
    } else {
        Err(unsupported())
    }
}

/// The identifier after `key =`, after checking the key is known.
fn parse_value(input: ParseStream, name: &str, key: &Ident) -> syn::Result<Ident> {
    let allowed = match name {
        "direction" => "`forward` or `inverse`",
        "precision" => "`f32` or `f64`",
        "twiddles" => "`table`, `sincos`, `native` or `chained`",
        _ => {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown key `{name}`: expected `direction`, `precision` or `twiddles`"),
            ))
        }
    };
    input.parse().map_err(|err: syn::Error| {
        syn::Error::new(err.span(), format!("expected a {name} value: {allowed}"))
    })
}

/// Runs the generator and builds the constant expression.
fn expand(spec: &RadixSpec) -> syn::Result<TokenStream2> {
    let kernel = emit(&KernelSpec::Radix(*spec))
        .map_err(|err| syn::Error::new(Span::call_site(), err.to_string()))?;
    let radix = spec.radix;
    let direction = match spec.direction {
        Direction::Forward => quote!(Forward),
        Direction::Inverse => quote!(Inverse),
    };
    let precision = match spec.precision {
        Precision::F32 => quote!(F32),
        Precision::F64 => quote!(F64),
    };
    let twiddles = match spec.twiddles {
        Twiddles::Table => quote!(Table),
        Twiddles::Sincos => quote!(Sincos),
        Twiddles::Native => quote!(Native),
        Twiddles::Chained => quote!(Chained),
    };
    let lengths = match spec.lengths {
        Lengths::PowerOfTwo => quote!(PowerOfTwo),
        Lengths::Any => quote!(Any),
    };
    let source = kernel.source.as_ref();
    let (adds, muls, rotations, scales) = (
        kernel.ops.complex_adds,
        kernel.ops.constant_muls,
        kernel.ops.trivial_rotations,
        kernel.ops.real_scales,
    );
    Ok(quote! {
        {
            const SPEC: ::fft_codegen::KernelSpec =
                ::fft_codegen::KernelSpec::Radix(::fft_codegen::RadixSpec {
                    radix: #radix,
                    direction: ::fft_codegen::Direction::#direction,
                    precision: ::fft_codegen::Precision::#precision,
                    twiddles: ::fft_codegen::Twiddles::#twiddles,
                    form: ::fft_codegen::Form::Vector,
                    lengths: ::fft_codegen::Lengths::#lengths,
                    table: ::fft_codegen::PassTable::OneLevel,
                });
            ::fft_codegen::GeneratedKernel {
                spec: SPEC,
                source: ::std::borrow::Cow::Borrowed(#source),
                ops: ::fft_codegen::OpCounts {
                    complex_adds: #adds,
                    constant_muls: #muls,
                    trivial_rotations: #rotations,
                    real_scales: #scales,
                },
                abi: SPEC.abi(),
            }
        }
    })
}
