//! The `.npy` output of `oclfft fft` has the input's rank and shape (issue 11, item 6): a
//! `(1, N)` array comes back `(1, M)`, not `(M,)`; only the transformed axis changes length
//! (`--len`, `--real`, `--inverse --real --n`), whichever axis that is.

mod common;

use common::*;

/// `count` values that are not all equal (the shape tests do not depend on them).
fn ramp(count: usize) -> Vec<f64> {
    (0..count).map(|i| (i as f64 * 0.7).sin() + 0.1).collect()
}

/// The shape of `oclfft fft` of a float64 `.npy` of `shape` under `args`.
fn output_shape(shape: &[usize], args: &[&str]) -> Vec<usize> {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.npy");
    let output = dir.path().join("out.npy");
    write_npy(&input, shape, &ramp(shape.iter().product()));
    fft_ok(&input, &output, args);
    let (got, values) = read_npy(&output);
    assert_eq!(values.len(), got.iter().product::<usize>());
    got
}

#[test]
fn complex_transforms_keep_the_shape() {
    assert_eq!(output_shape(&[8], &[]), [8]);
    assert_eq!(output_shape(&[1, 8], &[]), [1, 8]);
    assert_eq!(output_shape(&[3, 8], &[]), [3, 8]);
    assert_eq!(output_shape(&[1, 8], &["--inverse"]), [1, 8]);
    // One column of 8: each row is a signal of 1 point by default, 8 rows stay 8 rows.
    assert_eq!(output_shape(&[8, 1], &[]), [8, 1]);
}

#[test]
fn len_changes_the_transformed_axis_only() {
    assert_eq!(output_shape(&[8], &["--len", "16"]), [16]);
    assert_eq!(output_shape(&[1, 8], &["--len", "16"]), [1, 16]);
    assert_eq!(output_shape(&[3, 8], &["--len", "5"]), [3, 5]);
    assert_eq!(
        output_shape(&[8, 3], &["--batch-axis", "1", "--len", "16"]),
        [16, 3]
    );
    assert_eq!(
        output_shape(&[8, 1], &["--batch-axis", "1", "--len", "4"]),
        [4, 1]
    );
}

#[test]
fn real_transforms_keep_the_rank_with_half_spectra_on_the_transformed_axis() {
    assert_eq!(output_shape(&[8], &["--real"]), [5]);
    assert_eq!(output_shape(&[1, 8], &["--real"]), [1, 5]);
    assert_eq!(output_shape(&[3, 10], &["--real"]), [3, 6]);
    assert_eq!(output_shape(&[1, 8], &["--real", "--n", "9"]), [1, 5]);
    assert_eq!(
        output_shape(&[10, 3], &["--real", "--batch-axis", "1"]),
        [6, 3]
    );
    assert_eq!(
        output_shape(&[10, 1], &["--real", "--batch-axis", "1"]),
        [6, 1]
    );
}

#[test]
fn inverse_real_transforms_give_n_reals_on_the_transformed_axis() {
    let inverse = ["--inverse", "--real", "--n", "8"];
    assert_eq!(output_shape(&[5], &inverse), [8]);
    assert_eq!(output_shape(&[1, 5], &inverse), [1, 8]);
    assert_eq!(output_shape(&[2, 5], &inverse), [2, 8]);
    let by_columns = ["--inverse", "--real", "--n", "8", "--batch-axis", "1"];
    assert_eq!(output_shape(&[5, 2], &by_columns), [8, 2]);
    assert_eq!(output_shape(&[5, 1], &by_columns), [8, 1]);
}

#[test]
fn a_one_row_array_round_trips_with_its_values_and_shape() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.npy");
    let spectrum = dir.path().join("X.npy");
    let back = dir.path().join("y.npy");
    let values = ramp(12);
    write_npy(&input, &[1, 12], &values);
    fft_ok(&input, &spectrum, &["--real"]);
    fft_ok(&spectrum, &back, &["--inverse", "--real", "--n", "12"]);
    let (shape, got) = read_npy(&back);
    assert_eq!(shape, [1, 12]);
    assert_close(&got, &values, 1e-5);
}

#[test]
fn text_and_mono_wav_are_1d_and_stereo_wav_2d() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["txt", "csv", "wav", "c64"] {
        let input = dir.path().join(format!("x.{ext}"));
        let output = dir.path().join(format!("X-{ext}.npy"));
        write_signal(&input, &ramp(16));
        fft_ok(&input, &output, &[]);
        assert_eq!(read_npy(&output).0, [16], "{ext}");
    }
    let stereo = dir.path().join("stereo.wav");
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: 8000,
        bits_per_sample: 32,
        sample_format: hound::SampleFormat::Float,
    };
    let mut w = hound::WavWriter::create(&stereo, spec).unwrap();
    for v in ramp(20) {
        w.write_sample(v as f32).unwrap();
    }
    w.finalize().unwrap();
    let output = dir.path().join("stereo.npy");
    fft_ok(&stereo, &output, &[]);
    assert_eq!(read_npy(&output).0, [2, 10]);
}
