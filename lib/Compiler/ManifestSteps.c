/* A program's loops and conditionals in its manifest: "steps" (the
 * control flow flattened in program order, as wmma_program_step: launch,
 * for, if, else, end, while, set),
 * "values" (the index values they compute, as wmma_program_value),
 * "computed_sizes" (run-time sizes the host computes: which value), and
 * for each launch the loops and conditionals around it ("in": their step
 * numbers, outermost first), so a reader sees which launches run per
 * iteration without replaying the steps. */
#include "Describe.h"
#include "StringBuffer.h"

static const char *const kValueOps[] = {
    "const", "arg",  "size", "iv",   "add",  "sub",  "mul",
    "divs",  "divu", "ceildivs", "ceildivu", "floordivs", "rems", "remu",
    "mins",  "maxs", "minu", "maxu", "and",  "or",   "xor",
    "cmp",   "select"};

static const char *value_op(int op) {
  return op >= 0 && op < (int)(sizeof kValueOps / sizeof *kValueOps)
             ? kValueOps[op]
             : "?";
}

void manifest_values(wmma_sbuf *sb, const wmma_compile_result *r) {
  if (!r->nvalues)
    return;
  wmma_sbuf_printf(sb, ",\n  \"values\": [");
  for (int i = 0; i < r->nvalues; ++i) {
    const wmma_program_value *v = &r->values[i];
    wmma_sbuf_printf(sb, "%s\n    {\"op\": \"%s\"", i ? "," : "",
                     value_op(v->op));
    switch (v->op) {
    case WMMA_VALUE_CONST:
      wmma_sbuf_printf(sb, ", \"value\": %lld", (long long)v->imm);
      break;
    case WMMA_VALUE_ARG:
    case WMMA_VALUE_SIZE:
    case WMMA_VALUE_IV:
      wmma_sbuf_printf(sb, ", \"%s\": %d",
                       v->op == WMMA_VALUE_ARG    ? "arg"
                       : v->op == WMMA_VALUE_SIZE ? "size"
                                                  : "step",
                       v->a);
      break;
    case WMMA_VALUE_SELECT:
      wmma_sbuf_printf(sb, ", \"args\": [%d, %d, %d]", v->a, v->b, v->c);
      break;
    default:
      wmma_sbuf_printf(sb, ", \"args\": [%d, %d]", v->a, v->b);
      if (v->op == WMMA_VALUE_CMP)
        wmma_sbuf_printf(sb, ", \"predicate\": %lld", (long long)v->imm);
    }
    wmma_sbuf_printf(sb, "}");
  }
  wmma_sbuf_printf(sb, "\n  ]");
}

void manifest_computed_sizes(wmma_sbuf *sb, const wmma_compile_result *r) {
  if (!r->size_values)
    return;
  wmma_sbuf_printf(sb, ",\n  \"computed_sizes\": [");
  int n = 0;
  for (int s = 0; s < r->nsizes; ++s)
    if (r->size_values[s] >= 0)
      wmma_sbuf_printf(sb, "%s\n    {\"size\": \"s%d\", \"value\": %d}",
                       n++ ? "," : "", s, r->size_values[s]);
  wmma_sbuf_printf(sb, "\n  ]");
}

void manifest_steps(wmma_sbuf *sb, const wmma_compile_result *r) {
  if (!r->nsteps)
    return;
  wmma_sbuf_printf(sb, ",\n  \"steps\": [");
  for (int i = 0; i < r->nsteps; ++i) {
    const wmma_program_step *s = &r->steps[i];
    wmma_sbuf_printf(sb, "%s\n    ", i ? "," : "");
    switch (s->kind) {
    case WMMA_STEP_LAUNCH:
      wmma_sbuf_printf(sb, "{\"launch\": %d}", s->launch);
      break;
    case WMMA_STEP_FOR:
      wmma_sbuf_printf(sb, "{\"for\": {\"lb\": %d, \"ub\": %d, \"step\": %d, "
                           "\"iv\": %d, \"end\": %d}}",
                       s->lb, s->ub, s->step, s->iv, s->end);
      break;
    case WMMA_STEP_IF:
      wmma_sbuf_printf(sb, "{\"if\": {\"cond\": %d, \"else\": %d, "
                           "\"end\": %d}}",
                       s->cond, s->other < s->end ? s->other : -1, s->end);
      break;
    case WMMA_STEP_ELSE:
      wmma_sbuf_printf(sb, "{\"else\": {\"end\": %d}}", s->end);
      break;
    case WMMA_STEP_WHILE:
      wmma_sbuf_printf(sb, "{\"while\": {\"cond\": %d, \"end\": %d}}",
                       s->cond, s->end);
      break;
    case WMMA_STEP_SET:
      wmma_sbuf_printf(sb, "{\"set\": {\"var\": %d, \"value\": %d}}",
                       s->iv, s->lb);
      break;
    default:
      wmma_sbuf_printf(sb, "{\"end\": null}");
    }
  }
  wmma_sbuf_printf(sb, "\n  ]");
}

void manifest_launch_nesting(wmma_sbuf *sb, const wmma_compile_result *r,
                             int launch) {
  if (!r->nsteps)
    return;
  int at = -1;
  for (int i = 0; i < r->nsteps && at < 0; ++i)
    if (r->steps[i].kind == WMMA_STEP_LAUNCH && r->steps[i].launch == launch)
      at = i;
  wmma_sbuf_printf(sb, ",\n      \"in\": [");
  int n = 0;
  for (int i = 0; i < at; ++i) {
    const wmma_program_step *s = &r->steps[i];
    if ((s->kind == WMMA_STEP_FOR || s->kind == WMMA_STEP_IF ||
         s->kind == WMMA_STEP_WHILE) &&
        s->end > at)
      wmma_sbuf_printf(sb, "%s%d", n++ ? ", " : "", i);
  }
  wmma_sbuf_printf(sb, "]");
}
