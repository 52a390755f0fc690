#!/usr/bin/env bash
# The WebGPU benchmark on a Linux machine with an NVIDIA GPU, in one command (bench/README.md, "On an NVIDIA
# GPU"). Dawn reaches the GPU through Vulkan: it needs the Vulkan loader (libvulkan1) and the NVIDIA driver's
# Vulkan ICD. This checks both (and node, pnpm, chromium), says what is missing and how to get it, then runs
# `pnpm bench:webgpu` on the GPU (TLIR_WEBGPU_ADAPTER=gpu: the runtime refuses CPU adapters there) with the large
# cases (the 1024^3 and 4096^3 GEMMs; the batched 32^3 GEMM and the batched axpby grown so that they move
# hundreds of MB) and writes every figure, with % of the FP32 peak and of the memory bandwidth, to one folder.
#
#   bench/webgpu/gpu/run-on-nvidia.sh [--out DIR] [--peak-tflops X] [--peak-tbs Y] [--install] [--check-only]
#                                     [-- more options of bench:webgpu]
#
#   --out DIR         the folder for results.{json,md,svg}, the kernels, environment.txt and run.log
#                     (default bench/out/webgpu-nvidia-<UTC time>)
#   --peak-tflops X   the GPU's FP32 peak in TFLOP/s (default 67, an H200 SXM)
#   --peak-tbs Y      its memory bandwidth in TB/s (default 4.8, an H200's HBM3e)
#   --install         apt-get install what is missing and installable (libvulkan1, vulkan-tools, chromium)
#   --check-only      the checks, no benchmark
#
# About 3 minutes on an H200 (most of it the CPU's float64 results the GPU's are checked against: the 4096^3
# GEMM alone is 137 GFLOP in JavaScript, about a minute). Exit status: 0 when every tlir result was right.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
OUT=""
PEAK_TFLOPS=67
PEAK_TBS=4.8
INSTALL=0
CHECK_ONLY=0
EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT=$2; shift 2 ;;
    --peak-tflops) PEAK_TFLOPS=$2; shift 2 ;;
    --peak-tbs) PEAK_TBS=$2; shift 2 ;;
    --install) INSTALL=1; shift ;;
    --check-only) CHECK_ONLY=1; shift ;;
    --) shift; EXTRA=("$@"); break ;;
    -h|--help) sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-on-nvidia.sh: unknown option '$1' (--help lists them)" >&2; exit 2 ;;
  esac
done
number='^[0-9]+([.][0-9]+)?$'
[[ $PEAK_TFLOPS =~ $number ]] || { echo "run-on-nvidia.sh: --peak-tflops needs a number, got '$PEAK_TFLOPS'" >&2; exit 2; }
[[ $PEAK_TBS =~ $number ]] || { echo "run-on-nvidia.sh: --peak-tbs needs a number, got '$PEAK_TBS'" >&2; exit 2; }
OUT=${OUT:-$ROOT/bench/out/webgpu-nvidia-$(date -u +%Y%m%dT%H%M%SZ)}

missing=0
say() { printf '%s\n' "$*"; }
problem() { printf 'MISSING: %s\n' "$*"; missing=1; }
sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  if [ "$INSTALL" = 1 ] && command -v apt-get >/dev/null; then
    say "installing: $*"
    sudo_ apt-get update -qq && sudo_ apt-get install -y -qq "$@"
  fi
}

say "== checks"
# The driver: nvidia-smi comes with it; in a container the NVIDIA container toolkit mounts it.
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  say "GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
else
  problem "no NVIDIA driver answers (nvidia-smi). Install the driver (Debian/Ubuntu: apt-get install nvidia-driver, or the CUDA repository's cuda-drivers); in a container run it with --gpus all (NVIDIA container toolkit)."
