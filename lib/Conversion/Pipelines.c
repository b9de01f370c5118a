/* wmmaBuildLowerToROCDLPipeline: the three wmma lowerings in order
 * (cross-lane first, since its output feeds wmma.mma operands; then
 * fragments; then the products).  The passes are op-agnostic and rewrite
 * every nested wmma op, so they are added to pm as they are. */
#include "Lowering.h"

void wmmaBuildLowerToROCDLPipeline(MlirOpPassManager pm,
                                   wmma_xlane_strategy s) {
  if (!pm.ptr)
    return;
  mlirOpPassManagerAddOwnedPass(pm, wmmaCreateLowerTransposePass());
  mlirOpPassManagerAddOwnedPass(pm, wmmaCreateLowerXlanePass(s));
  mlirOpPassManagerAddOwnedPass(pm, wmmaCreateLowerFragmentsPass());
  mlirOpPassManagerAddOwnedPass(pm, wmmaCreateLowerMmaPass());
}
