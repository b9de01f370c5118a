// wmma-opt: bad input is a diagnostic with a location and exit status 1,
// never a crash.
// RUN: not wmma-opt %s 2>&1 | FileCheck %s
// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(wmma-to-hsaco{strategy=shuffle})' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: wmma-opt --help | FileCheck %s --check-prefix=HELP

// CHECK: errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'wmma.mma' op A operand must be 'vector<8xf16>'
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
func.func @f(%a: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// OPT: error: wmma-to-hsaco{strategy=shuffle}: unknown cross-lane strategy (expected permlanex16 or bpermute)
// HELP: --wmma-lower-fragments
// HELP: --wmma-lower-mma

// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(wmma-to-hsaco{chip=gfx9999})' 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: wmma-to-hsaco{chip=gfx9999}: unknown chip; supported chips: gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1152, gfx1153, gfx1200, gfx1201
// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(wmma-to-hsaco{format=elf})' 2>&1 | FileCheck %s --check-prefix=FMT
// FMT: error: wmma-to-hsaco{format=elf}: unknown format (expected bin, isa, llvm, offloading)

// Pass options that are wrong name the pass and the option as written.
// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(convert-wmma-to-rocdl{strategy=x})' 2>&1 | FileCheck %s --check-prefix=STRAT
// STRAT: error: convert-wmma-to-rocdl{strategy=x}: unknown cross-lane strategy (expected permlanex16 or bpermute)
// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(wmma-lower-xlane{bogus=1})' 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: error: wmma-lower-xlane{bogus=1}: invalid options (it takes strategy=)
// RUN: echo 'module {}' | not wmma-opt --pass-pipeline='builtin.module(wmma-to-hsaco{bogus=1})' 2>&1 | FileCheck %s --check-prefix=BOGUS2
// BOGUS2: error: wmma-to-hsaco{bogus=1}: invalid options (it takes chip=, format=, toolkit=, strategy=)
