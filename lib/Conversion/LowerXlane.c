/* wmma-lower-xlane: wmma.expand and wmma.relayout -> vector/arith + rocdl
 * cross-lane ops, following the layout engine's plan (wmma_plan_relayout).
 *
 * Emission of a plan:
 *  1. convert the source in-lane to the destination element type
 *     (arith.truncf / arith.trunci; nothing for equal types);
 *  2. identity plan: done;
 *  3. every cross-lane fetch is emitted once on 32-bit words of the packed
 *     source: XOR16 = rocdl.permlanex16 (lane i reads lane i^16), BPERMUTE =
 *     rocdl.ds_bpermute with address 4*src_lane(lane) in closed form (lane^k,
 *     or affine in lane%16 and lane/16) or read from a constant table;
 *     SELF fetches read the converted source directly;
 *  4. lanes are grouped into classes that pick identically (for the usual
 *     half-wave exchanges: lanes 0-15 and lanes 16-31); each class's
 *     destination is one vector.shuffle of (converted source, fetched words),
 *     and the classes are merged with an arith.select chain on lane
 *     predicates (lane < 16, lane >= 16, or a bit of a lane mask).
 * A plan without cross-lane fetches and with one class is one
 * vector.shuffle (or nothing when the shuffle is the identity).  Unused
 * destination slots are zero. */
#include "Lowering.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  wmma_xlane_strategy strategy;
} xlane_options;

/* Per pass run: the options and one plan buffer (~50 KB) reused by every
 * check and rewrite of the run. */
typedef struct {
  xlane_options opts;
  wmma_plan *plan;
} xlane_run;

typedef struct {
  const char *opname;
  wmma_frag_desc src, dst;
  MlirType src_type, dst_type, src_elem, dst_elem;
  int64_t src_len, dst_len;
  int conv; /* 0 none, 1 truncf, 2 trunci */
} xlane_info;


/* The operand role of wmma.expand; -1 if the attribute is not one. */
static int64_t role_of(MlirAttribute role) {
  wmma_matrix m = wmmaOperandAttrGetValue(role);
  return m == WMMA_MATRIX_COUNT ? -1 : (int64_t)m;
}

