//! Which buffer each pass writes (Stockham passes cannot run in place; a lone pass can).

/// Where a pass writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The caller's output buffer (the data buffer, in place).
    Output,
    /// Work buffer 0 or 1 owned by the plan.
    Scratch(usize),
}

/// Buffers written by passes `1..=passes`. Pass `i` reads what pass `i-1` wrote (pass 1 reads the input), so
/// neighbouring entries always differ, and out of place the input is never written.
///
/// - out of place: alternate output and scratch 0 backwards from the last pass (output);
/// - in place, even count: scratch 0, output, scratch 0, ..., output;
/// - in place, odd count >= 3: scratch 0, scratch 1, scratch 0, ..., output (two work
///   buffers instead of a copy: one pass of memory traffic saved);
/// - in place, one pass: the output itself. A lone pass reads every value of the sequences
///   a work-group (or work-item) writes before it writes any of them, and its data arguments
///   are not `restrict`: no work buffer and no copy back (which used to double the time of
///   in-place transforms up to 8192 points).
pub fn pass_targets(passes: usize, in_place: bool) -> Vec<Target> {
    (1..=passes)
        .map(|step| match (in_place, step == passes) {
            (_, true) => Target::Output,
            (false, false) if (passes - step) % 2 == 1 => Target::Scratch(0),
            (false, false) => Target::Output,
            (true, false) if passes % 2 == 0 && step % 2 == 0 => Target::Output,
            (true, false) if passes % 2 == 0 => Target::Scratch(0),
            (true, false) => Target::Scratch((step + 1) % 2),
        })
        .collect()
}

/// Buffers written by the passes of a plan whose work buffers are longer than its data
/// (Bluestein's padded length): the first pass reads the input, the last writes the output,
/// and every pass between alternates between work buffers 0 and 1. The input is only read
/// by the first pass, so in place and out of place are the same.
pub fn padded_targets(passes: usize) -> Vec<Target> {
    (1..=passes)
        .map(|step| {
            if step == passes {
                Target::Output
            } else {
                Target::Scratch((step + 1) % 2)
            }
        })
        .collect()
}

/// Work buffers `pass_targets` uses.
pub fn scratch_count(targets: &[Target]) -> usize {
    targets
        .iter()
        .filter_map(|t| match t {
            Target::Scratch(i) => Some(i + 1),
            Target::Output => None,
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::Target::{Output as O, Scratch as S};
    use super::*;

    #[test]
    fn padded_plans_stay_in_work_buffers_until_the_last_pass() {
        assert_eq!(padded_targets(1), vec![O]);
        assert_eq!(padded_targets(4), vec![S(0), S(1), S(0), O]);
    }

    #[test]
    fn out_of_place_ends_in_output_and_alternates() {
        assert_eq!(pass_targets(1, false), vec![O]);
        assert_eq!(pass_targets(2, false), vec![S(0), O]);
        assert_eq!(pass_targets(3, false), vec![O, S(0), O]);
        assert_eq!(pass_targets(4, false), vec![S(0), O, S(0), O]);
    }

    #[test]
    fn in_place_reads_and_writes_one_buffer_only_in_a_lone_pass() {
        assert_eq!(pass_targets(1, true), vec![O]);
        assert_eq!(pass_targets(2, true), vec![S(0), O]);
        assert_eq!(pass_targets(3, true), vec![S(0), S(1), O]);
        assert_eq!(pass_targets(5, true), vec![S(0), S(1), S(0), S(1), O]);
    }

    #[test]
    fn neighbours_differ_for_every_count() {
        for passes in 1..=8 {
            for in_place in [false, true] {
                let targets = pass_targets(passes, in_place);
                // Out of place the input is a fourth buffer distinct from all targets; in
                // place, only a lone pass reads and writes the output.
                let mut previous = (in_place && passes > 1).then_some(O);
                for t in &targets {
                    assert_ne!(Some(*t), previous, "{passes} passes, in place {in_place}");
                    previous = Some(*t);
                }
                assert!(scratch_count(&targets) <= 2);
            }
        }
    }
}
