/*
 * simulator/src/sim_op_support_ascend910_93.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of ascend910_93 (CANN's config dir of its SoCs), the table sim_op_check.c gates
 * models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the
 * source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.
 * Refused rows are left out: a combination not here is refused.
 */
#include "sim_op_priv.h"

static const sim_op_support_row rows[261] = {
    {"Abs", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 17 */
    {"Abs", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 18 */
    {"Abs", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 19 */
    {"Abs", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 20 */
    {"Abs", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 21 */
    {"Add", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 65 */
    {"Add", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 67 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 68 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 72 */
    {"Add", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 73 */
    {"Add", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 74 */
    {"Add", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 75 */
    {"Add", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 76 */
    {"AddN", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 116 */
    {"AddN", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 117 */
    {"AddN", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 118 */
    {"AddN", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 119 */
    {"AddN", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 120 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 171 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 172 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 173 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 174 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 175 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 176 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 177 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 178 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 179 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 180 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 181 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 182 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 183 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 184 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 185 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 186 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 187 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 188 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 189 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 190 */
    {"BatchMatMul", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 240 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 241 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 242 */
    {"BatchMatMul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 243 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 264 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 265 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 266 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 288 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 289 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 433 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 434 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 435 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 436 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 438 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 439 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 440 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 442 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 443 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 444 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 445 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 446 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 447 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 448 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 449 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 451 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 452 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 453 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 454 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 455 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 456 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 457 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 458 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 460 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 461 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 462 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 463 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 464 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 465 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 466 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 467 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 469 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 470 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 471 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 472 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 473 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 474 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 475 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 476 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 478 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 479 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 480 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 481 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 482 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 483 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 484 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 485 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 487 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 488 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 490 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 491 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 492 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 493 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 494 */
    {"ConcatD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 646 */
    {"ConcatD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 647 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 648 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 649 */
    {"ConcatD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 650 */
    {"ConcatD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 651 */
    {"ConcatD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 652 */
    {"ConcatD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 653 */
    {"Conv2D", 4, 1, 1, {ACL_BF16, ACL_BF16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_BF16}},   /* line 677 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 678 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 679 */
    {"Exp", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 695 */
    {"Exp", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 696 */
    {"Exp", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 697 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 713 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 714 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 715 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 806 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 807 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 808 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 809 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 810 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 811 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 812 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 813 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 814 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 815 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 816 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 817 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 818 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 819 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 820 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 821 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 822 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 823 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 824 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 825 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 826 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 827 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 828 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 829 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 830 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 831 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 832 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 833 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 834 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 835 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 836 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 837 */
    {"LayerNorm", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 908 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 909 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 910 */
    {"Log", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 929 */
    {"Log", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 930 */
    {"Log", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 931 */
    {"MatMulV2", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 953 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 954 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 956 */
    {"Maximum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 990 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 991 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 992 */
    {"Maximum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 993 */
    {"Maximum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 994 */
    {"Maximum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 995 */
    {"Minimum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1027 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1028 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1029 */
    {"Minimum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1030 */
    {"Minimum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1031 */
    {"Minimum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1032 */
    {"Mul", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1076 */
    {"Mul", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1078 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1079 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1083 */
    {"Mul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1084 */
    {"Mul", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1085 */
    {"Mul", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1086 */
    {"Mul", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1087 */
    {"Neg", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1127 */
    {"Neg", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1128 */
    {"Neg", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1129 */
    {"Neg", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1130 */
    {"Neg", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1131 */
    {"Neg", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1132 */
    {"Pow", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1160 */
    {"Pow", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1161 */
    {"Pow", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1162 */
    {"Pow", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1163 */
    {"Pow", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1164 */
    {"Pow", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1165 */
    {"RealDiv", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1193 */
    {"RealDiv", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1194 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1195 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1196 */
    {"RealDiv", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1197 */
    {"RealDiv", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1198 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1230 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1231 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1232 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1233 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1234 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1235 */
    {"ReduceMaxD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1236 */
    {"ReduceMeanD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1254 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1255 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1256 */
    {"ReduceSumD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1272 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1273 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1274 */
    {"Relu", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1299 */
    {"Relu", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1300 */
    {"Relu", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1301 */
    {"Relu", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1302 */
    {"Relu", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1303 */
    {"Relu", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1304 */
    {"Rsqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1326 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1327 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1328 */
    {"Sigmoid", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1344 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1345 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1346 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1395 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1396 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1399 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1400 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1401 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1402 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1403 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1404 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1405 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1406 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1407 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1408 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1409 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1410 */
    {"SoftmaxV2", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1455 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1456 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1458 */
    {"Sqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1473 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1474 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1475 */
    {"Sub", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1503 */
    {"Sub", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1504 */
    {"Sub", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1505 */
    {"Sub", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1506 */
    {"Sub", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1507 */
    {"Sub", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1508 */
    {"Sub", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1509 */
    {"Sub", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1510 */
    {"Tanh", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1533 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1534 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1535 */
    {"TransposeD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1563 */
    {"TransposeD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1564 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1565 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1566 */
    {"TransposeD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1567 */
    {"TransposeD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1568 */
    {"TransposeD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1569 */
    {"TransposeD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1570 */
};

static const sim_op_support_group groups[34] = {
    {"Abs", 0, 5},
    {"Add", 5, 8},
    {"AddN", 13, 5},
    {"ArgMaxV2", 18, 20},
    {"BatchMatMul", 38, 4},
    {"BatchMatMulV2", 42, 3},
    {"BatchNorm", 45, 2},
    {"Cast", 47, 54},
    {"ConcatD", 101, 8},
    {"Conv2D", 109, 3},
    {"Exp", 112, 3},
    {"GEMM", 115, 3},
    {"GatherV2", 118, 32},
    {"LayerNorm", 150, 3},
    {"Log", 153, 3},
    {"MatMulV2", 156, 3},
    {"Maximum", 159, 6},
    {"Minimum", 165, 6},
    {"Mul", 171, 8},
    {"Neg", 179, 6},
    {"Pow", 185, 6},
    {"RealDiv", 191, 6},
    {"ReduceMaxD", 197, 7},
    {"ReduceMeanD", 204, 3},
    {"ReduceSumD", 207, 3},
    {"Relu", 210, 6},
    {"Rsqrt", 216, 3},
    {"Sigmoid", 219, 3},
    {"Slice", 222, 14},
    {"SoftmaxV2", 236, 3},
    {"Sqrt", 239, 3},
    {"Sub", 242, 8},
    {"Tanh", 250, 3},
    {"TransposeD", 253, 8},
};

const sim_op_support_table sim_op_support_ascend910_93 = {"ascend910_93", rows, groups, 34};
