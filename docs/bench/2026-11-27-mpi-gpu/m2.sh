#!/bin/bash
# Two GPUs, one call: virtual ranks old/new in rounds A B B A (slab_timing, a rank per GPU),
# and MPI through UCX (pml ucx, shared memory and CMA) and through vader without its
# single-copy mechanism, old and new, beside m1's vader default.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in mpi_timing_old mpi_timing_new slab_timing_old slab_timing_new; do
  gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b
done
tar xzf .gpu/mpi.tgz -C /tmp && source /tmp/mpi/env.sh
nvidia-smi --query-gpu=index,name,driver_version --format=csv
M="mpirun --allow-run-as-root --oversubscribe --bind-to none"
UCX="--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any"
for b in new old old new; do echo "=== MPI (UCX) $b 512 --spread"; timeout 90 $M $UCX -n 2 /tmp/mpi_timing_$b 512 --spread; done
echo "=== MPI (vader, no single copy) new 512 --spread"; timeout 90 $M --mca btl_vader_single_copy_mechanism none -n 2 /tmp/mpi_timing_new 512 --spread
for b in new old old new; do echo "=== virtual $b 512 1 2 --spread"; timeout 150 /tmp/slab_timing_$b 512 1 2 --spread; done
