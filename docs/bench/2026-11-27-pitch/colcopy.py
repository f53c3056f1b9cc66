#!/usr/bin/env python3
"""What misaligned column runs cost, without the FFT: a CUDA copy kernel (CuPy) with the
access pattern of oclfft's 512-point interleaved fused pass (work-groups of 128 = 8 columns
x 16 rows; work-item (col, row) reads values v = row + 16 * it, it = 0..31, of column ci at
v * stride + column, then writes them the same way). Column ci of a block lies at
(ci / width) * pitch + ci % width on each side, so one kernel runs the compact half
spectrum (pitch = width = 257), a padded one (pitch 260) and the conversions between them.
Median of 20 runs after 3, CUDA events, beside a plain copy of the same bytes."""
import statistics, sys
import cupy as cp

SRC = r'''
extern "C" __global__ void colcopy(const float2* __restrict__ x, float2* __restrict__ y,
    unsigned ncols, unsigned nv, unsigned width, unsigned pin, unsigned pout,
    unsigned sin_, unsigned sout, unsigned nblocks)
{
    unsigned gg = blockIdx.x * 8u + threadIdx.x % 8u;
    unsigned row = threadIdx.x / 8u;
    unsigned b = gg / ncols;
    unsigned ci = gg - b * ncols;
    if (b >= nblocks) return;
    unsigned cin = (ci / width) * pin + ci % width;
    unsigned cout = (ci / width) * pout + ci % width;
    const float2* src = x + (size_t)b * nv * sin_ + cin;
    float2* dst = y + (size_t)b * nv * sout + cout;
    float2 r[32];
#pragma unroll
    for (int it = 0; it < 32; ++it) r[it] = src[(size_t)(row + 16u * it) * sin_];
    __syncthreads();
#pragma unroll
    for (int it = 0; it < 32; ++it) dst[(size_t)(row + 16u * it) * sout] = r[it];
}
'''
kernel = cp.RawKernel(SRC, "colcopy")


def timed(fn, reps=20, warm=3):
    for _ in range(warm):
        fn()
    times = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); fn(); e.record(); e.synchronize()
        times.append(cp.cuda.get_elapsed_time(s, e))
    return statistics.median(times)


def case(name, nblocks, nv, ncols, width, pin, pout, sin_, sout):
    x = cp.zeros(nblocks * nv * sin_ + 64, dtype=cp.complex64)
    y = cp.zeros(nblocks * nv * sout + 64, dtype=cp.complex64)
    groups = (nblocks * ncols + 7) // 8
    args = tuple(cp.uint32(a) for a in (ncols, nv, width, pin, pout, sin_, sout, nblocks))
    ms = timed(lambda: kernel((groups,), (128,), (x, y) + args))
    n = nblocks * nv * ncols
    a = cp.zeros(n, dtype=cp.complex64); b = cp.zeros(n, dtype=cp.complex64)
    copy = timed(lambda: b.__setitem__(slice(None), a))
    print(f"{name:58s} {ms:8.4f} ms  copy {copy:7.4f}  x_copy {ms / copy:5.2f}", flush=True)


def shape(n0, n1, h1, pad):
    # The kernel moves 512 values per column: n0 = n1 = 512.
    print(f"== half spectrum {n0} x {n1} x {h1} (pitch {pad})")
    # Axis 1: blocks n0, columns h1 interleaved at stride pitch.
    case("axis 1, compact both sides (today)", n0, n1, h1, h1, h1, h1, h1, h1)
    case("axis 1, padded both sides", n0, n1, h1, h1, pad, pad, pad, pad)
    case("axis 1, read compact, write padded", n0, n1, h1, h1, h1, pad, h1, pad)
    case("axis 1, read padded, write compact", n0, n1, h1, h1, pad, h1, pad, h1)
    # Axis 0: one block of n1 * h1 columns.
    case("axis 0, compact both sides (today)", 1, n0, n1 * h1, n1 * h1, 0, 0, n1 * h1, n1 * h1)
    case("axis 0, padded both sides (pad columns too)", 1, n0, n1 * pad, n1 * pad, 0, 0, n1 * pad, n1 * pad)
    case("axis 0, read padded, write compact (flat out)", 1, n0, n1 * h1, h1, pad, h1, n1 * pad, n1 * h1)
    case("axis 0, read compact, write padded (flat in)", 1, n0, n1 * h1, h1, h1, pad, n1 * h1, n1 * pad)


print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
for _ in range(2):
    shape(512, 512, 257, 260)
    shape(512, 512, 257, 264)
    shape(512, 512, 129, 132)
