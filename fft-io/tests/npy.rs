//! `.npy` reading: what numpy writes is read, what numpy rejects is rejected, and the
//! header bytes that used to panic are errors.

mod common;

use common::{npy, npy_with_dict};
use fft_io::{decode, Format, ReadOptions, Signal};
use num_complex::Complex64;
use std::path::Path;

fn f8(values: &[f64]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn read(bytes: &[u8]) -> Result<Signal, String> {
    decode(
        Path::new("a.npy"),
        bytes,
        Format::Npy,
        ReadOptions::default(),
    )
    .map(|r| r.signal)
    .map_err(|e| e.to_string())
}

#[test]
fn c_and_fortran_order() {
    let c = read(&npy("<f8", false, "(2, 3)", &f8(&[1., 2., 3., 4., 5., 6.]))).unwrap();
    let f = read(&npy("<f8", true, "(2, 3)", &f8(&[1., 4., 2., 5., 3., 6.]))).unwrap();
    assert_eq!((c.rows(), c.cols()), (2, 3));
    assert_eq!(c, f);
    assert_eq!(c.data()[4], Complex64::new(5.0, 0.0));
}

#[test]
fn every_dtype_and_byte_order_numpy_writes() {
    let f4: Vec<u8> = [1.5f32, -2.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        read(&npy("<f4", false, "(2,)", &f4)).unwrap().data()[1],
        Complex64::new(-2.0, 0.0)
    );
    let be: Vec<u8> = [1.5f64, -0.5]
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    let s = read(&npy(">c16", false, "(1,)", &be)).unwrap();
    assert_eq!(s.data()[0], Complex64::new(1.5, -0.5));
    assert!(s.is_complex());
    let c8: Vec<u8> = [1.0f32, 2.0].iter().flat_map(|v| v.to_be_bytes()).collect();
    assert_eq!(
        read(&npy(">c8", false, "(1,)", &c8)).unwrap().data()[0],
        Complex64::new(1.0, 2.0)
    );
    // numpy reads a descr without a byte order, and double-quoted keys and strings.
    assert_eq!(
        read(&npy("f8", false, "(1,)", &f8(&[3.0]))).unwrap().data()[0].re,
        3.0
    );
    let c16 = f8(&[1.0, 2.0]);
    assert_eq!(
        read(&npy("c16", false, "(1,)", &c16)).unwrap().data()[0],
        Complex64::new(1.0, 2.0)
    );
    let quoted = npy_with_dict(
        r#"{"descr": "<f8", "fortran_order": False, "shape": (2,)}"#,
        &f8(&[1.0, 2.0]),
    );
    assert_eq!(read(&quoted).unwrap().data().len(), 2);
}

#[test]
fn the_writer_round_trips() {
    let signal = Signal::new(2, 2, vec![Complex64::new(1.0, 2.0); 4], true).unwrap();
    for double in [false, true] {
        let bytes = fft_io::npy::encode(&signal, double);
        assert_eq!((bytes.len() - 4 * if double { 16 } else { 8 }) % 64, 0);
        assert_eq!(read(&bytes).unwrap(), signal);
    }
}

#[test]
fn the_writer_keeps_the_rank_of_one_row() {
    // (1, 3) stays 2-D and (3,) stays 1-D: the same row, two shapes (issue 11 item 6).
    let values = [Complex64::new(1.0, -1.0); 3];
    for (shape, ndim, written) in [
        ("(1, 3)", 2, "'shape': (1, 3)"),
        ("(3,)", 1, "'shape': (3,)"),
    ] {
        let input = npy(
            "<c16",
            false,
            shape,
            &f8(&[1.0, -1.0, 1.0, -1.0, 1.0, -1.0]),
        );
        let signal = read(&input).unwrap();
        assert_eq!(
            (signal.rows(), signal.cols(), signal.ndim()),
            (1, 3, ndim),
            "{shape}"
        );
        assert_eq!(signal.data(), &values[..]);
        for bytes in [
            fft_io::npy::encode(&signal, true),
            fft_io::npy::encode_real(&signal, false),
        ] {
            let header = String::from_utf8_lossy(&bytes[10..80]).into_owned();
            assert!(header.contains(written), "{shape}: {header}");
            assert_eq!(read(&bytes).unwrap().shape(), signal.shape(), "{shape}");
        }
    }
    // A Fortran-order (1, 3) array is 2-D too.
    let fortran = read(&npy("<f8", true, "(1, 3)", &f8(&[1.0, 2.0, 3.0]))).unwrap();
    assert_eq!(fortran.ndim(), 2);
}

#[test]
fn unsupported_files_are_rejected() {
    assert!(read(&npy("<i4", false, "(1,)", &[0; 4]))
        .unwrap_err()
        .contains("dtype '<i4' is not supported"));
    assert!(read(&npy("<f8", false, "(1, 1, 1)", &[0; 8]))
        .unwrap_err()
        .contains("shape (1, 1, 1) is not supported"));
    assert!(read(&npy("<f8", false, "(4,)", &[0; 8]))
        .unwrap_err()
        .contains("truncated"));
    assert!(read(b"hello").unwrap_err().contains("not a .npy file"));
    assert!(read(&npy("<f8", false, "(0,)", &[]))
        .unwrap_err()
        .contains("empty"));
}

#[test]
fn what_numpy_rejects_is_rejected() {
    let data = f8(&[1.0]);
    // fortran_order must be a bool (the old reader took anything not starting with True).
    let err = read(&npy_with_dict(
        "{'descr': '<f8', 'fortran_order': 0, 'shape': (1,), }",
        &data,
    ))
    .unwrap_err();
    assert!(
        err.contains("fortran_order is 0, not True or False"),
        "{err}"
    );
    // Junk after the dictionary.
    let err = read(&npy_with_dict(
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } junk",
        &data,
    ))
    .unwrap_err();
    assert!(err.contains("something after it"), "{err}");
    // A key numpy does not know.
    let err = read(&npy_with_dict(
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}",
        &data,
    ))
    .unwrap_err();
    assert!(err.contains("the key 'x'"), "{err}");
    // A header larger than numpy's max_header_size.
    let big = format!(
        "{{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }}{}",
        " ".repeat(20_000)
    );
    let mut bytes = b"\x93NUMPY\x02\x00".to_vec();
    bytes.extend_from_slice(&(big.len() as u32 + 1).to_le_bytes());
    bytes.extend_from_slice(big.as_bytes());
    bytes.push(b'\n');
    bytes.extend_from_slice(&data);
    assert!(read(&bytes).unwrap_err().contains("limit"));
}

