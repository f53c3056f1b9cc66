# The real split's f32-only planner rules tried in f64, and shorter last-resort runs.
# One binary, x = the working tree at 58c1444 plus environment switches (a temporary build,
# never committed): no switch = 58c1444's plans; XF64_MIXED / XF64_FEWER / XF64_LAST take
# the mixed split (real_mixed_split.rs), fewer split columns (real.rs) and the last resort
# (real_any_stride.rs) in f64 too; XLASTRUN=B sets ANY_STRIDE_LAST_RESORT_MIN_RUN_BYTES.
# Rounds old new new old; R2C per 2^27 f32 reals, 2^26 f64; cuFFT's R2C in the same call.
# `bash b1.sh` on the GPU machine with .gpu/shapes_x.gz.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_x.gz > /tmp/shapes_x && chmod +x /tmp/shapes_x
R40="245000x547 277992x482 326592x410 397488x337"
R32="346112x387 422400x317 509600x263 692224x193"
D="135200x496 147420x455 149058x450 165888x404 252000x266 140400x477 151250x443 185900x361 216320x310 9828x6828 44100x1521 10500x6391 175000x383 2095632x32"
D32="245700x273 314496x213 413952x162 551936x121"
run() { tag=$1; shift; echo "== $tag"; env "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
X="/tmp/shapes_x --r2c"
F64ON="XF64_MIXED=1 XF64_FEWER=1 XF64_LAST=1"
for round in 1; do
  nc=""; [ $round = 2 ] && nc=--no-check
  run "old $round" OCLFFT_CACHE_DIR=/tmp/c_old $X $nc $R40 $R32
  run "old f64 $round" OCLFFT_CACHE_DIR=/tmp/c_old $X $nc --f64 $D $D32
  run "r40 $round" XLASTRUN=40 OCLFFT_CACHE_DIR=/tmp/c_new $X $nc $R40
  run "r32 $round" XLASTRUN=32 OCLFFT_CACHE_DIR=/tmp/c_new $X $nc $R32
  run "f64on $round" $F64ON OCLFFT_CACHE_DIR=/tmp/c_new $X $nc --f64 $D
  run "f64on r32 $round" $F64ON XLASTRUN=32 OCLFFT_CACHE_DIR=/tmp/c_new $X $nc --f64 $D32
  run "r40 $round b" XLASTRUN=40 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check $R40
  run "r32 $round b" XLASTRUN=32 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check $R32
  run "f64on $round b" $F64ON OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check --f64 $D
  run "f64on r32 $round b" $F64ON XLASTRUN=32 OCLFFT_CACHE_DIR=/tmp/c_new $X --no-check --f64 $D32
  run "old $round b" OCLFFT_CACHE_DIR=/tmp/c_old $X --no-check $R40 $R32
  run "old f64 $round b" OCLFFT_CACHE_DIR=/tmp/c_old $X --no-check --f64 $D $D32
  [ $round = 1 ] && { python3 .gpu/cufft_shapes.py --kind r2c $R40 $R32 2>&1 | tail -9; python3 .gpu/cufft_shapes.py --kind r2c --precision f64 $D $D32 2>&1 | tail -19; }
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
