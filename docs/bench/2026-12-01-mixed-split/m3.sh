# The committed rule (the most balanced two passes whose split pass holds at most 3600
# values): old = main 8f292a6, new = this commit's shapes example, one round each (the
# session's device time was nearly spent). `bash m3.sh` on the GPU machine.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c --no-check "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $6}'; }
echo "== old"; run old 120000x1118
echo "== new"; run new 120000x1118 100000x1342 60000x2236 72000x1864 44100x3043 88200x1521
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
