/*
 * fiber.h - bit-exact C reference models of the FIBER shared-register blocks.
 *
 * FIBER lets the four subpartitions (SPs) of an SM read each other's vector
 * registers. The paper (Fig. 6) adds four blocks to the issue stage, plus the
 * decode and weft-context support around them. Each block below is one RTL
 * module; its C types are the module's ports, one struct member per port:
 *
 *   fb_sel_*   fiber_operand_sel   selector of one SP (combinational)
 *   fb_xbar_*  fiber_xbar          4x4 operand crossbar per lane (select flop)
 *   fb_arb_*   fiber_port_arb      read-port arbiter (sequential, rotating start)
 *   fb_bm_*    fiber_busy_bitmap   EMPTY/FULL register busy bitmap (sequential)
 *   fb_dec_*   fiber_decode        extended-field decoder, plus an encoder
 *   fb_wc_*    fiber_weft_ctl      SET_FIBER_NUM weft-context controller
 *   fb_issue_* fiber_issue_stage   the composed issue stage of one SM: the
 *                                  four selectors, the pending-read guard,
 *                                  the arbiter, the bitmap and the crossbar
 *                                  (one call per cycle: what a simulator
 *                                  calls; per-cycle contract at fb_issue_step)
 *
 * Errors: every entry point reports a bad call with a named fb_err (NULL,
 * out of range, wider than its port in the _checked strict twins, never
 * reset); see fb_err below and docs/fiber_simulator.md section 1. Headers:
 * <fiber/fiber.h> (this file), <fiber/version.h>, <fiber/export.h>;
 * "fiber.h" forwards here for this release.
 *
 * Conventions, shared by every block:
 *   - Combinational blocks are a pure function `in struct -> out struct`.
 *   - Sequential blocks are a caller-owned state struct with `_reset` and
 *     `_step`; one `_step` call is one clock cycle. Outputs that the RTL
 *     computes from the registered state are computed from the state at the
 *     start of the cycle (before the call's updates), and each step function
 *     says so.
 *   - Every input is used modulo its port width, exactly like the RTL port of
 *     that width (a 2-bit SP index of 5 is SP 1). Values that fit the width but
 *     are still out of range (a register id >= the bitmap's register count, a
 *     weft count above 256) are reported through an error output, never
 *     silently accepted.
 *   - No global state; distinct objects may be used from distinct threads.
 *
 * The semantics, and every choice the paper leaves open, are fixed in
 * docs/fiber.md. The public contract of SPEC B.3 (FB_NSP .. fb_arb_step) is
 * kept verbatim; everything else is an addition.
 */
#ifndef FIBER_H
#define FIBER_H

#include <stdint.h>

#include "export.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================= */
/* Errors of the C API (not RTL ports: the RTL's own error outputs, such as  */
/* range_err or the decoder's err, stay output fields, one to one).         */
/* ======================================================================= */

/* Every libfiber entry point reports a bad call with one of these. Functions
 * whose SPEC signature returns something else (fb_arb_reset, fb_arb_step,
 * fb_arb_step_detail, fb_enc, fb_sel_arb_req) do nothing harmful on NULL
 * (documented there) and have a _checked twin that returns the code.
 * Plain functions mirror the RTL: inputs are used modulo their port width.
 * The _checked twins are the strict mode: an input wider than its port is
 * rejected with FB_ERR_WIDTH and nothing is computed or changed. */
typedef enum {
  FB_OK = 0,
  FB_ERR_NULL,      /* a NULL pointer argument                              */
  FB_ERR_RANGE,     /* a value that is out of range: a register id at or
                       above the configured register count (also one that
                       does not fit 11 bits: never taken modulo 2^11), a
                       parameter outside its documented range               */
  FB_ERR_WIDTH,     /* strict mode: a value wider than its port (valid = 2,
                       a 2-bit SP index of 5, a 13-bit ext above 0x1FFF)    */
  FB_ERR_STATE,     /* an object never set up by its reset (or corrupted:
                       fb_issue_step checks its parameters against the
                       blocks and rem against the instruction in flight;
                       a failed re-reset leaves the object refused)        */
  FB_ERR_CONTRACT,  /* a call the per-cycle contract forbids (docs/fiber.md
                       11): an SP with passes left presented a different
                       instruction; fb_issue_idle on a stage that is not
                       idle. Nothing changes.                              */
  FB_ERR_DEADLOCK,  /* fb_issue_progress: an SP has presented an
                       instruction for `limit` cycles without a grant      */
  FB_ERR_CKPT,      /* a checkpoint refused: not one (magic, another byte
                       order), another layout version, kind or size, or a
                       damaged payload (checksum)                          */
  FB_ERR_NUM        /* number of codes                                     */
} fb_err;
/* Constant name of a code ("FB_ERR_NULL: ..."); never NULL. */
FB_API const char *fb_err_str(fb_err e);
/* The library's version string; FIBER_VERSION_STRING is the header's. */
FB_API const char *fb_version(void);

/* ======================================================================= */
/* Widths and limits. Each constant is the default of the RTL parameter or  */
/* the width of the RTL port named beside it.                               */
/* ======================================================================= */

/* ---- SPEC B.3 contract ---- */
#define FB_NSP   4     /* RTL NumSp: subpartitions per SM                     */
#define FB_NPORT 8     /* RTL NumPort: register-bank read ports (2 per SP)     */
#define FB_NSRC  4     /* RTL NumSrc: source operands per instruction          */
#define FB_NVREG 2048  /* RTL NumReg (default): 32-lane vector registers       */

/* ---- register address r = {sp[1:0], row[7:0], bank} ---- */
#define FB_SP_W        2   /* SpWidth: r[10:9]                                */
#define FB_ROW_W       8   /* RowWidth: r[8:1]                                */
#define FB_BANK_W      1   /* r[0]                                            */
#define FB_REG_W      11   /* RegWidth: FB_SP_W + FB_ROW_W + FB_BANK_W         */
#define FB_PORT_W      3   /* PortWidth: port = 2*sp + bank                    */
#define FB_ORIG_W      8   /* width of an original SASS register field         */
#define FB_BANKS_PER_SP 2

/* ---- the 128-bit SASS word and the 13-bit reserved region ---- */
#define FB_WORD_W    128
#define FB_EXT_LSB    87   /* word[99:87] is the extension field `ext`         */
#define FB_EXT_W      13   /* ExtWidth                                         */
/* Offsets inside `ext` (add FB_EXT_LSB for the word bit):                    */
#define FB_EXT_HI_OFF  0   /* source k high bits: ext[2k+1:2k] = word[88+2k:87+2k] */
#define FB_EXT_HI_W    2
#define FB_EXT_EN_OFF  8   /* enable: ext[8] = word[95]                         */
#define FB_EXT_LO_OFF  9   /* source k extra low bit: ext[9+k] = word[96+k]    */

/* ---- selector modes ---- */
#define FB_MODE_CUDA  0    /* CUDA-native: r = {sp, 1'b0, orig8}; enable illegal */
#define FB_MODE_FIBER 1    /* FIBER-native: shared register view              */

