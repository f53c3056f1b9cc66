//! `oclfft fft --real --axes 0,1` (numpy's `rfftn(x, axes=(0, 1))`: a rows x cols real array
//! in, rows x (cols/2 + 1) complex values out) and `--inverse --real --axes 0,1 --n N`
//! (numpy's `irfftn(X, s=(rows, N))`: rows x N reals out). Every result is compared with a
//! definition computed here in f64, not with the library's oracles.

mod common;

use common::*;
use num_complex::Complex64;
use predicates::prelude::*;
use std::f64::consts::PI;
use std::path::Path;

/// `e^(sign 2 pi i k n / len)`, with `k n` reduced first.
fn root(k: usize, n: usize, len: usize, sign: f64) -> Complex64 {
    Complex64::from_polar(1.0, sign * 2.0 * PI * ((k * n) % len) as f64 / len as f64)
}

/// numpy's `rfftn(x)` of a `rows` x `cols` array by the definition: the 2-D DFT's columns
/// `0..=cols/2`.
fn rfftn(x: &[f64], rows: usize, cols: usize) -> Vec<Complex64> {
    let bins = cols / 2 + 1;
    (0..rows * bins)
        .map(|k| {
            let (kr, kc) = (k / bins, k % bins);
            x.iter()
                .enumerate()
                .map(|(n, &v)| v * root(kr, n / cols, rows, -1.0) * root(kc, n % cols, cols, -1.0))
                .sum()
        })
        .collect()
}

/// numpy's `irfftn(half, s=(rows, len))` by its definition: each row cut or zero-padded to
/// `len/2 + 1` values, the inverse DFT (1/rows) down each column, then each row's `irfft(n=len)`:
/// the imaginary parts of DC and (even `len`) Nyquist dropped, the row completed by
/// `X[len - k] = conj X[k]`, `(1/len) sum X[k] e^(2 pi i k n / len)`.
fn irfftn(half: &[Complex64], rows: usize, values: usize, len: usize) -> Vec<f64> {
    let bins = len / 2 + 1;
    let at = |r: usize, k: usize| {
        if k < values {
            half[r * values + k]
        } else {
            Complex64::default()
        }
    };
    let columns: Vec<Complex64> = (0..rows * bins)
        .map(|i| {
            let (r, k) = (i / bins, i % bins);
            (0..rows)
                .map(|m| at(m, k) * root(r, m, rows, 1.0))
                .sum::<Complex64>()
                / rows as f64
        })
        .collect();
    (0..rows * len)
        .map(|i| {
            let (r, n) = (i / len, i % len);
            let row = &columns[r * bins..(r + 1) * bins];
            let sum: Complex64 = (0..len)
                .map(|k| {
                    let v = if k < bins {
                        row[k]
                    } else {
                        row[len - k].conj()
                    };
                    let v = if k == 0 || 2 * k == len {
                        Complex64::new(v.re, 0.0)
                    } else {
                        v
                    };
                    v * root(k, n, len, 1.0)
                })
                .sum();
            sum.re / len as f64
        })
        .collect()
}

/// `count` samples that are periodic in no length used here.
fn samples(count: usize) -> Vec<f64> {
    (0..count)
        .map(|n| {
            let t = n as f64;
            (0.37 * t).sin() + 0.5 * (0.071 * t + 0.3).cos() - 0.25
        })
        .collect()
}

/// Asserts `got` is `want` value by value within `tolerance` times the largest |want|.
fn assert_near(got: &[Complex64], want: &[Complex64], tolerance: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: number of values");
    let scale = want.iter().map(|v| v.norm()).fold(1e-30, f64::max);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).norm() <= tolerance * scale,
            "{what}: value {i} is {g}, expected {w}"
        );
    }
}

/// The dtype (`descr`) in a `.npy` file's header.
fn npy_dtype(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let header = String::from_utf8_lossy(&bytes[..bytes.len().min(128)]).into_owned();
    let at = header.find("'descr': '").expect("a descr") + 10;
    header[at..at + 3].to_string()
}

/// f32 results against f64 definitions.
const F32: f64 = 2e-6;

