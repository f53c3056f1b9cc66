//! `oclfft spectrum IMAGE.png -o SPECTRUM.png`: the 2-D magnitude spectrum of an image, an
//! 8-bit grayscale image of the same size with zero frequency in the centre (numpy's
//! `fftshift`). Test images are stripes, whose spectra are a few known bright pixels.

mod common;

use common::oclfft;
use image::ColorType;
use predicates::prelude::*;
use std::f64::consts::PI;
use std::path::Path;

/// `0.5 + 0.5 cos(2 pi k i / n)`: `k` stripes over `n` pixels, in [0, 1].
fn stripe(k: usize, i: usize, n: usize) -> f64 {
    0.5 + 0.5 * (2.0 * PI * (k * i) as f64 / n as f64).cos()
}

/// Runs `oclfft spectrum INPUT -o OUTPUT ARGS...`, expecting success; returns the output's
/// gray levels, row after row, after checking it is 8-bit gray of `rows` x `cols`.
fn spectrum(input: &Path, output: &Path, args: &[&str], rows: u32, cols: u32) -> Vec<u8> {
    oclfft()
        .arg("spectrum")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(args)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "image of {cols} x {rows} pixels"
        )));
    let image = image::open(output).unwrap();
    assert_eq!(image.color(), ColorType::L8);
    assert_eq!((image.height(), image.width()), (rows, cols));
    image.into_luma8().into_raw()
}

/// The positions `(row, column)` of the `count` brightest pixels, brightest first, and the
/// level of the next one.
fn brightest(levels: &[u8], cols: usize, count: usize) -> (Vec<(usize, usize)>, u8) {
    let mut order: Vec<usize> = (0..levels.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(levels[i]));
    let top = order[..count]
        .iter()
        .map(|&i| (i / cols, i % cols))
        .collect();
    (top, levels[order[count]])
}

#[test]
fn horizontal_stripes_give_two_peaks_above_and_below_the_centre() {
    let dir = tempfile::tempdir().unwrap();
    // 33 rows (odd: the centre is row 16, as numpy's fftshift puts it) by 48 columns; 5
    // stripes down the image: brightness varies along each column.
    let (rows, cols, k) = (33u32, 48u32, 5usize);
    let value = |r: u32| stripe(k, r as usize, rows as usize);
    let gray8: Vec<u8> = (0..rows * cols)
        .map(|i| (value(i / cols) * 255.0).round() as u8)
        .collect();
    let gray16: Vec<u8> = (0..rows * cols)
        .flat_map(|i| (((value(i / cols)) * 65535.0).round() as u16).to_ne_bytes())
        .collect();
    for (name, pixels, color) in [
        ("gray8.png", gray8, ColorType::L8),
        ("gray16.png", gray16, ColorType::L16),
    ] {
        let input = dir.path().join(name);
        image::save_buffer(&input, &pixels, cols, rows, color).unwrap();
        let output = dir.path().join(format!("spectrum-{name}"));
        let levels = spectrum(&input, &output, &[], rows, cols);
        let (top, next) = brightest(&levels, cols as usize, 3);
        // DC (0.5 x 33 x 48) at the centre is white; the stripes' two bins (half of it, -6 dB)
        // at rows 16 -+ 5 of the centre column, equal.
        assert_eq!(top[0], (16, 24), "{name}");
        let mut peaks = top[1..].to_vec();
        peaks.sort();
        assert_eq!(peaks, [(11, 24), (21, 24)], "{name}");
        assert_eq!(levels[16 * 48 + 24], 255, "{name}");
        let peak = levels[11 * 48 + 24];
        assert_eq!(peak, levels[21 * 48 + 24], "{name}");
        // -6.02 dB of a 120 dB range: 255 (1 - 6.02 / 120) = 242.2.
        assert_eq!(peak, 242, "{name}");
        assert!(next < peak - 20, "{name}: the 4th brightest is {next}");
    }
}