/* ---- opcode / SET_FIBER_NUM / extended DEPBAR fields (docs/fiber.md) ---- */
#define FB_OPC_LSB        0
#define FB_OPC_W         12   /* word[11:0]                                     */
#define FB_PRED_LSB      12
#define FB_PRED_W         4   /* word[15:12]: {negate, predicate register}      */
#define FB_PRED_PT      0x7   /* "always true": predicate PT, not negated       */
#define FB_SFN_CNT_LSB   16
#define FB_SFN_CNT_W     16   /* word[31:16]: requested number of fibers         */
#define FB_SFN_ALL_BIT   87   /* word[87]: ALL-scope set of the EMPTY group      */
#define FB_DEP_REG_LSB   87   /* word[97:87]: target vector register             */
#define FB_DEP_GRP_BIT   98   /* word[98]: 0 = EMPTY group, 1 = FULL group        */
#define FB_DEP_SET_BIT   99   /* word[99]: 0 = clear, 1 = set                     */
/* Default opcode values; both are parameters (fb_dec_cfg, RTL OpcSetFiberNum
 * and OpcDepbarX). See docs/fiber.md for why they are separate opcodes.    */
#define FB_OPC_SET_FIBER_NUM_DEFAULT 0x9F0u
#define FB_OPC_DEPBAR_X_DEFAULT      0x9F1u

/* ---- wefts ---- */
#define FB_LANES        32    /* fibers per weft                                */
#define FB_MAX_WEFTS    64    /* RTL MaxWefts: weft contexts per SP              */
#define FB_WEFT_IDX_W    6    /* local weft slot index, 0..63                    */
#define FB_SM_WEFTS    (FB_NSP * FB_MAX_WEFTS)          /* 256 per SM          */
#define FB_WEFT_CNT_W    9    /* SM weft count 0..256                            */
#define FB_MAX_FIBERS  (FB_SM_WEFTS * FB_LANES)         /* 8192 per SM         */
#define FB_PC_W         48    /* RTL PcWidth: byte address of an instruction     */
#define FB_INSN_BYTES   16    /* one SASS instruction                            */

/* ---- bitmap ---- */
#define FB_BM_NREP       4    /* RTL NumRep (default): one replica per SP        */
#define FB_BM_MAX_NREP   FB_NSP
#define FB_BM_EMPTY      0    /* group index: result not ready                   */
#define FB_BM_FULL       1    /* group index: value in use                       */

/* ---- crossbar ---- */
#define FB_XBAR_LANES     32  /* RTL Lanes (default)                             */
#define FB_XBAR_WIDTH     32  /* RTL Width (default): bits per lane              */
#define FB_XBAR_MAX_LANES 32
#define FB_XBAR_MAX_WIDTH 64

/* ---- register address helpers (pure bit slicing of r) ---- */
static inline unsigned fb_reg_sp(unsigned r)   { return (r >> 9) & 0x3u; }
static inline unsigned fb_reg_row(unsigned r)  { return (r >> 1) & 0xFFu; }
static inline unsigned fb_reg_bank(unsigned r) { return r & 0x1u; }
static inline unsigned fb_reg_port(unsigned r) { return (r >> 9 & 0x3u) * 2u + (r & 0x1u); }
static inline unsigned fb_reg_make(unsigned sp, unsigned row, unsigned bank) {
  return ((sp & 0x3u) << 9) | ((row & 0xFFu) << 1) | (bank & 0x1u);
}

/* ======================================================================= */
/* Read-port arbiter (fiber_port_arb, sequential).                          */
/* ======================================================================= */

/* The request of one SP for one cycle: `ports` bit p = the SP's instruction
 * reads read port p; row[p] = the row (r[8:1]) it reads there. row[p] of a
 * port not in `ports` is ignored. `valid` is the instruction the SP's
 * baseline scheduler selected this cycle. A valid request with ports == 0
 * (no register source) conflicts with nobody and is always granted. */
typedef struct { uint8_t valid; uint8_t ports; uint8_t row[FB_NPORT]; } fb_arb_req;

/* State: the rotating scan start (2 bits). */
typedef struct { uint8_t start; } fb_arb;

/* Every output of the arbiter for one cycle. */
typedef struct {
  uint8_t grant;            /* bit s: SP s granted                           */
  uint8_t stall;            /* valid & ~grant, per SP: OR-ed into the
                               baseline scheduler's stall of that SP         */
  uint8_t start;            /* the scan start used this cycle                 */
  uint8_t occ;              /* port-occupied vector after the scan           */
  uint8_t shared;           /* ports read by two or more granted SPs
                               (same row: a broadcast)                        */
  uint8_t owner[FB_NPORT];  /* first granted SP (scan order) on port p; 0 if
                               the port is not occupied                       */
  uint8_t row[FB_NPORT];    /* row read on port p (the bank's read address);
                               0 if the port is not occupied                  */
} fb_arb_out;

/* Reset: start = 0 (a NULL a is ignored). */
FB_API void    fb_arb_reset(fb_arb *a);
/* One cycle: returns the grant mask (bit p = SP p granted), advances start. */
FB_API uint8_t fb_arb_step(fb_arb *a, const fb_arb_req req[FB_NSP]);
/* (fb_arb_step computes only the grant: the fast path for simulators. With
 * a or req NULL it returns 0 and changes nothing. `valid` is used modulo 2,
 * `start` modulo 4: an fb_arb has no invalid state.)                      */
/* One cycle, with every output: fills *out (combinational from the start at
 * the beginning of the cycle and this cycle's requests), then advances start
 * by one (mod 4). Returns out->grant (0, and nothing changes, when a pointer
 * is NULL). */
FB_API uint8_t fb_arb_step_detail(fb_arb *a, const fb_arb_req req[FB_NSP], fb_arb_out *out);
/* The combinational core: the scan from `start` (used mod 4). SPs are
 * visited in the order start, start+1, ... (mod 4). A requesting SP is
 * granted if it is the first requesting one, or if none of its requested
 * ports is already occupied with a different row. A granted SP marks its
 * ports occupied; a port keeps the row and owner of its first granter. */
FB_API fb_err  fb_arb_eval(unsigned start, const fb_arb_req req[FB_NSP], fb_arb_out *out);
/* Strict twin of fb_arb_step_detail: FB_ERR_NULL (a, req or out NULL),
 * FB_ERR_STATE (a->start above 3: never reset), FB_ERR_WIDTH (a valid
 * above 1); on an error nothing changes and *out is zeroed. */
FB_API fb_err  fb_arb_step_checked(fb_arb *a, const fb_arb_req req[FB_NSP], fb_arb_out *out);
/* The arbiter request of an instruction from the 11-bit register ids it
 * reads (reg[0..n-1], n <= FB_NSRC), so the caller needs no port rule: each
 * register r is read on port 2*sp(r) + bank(r) = fb_reg_port(r) at row
 * r[8:1]; the first register on a port claims it; a later one on the same
 * port with another row cannot be read in the same pass and is set in
 * *defer (bit k: reg[k]; defer may be NULL), exactly the selector's rule.
 * Errors: FB_ERR_NULL (req NULL, or reg NULL with n > 0), FB_ERR_RANGE
 * (n > FB_NSRC, or a register id >= FB_NVREG), FB_ERR_WIDTH (valid > 1);
 * *req is then an invalid, empty request. */
FB_API fb_err  fb_arb_req_from_regs(fb_arb_req *req, unsigned valid, const uint16_t *reg, unsigned n,
                                    uint8_t *defer);

