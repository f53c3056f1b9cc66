#!/bin/bash
# Two GPUs, one call: the first local transform in parts along axis 0, each chunk's read
# waiting for its part (p = working tree after 5f237b9) against the whole transform and a
# finished queue before the reads (q = 5f237b9); UCX and virtual ranks, rounds p q q p; then
# the distributed device tests on the NVIDIA driver.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in mpi_timing_p mpi_timing_q slab_timing_p slab_timing_q distributed_p; do
  gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b
done
tar xzf .gpu/mpi.tgz -C /tmp && source /tmp/mpi/env.sh
nvidia-smi --query-gpu=index,name,driver_version --format=csv
echo "=== distributed tests on GPU"; timeout 120 /tmp/distributed_p 2>&1 | tail -5
M="mpirun --allow-run-as-root --oversubscribe --bind-to none"
UCX="--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any"
for b in p q q p; do echo "=== MPI (UCX) $b 512 --spread"; timeout 90 $M $UCX -n 2 /tmp/mpi_timing_$b 512 --spread; done
for b in p q q p; do echo "=== virtual $b 512 1 2 --spread"; timeout 150 /tmp/slab_timing_$b 512 1 2 --spread; done
