//! Every subcommand of `oclfft` runs and says what the README says it does.

mod common;

use common::*;
use predicates::prelude::*;

#[test]
fn help_documents_the_exit_codes() {
    for args in [&["--help"][..], &["fft", "--help"]] {
        oclfft()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains("Exit codes:"))
            .stdout(predicate::str::contains("3  `fft --check`"));
    }
}

#[test]
fn devices_lists_the_default() {
    oclfft()
        .arg("devices")
        .assert()
        .success()
        .stdout(predicate::str::contains("default: [0]"));
}

#[test]
fn kernel_prints_the_generated_source_byte_for_byte() {
    use fft_codegen::{emit, Form, KernelSpec, RadixSpec};
    let spec = KernelSpec::Radix(RadixSpec {
        direction: fft_core::Direction::Inverse,
        precision: fft_core::Precision::F64,
        twiddles: fft_codegen::Twiddles::Native,
        ..RadixSpec::new(16)
    });
    let want = emit(&spec).unwrap().source.into_owned();
    oclfft()
        .args([
            "kernel",
            "16",
            "--inverse",
            "--precision",
            "f64",
            "--twiddles",
            "native",
        ])
        .assert()
        .success()
        .stdout(want);
    let default = emit(&KernelSpec::Radix(RadixSpec::new(8))).unwrap();
    oclfft()
        .args(["kernel", "8"])
        .assert()
        .success()
        .stdout(default.source.into_owned());
    let scalar = KernelSpec::Radix(RadixSpec {
        form: Form::Scalar,
        ..RadixSpec::new(4)
    });
    oclfft()
        .args(["kernel", "4", "--form", "scalar"])
        .assert()
        .success()
        .stdout(emit(&scalar).unwrap().source.into_owned());
    // Odd radices of mixed-radix plans are generated too.
    let radix3 = emit(&KernelSpec::Radix(RadixSpec::new(3))).unwrap();
    oclfft()
        .args(["kernel", "3"])
        .assert()
        .success()
        .stdout(radix3.source.into_owned());
    oclfft()
        .args(["kernel", "17"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("radix 17 is not supported"));
}

#[test]
fn plan_explains_a_transform() {
    oclfft()
        .args(["plan", "4096", "--batch", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("plan built in"));
}

#[test]
fn plan_explains_real_transforms() {
    for (args, kind) in [
        (
            &["plan", "1000", "--real"][..],
            "forward R2C, 1 x 1000 points",
        ),
        (
            &["plan", "1000", "--real", "--inverse"],
            "inverse C2R, 1 x 1000 points",
        ),
        (&["plan", "7", "--real", "--batch", "3"], "7 is odd"),
    ] {
        oclfft()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains(kind))
            .stdout(predicate::str::contains(
                "complex values per row (numpy's rfft layout)",
            ))
            .stdout(predicate::str::contains("plan built in"));
    }
}

#[test]
fn plan_explains_any_length() {
    for (len, algorithm) in [
        ("1000", "1000 = 2^3 * 5^3: Stockham passes of mixed radices"),
        ("1019", "Bluestein's chirp-z convolution of length 2048"),
        // 1009 - 1 = 1008 is 13-smooth; the CI device (PoCL) has no fused passes.
        (
            "1009",
            "Rader's algorithm, a cyclic convolution of length 1008",
        ),
        ("1", "length 1: the DFT is the identity"),
    ] {
        oclfft()
            .args(["plan", len])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("1 x {len} points")))
            .stdout(predicate::str::contains(algorithm))
            .stdout(predicate::str::contains("plan built in"));
    }
}

