/* Packed operands (Problem/ProblemPacked.c): a matrix holding P K values
 * per element (int4 weights two per byte, eight per i32).  Each packed
 * element a lane needs is loaded once -- the K values of a lane's fragment
 * slots that share an element share its load -- and, when K is innermost
 * in memory, a lane's run of elements is one vector load (a B fragment of
 * 8 int4 values on RDNA4: one 32-bit load).  Every slot then holds the
 * element its K value lives in; the prologue's own unpack (the shifts by
 * (k mod P) * 4, masks and sign extension written in linalg) picks the
 * value's bits.  Global traffic is the packed bytes, not one per value. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

typedef struct {
  int k0, kr, kh;    /* K offset of the slot: k0 + kr * (lane % 16) + kh * h */
  int o0, orr, oh;   /* the other (row) dimension's */
} slot_affine;

/* Slot v's K and row offsets in role coordinates (A: row x K, B: K x row). */
static bool affine_of(const wmma_frag_desc *d, wmma_matrix role, int v,
                      slot_affine *a) {
  int r0, rr, rh, c0, cr, ch;
  if (wmma_frag_affine(d, v, &r0, &rr, &rh, &c0, &cr, &ch) != 1)
    return false;
  if (role == WMMA_MATRIX_B)
    *a = (slot_affine){r0, rr, rh, c0, cr, ch};
  else
    *a = (slot_affine){c0, cr, ch, r0, rr, rh};
  return true;
}

/* Do slots a and b read the same packed element (P values per element)? */
static bool same_element(const slot_affine *a, const slot_affine *b, int P) {
  return a->kr == b->kr && a->kh == b->kh && a->kr % P == 0 &&
         a->kh % P == 0 && a->k0 / P == b->k0 / P && a->o0 == b->o0 &&
         a->orr == b->orr && a->oh == b->oh;
}

MlirValue kb_packed_leaf(fe_kb *kb, const fe_operand *o, const fe_tile *t) {
  const fe_node *x = &kb->p->g.nodes[o->leaf];
  const int P = o->k_pack;
  wb_t *b = &kb->b;
  MlirValue mem = kb->args[x->arg];
  MlirAttribute frag = kb_frag(kb, t->role, kb->ab_layout, false, kb->atom);
  wmma_frag_desc d;
  int n = kb_tile_slots(kb, t);
  if (mlirAttributeIsNull(frag) || !wmmaFragAttrGetDesc(frag, &d) || n > 16 ||
      P < 2) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  slot_affine sa[16];
  int group[16], first[16], ngroups = 0;
  for (int v = 0; v < n; ++v) {
    if (!affine_of(&d, t->role, v, &sa[v])) {
      kb->failed = 1;
      return (MlirValue){NULL};
    }
    group[v] = -1;
    for (int g = 0; g < ngroups && group[v] < 0; ++g)
      if (same_element(&sa[first[g]], &sa[v], P))
        group[v] = g;
    if (group[v] < 0) {
      first[ngroups] = v;
      group[v] = ngroups++;
    }
  }
  /* Reads past K or the rows rely on the buffer's range checks (zeros);
   * the values past K are cleared after the prologue (Prologue.c). */
  kb_note_oob(kb, mem);
  fe_slot_pos sp;
  kb_slot_positions(kb, t, &sp);
  int kdim = t->role == WMMA_MATRIX_B ? t->dim_row : t->dim_col;
  int rdim = t->role == WMMA_MATRIX_B ? t->dim_col : t->dim_row;
  /* Memref indices of group g's element. */
  MlirValue idx[16][FE_MAX_RANK];
  int jk = -1;
  for (int g = 0; g < ngroups; ++g) {
    int v = first[g];
    MlirValue kv = t->role == WMMA_MATRIX_B ? sp.row[v] : sp.col[v];
    MlirValue rv = t->role == WMMA_MATRIX_B ? sp.col[v] : sp.row[v];
    for (int j = 0; j < x->nmap; ++j) {
      int dm = x->map[j];
      if (dm == FE_MAP_FIXED)
        idx[g][j] = kb_c(kb, x->fixed[j]);
      else if (dm == kdim) {
        MlirValue at = kb_add(kb, t->at[dm], kv);
        idx[g][j] = wb_arith(b, "arith.divui", at, kb_c(kb, P));
        jk = j;
      } else if (dm == rdim)
        idx[g][j] = kb_add(kb, t->at[dm], rv);
      else
        idx[g][j] = t->at[dm];
    }
  }
  /* One vector load when the groups are consecutive elements of one run
   * along the innermost dimension. */
  bool run = jk == x->nmap - 1 && ngroups > 1 && ngroups <= 16 &&
             wb_memref_inner_contiguous(mlirValueGetType(mem));
  for (int g = 1; run && g < ngroups; ++g) {
    const slot_affine *a = &sa[first[0]], *c = &sa[first[g]];
    run = c->k0 / P == a->k0 / P + g && c->kr == a->kr && c->kh == a->kh &&
          c->o0 == a->o0 && c->orr == a->orr && c->oh == a->oh;
  }
  MlirValue el[16];
  if (run) {
    MlirValue vec = wb_vload(b, wb_vec(ngroups, x->type), mem, x->nmap, idx[0]);
    for (int g = 0; g < ngroups; ++g)
      el[g] = wb_extract(b, vec, g);
  } else {
    for (int g = 0; g < ngroups; ++g)
      el[g] = wb_load(b, mem, x->nmap, idx[g]);
  }
  MlirValue slots[16];
  for (int v = 0; v < n; ++v)
    slots[v] = el[group[v]];
  return wb_from_elements(b, n, slots, wb_vec(n, x->type));
}
