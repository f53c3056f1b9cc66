//! `oclfft fft --real` (numpy's `rfft`: real signals in, `N/2 + 1` values of the half
//! spectrum out) and `oclfft fft --inverse --real --n N` (numpy's `irfft(n=N)`). Every
//! result is compared with a DFT computed here in f64, not with the library's oracles.

mod common;

use common::*;
use num_complex::Complex64;
use predicates::prelude::*;
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

/// `e^(sign 2 pi i k n / len)`, exact for `k n` a multiple of `len / 4`.
fn root(k: usize, n: usize, len: usize, sign: f64) -> Complex64 {
    let angle = 2.0 * PI * ((k * n) % len) as f64 / len as f64;
    Complex64::new(angle.cos(), sign * angle.sin())
}

/// numpy's `rfft(x, n=len)` by the definition: `x` cut or zero-padded to `len`, then bins
/// 0..=len/2 of `sum x[n] e^(-2 pi i k n / len)`.
fn rfft(x: &[f64], len: usize) -> Vec<Complex64> {
    (0..=len / 2)
        .map(|k| {
            x.iter()
                .take(len)
                .enumerate()
                .map(|(n, &v)| v * root(k, n, len, -1.0))
                .sum()
        })
        .collect()
}

/// numpy's `irfft(half, n=len)` by the definition: `half` cut or zero-padded to `len/2 + 1`
/// values, the imaginary parts of DC and (even `len`) Nyquist dropped, the spectrum
/// completed by `X[len - k] = conj X[k]`, then `(1/len) sum X[k] e^(2 pi i k n / len)`.
fn irfft(half: &[Complex64], len: usize) -> Vec<f64> {
    let at = |k: usize| half.get(k).copied().unwrap_or_default();
    let full: Vec<Complex64> = (0..len)
        .map(|k| {
            let v = if k <= len / 2 {
                at(k)
            } else {
                at(len - k).conj()
            };
            if k == 0 || 2 * k == len {
                Complex64::new(v.re, 0.0)
            } else {
                v
            }
        })
        .collect();
    (0..len)
        .map(|n| {
            let sum: Complex64 = full
                .iter()
                .enumerate()
                .map(|(k, &v)| v * root(k, n, len, 1.0))
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

/// Reads a real output: text (one value per line), CSV (one column under a header) or
/// float `.npy`; with the `.npy` shape.
fn read_reals(path: &Path) -> (Vec<f64>, String) {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let bytes = std::fs::read(path).unwrap();
    let lines = |text: &str| -> Vec<f64> {
        text.lines()
            .filter(|l| !l.starts_with('#') && *l != "value")
            .map(|l| {
                assert!(!l.contains(' ') && !l.contains(','), "not one value: {l:?}");
                l.parse::<f64>().unwrap()
            })
            .collect()
    };
    match ext {
        "txt" | "csv" => (lines(std::str::from_utf8(&bytes).unwrap()), String::new()),
        "npy" => {
            let len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
            let header = std::str::from_utf8(&bytes[10..10 + len]).unwrap();
            let shape = header[header.find("'shape': ").unwrap() + 9..]
                .split(')')
                .next()
                .unwrap()
                .to_string()
                + ")";
            let data = &bytes[10 + len..];
            let values = if header.contains("'<f8'") {
                data.chunks_exact(8)
                    .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                    .collect()
            } else {
                assert!(header.contains("'<f4'"), "{header}");
                data.chunks_exact(4)
                    .map(|c| f64::from(f32::from_le_bytes(c.try_into().unwrap())))
                    .collect()
            };
            (values, shape)
        }
        other => panic!("no real reader for .{other}"),
    }
}

/// Runs `oclfft fft INPUT -o OUT ARGS...`, expecting success, and returns stderr.
fn run(input: &Path, out: &Path, args: &[&str]) -> String {
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(out)
        .args(args)
        .assert()
        .success();
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
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

fn assert_near_real(got: &[f64], want: &[f64], tolerance: f64, what: &str) {
    assert_near(&complex(got), &complex(want), tolerance, what);
}

/// f32 results against f64 definitions.
const F32: f64 = 2e-6;

#[test]
fn a_cosine_has_its_peak_in_the_right_bin_with_its_phase() {
    let dir = tempfile::tempdir().unwrap();
    // x[n] = dc + a cos(2 pi k0 n / N + phase): X[0] = dc N, X[k0] = (a N / 2) e^(i phase),
    // every other bin of the half spectrum 0.
    let (dc, a, k0, phase) = (0.5, 2.0, 5, 0.75);
    for len in [64, 63] {
        let x: Vec<f64> = (0..len)
            .map(|n| dc + a * (2.0 * PI * (k0 * n) as f64 / len as f64 + phase).cos())
            .collect();
        let input = dir.path().join(format!("cos{len}.txt"));
        write_signal(&input, &x);
        let out = dir.path().join(format!("X{len}.txt"));
        let stderr = run(&input, &out, &["--real"]);
        let bins = len / 2 + 1;
        assert!(
            stderr.contains(&format!("{bins} values of the half spectrum")),
            "{stderr}"
        );
        let got = read_output(&out);
        assert_eq!(got.len(), bins, "N = {len}: N/2 + 1 bins");
        let peak = Complex64::from_polar(a * len as f64 / 2.0, phase);
        let want: Vec<Complex64> = (0..bins)
            .map(|k| match k {
                0 => Complex64::new(dc * len as f64, 0.0),
                k if k == k0 => peak,
                _ => Complex64::new(0.0, 0.0),
            })
            .collect();
        assert_near(&got, &want, F32, &format!("cosine, N = {len}"));
    }
}

#[test]
fn even_odd_and_bluestein_lengths_match_the_dft_in_both_directions() {
    let dir = tempfile::tempdir().unwrap();
    for len in [1, 2, 3, 15, 16, 17, 100, 1009, 2018] {
        let x = samples(len);
        let input = dir.path().join(format!("x{len}.npy"));
        write_signal(&input, &x);
        let spectrum = dir.path().join(format!("X{len}.npy"));
        run(&input, &spectrum, &["--real"]);
        let got = read_output(&spectrum);
        assert_near(&got, &rfft(&x, len), F32, &format!("rfft, N = {len}"));

        // A half spectrum with non-zero imaginary parts at DC and Nyquist, which irfft
        // ignores.
        let mut half = rfft(&x, len);
        half[0].im = 3.0;
        half[len / 2].im += 2.0;
        let half_file = dir.path().join(format!("H{len}.npy"));
        std::fs::write(
            &half_file,
            npy("<c16", false, &format!("({},)", half.len()), &half),
        )
        .unwrap();
        let back = dir.path().join(format!("y{len}.npy"));
        let n = len.to_string();
        run(&half_file, &back, &["--inverse", "--real", "--n", &n]);
        let (values, shape) = read_reals(&back);
        assert_eq!(shape, format!("({len},)"));
        assert_near_real(
            &values,
            &irfft(&half, len),
            F32,
            &format!("irfft, N = {len}"),
        );
    }
}

#[test]
fn forward_then_inverse_gives_the_signal_back() {
    let dir = tempfile::tempdir().unwrap();
    for (len, ext) in [(1000, "txt"), (999, "csv"), (64, "wav"), (17, "npy")] {
        let x: Vec<f64> = samples(len).iter().map(|v| v * 0.5).collect();
        let input = dir.path().join(format!("x{len}.{ext}"));
        write_signal(&input, &x);
        let spectrum = dir.path().join(format!("X{len}.txt"));
        run(&input, &spectrum, &["--real"]);
        let back = dir.path().join(format!("y{len}.{ext}"));
        let n = len.to_string();
        // The README's pair: the CLI's default normalization (backward) scales the inverse
        // by 1/N.
        let stderr = run(&spectrum, &back, &["--inverse", "--real", "--n", &n]);
        assert!(
            stderr.contains(&format!("real inverse to {len} points")),
            "{stderr}"
        );
        let got = if ext == "wav" {
            read_output(&back).iter().map(|v| v.re).collect()
        } else {
            read_reals(&back).0
        };
        // WAV input holds f32 samples already: compare with what was written.
        let want: Vec<f64> = if ext == "wav" {
            x.iter().map(|&v| f64::from(v as f32)).collect()
        } else {
            x
        };
        assert_near_real(
            &got,
            &want,
            1e-5,
            &format!("round trip via .{ext}, N = {len}"),
        );
    }
}

#[test]
fn n_pads_and_truncates_as_numpy() {
    let dir = tempfile::tempdir().unwrap();
    let x = samples(10);
    let input = dir.path().join("x.txt");
    write_signal(&input, &x);
    for (len, note) in [
        (16, "of 10 points from txt, zero-padded to 16, real forward"),
        (7, "of 10 points from txt, truncated to 7, real forward"),
        (10, "of 10 points from txt, real forward"),
    ] {
        let out = dir.path().join(format!("X{len}.txt"));
        let n = len.to_string();
        let stderr = run(&input, &out, &["--real", "-n", &n]);
        assert!(stderr.contains(note), "{note:?} not in {stderr}");
        assert_near(
            &read_output(&out),
            &rfft(&x, len),
            F32,
            &format!("rfft(x, n={len})"),
        );
    }
    // irfft(n=N) cuts a longer half spectrum to N/2 + 1 values and pads a shorter one.
    let half = rfft(&x, 10);
    let half_file = dir.path().join("H.txt");
    let text: String = half
        .iter()
        .map(|v| format!("{} {}\n", v.re, v.im))
        .collect();
    std::fs::write(&half_file, text).unwrap();
    for (len, note) in [
        (
            6,
            "1 half spectrum of 6 values from txt, truncated to 4, real inverse to 6 points",
        ),
        (
            15,
            "1 half spectrum of 6 values from txt, zero-padded to 8, real inverse to 15 points",
        ),
        (
            11,
            "1 half spectrum of 6 values from txt, real inverse to 11 points",
        ),
    ] {
        let out = dir.path().join(format!("y{len}.txt"));
        let n = len.to_string();
        let stderr = run(&half_file, &out, &["--inverse", "--real", "--len", &n]);
        assert!(stderr.contains(note), "{note:?} not in {stderr}");
        let (got, _) = read_reals(&out);
        assert_eq!(got.len(), len);
        assert_near_real(&got, &irfft(&half, len), F32, &format!("irfft(X, n={len})"));
    }
}

#[test]
fn batches_keep_their_shape_and_axis() {
    let dir = tempfile::tempdir().unwrap();
    let (rows, len) = (3, 12);
    let signals: Vec<Vec<f64>> = (0..rows).map(|r| samples(len + r).split_off(r)).collect();
    let flat: Vec<f64> = signals.concat();
    let input = dir.path().join("x.npy");
    std::fs::write(
        &input,
        npy("<f8", false, &format!("({rows}, {len})"), &complex(&flat)),
    )
    .unwrap();
    let spectrum = dir.path().join("X.npy");
    run(&input, &spectrum, &["--real"]);
    let want: Vec<Complex64> = signals.iter().flat_map(|s| rfft(s, len)).collect();
    assert_near(&read_output(&spectrum), &want, F32, "3 rows");
    let header = std::fs::read(&spectrum).unwrap();
    assert!(String::from_utf8_lossy(&header[..128]).contains("(3, 7)"));

    // Inverse: 3 rows of 12 reals, float64 with --precision f64.
    let back = dir.path().join("y.npy");
    run(
        &spectrum,
        &back,
        &["--inverse", "--real", "--n", "12", "--precision", "f64"],
    );
    let (got, shape) = read_reals(&back);
    assert_eq!(shape, "(3, 12)");
    assert_near_real(&got, &flat, 1e-5, "3 rows back");

    // --batch-axis 1: each column is a signal; the half spectra are columns too.
    let columns = dir.path().join("cols.npy");
    let transposed: Vec<f64> = (0..len)
        .flat_map(|c| signals.iter().map(move |s| s[c]))
        .collect();
    std::fs::write(
        &columns,
        npy(
            "<f8",
            false,
            &format!("({len}, {rows})"),
            &complex(&transposed),
        ),
    )
    .unwrap();
    let spectrum_cols = dir.path().join("Xc.npy");
    run(&columns, &spectrum_cols, &["--real", "--batch-axis", "1"]);
    let got = read_output(&spectrum_cols);
    let want_cols: Vec<Complex64> = (0..len / 2 + 1)
        .flat_map(|k| (0..rows).map(move |r| (r, k)))
        .map(|(r, k)| want[r * (len / 2 + 1) + k])
        .collect();
    assert_near(&got, &want_cols, F32, "batch axis 1");
    let back_cols = dir.path().join("yc.npy");
    run(
        &spectrum_cols,
        &back_cols,
        &["--inverse", "--real", "--n", "12", "--batch-axis", "1"],
    );
    let (got, shape) = read_reals(&back_cols);
    assert_eq!(shape, "(12, 3)");
    assert_near_real(&got, &transposed, 1e-5, "batch axis 1 back");
}

#[test]
fn normalizations_scale_as_numpy() {
    let dir = tempfile::tempdir().unwrap();
    let len = 24;
    let x = samples(len);
    let input = dir.path().join("x.txt");
    write_signal(&input, &x);
    let n = len as f64;
    for (norm, forward_scale, inverse_scale) in [
        ("backward", 1.0, 1.0),
        ("forward", 1.0 / n, n),
        ("ortho", 1.0 / n.sqrt(), n.sqrt()),
        ("none", 1.0, n),
    ] {
        let out = dir.path().join(format!("X-{norm}.txt"));
        run(&input, &out, &["--real", "--norm", norm]);
        let want: Vec<Complex64> = rfft(&x, len).iter().map(|v| v * forward_scale).collect();
        assert_near(&read_output(&out), &want, F32, norm);
        // The inverse of the unscaled spectrum: irfft (1/N) times `inverse_scale`.
        let half = dir.path().join(format!("H-{norm}.txt"));
        let text: String = rfft(&x, len)
            .iter()
            .map(|v| format!("{} {}\n", v.re, v.im))
            .collect();
        std::fs::write(&half, text).unwrap();
        let back = dir.path().join(format!("y-{norm}.txt"));
        run(
            &half,
            &back,
            &["--inverse", "--real", "--n", "24", "--norm", norm],
        );
        let want: Vec<f64> = x.iter().map(|v| v * inverse_scale).collect();
        assert_near_real(&read_reals(&back).0, &want, F32, norm);
    }
}

/// Runs `oclfft fft INPUT -o DIR/out.txt ARGS...`, expecting exit `code` with every one of
/// `needles` on stderr and no output file.
fn fails(input: &Path, args: &[&str], code: i32, needles: &[&str]) {
    let out: PathBuf = input.with_file_name("out.txt");
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(&out)
        .args(args)
        .assert()
        .code(code)
        .stderr(predicate::str::contains("panicked").not());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in: {stderr}");
    }
    assert!(!out.exists(), "a failed run left {}", out.display());
}

#[test]
fn inverse_real_without_n_says_why_it_is_needed() {
    let dir = tempfile::tempdir().unwrap();
    let half = dir.path().join("H.txt");
    std::fs::write(&half, "4 0\n-1 1\n0 0\n").unwrap();
    fails(
        &half,
        &["--inverse", "--real"],
        2,
        &["--inverse --real needs --n N", "even", "odd", "irfft(n=N)"],
    );
}

#[test]
fn complex_input_to_real_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("z.txt");
    std::fs::write(&text, "1 0\n2 0.5\n3 0\n").unwrap();
    fails(
        &text,
        &["--real"],
        2,
        &["(2+0.5i at row 0, column 1)", "--real takes real signals"],
    );
    let values = [Complex64::new(1.0, 0.0), Complex64::new(2.0, -1.0)];
    let npy_file = dir.path().join("z.npy");
    std::fs::write(&npy_file, npy("<c8", false, "(2,)", &values)).unwrap();
    fails(&npy_file, &["--real"], 2, &["--real takes real signals"]);

    // A complex file whose imaginary parts are all zero holds a real signal.
    let zero_im = dir.path().join("r.npy");
    let real = [1.0, 2.0, 3.0, 4.0];
    std::fs::write(&zero_im, npy("<c16", false, "(4,)", &complex(&real))).unwrap();
    let out = dir.path().join("R.txt");
    run(&zero_im, &out, &["--real"]);
    assert_near(
        &read_output(&out),
        &rfft(&real, 4),
        F32,
        "complex dtype, real values",
    );
}

#[test]
fn check_compares_real_transforms_with_the_dft() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    write_signal(&input, &samples(1000));
    let spectrum = dir.path().join("X.npy");
    for precision in ["f32", "f64"] {
        let stderr = run(
            &input,
            &spectrum,
            &["--real", "--check", "--precision", precision],
        );
        assert!(
            stderr.contains("check against the real-input DFT (f64): relative L2 error"),
            "{stderr}"
        );
        let stderr = run(
            &spectrum,
            &dir.path().join("y.txt"),
            &[
                "--inverse",
                "--real",
                "--n",
                "1000",
                "--check",
                "--precision",
                precision,
            ],
        );
        assert!(
            stderr.contains("check against the inverse real-input DFT (f64): relative L2 error"),
            "{stderr}"
        );
    }
    // A NaN error fails the check (exit 3), so the check really compares.
    let nan = dir.path().join("nan.txt");
    std::fs::write(&nan, "1\nnan\n3\n4\n").unwrap();
    fails(
        &nan,
        &["--real", "--check", "--allow-nonfinite"],
        3,
        &["relative L2 error NaN exceeds the bound"],
    );
}

#[test]
fn help_documents_real() {
    oclfft()
        .args(["fft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--real"))
        .stdout(predicate::str::contains("irfft(n=N)"));
}

#[test]
fn spectrum_of_an_odd_length_real_signal_finds_the_tone() {
    let dir = tempfile::tempdir().unwrap();
    // 999 samples of a tone at bin 111 (111 / 999 cycles per sample), amplitude 0.5: -6 dB.
    let x: Vec<f64> = (0..999)
        .map(|n| 0.5 * (2.0 * PI * (111 * n) as f64 / 999.0).cos())
        .collect();
    let input = dir.path().join("tone.txt");
    write_signal(&input, &x);
    let svg = dir.path().join("s.svg");
    let want = format!("strongest bin at {:.4}", 111.0 / 999.0);
    oclfft()
        .arg("spectrum")
        .arg(&input)
        .arg("-o")
        .arg(&svg)
        .assert()
        .success()
        .stderr(predicate::str::contains(want.trim_end_matches('0')))
        .stderr(predicate::str::contains("(-6.0 dB)"));
}

#[test]
fn spectrum_refuses_nan_and_infinite_samples_of_a_real_signal() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("s.svg");
    for (name, text) in [
        ("nan.txt", "1\nnan\n0\n0\n0\n"),
        ("inf.txt", "inf\n0\n0\n0\n"),
    ] {
        let input = dir.path().join(name);
        std::fs::write(&input, text).unwrap();
        oclfft()
            .arg("spectrum")
            .arg(&input)
            .arg("-o")
            .arg(&svg)
            .arg("--allow-nonfinite")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("nothing to plot"));
        assert!(!svg.exists());
    }
}
