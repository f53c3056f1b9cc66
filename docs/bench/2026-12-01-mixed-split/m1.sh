# Mixed-radix R2Cs with the split in their last pass (two passes chosen for it, fewer columns
# where that pairs them) against the planner's two passes and a point-wise split: old = main
# 8f292a6's shapes example, new = the working tree, rounds old new new old, cuFFT's R2C in the
# same call. `bash m1.sh` on the GPU machine, .gpu/shapes_{old,new}.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="100000x1342 60000x2236 72000x1864 120000x1118 44100x3043 88200x1521 36000x3728 200000x671 1048576x128"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== old"; run old $R
echo "== new"; run new $R
echo "== new r2"; run new --no-check $R
echo "== old r2"; run old --no-check $R
python3 .gpu/cufft_shapes.py --kind r2c $R 2>&1 | tail -10
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
