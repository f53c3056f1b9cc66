//! Which axes of its input `oclfft fft` transforms: `--axes` (numpy's `axes=`), the older
//! `--batch-axis`, and the input's rank, resolved into one [`Layout`].

use crate::exit::CliError;
use fft_io::{Shape, Signal};
use std::path::Path;

/// What `oclfft fft` transforms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Each row is a signal: the default; `--axes 1` of 2-D input, `--axes 0` of 1-D input,
    /// `--batch-axis 0`.
    Rows,
    /// Each column is a signal: `--axes 0` of 2-D input, `--batch-axis 1`.
    Columns,
    /// The 2-D transform of a 2-D input: `--axes 0,1` (numpy's `fftn(x, axes=(0, 1))`).
    Both,
}

impl Layout {
    /// `(points, batch)` of the 1-D transforms of a `rows` x `cols` input (for
    /// [`Layout::Both`], the rows' `(cols, rows)`).
    pub fn signal_shape(self, rows: usize, cols: usize) -> (usize, usize) {
        match self {
            Layout::Columns => (rows, cols),
            Layout::Rows | Layout::Both => (cols, rows),
        }
    }

    /// `signal` with one signal per row: transposed for [`Layout::Columns`].
    pub fn signals_by_row(self, signal: Signal) -> Signal {
        match self {
            Layout::Columns => signal.transposed(),
            Layout::Rows | Layout::Both => signal,
        }
    }

    /// The results (one transform per row) in the input's layout and rank: transposed back
    /// for [`Layout::Columns`], 1-D when the input was.
    pub fn restore(self, out: Signal, ndim: usize) -> Signal {
        let out = match self {
            Layout::Columns => out.transposed(),
            Layout::Rows | Layout::Both => out,
        };
        out.with_ndim(ndim)
    }
}

/// The layout of `oclfft fft` on an input of `shape` (from `input`) under `--axes` and
/// `--batch-axis`, or an error saying what to pass instead.
pub fn resolve(
    axes: Option<&[u8]>,
    batch_axis: Option<u8>,
    shape: Shape,
    input: &Path,
) -> crate::Result<Layout> {
    let from_batch_axis = match batch_axis {
        Some(1) => Layout::Columns,
        _ => Layout::Rows,
    };
    let Some(axes) = axes else {
        return Ok(from_batch_axis);
    };
    let layout = from_axes(axes, shape, input)?;
    if let Some(batch) = batch_axis {
        if layout != from_batch_axis {
            return Err(CliError::Input(format!(
                "--axes {} and --batch-axis {batch} disagree: --batch-axis {batch} transforms {}; pass --axes alone",
                axes_text(axes),
                match from_batch_axis {
                    Layout::Columns => "each column",
                    _ => "each row",
                }
            )));
        }
    }
    Ok(layout)
}

/// The layout `--axes` names for an input of `shape`.
fn from_axes(axes: &[u8], shape: Shape, input: &Path) -> crate::Result<Layout> {
    let text = axes_text(axes);
    if let Some(twice) = (1..axes.len()).find(|&i| axes[..i].contains(&axes[i])) {
        return Err(CliError::Input(format!(
            "--axes {text}: axis {} is named twice; pass each axis once (--axes 0,1 for the 2-D transform)",
            axes[twice]
        )));
    }
    if shape.ndim == 1 {
        return match axes {
            [0] => Ok(Layout::Rows),
            _ if axes.len() >= 2 => Err(CliError::Input(format!(
                "--axes {text} needs 2-D input, but {} holds one signal of {} values (text, CSV and raw files, 1-D .npy arrays and mono WAV are 1-D): save a 2-D .npy array (rows x columns) for a 2-D transform, or pass --axes 0",
                input.display(),
                shape.cols
            ))),
            _ => Err(CliError::Input(format!(
                "--axes {text}: {} is 1-D ({} values), so its only axis is 0: pass --axes 0, or nothing",
                input.display(),
                shape.cols
            ))),
        };
    }
    match axes {
        [1] => Ok(Layout::Rows),
        [0] => Ok(Layout::Columns),
        [_, _] => Ok(Layout::Both),
        _ => Err(CliError::Input(format!(
            "--axes {text}: a 2-D input has the axes 0 (down the columns) and 1 (along the rows): pass 0, 1 or 0,1"
        ))),
    }
}