/* ======================================================================= */
/* Selector (fiber_operand_sel, combinational, one instance per SP).        */
/* ======================================================================= */

typedef struct {
  uint8_t  mode;               /* FB_MODE_CUDA or FB_MODE_FIBER (1 bit)        */
  uint8_t  sp;                 /* the issuing SP (2 bits)                       */
  uint8_t  src_valid;          /* bit k: the instruction reads source k (4 bits) */
  uint8_t  src_orig[FB_NSRC];  /* original 8-bit source register fields         */
  uint16_t ext;                /* word[99:87] (13 bits, FB_EXT_*_OFF layout)    */
  uint8_t  dst_orig;           /* original 8-bit destination field              */
} fb_sel_in;

typedef struct {
  uint16_t src_reg[FB_NSRC];   /* 11-bit register address of each source        */
  uint8_t  src_port[FB_NSRC];  /* its read port, 2*sp(r) + bank(r)              */
  uint8_t  port_en;            /* 8-bit read-port enable: ports of valid sources */
  uint8_t  port_row[FB_NPORT]; /* row read on each enabled port: the row of the
                                  lowest-numbered valid source on it; 0 when
                                  the port is not enabled. With port_en this is
                                  the arbiter request (fb_sel_arb_req).         */
  uint8_t  remote;             /* bit k: valid source k lies in another SP      */
  uint8_t  defer;              /* bit k: valid source k shares its port with a
                                  lower-numbered valid source of another row;
                                  it cannot be read in this pass                */
  uint8_t  conflict;           /* intra-instruction conflict: defer != 0        */
  uint8_t  illegal;            /* CUDA-native mode with the enable bit set      */
  uint16_t dst_reg;            /* destination: always local, {sp, 1'b0, orig8}  */
} fb_sel_out;

/* Address rule per valid or invalid source k (addresses are computed for all
 * four fields; src_valid gates everything derived from them):
 *   FIBER-native, enable set:   r = {hi2[k], ext1[k], orig8[k]}
 *   FIBER-native, enable clear: r = {sp,     ext1[k], orig8[k]}
 *   CUDA-native (any enable):   r = {sp,     1'b0,    orig8[k]}
 * so that no CUDA-native input can name another SP's register, illegal or
 * not. */
FB_API fb_err fb_sel_eval(const fb_sel_in *in, fb_sel_out *out);
/* (fb_sel_eval: FB_ERR_NULL for a NULL pointer; every field is used modulo
 * its port width.) Strict twin: also FB_ERR_WIDTH (mode > 1, sp > 3,
 * src_valid > 0xF, ext > 0x1FFF), with *out zeroed. */
FB_API fb_err fb_sel_eval_checked(const fb_sel_in *in, fb_sel_out *out);
/* The arbiter request of this selector's instruction: {valid, port_en,
 * port_row} (an invalid, empty request when out is NULL). */
FB_API fb_arb_req fb_sel_arb_req(const fb_sel_out *out, unsigned valid);

/* ======================================================================= */
/* Crossbar (fiber_xbar, sequential: a registered select).                  */
/* ======================================================================= */

/* One read-port or operand word: `lanes` lanes of `width` bits each. */
typedef struct { uint64_t lane[FB_XBAR_MAX_LANES]; } fb_xbar_word;

typedef struct {
  uint8_t      sel_oh[FB_NSP][FB_NSRC];    /* operand k of SP s: one-hot read
                                              port (bit p: port p), 0: none */
  fb_xbar_word port_data[FB_NPORT];        /* data on the eight ports now    */
} fb_xbar_in;

typedef struct {
  uint8_t      valid[FB_NSP];              /* bit k: sel_oh_q[s][k] != 0      */
  fb_xbar_word opnd[FB_NSP][FB_NSRC];      /* routed operands (0 if invalid)  */
} fb_xbar_out;

typedef struct {
  uint8_t lanes, width;                    /* parameters                      */
  uint8_t sel_oh_q[FB_NSP][FB_NSRC];       /* registered one-hot select       */
} fb_xbar;

/* The select of one operand as the issue stage decodes it: 1 << (port & 7)
 * when valid & 1, else 0 (fiber_issue_stage, before the crossbar's select
 * register). */
FB_API uint8_t fb_xbar_onehot(unsigned valid, unsigned port);
/* Reset with the parameters; clears the select register. Returns FB_OK,
 * FB_ERR_NULL, or FB_ERR_RANGE (and leaves *x unusable) when lanes is not
 * 1..32 or width not 1..64. */
FB_API fb_err fb_xbar_reset(fb_xbar *x, unsigned lanes, unsigned width);
/* One cycle. Outputs come from the select registered at the previous call
 * (the instructions issued last cycle) and this cycle's port data, as the
 * RTL's AND-OR: opnd[s][k] = OR over the set bits p of sel_oh_q[s][k] of
 * port_data[p] (the named port's word for a one-hot select, 0 for 0; a
 * select with several bits, which the issue stage never produces, gives the
 * OR of their words); valid[s] bit k = sel_oh_q[s][k] != 0. Only lanes
 * 0..lanes-1 and bits 0..width-1 are carried, the rest of every output
 * word is 0. Then the select of this cycle is registered. */
FB_API fb_err fb_xbar_step(fb_xbar *x, const fb_xbar_in *in, fb_xbar_out *out);
/* (fb_xbar_step: FB_ERR_NULL, or FB_ERR_STATE when *x was never reset
 * (lanes or width out of range); nothing changes, *out is zeroed.) */

/* ======================================================================= */
/* Register busy bitmap (fiber_busy_bitmap, sequential).                    */
/* ======================================================================= */

/* State: `nrep` identical replicas of the two groups (EMPTY, FULL), one bit
 * per register that exists. SP s's partition is s*512 .. s*512+511; register
 * r exists when r < nreg and its offset in its partition, r & 511, is below
 * part_regs (RTL PartRegs: a power of two 1..512; below 512 nreg is 2048):
 * at part_regs 512 the registers 0 .. nreg-1 (a smaller instance keeps the
 * low ids: SP 0's partition first); at part_regs p < 512 the registers
 * s*512 .. s*512+p-1 of every SP s (a small instance with registers in
 * every SP). bits[rep][group][r / 64] bit (r % 64), indexed by the id (the
 * RTL packs the registers that exist; its bit {r[10:9], r[log2(p)-1:0]});
 * the bits of registers that do not exist are always 0. */
typedef struct {
  uint16_t nreg;
  uint8_t  nrep;
  uint16_t part_regs;
  uint64_t bits[FB_BM_MAX_NREP][2][FB_NVREG / 64];
} fb_bm;

/* One eligibility query (one per SP in the RTL). */
typedef struct {
  uint8_t  dst_valid;          /* the instruction writes dst                   */
  uint16_t dst;                /* 11 bits; must lie in the querying SP's partition */
  uint8_t  src_valid;          /* bit k: it reads src[k] (4 bits)               */
  uint16_t src[FB_NSRC];       /* any SP's register                             */
} fb_bm_query;

typedef struct {
  uint8_t eligible;            /* !dst_busy && src_busy == 0 && !range_err      */
  uint8_t dst_busy;            /* dst_valid and FULL[dst] set                   */
  uint8_t src_busy;            /* bit k: src_valid bit k and EMPTY[src[k]] set  */
  uint8_t range_err;           /* a valid dst outside the SP's partition or a
                                  valid dst or source that does not exist       */
} fb_bm_elig;