/* kind: 0 expand, 1 relayout */
static int analyze(MlirOperation op, int kind, bool emit, xlane_info *xi,
                   const xlane_run *run) {
  wmma_plan *plan = run->plan;
  memset(xi, 0, sizeof *xi);
  xi->opname = kind == 0 ? "wmma.expand" : "wmma.relayout";
  MlirAttribute src_frag, dst_frag;
  if (kind == 0) {
    MlirAttribute atom = wmma_attr(op, "atom");
    MlirAttribute role = wmma_attr(op, "role");
    int64_t m = role_of(role);
    if (!wmmaAttributeIsAAtom(atom) || m < 0) {
      if (emit)
        wmma_error(op, "wmma.expand needs an operand role and a #wmma.atom");
      return -1;
    }
    if (m != WMMA_MATRIX_A && m != WMMA_MATRIX_B) {
      if (emit)
        wmma_error(op, "wmma.expand applies to A and B operands only");
      return -1;
    }
    wmma_atom_desc ad;
    memset(&ad, 0, sizeof ad);
    wmma_instr instr = wmmaAtomAttrGetInstr(atom);
    if (!wmmaAtomAttrGetDesc(atom, &ad) || !wmma_instr_get(instr)) {
      if (emit)
        wmma_error(op, "wmma.expand: the atom names no instruction");
      return -1;
    }
    /* opsel belongs to the accumulator; A/B fragments have none. */
    wmma_frag_desc d = {ad.arch, instr, (wmma_matrix)m, WMMA_LAYOUT_COMPACT,
                        0, 0};
    xi->src = d;
    d.layout = WMMA_LAYOUT_HW;
    xi->dst = d;
  } else {
    src_frag = wmma_attr(op, "from");
    dst_frag = wmma_attr(op, "to");
    if (!wmmaAttributeIsAFrag(src_frag) || !wmmaAttributeIsAFrag(dst_frag)) {
      if (emit)
        wmma_error(op, "wmma.relayout needs #wmma.frag 'from' and 'to'");
      return -1;
    }
    if (!wmmaFragAttrGetDesc(src_frag, &xi->src) ||
        !wmmaFragAttrGetDesc(dst_frag, &xi->dst)) {
      if (emit)
        wmma_error(op, "%s: invalid fragment attributes", xi->opname);
      return -1;
    }
  }
  char msg[256];
  if (wmma_frag_check(&xi->src, msg, sizeof msg) ||
      wmma_frag_check(&xi->dst, msg, sizeof msg)) {
    if (emit)
      wmma_error(op, "%s: %s", xi->opname, msg);
    return -1;
  }
  if (mlirOperationGetNumOperands(op) != 1 ||
      mlirOperationGetNumResults(op) != 1) {
    if (emit)
      wmma_error(op, "%s: expected one operand and one result", xi->opname);
    return -1;
  }
  xi->src_type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  xi->dst_type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!wb_is_vec1d(xi->src_type, &xi->src_len, &xi->src_elem) ||
      !wb_is_vec1d(xi->dst_type, &xi->dst_len, &xi->dst_elem)) {
    if (emit)
      wmma_error(op, "%s: source and result must be 1-D vectors", xi->opname);
    return -1;
  }
  if (wmma_plan_relayout(&xi->src, &xi->dst, run->opts.strategy, plan, msg,
                         sizeof msg)) {
    if (emit)
      wmma_error(op, "%s: no cross-lane plan: %s", xi->opname, msg);
    return -1;
  }
  int sb = wb_type_bits(xi->src_elem), db = wb_type_bits(xi->dst_elem);
  if (plan->src_len != xi->src_len || plan->dst_len != xi->dst_len ||
      plan->elem_bits != db || db <= 0 || 32 % db != 0 ||
      plan->src_words <= 0 || plan->src_words > 32 || plan->dst_len > 64 ||
      plan->nfetch < 0 || plan->nfetch > WMMA_PLAN_MAX_FETCH ||
      plan->npick < 0 || plan->npick > WMMA_PLAN_MAX_PICKS) {
    if (emit) {
      char s1[128], s2[128];
      wb_type_str(xi->src_type, s1, sizeof s1);
      wb_type_str(xi->dst_type, s2, sizeof s2);
      wmma_error(op,
                 "%s: types %s -> %s do not match the layouts (%d x %d-bit "
                 "values -> %d values)",
                 xi->opname, s1, s2, plan->src_len, plan->elem_bits,
                 plan->dst_len);
    }
    return -1;
  }
  if (mlirTypeEqual(xi->src_elem, xi->dst_elem))
    xi->conv = 0;
  else if (mlirTypeIsAFloat(xi->src_elem) && mlirTypeIsAFloat(xi->dst_elem) &&
           sb > db)
    xi->conv = 1;
  else if (mlirTypeIsAInteger(xi->src_elem) &&
           mlirTypeIsAInteger(xi->dst_elem) && sb > db)
    xi->conv = 2;
  else {
    if (emit)
      wmma_error(op, "%s: unsupported element conversion (only narrowing "
                     "float->float and int->int)",
                 xi->opname);
    return -1;
  }
  /* Plan sanity (the emitter indexes with these). */
  for (int i = 0; i < plan->nfetch; ++i)
    if (plan->fetches[i].word < 0 || plan->fetches[i].word >= plan->src_words)
      goto bad_plan;
  for (int i = 0; i < plan->npick; ++i) {
    const wmma_pick *p = &plan->picks[i];
    if (p->dst_value < 0 || p->dst_value >= plan->dst_len || p->fetch < 0 ||
        p->fetch >= plan->nfetch || p->sub < 0 || p->sub >= 32 / db)
      goto bad_plan;
  }
  return 0;
bad_plan:
  if (emit)
    wmma_error(op, "%s: internal error: malformed cross-lane plan", xi->opname);
  return -1;
}

/*--- lane address closed forms ---------------------------------------------*/
/* Products x*c already emitted for the op being rewritten (x is a lane
 * value); one per emit_plan call. */
typedef struct {
  struct {
    MlirValue x;
    int c;
    MlirValue v;
  } e[16];
  int n;
} mul_cache;

static MlirValue mul_const(wb_t *b, mul_cache *mc, MlirValue x, int c) {
  if (c == 1)
    return x;
  for (int i = 0; i < mc->n; ++i)
    if (mlirValueEqual(mc->e[i].x, x) && mc->e[i].c == c)
      return mc->e[i].v;
  MlirValue v;
  if (c > 0 && (c & (c - 1)) == 0) {
    int s = 0;
    while ((1 << s) != c)
      ++s;
    v = wb_arith(b, "arith.shli", x, wb_const_i32(b, s));
  } else {
    v = wb_arith(b, "arith.muli", x, wb_const_i32(b, c));
  }
  if (mc->n < 16) {
    mc->e[mc->n].x = x;
    mc->e[mc->n].c = c;
    mc->e[mc->n].v = v;
    ++mc->n;
  }
  return v;
}

