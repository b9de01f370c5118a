/* Block order of a decoded function: a loop-contiguous reverse post-order
 * in which every loop body gets consecutive numbers starting at its header
 * and loop exits come after the whole loop.  The interpreter's "min-PC"
 * scheduling (run the lowest-numbered block any lane waits at) then
 * reconverges divergent lanes at the join of an if/else and after the last
 * iteration of a loop.  Irreducible control flow is refused. */
#include "Alloc.h"
#include "Decode.h"

#include <stdlib.h>

static int bit_get(const uint64_t *b, uint32_t i) { return (b[i >> 6] >> (i & 63)) & 1; }
static void bit_set(uint64_t *b, uint32_t i) { b[i >> 6] |= 1ull << (i & 63); }

static void dfs_post(Cfg *g, uint32_t u, uint8_t *seen, uint32_t *post, uint32_t *np) {
  seen[u] = 1;
  for (uint32_t i = 0; i < g->nsucc[u]; i++)
    if (!seen[g->succ[u][i]])
      dfs_post(g, g->succ[u][i], seen, post, np);
  post[(*np)++] = u;
}

static int in_region(const Cfg *g, int32_t region, uint32_t b) {
  return region < 0 ? 1 : bit_get(g->loop_body[region], b);
}

/* The representative of block b inside region: b itself, or the header of
 * the outermost sub-loop of region that contains b. */
static uint32_t rep_of(const Cfg *g, int32_t region, uint32_t b) {
  int32_t l = g->inl[b];
  if (l == region)
    return b;
  while (l >= 0 && g->loop_parent[l] != region)
    l = g->loop_parent[l];
  return l < 0 ? b : g->loop_header[l];
}

static void order_region(Cfg *g, int32_t region);

static void region_dfs(Cfg *g, int32_t region, uint32_t header, uint32_t r,
                       uint32_t *post, uint32_t *np) {
  g->stamp[r] = g->gen;
  int32_t sub = g->inl[r] != region ? g->inl[r] : -1;
  /* Successors of a super-node are the exits of its loop. */
  for (uint32_t b = 0; b < g->nb; b++) {
    if (sub >= 0 ? !bit_get(g->loop_body[sub], b) : b != r)
      continue;
    for (uint32_t i = 0; i < g->nsucc[b]; i++) {
      uint32_t s = g->succ[b][i];
      if (s == header || !in_region(g, region, s) ||
          (sub >= 0 && bit_get(g->loop_body[sub], s)))
        continue;
      uint32_t rs = rep_of(g, region, s);
      if (g->stamp[rs] != g->gen)
        region_dfs(g, region, header, rs, post, np);
    }
  }
  post[(*np)++] = r;
}

static void order_region(Cfg *g, int32_t region) {
  uint32_t header = region < 0 ? 0 : g->loop_header[region];
  uint32_t *post = emu_scratch(g->nb, sizeof *post);
  uint32_t np = 0;
  g->gen++;
  region_dfs(g, region, header, header, post, &np);
  for (uint32_t i = np; i-- > 0;) {
    uint32_t r = post[i];
    if (g->inl[r] != region && g->inl[r] >= 0 &&
        g->loop_header[g->inl[r]] == r && r != header)
      order_region(g, g->inl[r]);
    else
      g->out[g->nout++] = r;
  }
  emu_scratch_free(post);
}

