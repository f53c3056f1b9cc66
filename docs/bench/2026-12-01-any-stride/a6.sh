# Runs of 48 bytes (14 f32 columns) for the split at any stride: c = the committed tree
# (64 bytes), r48 = the same with 48 in pairs_at_any_stride (a temporary build, never
# committed); rounds c r48 r48 c, R2C per 2^27 f32 reals. `bash a6.sh` on the GPU machine,
# .gpu/shapes_{c,r48}.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in c r48; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="120050x1118 122500x1095 106722x1257 113190x1185 118098x1136 151250x887 168070x798"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b --r2c --no-check "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $6}'; }
echo "== c"; run c $R
echo "== r48"; run r48 $R
echo "== r48 r2"; run r48 $R
echo "== c r2"; run c $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