/* The updates one SP drives in one cycle. Issue and writeback name the SP's
 * own registers (destinations are always local); consumption and DEPBAR
 * name any register. */
typedef struct {
  uint8_t  issue_valid;  uint16_t issue_dst;          /* sets EMPTY[issue_dst]   */
  uint8_t  wb_valid;     uint16_t wb_dst;             /* clears EMPTY[wb_dst]    */
  uint8_t  cons_valid;   uint16_t cons_src[FB_NSRC];  /* bit k: clears FULL[...] */
  uint8_t  dep_valid;                                 /* extended DEPBAR:        */
  uint16_t dep_reg;                                   /*   register id           */
  uint8_t  dep_group;                                 /*   FB_BM_EMPTY / FB_BM_FULL */
  uint8_t  dep_set;                                   /*   1 set, 0 clear        */
} fb_bm_sp_in;

/* Operand read: the read ports of the register-read cycle. Port p reads
 * row read_row[p] of bank p % 2 of SP p / 2, i.e. register
 * fb_reg_make(p / 2, read_row[p], p % 2) (the arbiter grants at most one row
 * per port per cycle, so the registers read in a cycle are exactly these). */
typedef struct {
  fb_bm_sp_in sp[FB_NSP];
  uint8_t     read_valid;      /* bit p: port p read: sets FULL of its register */
  uint8_t     read_row[FB_NPORT];
  uint8_t     all_set;         /* ALL-scope (SET_FIBER_NUM): set every EMPTY bit */
} fb_bm_in;

/* Reset: every bit of every replica clear, every partition whole
 * (part_regs 512). Returns FB_OK, FB_ERR_NULL, or FB_ERR_RANGE when nreg is
 * not 1..2048 or nrep not 1..4. A bitmap whose nreg, nrep or part_regs is
 * out of range (never reset) is refused by every function below:
 * FB_ERR_STATE, or the documented neutral value. */
FB_API fb_err fb_bm_reset(fb_bm *bm, unsigned nreg, unsigned nrep);
/* Reset with part_regs registers in each SP's partition (RTL PartRegs):
 * FB_ERR_RANGE also when part_regs is not a power of two 1..512, or is
 * below 512 with nreg other than 2048. fb_bm_reset is part_regs 512. */
FB_API fb_err fb_bm_reset_part(fb_bm *bm, unsigned nreg, unsigned nrep, unsigned part_regs);
/* The bit of register r (11 bits): r, or -1 when r does not exist (r >=
 * nreg, or r & 511 >= part_regs). */
FB_API int  fb_bm_index(const fb_bm *bm, unsigned r);
/* Eligibility of one instruction on SP `sp`, read from replica sp % nrep, in
 * the state at the start of the cycle (call it before fb_bm_step of the same
 * cycle). Combinational; does not change the state. */
FB_API fb_err fb_bm_check(const fb_bm *bm, unsigned sp, const fb_bm_query *q, fb_bm_elig *out);
/* (fb_bm_check: FB_ERR_NULL, FB_ERR_STATE; then *out is zeroed: not
 * eligible.) */
/* One cycle of updates, written identically to every replica, in this order
 * (a later step overrides an earlier one on the same bit):
 *   1. hardware clears: writeback (EMPTY), consumption (FULL), all SPs;
 *   2. hardware sets: issue (EMPTY), operand read (FULL, by read port);
 *   3. extended DEPBAR of SP 0, then 1, 2, 3 (the last one to touch a bit wins);
 *   4. the ALL-scope set of EMPTY.
 * An operation on a register that does not exist (>= nreg, or offset >=
 * part_regs), and an issue or writeback of SP s
 * outside SP s's partition, is dropped. Returns
 * the update-error vector: bit s = SP s drove such an operation (a read
 * port p counts for SP p / 2, the owner of its bank). */
FB_API uint8_t fb_bm_step(fb_bm *bm, const fb_bm_in *in);
/* (fb_bm_step returns 0xFF, which no SP vector can be, and changes nothing
 * when bm or in is NULL or bm was never reset.) The same cycle with a named
 * result: FB_ERR_NULL, FB_ERR_STATE, else FB_OK and *upd_err (may be NULL)
 * = the update-error vector. */
FB_API fb_err fb_bm_step_checked(fb_bm *bm, const fb_bm_in *in, uint8_t *upd_err);
/* Bit of register r (an 11-bit id) in group `group` of replica `rep` (0
 * when out of range or r does not exist). */
FB_API unsigned fb_bm_get(const fb_bm *bm, unsigned rep, unsigned group, unsigned r);
/* 1 if every replica equals replica 0 (always true for this model). */
FB_API int  fb_bm_replicas_equal(const fb_bm *bm);

/* ======================================================================= */
/* Decoder (fiber_decode, combinational) and encoder.                       */
/* ======================================================================= */

/* A 128-bit SASS word: lo = bits 63..0, hi = bits 127..64. */
typedef struct { uint64_t lo, hi; } fb_word;

/* Opcode parameters (12 bits each, used modulo 2^12; if both are equal the
 * word decodes as SET_FIBER_NUM). */
typedef struct { uint16_t opc_sfn; uint16_t opc_depbar_x; } fb_dec_cfg;

typedef enum {
  FB_KIND_OTHER = 0,           /* any other instruction: only `ext` applies    */
  FB_KIND_SFN,                 /* SET_FIBER_NUM                                */
  FB_KIND_DEPBAR_X             /* extended DEPBAR                              */
} fb_kind;

/* Decoder error codes, one per illegal encoding. When several apply, the
 * lowest-numbered code is reported. */
typedef enum {
  FB_DEC_OK = 0,
  FB_DEC_ERR_CUDA_REMOTE,      /* other, CUDA-native: enable bit (95) set       */
  FB_DEC_ERR_CUDA_EXT,         /* other, CUDA-native: a high or extra low bit
                                  (87..94, 96..99) set; CUDA-native code leaves
                                  the reserved region zero                     */
  FB_DEC_ERR_HI_NO_EN,         /* other, FIBER-native: high bits (87..94) set
                                  with the enable bit clear: they would be
                                  ignored                                      */
  FB_DEC_ERR_SFN_PRED,         /* SET_FIBER_NUM predicate is not PT (0x7)       */
  FB_DEC_ERR_SFN_RESERVED,     /* SET_FIBER_NUM: a bit of 32..86 or 88..99 set  */
  FB_DEC_ERR_SFN_ZERO,         /* SET_FIBER_NUM fiber count 0                   */
  FB_DEC_ERR_SFN_PARTIAL,      /* fiber count not a multiple of 32              */
  FB_DEC_ERR_SFN_RANGE,        /* fiber count above 8192 (256 wefts x 32)       */
  FB_DEC_ERR_CUDA_ALL,         /* SET_FIBER_NUM ALL-scope bit in CUDA-native mode */
  FB_DEC_ERR_DEP_RESERVED,     /* extended DEPBAR: a bit of 16..86 set          */
  FB_DEC_ERR_CUDA_DEPBAR,      /* extended DEPBAR in CUDA-native mode           */
  FB_DEC_ERR_NUM               /* number of codes                              */
} fb_dec_err;

