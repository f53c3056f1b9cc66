//! Any command line, with any input file, goes through `oclfft`'s argument parsing and job
//! resolution (`fft_cli::resolve_job`, the code the binary runs before it opens a device) to
//! a job or a clear error: never a panic. (The fuzz target `fuzz/fuzz_targets/args.rs` goes
//! further; this runs in the normal suite.)

use fft_cli::{resolve_job, ResolveError, Resolved};
use proptest::prelude::*;
use proptest::sample::select;
use std::ffi::OsString;
use std::path::Path;

/// The names the input is written under: every extension a format is told by, and two that
/// tell none.
const NAMES: [&str; 10] = [
    "in.txt", "in.dat", "in.csv", "in.npy", "in.wav", "in.c64", "in.c128", "in.png", "in.PNG",
    "in.bin",
];

/// Files each reader accepts (some of them the fuzz seeds of the readers), under the name
/// that tells their format.
const FILES: [(&[u8], &str); 9] = [
    (b"1\n2\n3\n4\n", "in.txt"),
    (b"1 0\n0 1\n-1 0\n", "in.dat"),
    (b"re,im\n1,0\n2,0\n3,0\n", "in.csv"),
    (
        include_bytes!("../../fuzz/seeds/npy/c8_2d_fortran.npy"),
        "in.npy",
    ),
    (include_bytes!("../../fuzz/seeds/npy/f8_1d.npy"), "in.npy"),
    (include_bytes!("../../fuzz/seeds/wav/stereo8.wav"), "in.wav"),
    (include_bytes!("../../fuzz/seeds/raw/c64.raw"), "in.c64"),
    (include_bytes!("../../fuzz/seeds/raw/c128.raw"), "in.c128"),
    (
        include_bytes!("../../fuzz/seeds/png/gray8_4x3.png"),
        "in.png",
    ),
];

const FORMATS: &[&str] = &["txt", "csv", "npy", "wav", "c64", "c128", "png"];
const LENGTHS: &[&str] = &["1", "2", "3", "7", "8", "1000000000000"];

/// `name value`, a value of `values`.
fn with(
    names: &'static [&'static str],
    values: &'static [&'static str],
) -> impl Strategy<Value = Vec<String>> {
    (select(names), select(values)).prop_map(|(n, v)| vec![n.to_string(), v.to_string()])
}

/// A flag of `flags`.
fn flag(flags: &'static [&'static str]) -> impl Strategy<Value = Vec<String>> {
    select(flags).prop_map(|flag| vec![flag.to_string()])
}

/// Options of `fft`, with values it takes; some do not fit the input or each other.
fn fft_option() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        with(&["--axes"], &["0", "1", "0,1", "1,0", "1,1", "0,1,0"]),
        with(&["--batch-axis"], &["0", "1"]),
        with(&["--len", "--n", "--pad", "-n"], LENGTHS),
        with(&["--format", "--output-format"], &FORMATS[..6]),
        with(
            &["-o"],
            &["out.npy", "out.txt", "out.wav", "out.c64", "out.x"]
        ),
        with(&["--precision"], &["f32", "f64"]),
        with(&["--norm"], &["none", "backward", "ortho", "forward"]),
        with(&["--rate"], &["8000", "1"]),
        with(&["--threshold"], &["1e-3", "nan"]),
        flag(&[
            "--real",
            "--inverse",
            "--allow-nonfinite",
            "--check",
            "--measure"
        ]),
    ]
}

/// Options of `spectrum`, with values it takes; some it refuses after parsing.
fn spectrum_option() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        with(&["--len", "--n", "--pad", "-n"], LENGTHS),
        with(&["--format"], &FORMATS[..6]),
        with(&["--precision"], &["f32", "f64"]),
        with(
            &["--rate"],
            &["8000", "1", "0", "-5", "inf", "nan", "1e-300"]
        ),
        with(&["--window"], &["none", "hann", "hamming", "blackman"]),
        with(&["--channel"], &["0", "1", "2"]),
        with(&["--db-range"], &["60", "0", "-1", "inf", "nan"]),
        flag(&["--allow-nonfinite"]),
    ]
}

/// What clap refuses: values out of range, options of the other command, unknown words.
fn bad_option() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        with(&["--axes"], &["2", "", "-1"]),
        with(
            &["--len", "--n", "--batch-axis"],
            &["0", "-1", "x", "18446744073709551616"]
        ),
        with(&["--precision", "--format"], &["f16", "", "png"]),
        with(&["--window", "--db-range"], &["hann", "60"]),
        flag(&["--help", "--version", "--bogus", "extra", "--real"]),
        ".{0,12}".prop_map(|w| vec![w]),
    ]
}

