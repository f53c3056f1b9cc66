//! The three ways to get a kernel give the same bytes: `radix_kernel!` at compile time,
//! `fft_codegen::emit_kernel`, and the table `fft-runtime` generated at build time.

use fft_codegen::{emit_kernel, GeneratedKernel, KernelSpec, Twiddles};
use fft_core::{Direction, Precision};
use fft_macros::radix_kernel;

const RADIX16: GeneratedKernel = radix_kernel!(16);
const RADIX8_INV_F64_NATIVE: GeneratedKernel =
    radix_kernel!(8, direction = inverse, precision = f64, twiddles = native);

#[test]
fn macro_output_equals_codegen_output() {
    let spec = KernelSpec::new(16);
    assert_eq!(RADIX16, emit_kernel(&spec).unwrap());
    let spec = KernelSpec {
        radix: 8,
        direction: Direction::Inverse,
        precision: Precision::F64,
        twiddles: Twiddles::Native,
    };
    assert_eq!(RADIX8_INV_F64_NATIVE, emit_kernel(&spec).unwrap());
    assert_eq!(
        RADIX8_INV_F64_NATIVE.entry_point,
        "fft_radix8_inv_f64_native"
    );
}

#[test]
fn runtime_table_equals_codegen_output() {
    let specs = fft_codegen::catalog();
    assert_eq!(fft_runtime::generated_kernels().len(), specs.len());
    for spec in specs {
        let built = fft_runtime::generated_kernel(&spec).expect("every catalog spec is generated");
        assert_eq!(
            *built,
            emit_kernel(&spec).unwrap(),
            "{}",
            spec.entry_point()
        );
    }
}

#[test]
fn runtime_tables_hold_every_fused_and_cpu_kernel_byte_for_byte() {
    let fused = fft_codegen::fused_catalog();
    assert_eq!(fft_runtime::generated_fused_kernels().len(), fused.len());
    for spec in fused {
        let built =
            fft_runtime::generated_fused_kernel(&spec).expect("every fused spec is generated");
        let emitted = fft_codegen::emit_fused_kernel(&spec).unwrap();
        assert_eq!(built.source, emitted.source, "{}", spec.entry_point());
        assert_eq!(built.entry_point, emitted.entry_point);
        assert_eq!(
            (built.work_group_size, built.columns),
            (emitted.work_group_size, emitted.columns)
        );
    }
    let cpu = fft_codegen::cpu_catalog();
    for spec in cpu {
        let key = fft_runtime::ProgramKey::Cpu(spec);
        let (entry_point, source) = key.kernel().expect("every CPU spec is generated");
        let emitted = fft_codegen::emit_cpu_kernel(&spec).unwrap();
        assert_eq!(source, emitted.source, "{}", spec.entry_point());
        assert_eq!(entry_point, emitted.entry_point);
    }
}
