"""Shared setup: import the package from this source tree and find the
build tree (WMMA_BUILD_DIR, default build/ next to python/)."""

import os
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC_ROOT = os.path.dirname(PYTHON_DIR)
BUILD_DIR = os.environ.get("WMMA_BUILD_DIR", os.path.join(SRC_ROOT, "build"))
sys.path.insert(0, PYTHON_DIR)

# Sanitizer build (scripts/run-tests.sh): this interpreter runs with the ASan
# runtime preloaded for libwmma-c.so; the programs the tests start (cc,
# cmake, the tools, which link the runtime themselves) must not inherit it.
# Child interpreters that load the library get it back (SANITIZER_PRELOAD).
SANITIZER_PRELOAD = os.environ.get("WMMA_SANITIZER_PRELOAD", "")
if SANITIZER_PRELOAD:
    os.environ.pop("LD_PRELOAD", None)


def read_example(*parts):
    with open(os.path.join(SRC_ROOT, *parts)) as f:
        return f.read()


@pytest.fixture(scope="session")
def tools_dir():
    return os.path.join(BUILD_DIR, "bin")
