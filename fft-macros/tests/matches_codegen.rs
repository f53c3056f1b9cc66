//! The macro hands out exactly what the generator (and so `kernels/`) produces.

use fft_codegen::{emit, Direction, GeneratedKernel, KernelSpec, Precision, RadixSpec, Twiddles};
use fft_macros::radix_kernel;

const FWD16: GeneratedKernel = radix_kernel!(16);
const INV16_F64_NATIVE: GeneratedKernel =
    radix_kernel!(16, direction = inverse, precision = f64, twiddles = native);
const FWD64_SINCOS: GeneratedKernel = radix_kernel!(64, twiddles = sincos);
const INV2_CHAINED: GeneratedKernel = radix_kernel!(2, twiddles = chained, direction = inverse);

#[test]
fn macro_output_equals_emit_byte_for_byte() {
    let cases = [
        (FWD16, RadixSpec::new(16)),
        (
            INV16_F64_NATIVE,
            RadixSpec {
                direction: Direction::Inverse,
                precision: Precision::F64,
                twiddles: Twiddles::Native,
                ..RadixSpec::new(16)
            },
        ),
        (
            FWD64_SINCOS,
            RadixSpec {
                twiddles: Twiddles::Sincos,
                ..RadixSpec::new(64)
            },
        ),
        (
            INV2_CHAINED,
            RadixSpec {
                direction: Direction::Inverse,
                twiddles: Twiddles::Chained,
                ..RadixSpec::new(2)
            },
        ),
    ];
    for (from_macro, spec) in cases {
        let spec = KernelSpec::Radix(spec);
        let generated = emit(&spec).unwrap();
        assert_eq!(from_macro.spec, spec);
        assert_eq!(from_macro.source.as_bytes(), generated.source.as_bytes());
        assert_eq!(from_macro, generated);
    }
}

#[test]
fn constants_are_borrowed() {
    assert!(matches!(FWD16.source, std::borrow::Cow::Borrowed(_)));
    assert_eq!(FWD16.entry_point(), "fft_radix16_fwd_f32");
    assert_eq!(FWD16.abi, FWD16.spec.abi());
}
