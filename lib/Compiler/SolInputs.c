/* The speed-of-light model's inputs from what the driver has: the
 * emulator's counters, the kernel's HSACO metadata (in its ISA listing)
 * and the caller's buffers (the bytes DRAM must move). */
#include "wmma-c/Runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wmma_sol_counters_from_stats(const wmma_emu_stats *s, uint64_t dram_bytes,
                                  wmma_sol_counters *out) {
  if (!out)
    return;
  memset(out, 0, sizeof *out);
  if (!s)
    return;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i)
    out->wmma[i] = s->wmma[i];
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i)
    out->swmmac[i] = s->swmmac[i];
  out->valu_instructions = s->valu_instructions;
  /* ds_bpermute and ds_swizzle go through the LDS crossbar: one access of
   * 128 bytes per wave32 (test/Layout/Inputs/rdna-chips/README.md, 5). */
  uint64_t xlane = s->ds_bpermute + s->ds_swizzle;
  out->lds_instructions = s->lds_instructions + xlane;
  out->lds_bytes_read = s->lds_bytes_read + 128 * xlane;
  out->lds_bytes_written = s->lds_bytes_written;
  out->lds_bank_conflicts = s->lds_bank_conflicts;
  out->global_instructions = s->global_instructions;
  out->global_bytes_loaded = s->global_bytes_loaded;
  out->global_bytes_stored = s->global_bytes_stored;
  /* The DRAM term: the emulator's L2-model estimate when it covers every
   * launch counted, else the caller's bytes (each buffer once). */
  uint64_t est = s->dram_est_bytes_read + s->dram_est_bytes_written;
  out->dram_bytes = est && !s->dram_est_unmodelled_launches ? est : dram_bytes;
  out->barriers = s->barriers;
  out->workgroups = s->workgroups;
  out->waves = s->waves;
}

uint64_t wmma_sol_dram_bytes(const wmma_compile_result *k,
                             const wmma_host_arg *args, int nargs) {
  uint64_t total = 0;
  for (int i = 0; k && args && i < nargs && i < k->nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (!a->is_buffer)
      continue;
    /* Inputs are read once, outputs written once, inouts both. */
    uint64_t b = args[i].bytes;
    total += strcmp(a->role, "inout") == 0 ? 2 * b : b;
  }
  return total;
}

/* The integer after `key` inside [p, end), or -1. */
static long meta_int(const char *p, const char *end, const char *key) {
  size_t n = strlen(key);
  for (const char *q = p; q + n < end; ++q)
    if (q[-1] == '\n' && strncmp(q, key, n) == 0) {
      char *stop;
      long v = strtol(q + n, &stop, 10);
      return stop > q + n && stop <= end ? v : -1;
    }
  return -1;
}

int wmma_isa_resources(const char *isa, size_t size, const char *kernel,
                       wmma_sol_isa *out) {
  if (!isa || !out)
    return -1;
  memset(out, 0, sizeof *out);
  const char *end = isa + size;
  const char *list = NULL;
  for (const char *q = isa; q + 15 < end; ++q)
    if (strncmp(q, "amdhsa.kernels:", 15) == 0) {
      list = q;
      break;
    }
  if (!list)
    return -1;
  /* Kernels are the items "  - " of the list; their keys sit at 4 spaces
   * (".name" at 8 belongs to an argument). */
  for (const char *item = list; item && item < end;) {
    const char *next = NULL;
    for (const char *q = item + 1; q + 4 < end; ++q) {
      if (q[-1] != '\n')
        continue;
      if (strncmp(q, "  - ", 4) == 0) {
        next = q;
        break;
      }
      if (*q != ' ') { /* the list ended (amdhsa.target: ...) */
        next = NULL;
        end = q;
        break;
      }
    }
    const char *stop = next ? next : end;
    const char *name = NULL;
    for (const char *q = item; q + 10 < stop; ++q)
      if (q[-1] == '\n' && strncmp(q, "    .name:", 10) == 0) {
        name = q + 10;
        break;
      }
    if (name) {
      while (name < stop && *name == ' ')
        ++name;
      size_t len = 0;
      while (name + len < stop && name[len] != '\n' && name[len] != ' ')
        ++len;
      if (!kernel || (strlen(kernel) == len && !strncmp(name, kernel, len))) {
        long v = meta_int(item, stop, "    .vgpr_count:");
        long s = meta_int(item, stop, "    .sgpr_count:");
        long vs = meta_int(item, stop, "    .vgpr_spill_count:");
        long ss = meta_int(item, stop, "    .sgpr_spill_count:");
        long lds = meta_int(item, stop, "    .group_segment_fixed_size:");
        if (v < 0 || s < 0)
          return -1;
        out->vgprs = (int)v;
        out->sgprs = (int)s;
        out->spills = (int)((vs > 0 ? vs : 0) + (ss > 0 ? ss : 0));
        out->lds_bytes = (int)(lds > 0 ? lds : 0);
        return 0;
      }
    }
    item = next;
  }
  return -1;
}

int wmma_compile_isa_resources(const char *src, size_t size, const char *name,
                               const wmma_compile_options *o,
                               const char *kernel, wmma_sol_isa *out) {
  if (!o || !out)
    return -1;
  wmma_compile_options io = *o;
  io.emit = WMMA_EMIT_ISA;
  wmma_compile_result ik;
  int rc = wmma_compile_source(src, size, name, &io, &ik) ? -1
           : wmma_isa_resources((const char *)ik.data, ik.size, kernel, out);
  wmma_compile_result_free(&ik);
  return rc;
}

