//! [`LayoutSpec`]: the point-wise passes that read a transform's input from the caller's
//! layout (strides, batch distance, interleaved or planar) into contiguous interleaved work
//! buffers, and write its output back into the caller's layout (DESIGN.md 4.6).

use crate::Precision;

/// Which edge of a plan a layout pass is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutStep {
    /// The first pass: `y[g] = x[address(g)]`, the caller's input into C order.
    Load,
    /// The last pass: `y[address(g)] = x[g] * scale`, C order into the caller's output.
    Store,
}

impl LayoutStep {
    /// `load` or `store`.
    pub fn name(self) -> &'static str {
        match self {
            LayoutStep::Load => "load",
            LayoutStep::Store => "store",
        }
    }
}

/// What values the caller's side of a layout pass holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutValues {
    /// Interleaved complex values (`float2`).
    Interleaved,
    /// Planar complex values: real parts and imaginary parts in two buffers.
    Planar,
    /// Reals: the real side of a real transform (R2C input, C2R output), one scalar per value
    /// on both sides of the pass.
    Reals,
}

impl LayoutValues {
    /// The kernel name's suffix: none, `_planar`, `_reals`.
    pub fn suffix(self) -> &'static str {
        match self {
            LayoutValues::Interleaved => "",
            LayoutValues::Planar => "_planar",
            LayoutValues::Reals => "_reals",
        }
    }

    /// In words: `interleaved`, `planar`, `real`.
    pub fn describe(self) -> &'static str {
        match self {
            LayoutValues::Interleaved => "interleaved",
            LayoutValues::Planar => "planar",
            LayoutValues::Reals => "real",
        }
    }
}

/// A layout pass: one work-item per value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LayoutSpec {
    /// Load or store.
    pub step: LayoutStep,
    /// What the caller's side holds: interleaved or planar complex values, or reals.
    pub values: LayoutValues,
    /// Data precision.
    pub precision: Precision,
}

impl LayoutSpec {
    /// The kernel's name: `fft_layout_load_f32`, `fft_layout_store_planar_f64`,
    /// `fft_layout_load_reals_f32`.
    pub fn name(&self) -> String {
        format!(
            "fft_layout_{}{}_{}",
            self.step.name(),
            self.values.suffix(),
            self.precision.tag()
        )
    }
}

/// The caller's layout as a layout pass reads it: three dimensions (the shape's, after leading
/// ones), their strides, and the batch distance, in values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IoLayout {
    /// Dimensions, C order, padded in front with 1s to three.
    pub dims: [usize; 3],
    /// Values between neighbours along each dimension.
    pub strides: [usize; 3],
    /// Values between consecutive transforms.
    pub distance: usize,
}

impl IoLayout {
    /// `dims` and `strides` of a rank-1 to rank-3 shape, padded in front to three.
    pub fn new(dims: &[usize], strides: &[usize], distance: usize) -> IoLayout {
        let mut layout = IoLayout {
            dims: [1; 3],
            strides: [0; 3],
            distance,
        };
        let skip = 3 - dims.len().min(3);
        for (i, (&d, &s)) in dims.iter().zip(strides).enumerate().take(3) {
            layout.dims[skip + i] = d;
            layout.strides[skip + i] = s;
        }
        layout
    }

    /// The caller's address of value `g` of the C-order batch: the kernel's index map, for
    /// tests and models.
    pub fn address(&self, g: usize) -> usize {
        let [n0, n1, n2] = self.dims;
        let [s0, s1, s2] = self.strides;
        let (i2, rest) = (g % n2, g / n2);
        let (i1, rest) = (rest % n1, rest / n1);
        let (i0, b) = (rest % n0, rest / n0);
        b * self.distance + i0 * s0 + i1 * s1 + i2 * s2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_follow_strides_and_distance() {
        // A Fortran-order 2 x 3 array, two of them 10 apart.
        let layout = IoLayout::new(&[2, 3], &[1, 2], 10);
        let addresses: Vec<usize> = (0..12).map(|g| layout.address(g)).collect();
        assert_eq!(addresses, [0, 2, 4, 1, 3, 5, 10, 12, 14, 11, 13, 15]);
        // Every other value of rows of 4.
        let strided = IoLayout::new(&[4], &[2], 9);
        assert_eq!(
            (0..8).map(|g| strided.address(g)).collect::<Vec<_>>(),
            [0, 2, 4, 6, 9, 11, 13, 15]
        );
        let name = |step, values, precision| {
            LayoutSpec {
                step,
                values,
                precision,
            }
            .name()
        };
        assert_eq!(
            name(LayoutStep::Store, LayoutValues::Planar, Precision::F64),
            "fft_layout_store_planar_f64"
        );
        assert_eq!(
            name(LayoutStep::Load, LayoutValues::Reals, Precision::F32),
            "fft_layout_load_reals_f32"
        );
    }
}
