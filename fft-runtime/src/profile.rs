//! Kernel timing from OpenCL profiling events.

use crate::error::{Error, Result};
use ocl::enums::{ProfilingInfo, ProfilingInfoResult};
use ocl::Event;
use std::time::Duration;

fn timestamp(event: &Event, info: ProfilingInfo) -> Result<u64> {
    match event.profiling_info(info).map_err(Error::ocl(
        "reading a profiling event (is profiling enabled on the queue?)",
    ))? {
        ProfilingInfoResult::Start(t) | ProfilingInfoResult::End(t) => Ok(t),
        _ => Ok(0),
    }
}

/// Device time from the start of `first` to the end of `last` (both must have completed on a
/// queue with profiling enabled).
pub fn span(first: &Event, last: &Event) -> Result<Duration> {
    let start = timestamp(first, ProfilingInfo::Start)?;
    let end = timestamp(last, ProfilingInfo::End)?;
    Ok(Duration::from_nanos(end.saturating_sub(start)))
}

/// Median of `samples` (the mean of the middle two for an even count); zero when empty.
pub fn median(samples: &mut [Duration]) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    samples.sort_unstable();
    let mid = samples.len() / 2;
    if samples.len() % 2 == 1 {
        samples[mid]
    } else {
        (samples[mid - 1] + samples[mid]) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), ms(2));
        assert_eq!(
            median(&mut [ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
        assert_eq!(median(&mut []), Duration::ZERO);
    }
}
