set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
gunzip -c s_e3.gz > s; chmod +x s
export OCLFFT_DEVICE=nvidia
S="1024x131072 4096x32768 65536x2048 524288x256 4194304x32 16777216x8"
run() { label=$1; shift
  for k in --r2c --c2r; do
    echo "=== $label $k" >> $OUT/g4.txt
    env "$@" OCLFFT_CACHE_DIR=$(mktemp -d) OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 ./s $k $S > $OUT/t.txt 2>&1
    grep -E "^ *[0-9]+x|Used" $OUT/t.txt >> $OUT/g4.txt
  done
}
run default X=1
run b4_4_5 OCLFFT_RADIX_BITS="512:4;2048:5;1024:4"
run b3_4_4 OCLFFT_RADIX_BITS="512:3;2048:4;1024:5"
run b4_3_3 OCLFFT_RADIX_BITS="512:4;2048:3;1024:3"
run default2 X=1
python3 cufft_shapes.py --kind r2c $S >> $OUT/g4.txt 2>&1
