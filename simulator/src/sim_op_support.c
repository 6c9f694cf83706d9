/*
 * simulator/src/sim_op_support.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * The declared rows of the simulator's per-SoC operator support, the table sim_op_check.c gates
 * models on: per row the op, the SoC's config dir, the dtype of every input and output slot in IR
 * order (SIM_DT_ANY: the source gives none for that optional slot, any dtype or absent) and the
 * dynamic-shape flag. Refused rows are left out: a combination not here is refused.
 */
#include <string.h>

#include "sim_op_priv.h"

const sim_op_support_row sim_op_support_rows[1382] = {
    {"Abs", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 3 */
    {"Abs", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 4 */
    {"Abs", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 5 */
    {"Abs", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 8 */
    {"Abs", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 9 */
    {"Abs", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 10 */
    {"Abs", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 13 */
    {"Abs", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 14 */
    {"Abs", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 15 */
    {"Abs", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 17 */
    {"Abs", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 18 */
    {"Abs", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 19 */
    {"Abs", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 20 */
    {"Abs", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 21 */
    {"Abs", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 23 */
    {"Abs", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 24 */
    {"Abs", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 25 */
    {"Abs", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 26 */
    {"Abs", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 27 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 29 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 30 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 31 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 32 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 33 */
    {"Abs", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 34 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 37 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 38 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 42 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 43 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 44 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 45 */
    {"Add", "ascend310b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 46 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 47 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 48 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 51 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 52 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 53 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 54 */
    {"Add", "ascend310p", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 55 */
    {"Add", "ascend910", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 56 */
    {"Add", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 57 */
    {"Add", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 60 */
    {"Add", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 61 */
    {"Add", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 62 */
    {"Add", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 63 */
    {"Add", "ascend910", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 64 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 65 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 67 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 68 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 72 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 73 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 74 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 75 */
    {"Add", "ascend910_93", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 76 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 77 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 78 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 79 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 80 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 81 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 82 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 83 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 84 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 85 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 86 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 87 */
    {"Add", "ascend910b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 88 */
    {"Add", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 89 */
    {"Add", "ascend950", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 90 */
    {"Add", "ascend950", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 91 */
    {"Add", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 92 */
    {"Add", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 93 */
    {"Add", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 94 */
    {"Add", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 95 */
    {"Add", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 96 */
    {"Add", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 97 */
    {"Add", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 98 */
    {"Add", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 99 */
    {"Add", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 100 */
    {"AddN", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 102 */
    {"AddN", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 103 */
    {"AddN", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 104 */
    {"AddN", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 107 */
    {"AddN", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 108 */
    {"AddN", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 109 */
    {"AddN", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 112 */
    {"AddN", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 113 */
    {"AddN", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 114 */
    {"AddN", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 116 */
    {"AddN", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 117 */
    {"AddN", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 118 */
    {"AddN", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 119 */
    {"AddN", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 120 */
    {"AddN", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 121 */
    {"AddN", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 122 */
    {"AddN", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 123 */
    {"AddN", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 124 */
    {"AddN", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 125 */
    {"AddN", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 126 */
    {"AddN", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 127 */
    {"AddN", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 128 */
    {"AddN", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 129 */
    {"AddN", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 130 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 131 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 133 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 135 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 137 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 139 */
    {"ArgMaxV2", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 141 */
    {"ArgMaxV2", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 143 */
    {"ArgMaxV2", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 145 */
    {"ArgMaxV2", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 147 */
    {"ArgMaxV2", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 149 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 155 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 156 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 157 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 158 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 159 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 160 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 161 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 162 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 167 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 168 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 169 */
    {"ArgMaxV2", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 170 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 171 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 172 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 173 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 174 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 175 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 176 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 177 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 178 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 179 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 180 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 181 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 182 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 183 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 184 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 185 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 186 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 187 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 188 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 189 */
    {"ArgMaxV2", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 190 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 191 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 192 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 193 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 194 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 195 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 196 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 197 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 198 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 199 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 200 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 201 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 202 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 203 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 204 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 205 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 206 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 207 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 208 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 209 */
    {"ArgMaxV2", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 210 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT32}},   /* line 211 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_BF16, ACL_INT32}, {ACL_INT64}},   /* line 212 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT32}},   /* line 213 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_BF16, ACL_INT64}, {ACL_INT64}},   /* line 214 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT32}},   /* line 215 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_INT32}, {ACL_INT64}},   /* line 216 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT32}},   /* line 217 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_INT64}, {ACL_INT64}},   /* line 218 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT32}},   /* line 219 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_INT32}, {ACL_INT64}},   /* line 220 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT32}},   /* line 221 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_INT64}, {ACL_INT64}},   /* line 222 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 223 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 224 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 225 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 226 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 227 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 228 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 229 */
    {"ArgMaxV2", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 230 */
    {"BatchMatMul", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 231 */
    {"BatchMatMul", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 232 */
    {"BatchMatMul", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 233 */
    {"BatchMatMul", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 234 */
    {"BatchMatMul", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 235 */
    {"BatchMatMul", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 236 */
    {"BatchMatMul", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 237 */
    {"BatchMatMul", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 238 */
    {"BatchMatMul", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 239 */
    {"BatchMatMul", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 240 */
    {"BatchMatMul", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 241 */
    {"BatchMatMul", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 242 */
    {"BatchMatMul", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 243 */
    {"BatchMatMul", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 244 */
    {"BatchMatMul", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 245 */
    {"BatchMatMul", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 246 */
    {"BatchMatMul", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 247 */
    {"BatchMatMul", "ascend950", 2, 1, 0, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 248 */
    {"BatchMatMul", "ascend950", 2, 1, 0, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 249 */
    {"BatchMatMul", "ascend950", 2, 1, 0, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 250 */
    {"BatchMatMul", "ascend950", 2, 1, 0, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 251 */
    {"BatchMatMulV2", "ascend310b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 253 */
    {"BatchMatMulV2", "ascend310b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 254 */
    {"BatchMatMulV2", "ascend310p", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 257 */
    {"BatchMatMulV2", "ascend310p", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 258 */
    {"BatchMatMulV2", "ascend910", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 261 */
    {"BatchMatMulV2", "ascend910", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 262 */
    {"BatchMatMulV2", "ascend910_93", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 264 */
    {"BatchMatMulV2", "ascend910_93", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 265 */
    {"BatchMatMulV2", "ascend910_93", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 266 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_BF16}},   /* line 269 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 270 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 271 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 272 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 273 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 274 */
    {"BatchMatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 275 */
    {"BatchMatMulV2", "ascend950", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 277 */
    {"BatchMatMulV2", "ascend950", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 278 */
    {"BatchMatMulV2", "ascend950", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 279 */
    {"BatchNorm", "ascend310b", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 281 */
    {"BatchNorm", "ascend310b", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 282 */
    {"BatchNorm", "ascend310p", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 283 */
    {"BatchNorm", "ascend310p", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 284 */
    {"BatchNorm", "ascend910", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 285 */
    {"BatchNorm", "ascend910", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 286 */
    {"BatchNorm", "ascend910_93", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 288 */
    {"BatchNorm", "ascend910_93", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 289 */
    {"BatchNorm", "ascend910b", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 291 */
    {"BatchNorm", "ascend910b", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 292 */
    {"BatchNorm", "ascend950", 5, 6, 1, {ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 293 */
    {"BatchNorm", "ascend950", 5, 6, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 294 */
    {"BatchNorm", "ascend950", 5, 6, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 295 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 297 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 298 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 299 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 300 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 301 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 302 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 303 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 305 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 306 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 307 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 308 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 309 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 310 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 312 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 313 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 315 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 316 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 317 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 318 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 320 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 321 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 322 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 323 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 324 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 325 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 326 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 328 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 329 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 330 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 331 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 332 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 336 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 337 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 338 */
    {"Cast", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 339 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 343 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 344 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 345 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 346 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 347 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 348 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 349 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 351 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 352 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 353 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 354 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 355 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 356 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 358 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 359 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 360 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 361 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 362 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 363 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 364 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 366 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 367 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 368 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 369 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 370 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 371 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 372 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 374 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 375 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 376 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 377 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 378 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 382 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 383 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 384 */
    {"Cast", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 385 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 389 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 390 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 391 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 392 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 393 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 394 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 395 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 397 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 398 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 399 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 400 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 401 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 402 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 404 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 407 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 408 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 409 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 411 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 412 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 413 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 414 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 415 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 416 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 418 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 419 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 420 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 421 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 422 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 426 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 427 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 428 */
    {"Cast", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 429 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 433 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 434 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 435 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 436 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 438 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 439 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 440 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 442 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 443 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 444 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 445 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 446 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 447 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 448 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 449 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 451 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 452 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 453 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 454 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 455 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 456 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 457 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 458 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 460 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 461 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 462 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 463 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 464 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 465 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 466 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 467 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 469 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 470 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 471 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 472 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 473 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 474 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 475 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 476 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 478 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 479 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 480 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 481 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 482 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 483 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 484 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 485 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 487 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 488 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 490 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 491 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 492 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 493 */
    {"Cast", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 494 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 497 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 498 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 499 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 500 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 502 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 503 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 504 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 506 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 507 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 508 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 509 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 510 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 511 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 512 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 513 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 515 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 516 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 517 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 518 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 519 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 520 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 521 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 522 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 524 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 525 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 526 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 527 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 528 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 529 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 530 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 531 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 533 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 534 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 535 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 536 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 537 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 538 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 539 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 540 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 542 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 543 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 544 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 545 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 546 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 547 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 548 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 549 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 551 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 552 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 554 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 555 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 556 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 557 */
    {"Cast", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 558 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BOOL}},   /* line 561 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT16}},   /* line 562 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_FLOAT}},   /* line 563 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_INT32}},   /* line 564 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_INT64}},   /* line 565 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_INT8}},   /* line 566 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_UINT8}},   /* line 567 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_BF16}},   /* line 568 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT16}},   /* line 570 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_FLOAT}},   /* line 571 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_INT32}},   /* line 572 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_INT64}},   /* line 573 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_INT8}},   /* line 574 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_UINT8}},   /* line 575 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_BF16}},   /* line 576 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_BOOL}},   /* line 577 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 579 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT32}},   /* line 580 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT64}},   /* line 581 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_INT8}},   /* line 582 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_UINT8}},   /* line 583 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_BF16}},   /* line 584 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_BOOL}},   /* line 585 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT16}},   /* line 586 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_INT32}},   /* line 588 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_INT64}},   /* line 589 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_INT8}},   /* line 590 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_UINT8}},   /* line 591 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_BF16}},   /* line 592 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_BOOL}},   /* line 593 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT16}},   /* line 594 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_FLOAT}},   /* line 595 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT64}},   /* line 597 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT8}},   /* line 598 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_UINT8}},   /* line 599 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_BF16}},   /* line 600 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_BOOL}},   /* line 601 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT16}},   /* line 602 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_FLOAT}},   /* line 603 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT32}},   /* line 604 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT8}},   /* line 606 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_UINT8}},   /* line 607 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_BF16}},   /* line 608 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_BOOL}},   /* line 609 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT16}},   /* line 610 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_FLOAT}},   /* line 611 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT32}},   /* line 612 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT64}},   /* line 613 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_UINT8}},   /* line 615 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_BF16}},   /* line 616 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_BOOL}},   /* line 617 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT16}},   /* line 618 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_FLOAT}},   /* line 619 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_INT32}},   /* line 620 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_INT64}},   /* line 621 */
    {"Cast", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_INT8}},   /* line 622 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 625 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 626 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 627 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 628 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 629 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 630 */
    {"ConcatD", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 631 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 632 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 633 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 634 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 635 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 636 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 637 */
    {"ConcatD", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 638 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 639 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 640 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 641 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 642 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 643 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 644 */
    {"ConcatD", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 645 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 646 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 647 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 648 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 649 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 650 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 651 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 652 */
    {"ConcatD", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 653 */
    {"ConcatD", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 656 */
    {"ConcatD", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 657 */
    {"ConcatD", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 659 */
    {"ConcatD", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 660 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 662 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 663 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 664 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 665 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 666 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 667 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 668 */
    {"ConcatD", "ascend950", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 669 */
    {"Conv2D", "ascend310b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 671 */
    {"Conv2D", "ascend310b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 672 */
    {"Conv2D", "ascend310p", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 673 */
    {"Conv2D", "ascend310p", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 674 */
    {"Conv2D", "ascend910", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 675 */
    {"Conv2D", "ascend910", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 676 */
    {"Conv2D", "ascend910_93", 4, 1, 1, {ACL_BF16, ACL_BF16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_BF16}},   /* line 677 */
    {"Conv2D", "ascend910_93", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 678 */
    {"Conv2D", "ascend910_93", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 679 */
    {"Conv2D", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 681 */
    {"Conv2D", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 682 */
    {"Conv2D", "ascend910b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 684 */
    {"Conv2D", "ascend950", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 685 */
    {"Conv2D", "ascend950", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 686 */
    {"Conv2D", "ascend950", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 687 */
    {"Conv2D", "ascend950", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 688 */
    {"Exp", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 689 */
    {"Exp", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 690 */
    {"Exp", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 691 */
    {"Exp", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 692 */
    {"Exp", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 693 */
    {"Exp", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 694 */
    {"Exp", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 695 */
    {"Exp", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 696 */
    {"Exp", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 697 */
    {"Exp", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 698 */
    {"Exp", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 699 */
    {"Exp", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 700 */
    {"Exp", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 701 */
    {"Exp", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 702 */
    {"Exp", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 703 */
    {"GEMM", "ascend310b", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 704 */
    {"GEMM", "ascend310b", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 705 */
    {"GEMM", "ascend310b", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 706 */
    {"GEMM", "ascend310p", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 707 */
    {"GEMM", "ascend310p", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 708 */
    {"GEMM", "ascend310p", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 709 */
    {"GEMM", "ascend910", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 710 */
    {"GEMM", "ascend910", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 711 */
    {"GEMM", "ascend910", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 712 */
    {"GEMM", "ascend910_93", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 713 */
    {"GEMM", "ascend910_93", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 714 */
    {"GEMM", "ascend910_93", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 715 */
    {"GEMM", "ascend910b", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 716 */
    {"GEMM", "ascend910b", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 717 */
    {"GEMM", "ascend910b", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 718 */
    {"GEMM", "ascend950", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 719 */
    {"GEMM", "ascend950", 5, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 720 */
    {"GEMM", "ascend950", 5, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 721 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 722 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 723 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 724 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 725 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 726 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 727 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 728 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 729 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 730 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 731 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 732 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 733 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 734 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 735 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 736 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 737 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 738 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 739 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 740 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 741 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 742 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 743 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 744 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 745 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 746 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 747 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 748 */
    {"GatherV2", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 749 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 750 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 751 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 752 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 753 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 754 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 755 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 756 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 757 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 758 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 759 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 760 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 761 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 762 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 763 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 764 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 765 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 766 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 767 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 768 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 769 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 770 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 771 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 772 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 773 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 774 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 775 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 776 */
    {"GatherV2", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 777 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 778 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 779 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 780 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 781 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 782 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 783 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 784 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 785 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 786 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 787 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 788 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 789 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 790 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 791 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 792 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 793 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 794 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 795 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 796 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 797 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 798 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 799 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 800 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 801 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 802 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 803 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 804 */
    {"GatherV2", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 805 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 806 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 807 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 808 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 809 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 810 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 811 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 812 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 813 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 814 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 815 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 816 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 817 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 818 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 819 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 820 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 821 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 822 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 823 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 824 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 825 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 826 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 827 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 828 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 829 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 830 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 831 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 832 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 833 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 834 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 835 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 836 */
    {"GatherV2", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 837 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 838 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 839 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 840 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 841 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 842 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 843 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 844 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 845 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 846 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 847 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 848 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 849 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 850 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 851 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 852 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 853 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 854 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 855 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 856 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 857 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 858 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 859 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 860 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 861 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 862 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 863 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 864 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 865 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 866 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 867 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 868 */
    {"GatherV2", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 869 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 870 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT64}, {ACL_BF16}},   /* line 871 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT32}, {ACL_BF16}},   /* line 872 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 873 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 874 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT64}, {ACL_BOOL}},   /* line 875 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT32}, {ACL_BOOL}},   /* line 876 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 877 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 878 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT64}, {ACL_FLOAT16}},   /* line 879 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT32}, {ACL_FLOAT16}},   /* line 880 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 881 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 882 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT64}, {ACL_FLOAT}},   /* line 883 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT32}, {ACL_FLOAT}},   /* line 884 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 885 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 886 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT64}, {ACL_INT32}},   /* line 887 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT32}, {ACL_INT32}},   /* line 888 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 889 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 890 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT64}, {ACL_INT64}},   /* line 891 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT32}, {ACL_INT64}},   /* line 892 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 893 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 894 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT64}, {ACL_INT8}},   /* line 895 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT32}, {ACL_INT8}},   /* line 896 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 897 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 898 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT64}, {ACL_UINT8}},   /* line 899 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT32}, {ACL_UINT8}},   /* line 900 */
    {"GatherV2", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 901 */
    {"LayerNorm", "ascend310b", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 902 */
    {"LayerNorm", "ascend310b", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 903 */
    {"LayerNorm", "ascend310p", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 904 */
    {"LayerNorm", "ascend310p", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 905 */
    {"LayerNorm", "ascend910", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 906 */
    {"LayerNorm", "ascend910", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 907 */
    {"LayerNorm", "ascend910_93", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 908 */
    {"LayerNorm", "ascend910_93", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 909 */
    {"LayerNorm", "ascend910_93", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 910 */
    {"LayerNorm", "ascend910b", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 911 */
    {"LayerNorm", "ascend910b", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 912 */
    {"LayerNorm", "ascend910b", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}},   /* line 913 */
    {"LayerNorm", "ascend910b", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 914 */
    {"LayerNorm", "ascend950", 3, 3, 1, {ACL_BF16, ACL_BF16, ACL_BF16}, {ACL_BF16, ACL_BF16, ACL_BF16}},   /* line 915 */
    {"LayerNorm", "ascend950", 3, 3, 1, {ACL_BF16, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT, ACL_FLOAT}},   /* line 916 */
    {"LayerNorm", "ascend950", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}},   /* line 917 */
    {"LayerNorm", "ascend950", 3, 3, 1, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}},   /* line 918 */
    {"LayerNorm", "ascend950", 3, 3, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}},   /* line 919 */
    {"Log", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 921 */
    {"Log", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 922 */
    {"Log", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 924 */
    {"Log", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 925 */
    {"Log", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 927 */
    {"Log", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 928 */
    {"Log", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 929 */
    {"Log", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 930 */
    {"Log", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 931 */
    {"Log", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 932 */
    {"Log", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 933 */
    {"Log", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 934 */
    {"Log", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 935 */
    {"Log", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 936 */
    {"Log", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 937 */
    {"MatMulV2", "ascend310b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 939 */
    {"MatMulV2", "ascend310b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 941 */
    {"MatMulV2", "ascend310p", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 944 */
    {"MatMulV2", "ascend310p", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 946 */
    {"MatMulV2", "ascend910", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 949 */
    {"MatMulV2", "ascend910", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 951 */
    {"MatMulV2", "ascend910_93", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 953 */
    {"MatMulV2", "ascend910_93", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 954 */
    {"MatMulV2", "ascend910_93", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 956 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_BF16}},   /* line 959 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_BF16}},   /* line 960 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_BF16, ACL_BF16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 961 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 962 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 963 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 964 */
    {"MatMulV2", "ascend910b", 4, 1, 1, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 965 */
    {"MatMulV2", "ascend950", 4, 1, 0, {ACL_BF16, ACL_BF16, ACL_BF16, SIM_DT_ANY}, {ACL_BF16}},   /* line 967 */
    {"MatMulV2", "ascend950", 4, 1, 0, {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, SIM_DT_ANY}, {ACL_FLOAT16}},   /* line 968 */
    {"MatMulV2", "ascend950", 4, 1, 0, {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, SIM_DT_ANY}, {ACL_FLOAT}},   /* line 970 */
    {"Maximum", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 973 */
    {"Maximum", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 974 */
    {"Maximum", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 975 */
    {"Maximum", "ascend310b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 976 */
    {"Maximum", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 977 */
    {"Maximum", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 979 */
    {"Maximum", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 980 */
    {"Maximum", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 981 */
    {"Maximum", "ascend310p", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 982 */
    {"Maximum", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 983 */
    {"Maximum", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 985 */
    {"Maximum", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 986 */
    {"Maximum", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 987 */
    {"Maximum", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 988 */
    {"Maximum", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 989 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 990 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 991 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 992 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 993 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 994 */
    {"Maximum", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 995 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 996 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 997 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 998 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 999 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1000 */
    {"Maximum", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1001 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1002 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1003 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1004 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1005 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1006 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1007 */
    {"Maximum", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1008 */
    {"Minimum", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1010 */
    {"Minimum", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1011 */
    {"Minimum", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1012 */
    {"Minimum", "ascend310b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1013 */
    {"Minimum", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1014 */
    {"Minimum", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1016 */
    {"Minimum", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1017 */
    {"Minimum", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1018 */
    {"Minimum", "ascend310p", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1019 */
    {"Minimum", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1020 */
    {"Minimum", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1022 */
    {"Minimum", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1023 */
    {"Minimum", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1024 */
    {"Minimum", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1025 */
    {"Minimum", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1026 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1027 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1028 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1029 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1030 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1031 */
    {"Minimum", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1032 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1033 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1034 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1035 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1036 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1037 */
    {"Minimum", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1038 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1039 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1040 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1041 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1042 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1043 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1044 */
    {"Minimum", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1045 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1048 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1049 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1053 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1054 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1055 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1056 */
    {"Mul", "ascend310b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1057 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1058 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1059 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1062 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1063 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1064 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1065 */
    {"Mul", "ascend310p", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1066 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1067 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1068 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1071 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1072 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1073 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1074 */
    {"Mul", "ascend910", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1075 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1076 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1078 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1079 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1083 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1084 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1085 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1086 */
    {"Mul", "ascend910_93", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1087 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1088 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1089 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1090 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1091 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1092 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 1093 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1094 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1095 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1096 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1097 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1098 */
    {"Mul", "ascend910b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1099 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1100 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1101 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1102 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1103 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1104 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_BF16}, {ACL_FLOAT}},   /* line 1105 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1106 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1107 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1108 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1109 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1110 */
    {"Mul", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1111 */
    {"Neg", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1113 */
    {"Neg", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1114 */
    {"Neg", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1115 */
    {"Neg", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1116 */
    {"Neg", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1118 */
    {"Neg", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1119 */
    {"Neg", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1120 */
    {"Neg", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1121 */
    {"Neg", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1123 */
    {"Neg", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1124 */
    {"Neg", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1125 */
    {"Neg", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1126 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1127 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1128 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1129 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1130 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1131 */
    {"Neg", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1132 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1133 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1134 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1135 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1136 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1137 */
    {"Neg", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1138 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1139 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1140 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1141 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1142 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1143 */
    {"Neg", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1144 */
    {"Pow", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1145 */
    {"Pow", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1146 */
    {"Pow", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1147 */
    {"Pow", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1148 */
    {"Pow", "ascend310b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1149 */
    {"Pow", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1150 */
    {"Pow", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1151 */
    {"Pow", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1152 */
    {"Pow", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1153 */
    {"Pow", "ascend310p", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1154 */
    {"Pow", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1155 */
    {"Pow", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1156 */
    {"Pow", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1157 */
    {"Pow", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1158 */
    {"Pow", "ascend910", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1159 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1160 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1161 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1162 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1163 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1164 */
    {"Pow", "ascend910_93", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1165 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1166 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1167 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1168 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1169 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1170 */
    {"Pow", "ascend910b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1171 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1172 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1173 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1174 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1175 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1176 */
    {"Pow", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1177 */
    {"RealDiv", "ascend310b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1179 */
    {"RealDiv", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1180 */
    {"RealDiv", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1181 */
    {"RealDiv", "ascend310p", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1184 */
    {"RealDiv", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1185 */
    {"RealDiv", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1186 */
    {"RealDiv", "ascend910", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1189 */
    {"RealDiv", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1190 */
    {"RealDiv", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1191 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1193 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1194 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1195 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1196 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1197 */
    {"RealDiv", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1198 */
    {"RealDiv", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1199 */
    {"RealDiv", "ascend910b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1200 */
    {"RealDiv", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1201 */
    {"RealDiv", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1202 */
    {"RealDiv", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1204 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1205 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_FLOAT}},   /* line 1206 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1207 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1208 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1209 */
    {"RealDiv", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1210 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1212 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1213 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1214 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1215 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1216 */
    {"ReduceMaxD", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1217 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1218 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1219 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1220 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1221 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1222 */
    {"ReduceMaxD", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1223 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1224 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1225 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1226 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1227 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1228 */
    {"ReduceMaxD", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1229 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1230 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1231 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1232 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1233 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1234 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1235 */
    {"ReduceMaxD", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1236 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1237 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1238 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1239 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1240 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1241 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1242 */
    {"ReduceMaxD", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1243 */
    {"ReduceMaxD", "ascend950", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1244 */
    {"ReduceMaxD", "ascend950", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1245 */
    {"ReduceMaxD", "ascend950", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1246 */
    {"ReduceMaxD", "ascend950", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1247 */
    {"ReduceMeanD", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1248 */
    {"ReduceMeanD", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1249 */
    {"ReduceMeanD", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1250 */
    {"ReduceMeanD", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1251 */
    {"ReduceMeanD", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1252 */
    {"ReduceMeanD", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1253 */
    {"ReduceMeanD", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1254 */
    {"ReduceMeanD", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1255 */
    {"ReduceMeanD", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1256 */
    {"ReduceMeanD", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1257 */
    {"ReduceMeanD", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1258 */
    {"ReduceMeanD", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1259 */
    {"ReduceMeanD", "ascend950", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1260 */
    {"ReduceMeanD", "ascend950", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1261 */
    {"ReduceMeanD", "ascend950", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1262 */
    {"ReduceSumD", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1263 */
    {"ReduceSumD", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1264 */
    {"ReduceSumD", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1266 */
    {"ReduceSumD", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1267 */
    {"ReduceSumD", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1269 */
    {"ReduceSumD", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1270 */
    {"ReduceSumD", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1272 */
    {"ReduceSumD", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1273 */
    {"ReduceSumD", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1274 */
    {"ReduceSumD", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1276 */
    {"ReduceSumD", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1277 */
    {"ReduceSumD", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1278 */
    {"ReduceSumD", "ascend950", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1280 */
    {"ReduceSumD", "ascend950", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1281 */
    {"ReduceSumD", "ascend950", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1282 */
    {"ReduceSumD", "ascend950", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1283 */
    {"Relu", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1284 */
    {"Relu", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1285 */
    {"Relu", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1286 */
    {"Relu", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1287 */
    {"Relu", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1288 */
    {"Relu", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1289 */
    {"Relu", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1290 */
    {"Relu", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1291 */
    {"Relu", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1292 */
    {"Relu", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1293 */
    {"Relu", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1294 */
    {"Relu", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1295 */
    {"Relu", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1296 */
    {"Relu", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1297 */
    {"Relu", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1298 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1299 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1300 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1301 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1302 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1303 */
    {"Relu", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1304 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1305 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1306 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1307 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1308 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1309 */
    {"Relu", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1310 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1311 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1312 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1313 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1314 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1315 */
    {"Relu", "ascend950", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1316 */
    {"Rsqrt", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1318 */
    {"Rsqrt", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1319 */
    {"Rsqrt", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1321 */
    {"Rsqrt", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1322 */
    {"Rsqrt", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1324 */
    {"Rsqrt", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1325 */
    {"Rsqrt", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1326 */
    {"Rsqrt", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1327 */
    {"Rsqrt", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1328 */
    {"Rsqrt", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1329 */
    {"Rsqrt", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1330 */
    {"Rsqrt", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1331 */
    {"Rsqrt", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1332 */
    {"Rsqrt", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1333 */
    {"Rsqrt", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1334 */
    {"Sigmoid", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1336 */
    {"Sigmoid", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1337 */
    {"Sigmoid", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1339 */
    {"Sigmoid", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1340 */
    {"Sigmoid", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1342 */
    {"Sigmoid", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1343 */
    {"Sigmoid", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1344 */
    {"Sigmoid", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1345 */
    {"Sigmoid", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1346 */
    {"Sigmoid", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1347 */
    {"Sigmoid", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1348 */
    {"Sigmoid", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1349 */
    {"Sigmoid", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1350 */
    {"Sigmoid", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1351 */
    {"Sigmoid", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1352 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1355 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1356 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1357 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1358 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1359 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1360 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1361 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1362 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1363 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1364 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1365 */
    {"Slice", "ascend310b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1366 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1369 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1370 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1371 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1372 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1373 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1374 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1375 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1376 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1377 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1378 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1379 */
    {"Slice", "ascend310p", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1380 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1383 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1384 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1385 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1386 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1387 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1388 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1389 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1390 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1391 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1392 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1393 */
    {"Slice", "ascend910", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1394 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1395 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1396 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1399 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1400 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1401 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1402 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1403 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1404 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1405 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1406 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1407 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1408 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1409 */
    {"Slice", "ascend910_93", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1410 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1411 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1412 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 1413 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 1414 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1415 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1416 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1417 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1418 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1419 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1420 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1421 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1422 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1423 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1424 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1425 */
    {"Slice", "ascend910b", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1426 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT32, ACL_INT32}, {ACL_BF16}},   /* line 1427 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_BF16, ACL_INT64, ACL_INT64}, {ACL_BF16}},   /* line 1428 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT32, ACL_INT32}, {ACL_BOOL}},   /* line 1429 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_BOOL, ACL_INT64, ACL_INT64}, {ACL_BOOL}},   /* line 1430 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT32, ACL_INT32}, {ACL_FLOAT16}},   /* line 1431 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_FLOAT16, ACL_INT64, ACL_INT64}, {ACL_FLOAT16}},   /* line 1432 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT32, ACL_INT32}, {ACL_FLOAT}},   /* line 1433 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_FLOAT, ACL_INT64, ACL_INT64}, {ACL_FLOAT}},   /* line 1434 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1435 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT32, ACL_INT64, ACL_INT64}, {ACL_INT32}},   /* line 1436 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT32, ACL_INT32}, {ACL_INT64}},   /* line 1437 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT64, ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1438 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT32, ACL_INT32}, {ACL_INT8}},   /* line 1439 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_INT8, ACL_INT64, ACL_INT64}, {ACL_INT8}},   /* line 1440 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT32, ACL_INT32}, {ACL_UINT8}},   /* line 1441 */
    {"Slice", "ascend950", 3, 1, 1, {ACL_UINT8, ACL_INT64, ACL_INT64}, {ACL_UINT8}},   /* line 1442 */
    {"SoftmaxV2", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1444 */
    {"SoftmaxV2", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1446 */
    {"SoftmaxV2", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1448 */
    {"SoftmaxV2", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1450 */
    {"SoftmaxV2", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1452 */
    {"SoftmaxV2", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1454 */
    {"SoftmaxV2", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1455 */
    {"SoftmaxV2", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1456 */
    {"SoftmaxV2", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1458 */
    {"SoftmaxV2", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1459 */
    {"SoftmaxV2", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1460 */
    {"SoftmaxV2", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1461 */
    {"SoftmaxV2", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1462 */
    {"SoftmaxV2", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1463 */
    {"SoftmaxV2", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1464 */
    {"SoftmaxV2", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT}},   /* line 1465 */
    {"SoftmaxV2", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1466 */
    {"Sqrt", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1467 */
    {"Sqrt", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1468 */
    {"Sqrt", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1469 */
    {"Sqrt", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1470 */
    {"Sqrt", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1471 */
    {"Sqrt", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1472 */
    {"Sqrt", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1473 */
    {"Sqrt", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1474 */
    {"Sqrt", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1475 */
    {"Sqrt", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1476 */
    {"Sqrt", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1477 */
    {"Sqrt", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1478 */
    {"Sqrt", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1479 */
    {"Sqrt", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1480 */
    {"Sqrt", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1481 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1482 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1483 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1484 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1485 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1486 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1487 */
    {"Sub", "ascend310b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1488 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1489 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1490 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1491 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1492 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1493 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1494 */
    {"Sub", "ascend310p", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1495 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1496 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1497 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1498 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1499 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1500 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1501 */
    {"Sub", "ascend910", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1502 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1503 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1504 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1505 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1506 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1507 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1508 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1509 */
    {"Sub", "ascend910_93", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1510 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1511 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1512 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1513 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1514 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1515 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1516 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1517 */
    {"Sub", "ascend910b", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1518 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_BF16, ACL_BF16}, {ACL_BF16}},   /* line 1519 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_BOOL, ACL_BOOL}, {ACL_BOOL}},   /* line 1520 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1521 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT}},   /* line 1522 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_INT32, ACL_INT32}, {ACL_INT32}},   /* line 1523 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_INT64, ACL_INT64}, {ACL_INT64}},   /* line 1524 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_INT8, ACL_INT8}, {ACL_INT8}},   /* line 1525 */
    {"Sub", "ascend950", 2, 1, 1, {ACL_UINT8, ACL_UINT8}, {ACL_UINT8}},   /* line 1526 */
    {"Tanh", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1527 */
    {"Tanh", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1528 */
    {"Tanh", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1529 */
    {"Tanh", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1530 */
    {"Tanh", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1531 */
    {"Tanh", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1532 */
    {"Tanh", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1533 */
    {"Tanh", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1534 */
    {"Tanh", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1535 */
    {"Tanh", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1536 */
    {"Tanh", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1537 */
    {"Tanh", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1538 */
    {"Tanh", "ascend950", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1539 */
    {"Tanh", "ascend950", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1540 */
    {"Tanh", "ascend950", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1541 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1542 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1543 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1544 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1545 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1546 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1547 */
    {"TransposeD", "ascend310b", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1548 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1549 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1550 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1551 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1552 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1553 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1554 */
    {"TransposeD", "ascend310p", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1555 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1556 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1557 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1558 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1559 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1560 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1561 */
    {"TransposeD", "ascend910", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1562 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1563 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1564 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1565 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1566 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1567 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1568 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1569 */
    {"TransposeD", "ascend910_93", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1570 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_BF16}, {ACL_BF16}},   /* line 1571 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_BOOL}, {ACL_BOOL}},   /* line 1572 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1573 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1574 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_INT32}, {ACL_INT32}},   /* line 1575 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_INT64}, {ACL_INT64}},   /* line 1576 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_INT8}, {ACL_INT8}},   /* line 1577 */
    {"TransposeD", "ascend910b", 1, 1, 1, {ACL_UINT8}, {ACL_UINT8}},   /* line 1578 */
    {"TransposeD", "ascend950", 1, 1, 0, {ACL_BF16}, {ACL_BF16}},   /* line 1579 */
    {"TransposeD", "ascend950", 1, 1, 0, {ACL_FLOAT16}, {ACL_FLOAT16}},   /* line 1580 */
    {"TransposeD", "ascend950", 1, 1, 0, {ACL_FLOAT}, {ACL_FLOAT}},   /* line 1581 */
    {"TransposeD", "ascend950", 1, 1, 0, {ACL_INT32}, {ACL_INT32}},   /* line 1582 */
    {"TransposeD", "ascend950", 1, 1, 0, {ACL_INT8}, {ACL_INT8}},   /* line 1583 */
};

const sim_op_support_group sim_op_support_groups[204] = {
    {"Abs", "ascend310b", 0, 3},
    {"Abs", "ascend310p", 3, 3},
    {"Abs", "ascend910", 6, 3},
    {"Abs", "ascend910_93", 9, 5},
    {"Abs", "ascend910b", 14, 5},
    {"Abs", "ascend950", 19, 6},
    {"Add", "ascend310b", 25, 7},
    {"Add", "ascend310p", 32, 7},
    {"Add", "ascend910", 39, 7},
    {"Add", "ascend910_93", 46, 8},
    {"Add", "ascend910b", 54, 12},
    {"Add", "ascend950", 66, 12},
    {"AddN", "ascend310b", 78, 3},
    {"AddN", "ascend310p", 81, 3},
    {"AddN", "ascend910", 84, 3},
    {"AddN", "ascend910_93", 87, 5},
    {"AddN", "ascend910b", 92, 5},
    {"AddN", "ascend950", 97, 5},
    {"ArgMaxV2", "ascend310b", 102, 6},
    {"ArgMaxV2", "ascend310p", 108, 4},
    {"ArgMaxV2", "ascend910", 112, 12},
    {"ArgMaxV2", "ascend910_93", 124, 20},
    {"ArgMaxV2", "ascend910b", 144, 20},
    {"ArgMaxV2", "ascend950", 164, 20},
    {"BatchMatMul", "ascend310b", 184, 3},
    {"BatchMatMul", "ascend310p", 187, 3},
    {"BatchMatMul", "ascend910", 190, 3},
    {"BatchMatMul", "ascend910_93", 193, 4},
    {"BatchMatMul", "ascend910b", 197, 4},
    {"BatchMatMul", "ascend950", 201, 4},
    {"BatchMatMulV2", "ascend310b", 205, 2},
    {"BatchMatMulV2", "ascend310p", 207, 2},
    {"BatchMatMulV2", "ascend910", 209, 2},
    {"BatchMatMulV2", "ascend910_93", 211, 3},
    {"BatchMatMulV2", "ascend910b", 214, 7},
    {"BatchMatMulV2", "ascend950", 221, 3},
    {"BatchNorm", "ascend310b", 224, 2},
    {"BatchNorm", "ascend310p", 226, 2},
    {"BatchNorm", "ascend910", 228, 2},
    {"BatchNorm", "ascend910_93", 230, 2},
    {"BatchNorm", "ascend910b", 232, 2},
    {"BatchNorm", "ascend950", 234, 3},
    {"Cast", "ascend310b", 237, 35},
    {"Cast", "ascend310p", 272, 36},
    {"Cast", "ascend910", 308, 32},
    {"Cast", "ascend910_93", 340, 54},
    {"Cast", "ascend910b", 394, 54},
    {"Cast", "ascend950", 448, 56},
    {"ConcatD", "ascend310b", 504, 7},
    {"ConcatD", "ascend310p", 511, 7},
    {"ConcatD", "ascend910", 518, 7},
    {"ConcatD", "ascend910_93", 525, 8},
    {"ConcatD", "ascend910b", 533, 4},
    {"ConcatD", "ascend950", 537, 8},
    {"Conv2D", "ascend310b", 545, 2},
    {"Conv2D", "ascend310p", 547, 2},
    {"Conv2D", "ascend910", 549, 2},
    {"Conv2D", "ascend910_93", 551, 3},
    {"Conv2D", "ascend910b", 554, 3},
    {"Conv2D", "ascend950", 557, 4},
    {"Exp", "ascend310b", 561, 2},
    {"Exp", "ascend310p", 563, 2},
    {"Exp", "ascend910", 565, 2},
    {"Exp", "ascend910_93", 567, 3},
    {"Exp", "ascend910b", 570, 3},
    {"Exp", "ascend950", 573, 3},
    {"GEMM", "ascend310b", 576, 3},
    {"GEMM", "ascend310p", 579, 3},
    {"GEMM", "ascend910", 582, 3},
    {"GEMM", "ascend910_93", 585, 3},
    {"GEMM", "ascend910b", 588, 3},
    {"GEMM", "ascend950", 591, 3},
    {"GatherV2", "ascend310b", 594, 28},
    {"GatherV2", "ascend310p", 622, 28},
    {"GatherV2", "ascend910", 650, 28},
    {"GatherV2", "ascend910_93", 678, 32},
    {"GatherV2", "ascend910b", 710, 32},
    {"GatherV2", "ascend950", 742, 32},
    {"LayerNorm", "ascend310b", 774, 2},
    {"LayerNorm", "ascend310p", 776, 2},
    {"LayerNorm", "ascend910", 778, 2},
    {"LayerNorm", "ascend910_93", 780, 3},
    {"LayerNorm", "ascend910b", 783, 4},
    {"LayerNorm", "ascend950", 787, 5},
    {"Log", "ascend310b", 792, 2},
    {"Log", "ascend310p", 794, 2},
    {"Log", "ascend910", 796, 2},
    {"Log", "ascend910_93", 798, 3},
    {"Log", "ascend910b", 801, 3},
    {"Log", "ascend950", 804, 3},
    {"MatMulV2", "ascend310b", 807, 2},
    {"MatMulV2", "ascend310p", 809, 2},
    {"MatMulV2", "ascend910", 811, 2},
    {"MatMulV2", "ascend910_93", 813, 3},
    {"MatMulV2", "ascend910b", 816, 7},
    {"MatMulV2", "ascend950", 823, 3},
    {"Maximum", "ascend310b", 826, 5},
    {"Maximum", "ascend310p", 831, 5},
    {"Maximum", "ascend910", 836, 5},
    {"Maximum", "ascend910_93", 841, 6},
    {"Maximum", "ascend910b", 847, 6},
    {"Maximum", "ascend950", 853, 7},
    {"Minimum", "ascend310b", 860, 5},
    {"Minimum", "ascend310p", 865, 5},
    {"Minimum", "ascend910", 870, 5},
    {"Minimum", "ascend910_93", 875, 6},
    {"Minimum", "ascend910b", 881, 6},
    {"Minimum", "ascend950", 887, 7},
    {"Mul", "ascend310b", 894, 7},
    {"Mul", "ascend310p", 901, 7},
    {"Mul", "ascend910", 908, 7},
    {"Mul", "ascend910_93", 915, 8},
    {"Mul", "ascend910b", 923, 12},
    {"Mul", "ascend950", 935, 12},
    {"Neg", "ascend310b", 947, 4},
    {"Neg", "ascend310p", 951, 4},
    {"Neg", "ascend910", 955, 4},
    {"Neg", "ascend910_93", 959, 6},
    {"Neg", "ascend910b", 965, 6},
    {"Neg", "ascend950", 971, 6},
    {"Pow", "ascend310b", 977, 5},
    {"Pow", "ascend310p", 982, 5},
    {"Pow", "ascend910", 987, 5},
    {"Pow", "ascend910_93", 992, 6},
    {"Pow", "ascend910b", 998, 6},
    {"Pow", "ascend950", 1004, 6},
    {"RealDiv", "ascend310b", 1010, 3},
    {"RealDiv", "ascend310p", 1013, 3},
    {"RealDiv", "ascend910", 1016, 3},
    {"RealDiv", "ascend910_93", 1019, 6},
    {"RealDiv", "ascend910b", 1025, 5},
    {"RealDiv", "ascend950", 1030, 6},
    {"ReduceMaxD", "ascend310b", 1036, 6},
    {"ReduceMaxD", "ascend310p", 1042, 6},
    {"ReduceMaxD", "ascend910", 1048, 6},
    {"ReduceMaxD", "ascend910_93", 1054, 7},
    {"ReduceMaxD", "ascend910b", 1061, 7},
    {"ReduceMaxD", "ascend950", 1068, 4},
    {"ReduceMeanD", "ascend310b", 1072, 2},
    {"ReduceMeanD", "ascend310p", 1074, 2},
    {"ReduceMeanD", "ascend910", 1076, 2},
    {"ReduceMeanD", "ascend910_93", 1078, 3},
    {"ReduceMeanD", "ascend910b", 1081, 3},
    {"ReduceMeanD", "ascend950", 1084, 3},
    {"ReduceSumD", "ascend310b", 1087, 2},
    {"ReduceSumD", "ascend310p", 1089, 2},
    {"ReduceSumD", "ascend910", 1091, 2},
    {"ReduceSumD", "ascend910_93", 1093, 3},
    {"ReduceSumD", "ascend910b", 1096, 3},
    {"ReduceSumD", "ascend950", 1099, 4},
    {"Relu", "ascend310b", 1103, 5},
    {"Relu", "ascend310p", 1108, 5},
    {"Relu", "ascend910", 1113, 5},
    {"Relu", "ascend910_93", 1118, 6},
    {"Relu", "ascend910b", 1124, 6},
    {"Relu", "ascend950", 1130, 6},
    {"Rsqrt", "ascend310b", 1136, 2},
    {"Rsqrt", "ascend310p", 1138, 2},
    {"Rsqrt", "ascend910", 1140, 2},
    {"Rsqrt", "ascend910_93", 1142, 3},
    {"Rsqrt", "ascend910b", 1145, 3},
    {"Rsqrt", "ascend950", 1148, 3},
    {"Sigmoid", "ascend310b", 1151, 2},
    {"Sigmoid", "ascend310p", 1153, 2},
    {"Sigmoid", "ascend910", 1155, 2},
    {"Sigmoid", "ascend910_93", 1157, 3},
    {"Sigmoid", "ascend910b", 1160, 3},
    {"Sigmoid", "ascend950", 1163, 3},
    {"Slice", "ascend310b", 1166, 12},
    {"Slice", "ascend310p", 1178, 12},
    {"Slice", "ascend910", 1190, 12},
    {"Slice", "ascend910_93", 1202, 14},
    {"Slice", "ascend910b", 1216, 16},
    {"Slice", "ascend950", 1232, 16},
    {"SoftmaxV2", "ascend310b", 1248, 2},
    {"SoftmaxV2", "ascend310p", 1250, 2},
    {"SoftmaxV2", "ascend910", 1252, 2},
    {"SoftmaxV2", "ascend910_93", 1254, 3},
    {"SoftmaxV2", "ascend910b", 1257, 4},
    {"SoftmaxV2", "ascend950", 1261, 4},
    {"Sqrt", "ascend310b", 1265, 2},
    {"Sqrt", "ascend310p", 1267, 2},
    {"Sqrt", "ascend910", 1269, 2},
    {"Sqrt", "ascend910_93", 1271, 3},
    {"Sqrt", "ascend910b", 1274, 3},
    {"Sqrt", "ascend950", 1277, 3},
    {"Sub", "ascend310b", 1280, 7},
    {"Sub", "ascend310p", 1287, 7},
    {"Sub", "ascend910", 1294, 7},
    {"Sub", "ascend910_93", 1301, 8},
    {"Sub", "ascend910b", 1309, 8},
    {"Sub", "ascend950", 1317, 8},
    {"Tanh", "ascend310b", 1325, 2},
    {"Tanh", "ascend310p", 1327, 2},
    {"Tanh", "ascend910", 1329, 2},
    {"Tanh", "ascend910_93", 1331, 3},
    {"Tanh", "ascend910b", 1334, 3},
    {"Tanh", "ascend950", 1337, 3},
    {"TransposeD", "ascend310b", 1340, 7},
    {"TransposeD", "ascend310p", 1347, 7},
    {"TransposeD", "ascend910", 1354, 7},
    {"TransposeD", "ascend910_93", 1361, 8},
    {"TransposeD", "ascend910b", 1369, 8},
    {"TransposeD", "ascend950", 1377, 5},
};

const size_t sim_op_support_ngroups = 204;

/* product profile (sim_core_product.c) -> its SoCs' config dir (op_support.py PRODUCT_SOC_DIRS) */
const char *sim_op_support_soc_dir(const char *product_id)
{
    if (strcmp(product_id, "atlas-350") == 0) return "ascend950";
    if (strcmp(product_id, "atlas-a3") == 0) return "ascend910_93";
    if (strcmp(product_id, "atlas-a2") == 0) return "ascend910b";
    if (strcmp(product_id, "atlas-200i-500-a2") == 0) return "ascend310b";
    if (strcmp(product_id, "atlas-inference") == 0) return "ascend310p";
    if (strcmp(product_id, "atlas-training") == 0) return "ascend910";
    return NULL;
}