/* 4 * src_lane[lane] as an i32 value. */
static MlirValue bpermute_addr(wb_t *b, mul_cache *mc, const int8_t src[32]) {
  int first = -1;
  for (int l = 0; l < 32; ++l)
    if (src[l] >= 0) {
      first = l;
      break;
    }
  if (first < 0)
    return wb_const_i32(b, 0);
  /* lane ^ k */
  int k = src[first] ^ first, ok = 1;
  for (int l = 0; l < 32 && ok; ++l)
    if (src[l] >= 0 && (src[l] ^ l) != k)
      ok = 0;
  if (ok) {
    MlirValue x = wb_lane_i32(b);
    if (k)
      x = wb_arith(b, "arith.xori", x, wb_const_i32(b, k));
    return mul_const(b, mc, x, 4);
  }
  /* a + bc*r + cc*h */
  int r1 = first % 16, h1 = first / 16, s1 = src[first];
  int bc = 0, cc = 0;
  ok = 1;
  for (int l = 0; l < 32; ++l)
    if (src[l] >= 0 && l / 16 == h1 && l % 16 != r1) {
      int dr = l % 16 - r1, ds = src[l] - s1;
      if (ds % dr)
        ok = 0;
      bc = ds / dr;
      break;
    }
  if (ok)
    for (int l = 0; l < 32; ++l)
      if (src[l] >= 0 && l / 16 != h1) {
        cc = (src[l] - s1 - bc * (l % 16 - r1)) / (l / 16 - h1);
        break;
      }
  int a = s1 - bc * r1 - cc * h1;
  for (int l = 0; l < 32 && ok; ++l)
    if (src[l] >= 0 && a + bc * (l % 16) + cc * (l / 16) != src[l])
      ok = 0;
  if (ok) {
    MlirValue t = (MlirValue){NULL};
    if (bc)
      t = mul_const(b, mc, wb_r_i32(b), 4 * bc);
    if (cc) {
      MlirValue u = mul_const(b, mc, wb_h_i32(b), 4 * cc);
      t = mlirValueIsNull(t) ? u : wb_arith(b, "arith.addi", t, u);
    }
    if (a || mlirValueIsNull(t)) {
      MlirValue c = wb_const_i32(b, 4 * a);
      t = mlirValueIsNull(t) ? c : wb_arith(b, "arith.addi", t, c);
    }
    return t;
  }
  /* Table lookup. */
  int32_t table[32];
  for (int l = 0; l < 32; ++l)
    table[l] = src[l] >= 0 ? 4 * src[l] : 4 * l;
  MlirValue cst = wb_const_vec_i32(b, 32, table);
  return wb_extract_dyn(b, cst, wb_lane_index(b));
}

/* The i1 predicate "lane is in mask". */
static MlirValue lane_pred(wb_t *b, uint32_t mask) {
  MlirValue lane = wb_lane_i32(b);
  if (mask == 0x0000FFFFu)
    return wb_cmpi(b, WB_CMP_ULT, lane, wb_const_i32(b, 16));
  if (mask == 0xFFFF0000u)
    return wb_cmpi(b, WB_CMP_UGE, lane, wb_const_i32(b, 16));
  MlirValue sh = wb_arith(b, "arith.shrui", wb_const_i32(b, (int32_t)mask), lane);
  MlirValue bit = wb_arith(b, "arith.andi", sh, wb_const_i32(b, 1));
  return wb_cmpi(b, WB_CMP_NE, bit, wb_const_i32(b, 0));
}

/*--- emission ----------------------------------------------------------------*/
#define MAXD 64

