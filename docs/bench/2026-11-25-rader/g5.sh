set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
gunzip -c s_e3.gz > s_old; gunzip -c s_head.gz > s_new; chmod +x s_old s_new
export OCLFFT_DEVICE=nvidia
S="1024x131072 4096x32768 65536x2048 524288x256 1048576x128 4194304x32 16777216x8 1000x134217 2048x65536"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/g5.txt
for b in s_old s_new s_new s_old; do
  for k in --r2c --c2r; do
    echo "=== $b $k" >> $OUT/g5.txt
    OCLFFT_CACHE_DIR=/tmp/cc_$b ./$b $k $S >> $OUT/g5.txt 2>&1
  done
done
python3 cufft_shapes.py --kind r2c $S >> $OUT/g5.txt 2>&1
python3 cufft_shapes.py --kind c2r $S >> $OUT/g5.txt 2>&1
