//! PNG images (through the `image` crate): read as luminance, one real value per pixel in
//! [0, 1], rows of the image top to bottom; written as 8-bit grayscale.
//!
//! Grayscale images give their gray level; colour images the luminance
//! `0.2126 R + 0.7152 G + 0.0722 B` (the Rec. 709 weights, applied to the stored values).
//! 8-bit and 16-bit images are read (fewer bits and palettes are expanded to 8 bits); alpha
//! is ignored. Like every reader of the crate, any bytes give an image or an error that
//! names the file, never a panic; the header is checked before any pixel buffer is made.

use crate::{IoError, Position};
use image::codecs::png::{PngDecoder, PngEncoder};
use image::io::Limits;
use image::{ColorType, ImageDecoder, ImageEncoder};
use std::io::{BufReader, Cursor, Read};
use std::path::Path;

/// Largest decoded pixel buffer the reader makes (bytes, before conversion to luminance):
/// 2 GiB, 2^28 pixels of 8-bit RGBA or 2^27 of 16-bit RGBA.
pub const MAX_DECODED_BYTES: u64 = 1 << 31;

/// A grayscale image: `rows` x `cols` luminance values in [0, 1], row after row (top row
/// first). `rows * cols == data().len()` always holds: only the reader builds one.
#[derive(Clone, Debug, PartialEq)]
pub struct Luminance {
    rows: usize,
    cols: usize,
    data: Vec<f32>,
}

impl Luminance {
    /// Rows (the image's height).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Values per row (the image's width).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The values, row after row.
    pub fn data(&self) -> &[f32] {
        &self.data
    }

    /// The values, row after row, by value.
    pub fn into_data(self) -> Vec<f32> {
        self.data
    }
}

/// `(rows, cols)` of the PNG image at `path`, from its header alone (so an image too large
/// to transform is refused before its pixels are decoded).
pub fn probe(path: &Path) -> Result<(usize, usize), IoError> {
    let file = std::fs::File::open(path).map_err(|e| IoError::read(path, e))?;
    let decoder = open(path, BufReader::new(file))?;
    let (rows, cols, _) = checked_size(path, &decoder)?;
    Ok((rows, cols))
}

/// Reads the PNG image at `path` as luminance.
pub fn read(path: &Path) -> Result<Luminance, IoError> {
    let bytes = std::fs::read(path).map_err(|e| IoError::read(path, e))?;
    decode(path, &bytes)
}

/// Decodes PNG bytes (from `path`, used in messages) as luminance. Never panics: any input
/// is an image or an error.
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Luminance, IoError> {
    let decoder = open(path, Cursor::new(bytes))?;
    let (rows, cols, size) = checked_size(path, &decoder)?;
    let color = decoder.color_type();
    let mut pixels = vec![0u8; size];
    decoder
        .read_image(&mut pixels)
        .map_err(|e| unreadable(path, e))?;
    let data = luminance(path, &pixels, color)?;
    if data.len() != rows * cols {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!(
                "the decoder gave {} pixels for a {cols} x {rows} image",
                data.len()
            ),
        ));
    }
    Ok(Luminance { rows, cols, data })
}

/// An 8-bit grayscale PNG of `rows` x `cols` `pixels` (row after row), in memory, for
/// [`crate::write_file`].
pub fn encode_gray8(rows: usize, cols: usize, pixels: &[u8]) -> Result<Vec<u8>, IoError> {
    let too_large = || IoError::Unrepresentable {
        message: format!(
            "a {cols} x {rows} image does not fit in a PNG file (at most 2^31 - 1 pixels a side)"
        ),
    };
    let width = u32::try_from(cols).map_err(|_| too_large())?;
    let height = u32::try_from(rows).map_err(|_| too_large())?;
    if rows.checked_mul(cols) != Some(pixels.len()) {
        return Err(IoError::Unrepresentable {
            message: format!(
                "a {cols} x {rows} image needs {} pixels, but {} were given",
                rows.saturating_mul(cols),
                pixels.len()
            ),
        });
    }
    let mut png = Vec::new();
    PngEncoder::new(&mut png)
        .write_image(pixels, width, height, ColorType::L8)
        .map_err(|e| IoError::Unrepresentable {
            message: format!("cannot encode the PNG image: {e}"),
        })?;
    Ok(png)
}

