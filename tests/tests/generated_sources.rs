//! The three ways to get a kernel give the same bytes and the same ABI: `radix_kernel!` at
//! compile time, `fft_codegen::emit`, and the table `fft-runtime` generated at build time.

use fft_codegen::{emit, GeneratedKernel, KernelSpec, RadixSpec, Twiddles};
use fft_core::{Direction, Precision};
use fft_macros::radix_kernel;

const RADIX16: GeneratedKernel = radix_kernel!(16);
const RADIX8_INV_F64_NATIVE: GeneratedKernel =
    radix_kernel!(8, direction = inverse, precision = f64, twiddles = native);

#[test]
fn macro_output_equals_codegen_output() {
    let spec = KernelSpec::Radix(RadixSpec::new(16));
    assert_eq!(RADIX16, emit(&spec).unwrap());
    let spec = KernelSpec::Radix(RadixSpec {
        direction: Direction::Inverse,
        precision: Precision::F64,
        twiddles: Twiddles::Native,
        ..RadixSpec::new(8)
    });
    assert_eq!(RADIX8_INV_F64_NATIVE, emit(&spec).unwrap());
    assert_eq!(
        RADIX8_INV_F64_NATIVE.entry_point(),
        "fft_radix8_inv_f64_native"
    );
}

#[test]
fn runtime_table_equals_codegen_output_for_every_family() {
    let specs = fft_codegen::catalog();
    assert_eq!(fft_runtime::generated_kernels().count(), specs.len());
    for spec in specs {
        let built = fft_runtime::generated_kernel(&spec).expect("every catalog spec is generated");
        let emitted = emit(&spec).unwrap();
        assert_eq!(built.source, emitted.source, "{}", spec.name());
        assert_eq!(built, emitted, "{}", spec.name());
        assert_eq!(built.entry_points(), spec.entry_points());
    }
}
