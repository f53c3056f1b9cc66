# The device tests of the working tree (real split at any stride) on NVIDIA's driver.
# `bash a2.sh` on the GPU machine, .gpu/tests.tar.xz.
bash .gpu/tests.sh gpu_plans:250 real_transforms:150