/* Computes the block order into g->out; returns -1 on irreducible CFGs. */
int cfg_order(Dec *d, Cfg *g) {
  uint32_t nb = g->nb;
  uint8_t *seen = emu_scratch(nb, 1);
  uint32_t *post = emu_scratch(nb, sizeof *post), np = 0;
  dfs_post(g, 0, seen, post, &np);
  uint32_t *rpo = emu_scratch(nb, sizeof *rpo);
  for (uint32_t i = 0; i < nb; i++)
    rpo[i] = UINT32_MAX;
  for (uint32_t i = 0; i < np; i++)
    rpo[post[np - 1 - i]] = i;
  /* Immediate dominators (Cooper, Harvey, Kennedy). */
  uint32_t *idom = emu_scratch(nb, sizeof *idom);
  for (uint32_t i = 0; i < nb; i++)
    idom[i] = UINT32_MAX;
  idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t i = 1; i < np; i++) {
      uint32_t b = post[np - 1 - i];
      uint32_t nd = UINT32_MAX;
      for (uint32_t p = 0; p < nb; p++) {
        if (rpo[p] == UINT32_MAX || idom[p] == UINT32_MAX)
          continue;
        for (uint32_t j = 0; j < g->nsucc[p]; j++) {
          if (g->succ[p][j] != b)
            continue;
          if (nd == UINT32_MAX) {
            nd = p;
          } else {
            uint32_t x = p, y = nd;
            while (x != y) {
              while (rpo[x] > rpo[y]) x = idom[x];
              while (rpo[y] > rpo[x]) y = idom[y];
            }
            nd = x;
          }
        }
      }
      if (nd != idom[b]) {
        idom[b] = nd;
        changed = 1;
      }
    }
  }
  /* Back edges and natural loops (one loop per header). */
  uint32_t words = (nb + 63) / 64;
  g->loop_header = emu_xalloc(nb, sizeof *g->loop_header);
  g->loop_body = emu_xalloc(nb, sizeof *g->loop_body);
  int32_t *loop_of_header = emu_scratch(nb, sizeof *loop_of_header);
  for (uint32_t i = 0; i < nb; i++)
    loop_of_header[i] = -1;
  uint32_t *stack = emu_scratch((size_t)nb + 1, sizeof *stack);
  int rc = 0;
  for (uint32_t u = 0; u < nb && !rc; u++) {
    if (rpo[u] == UINT32_MAX)
      continue;
    for (uint32_t j = 0; j < g->nsucc[u]; j++) {
      uint32_t h = g->succ[u][j];
      if (rpo[h] > rpo[u])
        continue;
      uint32_t x = u;
      while (x != h && x != 0)
        x = idom[x];
      if (x != h) {
        rc = dec_error(d, "irreducible control flow (edge into a loop that "
                          "does not go through its header) is not supported");
        break;
      }
      int32_t l = loop_of_header[h];
      if (l < 0) {
        l = (int32_t)g->nloops++;
        loop_of_header[h] = l;
        g->loop_header[l] = h;
        g->loop_body[l] = emu_xalloc(words, sizeof(uint64_t));
        bit_set(g->loop_body[l], h);
      }
      /* Blocks reaching u without passing h. */
      uint32_t sp = 0;
      if (!bit_get(g->loop_body[l], u)) {
        bit_set(g->loop_body[l], u);
        stack[sp++] = u;
      }
      while (sp) {
        uint32_t y = stack[--sp];
        for (uint32_t p = 0; p < nb; p++) {
          if (rpo[p] == UINT32_MAX || bit_get(g->loop_body[l], p))
            continue;
          for (uint32_t k = 0; k < g->nsucc[p]; k++)
            if (g->succ[p][k] == y) {
              bit_set(g->loop_body[l], p);
              stack[sp++] = p;
              break;
            }
        }
      }
    }
  }
  if (!rc) {
    /* Loop sizes, parents and innermost loops. */
    uint32_t *size = emu_scratch((size_t)g->nloops + 1, sizeof *size);
    for (uint32_t l = 0; l < g->nloops; l++)
      for (uint32_t b = 0; b < nb; b++)
        size[l] += (uint32_t)bit_get(g->loop_body[l], b);
    g->loop_parent = emu_xalloc((size_t)g->nloops + 1, sizeof *g->loop_parent);
    for (uint32_t l = 0; l < g->nloops; l++) {
      int32_t best = -1;
      for (uint32_t o = 0; o < g->nloops; o++)
        if (o != l && bit_get(g->loop_body[o], g->loop_header[l]) &&
            (best < 0 || size[o] < size[best]))
          best = (int32_t)o;
      g->loop_parent[l] = best;
    }
    g->inl = emu_xalloc(nb, sizeof *g->inl);
    for (uint32_t b = 0; b < nb; b++) {
      int32_t best = -1;
      for (uint32_t l = 0; l < g->nloops; l++)
        if (bit_get(g->loop_body[l], b) && (best < 0 || size[l] < size[best]))
          best = (int32_t)l;
      g->inl[b] = best;
    }
    emu_scratch_free(size);
    g->stamp = emu_xalloc(nb, sizeof *g->stamp);
    g->out = emu_xalloc(nb, sizeof *g->out);
    order_region(g, -1);
  }
  emu_scratch_free(stack);
  emu_scratch_free(loop_of_header);
  emu_scratch_free(idom);
  emu_scratch_free(rpo);
  emu_scratch_free(post);
  emu_scratch_free(seen);
  return rc;
}

/* Also of a partly built Cfg (an allocation failed while decoding). */
void cfg_free(Cfg *g) {
  for (uint32_t i = 0; g->succ && i < g->nb; i++)
    free(g->succ[i]);
  free(g->succ);
  free(g->nsucc);
  for (uint32_t l = 0; g->loop_body && l < g->nloops; l++)
    free(g->loop_body[l]);
  free(g->loop_body);
  free(g->loop_header);
  free(g->loop_parent);
  free(g->inl);
  free(g->stamp);
  free(g->out);
}
