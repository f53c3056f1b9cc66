//! WAV audio (through `hound`): each channel is one row of the signal, integer samples are
//! scaled to [-1, 1). Output is 32-bit float WAV and holds real data only: a result with
//! imaginary parts (any spectrum) must go to another format.

use crate::{IoError, Position, Signal};
use num_complex::Complex64;
use std::io::Cursor;
use std::path::Path;

/// Largest |imaginary part| relative to the largest |value| that WAV output drops silently
/// (the rounding residue of an inverse transform of a real signal's spectrum).
pub const MAX_IMAGINARY_RATIO: f64 = 1e-4;

/// Decodes WAV bytes (from `path`, used in messages).
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Signal, IoError> {
    let bad = |e: hound::Error| {
        IoError::invalid(
            path,
            Position::File,
            format!("not a readable WAV file: {e}"),
        )
    };
    let mut reader = hound::WavReader::new(Cursor::new(bytes)).map_err(bad)?;
    let spec = reader.spec();
    let channels = usize::from(spec.channels.max(1));
    let samples: Vec<f64> = match spec.sample_format {
        hound::SampleFormat::Float => reader
            .samples::<f32>()
            .map(|s| s.map(f64::from))
            .collect::<Result<_, _>>()
            .map_err(bad)?,
        hound::SampleFormat::Int => {
            let scale = 2f64.powi(i32::from(spec.bits_per_sample) - 1);
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| f64::from(v) / scale))
                .collect::<Result<_, _>>()
                .map_err(bad)?
        }
    };
    let frames = samples.len() / channels;
    let mut data = Vec::with_capacity(frames * channels);
    for c in 0..channels {
        data.extend((0..frames).map(|f| Complex64::new(samples[f * channels + c], 0.0)));
    }
    let signal = Signal::new(channels, frames, data, false)
        .map_err(|e| IoError::invalid(path, Position::File, e.to_string()))?;
    // A mono file is one signal, 1-D (as scipy.io.wavfile.read gives it); channels make rows.
    let ndim = if channels == 1 { 1 } else { 2 };
    Ok(signal
        .with_ndim(ndim)
        .with_sample_rate(Some(spec.sample_rate)))
}

/// Encodes the real parts as 32-bit float WAV, one channel per row; refuses complex data.
pub fn encode(signal: &Signal, sample_rate: u32) -> Result<Vec<u8>, IoError> {
    let ratio = signal.imaginary_ratio();
    if ratio > MAX_IMAGINARY_RATIO {
        return Err(IoError::Unrepresentable { message: format!(
            "WAV output holds real samples only, but the result has imaginary parts up to {ratio:.2e} of its largest value: write .npy, .csv, .txt, .c64 or .c128 instead"
        )});
    }
    let channels = u16::try_from(signal.rows()).map_err(|_| IoError::Unrepresentable {
        message: format!(
            "{} rows cannot be WAV channels (at most 65535): write .npy instead",
            signal.rows()
        ),
    })?;
    let spec = hound::WavSpec {
        channels,
        sample_rate,
        bits_per_sample: 32,
        sample_format: hound::SampleFormat::Float,
    };
    let failed = |e: hound::Error| IoError::Unrepresentable {
        message: format!("cannot encode WAV: {e}"),
    };
    let mut bytes = Cursor::new(Vec::new());
    let mut writer = hound::WavWriter::new(&mut bytes, spec).map_err(failed)?;
    let t = signal.transposed();
    for v in t.data() {
        writer.write_sample(v.re as f32).map_err(failed)?;
    }
    writer.finalize().map_err(failed)?;
    Ok(bytes.into_inner())
}
