/* The schedule record <-> #wmma.schedule (see Schedule.h). */
#include "Schedule/Schedule.h"

#include "mlir-c/BuiltinTypes.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdio.h>
#include <string.h>

void fe_schedule_desc(const fe_schedule *s, wmma_schedule_desc *d) {
  memset(d, 0, sizeof *d);
  snprintf(d->template_name, sizeof d->template_name, "%s", s->template_name);
  d->instr = s->instr;
  d->staging = s->staging == FE_STAGE_LDS ? WMMA_SCHED_LDS
                                          : WMMA_SCHED_REGISTERS;
  d->tile[0] = s->tile_m;
  d->tile[1] = s->tile_n;
  d->tile[2] = s->k_step;
  d->waves[0] = s->waves_m;
  d->waves[1] = s->waves_n;
  d->wave_tile[0] = s->wave_m;
  d->wave_tile[1] = s->wave_n;
  d->stages = s->stages;
  d->tails[0] = s->m_tail;
  d->tails[1] = s->n_tail;
  d->tails[2] = s->k_tail;
  d->accumulator = s->kacc;
  d->acc_pack = s->acc_pack;
  d->form = s->form;
  d->copy[0] = s->copy[0];
  d->copy[1] = s->copy[1];
  d->causal = s->causal;
  d->k_parts = s->k_parts > 1 ? s->k_parts : 1;
}

MlirAttribute fe_schedule_attr(MlirContext ctx, const fe_schedule *s) {
  wmma_schedule_desc d;
  fe_schedule_desc(s, &d);
  return wmmaScheduleAttrGet(ctx, &d);
}

static const char *copy_name(wmma_copy_kind k) {
  static const char *const names[] = {"none", "vec", "wmma", "scalar", "tr"};
  return (unsigned)k < 5 ? names[k] : "?";
}

/* The ISA name, or "none" (plain templates use no WMMA). */
static const char *instr_name(wmma_instr i) {
  const wmma_instr_info *info = wmma_instr_get(i);
  return info ? info->isa_name : "none";
}

static void list(char *buf, size_t cap, const int64_t *v, int n) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < n && len < cap; ++i)
    len += (size_t)snprintf(buf + len, cap - len, "%s%lld", i ? ", " : "",
                            (long long)v[i]);
}

int fe_schedule_match(const wmma_schedule_desc *pin,
                      const wmma_schedule_desc *got, char *why, size_t cap) {
  char a[64], b[64];
#define DIFF(field, fmt, x, y)                                                 \
  return fe_why(why, cap, "the pinned schedule has " field " = " fmt           \
                          ", the template builds " fmt " for this function",   \
                x, y)
  if (strcmp(pin->template_name, got->template_name))
    DIFF("template", "%s", pin->template_name, got->template_name);
  if (pin->instr != got->instr)
    DIFF("instruction", "%s", instr_name(pin->instr), instr_name(got->instr));
  if (pin->staging != got->staging)
    DIFF("staging", "%s", pin->staging ? "lds" : "registers",
         got->staging ? "lds" : "registers");
  for (int i = 0; i < 3; ++i)
    if (pin->tile[i] != got->tile[i]) {
      list(a, sizeof a, pin->tile, 3);
      list(b, sizeof b, got->tile, 3);
      DIFF("tile", "[%s]", a, b);
    }
  for (int i = 0; i < 2; ++i)
    if (pin->waves[i] != got->waves[i] ||
        pin->wave_tile[i] != got->wave_tile[i]) {
      int64_t p[4] = {pin->waves[0], pin->waves[1], pin->wave_tile[0],
                      pin->wave_tile[1]};
      int64_t g[4] = {got->waves[0], got->waves[1], got->wave_tile[0],
                      got->wave_tile[1]};
      list(a, sizeof a, p, 4);
      list(b, sizeof b, g, 4);
      DIFF("waves, wave_tile", "[%s]", a, b);
    }
  if (pin->stages != got->stages)
    DIFF("stages", "%lld", (long long)pin->stages, (long long)got->stages);
  for (int i = 0; i < 3; ++i)
    if (pin->tails[i] != got->tails[i])
      DIFF("tails", "[%s]", pin->tails[i] ? "a tail" : "no tail",
           got->tails[i] ? "a tail" : "no tail");
  if (!mlirTypeEqual(pin->accumulator, got->accumulator)) {
    wmma_print_type(pin->accumulator, a, sizeof a);
    wmma_print_type(got->accumulator, b, sizeof b);
    DIFF("accumulator", "%s", a, b);
  }
  if (pin->acc_pack != got->acc_pack)
    DIFF("acc_pack", "%lld", (long long)pin->acc_pack,
         (long long)got->acc_pack);
  if (pin->form != got->form)
    DIFF("form", "%s", pin->form ? "rowseg" : "acc",
         got->form ? "rowseg" : "acc");
  for (int i = 0; i < 2; ++i)
    if (pin->copy[i] != got->copy[i])
      DIFF("copy", "%s", copy_name(pin->copy[i]), copy_name(got->copy[i]));
  if (pin->causal != got->causal)
    DIFF("causal", "%s", pin->causal ? "true" : "false",
         got->causal ? "true" : "false");
  /* (A zeroed record's 0 is 1.) */
  int64_t pp = pin->k_parts > 1 ? pin->k_parts : 1;
  int64_t gp = got->k_parts > 1 ? got->k_parts : 1;
  if (pp != gp)
    DIFF("k_parts", "%lld", (long long)pp, (long long)gp);
#undef DIFF
  return 0;
}

bool fe_pin_allows_tile(const fe_options *o, fe_staging staging, int tile_m,
                        int tile_n, int waves_m, int waves_n) {
  if (!o->pinned)
    return true;
  const wmma_schedule_desc *p = &o->pin;
  return (p->staging == WMMA_SCHED_LDS) == (staging == FE_STAGE_LDS) &&
         p->tile[0] == tile_m && p->tile[1] == tile_n &&
         p->waves[0] == waves_m && p->waves[1] == waves_n;
}
