//! `oclfft fft --axes`: numpy's `axes=` for 2-D input. `--axes 1` transforms each row (the
//! default), `--axes 0` each column (as `--batch-axis 1`), `--axes 0,1` the whole array
//! (numpy's `fftn(x, axes=(0, 1))`), written in the input's 2-D shape. The 2-D results are
//! compared with a 2-D DFT computed here from its definition.

mod common;

use common::*;
use num_complex::Complex64;
use predicates::prelude::*;
use std::f64::consts::PI;
use std::path::Path;

/// `sum x[n, m] e^(sign 2 pi i (k n / rows + l m / cols))`, by the definition.
fn dft_2d(x: &[Complex64], rows: usize, cols: usize, sign: f64) -> Vec<Complex64> {
    (0..rows * cols)
        .map(|k| {
            let (kr, kc) = (k / cols, k % cols);
            x.iter()
                .enumerate()
                .map(|(n, v)| {
                    let (nr, nc) = (n / cols, n % cols);
                    let turns = ((kr * nr) % rows) as f64 / rows as f64
                        + ((kc * nc) % cols) as f64 / cols as f64;
                    v * Complex64::from_polar(1.0, sign * 2.0 * PI * turns)
                })
                .sum()
        })
        .collect()
}

/// Complex values that are periodic in no length used here.
fn values(count: usize) -> Vec<Complex64> {
    (0..count)
        .map(|n| {
            let t = n as f64;
            Complex64::new((0.37 * t).sin() - 0.2, 0.5 * (0.071 * t + 0.3).cos())
        })
        .collect()
}

/// Asserts `got` is `want` within `tolerance` times the largest |want|.
fn assert_near(got: &[Complex64], want: &[Complex64], tolerance: f64) {
    assert_eq!(got.len(), want.len());
    let scale = want.iter().map(|v| v.norm()).fold(1e-30, f64::max);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).norm() <= tolerance * scale,
            "value {i} is {g}, expected {w}"
        );
    }
}

/// A complex128 `.npy` of `rows` x `cols` `data`.
fn write_2d(path: &Path, rows: usize, cols: usize, data: &[Complex64]) {
    std::fs::write(path, npy("<c16", false, &format!("({rows}, {cols})"), data)).unwrap();
}

#[test]
fn axes_0_1_is_the_2d_dft_in_the_input_shape() {
    let dir = tempfile::tempdir().unwrap();
    // 12 rows (a radix-3 length) by 10 columns; and 7 by 17 (a prime above 13: Bluestein).
    for (rows, cols) in [(12, 10), (7, 17)] {
        let x = values(rows * cols);
        let input = dir.path().join(format!("x{rows}.npy"));
        let output = dir.path().join(format!("X{rows}.npy"));
        write_2d(&input, rows, cols, &x);
        let stderr = fft_ok(&input, &output, &["--axes", "0,1"]);
        assert!(
            stderr.contains(&format!("array of {rows} x {cols} values")),
            "{stderr}"
        );
        let (shape, got) = read_npy(&output);
        assert_eq!(shape, [rows, cols]);
        assert_near(&got, &dft_2d(&x, rows, cols, -1.0), 2e-6);
        // The axes in either order are the same transform.
        let swapped = dir.path().join(format!("Xs{rows}.npy"));
        fft_ok(&input, &swapped, &["--axes", "1,0"]);
        assert_eq!(read_npy(&swapped), read_npy(&output));
    }
}

#[test]
fn the_inverse_2d_transform_gives_the_array_back_with_numpys_scaling() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (6, 8);
    let x = values(rows * cols);
    let input = dir.path().join("x.npy");
    let spectrum = dir.path().join("X.npy");
    let back = dir.path().join("y.npy");
    write_2d(&input, rows, cols, &x);
    fft_ok(&input, &spectrum, &["--axes", "0,1", "--precision", "f64"]);
    fft_ok(
        &spectrum,
        &back,
        &["--axes", "0,1", "--inverse", "--precision", "f64"],
    );
    let (shape, got) = read_npy(&back);
    assert_eq!(shape, [rows, cols]);
    assert_near(&got, &x, 1e-12);
    // ortho: both directions scaled by 1/sqrt(rows * cols), over all 48 points.
    let ortho = dir.path().join("Xo.npy");
    fft_ok(
        &input,
        &ortho,
        &["--axes", "0,1", "--norm", "ortho", "--precision", "f64"],
    );
    let scale = 1.0 / ((rows * cols) as f64).sqrt();
    let want: Vec<Complex64> = dft_2d(&x, rows, cols, -1.0)
        .into_iter()
        .map(|v| v * scale)
        .collect();
    assert_near(&read_npy(&ortho).1, &want, 1e-12);
}

