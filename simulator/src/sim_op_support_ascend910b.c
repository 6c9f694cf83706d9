/*
 * simulator/src/sim_op_support_ascend910b.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of ascend910b (CANN's config dir of its SoCs), the table sim_op_check.c gates
 * models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the
 * source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.
 * Refused rows are left out: a combination not here is refused.
 */
#include "sim_op_priv.h"

static const sim_op_support_row rows[276] = {
    {"Abs", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 23 */
    {"Abs", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 24 */
    {"Abs", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 25 */
    {"Abs", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 26 */
    {"Abs", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 27 */
    {"Add", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 77 */
    {"Add", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 78 */
    {"Add", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 79 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 80 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 81 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 82 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 83 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 84 */
    {"Add", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 85 */
    {"Add", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 86 */
    {"Add", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 87 */
    {"Add", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 88 */
    {"AddN", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 121 */
    {"AddN", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 122 */
    {"AddN", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 123 */
    {"AddN", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 124 */
    {"AddN", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 125 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 191 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 192 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 193 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 194 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 195 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 196 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 197 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 198 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 199 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 200 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 201 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 202 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 203 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 204 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 205 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 206 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 207 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 208 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 209 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 210 */
    {"BatchMatMul", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 244 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 245 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 246 */
    {"BatchMatMul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 247 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_BF16}},   /* line 269 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 270 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 271 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 272 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 273 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 274 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 275 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 291 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 292 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 497 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 498 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 499 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 500 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 502 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 503 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 504 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 506 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 507 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 508 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 509 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 510 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 511 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 512 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 513 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 515 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 516 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 517 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 518 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 519 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 520 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 521 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 522 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 524 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 525 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 526 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 527 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 528 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 529 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 530 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 531 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 533 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 534 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 535 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 536 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 537 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 538 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 539 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 540 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 542 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 543 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 544 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 545 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 546 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 547 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 548 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 549 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 551 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 552 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 554 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 555 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 556 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 557 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 558 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 656 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 657 */
    {"ConcatD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 659 */
    {"ConcatD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 660 */
    {"Conv2D", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 681 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 682 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 684 */
    {"Exp", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 698 */
    {"Exp", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 699 */
    {"Exp", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 700 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 716 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 717 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 718 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 838 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 839 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 840 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 841 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 842 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 843 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 844 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 845 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 846 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 847 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 848 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 849 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 850 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 851 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 852 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 853 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 854 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 855 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 856 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 857 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 858 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 859 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 860 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 861 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 862 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 863 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 864 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 865 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 866 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 867 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 868 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 869 */
    {"LayerNorm", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 911 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 912 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}},   /* line 913 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 914 */
    {"Log", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 932 */
    {"Log", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 933 */
    {"Log", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 934 */
    {"MatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_BF16}},   /* line 959 */
    {"MatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 960 */
    {"MatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 961 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 962 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 963 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 964 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 965 */
    {"Maximum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 996 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 997 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 998 */
    {"Maximum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 999 */
    {"Maximum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1000 */
    {"Maximum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1001 */
    {"Minimum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1033 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1034 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1035 */
    {"Minimum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1036 */
    {"Minimum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1037 */
    {"Minimum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1038 */
    {"Mul", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1088 */
    {"Mul", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1089 */
    {"Mul", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1090 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1091 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1092 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 1093 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1094 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1095 */
    {"Mul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1096 */
    {"Mul", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1097 */
    {"Mul", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1098 */
    {"Mul", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1099 */
    {"Neg", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1133 */
    {"Neg", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1134 */
    {"Neg", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1135 */
    {"Neg", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1136 */
    {"Neg", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1137 */
    {"Neg", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1138 */
    {"Pow", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1166 */
    {"Pow", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1167 */
    {"Pow", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1168 */
    {"Pow", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1169 */
    {"Pow", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1170 */
    {"Pow", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1171 */
    {"RealDiv", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1199 */
    {"RealDiv", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1200 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1201 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1202 */
    {"RealDiv", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1204 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1237 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1238 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1239 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1240 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1241 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1242 */
    {"ReduceMaxD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1243 */
    {"ReduceMeanD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1257 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1258 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1259 */
    {"ReduceSumD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1276 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1277 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1278 */
    {"Relu", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1305 */
    {"Relu", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1306 */
    {"Relu", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1307 */
    {"Relu", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1308 */
    {"Relu", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1309 */
    {"Relu", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1310 */
    {"Rsqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1329 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1330 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1331 */
    {"Sigmoid", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1347 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1348 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1349 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1411 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1412 */
    {"Slice", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 1413 */
    {"Slice", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 1414 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1415 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1416 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1417 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1418 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1419 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1420 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1421 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1422 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1423 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1424 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1425 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1426 */
    {"SoftmaxV2", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1459 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1460 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1461 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1462 */
    {"Sqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1476 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1477 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1478 */
    {"Sub", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1511 */
    {"Sub", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1512 */
    {"Sub", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1513 */
    {"Sub", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1514 */
    {"Sub", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1515 */
    {"Sub", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1516 */
    {"Sub", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1517 */
    {"Sub", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1518 */
    {"Tanh", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1536 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1537 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1538 */
    {"TransposeD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1571 */
    {"TransposeD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1572 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1573 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1574 */
    {"TransposeD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1575 */
    {"TransposeD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1576 */
    {"TransposeD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1577 */
    {"TransposeD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1578 */
};

static const sim_op_support_group groups[34] = {
    {"Abs", 0, 5},
    {"Add", 5, 12},
    {"AddN", 17, 5},
    {"ArgMaxV2", 22, 20},
    {"BatchMatMul", 42, 4},
    {"BatchMatMulV2", 46, 7},
    {"BatchNorm", 53, 2},
    {"Cast", 55, 54},
    {"ConcatD", 109, 4},
    {"Conv2D", 113, 3},
    {"Exp", 116, 3},
    {"GEMM", 119, 3},
    {"GatherV2", 122, 32},
    {"LayerNorm", 154, 4},
    {"Log", 158, 3},
    {"MatMulV2", 161, 7},
    {"Maximum", 168, 6},
    {"Minimum", 174, 6},
    {"Mul", 180, 12},
    {"Neg", 192, 6},
    {"Pow", 198, 6},
    {"RealDiv", 204, 5},
    {"ReduceMaxD", 209, 7},
    {"ReduceMeanD", 216, 3},
    {"ReduceSumD", 219, 3},
    {"Relu", 222, 6},
    {"Rsqrt", 228, 3},
    {"Sigmoid", 231, 3},
    {"Slice", 234, 16},
    {"SoftmaxV2", 250, 4},
    {"Sqrt", 254, 3},
    {"Sub", 257, 8},
    {"Tanh", 265, 3},
    {"TransposeD", 268, 8},
};

const sim_op_support_table sim_op_support_ascend910b = {"ascend910b", rows, groups, 34};