static int emit_plan(wb_t *b, const xlane_info *xi, const wmma_plan *plan,
                     MlirValue src, MlirValue *out) {
  MlirContext ctx = b->ctx;
  MlirType T = xi->dst_elem;
  int eb = plan->elem_bits, pw = 32 / eb;
  int src_len = plan->src_len, dst_len = plan->dst_len;

  mul_cache mc = {.n = 0};

  /* 1. in-lane conversion */
  MlirValue conv = src;
  MlirType conv_type = wb_vec(src_len, T);
  if (xi->conv == 1)
    conv = wb_cast(b, "arith.truncf", src, conv_type);
  else if (xi->conv == 2)
    conv = wb_cast(b, "arith.trunci", src, conv_type);

  /* 2. identity */
  if (plan->identity && src_len == dst_len) {
    *out = conv;
    return mlirValueIsNull(conv) ? -1 : 0;
  }

  /* Which pick serves dst value d in lane l. */
  static const int NONE = -1;
  int (*pick_of)[32] = malloc(sizeof(int[MAXD][32]));
  if (!pick_of)
    return -1;
  for (int d = 0; d < MAXD; ++d)
    for (int l = 0; l < 32; ++l)
      pick_of[d][l] = NONE;
  for (int i = 0; i < plan->npick; ++i) {
    const wmma_pick *p = &plan->picks[i];
    for (int l = 0; l < 32; ++l)
      if (p->lanes & (1u << l))
        pick_of[p->dst_value][l] = i;
  }

  /* Fetch pool: non-SELF fetches in order. */
  int pool_slot[WMMA_PLAN_MAX_FETCH];
  int npool = 0;
  int used_fetch[WMMA_PLAN_MAX_FETCH] = {0};
  for (int i = 0; i < plan->npick; ++i)
    used_fetch[plan->picks[i].fetch] = 1;
  for (int f = 0; f < plan->nfetch; ++f) {
    pool_slot[f] = -1;
    if (used_fetch[f] && plan->fetches[f].kind != WMMA_FETCH_SELF)
      pool_slot[f] = npool++;
  }

  /* Lane classes: lanes whose picks agree for every dst value. */
  int nclass = 0, class_rep[32];
  uint32_t class_mask[32];
  for (int l = 0; l < 32; ++l) {
    int c;
    for (c = 0; c < nclass; ++c) {
      int same = 1;
      for (int d = 0; d < dst_len && same; ++d)
        if (pick_of[d][l] != pick_of[d][class_rep[c]])
          same = 0;
      if (same)
        break;
    }
    if (c == nclass) {
      class_rep[nclass] = l;
      class_mask[nclass] = 0;
      ++nclass;
    }
    class_mask[c] |= 1u << l;
  }

  /* Shuffle masks per class; zero_idx marks "needs a zero". */
  const int64_t ZERO = -2;
  int64_t (*masks)[MAXD] = malloc(sizeof(int64_t[32][MAXD]));
  if (!masks) {
    free(pick_of);
    return -1;
  }
  int need_zero = 0;
  for (int c = 0; c < nclass; ++c)
    for (int d = 0; d < dst_len; ++d) {
      int pi = pick_of[d][class_rep[c]];
      int64_t idx = ZERO;
      if (pi != NONE) {
        const wmma_pick *p = &plan->picks[pi];
        const wmma_fetch *f = &plan->fetches[p->fetch];
        if (f->kind == WMMA_FETCH_SELF) {
          int v = f->word * pw + p->sub;
          if (v < src_len)
            idx = v;
        } else {
          idx = src_len + (int64_t)pool_slot[p->fetch] * pw + p->sub;
        }
      }
      if (idx == ZERO)
        need_zero = 1;
      masks[c][d] = idx;
    }

  /* 3. fetches */
  MlirValue v2 = conv;
  int64_t zero_idx = -1;
  if (npool) {
    /* Pack the converted source into words. */
    int total = plan->src_words * pw;
    MlirValue padded = conv;
    if (total != src_len) {
      int64_t pm[MAXD * 2];
      for (int k = 0; k < total; ++k)
        pm[k] = k < src_len ? k : src_len;
      MlirValue z = wb_const_zero(b, wb_vec(1, T));
      padded = wb_shuffle(b, conv, z, total, pm);
    }
    MlirType i32 = wb_i32(ctx);
    MlirValue words =
        wb_bitcast(b, padded, wb_vec(plan->src_words, i32));
    MlirValue word_val[32];
    for (int w = 0; w < 32; ++w)
      word_val[w] = (MlirValue){NULL};
    MlirValue fetched[WMMA_PLAN_MAX_FETCH + 1];
    /* Address cache for bpermute. */
    const int8_t *addr_key[WMMA_PLAN_MAX_FETCH];
    MlirValue addr_val[WMMA_PLAN_MAX_FETCH];
    int naddr = 0;
    for (int f = 0; f < plan->nfetch; ++f) {
      if (pool_slot[f] < 0)
        continue;
      const wmma_fetch *fe = &plan->fetches[f];
      if (mlirValueIsNull(word_val[fe->word]))
        word_val[fe->word] = wb_extract(b, words, fe->word);
      MlirValue w = word_val[fe->word];
      MlirValue r;
      if (fe->kind == WMMA_FETCH_XOR16) {
        r = wb_permlanex16_xor16(b, w);
      } else {
        MlirValue addr = (MlirValue){NULL};
        for (int a = 0; a < naddr; ++a)
          if (!memcmp(addr_key[a], fe->src_lane, 32))
            addr = addr_val[a];
        if (mlirValueIsNull(addr)) {
          addr = bpermute_addr(b, &mc, fe->src_lane);
          addr_key[naddr] = fe->src_lane;
          addr_val[naddr++] = addr;
        }
        MlirValue ops[2] = {addr, w};
        r = wb_op1(b, "rocdl.ds_bpermute", 2, ops, i32, 0, NULL);
      }
      fetched[pool_slot[f]] = r;
    }
    int nwords = npool;
    if (need_zero) {
      fetched[nwords++] = wb_const_i32(b, 0);
      zero_idx = src_len + (int64_t)npool * pw;
    }
    MlirValue pool = wb_from_elements(b, nwords, fetched, wb_vec(nwords, i32));
    v2 = wb_bitcast(b, pool, wb_vec((int64_t)nwords * pw, T));
  } else if (need_zero) {
    v2 = wb_const_zero(b, wb_vec(1, T));
    zero_idx = src_len;
  }

  /* 4. one shuffle per class, then the select chain */
  MlirValue cls_val[32] = {{NULL}};
  for (int c = 0; c < nclass; ++c) {
    int64_t m[MAXD];
    int ident = dst_len == src_len;
    for (int d = 0; d < dst_len; ++d) {
      m[d] = masks[c][d] == ZERO ? zero_idx : masks[c][d];
      if (m[d] != d)
        ident = 0;
    }
    cls_val[c] = ident ? conv : wb_shuffle(b, conv, v2, dst_len, m);
  }
  MlirValue res = cls_val[nclass - 1];
  for (int c = nclass - 2; c >= 0; --c)
    res = wb_select(b, lane_pred(b, class_mask[c]), cls_val[c], res);
  free(masks);
  free(pick_of);
  *out = res;
  return mlirValueIsNull(res) ? -1 : 0;
}

