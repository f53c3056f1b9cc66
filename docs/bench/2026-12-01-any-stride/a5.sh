# The device tests of the committed tree (real split at any stride) on NVIDIA's driver.
# `bash a5.sh` on the GPU machine, .gpu/tests.tar.xz.
bash .gpu/tests.sh gpu_plans:300 real_transforms:150