/// The decoder of `reader`, its header read and checked.
fn open<R: Read>(path: &Path, reader: R) -> Result<PngDecoder<R>, IoError> {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    PngDecoder::with_limits(reader, limits).map_err(|e| unreadable(path, e))
}

/// `(rows, cols, bytes of the decoded buffer)`, or an error when the buffer would exceed
/// [`MAX_DECODED_BYTES`] or the image is empty. Computed without overflow (the decoder's own
/// `total_bytes` multiplies unchecked).
fn checked_size<R: Read>(
    path: &Path,
    decoder: &PngDecoder<R>,
) -> Result<(usize, usize, usize), IoError> {
    let (width, height) = decoder.dimensions();
    let bytes = u64::from(width)
        .checked_mul(u64::from(height))
        .and_then(|n| n.checked_mul(u64::from(decoder.color_type().bytes_per_pixel())))
        .filter(|&n| n <= MAX_DECODED_BYTES);
    let Some(bytes) = bytes else {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!(
                "the image is {width} x {height} pixels, more than the reader decodes ({} GiB of pixels at most): scale it down",
                MAX_DECODED_BYTES >> 30
            ),
        ));
    };
    if width == 0 || height == 0 {
        return Err(IoError::invalid(
            path,
            Position::File,
            format!("the image is empty ({width} x {height} pixels)"),
        ));
    }
    let size = |n: u64| usize::try_from(n).ok();
    match (size(u64::from(height)), size(u64::from(width)), size(bytes)) {
        (Some(rows), Some(cols), Some(bytes)) => Ok((rows, cols, bytes)),
        _ => Err(IoError::invalid(
            path,
            Position::File,
            format!("the image is {width} x {height} pixels, more than this machine can address"),
        )),
    }
}

/// The luminance of each pixel of `pixels` (the decoder's buffer of `color` pixels).
fn luminance(path: &Path, pixels: &[u8], color: ColorType) -> Result<Vec<f32>, IoError> {
    const WEIGHTS: [f32; 3] = [0.2126, 0.7152, 0.0722];
    let channels = usize::from(color.channel_count());
    let wide = match color {
        ColorType::L8 | ColorType::La8 | ColorType::Rgb8 | ColorType::Rgba8 => false,
        ColorType::L16 | ColorType::La16 | ColorType::Rgb16 | ColorType::Rgba16 => true,
        other => {
            let message = format!(
                "pixels of type {other:?} are not supported: save the image as 8-bit or 16-bit PNG"
            );
            return Err(IoError::invalid(path, Position::File, message));
        }
    };
    // Samples as [0, 1]: 8-bit samples over 255, 16-bit ones (native-endian from the
    // decoder) over 65535.
    let samples: Vec<f32> = if wide {
        pixels
            .chunks_exact(2)
            .map(|b| f32::from(u16::from_ne_bytes([b[0], b[1]])) / 65535.0)
            .collect()
    } else {
        pixels.iter().map(|&b| f32::from(b) / 255.0).collect()
    };
    Ok(samples
        .chunks_exact(channels)
        .map(|pixel| {
            if channels >= 3 {
                WEIGHTS.iter().zip(pixel).map(|(w, v)| w * v).sum()
            } else {
                // Gray, or gray and alpha: the gray level.
                pixel[0]
            }
        })
        .collect())
}

