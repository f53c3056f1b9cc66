# The split at any stride above 3600 values where no fewer columns pair, in passes whose
# stages run through local memory (the committed rule): old = main aedaafc's shapes
# example, mid = a3's new (the 3600-value bound everywhere), v2 = the working tree, rounds
# old mid v2 v2 mid old, R2C per 2^27 f32 reals, cuFFT's R2C in the same call. `bash a4.sh`
# on the GPU machine, .gpu/shapes_{old,mid,v2}.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old mid v2; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="106722x1257 113190x1185 112266x1195 114660x1170 118098x1136 133100x1008 157300x853 158466x847"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== old"; run old $R
echo "== mid"; run mid --no-check $R
echo "== v2"; run v2 $R
echo "== v2 r2"; run v2 --no-check $R
echo "== mid r2"; run mid --no-check $R
echo "== old r2"; run old --no-check $R
python3 .gpu/cufft_shapes.py --kind r2c $R 2>&1 | tail -9
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
