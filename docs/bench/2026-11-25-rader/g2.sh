set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
gunzip -c shapes_exp2.gz > s; chmod +x s
export OCLFFT_DEVICE=nvidia
run() { # label, env...
  label=$1; shift
  echo "=== $label" >> $OUT/g2.txt
  for k in "--c2r" "--r2c" ""; do
    env "$@" OCLFFT_CACHE_DIR=$(mktemp -d) OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 ./s $k 1000x134217 2000x67108 > $OUT/t.txt 2>&1
    grep -E "^ *[0-9]+x|Used" $OUT/t.txt | sed "s/^/$k /" >> $OUT/g2.txt
  done
}
run default X=1
run by_exponent OCLFFT_BY_STAGE=0
run r20_25 OCLFFT_STAGE_RADICES="500:20,25"
run r10_10_5 OCLFFT_STAGE_RADICES="500:10,10,5"
run r20_25_by_exp OCLFFT_STAGE_RADICES="500:20,25" OCLFFT_BY_STAGE=0
run r25_20_again X=1
run default_again X=1
python3 cufft_shapes.py --kind c2r 1000x134217 2000x67108 >> $OUT/g2.txt 2>&1
python3 cufft_shapes.py --kind r2c 1000x134217 2000x67108 >> $OUT/g2.txt 2>&1
python3 cufft_shapes.py 1000x134217 2000x67108 >> $OUT/g2.txt 2>&1
