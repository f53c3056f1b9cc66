//! Locks the compile errors of `radix_kernel!` (run with `TRYBUILD=overwrite` to refresh the
//! `.stderr` files after a deliberate wording change, then read them).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass_*.rs");
    t.compile_fail("tests/ui/fail_*.rs");
}
