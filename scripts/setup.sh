#!/usr/bin/env bash
# Installs every Debian package the project needs (bookworm; LLVM/MLIR 22 from
# Debian's archive).  A no-op when everything is present.  Run as root (or with
# sudo available).
set -euo pipefail

PACKAGES=(
  cmake ninja-build gcc g++ python3 git
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
  libamdhip64-dev python3-numpy python3-pytest
  # clang-22's ASan/UBSan runtimes and libFuzzer (the sanitizer build and
  # the fuzz harnesses of scripts/run-tests.sh)
  libclang-rt-22-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO=sudo; else
    echo "setup: missing packages (${missing[*]}) and not root; run as root" >&2
    exit 1
  fi
fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
