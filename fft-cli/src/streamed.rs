//! `oclfft fft` of `.npy` and raw files, streamed: the rows go through the device a chunk at
//! a time, read from the file into the device precision and written to the output as each
//! chunk is done, so host memory holds one chunk (`--chunk-mib`, and the plan's buffers),
//! not the file.
//! A file far larger than memory, or than the device, transforms as long as one row fits.
//!
//! It serves the complex transform of each row ([`Layout::Rows`]) of a `.npy` (C order, or
//! one row) or raw c64/c128 file into a file (`-o`) of any format but WAV, without
//! `--check`. Everything else (text input, columns, 2-D transforms, real transforms,
//! standard output, `--check`, which keeps the input for its reference) reads the file
//! whole, as before. Both paths give the same bytes.

use crate::axes::Layout;
use crate::compute::{
    beyond_f32, check_result, exceeds_f32, open_queue, plan, resize_note, Axes, Job, PrecisionArg,
};
use crate::fft_job::{read_options, FftJob, Prepared};
use crate::transform::{note_flattened_rows, FftArgs};
use fft_io::{Format, IoError, OutputFile, RowReader, Shape, ValueWriter};
use fft_runtime::ocl::OclPrm;
use fft_runtime::{complex_from_f64, complex_to_f64, DeviceQueue, FftFloat};
use num_complex::Complex;
use std::fmt::Display;
use std::io::BufWriter;
use std::path::Path;

/// Bytes buffered on the way to the output file.
const WRITE_BUFFER_BYTES: usize = 1 << 20;

/// Runs `oclfft fft` streamed when its input and output allow it (see the module
/// documentation); `Ok(false)` when they do not and nothing was done.
pub fn run_if_streamable(args: &FftArgs, prepared: &Prepared) -> crate::Result<bool> {
    // The complex transform of each row of a file `RowReader` reads, written to a file by a
    // value writer, with no reference kept for --check.
    let FftJob::Complex {
        layout: Layout::Rows,
        job,
    } = prepared.job
    else {
        return Ok(false);
    };
    let Some(output) = &args.output else {
        return Ok(false);
    };
    let output_format = prepared.output_format;
    if args.check || !ValueWriter::<Vec<u8>>::writes(output_format) {
        return Ok(false);
    }
    let input_format = prepared.input_format;
    let Some(reader) = RowReader::open(&args.input, input_format, read_options(args))? else {
        return Ok(false);
    };
    let shape = reader.shape();
    let len = job.len;
    let value_bytes = match job.precision {
        PrecisionArg::F32 => 8,
        PrecisionArg::F64 => 16,
    };
    let chunk_bytes = (args.chunk_mib as usize) << 20;
    let chunk_rows = (chunk_bytes / len.saturating_mul(value_bytes).max(1)).clamp(1, shape.rows);
    let chunk = Job {
        batch: chunk_rows,
        ..job
    };
    let queue = open_queue(args.device.as_deref())?;
    let stream = Stream {
        reader,
        cols: shape.cols,
        rows: shape.rows,
        output,
        output_format,
        out_shape: Shape { cols: len, ..shape },
    };
    match job.precision {
        PrecisionArg::F32 => stream.run::<f32>(&queue, chunk)?,
        PrecisionArg::F64 => stream.run::<f64>(&queue, chunk)?,
    }
    let chunks = shape.rows.div_ceil(chunk_rows);
    eprintln!(
        "oclfft: {} signal(s) of {} points from {}{}, {} on {}{}",
        shape.rows,
        shape.cols,
        input_format.name(),
        resize_note(shape.cols, len),
        chunk.direction,
        queue.summary(),
        if chunks > 1 {
            format!(", streamed in {chunks} chunks of up to {chunk_rows} rows")
        } else {
            String::new()
        }
    );
    note_flattened_rows(output_format, shape.rows, len);
    Ok(true)
}

/// One streamed transform: where the rows come from and where they go.
struct Stream<'a> {
    reader: RowReader,
    /// Values per input row.
    cols: usize,
    rows: usize,
    output: &'a Path,
    output_format: Format,
    /// The output array: the input's shape with rows of the transform's length.
    out_shape: Shape,
}

impl Stream<'_> {
    /// Transforms every row in chunks of `chunk.batch` rows with the plan of `chunk` in
    /// precision `T`, and puts the output file in place once all of it is written (on an
    /// error, no output file is left).
    fn run<T: FftFloat>(mut self, queue: &DeviceQueue, chunk: Job) -> crate::Result<()>
    where
        Complex<T>: OclPrm + Display,
    {
        let plan = plan::<T>(queue, chunk, Axes::Rows)?;
        let write_error = |source| IoError::Write {
            path: self.output.into(),
            source,
        };
        let file = BufWriter::with_capacity(WRITE_BUFFER_BYTES, OutputFile::create(self.output)?);
        let double = matches!(chunk.precision, PrecisionArg::F64);
        let mut writer = ValueWriter::new(file, self.output_format, self.out_shape, double)
            .map_err(write_error)?;
        let len = chunk.len;
        let zero = Complex::new(T::from_f64(0.0), T::from_f64(0.0));
        let mut values = vec![zero; chunk.batch * len];
        let mut first = 0;
        while first < self.rows {
            let rows = chunk.batch.min(self.rows - first);
            let finite = self.read_rows(first, rows, len, chunk.precision, &mut values)?;
            plan.process(&mut values)?;
            let result = &values[..rows * len];
            let is_finite = |v: &Complex<T>| {
                let v = complex_to_f64(*v);
                v.re.is_finite() && v.im.is_finite()
            };
            let rows_at = (len, first);
            check_result(finite, result, is_finite, chunk.precision, rows_at, "bin")?;
            writer
                .push(result.iter().map(|&v| complex_to_f64(v)))
                .map_err(write_error)?;
            first += rows;
        }
        let file = writer.finish().map_err(write_error)?;
        let file = file.into_inner().map_err(|e| write_error(e.into_error()))?;
        file.finish()?;
        Ok(())
    }

    /// Reads rows `first..first + rows` into `values` (rows of `len`: truncated, or padded
    /// with zeros, as numpy's `n=`; zeros after the last row) and says whether every value
    /// read was finite. A value f32 cannot hold is an error in f32.
    fn read_rows<T: FftFloat>(
        &mut self,
        first: usize,
        rows: usize,
        len: usize,
        precision: PrecisionArg,
        values: &mut [Complex<T>],
    ) -> crate::Result<bool> {
        let zero = Complex::new(T::from_f64(0.0), T::from_f64(0.0));
        if len > self.cols || rows * len < values.len() {
            values.fill(zero);
        }
        let cols = self.cols;
        let mut finite = true;
        self.reader.read_values(rows * cols, |index, v| {
            let (row, column) = (index / cols, index % cols);
            if matches!(precision, PrecisionArg::F32) && exceeds_f32(v) {
                return Err(beyond_f32([v.re, v.im], row, column));
            }
            finite &= v.re.is_finite() && v.im.is_finite();
            if column < len {
                values[(row - first) * len + column] = complex_from_f64(v);
            }
            Ok(())
        })?;
        Ok(finite)
    }
}
