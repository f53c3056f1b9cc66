# The cost of exchanging halves in the one-pass 6561-, 8192- and 10000-point kernels, on the
# GPU machine: `bash e1.sh` with .gpu/shapes_exp.gz = the shapes example of main 39a3893
# plus a temporary hook (never committed) that reads a kernel's source from
# $OCLFFT_EXP_SRC_DIR/<name>.cl, and .gpu/exp/{fake,ovf}/ written by variants.py from the
# generated kernels. base: the generated kernels; fake: whole complex values in one round
# through a 48 KB buffer, indices wrapped (wrong results: the timing bound of exchanging no
# halves); ovf: 6561 points exchanged whole, indices from 6075 on through the work-group's own
# output rows in global memory (correct).
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/shapes_exp.gz > /tmp/shapes && chmod +x /tmp/shapes
S="6561x20457 8192x16384 10000x13421 2187x61370"
run() { v=$1; shift; if [ "$v" = base ]; then OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/shapes "$@"; else OCLFFT_EXP_SRC_DIR=$PWD/.gpu/exp/$v OCLFFT_CACHE_DIR=/tmp/c_$v /tmp/shapes "$@"; fi; }
for v in base fake ovf; do echo "== $v"; run $v $S 2>&1 | grep -v "^device\|^oclfft\|shape "; done
python3 .gpu/cufft_shapes.py 6561x20457 8192x16384 10000x13421 2187x61370 2>&1 | tail -6
for v in ovf fake base; do echo "== $v r2"; run $v --no-check $S 2>&1 | grep -v "^device\|^oclfft\|shape "; done
python3 .gpu/cufft_shapes.py 6561x20457 2>&1 | tail -2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