fi
# The Vulkan loader.
vulkan_loader() { ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'; }
if ! vulkan_loader; then apt_install libvulkan1 || true; fi
if vulkan_loader; then
  say "Vulkan loader: $(ldconfig -p | grep -m1 'libvulkan\.so\.1' | sed 's/.*=> //')"
else
  problem "the Vulkan loader libvulkan.so.1: apt-get install libvulkan1 (or run this with --install)"
fi
# The NVIDIA ICD: a manifest naming the driver's Vulkan library (libGLX_nvidia.so.0).
icd=""
for f in ${VK_ICD_FILENAMES:-} ${VK_DRIVER_FILES:-} /etc/vulkan/icd.d/nvidia_icd*.json /usr/share/vulkan/icd.d/nvidia_icd*.json /usr/local/share/vulkan/icd.d/nvidia_icd*.json; do
  if [ -f "$f" ]; then icd=$f; break; fi
done
if [ -n "$icd" ]; then
  lib=$(sed -n 's/.*"library_path"[^"]*"\([^"]*\)".*/\1/p' "$icd" | head -1)
  if [ -n "$lib" ] && ! { [ -f "$lib" ] || ldconfig -p 2>/dev/null | grep -q "/${lib##*/}\$\| ${lib##*/} "; }; then
    problem "the NVIDIA ICD $icd names $lib, which is not installed: install the driver's GL/Vulkan part (Debian: libnvidia-gl-<version>, Ubuntu: libnvidia-gl-<version>); in a container set NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics"
  else
    say "NVIDIA Vulkan ICD: $icd ($lib)"
  fi
else
  problem "no NVIDIA Vulkan ICD (nvidia_icd.json in /etc/vulkan/icd.d or /usr/share/vulkan/icd.d): it comes with the driver's GL/Vulkan libraries (Debian: libnvidia-gl-<version>, Ubuntu: libnvidia-gl-<version>); in a container run with NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics (the default 'compute,utility' leaves Vulkan out)"
fi
if command -v vulkaninfo >/dev/null; then
  say "vulkaninfo: $(vulkaninfo --summary 2>/dev/null | grep -m1 -i 'deviceName' | sed 's/^[[:space:]]*//' || echo 'no device listed')"
else
  say "(vulkaninfo, to see what the loader finds: apt-get install vulkan-tools)"
  apt_install vulkan-tools || true
fi
# Node and pnpm (the repository's tools); the peers are the bench package's dependencies.
if command -v node >/dev/null; then say "node: $(node --version)"; else problem "node (20 or later): https://nodejs.org or apt-get install nodejs"; fi
if command -v pnpm >/dev/null; then say "pnpm: $(pnpm --version)"; else problem "pnpm: corepack enable pnpm (or npm install -g pnpm)"; fi
# Chromium is optional: with it, the tlir kernels also run in headless Chromium on the GPU (tlir-browser).
chromium=${TLIR_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then apt_install chromium || true; fi
if [ -x "$chromium" ]; then say "chromium: $chromium (the tlir-browser column)"; else say "no chromium at $chromium: no tlir-browser column (apt-get install chromium, or TLIR_CHROMIUM=path)"; fi

if [ "$missing" = 1 ]; then
  say "Dawn cannot reach the GPU without what is MISSING above."
  exit 1
fi
[ "$CHECK_ONLY" = 1 ] && { say "checks passed"; exit 0; }

cd "$ROOT"
if [ ! -d node_modules ] || [ ! -f tools/tl-opt/bin/tl-opt.js ] || [ ! -f packages/runtime/dist/index.js ]; then
  say "== pnpm install (installs and builds)"
  pnpm install
fi

mkdir -p "$OUT"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "host: $(uname -srm)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv 2>/dev/null || true
  echo "icd: $icd"
  echo "peaks: FP32 $PEAK_TFLOPS TFLOP/s, memory $PEAK_TBS TB/s"
} > "$OUT/environment.txt"

gflops=$(awk "BEGIN { print $PEAK_TFLOPS * 1000 }")
gbs=$(awk "BEGIN { print $PEAK_TBS * 1000 }")
say "== pnpm bench:webgpu on the GPU -> $OUT"
# Every case, gemm-4096 among them (the default set on a GPU adapter). The batched cases grown for a GPU:
# 32,768 32x32 GEMMs (512 MiB of operands) and 8,192 64x64 axpbys (128 MiB per array), past any cache. Up to
# 1024 launches per batch (a launch takes well under a millisecond there), and room for the peers' results.
command=(node bench/webgpu/run.mjs
  --out "$OUT"
  --case spec-sample,batched-gemm-32,gemm-512,gemm-1024,gemm-4096,tall-skinny,axpby-batch
  --size batched-gemm-32=32768,axpby-batch=8192
  --max-repetitions 1024 --max-batch-mib 16384 --batches 5 --min-batch-ms 200
  --peak-gflops "$gflops" --peak-gbs "$gbs"
  "${EXTRA[@]}")
echo "TLIR_WEBGPU_ADAPTER=gpu ${command[*]}" >> "$OUT/environment.txt"
status=0
# With pipefail the status is run.mjs's (1: a tlir result was wrong or failed), not tee's.
TLIR_WEBGPU_ADAPTER=gpu "${command[@]}" 2>&1 | tee "$OUT/run.log" || status=$?
say "== written to $OUT: results.md (the tables), results.json, results.svg (the chart), environment.txt, run.log"
exit "$status"
