//! Encoding a [`Signal`] as any format, into bytes for [`crate::write_file`].

use crate::{wav, Format, IoError, Signal};

/// How to write a result.
#[derive(Clone, Copy, Debug)]
pub struct WriteOptions {
    /// Write 64-bit values (complex128, c128) instead of 32-bit where the format has both.
    pub double: bool,
    /// Sample rate for WAV output.
    pub sample_rate: u32,
}

/// Encodes `signal` as `format` into bytes.
pub fn encode(signal: &Signal, format: Format, options: WriteOptions) -> Result<Vec<u8>, IoError> {
    if format == Format::Wav {
        return wav::encode(signal, options.sample_rate);
    }
    Ok(crate::value_writer::encode_whole(
        signal,
        format,
        options.double,
    ))
}
