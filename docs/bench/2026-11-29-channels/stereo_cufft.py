#!/usr/bin/env python3
"""cuFFT (through CuPy) on interleaved channels: the FFT along axis 1 of a complex64 array
(batch, N, channels), the layout of stereo audio (cufftPlanMany with istride = channels,
idist = N * channels, one plan per channel). Median of 20 runs after 3 warm-ups, CUDA events,
beside the device copy of the same bytes, like cufft_shapes.py. Usage: SHAPE... with SHAPE
N,CHANNELSxBATCH (1024,2x65536)."""
import statistics, sys
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


print("cuFFT c2c f32 along axis 1 of (batch, N, channels); ms = median forward time")
print(f"{'shape':>16} {'ms':>9} {'copy_ms':>9} {'x_copy':>7}")
for shape in sys.argv[1:]:
    dims, _, batch = shape.partition("x")
    n, ch = (int(d) for d in dims.split(","))
    x = (cp.random.standard_normal((int(batch), n, ch)) + 1j).astype(cp.complex64)
    out = cp.empty_like(x)
    ms = timed(lambda: cfft.fft(x, axis=1, overwrite_x=False))
    copy = timed(lambda: out.__setitem__(Ellipsis, x))
    print(f"{shape:>16} {ms:9.4f} {copy:9.4f} {ms / copy:7.2f}")
