//! The fixed list of kernels the project ships (and `cargo xtask gen-kernels` writes).

use crate::butterfly::RADICES;
use crate::spec::{CpuKernelSpec, KernelSpec, Twiddles};
use fft_core::{Direction, Precision};

/// Every kernel spec: radix 2..=64 x {forward, inverse} x {f32, f64} x every [`Twiddles`],
/// in that nesting order (radix outermost). The order never depends on anything but this
/// function.
pub fn catalog() -> Vec<KernelSpec> {
    let mut specs = Vec::new();
    for radix in RADICES {
        for direction in [Direction::Forward, Direction::Inverse] {
            for precision in [Precision::F32, Precision::F64] {
                for twiddles in Twiddles::ALL {
                    specs.push(KernelSpec {
                        radix,
                        direction,
                        precision,
                        twiddles,
                    });
                }
            }
        }
    }
    specs
}

/// Every scalar (CPU) kernel spec: radix 2..=64 x {forward, inverse} x {f32, f64}, in that
/// nesting order (radix outermost).
pub fn cpu_catalog() -> Vec<CpuKernelSpec> {
    let mut specs = Vec::new();
    for radix in RADICES {
        for direction in [Direction::Forward, Direction::Inverse] {
            for precision in [Precision::F32, Precision::F64] {
                specs.push(CpuKernelSpec {
                    radix,
                    direction,
                    precision,
                });
            }
        }
    }
    specs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_is_complete_ordered_and_unique() {
        let specs = catalog();
        assert_eq!(specs.len(), 6 * 2 * 2 * 4);
        assert_eq!(specs[0], KernelSpec::new(2));
        assert_eq!(specs[0].entry_point(), "fft_radix2_fwd_f32");
        assert_eq!(specs[95].entry_point(), "fft_radix64_inv_f64_chained");
        let mut names: Vec<_> = specs.iter().map(KernelSpec::file_name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), specs.len());
    }

    #[test]
    fn cpu_catalog_is_complete_ordered_and_unique() {
        let specs = cpu_catalog();
        assert_eq!(specs.len(), 6 * 2 * 2);
        assert_eq!(specs[0], CpuKernelSpec::new(2));
        assert_eq!(specs[0].entry_point(), "fft_radix2_fwd_f32_scalar");
        assert_eq!(specs[23].entry_point(), "fft_radix64_inv_f64_scalar");
        let mut names: Vec<_> = specs.iter().map(CpuKernelSpec::file_name).collect();
        names.extend(catalog().iter().map(KernelSpec::file_name));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), specs.len() + catalog().len());
    }
}
