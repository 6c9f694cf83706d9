/*
 * simulator/src/sim_op_support_ascend950.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of ascend950 (CANN's config dir of its SoCs), the table sim_op_check.c gates
 * models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the
 * source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.
 * Refused rows are left out: a combination not here is refused.
 */
#include "sim_op_priv.h"

static const sim_op_support_row rows[276] = {
    {"Abs", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 29 */
    {"Abs", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 30 */
    {"Abs", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 31 */
    {"Abs", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 32 */
    {"Abs", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 33 */
    {"Abs", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 34 */
    {"Add", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 89 */
    {"Add", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 90 */
    {"Add", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 91 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 92 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 93 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 94 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 95 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 96 */
    {"Add", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 97 */
    {"Add", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 98 */
    {"Add", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 99 */
    {"Add", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 100 */
    {"AddN", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 126 */
    {"AddN", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 127 */
    {"AddN", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 128 */
    {"AddN", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 129 */
    {"AddN", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 130 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 211 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 212 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 213 */
    {"ArgMaxV2", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 214 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 215 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 216 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 217 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 218 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 219 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 220 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 221 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 222 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 223 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 224 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 225 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 226 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 227 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 228 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 229 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 230 */
    {"BatchMatMul", 2, 1, 0, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 248 */
    {"BatchMatMul", 2, 1, 0, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 249 */
    {"BatchMatMul", 2, 1, 0, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 250 */
    {"BatchMatMul", 2, 1, 0, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 251 */
    {"BatchMatMulV2", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 277 */
    {"BatchMatMulV2", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 278 */
    {"BatchMatMulV2", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 279 */
    {"BatchNorm", 5, 6, 1, {ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 293 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 294 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 295 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 561 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 562 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 563 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 564 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT64}},   /* line 565 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 566 */
    {"Cast", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 567 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 568 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 570 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 571 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 572 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 573 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 574 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 575 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 576 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 577 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 579 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 580 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 581 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 582 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 583 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 584 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 585 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 586 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 588 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 589 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 590 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 591 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 592 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 593 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 594 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 595 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 597 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 598 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 599 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 600 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 601 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 602 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 603 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 604 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 606 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 607 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 608 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 609 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 610 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 611 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 612 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 613 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 615 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 616 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_BOOL}},   /* line 617 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 618 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 619 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 620 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 621 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 622 */
    {"ConcatD", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 662 */
    {"ConcatD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 663 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 664 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 665 */
    {"ConcatD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 666 */
    {"ConcatD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 667 */
    {"ConcatD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 668 */
    {"ConcatD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 669 */
    {"Conv2D", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 685 */
    {"Conv2D", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 686 */
    {"Conv2D", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 687 */
    {"Conv2D", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 688 */
    {"Exp", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 701 */
    {"Exp", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 702 */
    {"Exp", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 703 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 719 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 720 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 721 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 870 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 871 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 872 */
    {"GatherV2", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 873 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 874 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 875 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 876 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 877 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 878 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 879 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 880 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 881 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 882 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 883 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 884 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 885 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 886 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 887 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 888 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 889 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 890 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 891 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 892 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 893 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 894 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 895 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 896 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 897 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 898 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 899 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 900 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 901 */
    {"LayerNorm", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 915 */
    {"LayerNorm", 3, 3, 1, {ACL_BF16, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT, ACL_FLOAT}},   /* line 916 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 917 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}},   /* line 918 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 919 */
    {"Log", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 935 */
    {"Log", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 936 */
    {"Log", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 937 */
    {"MatMulV2", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 967 */
    {"MatMulV2", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 968 */
    {"MatMulV2", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 970 */
    {"Maximum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1002 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1003 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1004 */
    {"Maximum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1005 */
    {"Maximum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1006 */
    {"Maximum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1007 */
    {"Maximum", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1008 */
    {"Minimum", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1039 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1040 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1041 */
    {"Minimum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1042 */
    {"Minimum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1043 */
    {"Minimum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1044 */
    {"Minimum", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1045 */
    {"Mul", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1100 */
    {"Mul", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1101 */
    {"Mul", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1102 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1103 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1104 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 1105 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1106 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1107 */
    {"Mul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1108 */
    {"Mul", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1109 */
    {"Mul", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1110 */
    {"Mul", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1111 */
    {"Neg", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1139 */
    {"Neg", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1140 */
    {"Neg", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1141 */
    {"Neg", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1142 */
    {"Neg", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1143 */
    {"Neg", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1144 */
    {"Pow", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1172 */
    {"Pow", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1173 */
    {"Pow", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1174 */
    {"Pow", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1175 */
    {"Pow", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1176 */
    {"Pow", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1177 */
    {"RealDiv", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1205 */
    {"RealDiv", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1206 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1207 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1208 */
    {"RealDiv", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1209 */
    {"RealDiv", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1210 */
    {"ReduceMaxD", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1244 */
    {"ReduceMaxD", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1245 */
    {"ReduceMaxD", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1246 */
    {"ReduceMaxD", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1247 */
    {"ReduceMeanD", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1260 */
    {"ReduceMeanD", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1261 */
    {"ReduceMeanD", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1262 */
    {"ReduceSumD", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1280 */
    {"ReduceSumD", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1281 */
    {"ReduceSumD", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1282 */
    {"ReduceSumD", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1283 */
    {"Relu", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1311 */
    {"Relu", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1312 */
    {"Relu", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1313 */
    {"Relu", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1314 */
    {"Relu", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1315 */
    {"Relu", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1316 */
    {"Rsqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1332 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1333 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1334 */
    {"Sigmoid", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1350 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1351 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1352 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1427 */
    {"Slice", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1428 */
    {"Slice", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 1429 */
    {"Slice", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 1430 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1431 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1432 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1433 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1434 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1435 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1436 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1437 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1438 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1439 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1440 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1441 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1442 */
    {"SoftmaxV2", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1463 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1464 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1465 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1466 */
    {"Sqrt", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1479 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1480 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1481 */
    {"Sub", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1519 */
    {"Sub", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1520 */
    {"Sub", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1521 */
    {"Sub", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1522 */
    {"Sub", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1523 */
    {"Sub", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1524 */
    {"Sub", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1525 */
    {"Sub", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1526 */
    {"Tanh", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1539 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1540 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1541 */
    {"TransposeD", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1579 */
    {"TransposeD", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1580 */
    {"TransposeD", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1581 */
    {"TransposeD", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1582 */
    {"TransposeD", 1, 1, 0, {ACL_INT8}, {ACL_INT8}},   /* line 1583 */
};

static const sim_op_support_group groups[34] = {
    {"Abs", 0, 6},
    {"Add", 6, 12},
    {"AddN", 18, 5},
    {"ArgMaxV2", 23, 20},
    {"BatchMatMul", 43, 4},
    {"BatchMatMulV2", 47, 3},
    {"BatchNorm", 50, 3},
    {"Cast", 53, 56},
    {"ConcatD", 109, 8},
    {"Conv2D", 117, 4},
    {"Exp", 121, 3},
    {"GEMM", 124, 3},
    {"GatherV2", 127, 32},
    {"LayerNorm", 159, 5},
    {"Log", 164, 3},
    {"MatMulV2", 167, 3},
    {"Maximum", 170, 7},
    {"Minimum", 177, 7},
    {"Mul", 184, 12},
    {"Neg", 196, 6},
    {"Pow", 202, 6},
    {"RealDiv", 208, 6},
    {"ReduceMaxD", 214, 4},
    {"ReduceMeanD", 218, 3},
    {"ReduceSumD", 221, 4},
    {"Relu", 225, 6},
    {"Rsqrt", 231, 3},
    {"Sigmoid", 234, 3},
    {"Slice", 237, 16},
    {"SoftmaxV2", 253, 4},
    {"Sqrt", 257, 3},
    {"Sub", 260, 8},
    {"Tanh", 268, 3},
    {"TransposeD", 271, 5},
};

const sim_op_support_table sim_op_support_ascend950 = {"ascend950", rows, groups, 34};