/// The input word: the file's own name, another of [`NAMES`], or a file that is not there.
#[derive(Clone, Debug)]
enum Input {
    Named(&'static str),
    Missing,
}

/// A command line after `oclfft`: mostly `fft INPUT ...` or `spectrum INPUT -o OUT ...`.
#[derive(Clone, Debug)]
struct CommandLine {
    command: &'static str,
    input: Input,
    options: Vec<Vec<String>>,
}

/// A command line and the input file's bytes.
fn case() -> impl Strategy<Value = (CommandLine, Vec<u8>)> {
    let command = prop_oneof![
        8 => select(&["fft", "spectrum"][..]),
        1 => select(&["devices", "kernel", "bench", "plan", "cache", "nonsense"][..]),
    ];
    command.prop_flat_map(|command| {
        let option = match command {
            "spectrum" => spectrum_option().boxed(),
            _ => fft_option().boxed(),
        };
        (
            Just(command),
            select(&FILES[..]),
            prop_oneof![
                6 => Just(None),
                3 => select(&NAMES[..]).prop_map(|name| Some(Input::Named(name))),
                1 => Just(Some(Input::Missing)),
            ],
            proptest::collection::vec(prop_oneof![9 => option, 1 => bad_option()], 0..4),
            edit(),
        )
            .prop_map(|(command, (file, own), input, options, edit)| {
                let line = CommandLine {
                    command,
                    input: input.unwrap_or(Input::Named(own)),
                    options,
                };
                let bytes = edit.map_or_else(|| file.to_vec(), |edit| edit.apply(file));
                (line, bytes)
            })
    })
}

/// Changes to a file: bytes replaced, its end cut, bytes added.
#[derive(Clone, Debug)]
struct Edit {
    changes: Vec<(prop::sample::Index, u8)>,
    cut: Option<prop::sample::Index>,
    tail: Vec<u8>,
}

impl Edit {
    fn apply(&self, file: &[u8]) -> Vec<u8> {
        let mut bytes = file.to_vec();
        for (at, byte) in &self.changes {
            let i = at.index(bytes.len());
            bytes[i] = *byte;
        }
        if let Some(cut) = self.cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        bytes.extend(&self.tail);
        bytes
    }
}

/// No change (half of the cases), or an [`Edit`].
fn edit() -> impl Strategy<Value = Option<Edit>> {
    proptest::option::of(
        (
            proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
            proptest::option::of(any::<prop::sample::Index>()),
            proptest::collection::vec(any::<u8>(), 0..8),
        )
            .prop_map(|(changes, cut, tail)| Edit { changes, cut, tail }),
    )
}

/// The command line as `oclfft` gets it, its input in `dir`.
fn argv(line: &CommandLine, dir: &Path) -> Vec<OsString> {
    let input = match line.input {
        Input::Named(name) => dir.join(name),
        Input::Missing => dir.join("missing.txt"),
    };
    let mut argv = vec!["oclfft".into(), line.command.into(), input.into_os_string()];
    if line.command == "spectrum" {
        argv.extend(["-o".into(), "out.png".into()]);
    }
    argv.extend(line.options.iter().flatten().map(OsString::from));
    argv
}

/// Resolves `argv` with `file` written under every name in `dir`: a job of at least one
/// transform of at least one point, or a refusal with a message and exit code 2.
fn check(dir: &Path, argv: Vec<OsString>, file: &[u8]) -> Outcome {
    for name in NAMES {
        std::fs::write(dir.join(name), file).unwrap();
    }
    match resolve_job(argv) {
        Ok(resolved) => {
            match resolved.job() {
                Some(job) => assert!(job.len >= 1 && job.batch >= 1, "{resolved:?}"),
                None => assert!(matches!(resolved, Resolved::Other)),
            }
            Outcome::Job
        }
        Err(ResolveError::Usage(_)) => Outcome::Usage,
        Err(ResolveError::Cli(e)) => {
            // Before the device, every refusal is of the command line or the input.
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(!e.to_string().trim().is_empty());
            Outcome::Refused
        }
    }
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Job,
    Usage,
    Refused,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_command_line_is_a_job_or_a_clear_error((line, file) in case()) {
        let dir = tempfile::tempdir().unwrap();
        check(dir.path(), argv(&line, dir.path()), &file);
    }
}

/// The strategy reaches all three ends: a property that held only because every case stopped
/// in clap would say nothing.
#[test]
fn the_cases_reach_jobs_refusals_and_usage_errors() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let dir = tempfile::tempdir().unwrap();
    let mut counts = [0usize; 3];
    for _ in 0..400 {
        let (line, file) = case().new_tree(&mut runner).unwrap().current();
        let outcome = check(dir.path(), argv(&line, dir.path()), &file);
        counts[outcome as usize] += 1;
    }
    let [jobs, usage, refused] = counts;
    assert!(jobs >= 40 && usage >= 40 && refused >= 40, "{counts:?}");
}

/// Each file of [`FILES`], under its own name, is a job.
#[test]
fn the_files_resolve_to_jobs() {
    let dir = tempfile::tempdir().unwrap();
    for (file, name) in FILES {
        let line = CommandLine {
            command: if name == "in.png" { "spectrum" } else { "fft" },
            input: Input::Named(name),
            options: Vec::new(),
        };
        assert_eq!(
            check(dir.path(), argv(&line, dir.path()), file),
            Outcome::Job,
            "{name}"
        );
    }
}