/// The decoder's error as this crate's, naming the file.
fn unreadable(path: &Path, e: image::ImageError) -> IoError {
    let message = match e {
        image::ImageError::Limits(e) => format!(
            "the image is larger than the reader decodes ({e}; {} GiB of pixels at most): scale it down",
            MAX_DECODED_BYTES >> 30
        ),
        e => format!("not a readable PNG image: {e}"),
    };
    IoError::invalid(path, Position::File, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, color: ColorType, pixels: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        PngEncoder::new(&mut out)
            .write_image(pixels, width, height, color)
            .unwrap();
        out
    }

    fn decode_ok(bytes: &[u8]) -> Luminance {
        decode(Path::new("p.png"), bytes).unwrap()
    }

    #[test]
    fn gray_and_colour_pixels_give_their_luminance() {
        // 2 x 1 gray: 0 and 255.
        let gray = decode_ok(&png(2, 1, ColorType::L8, &[0, 255]));
        assert_eq!((gray.rows(), gray.cols()), (1, 2));
        assert_eq!(gray.data(), [0.0, 1.0]);
        // 1 x 3 RGB, one column of pure red, green, blue: the Rec. 709 weights.
        let rgb = decode_ok(&png(
            1,
            3,
            ColorType::Rgb8,
            &[255, 0, 0, 0, 255, 0, 0, 0, 255],
        ));
        assert_eq!((rgb.rows(), rgb.cols()), (3, 1));
        for (got, want) in rgb.data().iter().zip([0.2126, 0.7152, 0.0722]) {
            assert!((got - want).abs() < 1e-6, "{got} vs {want}");
        }
        // Alpha is ignored: a transparent white pixel is white.
        let rgba = decode_ok(&png(1, 1, ColorType::Rgba8, &[255, 255, 255, 0]));
        assert!((rgba.data()[0] - 1.0).abs() < 1e-6);
        let la = decode_ok(&png(1, 1, ColorType::La8, &[51, 0]));
        assert!((la.data()[0] - 0.2).abs() < 1e-6);
    }

    #[test]
    fn sixteen_bit_samples_keep_their_precision() {
        // 16-bit samples in native order, as the encoder takes them.
        let levels: [u16; 2] = [1, 65535];
        let bytes: Vec<u8> = levels.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let image = decode_ok(&png(2, 1, ColorType::L16, &bytes));
        assert_eq!(image.data(), [1.0 / 65535.0, 1.0]);
        let rgb: Vec<u8> = [0u16, 65535, 0]
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect();
        let green = decode_ok(&png(1, 1, ColorType::Rgb16, &rgb));
        assert!((green.data()[0] - 0.7152).abs() < 1e-6);
    }

    #[test]
    fn gray8_output_reads_back() {
        let pixels = [0, 64, 128, 255, 1, 2];
        let back = decode_ok(&encode_gray8(2, 3, &pixels).unwrap());
        assert_eq!((back.rows(), back.cols()), (2, 3));
        let levels: Vec<u8> = back
            .data()
            .iter()
            .map(|v| (v * 255.0).round() as u8)
            .collect();
        assert_eq!(levels, pixels);
        let err = encode_gray8(2, 3, &pixels[..5]).unwrap_err().to_string();
        assert!(err.contains("needs 6 pixels, but 5"), "{err}");
    }

    #[test]
    fn bad_files_are_errors_naming_the_file() {
        let err = decode(Path::new("photo.png"), b"GIF89a....").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("photo.png: not a readable PNG image"),
            "{err}"
        );
        // A valid image cut in half: its pixels are missing.
        let whole = png(16, 16, ColorType::L8, &[7; 256]);
        let err = decode(Path::new("cut.png"), &whole[..whole.len() / 2]).unwrap_err();
        assert!(err.to_string().starts_with("cut.png: "), "{err}");
    }

    #[test]
    fn a_header_announcing_a_huge_image_is_refused_before_decoding() {
        // A real 1 x 1 image whose IHDR says 65535 x 65535 RGBA16 (32 GiB of pixels), with
        // the chunk's checksum fixed so only the size is wrong.
        let mut bytes = png(1, 1, ColorType::Rgba16, &[0; 8]);
        bytes[16..20].copy_from_slice(&65535u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&65535u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let err = decode(Path::new("huge.png"), &bytes)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(
                "huge.png: the image is 65535 x 65535 pixels, more than the reader decodes"
            ),
            "{err}"
        );
    }

    /// CRC-32 of PNG chunks (ISO 3309), bit by bit.
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
}
