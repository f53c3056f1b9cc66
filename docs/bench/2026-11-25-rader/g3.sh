set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
for b in s_old s_new; do gunzip -c $b.gz > $b; chmod +x $b; done
export OCLFFT_DEVICE=nvidia
S="384x349525 432x310689 500x268435 640x209715 750x178956 864x155344 972x138084 1000x134217 2000x67108 10000x13421"
for b in s_old s_new s_new s_old; do
  for k in --r2c --c2r; do
    echo "=== $b $k" >> $OUT/g3.txt
    OCLFFT_CACHE_DIR=/tmp/cc_$b ./$b $k $S >> $OUT/g3.txt 2>&1
  done
done
python3 cufft_shapes.py --kind r2c $S >> $OUT/g3.txt 2>&1
python3 cufft_shapes.py --kind c2r $S >> $OUT/g3.txt 2>&1