#[test]
fn plan_refuses_empty_and_oversized_transforms_with_the_numbers() {
    for (args, message) in [
        (&["plan", "0"][..], "length must be at least 1 (got 0)"),
        (
            &["plan", "16", "--batch", "0"][..],
            "batch must be at least 1 (got 0)",
        ),
        (
            &["plan", "134217729"][..],
            "length 134217729 exceeds the longest supported transform, 134217728 points",
        ),
        (
            &["plan", "1019", "--batch", "4000000"][..],
            "len 1019 x batch 4000000 needs more than 4294967295 points",
        ),
    ] {
        oclfft()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn spectrum_draws_png_and_svg_with_labelled_axes() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("tones.wav");
    write_signal(&wav, &tones(1.0));
    let png = dir.path().join("s.png");
    oclfft()
        .args([
            "spectrum".as_ref(),
            wav.as_os_str(),
            "-o".as_ref(),
            png.as_os_str(),
        ])
        .args(["--window", "hann"])
        .assert()
        .success()
        // 50 / 1024 of the WAV header's 8000 Hz; amplitude 1 is 0 dB.
        .stderr(predicate::str::contains("strongest bin at 390.625 Hz"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));

    let txt = dir.path().join("tones.txt");
    write_signal(&txt, &tones(1.0));
    let svg = dir.path().join("s.svg");
    oclfft()
        .args([
            "spectrum".as_ref(),
            txt.as_os_str(),
            "-o".as_ref(),
            svg.as_os_str(),
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("(0.0 dB)"));
    let text = std::fs::read_to_string(&svg).unwrap();
    for label in [
        "Magnitude spectrum of tones.txt",
        "Normalized frequency",
        "Magnitude (dB",
    ] {
        assert!(text.contains(label), "{label} missing from the SVG");
    }

    let bad = dir.path().join("s.jpg");
    oclfft()
        .args([
            "spectrum".as_ref(),
            txt.as_os_str(),
            "-o".as_ref(),
            bad.as_os_str(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(".png or .svg"));
    assert!(!bad.exists());
}

#[test]
fn bench_reports_transfers_breakeven_json_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("bench.json");
    let svg = dir.path().join("bench.svg");
    oclfft()
        .args([
            "bench",
            "--log2-total",
            "10",
            "--min",
            "4",
            "--max",
            "6",
            "--runs",
            "2",
            "--warmup",
            "1",
        ])
        .arg("--json")
        .arg(&json)
        .arg("--plot")
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::contains("w/xfer_ms"))
        .stdout(predicate::str::contains("rustfft_ms"))
        .stdout(predicate::str::contains("breakeven against rustfft"));
    let json = std::fs::read_to_string(&json).unwrap();
    assert!(
        json.contains("\"transfer_ms\"")
            && json.contains("\"breakeven_n\"")
            && json.contains("\"breakeven_log2n\"")
            && json.contains("{\"n\": 64, \"log2n\": 6, \"batch\": 16,"),
        "{json}"
    );
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("kernel + host"), "legend missing");
}

#[test]
fn bench_times_a_list_of_any_lengths() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("sizes.json");
    let svg = dir.path().join("sizes.svg");
    let assert = oclfft()
        .args([
            "bench",
            "--sizes",
            "1009,1000",
            "--log2-total",
            "12",
            "--runs",
            "2",
            "--warmup",
            "1",
        ])
        .arg("--json")
        .arg(&json)
        .arg("--plot")
        .arg(&svg)
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    // Sorted; 1000 fills 4096 points 4 times, 1009 (Bluestein, padded to 2048) twice.
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.first().is_some_and(|n| n.parse::<usize>().is_ok()))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert_eq!(rows[0][..2], ["1000", "4"], "{stdout}");
    assert_eq!(rows[1][..2], ["1009", "2"], "{stdout}");
    for row in &rows {
        let rel_l2: f64 = row[7].parse().unwrap();
        assert!(rel_l2 < 1e-5, "error {rel_l2} in {stdout}");
    }
    assert!(stdout.contains("breakeven against rustfft"), "{stdout}");
    let json = std::fs::read_to_string(&json).unwrap();
    for row in [
        "{\"n\": 1000, \"log2n\": null, \"batch\": 4,",
        "{\"n\": 1009, \"log2n\": null, \"batch\": 2,",
    ] {
        assert!(json.contains(row), "{row} not in {json}");
    }
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains("transform length N"), "axis label missing");
}

#[test]
fn bench_refuses_sizes_that_do_not_fit() {
    for (args, message) in [
        (
            &["bench", "--sizes", "0,16"][..],
            "length 0 has nothing to compute",
        ),
        (
            &["bench", "--sizes", "65537", "--log2-total", "17"][..],
            "N = 65537 needs 131220 points per transform, more than the 2^17 = 131072",
        ),
        (
            &["bench", "--sizes", "16", "--max", "8"][..],
            "cannot be used with",
        ),
        (
            &["bench", "--log2-total", "70"][..],
            "--log2-total 70: at most 31",
        ),
    ] {
        oclfft()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn spectrum_of_a_complex_signal_spans_negative_and_positive_frequencies() {
    // exp(-2 pi i 5 n / 64) at 64 Hz: a tone at -5 Hz, which only a complex signal has.
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("tone.txt");
    let text: String = (0..64)
        .map(|n| {
            let phase = -2.0 * std::f64::consts::PI * 5.0 * f64::from(n) / 64.0;
            format!("{} {}\n", phase.cos(), phase.sin())
        })
        .collect();
    std::fs::write(&txt, text).unwrap();
    let svg = dir.path().join("s.svg");
    oclfft()
        .args([
            "spectrum".as_ref(),
            txt.as_os_str(),
            "-o".as_ref(),
            svg.as_os_str(),
        ])
        .args(["--rate", "64"])
        .assert()
        .success()
        .stderr(predicate::str::contains("strongest bin at -5 Hz"));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn plan_measures_remembers_and_takes_a_decomposition() {
    let cache = tempfile::tempdir().unwrap();
    let measure = || {
        oclfft()
            .env("OCLFFT_CACHE_DIR", cache.path())
            .args(["plan", "256", "--batch", "8", "--measure"])
            .assert()
            .success()
    };
    measure().stdout(
        predicate::str::contains("measure mode: ").and(predicate::str::contains("fastest of")),
    );
    let tuning = std::fs::read_to_string(cache.path().join("tuning.toml")).unwrap();
    assert!(
        tuning.contains("transform = \"f32 c2c len 256 batch 8"),
        "{tuning}"
    );
    measure().stdout(predicate::str::contains("tuning.toml"));
    oclfft()
        .args(["plan", "256", "--decomposition", "radix 16 vector"])
        .assert()
        .success()
        .stdout(predicate::str::contains("global radix-16 pass"));
    oclfft()
        .args(["plan", "256", "--decomposition", "fused 64x64"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "fused split 64x64 transforms 4096 points",
        ));
}
