/* Shared by the two halves of reading a program's host back:
 * ProgramTable.c (buffers, launches, the walk) and ProgramControl.c
 * (index values, loops and conditionals).  Private to lib/Support. */
#ifndef WMMA_SUPPORT_PROGRAM_TABLE_H
#define WMMA_SUPPORT_PROGRAM_TABLE_H

#include "wmma/Support/Program.h"

/* -1 with why (printf-style). */
int fe_ptable_fail(char *why, size_t cap, const char *fmt, ...);
/* The table entry of buffer (or scalar) v, through the aliases of loop-
 * carried buffers; -1 if none. */
int fe_ptable_find(const fe_program *pg, MlirValue v);
/* The number of index value v (made from constants, scalar arguments,
 * buffer sizes, induction variables and arithmetic), adding it and what it
 * is made of; -1 with why if the host cannot compute it. */
int fe_ptable_value(fe_program *pg, MlirValue v, char *why, size_t cap);
/* A constant / an operation on values a and b, as a new value; -1 when
 * the table is full. */
int fe_ptable_const(fe_program *pg, int64_t c);
int fe_ptable_binary(fe_program *pg, wmma_value_opcode op, int a, int b);
/* Program size s as a value; -1 when the table is full. */
int fe_ptable_size(fe_program *pg, int s);
/* Reads the ops of block (the function's body, or a loop's) in order. */
int fe_ptable_block(fe_program *pg, MlirOperation module, MlirBlock block,
                    char *why, size_t cap);
/* An scf.for, scf.if or scf.while: its steps, its regions read by
 * fe_ptable_block. */
int fe_ptable_control(fe_program *pg, MlirOperation module, MlirOperation op,
                      char *why, size_t cap);

#endif /* WMMA_SUPPORT_PROGRAM_TABLE_H */