int wmma_compile_program_isa_resources(const char *src, size_t size,
                                       const char *name,
                                       const wmma_compile_options *o,
                                       const wmma_compile_result *k,
                                       wmma_sol_isa *out) {
  if (!o || !k || !out || k->nlaunches <= 0 || !k->launches)
    return -1;
  wmma_compile_options io = *o;
  io.emit = WMMA_EMIT_ISA;
  wmma_compile_result ik;
  int rc = wmma_compile_source(src, size, name, &io, &ik) ? -1 : 0;
  for (int i = 0; !rc && i < k->nlaunches; ++i)
    rc = wmma_isa_resources((const char *)ik.data, ik.size,
                            k->launches[i].kernel, &out[i]);
  wmma_compile_result_free(&ik);
  return rc;
}

size_t wmma_sol_report(const wmma_compile_result *k, const wmma_sol_isa *isa,
                       const wmma_host_arg *args, int nargs,
                       const wmma_emu_stats *st, const wmma_sku_info *sku,
                       char *buf, size_t cap) {
  if (cap)
    buf[0] = 0;
  if (!k || !st)
    return 0;
  /* A program is modelled launch by launch (wmma_sol_program_report). */
  if (k->nlaunches)
    return (size_t)snprintf(buf, cap, "speed of light: not modelled for a "
                            "program of %d launches without each launch's "
                            "counters\n", k->nlaunches);
  if (!sku)
    return (size_t)snprintf(buf, cap, "speed of light: no published limits "
                            "for %s (no product)\n", k->chip);
  wmma_sol_isa used = {0};
  if (isa)
    used = *isa;
  if ((uint64_t)used.lds_bytes < k->lds_bytes)
    used.lds_bytes = (int)k->lds_bytes;
  wmma_sol_counters c;
  wmma_sol_counters_from_stats(st, wmma_sol_dram_bytes(k, args, nargs), &c);
  wmma_sol_result res;
  char why[256];
  if (wmma_speed_of_light(&c, &used, sku, &res, why, sizeof why))
    return (size_t)snprintf(buf, cap, "speed of light: not modelled: %s\n",
                            why);
  size_t n = wmma_sol_format(&res, buf, cap);
  size_t room = n < cap ? cap - n : 0;
  int more = isa ? snprintf(buf + (room ? n : 0), room,
                            "  ISA: %d VGPRs, %d SGPRs, %d spills, %d bytes "
                            "of LDS\n", isa->vgprs, isa->sgprs, isa->spills,
                            used.lds_bytes)
                 : snprintf(buf + (room ? n : 0), room,
                            "  ISA: not known (--kernel-ir): occupancy from "
                            "LDS only\n");
  return n + (more > 0 ? (size_t)more : 0);
}

size_t wmma_sol_program_report(const wmma_compile_result *k,
                               const wmma_sol_isa *isas,
                               const wmma_emu_stats *per_launch,
                               const wmma_sku_info *sku, char *buf,
                               size_t cap) {
  if (cap)
    buf[0] = 0;
  if (!k || !per_launch || k->nlaunches <= 0 || !k->launches)
    return 0;
  if (!sku)
    return (size_t)snprintf(buf, cap, "speed of light: no published limits "
                            "for %s (no product)\n", k->chip);
  int n = k->nlaunches;
  wmma_sol_result *res = calloc((size_t)n, sizeof *res);
  int *modelled = calloc((size_t)n, sizeof *modelled);
  const char **names = calloc((size_t)n, sizeof *names);
  if (!res || !modelled || !names) {
    free(res);
    free(modelled);
    free(names);
    return (size_t)snprintf(buf, cap, "speed of light: out of memory\n");
  }
  size_t len = 0;
  for (int i = 0; i < n && !len; ++i) {
    const wmma_compile_result *l = &k->launches[i];
    names[i] = l->kernel;
    if (!per_launch[i].waves)
      continue; /* it did not run (an empty grid, an untaken branch) */
    wmma_sol_isa used = {0};
    if (isas)
      used = isas[i];
    if ((uint64_t)used.lds_bytes < l->lds_bytes)
      used.lds_bytes = (int)l->lds_bytes;
    /* No caller buffers per launch: the L2 model's estimate, else the
     * global bytes counted. */
    wmma_sol_counters c;
    wmma_sol_counters_from_stats(&per_launch[i], 0, &c);
    char why[256];
    if (wmma_speed_of_light(&c, &used, sku, &res[i], why, sizeof why))
      len = (size_t)snprintf(buf, cap, "speed of light: not modelled: "
                             "launch %d (%s): %s\n", i, l->kernel, why);
    else
      modelled[i] = 1;
  }
  wmma_sol_program_result p;
  if (!len && wmma_sol_program(res, modelled, n, &p))
    len = (size_t)snprintf(buf, cap, "speed of light: not modelled: no "
                           "launch of the program ran\n");
  if (!len) {
    len = wmma_sol_program_format(&p, res, modelled, names, buf, cap);
    for (int i = 0; isas && i < n; ++i) {
      size_t room = len < cap ? cap - len : 0;
      int more = snprintf(buf + (room ? len : 0), room,
                          "%s %s %d VGPRs, %d SGPRs, %d spills%s",
                          i ? ";" : "  ISA:", names[i], isas[i].vgprs,
                          isas[i].sgprs, isas[i].spills, i + 1 < n ? "" : "\n");
      len += more > 0 ? (size_t)more : 0;
    }
  }
  free(res);
  free(modelled);
  free(names);
  return len;
}