/// `0,1` for the axes as the user writes them.
fn axes_text(axes: &[u8]) -> String {
    axes.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_D: Shape = Shape {
        rows: 1,
        cols: 8,
        ndim: 1,
    };
    const TWO_D: Shape = Shape {
        rows: 4,
        cols: 8,
        ndim: 2,
    };

    fn layout(axes: Option<&[u8]>, batch: Option<u8>, shape: Shape) -> Result<Layout, String> {
        resolve(axes, batch, shape, Path::new("in.npy")).map_err(|e| e.to_string())
    }

    #[test]
    fn axes_name_rows_columns_or_both_of_2d_input() {
        assert_eq!(layout(None, None, TWO_D), Ok(Layout::Rows));
        assert_eq!(layout(None, Some(1), TWO_D), Ok(Layout::Columns));
        assert_eq!(layout(Some(&[1]), None, TWO_D), Ok(Layout::Rows));
        assert_eq!(layout(Some(&[0]), None, TWO_D), Ok(Layout::Columns));
        assert_eq!(layout(Some(&[0, 1]), None, TWO_D), Ok(Layout::Both));
        assert_eq!(layout(Some(&[1, 0]), None, TWO_D), Ok(Layout::Both));
        // A (1, N) array is 2-D: its axis 0 has one value per column.
        let one_row = Shape { rows: 1, ..TWO_D };
        assert_eq!(layout(Some(&[0]), None, one_row), Ok(Layout::Columns));
        assert_eq!(layout(Some(&[0, 1]), None, one_row), Ok(Layout::Both));
    }

    #[test]
    fn a_1d_input_has_only_axis_0() {
        assert_eq!(layout(Some(&[0]), None, ONE_D), Ok(Layout::Rows));
        let err = layout(Some(&[0, 1]), None, ONE_D).unwrap_err();
        assert!(
            err.contains("--axes 0,1 needs 2-D input, but in.npy holds one signal of 8 values"),
            "{err}"
        );
        let err = layout(Some(&[1]), None, ONE_D).unwrap_err();
        assert!(err.contains("its only axis is 0"), "{err}");
    }

    #[test]
    fn axes_and_batch_axis_must_agree() {
        assert_eq!(layout(Some(&[1]), Some(0), TWO_D), Ok(Layout::Rows));
        assert_eq!(layout(Some(&[0]), Some(1), TWO_D), Ok(Layout::Columns));
        assert_eq!(layout(Some(&[0]), Some(0), ONE_D), Ok(Layout::Rows));
        for (axes, batch) in [(&[0u8, 1][..], 0), (&[0], 0), (&[1], 1), (&[0, 1], 1)] {
            let err = layout(Some(axes), Some(batch), TWO_D).unwrap_err();
            assert!(err.contains("disagree"), "{axes:?} {batch}: {err}");
        }
        let err = layout(Some(&[1, 1]), None, TWO_D).unwrap_err();
        assert!(err.contains("axis 1 is named twice"), "{err}");
        let err = layout(Some(&[0, 1, 0]), None, TWO_D).unwrap_err();
        assert!(err.contains("axis 0 is named twice"), "{err}");
    }

    #[test]
    fn columns_are_transposed_and_the_rank_restored() {
        let data = (0..6)
            .map(|i| num_complex::Complex64::new(f64::from(i), 0.0))
            .collect();
        let signal = Signal::new(2, 3, data, false).unwrap();
        let by_row = Layout::Columns.signals_by_row(signal.clone());
        assert_eq!((by_row.rows(), by_row.cols()), (3, 2));
        assert_eq!(Layout::Columns.restore(by_row, 2), signal);
        let row = Signal::row(signal.row_values(0).unwrap().to_vec(), false);
        let back = Layout::Rows.restore(Layout::Rows.signals_by_row(row.clone()), 1);
        assert_eq!(back, row);
        assert_eq!(Layout::Columns.signal_shape(2, 3), (2, 3));
        assert_eq!(Layout::Rows.signal_shape(2, 3), (3, 2));
    }
}