#[test]
fn the_header_bytes_that_panicked_are_errors() {
    // From issue 12: a header that ends right after "'descr':" (empty descr).
    let reproducer = [
        0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 0x01, 0x00, 0x09, 0x00, 0x7b, 0x27, 0x64, 0x65, 0x73,
        0x63, 0x72, 0x27, 0x3a,
    ];
    assert!(read(&reproducer).is_err());
    // An empty descr and a multi-byte first character in it.
    for descr in ["''", "'é8'", "'<é'", "'€'"] {
        let dict = format!("{{'descr': {descr}, 'fortran_order': False, 'shape': (1,), }}");
        let err = read(&npy_with_dict(&dict, &f8(&[1.0]))).unwrap_err();
        assert!(err.contains("is not supported"), "{err}");
    }
}

#[test]
fn a_shape_whose_product_overflows_is_an_error() {
    // (2^63 + 1) * 2 wraps to 2: 16 bytes of data must not pass for that array.
    let bytes = npy("<f8", false, "(9223372036854775809, 2)", &f8(&[1.0, 2.0]));
    let err = read(&bytes).unwrap_err();
    assert!(
        err.contains("more than this machine can address") || err.contains("truncated"),
        "{err}"
    );
}

#[test]
fn unclosed_brackets_in_the_header_fail_fast() {
    // Found by `cargo xtask fuzz` (npy): 14 brackets, most of them unclosed `{`, took the
    // literal parser over 10 s (it backtracks exponentially).
    for extra in [12, 40] {
        let dict = format!(
            "{{'descr': '<f8', 'fortran_order': False, 'shape': (1,), {}",
            "{".repeat(extra)
        );
        let start = std::time::Instant::now();
        let err = read(&npy_with_dict(&dict, &f8(&[1.0]))).unwrap_err();
        assert!(start.elapsed().as_secs_f64() < 1.0, "{:?}", start.elapsed());
        assert!(err.contains("structured dtypes are not supported"), "{err}");
    }
}
