//! [`RowReader`] gives, piece by piece, exactly what the whole-file reader gives: the same
//! values and shape, or the same error message (truncation, overflowing shapes, NaN at the
//! same row and column, no samples).

mod common;

use common::npy;
use fft_io::{read, Format, IoError, ReadOptions, RowReader};
use num_complex::Complex64;
use proptest::prelude::*;
use std::io::Write;

/// The values of a file and its shape as (rows, cols, ndim).
type Array = (Vec<Complex64>, (usize, usize, usize));

/// The values of the file, read by a `RowReader` in pieces of `piece` values, and its shape;
/// `Ok(None)` when the reader does not stream this file.
fn streamed(
    path: &std::path::Path,
    format: Format,
    options: ReadOptions,
    piece: usize,
) -> Result<Option<Array>, String> {
    let Some(mut reader) = RowReader::open(path, format, options).map_err(|e| e.to_string())?
    else {
        return Ok(None);
    };
    let shape = reader.shape();
    let total = shape.rows * shape.cols;
    let mut values = Vec::new();
    while values.len() < total {
        let n = piece.min(total - values.len());
        let start = values.len();
        reader
            .read_values(n, |index, v| {
                assert_eq!(index, values.len(), "indices run in order from {start}");
                values.push(v);
                Ok::<(), IoError>(())
            })
            .map_err(|e| e.to_string())?;
    }
    Ok(Some((values, (shape.rows, shape.cols, shape.ndim))))
}

fn agree(bytes: &[u8], format: Format, allow_nonfinite: bool, piece: usize) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(bytes).unwrap();
    let path = file.path();
    let options = ReadOptions { allow_nonfinite };
    let whole = read(path, format, options).map_err(|e| e.to_string());
    match (whole, streamed(path, format, options, piece)) {
        (_, Ok(None)) => {}
        (Ok(whole), Ok(Some((values, shape)))) => {
            let s = whole.signal;
            assert_eq!(shape, (s.rows(), s.cols(), s.ndim()));
            let bits = |v: &[Complex64]| -> Vec<(u64, u64)> {
                v.iter().map(|c| (c.re.to_bits(), c.im.to_bits())).collect()
            };
            assert_eq!(bits(&values), bits(s.data()));
        }
        (Err(whole), Err(streamed)) => assert_eq!(whole, streamed),
        (whole, streamed) => panic!("whole: {whole:?}\nstreamed: {streamed:?}"),
    }
}

fn npy_files() -> impl Strategy<Value = Vec<u8>> {
    let descr = prop::sample::select(vec!["<f4", "<f8", ">f8", "<c8", "<c16", ">c8", "<i4"]);
    let shape = prop_oneof![
        (0usize..9).prop_map(|n| format!("({n},)")),
        (0usize..4, 0usize..6).prop_map(|(r, c)| format!("({r}, {c})")),
        Just("(4611686018427387904, 4)".to_string()),
    ];
    (
        descr,
        any::<bool>(),
        shape,
        prop::collection::vec(any::<u8>(), 0..400),
    )
        .prop_map(|(d, f, s, data)| npy(d, f, &s, &data))
}

fn floats(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn npy_files_stream_as_they_read(bytes in npy_files(), allow in any::<bool>(), piece in 1usize..7) {
        agree(&bytes, Format::Npy, allow, piece);
    }

    #[test]
    fn raw_files_stream_as_they_read(bytes in prop::collection::vec(any::<u8>(), 0..200), allow in any::<bool>(), piece in 1usize..7) {
        agree(&bytes, Format::C64, allow, piece);
        agree(&bytes, Format::C128, allow, piece);
    }
}

#[test]
fn a_nan_is_reported_at_its_row_and_column() {
    let bytes = npy(
        "<c8",
        false,
        "(2, 2)",
        &floats(&[0., 0., 1., 1., 2., 2., 3., f32::NAN]),
    );
    agree(&bytes, Format::Npy, false, 3);
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&bytes).unwrap();
    let err = streamed(file.path(), Format::Npy, ReadOptions::default(), 4).unwrap_err();
    assert!(err.contains("row 1, column 1"), "{err}");
}

#[test]
fn several_rows_in_fortran_order_are_read_whole() {
    let bytes = npy("<f4", true, "(2, 2)", &floats(&[1., 2., 3., 4.]));
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&bytes).unwrap();
    let reader = RowReader::open(file.path(), Format::Npy, ReadOptions::default()).unwrap();
    assert!(reader.is_none());
    for format in [Format::Txt, Format::Csv, Format::Wav] {
        let reader = RowReader::open(file.path(), format, ReadOptions::default()).unwrap();
        assert!(reader.is_none(), "{format:?}");
    }
}

#[test]
fn reading_past_the_end_is_an_error() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&floats(&[1., 2.])).unwrap();
    let mut reader = RowReader::open(file.path(), Format::C64, ReadOptions::default())
        .unwrap()
        .unwrap();
    let err = reader
        .read_values(2, |_, _| Ok::<(), IoError>(()))
        .unwrap_err();
    assert!(
        err.to_string().contains("2 values asked for, 1 left"),
        "{err}"
    );
}