#[test]
fn one_axis_is_rows_or_columns_as_batch_axis() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (4, 6);
    let x = values(rows * cols);
    let input = dir.path().join("x.npy");
    write_2d(&input, rows, cols, &x);
    let run = |name: &str, args: &[&str]| {
        let output = dir.path().join(name);
        fft_ok(&input, &output, args);
        read_npy(&output)
    };
    let (shape, by_rows) = run("r.npy", &["--axes", "1"]);
    assert_eq!(shape, [rows, cols]);
    let want_rows: Vec<Complex64> = x
        .chunks(cols)
        .flat_map(|r| dft_2d(r, 1, cols, -1.0))
        .collect();
    assert_near(&by_rows, &want_rows, 2e-6);
    assert_eq!(run("default.npy", &[]), (shape.clone(), by_rows));

    let (shape, by_columns) = run("c.npy", &["--axes", "0"]);
    assert_eq!(shape, [rows, cols]);
    let column = |c: usize| -> Vec<Complex64> { (0..rows).map(|r| x[r * cols + c]).collect() };
    for c in 0..cols {
        let got: Vec<Complex64> = (0..rows).map(|r| by_columns[r * cols + c]).collect();
        assert_near(&got, &dft_2d(&column(c), rows, 1, -1.0), 2e-6);
    }
    assert_eq!(run("b.npy", &["--batch-axis", "1"]).1, by_columns);
    // Both options, agreeing.
    assert_eq!(
        run("both.npy", &["--axes", "0", "--batch-axis", "1"]).1,
        by_columns
    );
}

#[test]
fn check_compares_the_2d_transform_with_rustfft_rows_then_columns() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.npy");
    write_2d(&input, 9, 16, &values(144));
    let output = dir.path().join("X.npy");
    for precision in ["f32", "f64"] {
        let stderr = fft_ok(
            &input,
            &output,
            &["--axes", "0,1", "--check", "--precision", precision],
        );
        assert!(
            stderr.contains("check against rustfft (f64, rows then columns): relative L2 error"),
            "{stderr}"
        );
        assert!(stderr.contains("of 144 values differ"), "{stderr}");
    }
}

/// Runs `oclfft fft INPUT ARGS...` expecting exit 2 with every needle on stderr.
fn refused(input: &Path, args: &[&str], needles: &[&str]) {
    let out = input.with_file_name("refused.npy");
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(&out)
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("panicked").not());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in: {stderr}");
    }
    assert!(!out.exists(), "a refused run wrote {}", out.display());
}

#[test]
fn axes_that_do_not_fit_the_input_are_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    // Text and CSV with re,im columns hold one signal: 1-D.
    let text = dir.path().join("x.csv");
    std::fs::write(&text, "re,im\n1,0\n2,1\n3,0\n").unwrap();
    refused(
        &text,
        &["--axes", "0,1"],
        &[
            "--axes 0,1 needs 2-D input",
            "x.csv holds one signal of 3 values",
            "2-D .npy",
        ],
    );
    refused(&text, &["--axes", "1"], &["its only axis is 0"]);
    let one_d = dir.path().join("one.npy");
    write_npy(&one_d, &[8], &[1.0; 8]);
    refused(&one_d, &["--axes", "0,1"], &["needs 2-D input"]);

    let array = dir.path().join("a.npy");
    write_npy(&array, &[4, 4], &[1.0; 16]);
    refused(
        &array,
        &["--axes", "0,1", "--batch-axis", "0"],
        &[
            "--axes 0,1 and --batch-axis 0 disagree",
            "pass --axes alone",
        ],
    );
    refused(&array, &["--axes", "0", "--batch-axis", "0"], &["disagree"]);
    refused(&array, &["--axes", "1,1"], &["axis 1 is named twice"]);
    refused(
        &array,
        &["--axes", "0,1", "--len", "8"],
        &["--len", "numpy.pad"],
    );
    refused(&array, &["--axes", "2"], &["invalid value '2'"]);
}

#[test]
fn help_documents_axes() {
    oclfft()
        .args(["fft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--axes <AXES>"))
        .stdout(predicate::str::contains("numpy's fftn"));
}
