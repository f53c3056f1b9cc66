//! [`PermuteSpec`]: the point-wise pass that moves an axis of a multi-dimensional transform
//! to the end and back (DESIGN.md section 4.6), for the axes interleaved fused passes cannot
//! serve (lengths with a prime factor above 13, and global radix plans).

use crate::Precision;

/// Which way a permute moves the data of `batch` blocks of `len x inner` values
/// ([`crate::kernel::LaunchParams`]: `len`, `batch`, `inner`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PermuteStep {
    /// `y[(b * inner + c) * len + m] = x[(b * len + m) * inner + c]`: each of the `inner`
    /// interleaved sequences becomes contiguous, so any 1-D plan can transform it.
    Gather,
    /// The inverse: `y[(b * len + m) * inner + c] = x[(b * inner + c) * len + m]`.
    Scatter,
}

impl PermuteStep {
    /// `gather` or `scatter`.
    pub fn name(self) -> &'static str {
        match self {
            PermuteStep::Gather => "gather",
            PermuteStep::Scatter => "scatter",
        }
    }
}

/// A permute pass: one work-item per value, times the scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PermuteSpec {
    /// The direction the values move.
    pub step: PermuteStep,
    /// Data precision.
    pub precision: Precision,
}

impl PermuteSpec {
    /// The kernel's name: `fft_permute_gather_f32`.
    pub fn name(&self) -> String {
        format!("fft_permute_{}_{}", self.step.name(), self.precision.tag())
    }

    /// Where the value work-item `g` writes reads from, on the host: the kernel's index map,
    /// for tests and models (`g < len * inner * batch`).
    pub fn source_index(&self, g: usize, len: usize, inner: usize) -> usize {
        match self.step {
            PermuteStep::Gather => {
                let (m, rest) = (g % len, g / len);
                let (c, b) = (rest % inner, rest / inner);
                (b * len + m) * inner + c
            }
            PermuteStep::Scatter => {
                let (c, rest) = (g % inner, g / inner);
                let (m, b) = (rest % len, rest / len);
                (b * inner + c) * len + m
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_then_scatter_is_the_identity_and_each_is_a_permutation() {
        let (len, inner, batch) = (5, 3, 2);
        let total = len * inner * batch;
        for step in [PermuteStep::Gather, PermuteStep::Scatter] {
            let spec = PermuteSpec {
                step,
                precision: Precision::F32,
            };
            let mut seen: Vec<usize> = (0..total)
                .map(|g| spec.source_index(g, len, inner))
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..total).collect::<Vec<_>>(), "{step:?}");
        }
        let gather = PermuteSpec {
            step: PermuteStep::Gather,
            precision: Precision::F32,
        };
        let scatter = PermuteSpec {
            step: PermuteStep::Scatter,
            ..gather
        };
        // Gather: value (b, c, m) of the output is (b, m, c) of the input.
        assert_eq!(
            gather.source_index((3 + 2) * len + 4, len, inner),
            (len + 4) * inner + 2
        );
        for g in 0..total {
            // y = gather(x): y[g] = x[src(g)]; scatter(y)[s] = y[src'(s)] = x[src(src'(s))].
            let back = gather.source_index(scatter.source_index(g, len, inner), len, inner);
            assert_eq!(back, g);
        }
    }
}
