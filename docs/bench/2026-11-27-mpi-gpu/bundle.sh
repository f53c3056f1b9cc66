#!/bin/bash
# Packs Debian's OpenMPI 4.1.4 (mpirun, libmpi, its plugins, PMIx and every library they link
# but glibc) into one relocatable tree, for a GPU machine that has no MPI and no network:
#   bash bundle.sh .gpu/mpi && tar czf .gpu/mpi.tgz -C .gpu mpi
# On that machine, `source mpi/env.sh` after unpacking sets OPAL_PREFIX, PMIX_PREFIX,
# PATH and LD_LIBRARY_PATH.
set -euo pipefail
out=$(realpath -m "$1")
rm -rf "$out"; mkdir -p "$out/root/usr/bin" "$out/lib"
arch=/usr/lib/x86_64-linux-gnu
cp -a /usr/bin/orterun /usr/bin/orted "$out/root/usr/bin/"
ln -s orterun "$out/root/usr/bin/mpirun"
mkdir -p "$out/root$arch/openmpi/lib" "$out/root/usr/share"
cp -a $arch/openmpi/lib/openmpi3 "$out/root$arch/openmpi/lib/"
cp -a /usr/share/openmpi "$out/root/usr/share/"
cp -a $arch/pmix2 "$out/root$arch/"
cp -a $arch/ucx "$out/root$arch/"
rm -rf "$out/root$arch/pmix2/include" "$out/root$arch/pmix2/lib/libpmix.a"
# Every library the ELF files need, but the C library's own.
find "$out/root" -type f \( -name '*.so*' -o -perm -u+x \) -print0 |
  xargs -0 ldd 2>/dev/null | awk '/=> \//{print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux-x86-64|libresolv)\.so' |
  while read -r lib; do cp -L "$lib" "$out/lib/"; done
cat > "$out/env.sh" <<'ENV'
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export OPAL_PREFIX=$here/root/usr
export PMIX_PREFIX=$here/root/usr/lib/x86_64-linux-gnu/pmix2
export PMIX_MCA_mca_base_component_path=$PMIX_PREFIX/lib/pmix
export PMIX_MCA_pcompress_base_silence_warning=1
export UCX_MODULE_DIR=$here/root/usr/lib/x86_64-linux-gnu/ucx
export PATH=$here/root/usr/bin:$PATH
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
ENV
du -sh "$out"
