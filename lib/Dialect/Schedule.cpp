//===- Schedule.cpp - #wmma.schedule verifier hook -------------------------===//
// Thin C++: the record as plain data for the C rules of ScheduleCheck.c.
#include "wmma/Dialect/WmmaDialect.h"

#include "mlir/CAPI/IR.h"

#include "wmma-c/Dialect.h"

#include <cstdio>
#include <string>

using namespace mlir;
using namespace mlir::wmma;

LogicalResult
ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     StringRef templateName, StringRef instruction,
                     Staging staging, ArrayRef<int64_t> tile,
                     ArrayRef<int64_t> waves, ArrayRef<int64_t> waveTile,
                     int64_t stages, ArrayRef<bool> tails, Type accumulator,
                     int64_t accPack, AccForm form, ArrayRef<CopyKind> copy,
                     bool causal, int64_t kParts) {
  if (tile.size() != 3 || waves.size() != 2 || waveTile.size() != 2 ||
      tails.size() != 3 || copy.size() != 2)
    return emitError() << "invalid #wmma.schedule: tile and tails take 3 "
                          "values, waves, wave_tile and copy 2";
  // (The C record takes a zeroed k_parts as 1; the attribute says it.)
  if (kParts < 1)
    return emitError() << "invalid #wmma.schedule: k_parts must be in [1, "
                          "64], got "
                       << kParts;
  if (templateName.size() >= sizeof(wmma_schedule_desc{}.template_name))
    return emitError() << "invalid #wmma.schedule: unknown template '"
                       << templateName << "'";
  std::string instr = instruction.str();
  wmma_schedule_desc d{};
  snprintf(d.template_name, sizeof d.template_name, "%s",
           templateName.str().c_str());
  d.instr = wmma_instr_lookup(instr.c_str());
  // "none": a plain (non-WMMA) template's record; the C rules check that
  // the template is one.
  if (d.instr == WMMA_INSTR_COUNT && instruction != "none")
    return emitError() << "invalid #wmma.schedule: unknown instruction '"
                       << instruction << "'";
  d.staging = static_cast<wmma_sched_staging>(static_cast<int>(staging));
  for (int i = 0; i < 3; ++i) {
    d.tile[i] = tile[i];
    d.tails[i] = tails[i];
  }
  for (int i = 0; i < 2; ++i) {
    d.waves[i] = waves[i];
    d.wave_tile[i] = waveTile[i];
    d.copy[i] = static_cast<wmma_copy_kind>(static_cast<int>(copy[i]));
  }
  d.stages = stages;
  d.accumulator = wrap(accumulator);
  d.acc_pack = accPack;
  d.form = static_cast<wmma_acc_form>(static_cast<int>(form));
  d.causal = causal;
  d.k_parts = kParts;
  char msg[256] = {0};
  if (wmmaScheduleCheck(&d, msg, sizeof msg))
    return emitError() << "invalid #wmma.schedule: " << msg;
  return success();
}