#[test]
fn a_2d_cosine_has_its_peak_in_the_right_bin_with_its_phase() {
    let dir = tempfile::tempdir().unwrap();
    // x[r, c] = dc + a cos(2 pi (kr r / rows + kc c / cols) + phase), 0 < kc < cols/2: the half
    // spectrum holds X[0, 0] = dc rows cols and X[kr, kc] = (a rows cols / 2) e^(i phase), 0
    // elsewhere (the mirror peak, at column cols - kc, is in the other half).
    let (dc, a, kr, kc, phase) = (0.5, 2.0, 3, 5, 0.75);
    for (rows, cols) in [(8, 16), (6, 15)] {
        let x: Vec<f64> = (0..rows * cols)
            .map(|i| {
                let (r, c) = ((i / cols) as f64, (i % cols) as f64);
                let turns = kr as f64 * r / rows as f64 + kc as f64 * c / cols as f64;
                dc + a * (2.0 * PI * turns + phase).cos()
            })
            .collect();
        let input = dir.path().join(format!("cos{cols}.npy"));
        write_npy(&input, &[rows, cols], &x);
        let out = dir.path().join(format!("X{cols}.npy"));
        let stderr = fft_ok(&input, &out, &["--real", "--axes", "0,1"]);
        let bins = cols / 2 + 1;
        assert!(
            stderr.contains(&format!(
                "array of {rows} x {cols} reals from npy, 2-D real forward (axes 0 and 1: {rows} x {bins} values of the half spectrum)"
            )),
            "{stderr}"
        );
        let (shape, got) = read_npy(&out);
        assert_eq!(shape, [rows, bins], "rows x (cols/2 + 1)");
        let total = (rows * cols) as f64;
        let want: Vec<Complex64> = (0..rows * bins)
            .map(|i| match (i / bins, i % bins) {
                (0, 0) => Complex64::new(dc * total, 0.0),
                (r, c) if (r, c) == (kr, kc) => Complex64::from_polar(a * total / 2.0, phase),
                _ => Complex64::default(),
            })
            .collect();
        assert_near(&got, &want, F32, &format!("{rows} x {cols} cosine"));
    }
}

#[test]
fn the_forward_transform_is_rfftn_for_even_odd_and_prime_shapes() {
    let dir = tempfile::tempdir().unwrap();
    // 12 x 10, 9 x 7 (odd cols), 7 x 17 (primes: Bluestein above 13), one row.
    for (rows, cols) in [(12, 10), (9, 7), (7, 17), (1, 8)] {
        let x = samples(rows * cols);
        let input = dir.path().join(format!("x{rows}x{cols}.npy"));
        write_npy(&input, &[rows, cols], &x);
        let out = dir.path().join(format!("X{rows}x{cols}.npy"));
        fft_ok(&input, &out, &["--real", "--axes", "0,1"]);
        let (shape, got) = read_npy(&out);
        assert_eq!(shape, [rows, cols / 2 + 1]);
        assert_eq!(npy_dtype(&out), "<c8");
        let what = format!("rfftn {rows} x {cols}");
        assert_near(&got, &rfftn(&x, rows, cols), F32, &what);
        // The axes in either order are the same transform.
        let swapped = dir.path().join(format!("S{rows}x{cols}.npy"));
        fft_ok(&input, &swapped, &["--real", "--axes", "1,0"]);
        assert_eq!(read_npy(&swapped), read_npy(&out));
    }
}

#[test]
fn forward_then_inverse_gives_the_array_back() {
    let dir = tempfile::tempdir().unwrap();
    // Even and odd N; f32 (the default) and f64.
    for (rows, cols, precision, tolerance) in [
        (6, 16, "f32", 1e-5),
        (5, 9, "f32", 1e-5),
        (4, 15, "f64", 1e-12),
    ] {
        let x = samples(rows * cols);
        let input = dir.path().join(format!("x{cols}.npy"));
        write_npy(&input, &[rows, cols], &x);
        let spectrum = dir.path().join(format!("X{cols}.npy"));
        let real = ["--real", "--axes", "0,1", "--precision", precision];
        fft_ok(&input, &spectrum, &real);
        let back = dir.path().join(format!("y{cols}.npy"));
        let n = cols.to_string();
        let stderr = fft_ok(
            &spectrum,
            &back,
            &[&real[..], &["--inverse", "--n", &n]].concat(),
        );
        let bins = cols / 2 + 1;
        assert!(
            stderr.contains(&format!(
                "half spectrum array of {rows} x {bins} values from npy, 2-D real inverse (axes 0 and 1) to {rows} x {cols} reals"
            )),
            "{stderr}"
        );
        let (shape, got) = read_npy(&back);
        assert_eq!(shape, [rows, cols]);
        let dtype = if precision == "f64" { "<f8" } else { "<f4" };
        assert_eq!(npy_dtype(&back), dtype, "real output");
        let what = format!("{rows} x {cols} round trip");
        assert_near(&got, &complex(&x), tolerance, &what);
    }
}

