//! `oclfft ... | head` must end quietly: a closed standard output is not an error and never a
//! panic. (Runs on the default OpenCL device, PoCL in CI.)

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    let dir = std::env::temp_dir().join(format!("oclfft-closed-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("signal.txt");
    // 20000 samples -> 20000 spectrum lines (transformed at their own length), far more
    // than a pipe buffer holds.
    let samples: String = (0..20000)
        .map(|i| format!("{}\n", (i % 7) as f64 - 3.0))
        .collect();
    std::fs::write(&input, samples).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_oclfft"))
        .arg("fft")
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // read a little, then close
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        first[0].is_ascii_digit() || first[0] == b'-',
        "first bytes {:?}",
        String::from_utf8_lossy(&first)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
