#!/usr/bin/env python3
"""CuPy's host call from pinned memory: upload, batched C2C FFT (complex64), download, 1 GiB
(2^27 points) per call; median of 9 after 2 warm-ups, wall clock around the whole call."""
import statistics, sys, time
import numpy as np
import cupy as cp
import cupyx
from cupyx.scipy import fft as cfft

log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
n = 1 << log2n
b = (1 << 27) // n
src = cupyx.empty_pinned((b, n), dtype=np.complex64)
src[:] = (np.random.default_rng(1).standard_normal((b, n)) + 0j).astype(np.complex64)
dst = cupyx.empty_pinned((b, n), dtype=np.complex64)
dev = cp.empty((b, n), dtype=np.complex64)
plan = cfft.get_fft_plan(dev, axes=(1,))
def call():
    dev.set(src)
    with plan:
        r = cfft.fft(dev, axis=1, overwrite_x=True)
    r.get(out=dst)
    cp.cuda.Stream.null.synchronize()
times = []
for i in range(11):
    t = time.perf_counter(); call(); dt = time.perf_counter() - t
    if i >= 2:
        times.append(dt * 1e3)
print(f"cupy pinned host call N=2^{log2n} batch {b}: median {statistics.median(times):.2f} ms (min {min(times):.2f}, max {max(times):.2f})")