typedef struct {
  uint8_t  kind;               /* fb_kind                                       */
  uint8_t  err;                /* fb_dec_err                                    */
  uint16_t opc;                /* word[11:0]                                    */
  uint8_t  pred;               /* word[15:12]                                   */
  uint16_t ext;                /* FB_KIND_OTHER: word[99:87], else 0            */
  uint16_t sfn_count;          /* FB_KIND_SFN: word[31:16], else 0              */
  uint8_t  sfn_all;            /* FB_KIND_SFN: word[87], else 0                 */
  uint16_t sfn_wefts;          /* FB_KIND_SFN: sfn_count >> 5 (11 bits), else 0 */
  uint16_t dep_reg;            /* FB_KIND_DEPBAR_X: word[97:87], else 0         */
  uint8_t  dep_group;          /* FB_KIND_DEPBAR_X: word[98], else 0            */
  uint8_t  dep_set;            /* FB_KIND_DEPBAR_X: word[99], else 0            */
} fb_dec_out;

/* The default opcode parameters. */
FB_API fb_dec_cfg  fb_dec_cfg_default(void);
/* Decode the FIBER fields of one word in `mode` (1 bit) with the opcode
 * parameters *cfg (fb_dec_cfg_default() for the defaults). Fields are
 * reported raw even when err != FB_DEC_OK, so an illegal word can be
 * inspected. */
FB_API fb_err      fb_dec_eval(fb_word w, unsigned mode, const fb_dec_cfg *cfg, fb_dec_out *out);
/* (fb_dec_eval: FB_ERR_NULL when cfg or out is NULL; mode and the opcode
 * parameters are used modulo their widths.) Strict twin: also FB_ERR_WIDTH
 * (mode > 1, an opcode parameter above 0xFFF), with *out zeroed. */
FB_API fb_err      fb_dec_eval_checked(fb_word w, unsigned mode, const fb_dec_cfg *cfg, fb_dec_out *out);
/* Encoder: `base` with the fields of `f` written in. For FB_KIND_OTHER it
 * writes word[99:87] = f->ext; for SET_FIBER_NUM and extended DEPBAR it
 * writes the opcode, the predicate and every bit of word[99:16] (the fields,
 * the reserved bits as 0). Bits outside those ranges come from `base`. */
FB_API fb_word     fb_enc(fb_word base, const fb_dec_out *f, const fb_dec_cfg *cfg);
/* (fb_enc returns base unchanged when f or cfg is NULL, and writes each
 * field modulo its width.) Strict twin: writes the word to *out and returns
 * FB_ERR_NULL, FB_ERR_RANGE (kind not an fb_kind), FB_ERR_WIDTH (a field
 * wider than its bits: pred > 0xF, ext > 0x1FFF, dep_reg > 0x7FF, a 1-bit
 * field above 1, an opcode parameter above 0xFFF); on an error *out = base. */
FB_API fb_err      fb_enc_checked(fb_word base, const fb_dec_out *f, const fb_dec_cfg *cfg, fb_word *out);
/* Constant name of a decoder error ("FB_DEC_ERR_SFN_ZERO: ..."). */
FB_API const char *fb_dec_err_str(unsigned err);
/* Bit i (0..127) of a word. */
static inline unsigned fb_word_bit(fb_word w, unsigned i) {
  return (unsigned)(((i < 64 ? w.lo >> i : w.hi >> (i - 64))) & 1u);
}

/* ======================================================================= */
/* Weft-context controller (fiber_weft_ctl, sequential, SM-wide).           */
/* ======================================================================= */

/* What the issue slot of one SP reports in one cycle (one instruction per SP
 * per cycle). Global weft id of local slot j on SP s: 4*j + s. */
enum { FB_WC_NONE = 0, FB_WC_ARRIVE = 1, FB_WC_EXIT = 2 };
typedef struct {
  uint8_t  op;                 /* FB_WC_NONE / FB_WC_ARRIVE (issues SET_FIBER_NUM)
                                  / FB_WC_EXIT (issues EXIT) (2 bits)           */
  uint8_t  weft;               /* local slot of the issuing weft (6 bits)        */
  uint16_t wefts;              /* ARRIVE: requested SM weft count (9 bits)       */
  uint8_t  all;                /* ARRIVE: the ALL-scope bit                      */
  uint64_t pc;                 /* ARRIVE: byte address of the SET_FIBER_NUM      */
} fb_wc_sp_in;

typedef struct {
  uint8_t     launch;          /* kernel launch: wefts 0..launch_wefts-1 start
                                  at launch_pc, every other context stops       */
  uint16_t    launch_wefts;    /* 0..256 (9 bits)                                */
  uint64_t    launch_pc;
  fb_wc_sp_in sp[FB_NSP];
} fb_wc_in;

/* Weft-controller error codes (per SP, per cycle); the operation is ignored. */
typedef enum {
  FB_WC_OK = 0,
  FB_WC_ERR_INACTIVE,          /* ARRIVE/EXIT from a slot that is not active    */
  FB_WC_ERR_WAITING,           /* ARRIVE/EXIT from a slot already waiting at the
                                  SET_FIBER_NUM (it cannot issue)               */
  FB_WC_ERR_DIVERGENT,         /* ARRIVE whose pc, wefts or all differs from the
                                  pending SET_FIBER_NUM                          */
  FB_WC_ERR_COUNT,             /* ARRIVE with wefts 0 or above 256              */
  FB_WC_ERR_LAUNCH,            /* ARRIVE/EXIT in a launch cycle                 */
  FB_WC_ERR_OP,                /* op value 3                                    */
  FB_WC_ERR_NUM                /* number of codes                              */
} fb_wc_err;

typedef struct {
  uint64_t active[FB_NSP];     /* context enabled                               */
  uint64_t arrived[FB_NSP];    /* waiting at the pending SET_FIBER_NUM          */
  uint8_t  pend;               /* a SET_FIBER_NUM is pending                    */
  uint16_t pend_wefts;
  uint8_t  pend_all;
  uint64_t pend_pc;
  uint32_t magic;              /* set by fb_wc_reset: a never-reset state is
                                  refused (FB_ERR_STATE)                       */
} fb_wc;

typedef struct {
  uint64_t active[FB_NSP];     /* state at the start of the cycle               */
  uint64_t eligible[FB_NSP];   /* active & ~arrived: may issue this cycle       */
  uint8_t  release;            /* the pending SET_FIBER_NUM completes now        */
  uint64_t spawn[FB_NSP];      /* contexts started at the end of this cycle,
                                  their PC = spawn_pc, fresh state             */
  uint64_t mask[FB_NSP];       /* contexts stopped at the end of this cycle     */
  uint64_t spawn_pc;           /* pend_pc + 16 on release, launch_pc on launch  */
  uint8_t  all_set;            /* drive the bitmap's ALL-scope set this cycle   */
  uint8_t  err[FB_NSP];        /* fb_wc_err of each SP's operation               */
  uint8_t  launch_err;         /* launch with launch_wefts above 256: ignored   */
} fb_wc_out;

