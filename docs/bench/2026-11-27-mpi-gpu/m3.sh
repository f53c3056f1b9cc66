#!/bin/bash
# Two GPUs, one call: chunk size of the exchanges over MPI, new build, a rank per GPU, through
# OpenMPI's default (vader with CMA) and UCX, sizes in rounds 8 2 1 4 4 1 2 8 MiB.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
gunzip -c .gpu/mpi_timing_new.gz > /tmp/mpi_timing_new; chmod +x /tmp/mpi_timing_new
tar xzf .gpu/mpi.tgz -C /tmp && source /tmp/mpi/env.sh
nvidia-smi --query-gpu=index,name,driver_version --format=csv
M="mpirun --allow-run-as-root --oversubscribe --bind-to none"
UCX="--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any"
for mib in 8 2 1 4 4 1 2 8; do
  c=$((mib << 20))
  echo "=== vader chunk $mib MiB"; timeout 60 $M -n 2 /tmp/mpi_timing_new 512 --spread --chunk=$c
  echo "=== UCX chunk $mib MiB"; timeout 60 $M $UCX -n 2 /tmp/mpi_timing_new 512 --spread --chunk=$c
done
