#!/bin/bash
# Two GPUs, one call: OpenMPI's default transport (vader), which m1 found slower with the
# read-ahead: old = f9b7120 (8 MiB chunks, reads after the exchange) against p = fef48fd
# (4 MiB, reads a batch ahead, transform in parts), rounds old p p old; then p under
# mpirun's default binding (no --bind-to none).
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in mpi_timing_old mpi_timing_p; do gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b; done
tar xzf .gpu/mpi.tgz -C /tmp && source /tmp/mpi/env.sh
nvidia-smi --query-gpu=index,name,driver_version --format=csv
M="mpirun --allow-run-as-root --oversubscribe --bind-to none"
for b in old p p old; do echo "=== vader $b 512 --spread"; timeout 90 $M -n 2 /tmp/mpi_timing_$b 512 --spread; done
echo "=== vader p 512 --spread, default binding"; timeout 90 mpirun --allow-run-as-root -n 2 /tmp/mpi_timing_p 512 --spread
