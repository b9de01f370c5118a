"""Shared setup: import the package from this source tree and find the
build tree (WMMA_BUILD_DIR, default build/ next to python/)."""

import os
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC_ROOT = os.path.dirname(PYTHON_DIR)
BUILD_DIR = os.environ.get("WMMA_BUILD_DIR", os.path.join(SRC_ROOT, "build"))
sys.path.insert(0, PYTHON_DIR)


def read_example(*parts):
    with open(os.path.join(SRC_ROOT, *parts)) as f:
        return f.read()


@pytest.fixture(scope="session")
def tools_dir():
    return os.path.join(BUILD_DIR, "bin")
