/*
 * simulator/src/sim_op_support_ascend310b.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of ascend310b (CANN's config dir of its SoCs), the table sim_op_check.c gates
 * models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the
 * source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.
 * Refused rows are left out: a combination not here is refused.
 */
#include "sim_op_priv.h"

static const sim_op_support_row rows[189] = {
    {"Abs", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 3 */
    {"Abs", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 4 */
    {"Abs", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 5 */
    {"Add", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 37 */
    {"Add", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 38 */
    {"Add", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 42 */
    {"Add", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 43 */
    {"Add", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 44 */
    {"Add", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 45 */
    {"Add", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 46 */
    {"AddN", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 102 */
    {"AddN", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 103 */
    {"AddN", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 104 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 131 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 133 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 135 */
    {"ArgMaxV2", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 137 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 139 */
    {"ArgMaxV2", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 141 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 231 */
    {"BatchMatMul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 232 */
    {"BatchMatMul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 233 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 253 */
    {"BatchMatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 254 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 281 */
    {"BatchNorm", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 282 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 297 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 298 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 299 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 300 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 301 */
    {"Cast", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 302 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 303 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 305 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 306 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 307 */
    {"Cast", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 308 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 309 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 310 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 312 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 313 */
    {"Cast", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 315 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 316 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 317 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 318 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 320 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 321 */
    {"Cast", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 322 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 323 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 324 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 325 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 326 */
    {"Cast", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 328 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 329 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 330 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 331 */
    {"Cast", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 332 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 336 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 337 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 338 */
    {"Cast", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 339 */
    {"ConcatD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 625 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 626 */
    {"ConcatD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 627 */
    {"ConcatD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 628 */
    {"ConcatD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 629 */
    {"ConcatD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 630 */
    {"ConcatD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 631 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 671 */
    {"Conv2D", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 672 */
    {"Exp", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 689 */
    {"Exp", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 690 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 704 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 705 */
    {"GEMM", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 706 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 722 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 723 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 724 */
    {"GatherV2", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 725 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 726 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 727 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 728 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 729 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 730 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 731 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 732 */
    {"GatherV2", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 733 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 734 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 735 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 736 */
    {"GatherV2", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 737 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 738 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 739 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 740 */
    {"GatherV2", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 741 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 742 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 743 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 744 */
    {"GatherV2", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 745 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 746 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 747 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 748 */
    {"GatherV2", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 749 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 902 */
    {"LayerNorm", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 903 */
    {"Log", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 921 */
    {"Log", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 922 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 939 */
    {"MatMulV2", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 941 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 973 */
    {"Maximum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 974 */
    {"Maximum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 975 */
    {"Maximum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 976 */
    {"Maximum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 977 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1010 */
    {"Minimum", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1011 */
    {"Minimum", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1012 */
    {"Minimum", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1013 */
    {"Minimum", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1014 */
    {"Mul", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1048 */
    {"Mul", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1049 */
    {"Mul", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1053 */
    {"Mul", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1054 */
    {"Mul", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1055 */
    {"Mul", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1056 */
    {"Mul", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1057 */
    {"Neg", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1113 */
    {"Neg", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1114 */
    {"Neg", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1115 */
    {"Neg", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1116 */
    {"Pow", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1145 */
    {"Pow", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1146 */
    {"Pow", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1147 */
    {"Pow", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1148 */
    {"Pow", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1149 */
    {"RealDiv", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1179 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1180 */
    {"RealDiv", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1181 */
    {"ReduceMaxD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1212 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1213 */
    {"ReduceMaxD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1214 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1215 */
    {"ReduceMaxD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1216 */
    {"ReduceMaxD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1217 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1248 */
    {"ReduceMeanD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1249 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1263 */
    {"ReduceSumD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1264 */
    {"Relu", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1284 */
    {"Relu", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1285 */
    {"Relu", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1286 */
    {"Relu", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1287 */
    {"Relu", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1288 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1318 */
    {"Rsqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1319 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1336 */
    {"Sigmoid", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1337 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1355 */
    {"Slice", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1356 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1357 */
    {"Slice", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1358 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1359 */
    {"Slice", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1360 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1361 */
    {"Slice", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1362 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1363 */
    {"Slice", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1364 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1365 */
    {"Slice", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1366 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1444 */
    {"SoftmaxV2", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1446 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1467 */
    {"Sqrt", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1468 */
    {"Sub", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1482 */
    {"Sub", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1483 */
    {"Sub", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1484 */
    {"Sub", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1485 */
    {"Sub", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1486 */
    {"Sub", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1487 */
    {"Sub", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1488 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1527 */
    {"Tanh", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1528 */
    {"TransposeD", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1542 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1543 */
    {"TransposeD", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1544 */
    {"TransposeD", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1545 */
    {"TransposeD", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1546 */
    {"TransposeD", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1547 */
    {"TransposeD", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1548 */
};

static const sim_op_support_group groups[34] = {
    {"Abs", 0, 3},
    {"Add", 3, 7},
    {"AddN", 10, 3},
    {"ArgMaxV2", 13, 6},
    {"BatchMatMul", 19, 3},
    {"BatchMatMulV2", 22, 2},
    {"BatchNorm", 24, 2},
    {"Cast", 26, 35},
    {"ConcatD", 61, 7},
    {"Conv2D", 68, 2},
    {"Exp", 70, 2},
    {"GEMM", 72, 3},
    {"GatherV2", 75, 28},
    {"LayerNorm", 103, 2},
    {"Log", 105, 2},
    {"MatMulV2", 107, 2},
    {"Maximum", 109, 5},
    {"Minimum", 114, 5},
    {"Mul", 119, 7},
    {"Neg", 126, 4},
    {"Pow", 130, 5},
    {"RealDiv", 135, 3},
    {"ReduceMaxD", 138, 6},
    {"ReduceMeanD", 144, 2},
    {"ReduceSumD", 146, 2},
    {"Relu", 148, 5},
    {"Rsqrt", 153, 2},
    {"Sigmoid", 155, 2},
    {"Slice", 157, 12},
    {"SoftmaxV2", 169, 2},
    {"Sqrt", 171, 2},
    {"Sub", 173, 7},
    {"Tanh", 180, 2},
    {"TransposeD", 182, 7},
};

const sim_op_support_table sim_op_support_ascend310b = {"ascend310b", rows, groups, 34};
