#!/bin/bash
# Two GPUs, one call: a 512^3 field over 2 MPI ranks (mpirun, OpenMPI 4.1.4 carried in
# .gpu/mpi.tgz by bundle.sh) with a rank per GPU, old (f9b7120) and new (reads of the next
# batch enqueued before this batch's exchange) in rounds A B B A; the same over virtual ranks
# (slab_timing); 2 ranks sharing GPU 0; chunk sizes; 4 ranks on 2 GPUs.
bash .gpu/nvidia-opencl.sh >/dev/null 2>&1
export OCLFFT_DEVICE=nvidia
for b in mpi_timing_old mpi_timing_new slab_timing_old slab_timing_new multi_device_timing_new; do
  gunzip -c .gpu/$b.gz > /tmp/$b; chmod +x /tmp/$b
done
tar xzf .gpu/mpi.tgz -C /tmp && source /tmp/mpi/env.sh
nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
nvidia-smi topo -m 2>/dev/null | head -3
nproc; free -g | head -2
mpirun --version | head -1
M="mpirun --allow-run-as-root --oversubscribe --bind-to none"
echo "=== probe"
if ! timeout 60 $M -n 2 /tmp/mpi_timing_new 64 --spread; then
  echo "=== probe again without single-copy (CMA)"
  export OMPI_MCA_btl_vader_single_copy_mechanism=none
  timeout 60 $M -n 2 /tmp/mpi_timing_new 64 --spread
fi
for b in new old old new; do echo "=== MPI $b 512 --spread"; timeout 90 $M -n 2 /tmp/mpi_timing_$b 512 --spread; done
echo "=== MPI new 512, both ranks on GPU 0"; timeout 90 $M -n 2 /tmp/mpi_timing_new 512
for c in 2097152 33554432; do echo "=== MPI new 512 --spread --chunk=$c"; timeout 90 $M -n 2 /tmp/mpi_timing_new 512 --spread --chunk=$c; done
echo "=== MPI new 512 --spread, 4 ranks"; timeout 120 $M -n 4 /tmp/mpi_timing_new 512 --spread
for b in new old; do echo "=== virtual $b 512 1 2 --spread"; timeout 150 /tmp/slab_timing_$b 512 1 2 --spread; done
