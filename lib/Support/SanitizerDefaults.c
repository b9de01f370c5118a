/* Sanitizer-build defaults, linked into every tool (WMMA_SANITIZE only).
 *
 * allow_user_poisoning=0: LLVM's headers poison and unpoison BumpPtrAllocator
 * slabs when compiled with ASan.  Our C++ files instantiate those inline
 * functions instrumented while libMLIR.so's copies are not, so a slab
 * poisoned by one is then used by the other: false "use-after-poison"
 * reports inside MLIR's storage uniquer.  Real heap errors are still
 * caught by ASan's own redzones.
 *
 * use_sigaltstack=0: MlirOptMain's InitLLVM installs LLVM's malloc'ed
 * alternate signal stack on the thread it runs on (wmma-opt's large-stack
 * thread); at that thread's exit ASan would munmap it as if it were its own
 * and die ("failed to deallocate ... unable to unmmap"). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) {
  return "allow_user_poisoning=0:use_sigaltstack=0";
}

const char *__ubsan_default_options(void);
const char *__ubsan_default_options(void) {
  return "print_stacktrace=1";
}
