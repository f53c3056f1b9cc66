//! Text and CSV reading through the public entry point: byte order marks, headers and the
//! notice that one was skipped.

use fft_io::{decode, Format, Notice, ReadOptions};
use num_complex::Complex64;
use std::path::Path;

fn csv(bytes: &[u8]) -> Result<fft_io::Read, String> {
    decode(
        Path::new("a.csv"),
        bytes,
        Format::Csv,
        ReadOptions::default(),
    )
    .map_err(|e| e.to_string())
}

#[test]
fn a_utf8_byte_order_mark_is_not_a_header() {
    // Excel writes a BOM: the first value must not be lost as a "header".
    let read = csv(b"\xef\xbb\xbf1.5\n2\n3\n").unwrap();
    assert_eq!(read.signal.data().len(), 3);
    assert_eq!(read.signal.data()[0], Complex64::new(1.5, 0.0));
    assert!(read.notices.is_empty());
    let read = csv(b"\xef\xbb\xbfre,im\n1,2\n").unwrap();
    assert_eq!(read.signal.data(), &[Complex64::new(1.0, 2.0)]);
    let txt = decode(
        Path::new("a.txt"),
        b"\xef\xbb\xbf7\n",
        Format::Txt,
        ReadOptions::default(),
    );
    assert_eq!(txt.unwrap().signal.data()[0].re, 7.0);
}

#[test]
fn a_skipped_header_is_reported() {
    let read = csv(b"time,value\n1,2\n").unwrap();
    assert_eq!(
        read.notices,
        vec![Notice::HeaderSkipped {
            line: 1,
            text: "time,value".into()
        }]
    );
}

#[test]
fn a_mistyped_first_value_is_an_error_with_its_position() {
    let err = csv(b"1.0,O.5\n2,3\n").unwrap_err();
    assert!(err.starts_with("a.csv:1:5: 'O.5' is not a number"), "{err}");
}

#[test]
fn a_million_values_on_one_line_are_handled_in_seconds() {
    let line = "0.5,".repeat(1_000_000);
    let start = std::time::Instant::now();
    let err = csv(line.as_bytes()).unwrap_err();
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    assert!(
        err.contains("1000000 values on the line, at most 2 allowed"),
        "{err}"
    );
    // And many lines read in linear time too (a debug build on a loaded 2-core machine).
    let lines = "0.5,1\n".repeat(200_000);
    let start = std::time::Instant::now();
    assert_eq!(csv(lines.as_bytes()).unwrap().signal.data().len(), 200_000);
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}