/* Reset: no context active, nothing pending. FB_ERR_NULL for NULL. */
FB_API fb_err fb_wc_reset(fb_wc *w);
/* One cycle. From the state at the start of the cycle: active/eligible, and
 * release = pend && every active context of every SP has arrived. Then, in
 * priority order:
 *   launch:  active := wefts 0..launch_wefts-1, nothing pending; spawn =
 *            every context of the new kernel (all start fresh at launch_pc),
 *            mask = previously active contexts outside it; SP operations
 *            this cycle are refused (FB_WC_ERR_LAUNCH). A launch above 256
 *            wefts is ignored (launch_err).
 *   release: active := wefts 0..pend_wefts-1 (SP s: local slots 0..n_s-1,
 *            n_s = fb_wc_sp_wefts(pend_wefts, s)); arrived cleared; spawn =
 *            contexts that were not active, mask = active ones outside the
 *            new set; all_set = pend_all. Every active weft is waiting, so
 *            any SP operation in this cycle is refused.
 *   else:    each SP's ARRIVE marks its weft arrived (the first one, in SP
 *            order, records pc/wefts/all as pending), each EXIT clears its
 *            weft's context.
 * All state changes take effect at the end of the cycle. */
FB_API fb_err fb_wc_step(fb_wc *w, const fb_wc_in *in, fb_wc_out *out);
/* fb_wc_step errors (nothing changes, *out zeroed when not NULL): FB_ERR_NULL,
 * FB_ERR_STATE (w never reset). Inputs are used modulo their port widths
 * (op 2 bits, weft 6, wefts and launch_wefts 9, all and launch 1, pc and
 * launch_pc 48). Strict twin: also FB_ERR_WIDTH for any wider value. */
FB_API fb_err fb_wc_step_checked(fb_wc *w, const fb_wc_in *in, fb_wc_out *out);
/* Number of local contexts SP `sp` runs for an SM weft count W (0..64):
 * (W - sp + 3) / 4 when W > sp, else 0; W is clipped to 256. */
FB_API unsigned fb_wc_sp_wefts(unsigned wefts, unsigned sp);
/* Constant name of a weft-controller error. */
FB_API const char *fb_wc_err_str(unsigned err);

/* ======================================================================= */
/* Composed issue stage (fiber_issue_stage, sequential): the four selectors, */
/* the pending-read guard, the read-port arbiter, the busy bitmap and the    */
/* crossbar of one SM, one call per clock cycle.                             */
/* ======================================================================= */

/* Parameters (fb_issue_reset; NULL gives the defaults of every field 0). */
typedef struct {
  uint16_t nreg;     /* bitmap registers 1..2048 (RTL NumReg); 0: 2048       */
  uint8_t  nrep;     /* bitmap replicas 1..4 (RTL NumRep); 0: 4              */
  uint8_t  lanes;    /* crossbar data path: 0 = none (timing only, the fast
                        path for simulators), else 1..32 lanes (RTL Lanes)    */
  uint8_t  width;    /* bits per lane 1..64 (RTL Width); 0: 32               */
  uint8_t  baseline; /* 1: the private-register operand path
                        (fiber_base_operand_path): selectors in CUDA-native
                        mode with ext ignored, no bitmap, no guard, no
                        cross-SP arbitration (every request granted)          */
  uint8_t  start;    /* arbiter start after reset, 0..3 (the RTL resets to 0) */
  uint16_t part_regs;/* bitmap registers present in each SP's partition: a
                        power of two 1..512 (RTL PartRegs; below 512 nreg
                        must be 2048); 0: 512                                */
} fb_issue_cfg;

/* The inputs of one SP for one cycle (RTL ports valid_i[s], mode_i[s], ...). */
typedef struct {
  /* the instruction the SP's scheduler presents (the same one again while
   * busy: its remaining passes) */
  uint8_t  valid;               /* 1 bit                                      */
  uint8_t  mode;                /* FB_MODE_CUDA / FB_MODE_FIBER (1 bit)       */
  uint8_t  src_valid;           /* bit k: it reads source k (4 bits)          */
  uint8_t  src_orig[FB_NSRC];   /* original 8-bit source fields               */
  uint16_t ext;                 /* word[99:87] (13 bits)                      */
  uint8_t  dst_valid;           /* it writes its destination (1 bit)          */
  uint8_t  dst_orig;            /* original 8-bit destination field           */
  /* pipeline and decoder events of this cycle (bitmap update ports) */
  uint8_t  wb_valid;            /* writeback: clears EMPTY[wb_dst]            */
  uint16_t wb_dst;              /* register id                                */
  uint8_t  cons_valid;          /* bit k: consumption clears FULL[cons_src[k]] */
  uint16_t cons_src[FB_NSRC];
  uint8_t  dep_valid;           /* extended DEPBAR on dep_reg                 */
  uint16_t dep_reg;
  uint8_t  dep_group;           /* FB_BM_EMPTY / FB_BM_FULL                   */
  uint8_t  dep_set;             /* 1 set, 0 clear                             */
} fb_issue_sp_in;

typedef struct {
  fb_issue_sp_in sp[FB_NSP];
  uint8_t        all_set;       /* ALL-scope set of EMPTY (SET_FIBER_NUM)     */
} fb_issue_in;

/* Every output for one cycle. The first block is the RTL's outputs (bit s
 * = SP s); the rest are internal signals for simulators and harnesses. */
typedef struct {
  uint8_t  issue;               /* the instruction issues now (its last pass
                                   was granted): its latency starts here     */
  uint8_t  stall;               /* valid & ~issue                            */
  uint8_t  grant;               /* a read pass was granted                   */
  uint8_t  busy;                /* passes remain (start of cycle): present the
                                   same instruction again                    */
  uint8_t  eligible;            /* the bitmap's eligibility (start of cycle) */
  uint8_t  pend_block;          /* a first pass held by the pending-read guard */
  uint8_t  illegal;             /* CUDA-native with the enable bit: never requests */
  uint8_t  conflict;            /* this pass defers sources (another pass follows) */
  uint8_t  range_err;           /* eligibility query names a register >= nreg */
  uint8_t  upd_range_err;       /* an update port names a register >= nreg   */
  uint16_t dst_reg[FB_NSP];     /* destination address {sp, 1'b0, dst_orig}   */
  uint8_t  opnd_valid[FB_NSP];  /* bit k: operand k delivered this cycle (the
                                   register-read stage of last cycle's pass)  */
  uint16_t opnd_reg[FB_NSP][FB_NSRC]; /* ... the register it is            */
  fb_arb_out arb;               /* grants, occ / row = the bank reads
                                   (bank_re_o / bank_row_o), owner, shared    */
  uint8_t  pass_src[FB_NSP];    /* sources presented to the selector          */
  fb_sel_out sel[FB_NSP];       /* selector outputs                           */
  fb_bm_elig elig[FB_NSP];      /* bitmap queries (zero in the baseline)      */
  /* Model-only outputs (no RTL port; derived from the fields above and the
   * state, so the lockstep harness compares their sources): */
  uint8_t  again;               /* bit s: SP s must present the same
                                   instruction next cycle (passes remain after
                                   this one: valid & (grant ? conflict : busy));
                                   equals next cycle's `busy`                 */
} fb_issue_out;

/* What an SP did in one cycle, one value per SP and cycle (fb_issue_why,
 * the statistics, the trace). A presented instruction that did not issue has
 * exactly one reason, tested in this order: illegal; passes left (busy):
 * PASS if granted, else PORT; eligibility range error; a source EMPTY; the
 * destination FULL; the pending-read guard; granted with sources deferred
 * (PASS); not granted (PORT: another SP holds one of its read ports). */