static int check_expand(MlirOperation op, void *ctx, bool emit) {
  xlane_info xi;
  return analyze(op, 0, emit, &xi, ctx);
}

static int check_relayout(MlirOperation op, void *ctx, bool emit) {
  xlane_info xi;
  return analyze(op, 1, emit, &xi, ctx);
}

static int rewrite_xlane(wb_t *b, MlirOperation op, void *ctx, int kind) {
  const xlane_run *run = ctx;
  xlane_info xi;
  int rc = analyze(op, kind, false, &xi, run);
  MlirValue res = (MlirValue){NULL};
  if (!rc)
    rc = emit_plan(b, &xi, run->plan, mlirOperationGetOperand(op, 0), &res);
  if (rc || mlirValueIsNull(res) ||
      !mlirTypeEqual(mlirValueGetType(res), xi.dst_type))
    return -1;
  mlirRewriterBaseReplaceOpWithValues(b->rw, op, 1, &res);
  return 0;
}

static int rewrite_expand(wb_t *b, MlirOperation op, void *ctx) {
  return rewrite_xlane(b, op, ctx, 0);
}
static int rewrite_relayout(wb_t *b, MlirOperation op, void *ctx) {
  return rewrite_xlane(b, op, ctx, 1);
}

static const wb_lowering xlane_lowerings[] = {
    {"wmma.expand", check_expand, rewrite_expand},
    {"wmma.relayout", check_relayout, rewrite_relayout},
};

static void run_lower_xlane(MlirOperation op, MlirExternalPass pass,
                            void *ud) {
  xlane_run run = {{WMMA_XLANE_PERMLANEX16}, malloc(sizeof(wmma_plan))};
  const xlane_options *p = wb_pass_payload(ud);
  if (p)
    run.opts = *p;
  if (!run.plan)
    wmma_error(op, "out of memory while planning cross-lane moves");
  if (!run.plan || wb_run_lowerings(op, xlane_lowerings, 2, &run))
    mlirExternalPassSignalFailure(pass);
  free(run.plan);
}

static _Alignas(8) char lower_xlane_id;

MlirPass wmmaCreateLowerXlanePass(wmma_xlane_strategy s) {
  xlane_options opts = {s};
  wb_pass_def def = {
      .type_id = mlirTypeIDCreate(&lower_xlane_id),
      .name = "WmmaLowerXlane",
      .argument = "wmma-lower-xlane",
      .description = "Lower wmma.expand / wmma.relayout to cross-lane ops "
                     "(permlanex16 / ds_bpermute)",
      .run = run_lower_xlane,
      .user_size = sizeof opts};
  return wb_create_pass(&def, &opts);
}
