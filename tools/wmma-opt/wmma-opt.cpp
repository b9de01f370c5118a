//===- wmma-opt.cpp - MlirOptMain with the wmma dialect and passes --------===//
// All upstream dialects, extensions and passes plus ours, so the standard
// mlir-opt flags (--split-input-file, --verify-diagnostics, --pass-pipeline,
// ...) work on wmma IR.  Hostile input: the input is read once up front to
// refuse brackets nested deeper than every wmma tool accepts, what crashes
// MLIR's own parser (wmma_parse_hazard), and to size the stack of the thread
// MlirOptMain then runs on (long unbracketed chains still recurse).
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include "wmma-c/Passes.h"
#include "wmma/Dialect/WmmaDialect.h"
#include "wmma/Support/LargeStack.h"
#include "wmma/Support/ParseGuard.h"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace {
struct OptMainArgs {
  int argc;
  char **argv;
  std::string input, output;
  mlir::DialectRegistry *registry;
};

int runOptMain(void *p) {
  auto *a = static_cast<OptMainArgs *>(p);
  return mlir::asMainReturnCode(mlir::MlirOptMain(a->argc, a->argv, a->input,
                                                  a->output, *a->registry));
}

/// Standard input can be read only once: put what was read back as fd 0
/// (a temporary file) for MlirOptMain to read as usual.
bool restoreStdin(llvm::StringRef data) {
  FILE *tmp = std::tmpfile();
  if (!tmp || std::fwrite(data.data(), 1, data.size(), tmp) != data.size() ||
      std::fflush(tmp) || dup2(fileno(tmp), 0) < 0 ||
      lseek(0, 0, SEEK_SET) != 0)
    return false;
  return true; // fd 0 keeps the file open after tmp's FILE is gone at exit
}

/// Reads the input, refuses it if it would crash MLIR's parser, and returns
/// its size in `size` (0 when it cannot be read here: MlirOptMain reports).
/// False after printing a diagnostic.
bool precheckInput(const std::string &input, size_t &size) {
  size = 0;
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  if (input == "-") {
    if (llvm::sys::Process::FileDescriptorIsDisplayed(0))
      return true; // interactive: nothing to pre-read
    auto in = llvm::MemoryBuffer::getSTDIN();
    if (!in)
      return true;
    buffer = std::move(*in);
    if (!restoreStdin(buffer->getBuffer())) {
      llvm::errs() << "wmma-opt: error: cannot buffer standard input\n";
      return false;
    }
  } else {
    auto in = llvm::MemoryBuffer::getFile(input, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
    if (!in)
      return true;
    buffer = std::move(*in);
  }
  llvm::StringRef text = buffer->getBuffer();
  size = text.size();
  size_t offset = 0;
  char msg[512];
  // The same nesting limit and message as wmma-compile: deeper input would
  // take minutes in recursive passes (and the front-end pass refuses it).
  if (wmma_nesting_exceeds(text.data(), text.size(), WMMA_MAX_NESTING, &offset))
    wmma_nesting_message("brackets", msg, sizeof msg);
  else if (!wmma_parse_hazard(text.data(), text.size(), &offset, msg, sizeof msg))
    return true;
  llvm::SourceMgr sm;
  const char *loc = text.data() + offset;
  sm.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  sm.PrintMessage(llvm::SMLoc::getFromPointer(loc), llvm::SourceMgr::DK_Error,
                  msg);
  return false;
}
} // namespace

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  wmmaRegisterPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::wmma::WMMADialect>();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "wmma optimizer driver (RDNA3/RDNA4 WMMA atoms)\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  size_t size = 0;
  if (!config.shouldShowDialects() && !config.shouldListPasses() &&
      !precheckInput(input, size))
    return 1;
  OptMainArgs args{argc, argv, input, output, &registry};
  return wmma_run_with_stack(wmma_parse_stack_bytes(size), runOptMain, &args);
}
