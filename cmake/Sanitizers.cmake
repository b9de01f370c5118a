# Sanitizer and fuzzing builds (clang only; use a build directory of their
# own, e.g. build-asan):
#   WMMA_SANITIZE=ON  every target with AddressSanitizer + UndefinedBehavior-
#                     Sanitizer (UB aborts), linked against the shared ASan
#                     runtime so that libwmma-c.so and WMMAPlugin.so work in
#                     uninstrumented hosts (python3, mlir-opt) given
#                     LD_PRELOAD=${WMMA_ASAN_RUNTIME}.
#   WMMA_FUZZ=ON      also coverage instrumentation for libFuzzer and the
#                     harnesses in fuzz/ (implies WMMA_SANITIZE).
option(WMMA_SANITIZE "Build with ASan + UBSan (clang)" OFF)
option(WMMA_FUZZ "Build the libFuzzer harnesses in fuzz/ (clang; implies WMMA_SANITIZE)" OFF)
if(WMMA_FUZZ)
  set(WMMA_SANITIZE ON)
endif()
set(WMMA_ASAN_RUNTIME "")
if(NOT WMMA_SANITIZE)
  return()
endif()
if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "WMMA_SANITIZE/WMMA_FUZZ need clang: configure with "
    "-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22")
endif()
execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
  OUTPUT_VARIABLE WMMA_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT EXISTS "${WMMA_ASAN_RUNTIME}")
  message(FATAL_ERROR "no ASan runtime for ${CMAKE_C_COMPILER} (install libclang-rt-22-dev)")
endif()
get_filename_component(WMMA_SANITIZER_RUNTIME_DIR "${WMMA_ASAN_RUNTIME}" DIRECTORY)
# vptr needs RTTI, which LLVM/MLIR are built without.  -O1 (after the
# build type's -O3): quicker to build, clearer reports.
set(WMMA_SANITIZER_FLAGS -O1 -fsanitize=address,undefined -fno-sanitize=vptr
  -fno-sanitize-recover=undefined -fno-omit-frame-pointer -gline-tables-only)
if(WMMA_FUZZ)
  list(APPEND WMMA_SANITIZER_FLAGS -fsanitize=fuzzer-no-link)
endif()
add_compile_options(${WMMA_SANITIZER_FLAGS})
# The shared runtime everywhere: one ASan per process even when a host
# loads our shared libraries; the tools find it through their RUNPATH.
add_link_options(-fsanitize=address,undefined -shared-libsan
  "-Wl,-rpath,${WMMA_SANITIZER_RUNTIME_DIR}")

# The runtime options every executable needs (lib/Support/SanitizerDefaults.c)
# compiled into each; hosts of libwmma-c.so (python3) take them from
# ASAN_OPTIONS instead.  Called at the end of the top-level CMakeLists.
function(wmma_sanitizer_defaults dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_sources(${t} PRIVATE ${PROJECT_SOURCE_DIR}/lib/Support/SanitizerDefaults.c)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    wmma_sanitizer_defaults(${sub})
  endforeach()
endfunction()
message(STATUS "Sanitizers: ASan + UBSan (runtime ${WMMA_ASAN_RUNTIME})")
