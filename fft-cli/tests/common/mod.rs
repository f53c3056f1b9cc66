//! Helpers of the `oclfft` binary tests: the command, test signals written in every format,
//! and readers for every output format. (The tests run on the default OpenCL device, PoCL in
//! CI.)
#![allow(dead_code)]

use assert_cmd::Command;
use num_complex::Complex64;
use std::f64::consts::PI;
use std::path::Path;

/// The built `oclfft` binary.
pub fn oclfft() -> Command {
    Command::cargo_bin("oclfft").expect("the oclfft binary is built")
}

/// Transform length of the known signal.
pub const N: usize = 1024;
/// Bins and amplitudes of its two cosines.
pub const TONES: [(usize, f64); 2] = [(50, 1.0), (200, 0.25)];

/// `sum A cos(2 pi k n / N)` over `tones`, scaled by `scale`.
pub fn tones(scale: f64) -> Vec<f64> {
    (0..N)
        .map(|n| {
            TONES
                .iter()
                .map(|&(k, a)| scale * a * (2.0 * PI * (k * n) as f64 / N as f64).cos())
                .sum()
        })
        .collect()
}

/// Asserts a forward spectrum of [`tones`]`(scale)`: |X[k]| = A N / 2 at the tones (and their
/// mirrors), about zero elsewhere.
pub fn assert_tones(spectrum: &[Complex64], scale: f64, tolerance: f64) {
    assert_eq!(spectrum.len(), N);
    for (k, v) in spectrum.iter().enumerate() {
        let expected = TONES
            .iter()
            .find(|&&(t, _)| k == t || k == N - t)
            .map_or(0.0, |&(_, a)| scale * a * N as f64 / 2.0);
        assert!(
            (v.norm() - expected).abs() <= tolerance,
            "bin {k}: |X| = {} but expected {expected}",
            v.norm()
        );
    }
}

/// Asserts two signals are equal within `tolerance` (real parts; imaginary parts about 0).
pub fn assert_close(got: &[Complex64], want: &[f64], tolerance: f64) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g.re - w).abs() <= tolerance && g.im.abs() <= tolerance,
            "value {i}: got {g}, expected {w}"
        );
    }
}

/// `.npy` bytes of `values` (`descr` '<f8', '<f4', '<c8' or '<c16') with `shape`.
pub fn npy(descr: &str, fortran: bool, shape: &str, values: &[Complex64]) -> Vec<u8> {
    let mut dict = format!(
        "{{'descr': '{descr}', 'fortran_order': {}, 'shape': {shape}, }}",
        if fortran { "True" } else { "False" }
    );
    while (10 + dict.len() + 1) % 64 != 0 {
        dict.push(' ');
    }
    dict.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(dict.len() as u16).to_le_bytes());
    out.extend_from_slice(dict.as_bytes());
    for v in values {
        match descr {
            "<f8" => out.extend_from_slice(&v.re.to_le_bytes()),
            "<f4" => out.extend_from_slice(&(v.re as f32).to_le_bytes()),
            "<c8" => {
                out.extend_from_slice(&(v.re as f32).to_le_bytes());
                out.extend_from_slice(&(v.im as f32).to_le_bytes());
            }
            _ => {
                out.extend_from_slice(&v.re.to_le_bytes());
                out.extend_from_slice(&v.im.to_le_bytes());
            }
        }
    }
    out
}

/// Real values as complex.
pub fn complex(values: &[f64]) -> Vec<Complex64> {
    values.iter().map(|&v| Complex64::new(v, 0.0)).collect()
}

