//! What `oclfft bench` reports after the table: breakeven sizes, the JSON file and the plot.

use super::Row;
use crate::plot::{draw, Chart, Series, PALETTE};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

/// Milliseconds.
pub fn ms(t: Duration) -> f64 {
    t.as_secs_f64() * 1e3
}

/// The smallest N from which `device` beats `cpu` at every measured size up to the largest
/// (sizes ascending), or `None` when the device is slower at the largest size. Rows without
/// a CPU time are skipped.
pub fn breakeven(points: &[(usize, Duration, Option<Duration>)]) -> Option<usize> {
    let mut from = None;
    for &(len, device, cpu) in points.iter().rev() {
        let Some(cpu) = cpu else { continue };
        if device < cpu {
            from = Some(len);
        } else {
            break;
        }
    }
    from
}

/// Breakeven of the kernel alone and with transfers, as `(kernel, with_transfers)`.
pub fn breakevens(rows: &[Row]) -> (Option<usize>, Option<usize>) {
    let kernel: Vec<_> = rows.iter().map(|r| (r.len, r.kernel, r.rustfft)).collect();
    let transfers: Vec<_> = rows
        .iter()
        .map(|r| (r.len, r.transfer, r.rustfft))
        .collect();
    (breakeven(&kernel), breakeven(&transfers))
}

/// The lines printed after the table.
pub fn breakeven_text(rows: &[Row]) -> String {
    if rows.iter().all(|r| r.rustfft.is_none()) {
        return "breakeven: not measured (pass --rustfft true to time rustfft)\n".into();
    }
    let (kernel, transfers) = breakevens(rows);
    let describe = |b: Option<usize>| match b {
        Some(len) if len.is_power_of_two() => {
            format!("from N = 2^{} = {len}", len.trailing_zeros())
        }
        Some(len) => format!("from N = {len}"),
        None => "never in the measured range".into(),
    };
    format!(
        "breakeven against rustfft: kernel only {}; with host<->device transfers {}\n",
        describe(kernel),
        describe(transfers)
    )
}

