# lit configuration for the wmma project.
import os
import lit.formats
from lit.llvm import llvm_config

config.name = "WMMA"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".ll"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.wmma_obj_root, "test")

# Our tools first, then LLVM's (FileCheck, not, mlir-opt, llc, llvm-readelf).
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.wmma_tools_dir, append_path=True)
llvm_config.use_default_substitutions()

config.substitutions.append(("%wmma_lib", config.wmma_lib_dir))
config.substitutions.append(("%wmma_src", config.wmma_src_root))
config.substitutions.append(("%llvm_include", config.llvm_include_dir))
# The build directory (for cmake --install in test/Install).
config.substitutions.append(("%wmma_obj", config.wmma_obj_root))
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%llc", os.path.join(config.llvm_tools_dir, "llc")))
config.substitutions.append(("%mlir_translate", os.path.join(config.llvm_tools_dir, "mlir-translate")))
# Unescapes the object of a gpu.binary (ISA text or HSACO) to stdout.
config.substitutions.append(("%extract_bin", "python3 " + os.path.join(config.wmma_src_root, "scripts", "extract-binary.py")))
# Runs a command and succeeds only on the given exit status (0/1/2 contracts).
config.substitutions.append(("%expect_exit", "python3 " + os.path.join(
    config.wmma_src_root, "test", "Emulator", "Inputs", "expect_exit.py")))

# MLIR's CPU JIT runner and its runtime libraries (host code run on the CPU).
config.substitutions.append(("%mlir_runner_libs", ",".join(
    os.path.join(config.llvm_tools_dir, "..", "lib", l)
    for l in ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so"))))
if os.path.exists(os.path.join(config.llvm_tools_dir, "mlir-runner")):
    config.available_features.add("mlir-runner")

# Sanitizer build: uninstrumented hosts of our shared libraries (the stock
# mlir-opt with WMMAPlugin.so, the downstream program linking libwmma-c.so)
# need the ASan runtime preloaded; their own allocations are not ours to
# leak-check.  Our tools carry their options (lib/Support/SanitizerDefaults.c).
if config.wmma_asan_runtime:
    config.available_features.add("asan")
    config.substitutions.append(("%asan_host", "env LD_PRELOAD=%s ASAN_OPTIONS=%s" % (
        config.wmma_asan_runtime, "allow_user_poisoning=0:use_sigaltstack=0:detect_leaks=0")))
else:
    config.substitutions.append(("%asan_host", ""))

# WMMA_FUZZ builds: the libFuzzer harnesses (test/Fuzz).
if os.path.exists(os.path.join(config.wmma_tools_dir, "wmma-fuzz-dialect")):
    config.available_features.add("fuzz")