typedef enum {
  FB_WHY_IDLE = 0,   /* no instruction presented (valid 0)                    */
  FB_WHY_ISSUE,      /* issued: its last read pass was granted                */
  FB_WHY_PASS,       /* a read pass granted, more follow (multi-pass read)    */
  FB_WHY_PORT,       /* requested, not granted: read-port conflict            */
  FB_WHY_EMPTY,      /* a source is EMPTY (result not written back)           */
  FB_WHY_FULL,       /* the destination is FULL (value still being read)      */
  FB_WHY_GUARD,      /* held by the pending-read guard (docs/fiber.md 5a)     */
  FB_WHY_ILLEGAL,    /* CUDA-native with the enable bit: never requests       */
  FB_WHY_RANGE,      /* a register id >= nreg in the eligibility query        */
  FB_WHY_NUM
} fb_issue_reason;
/* Constant short name of a reason ("issue", "port", "empty", ...). */
FB_API const char *fb_issue_reason_str(unsigned reason);
/* The reason of SP sp in one cycle, from that cycle's outputs (model-only:
 * a function of RTL outputs); FB_WHY_IDLE for a NULL out or sp > 3. */
FB_API unsigned fb_issue_why(const fb_issue_out *out, unsigned sp);

/* Per-SP statistics, counted by every fb_issue_step (and fb_issue_idle):
 * by[r] = cycles with reason r (so by[FB_WHY_ISSUE] = instructions issued,
 * by[FB_WHY_ISSUE] + by[FB_WHY_PASS] = read passes granted, and the stall
 * cycles valid & ~issue = the sum of by[PASS .. RANGE]). */
typedef struct {
  uint64_t by[FB_WHY_NUM];
  uint64_t opnd_local;          /* operand words read from the SP's own banks
                                   by its granted passes (delivered the next
                                   cycle)                                     */
  uint64_t opnd_remote;         /* ... from another SP's banks (the crossbar)  */
  uint64_t wait;                /* consecutive cycles presented, not granted,
                                   up to now (filled by fb_issue_get_stats) */
} fb_issue_sp_stats;
typedef struct {
  uint64_t          cycles;     /* cycles stepped (fb_issue_idle's included)  */
  fb_issue_sp_stats sp[FB_NSP];
} fb_issue_stats;

/* State: caller-owned, set up by fb_issue_reset. */
typedef struct {
  uint32_t     magic;           /* set by fb_issue_reset                     */
  fb_issue_cfg cfg;             /* the parameters, defaults filled in         */
  fb_arb       arb;
  fb_bm        bm;
  fb_xbar      xbar;            /* used when cfg.lanes > 0                    */
  uint8_t      rem[FB_NSP];     /* sources still to read (busy = rem != 0)    */
  uint8_t      rd_valid[FB_NSP];            /* select registered at issue:   */
  uint16_t     rd_reg[FB_NSP][FB_NSRC];     /* delivered in the next cycle   */
  uint8_t      rd_occ;          /* the bank reads of the last cycle: their    */
  uint8_t      rd_row[FB_NPORT];/* registers are set FULL in this one         */
  /* model-only (no RTL register): */
  uint64_t     insn_q[FB_NSP];  /* the instruction in flight on SP s, its
                                   fields packed at its granted first pass
                                   (meaningful while rem[s] != 0): the
                                   contract check of fb_issue_step          */
  fb_issue_stats stats;         /* cleared by reset; read with fb_issue_get_stats */
  uint64_t     since[FB_NSP];   /* stats.cycles at the end of the last cycle
                                   SP s was granted or presented nothing: its
                                   wait is stats.cycles - since[s]           */
  uint64_t     lane_by[FB_WHY_NUM]; /* this fold period's counts, 16-bit lane
                                   s = SP s (fb_issue_get_stats adds them)   */
  uint64_t     lane_opnd[2];    /* ... operand words local [0], remote [1]    */
} fb_issue;

/* Reset: every register clear (bitmap clear, no pass pending, start =
 * cfg->start). Errors: FB_ERR_NULL (st NULL), FB_ERR_RANGE (part_regs not
 * a power of two 1..512, or below 512 with nreg other than 2048; nreg above
 * 2048, nrep above 4, lanes above 32, width above 64, start above 3,
 * baseline above 1). */
FB_API fb_err fb_issue_reset(fb_issue *st, const fb_issue_cfg *cfg);
/* One clock cycle (docs/fiber.md, "Composed issue stage": the per-cycle
 * contract). Outputs come from the state at the start of the cycle and this
 * cycle's inputs; then every register advances to the coming edge. In order:
 *   1. pass: busy SP s presents rem[s], else src_valid; selector of each SP;
 *   2. eligibility (bitmap at the start of the cycle, all of src_valid);
 *   3. pending-read guard; requests = valid & !illegal & (busy | eligible &
 *      !pend_block);
 *   4. arbitration: grant; issue = grant & !conflict; stall = valid & !issue;
 *      the bank reads of the cycle are arb.occ / arb.row;
 *   5. delivery: the operands of last cycle's granted pass (opnd_valid,
 *      opnd_reg; with a data path, the crossbar routes this cycle's bank
 *      words to them);
 *   6. bitmap updates (at the edge, in the bitmap's order: clears, sets,
 *      DEPBAR by SP, ALL): issue sets EMPTY[dst] (issue & dst_valid); the
 *      registers read last cycle set FULL (operand read); writeback clears
 *      EMPTY, consumption clears FULL, DEPBAR and ALL-scope from the inputs;
 *   7. rem' = !valid ? 0 : grant ? defer : rem; this pass's select registered.
 * Errors: FB_ERR_NULL, FB_ERR_STATE (st never reset, its last reset failed,
 * or changed by hand: cfg disagreeing with the blocks, rem outside the
 * instruction in flight), FB_ERR_WIDTH (an input wider than its port, e.g.
 * valid = 2), FB_ERR_CONTRACT (an SP with passes left, last call's `again`,
 * presents an instruction other than its instruction in flight): strict,
 * nothing changes, *out zeroed. FB_ERR_RANGE: a register id that does not exist
 * (>= nreg, or its offset r & 511 >= part_regs; an update port's id not
 * fitting 11 bits included: never taken modulo 2^11) was dropped as the RTL
 * drops it (range_err / upd_range_err set); the cycle was executed. */
FB_API fb_err fb_issue_step(fb_issue *st, const fb_issue_in *in, fb_issue_out *out);
/* The same cycle with the operand data path (cfg.lanes > 0, else
 * FB_ERR_STATE): port_data[p] = the word bank port p returns this cycle
 * (the row it was asked for last cycle; NULL reads zeros); *opnd (may be
 * NULL) receives the routed operands of this cycle. */
FB_API fb_err fb_issue_step_data(fb_issue *st, const fb_issue_in *in, const fb_xbar_word port_data[FB_NPORT],
                                 fb_issue_out *out, fb_xbar_out *opnd);
/* Fills the instruction fields of *sp_in (mode FIBER-native) from register
 * ids, the encoding a compiler would emit: src[0..n-1] (any SP's registers),
 * dst (a register of SP sp; dst < 0: none). The extension's enable bit is
 * set when a source lies in another SP. Leaves the pipeline fields alone.
 * Errors: FB_ERR_NULL, FB_ERR_RANGE (n > 4, sp > 3, a source >= 2048, a dst
 * outside SP sp's registers {sp, 1'b0, orig8}: destinations are local). */