/// Writes `values` in the format of `path`'s extension (wav: 32-bit float, one channel).
pub fn write_signal(path: &Path, values: &[f64]) {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let bytes: Vec<u8> = match ext {
        "txt" => {
            let mut t = String::from("# test signal\n");
            values.iter().for_each(|v| t.push_str(&format!("{v}\n")));
            t.into_bytes()
        }
        "csv" => {
            let mut t = String::from("value\n");
            values.iter().for_each(|v| t.push_str(&format!("{v}\n")));
            t.into_bytes()
        }
        "npy" => npy(
            "<f8",
            false,
            &format!("({},)", values.len()),
            &complex(values),
        ),
        "c64" => values
            .iter()
            .flat_map(|&v| [(v as f32).to_le_bytes(), 0f32.to_le_bytes()])
            .flatten()
            .collect(),
        "c128" => values
            .iter()
            .flat_map(|&v| [v.to_le_bytes(), 0f64.to_le_bytes()])
            .flatten()
            .collect(),
        "wav" => {
            let spec = hound::WavSpec {
                channels: 1,
                sample_rate: 8000,
                bits_per_sample: 32,
                sample_format: hound::SampleFormat::Float,
            };
            let mut w = hound::WavWriter::create(path, spec).unwrap();
            values
                .iter()
                .for_each(|&v| w.write_sample(v as f32).unwrap());
            w.finalize().unwrap();
            return;
        }
        other => panic!("no writer for .{other}"),
    };
    std::fs::write(path, bytes).unwrap();
}

/// Reads an output file of any format as complex values (rows one after another).
pub fn read_output(path: &Path) -> Vec<Complex64> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let bytes = std::fs::read(path).unwrap();
    let pairs = |text: &str, sep: char| -> Vec<Complex64> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("re"))
            .map(|l| {
                let mut it = l.split(sep).map(|t| t.trim().parse::<f64>().unwrap());
                Complex64::new(it.next().unwrap(), it.next().unwrap())
            })
            .collect()
    };
    match ext {
        "txt" => pairs(std::str::from_utf8(&bytes).unwrap(), ' '),
        "csv" => pairs(std::str::from_utf8(&bytes).unwrap(), ','),
        "npy" => {
            let len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
            let header = std::str::from_utf8(&bytes[10..10 + len]).unwrap();
            let data = &bytes[10 + len..];
            if header.contains("'<c16'") {
                raw(data, 16)
            } else {
                assert!(header.contains("'<c8'"), "{header}");
                raw(data, 8)
            }
        }
        "c64" => raw(&bytes, 8),
        "c128" => raw(&bytes, 16),
        "wav" => hound::WavReader::open(path)
            .unwrap()
            .samples::<f32>()
            .map(|s| Complex64::new(f64::from(s.unwrap()), 0.0))
            .collect(),
        other => panic!("no reader for .{other}"),
    }
}

/// The shape of a `.npy` output as numpy writes it (`[N]` for `(N,)`, `[R, C]` for
/// `(R, C)`) and its values, read with fft-io's reader (any float or complex dtype).
pub fn read_npy(path: &Path) -> (Vec<usize>, Vec<Complex64>) {
    let signal = fft_io::read(path, fft_io::Format::Npy, fft_io::ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .signal;
    let shape = if signal.ndim() == 1 {
        vec![signal.cols()]
    } else {
        vec![signal.rows(), signal.cols()]
    };
    (shape, signal.into_data())
}

/// Writes `values` as a float64 `.npy` of `shape` (`[N]` or `[R, C]`, C order).
pub fn write_npy(path: &Path, shape: &[usize], values: &[f64]) {
    let text = match shape {
        [n] => format!("({n},)"),
        [r, c] => format!("({r}, {c})"),
        _ => panic!("1-D or 2-D only"),
    };
    assert_eq!(shape.iter().product::<usize>(), values.len());
    std::fs::write(path, npy("<f8", false, &text, &complex(values))).unwrap();
}

/// Runs `oclfft fft INPUT -o OUTPUT ARGS...`, expecting success, and returns stderr.
pub fn fft_ok(input: &Path, output: &Path, args: &[&str]) -> String {
    let assert = oclfft()
        .arg("fft")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(args)
        .assert()
        .success();
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

fn raw(data: &[u8], size: usize) -> Vec<Complex64> {
    data.chunks_exact(size)
        .map(|c| {
            if size == 16 {
                Complex64::new(
                    f64::from_le_bytes(c[..8].try_into().unwrap()),
                    f64::from_le_bytes(c[8..].try_into().unwrap()),
                )
            } else {
                Complex64::new(
                    f64::from(f32::from_le_bytes(c[..4].try_into().unwrap())),
                    f64::from(f32::from_le_bytes(c[4..].try_into().unwrap())),
                )
            }
        })
        .collect()
}
