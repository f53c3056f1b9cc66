set -u
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
cd .gpu
for f in oclfft_base oclfft_new shapes_exp; do gunzip -c $f.gz > $f; chmod +x $f; done
export OCLFFT_DEVICE=nvidia
export OCLFFT_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
for v in "" "6561:9,9,9,9" "6561:27,9,9,3;10000:10,10,10,10" "10000:20,10,10,5" "10000:25,20,20" "10000:20,20,5,5" "10000:50,20,10"; do
  echo "=== variant '$v'" >> $OUT/exp.txt
  OCLFFT_STAGE_RADICES="$v" OCLFFT_BUILD_OPTIONS=-cl-nv-verbose OCLFFT_PRINT_BUILD_LOG=1 ./shapes_exp 6561x20457 10000x13421 > $OUT/tmp.txt 2>&1
  grep -E "^ *[0-9]+x|registers|spill" $OUT/tmp.txt | grep -v "0 bytes spill" | head -20 >> $OUT/exp.txt
done
python3 cufft_shapes.py 6561x20457 10000x13421 >> $OUT/exp.txt 2>&1
timeout 150 ./oclfft_base bench --min 4 --max 27 --rustfft false > $OUT/p2_base1.txt 2>&1
timeout 150 ./oclfft_new bench --min 4 --max 27 --rustfft false > $OUT/p2_new1.txt 2>&1
timeout 150 ./oclfft_new bench --min 4 --max 27 --rustfft false > $OUT/p2_new2.txt 2>&1
timeout 150 ./oclfft_base bench --min 4 --max 27 --rustfft false > $OUT/p2_base2.txt 2>&1
echo done
