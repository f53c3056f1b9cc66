# Which two passes a mixed R2C takes for its split: the most balanced (the working tree's
# default) or the shortest last pass, through a temporary knob of the experiment build
# (OCLFFT_EXP_MIXED_ORDER=short, never committed); rounds balanced short short balanced;
# then the device tests of that build under both orders. `bash m2.sh` on the GPU machine,
# .gpu/shapes_new.gz and .gpu/tests.tar.xz of the experiment build.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_new.gz > /tmp/shapes && chmod +x /tmp/shapes
R="100000x1342 120000x1118 44100x3043 88200x1521"
run() { o=$1; shift; OCLFFT_EXP_MIXED_ORDER=$o OCLFFT_CACHE_DIR=/tmp/c_$o /tmp/shapes --r2c "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
echo "== balanced"; run balanced $R
echo "== short"; run short $R
echo "== short r2"; run short --no-check $R
echo "== balanced r2"; run balanced --no-check $R
mkdir -p /tmp/tb $OUT/tests && tar xJf .gpu/tests.tar.xz -C /tmp/tb
export OCLFFT_CACHE_DIR=/tmp/ct
t() { name=$1; shift; start=$(date +%s); timeout 200 "$@" > $OUT/tests/$name.txt 2>&1; echo "$name: rc=$? in $(( $(date +%s) - start )) s; $(grep -h '^test result' $OUT/tests/$name.txt | tail -1)"; }
t gpu_plans_real_balanced /tmp/tb/gpu_plans real_and_multi
OCLFFT_EXP_MIXED_ORDER=short t gpu_plans_real_short /tmp/tb/gpu_plans real_and_multi
t real_transforms /tmp/tb/real_transforms --skip every_length
t multi_dim_real /tmp/tb/multi_dim_real
t real_layouts /tmp/tb/real_layouts
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
