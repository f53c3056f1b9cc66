# The real steps' twiddles on a grid (split and merge), old (main 39a3893, before
# this change) against new (the working tree), rounds old new new old, beside our C2C
# and cuFFT in the same call. `bash g2.sh` on the GPU machine, .gpu/shapes_{old,new}.gz
# = `cargo build --release -p fft-runtime --example shapes`, stripped.
set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in old new; do gunzip -c .gpu/shapes_$b.gz > /tmp/shapes_$b && chmod +x /tmp/shapes_$b; done
R="1024x131072 4096x32768 65536x2048 131072x1024 262144x512 524288x256 1048576x128 2097152x64 4194304x32 16777216x8 1000x134217"
run() { b=$1; shift; OCLFFT_CACHE_DIR=/tmp/c_$b /tmp/shapes_$b "$@" 2>&1 | grep -v "^device\|^oclfft\|shape " | awk '{print $1, $2, $5, $6}'; }
for kind in r2c c2r; do
  echo "== old $kind"; run old --$kind $R
  echo "== new $kind"; run new --$kind $R
  echo "== new $kind r2"; run new --$kind --no-check $R
  echo "== old $kind r2"; run old --$kind --no-check $R
done
echo "== c2c old new new old"
for b in old new new old; do run $b --no-check 1048576x128 65536x2048 16777216x8 1024x131072 4096x32768 1000x134217; done
python3 .gpu/cufft_shapes.py --kind r2c 1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217 2>&1 | tail -7
python3 .gpu/cufft_shapes.py --kind c2r 1024x131072 4096x32768 65536x2048 1048576x128 16777216x8 1000x134217 2>&1 | tail -7
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
