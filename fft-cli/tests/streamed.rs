//! `oclfft fft` of `.npy` and raw files streamed through the device a chunk of rows at a time
//! (`--chunk-mib`): byte for byte the output of the whole-file path (which `--check` takes,
//! and which checks itself against rustfft), across chunk boundaries, padding and truncation,
//! both precisions and every streamed output format; a bad value in a later chunk is reported
//! at its row in the file and leaves no output behind.

mod common;

use common::{fft_ok as fft, npy, oclfft};
use num_complex::Complex64;
use std::path::Path;

/// Rows of the test array: with `--chunk-mib 1` and 8192-point rows (64 KiB in f32), 16 rows
/// fit a chunk, so 40 rows take three chunks, the last one partial.
const ROWS: usize = 40;
const COLS: usize = 8192;

/// A deterministic, non-periodic test array of `rows` x `cols` values.
fn values(rows: usize, cols: usize) -> Vec<Complex64> {
    (0..rows * cols)
        .map(|i| {
            let x = i as f64;
            Complex64::new((x * 0.37).sin() + 0.1, (x * 0.011).cos() - 0.2)
        })
        .collect()
}

/// Asserts the streamed run of `args` writes exactly the bytes of the whole-file run (taken
/// with `--check`, which also holds the result to rustfft's), for an output named `out`.
fn same_as_whole_file(input: &Path, out: &str, args: &[&str], chunks: Option<usize>) {
    let dir = input.parent().unwrap();
    let streamed = dir.join(format!("streamed_{out}"));
    let whole = dir.join(format!("whole_{out}"));
    let said = fft(input, &streamed, &[args, &["--chunk-mib", "1"]].concat());
    let checked = fft(input, &whole, &[args, &["--check"]].concat());
    assert!(checked.contains("check against"), "{checked}");
    match chunks {
        Some(k) => assert!(said.contains(&format!("streamed in {k} chunks")), "{said}"),
        None => assert!(!said.contains("streamed in"), "{said}"),
    }
    let (a, b) = (
        std::fs::read(&streamed).unwrap(),
        std::fs::read(&whole).unwrap(),
    );
    assert!(a == b, "{out} {args:?}: the streamed output differs");
}

#[test]
fn streamed_rows_match_the_whole_file_path_across_chunks() {
    let dir = tempfile::tempdir().unwrap();
    let c64 = dir.path().join("in.npy");
    std::fs::write(
        &c64,
        npy(
            "<c8",
            false,
            &format!("({ROWS}, {COLS})"),
            &values(ROWS, COLS),
        ),
    )
    .unwrap();
    same_as_whole_file(&c64, "a.npy", &[], Some(3));
    same_as_whole_file(&c64, "b.c64", &["--inverse", "--norm", "ortho"], Some(3));
    // f64 rows are 128 KiB: 8 per chunk, 5 chunks.
    same_as_whole_file(&c64, "c.npy", &["--precision", "f64"], Some(5));
    // Zero-padded to 12000 points (94 KiB rows: 10 per chunk) and truncated to 1000.
    same_as_whole_file(&c64, "d.npy", &["--n", "12000"], Some(4));
    same_as_whole_file(&c64, "e.c128", &["--n", "1000"], None);
}

#[test]
fn text_csv_and_real_inputs_stream_too() {
    let dir = tempfile::tempdir().unwrap();
    let f8 = dir.path().join("in.npy");
    let reals: Vec<Complex64> = values(3, 500)
        .iter()
        .map(|v| Complex64::new(v.re, 0.0))
        .collect();
    std::fs::write(&f8, npy("<f8", false, "(3, 500)", &reals)).unwrap();
    same_as_whole_file(&f8, "a.txt", &[], None);
    same_as_whole_file(&f8, "b.csv", &["--n", "512"], None);
    let raw = dir.path().join("in.c128");
    let bytes: Vec<u8> = values(1, 3000)
        .iter()
        .flat_map(|v| [v.re.to_le_bytes(), v.im.to_le_bytes()].concat())
        .collect();
    std::fs::write(&raw, bytes).unwrap();
    same_as_whole_file(&raw, "c.npy", &["--precision", "f64"], None);
}

#[test]
fn a_bad_value_in_a_later_chunk_is_reported_at_its_row_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.npy");
    std::fs::write(&out, b"kept").unwrap();
    for (bad, message) in [
        (Complex64::new(f64::NAN, 0.0), "row 37, column 5"),
        (Complex64::new(1e300, 0.0), "input value 1e300"),
    ] {
        let mut data = values(ROWS, COLS);
        data[37 * COLS + 5] = bad;
        let input = dir.path().join("in.npy");
        std::fs::write(
            &input,
            npy("<c16", false, &format!("({ROWS}, {COLS})"), &data),
        )
        .unwrap();
        let run = oclfft()
            .arg("fft")
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .args(["--chunk-mib", "1"])
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
        assert!(stderr.contains(message), "{stderr}");
        assert!(stderr.contains("row 37"), "{stderr}");
        assert_eq!(
            std::fs::read(&out).unwrap(),
            b"kept",
            "the old output is kept"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    }
}

#[test]
fn a_truncated_file_is_refused_before_the_device_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.npy");
    let mut bytes = npy("<c8", false, "(4, 100)", &values(4, 100));
    bytes.truncate(bytes.len() - 8);
    std::fs::write(&input, bytes).unwrap();
    let out = dir.path().join("out.npy");
    let run = oclfft()
        .arg("fft")
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(stderr.contains("the file is truncated"), "{stderr}");
    assert!(!out.exists());
}
