#!/usr/bin/env python3
"""cuFFT reference timings (through CuPy) for the same workload shape as `oclfft bench`:
batched forward C2C complex64, the batch chosen so every row moves the same total number of
points. Timed with CUDA events, median of 20 runs after 3 warm-ups, plus the device copy
bandwidth and the relative L2 error against a complex128 transform of the first rows.

Usage: python3 cufft_bench.py [--log2-total 27] [--min 4] [--max 26] [--json out.json]
"""
import argparse, json, statistics
import cupy as cp
from cupyx.scipy import fft as cfft


def timed(fn, reps=20, warm=3):
    for _ in range(warm):
        fn()
    times = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); fn(); e.record(); e.synchronize()
        times.append(cp.cuda.get_elapsed_time(s, e))
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log2-total", type=int, default=27)
    ap.add_argument("--min", type=int, default=4)
    ap.add_argument("--max", type=int, default=26)
    ap.add_argument("--json")
    a = ap.parse_args()
    total = 1 << a.log2_total
    src = cp.empty(total, dtype=cp.complex64); dst = cp.empty_like(src)
    copy_ms = timed(lambda: cp.copyto(dst, src))
    del src, dst
    print(f"device copy of {total} complex64: {copy_ms:.4f} ms = {2*8*total/copy_ms/1e6:.0f} GB/s (read+write)")
    print("log2N      batch    cufft_ms  passes_equiv  rel_l2_err")
    rows = []
    for k in range(a.min, a.max + 1):
        n = 1 << k; batch = max(1, total // n)
        rs = cp.random.RandomState(k)
        x = (rs.uniform(-1, 1, (batch, n), dtype=cp.float32)
             + 1j * rs.uniform(-1, 1, (batch, n), dtype=cp.float32)).astype(cp.complex64)
        plan = cfft.get_fft_plan(x, axes=(1,))
        ms = timed(lambda: cfft.fft(x, axis=1, plan=plan))
        sample = max(4, (1 << 16) // n)
        y = cfft.fft(x[:sample], axis=1)
        ref = cp.fft.fft(x[:sample].astype(cp.complex128), axis=1)
        err = float(cp.linalg.norm(y - ref) / cp.linalg.norm(ref))
        rows.append(dict(log2n=k, batch=batch, ms=ms, passes=ms / copy_ms, rel_l2=err))
        print(f"{k:5d} {batch:10d} {ms:11.4f} {ms/copy_ms:13.2f} {err:11.2e}", flush=True)
        del x, y, ref, plan
        cp.get_default_memory_pool().free_all_blocks()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(dict(copy_ms=copy_ms, total=total, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
