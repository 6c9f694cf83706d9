/*
 * simulator/src/sim_op_support_ascend910.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of ascend910 (CANN's config dir of its SoCs), the table sim_op_check.c gates
 * models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the
 * source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.
 * Refused rows are left out: a combination not here is refused.
 */
#include "sim_op_priv.h"

static const sim_op_support_row rows[192] = {
    {"Abs", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 13 */
    {"Abs", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 14 */
    {"Abs", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 15 */
    {"Add", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 56 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 57 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 60 */
    {"Add", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 61 */
    {"Add", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 62 */
    {"Add", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 63 */
    {"Add", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 64 */
    {"AddN", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 112 */
    {"AddN", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 113 */
    {"AddN", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 114 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 155 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 156 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 157 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 158 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 159 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 160 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 161 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 162 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 167 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 168 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 169 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 170 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 237 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 238 */
    {"BatchMatMul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 239 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 261 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 262 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 285 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 286 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 389 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 390 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 391 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 392 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 393 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 394 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 395 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 397 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 398 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 399 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 400 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 401 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 402 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 404 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 407 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 408 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 409 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 411 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 412 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 413 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 414 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 415 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 416 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 418 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 419 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 420 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 421 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 422 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 426 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 427 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 428 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 429 */
    {"ConcatD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 639 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 640 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 641 */
    {"ConcatD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 642 */
    {"ConcatD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 643 */
    {"ConcatD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 644 */
    {"ConcatD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 645 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 675 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 676 */
    {"Exp", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 693 */
    {"Exp", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 694 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 710 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 711 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 712 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 778 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 779 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 780 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 781 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 782 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 783 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 784 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 785 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 786 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 787 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 788 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 789 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 790 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 791 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 792 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 793 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 794 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 795 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 796 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 797 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 798 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 799 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 800 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 801 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 802 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 803 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 804 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 805 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 906 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 907 */
    {"Log", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 927 */
    {"Log", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 928 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 949 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 951 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 985 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 986 */
    {"Maximum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 987 */
    {"Maximum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 988 */
    {"Maximum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 989 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1022 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1023 */
    {"Minimum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1024 */
    {"Minimum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1025 */
    {"Minimum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1026 */
    {"Mul", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1067 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1068 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1071 */
    {"Mul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1072 */
    {"Mul", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1073 */
    {"Mul", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1074 */
    {"Mul", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1075 */
    {"Neg", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1123 */
    {"Neg", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1124 */
    {"Neg", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1125 */
    {"Neg", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1126 */
    {"Pow", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1155 */
    {"Pow", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1156 */
    {"Pow", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1157 */
    {"Pow", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1158 */
    {"Pow", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1159 */
    {"RealDiv", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1189 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1190 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1191 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1224 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1225 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1226 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1227 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1228 */
    {"ReduceMaxD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1229 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1252 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1253 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1269 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1270 */
    {"Relu", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1294 */
    {"Relu", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1295 */
    {"Relu", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1296 */
    {"Relu", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1297 */
    {"Relu", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1298 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1324 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1325 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1342 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1343 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1383 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1384 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1385 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1386 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1387 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1388 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1389 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1390 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1391 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1392 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1393 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1394 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1452 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1454 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1471 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1472 */
    {"Sub", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1496 */
    {"Sub", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1497 */
    {"Sub", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1498 */
    {"Sub", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1499 */
    {"Sub", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1500 */
    {"Sub", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1501 */
    {"Sub", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1502 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1531 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1532 */
    {"TransposeD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1556 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1557 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1558 */
    {"TransposeD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1559 */
    {"TransposeD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1560 */
    {"TransposeD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1561 */
    {"TransposeD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1562 */
};

static const sim_op_support_group groups[34] = {
    {"Abs", 0, 3},
    {"Add", 3, 7},
    {"AddN", 10, 3},
    {"ArgMaxV2", 13, 12},
    {"BatchMatMul", 25, 3},
    {"BatchMatMulV2", 28, 2},
    {"BatchNorm", 30, 2},
    {"Cast", 32, 32},
    {"ConcatD", 64, 7},
    {"Conv2D", 71, 2},
    {"Exp", 73, 2},
    {"GEMM", 75, 3},
    {"GatherV2", 78, 28},
    {"LayerNorm", 106, 2},
    {"Log", 108, 2},
    {"MatMulV2", 110, 2},
    {"Maximum", 112, 5},
    {"Minimum", 117, 5},
    {"Mul", 122, 7},
    {"Neg", 129, 4},
    {"Pow", 133, 5},
    {"RealDiv", 138, 3},
    {"ReduceMaxD", 141, 6},
    {"ReduceMeanD", 147, 2},
    {"ReduceSumD", 149, 2},
    {"Relu", 151, 5},
    {"Rsqrt", 156, 2},
    {"Sigmoid", 158, 2},
    {"Slice", 160, 12},
    {"SoftmaxV2", 172, 2},
    {"Sqrt", 174, 2},
    {"Sub", 176, 7},
    {"Tanh", 183, 2},
    {"TransposeD", 185, 7},
};

const sim_op_support_table sim_op_support_ascend910 = {"ascend910", rows, groups, 34};