/// The results as JSON.
pub fn to_json(
    summary: &fft_runtime::DeviceSummary,
    precision: fft_core::Precision,
    log2_total: u32,
    copy: Duration,
    rows: &[Row],
) -> String {
    let (kernel, transfers) = breakevens(rows);
    let opt = |b: Option<usize>| b.map_or("null".to_string(), |v| v.to_string());
    let log2 = |b: Option<usize>| log2_or_null(b.unwrap_or(0));
    let mut json = format!(
        "{{\n \"device\": {:?},\n \"driver\": {:?},\n \"precision\": \"{precision}\",\n \"log2_total\": {log2_total},\n \"copy_ms\": {},\n \"breakeven_n\": {},\n \"breakeven_with_transfers_n\": {},\n \"breakeven_log2n\": {},\n \"breakeven_with_transfers_log2n\": {},\n \"rows\": [\n",
        summary.name, summary.driver_version, ms(copy), opt(kernel), opt(transfers), log2(kernel), log2(transfers)
    );
    for (i, r) in rows.iter().enumerate() {
        let sep = if i + 1 == rows.len() { "" } else { "," };
        let _ = writeln!(
            json,
            "  {{\"n\": {}, \"log2n\": {}, \"batch\": {}, \"passes\": {}, \"ms\": {}, \"transfer_ms\": {}, \"x_copy\": {}, \"rel_l2\": {}, \"plan_ms\": {}, \"rustfft_ms\": {}, \"pass_ms\": [{}]}}{sep}",
            r.len, log2_or_null(r.len), r.batch, r.passes, ms(r.kernel), ms(r.transfer), r.kernel.as_secs_f64() / copy.as_secs_f64(), r.rel_l2, ms(r.plan_build),
            r.rustfft.map_or("null".to_string(), |t| ms(t).to_string()),
            r.pass_times.iter().map(|t| ms(*t).to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    json.push_str(" ]\n}\n");
    json
}

/// log2 `n` for a power of two (the field older readers of the JSON use), else `null`.
fn log2_or_null(n: usize) -> String {
    if n.is_power_of_two() {
        n.trailing_zeros().to_string()
    } else {
        "null".to_string()
    }
}

/// The x of `len` on the plot: log2 N, so powers of two fall on whole numbers.
fn plot_x(len: usize) -> f64 {
    (len.max(1) as f64).log2()
}

/// A tick label of the N axis at x = log2 N: `2^k` on whole numbers, else N itself.
fn n_label(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("2^{}", x.round())
    } else {
        format!("{:.0}", x.exp2())
    }
}

/// Time against N, log-log: kernel, kernel + transfers, rustfft and the copy.
pub fn plot(
    path: &Path,
    device: &str,
    log2_total: u32,
    copy: Duration,
    rows: &[Row],
) -> crate::Result<()> {
    let line = |label: &str, color, f: &dyn Fn(&Row) -> Option<Duration>| Series {
        label: label.into(),
        points: rows
            .iter()
            .filter_map(|r| f(r).map(|t| (plot_x(r.len), ms(t).max(1e-9).log10())))
            .collect(),
        color,
    };
    let mut series = vec![
        line("kernel (profiling events)", PALETTE[0], &|r| Some(r.kernel)),
        line("kernel + host<->device transfers", PALETTE[1], &|r| {
            Some(r.transfer)
        }),
        line("rustfft (1 CPU thread)", PALETTE[2], &|r| r.rustfft),
        line("device copy of the same bytes", PALETTE[4], &|_| Some(copy)),
    ];
    series.retain(|s| !s.points.is_empty());
    let ys = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| {
        (lo.min(y), hi.max(y))
    });
    let first = rows.first().map_or(1.0, |r| plot_x(r.len));
    let last = rows.last().map_or(2.0, |r| plot_x(r.len));
    // A single size (or sizes close together) still gets an axis of some width.
    let (first, last) = if last - first < 0.5 {
        (first - 0.25, last + 0.25)
    } else {
        (first, last)
    };
    let chart = Chart {
        title: format!("oclfft bench on {device}: 2^{log2_total} points per launch"),
        x_label: "transform length N (log scale)".into(),
        y_label: "time per launch (ms, log scale)".into(),
        x_range: (first, last),
        y_range: ((lo - 0.2).floor(), (hi + 0.2).ceil()),
        x_format: n_label,
        y_format: |y| {
            if (y - y.round()).abs() < 1e-6 {
                let v = 10f64.powf(y.round());
                if v >= 1.0 {
                    format!("{v:.0}")
                } else {
                    format!("{v}")
                }
            } else {
                String::new()
            }
        },
        series,
    };
    draw(path, &chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakeven_is_the_start_of_the_last_winning_run() {
        let d = Duration::from_millis;
        let rows = [
            (4, d(5), Some(d(1))),
            (5, d(1), Some(d(2))),
            (6, d(5), Some(d(4))),
            (7, d(1), Some(d(4))),
            (8, d(1), Some(d(9))),
        ];
        assert_eq!(breakeven(&rows), Some(7));
        assert_eq!(breakeven(&rows[..3]), None);
        assert_eq!(breakeven(&[(4, d(1), None)]), None);
        let any = [(1000, d(5), Some(d(1))), (1009, d(1), Some(d(2)))];
        assert_eq!(breakeven(&any), Some(1009));
    }

    #[test]
    fn any_length_is_labelled_by_n() {
        assert_eq!(n_label(plot_x(1024)), "2^10");
        assert_eq!(n_label(plot_x(1000)), "1000");
        assert_eq!(n_label(plot_x(65537)), "65537");
        assert_eq!(log2_or_null(4096), "12");
        assert_eq!(log2_or_null(1009), "null");
        assert_eq!(log2_or_null(0), "null");
    }
}