FB_API fb_err fb_issue_insn(fb_issue_sp_in *sp_in, unsigned sp, const uint16_t *src, unsigned n, int dst);

/* ---- Scheduler-facing queries (model-only: they read the state, change
 * nothing, and have no RTL port; docs/fiber_simulator.md 2-6) ---- */

/* Can candidate instruction `cand` (its instruction fields; pipeline fields
 * ignored) be presented as a first pass on SP `sp` this cycle and request
 * the read ports? Answers from the live state, before the cycle's step,
 * exactly what fb_issue_step would decide for it when the SPs with passes
 * left present their instructions in flight (the contract) and no other SP
 * presents a new one: eligible = !busy && !illegal && !range_err &&
 * !src_empty && !dst_full && !guard. A new first pass on another SP in the
 * same cycle can still hold it through the guard (the arbiter's scan order
 * decides; out.reason says so after the step). */
typedef struct {
  uint8_t eligible;    /* it would request the read ports this cycle          */
  uint8_t busy;        /* SP sp has passes left: only its instruction in
                          flight may be presented (fb_issue_out.again)       */
  uint8_t illegal;     /* CUDA-native with the enable bit                     */
  uint8_t range_err;   /* a register id that does not exist (>= nreg, or
                          offset >= part_regs)                               */
  uint8_t src_empty;   /* bit k: source k is EMPTY                            */
  uint8_t dst_full;    /* the destination is FULL                             */
  uint8_t guard;       /* the pending-read guard holds it                     */
  uint8_t guard_sp;    /* bit w: the SPs with passes left it conflicts with   */
} fb_issue_elig;
/* Errors: FB_ERR_NULL, FB_ERR_RANGE (sp > 3), FB_ERR_WIDTH (a field wider
 * than its port), FB_ERR_STATE (st never reset or corrupted); *why zeroed. */
FB_API fb_err fb_issue_query(const fb_issue *st, unsigned sp, const fb_issue_sp_in *cand, fb_issue_elig *why);

/* The statistics so far (a copy of st->stats); fb_issue_clear_stats zeroes
 * them (nothing else changes). FB_ERR_NULL, FB_ERR_STATE. */
FB_API fb_err fb_issue_get_stats(const fb_issue *st, fb_issue_stats *stats);
FB_API fb_err fb_issue_clear_stats(fb_issue *st);

/* Deadlock check: FB_ERR_DEADLOCK when an SP has presented an instruction
 * for `limit` (>= 1) or more consecutive cycles without a grant (its
 * stats.sp[s].wait), else FB_OK; *stuck (may be NULL) = those SPs. A port
 * conflict delays an SP at most 3 cycles, so a long wait is an EMPTY source
 * never written back, a FULL destination never consumed, or a guard that
 * never clears: choose limit above the longest latency of the pipeline
 * (e.g. 10000). FB_ERR_NULL, FB_ERR_STATE, FB_ERR_RANGE (limit 0). */
FB_API fb_err fb_issue_progress(const fb_issue *st, uint64_t limit, uint8_t *stuck);

/* Fast-forward: n idle cycles (no SP presents an instruction, no writeback,
 * consumption, DEPBAR or ALL-scope) in O(1); the state afterwards equals
 * that of n fb_issue_step calls with all-zero inputs (the arbiter's start
 * advances by n mod 4; statistics count n cycles). The stage must be idle:
 * no passes left and nothing read in the last cycle (last call's grant 0),
 * else FB_ERR_CONTRACT and nothing changes: step once with no instruction
 * first, to receive the delivered operands. FB_ERR_NULL, FB_ERR_STATE. */
FB_API fb_err fb_issue_idle(fb_issue *st, uint64_t n);

/* One trace line for one cycle's outputs, in the documented format
 * (docs/fiber_simulator.md 6), written like snprintf (NUL-terminated, truncated to
 * cap; returns the length it needed, or -1 when out is NULL):
 *   cyc=<cycle> issue=<h> grant=<h> stall=<h> busy=<h> again=<h> sp0=<r> sp1=<r> sp2=<r> sp3=<r>
 * <h>: one hex digit, bit s = SP s; <r>: fb_issue_reason_str of the SP. */
FB_API int fb_issue_trace(const fb_issue_out *out, uint64_t cycle, char *buf, unsigned long cap);

/* ======================================================================= */
/* Checkpoint. State structs hold no pointers: a struct copy (assignment,  */
/* memcpy) of an fb_issue, fb_bm, fb_arb, fb_xbar or fb_wc is a checkpoint */
/* and continues bit-exactly. For storage, fb_ckpt_save writes the object  */
/* after a 16-byte header; fb_ckpt_restore refuses (FB_ERR_CKPT) a buffer  */
/* of another magic (byte order included), layout version, kind or size,   */
/* or with a damaged payload, and then leaves *obj unchanged.              */
/* ======================================================================= */

/* Header (native byte order): magic FB_CKPT_MAGIC, layout FB_CKPT_LAYOUT
 * (bumped whenever a saved struct changes), kind (fb_ckpt_kind), size of the
 * payload in bytes (sizeof the struct), sum: FNV-1a 32 of the payload. The
 * payload is the struct's bytes (same ABI: same compiler layout and byte
 * order; a checkpoint is for the same build of the library). */
#define FB_CKPT_MAGIC  0x4B434246u    /* "FBCK" in a little-endian file */
#define FB_CKPT_LAYOUT 2u
#define FB_CKPT_HDR_BYTES 16u
typedef struct {
  uint32_t magic;
  uint16_t layout;
  uint16_t kind;
  uint32_t size;
  uint32_t sum;
} fb_ckpt_hdr;
typedef enum {
  FB_CKPT_ISSUE = 1,  /* fb_issue (its bitmap, arbiter and crossbar inside)  */
  FB_CKPT_BM    = 2,  /* fb_bm                                               */
  FB_CKPT_ARB   = 3,  /* fb_arb                                              */
  FB_CKPT_XBAR  = 4,  /* fb_xbar                                             */
  FB_CKPT_WC    = 5   /* fb_wc                                               */
} fb_ckpt_kind;
/* Bytes a checkpoint of `kind` takes (header + struct), 0 for an unknown kind. */
FB_API unsigned long fb_ckpt_bytes(unsigned kind);
/* Saves *obj of `kind` into buf (cap bytes); *len (may be NULL) = bytes
 * written. FB_ERR_NULL, FB_ERR_RANGE (unknown kind, or cap too small:
 * nothing written), FB_ERR_STATE (the object is not a valid one of its
 * kind: never reset or corrupted). */
FB_API fb_err fb_ckpt_save(unsigned kind, const void *obj, void *buf, unsigned long cap, unsigned long *len);
/* Restores *obj of `kind` from buf (len bytes). FB_ERR_NULL, FB_ERR_RANGE
 * (unknown kind), FB_ERR_CKPT (see above), FB_ERR_STATE (the payload is not
 * a valid object of its kind); on an error *obj is unchanged. */
FB_API fb_err fb_ckpt_restore(unsigned kind, void *obj, const void *buf, unsigned long len);

#ifdef __cplusplus
}
#endif

#endif /* FIBER_H */
