"""Library discovery: an installed prefix (cmake --install), WMMA_LIBRARY,
and a clear error when the library is missing."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import BUILD_DIR, PYTHON_DIR, SANITIZER_PRELOAD

PROBE = ("import wmma; print(wmma.library_path()); print(wmma.__file__); "
         "print(wmma.layout('rdna4', 'v_wmma_f32_16x16x16_f16', 'A').locate(0, 4))")


def _python(code, env_extra, cwd):
    env = {k: v for k, v in os.environ.items()
           if k not in ("WMMA_BUILD_DIR", "WMMA_LIBRARY", "PYTHONPATH")}
    env.update(env_extra)
    if SANITIZER_PRELOAD:
        env["LD_PRELOAD"] = SANITIZER_PRELOAD
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True)


def test_installed_prefix(tmp_path):
    cmake = shutil.which("cmake")
    if not cmake or not os.path.exists(os.path.join(BUILD_DIR, "cmake_install.cmake")):
        pytest.skip("no cmake or no configured build tree")
    prefix = tmp_path / "prefix"
    subprocess.run([cmake, "--install", BUILD_DIR, "--prefix", str(prefix)], check=True,
                   capture_output=True)
    site = prefix / "lib" / "python3" / "dist-packages"
    r = _python(PROBE, {"PYTHONPATH": str(site)}, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    lib, pkg, loc = r.stdout.splitlines()
    assert lib == str(prefix / "lib" / "libwmma-c.so")
    assert pkg.startswith(str(site))
    assert loc == "[(16, 0, 0, 15)]"


def test_explicit_library_path(tmp_path):
    lib = os.path.join(BUILD_DIR, "lib", "libwmma-c.so")
    r = _python(PROBE, {"PYTHONPATH": PYTHON_DIR, "WMMA_LIBRARY": lib}, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == lib


def test_missing_library_is_a_clear_error(tmp_path):
    code = ("import wmma\ntry:\n    wmma.version()\nexcept wmma.WmmaError as e:\n"
            "    print(e)\n")
    missing = str(tmp_path / "nope.so")
    r = _python(code, {"PYTHONPATH": PYTHON_DIR, "WMMA_LIBRARY": missing}, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "WMMA_LIBRARY=%s does not exist" % missing in r.stdout
