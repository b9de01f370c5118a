// Attention-like programs that are not attention (or not one the template
// takes) get a remark naming why; nothing is mis-recognised.
// Whole-function mode (the driver's): a function is one or more kernels
// entirely, or left untouched with every obstacle (program-*.mlir test the
// partial conversion).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

