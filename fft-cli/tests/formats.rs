//! `oclfft fft` on a known signal in every format: the tones land in the right bins with
//! the right amplitudes, and forward then inverse (`--norm backward`) gives the signal back.
//! The `--norm` conventions are numpy's, default included.

mod common;

use common::*;
use num_complex::Complex64;
use predicates::prelude::*;
use std::path::Path;

/// Output format for the spectrum of an input format (WAV holds real data only).
fn spectrum_ext(ext: &str) -> &str {
    if ext == "wav" {
        "npy"
    } else {
        ext
    }
}

const FORMATS: [&str; 6] = ["txt", "csv", "npy", "wav", "c64", "c128"];

#[test]
fn tones_land_in_their_bins_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for ext in FORMATS {
        let input = dir.path().join(format!("tones.{ext}"));
        let output = dir
            .path()
            .join(format!("spectrum-{ext}.{}", spectrum_ext(ext)));
        write_signal(&input, &tones(1.0));
        oclfft()
            .arg("fft")
            .arg(&input)
            .arg("-o")
            .arg(&output)
            .assert()
            .success();
        assert_tones(&read_output(&output), 1.0, 2e-3);
    }
}

#[test]
fn forward_then_inverse_gives_the_signal_back_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let signal = tones(0.5);
    for ext in FORMATS {
        let input = dir.path().join(format!("x.{ext}"));
        let spectrum = dir.path().join(format!("X-{ext}.{}", spectrum_ext(ext)));
        let back = dir.path().join(format!("back.{ext}"));
        write_signal(&input, &signal);
        oclfft()
            .args([
                "fft".as_ref(),
                input.as_os_str(),
                "-o".as_ref(),
                spectrum.as_os_str(),
            ])
            .assert()
            .success();
        oclfft()
            .args([
                "fft".as_ref(),
                spectrum.as_os_str(),
                "-o".as_ref(),
                back.as_os_str(),
            ])
            .args(["--inverse", "--norm", "backward"])
            .assert()
            .success();
        assert_close(&read_output(&back), &signal, 1e-5);
    }
}

#[test]
fn norm_defaults_to_backward_and_forward_moves_the_scale_to_the_forward_transform() {
    let dir = tempfile::tempdir().unwrap();
    let signal = tones(0.5);
    let input = dir.path().join("x.txt");
    write_signal(&input, &signal);
    // Each run is in f64 and checked against rustfft scaled by the same convention.
    let fft = |from: &Path, to: &str, args: &[&str]| -> (std::path::PathBuf, Vec<Complex64>) {
        let output = dir.path().join(to);
        oclfft()
            .arg("fft")
            .arg(from)
            .arg("-o")
            .arg(&output)
            .args(["--precision", "f64", "--check"])
            .args(args)
            .assert()
            .success();
        let values = read_output(&output);
        (output, values)
    };
    let n = N as f64;

    // Default (backward): the forward transform is unscaled, the inverse divides by N, so
    // the inverse of the forward result is the input.
    let (spectrum_file, spectrum) = fft(&input, "X.c128", &[]);
    assert_tones(&spectrum, 0.5, 1e-9);
    let (_, back) = fft(&spectrum_file, "back.c128", &["--inverse"]);
    assert_close(&back, &signal, 1e-9);
    let (_, explicit) = fft(
        &spectrum_file,
        "explicit.c128",
        &["--inverse", "--norm", "backward"],
    );
    assert_eq!(explicit, back);

    // none (the library's default): the round trip is N times the input.
    let (_, unscaled) = fft(
        &spectrum_file,
        "unscaled.c128",
        &["--inverse", "--norm", "none"],
    );
    let times_n: Vec<f64> = signal.iter().map(|v| v * n).collect();
    assert_close(&unscaled, &times_n, 1e-9 * n);

    // forward: the forward result is the unscaled spectrum divided by N, and the inverse
    // (unscaled) of it is the input again.
    let (scaled_file, scaled) = fft(&input, "Xf.c128", &["--norm", "forward"]);
    assert_eq!(scaled.len(), spectrum.len());
    for (k, (got, unscaled)) in scaled.iter().zip(&spectrum).enumerate() {
        let want = unscaled / n;
        assert!(
            (got - want).norm() <= 1e-12,
            "bin {k}: got {got}, expected {want}"
        );
    }
    let (_, back) = fft(
        &scaled_file,
        "backf.c128",
        &["--inverse", "--norm", "forward"],
    );
    assert_close(&back, &signal, 1e-9);
}