#[test]
fn the_inverse_is_irfftn_with_rows_cut_or_padded_to_n() {
    let dir = tempfile::tempdir().unwrap();
    // 4 rows of 5 arbitrary values (no Hermitian symmetry down the columns, imaginary DC):
    // N = 8 and 9 keep 5 values, N = 5 cuts to 3, N = 13 pads to 7.
    let (rows, values) = (4, 5);
    let half: Vec<Complex64> = samples(2 * rows * values)
        .chunks(2)
        .map(|p| Complex64::new(p[0], p[1]))
        .collect();
    let input = dir.path().join("H.npy");
    std::fs::write(
        &input,
        npy("<c16", false, &format!("({rows}, {values})"), &half),
    )
    .unwrap();
    for (len, note) in [
        (8, "4 x 5 values from npy, 2-D"),
        (9, "4 x 5 values from npy, 2-D"),
        (5, "4 x 5 values from npy, truncated to 3, 2-D"),
        (13, "4 x 5 values from npy, zero-padded to 7, 2-D"),
    ] {
        let out = dir.path().join(format!("y{len}.npy"));
        let n = len.to_string();
        let stderr = fft_ok(
            &input,
            &out,
            &["--inverse", "--real", "--axes", "0,1", "--n", &n],
        );
        assert!(stderr.contains(note), "{note:?} not in {stderr}");
        let (shape, got) = read_npy(&out);
        assert_eq!(shape, [rows, len]);
        let want = complex(&irfftn(&half, rows, values, len));
        assert_near(&got, &want, F32, &format!("irfftn(X, s=(4, {len}))"));
    }
}

#[test]
fn normalizations_scale_over_all_points() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, cols) = (4, 6);
    let x = samples(rows * cols);
    let input = dir.path().join("x.npy");
    write_npy(&input, &[rows, cols], &x);
    let total = (rows * cols) as f64;
    for (norm, scale) in [
        ("backward", 1.0),
        ("ortho", 1.0 / total.sqrt()),
        ("forward", 1.0 / total),
    ] {
        let out = dir.path().join(format!("X-{norm}.npy"));
        let real = ["--real", "--axes", "0,1", "--norm", norm];
        fft_ok(&input, &out, &real);
        let want: Vec<Complex64> = rfftn(&x, rows, cols).iter().map(|v| v * scale).collect();
        assert_near(&read_npy(&out).1, &want, F32, norm);
        // The inverse with the same --norm gives the array back.
        let back = dir.path().join(format!("y-{norm}.npy"));
        fft_ok(
            &out,
            &back,
            &[&real[..], &["--inverse", "--n", "6"]].concat(),
        );
        assert_near(&read_npy(&back).1, &complex(&x), 1e-5, norm);
    }
}

#[test]
fn check_compares_both_directions_with_the_2d_definition() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.npy");
    write_npy(&input, &[9, 16], &samples(144));
    let spectrum = dir.path().join("X.npy");
    for precision in ["f32", "f64"] {
        let real = [
            "--real",
            "--axes",
            "0,1",
            "--check",
            "--precision",
            precision,
        ];
        let stderr = fft_ok(&input, &spectrum, &real);
        assert!(
            stderr.contains("check against the 2-D real-input DFT (f64, rows then rustfft down the columns): relative L2 error"),
            "{stderr}"
        );
        assert!(stderr.contains("of 81 values differ"), "9 x 9: {stderr}");
        // Odd N: the spectrum's 9 values per row are those of 16 or 17 reals.
        let back = dir.path().join("y.npy");
        let stderr = fft_ok(
            &spectrum,
            &back,
            &[&real[..], &["--inverse", "--n", "17"]].concat(),
        );
        assert!(
            stderr.contains("check against the inverse 2-D real-input DFT (f64, rustfft down the columns, then the rows): relative L2 error"),
            "{stderr}"
        );
        assert!(stderr.contains("of 153 values differ"), "9 x 17: {stderr}");
    }
    // A NaN error fails the check (exit 3): the check compares.
    let nan = dir.path().join("nan.npy");
    let mut values = samples(16);
    values[5] = f64::NAN;
    write_npy(&nan, &[4, 4], &values);
    let out = dir.path().join("nan-out.npy");
    oclfft()
        .arg("fft")
        .arg(&nan)
        .arg("-o")
        .arg(&out)
        .args(["--real", "--axes", "0,1", "--check", "--allow-nonfinite"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "relative L2 error NaN exceeds the bound",
        ));
    assert!(!out.exists(), "a failed check wrote {}", out.display());
}

