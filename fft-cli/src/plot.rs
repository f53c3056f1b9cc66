//! Line charts as PNG or SVG (plotters), for `spectrum` and `bench --plot`.
//!
//! PNG text is drawn with DejaVu Sans embedded in the binary (`assets/`, Bitstream Vera
//! license), so charts render the same on machines without fonts or fontconfig. Log axes
//! are drawn as linear axes over log values, labelled by a formatter.

use crate::exit::CliError;
use image::ImageEncoder;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;

/// The embedded sans-serif font.
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// One line of a chart.
pub struct Series {
    /// Legend text.
    pub label: String,
    /// Points in chart coordinates (already log-transformed for log axes).
    pub points: Vec<(f64, f64)>,
    /// Line colour.
    pub color: RGBColor,
}

/// A chart: title, axes and lines.
pub struct Chart {
    /// Title above the plot.
    pub title: String,
    /// X axis caption.
    pub x_label: String,
    /// Y axis caption.
    pub y_label: String,
    /// X range in chart coordinates.
    pub x_range: (f64, f64),
    /// Y range in chart coordinates.
    pub y_range: (f64, f64),
    /// Tick label of an x value.
    pub x_format: fn(f64) -> String,
    /// Tick label of a y value.
    pub y_format: fn(f64) -> String,
    /// The lines.
    pub series: Vec<Series>,
}

/// Colours of successive lines (colour-blind friendly).
pub const PALETTE: [RGBColor; 5] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 86, 86),
];

/// Checks that `path` names a picture format [`draw`] writes (`.png` or `.svg`), so a long
/// computation does not end in an error.
pub fn check_extension(path: &Path) -> crate::Result<()> {
    let ext = fft_io::lowercase_extension(path);
    match ext.as_str() {
        "png" | "svg" => Ok(()),
        _ => Err(CliError::Input(format!(
            "{}: a plot is written as .png or .svg, not '{ext}'",
            path.display()
        ))),
    }
}

/// Draws `chart` to `path` (`.png` or `.svg`) in memory, then writes it with
/// [`fft_io::write_file`]: a failed run leaves no file, and only a regular file is replaced.
pub fn draw(path: &Path, chart: &Chart) -> crate::Result<()> {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // The font is a compile-time constant; registering it cannot fail at run time in a
        // way the user could fix, and text falls back to nothing if it did.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
    });
    let ext = fft_io::lowercase_extension(path);
    let size = (1200, 700);
    let failed = |e: String| CliError::Input(format!("cannot draw {}: {e}", path.display()));
    match ext.as_str() {
        "svg" => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                render(&root, chart).map_err(failed)?;
                root.present().map_err(|e| failed(e.to_string()))?;
            }
            Ok(fft_io::write_file(path, svg.as_bytes())?)
        }
        "png" => {
            let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
                render(&root, chart).map_err(failed)?;
                root.present().map_err(|e| failed(e.to_string()))?;
            }
            let mut png = Vec::new();
            image::codecs::png::PngEncoder::new(&mut png)
                .write_image(&rgb, size.0, size.1, image::ColorType::Rgb8)
                .map_err(|e| failed(e.to_string()))?;
            Ok(fft_io::write_file(path, &png)?)
        }
        _ => Err(CliError::Input(format!(
            "{}: a plot is written as .png or .svg, not '{ext}'",
            path.display()
        ))),
    }
}

fn render<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let mut ctx = ChartBuilder::on(root)
        .caption(&chart.title, ("sans-serif", 30))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(90)
        .build_cartesian_2d(
            chart.x_range.0..chart.x_range.1,
            chart.y_range.0..chart.y_range.1,
        )
        .map_err(err)?;
    ctx.configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_label_formatter(&|x| (chart.x_format)(*x))
        .y_label_formatter(&|y| (chart.y_format)(*y))
        .axis_desc_style(("sans-serif", 22))
        .label_style(("sans-serif", 18))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(err)?;
    for series in &chart.series {
        let color = series.color;
        ctx.draw_series(LineSeries::new(
            series.points.iter().copied(),
            color.stroke_width(2),
        ))
        .map_err(err)?
        .label(&series.label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(3)));
    }
    if chart.series.len() > 1 {
        ctx.configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 18))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
    }
    Ok(())
}