#[test]
fn norm_help_names_both_defaults() {
    oclfft()
        .args(["fft", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("forward"))
        .stdout(predicate::str::contains("Default backward, as numpy"))
        .stdout(predicate::str::contains("library's default is none"))
        .stdout(predicate::str::contains("[default: backward]"));
}

#[test]
fn f64_and_ortho_and_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    write_signal(&input, &tones(1.0));
    let out = oclfft()
        .args(["fft".as_ref(), input.as_os_str()])
        .args(["--precision", "f64", "--norm", "ortho", "--check"])
        .assert()
        .success()
        .stderr(predicates::str::contains("relative L2 error"))
        .get_output()
        .stdout
        .clone();
    let spectrum: Vec<Complex64> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Vec<f64> = l.split(' ').map(|t| t.parse().unwrap()).collect();
            Complex64::new(v[0], v[1])
        })
        .collect();
    // Ortho scales by 1/sqrt(N); f64 on the device is accurate to ~1e-12.
    let scaled: Vec<Complex64> = spectrum.iter().map(|v| v * (N as f64).sqrt()).collect();
    assert_tones(&scaled, 1.0, 1e-9);
}

#[test]
fn batches_by_rows_or_columns_and_fortran_order() {
    let dir = tempfile::tempdir().unwrap();
    let a = tones(1.0);
    let b = tones(0.5);
    // Shape (2, N): each row a signal.
    let rows: Vec<Complex64> = complex(&a).into_iter().chain(complex(&b)).collect();
    let by_rows = dir.path().join("rows.npy");
    std::fs::write(&by_rows, npy("<f4", false, &format!("(2, {N})"), &rows)).unwrap();
    // The same data as a Fortran-order (2, N) array: memory is column after column.
    let column_major: Vec<Complex64> = (0..N).flat_map(|i| [rows[i], rows[N + i]]).collect();
    let fortran = dir.path().join("fortran.npy");
    std::fs::write(
        &fortran,
        npy("<f8", true, &format!("(2, {N})"), &column_major),
    )
    .unwrap();
    // Shape (N, 2) in C order has the same memory: each column a signal.
    let by_columns = dir.path().join("columns.npy");
    std::fs::write(
        &by_columns,
        npy("<c16", false, &format!("({N}, 2)"), &column_major),
    )
    .unwrap();

    for (input, axis) in [(&by_rows, "0"), (&fortran, "0"), (&by_columns, "1")] {
        let out = dir.path().join("out.npy");
        oclfft()
            .args([
                "fft".as_ref(),
                input.as_os_str(),
                "-o".as_ref(),
                out.as_os_str(),
            ])
            .args(["--batch-axis", axis])
            .assert()
            .success();
        let mut got = read_output(&out);
        if axis == "1" {
            got = (0..2)
                .flat_map(|r| (0..N).map(move |i| (r, i)))
                .map(|(r, i)| got[i * 2 + r])
                .collect();
        }
        assert_tones(&got[..N], 1.0, 2e-3);
        assert_tones(&got[N..], 0.5, 2e-3);
    }
}

#[test]
fn stereo_wav_channels_are_batch_rows() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("stereo.wav");
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: 8000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(&input, spec).unwrap();
    for (l, r) in tones(0.5).into_iter().zip(tones(0.25)) {
        w.write_sample((l * 32768.0).round() as i16).unwrap();
        w.write_sample((r * 32768.0).round() as i16).unwrap();
    }
    w.finalize().unwrap();
    let out = dir.path().join("stereo.npy");
    oclfft()
        .args([
            "fft".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ])
        .assert()
        .success();
    let got = read_output(&out);
    // 16-bit quantization adds noise of about N * 2^-16 per bin.
    assert_tones(&got[..N], 0.5, 0.05);
    assert_tones(&got[N..], 0.25, 0.05);
}

#[test]
fn len_zero_pads_a_short_signal() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("short.csv");
    std::fs::write(&input, "re,im\n1,0\n1,0\n1,0\n").unwrap();
    let out = dir.path().join("out.csv");
    oclfft()
        .args([
            "fft".as_ref(),
            input.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "--len".as_ref(),
            "4".as_ref(),
        ])
        .assert()
        .success()
        .stderr(predicates::str::contains("zero-padded to 4"));
    // [1, 1, 1, 0] -> [3, -i, 1, i]
    let want = [(3.0, 0.0), (0.0, -1.0), (1.0, 0.0), (0.0, 1.0)];
    let got = read_output(&out);
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g.re - w.0).abs() < 1e-6 && (g.im - w.1).abs() < 1e-6,
            "{got:?}"
        );
    }
}
