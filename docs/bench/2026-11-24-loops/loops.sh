#!/usr/bin/env bash
# Issue 8 item 6 (fused load/store phases as loops): before/after sweep in one call, A B B A
# order for f32, A B for f64; cold plan times; issue 12: the streamed path on the GPU.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null
mkdir -p /tmp/b && for n in oclfft_before oclfft_after; do gunzip -c .gpu/$n.gz > /tmp/b/$n; chmod +x /tmp/b/$n; done
A=/tmp/b/oclfft_before; B=/tmp/b/oclfft_after
export OCLFFT_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/sweep.txt
{
for X in $A $B $B $A; do echo "== $(basename $X) f32"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 27 --rustfft false; done
for X in $A $B; do echo "== $(basename $X) f64"; OCLFFT_CACHE_DIR=/tmp/occ_$(basename $X) $X bench --min 4 --max 25 --precision f64 --rustfft false; done
} 2>&1 | tee -a $OUT/sweep.txt
echo "== cold plans" | tee $OUT/plans.txt
for X in $A $B; do for N in 4096 8192 1048576 67108864; do
  d=$(mktemp -d); echo "-- $(basename $X) N=$N"; OCLFFT_CACHE_DIR=$d/occ $X plan $N 2>&1 | grep -E "plan built"
done; done 2>&1 | tee -a $OUT/plans.txt
echo "== streamed on the GPU" | tee $OUT/stream.txt
python3 - <<'PY'
import numpy as np
rng=np.random.default_rng(0)
a=(rng.standard_normal((4096,8192))+1j*rng.standard_normal((4096,8192))).astype(np.complex64)
np.save('/tmp/rows.npy',a)
PY
{
/usr/bin/time -v $A fft /tmp/rows.npy -o /tmp/s.npy 2>&1 | grep -E "oclfft|Maximum resident|Elapsed"
/usr/bin/time -v $A fft /tmp/rows.npy -o /tmp/w.npy --check 2>&1 | grep -E "oclfft|check|Maximum resident|Elapsed"
cmp /tmp/s.npy /tmp/w.npy && echo "streamed == whole-file: same bytes"
python3 -c "
import numpy as np
a=np.load('/tmp/rows.npy'); b=np.load('/tmp/s.npy'); r=np.fft.fft(a.astype(np.complex128),axis=1)
print('relative L2 vs numpy f64:', np.linalg.norm(b-r)/np.linalg.norm(r))"
} 2>&1 | tee -a $OUT/stream.txt