#[test]
fn colour_is_luminance_and_alpha_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    // Red stripes across (3 along each row), blue ones down (2 along each column), and an
    // alpha channel of noise: the luminance weights red 0.2126 and blue 0.0722, so the red
    // peaks are 20 log10(0.2126 / 0.0722) = 9.38 dB above the blue ones.
    let (rows, cols) = (32u32, 40u32);
    let level = |v: f64| (v * 255.0).round() as u8;
    let pixels: Vec<u8> = (0..rows * cols)
        .flat_map(|i| {
            let (r, c) = ((i / cols) as usize, (i % cols) as usize);
            let red = level(stripe(3, c, cols as usize));
            let blue = level(stripe(2, r, rows as usize));
            [red, 0, blue, (i * 37 % 256) as u8]
        })
        .collect();
    let input = dir.path().join("colour.png");
    image::save_buffer(&input, &pixels, cols, rows, ColorType::Rgba8).unwrap();
    let output = dir.path().join("spectrum.png");
    let levels = spectrum(&input, &output, &["--db-range", "60"], rows, cols);
    let at = |r: usize, c: usize| levels[r * cols as usize + c];
    let (centre_r, centre_c) = (16, 20);
    assert_eq!(at(centre_r, centre_c), 255);
    let red = [at(centre_r, centre_c - 3), at(centre_r, centre_c + 3)];
    let blue = [at(centre_r - 2, centre_c), at(centre_r + 2, centre_c)];
    assert_eq!(red[0], red[1]);
    assert_eq!(blue[0], blue[1]);
    // 9.38 dB of a 60 dB range: 39.9 levels.
    let step = i32::from(red[0]) - i32::from(blue[0]);
    assert!((39..=41).contains(&step), "red {red:?}, blue {blue:?}");
    let (top, _) = brightest(&levels, cols as usize, 5);
    assert_eq!(top[0], (centre_r, centre_c));
    let mut rest = top[1..].to_vec();
    rest.sort();
    assert_eq!(rest, [(14, 20), (16, 17), (16, 23), (18, 20)]);
}

/// Runs `oclfft spectrum INPUT -o OUTPUT ARGS...` expecting exit 2 and every needle on
/// stderr, and no output file.
fn refused(input: &Path, output: &Path, args: &[&str], needles: &[&str]) {
    let assert = oclfft()
        .arg("spectrum")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("panicked").not());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} not in: {stderr}");
    }
    assert!(!output.exists(), "a refused run wrote {}", output.display());
}

#[test]
fn corrupt_and_misnamed_images_are_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("spectrum.png");
    let text = dir.path().join("not-an-image.png");
    std::fs::write(&text, "1\n2\n3\n").unwrap();
    refused(
        &text,
        &output,
        &[],
        &["not-an-image.png: not a readable PNG image"],
    );

    // A real image cut short: the header reads, the pixels do not.
    let whole = dir.path().join("whole.png");
    image::save_buffer(&whole, &[9u8; 64 * 64], 64, 64, ColorType::L8).unwrap();
    let bytes = std::fs::read(&whole).unwrap();
    let cut = dir.path().join("cut.png");
    std::fs::write(&cut, &bytes[..bytes.len() - 30]).unwrap();
    refused(&cut, &output, &[], &["cut.png: not a readable PNG image"]);

    let missing = dir.path().join("missing.png");
    refused(&missing, &output, &[], &["cannot read", "missing.png"]);

    // Options of a signal's spectrum, and an output that is not a PNG.
    refused(
        &whole,
        &output,
        &["--window", "hann"],
        &["--window applies to the spectrum of a signal"],
    );
    refused(&whole, &output, &["--rate", "8000"], &["--rate applies"]);
    refused(
        &whole,
        &dir.path().join("spectrum.svg"),
        &[],
        &["the spectrum of an image is an image of the same size: name a .png output"],
    );
    refused(
        &whole,
        &output,
        &["--db-range", "0"],
        &["--db-range 0: must be a positive"],
    );
}

/// CRC-32 of a PNG chunk's type and data (ISO 3309).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A 1 x 1 gray PNG whose header says `side` x `side` pixels, its checksum fixed: only the
/// header can be read.
fn fake_header(path: &Path, side: u32) {
    let small = path.with_file_name("small.png");
    image::save_buffer(&small, &[0u8], 1, 1, ColorType::L8).unwrap();
    let mut bytes = std::fs::read(&small).unwrap();
    bytes[16..20].copy_from_slice(&side.to_be_bytes());
    bytes[20..24].copy_from_slice(&side.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    std::fs::write(path, &bytes).unwrap();
}

#[test]
fn an_image_too_large_to_transform_is_refused_before_it_is_decoded() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("spectrum.png");
    // 20000 x 20000 = 4 x 10^8 points, beyond the 2^27 of the longest transform: the
    // planner refuses it (exit 2) from the header alone.
    let huge = dir.path().join("huge.png");
    fake_header(&huge, 20_000);
    refused(
        &huge,
        &output,
        &[],
        &[
            "huge.png is 20000 x 20000 pixels, too large for one 2-D transform on this device",
            "134217728",
            "scale the image down",
        ],
    );
    // 70000 x 70000 (4.9 GB of 8-bit pixels): beyond what the reader decodes, on any device.
    let larger = dir.path().join("larger.png");
    fake_header(&larger, 70_000);
    refused(
        &larger,
        &output,
        &[],
        &[
            "larger.png: the image is 70000 x 70000 pixels, more than the reader decodes",
            "scale it down",
        ],
    );
}
