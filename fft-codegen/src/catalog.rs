//! The fixed list of kernels the project ships (and `cargo xtask gen-kernels` writes).

use crate::butterfly::RADICES;
use crate::spec::{KernelSpec, Twiddles};
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
}