#[test]
fn wav_channels_are_the_rows_of_the_array() {
    let dir = tempfile::tempdir().unwrap();
    // 3 channels of 12 samples: a 3 x 12 array.
    let (rows, cols) = (3, 12);
    let x: Vec<f64> = samples(rows * cols).iter().map(|v| v * 0.5).collect();
    let wav = dir.path().join("x.wav");
    let spec = hound::WavSpec {
        channels: rows as u16,
        sample_rate: 8000,
        bits_per_sample: 32,
        sample_format: hound::SampleFormat::Float,
    };
    let mut writer = hound::WavWriter::create(&wav, spec).unwrap();
    for c in 0..cols {
        for r in 0..rows {
            writer.write_sample(x[r * cols + c] as f32).unwrap();
        }
    }
    writer.finalize().unwrap();
    let x: Vec<f64> = x.iter().map(|&v| f64::from(v as f32)).collect();

    let spectrum = dir.path().join("X.npy");
    fft_ok(&wav, &spectrum, &["--real", "--axes", "0,1"]);
    let (shape, got) = read_npy(&spectrum);
    assert_eq!(shape, [rows, cols / 2 + 1]);
    assert_near(&got, &rfftn(&x, rows, cols), F32, "3-channel WAV");

    // Back to a 3-channel WAV at the input's rate.
    let back = dir.path().join("y.wav");
    fft_ok(
        &spectrum,
        &back,
        &[
            "--inverse",
            "--real",
            "--axes",
            "0,1",
            "--n",
            "12",
            "--rate",
            "8000",
        ],
    );
    let mut reader = hound::WavReader::open(&back).unwrap();
    assert_eq!(reader.spec().channels, 3);
    let interleaved: Vec<f64> = reader
        .samples::<f32>()
        .map(|s| f64::from(s.unwrap()))
        .collect();
    let got: Vec<f64> = (0..rows * cols)
        .map(|i| interleaved[(i % cols) * rows + i / cols])
        .collect();
    assert_near(&complex(&got), &complex(&x), 1e-5, "WAV round trip");
}

/// Runs `oclfft fft INPUT ARGS...` expecting exit 2 with every needle on stderr and no
/// output.
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
fn bad_2d_real_requests_say_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let array = dir.path().join("a.npy");
    write_npy(&array, &[4, 4], &samples(16));
    let both = ["--real", "--axes", "0,1"];
    // Forward: the array at its own shape, as the complex 2-D transform.
    refused(
        &array,
        &[&both[..], &["--len", "8"]].concat(),
        &["--len", "numpy.pad"],
    );
    // Inverse: N is needed, as in 1-D.
    refused(
        &array,
        &[&both[..], &["--inverse"]].concat(),
        &["--inverse --real needs --n N"],
    );
    let complex_array = dir.path().join("z.npy");
    let mut values = complex(&samples(16));
    values[6].im = 1.0;
    std::fs::write(&complex_array, npy("<c16", false, "(4, 4)", &values)).unwrap();
    refused(
        &complex_array,
        &both,
        &["at row 1, column 2", "--real takes real signals"],
    );
    let text = dir.path().join("x.txt");
    write_signal(&text, &samples(8));
    refused(&text, &both, &["--axes 0,1 needs 2-D input"]);
    refused(
        &text,
        &[&both[..], &["--inverse", "--n", "8"]].concat(),
        &["--axes 0,1 needs 2-D input"],
    );
}

#[test]
fn help_documents_the_2d_real_transform() {
    oclfft()
        .args(["fft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("rfftn"))
        .stdout(predicate::str::contains("irfftn"));
}
