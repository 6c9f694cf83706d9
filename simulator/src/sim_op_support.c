/*
 * simulator/src/sim_op_support.c - GENERATED from simulator/cann/op_support.csv (sha256 eb9912d2a8918047...)
 * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate
 * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).
 *
 * Which config dir's table (sim_op_support_<dir>.c) gates a product profile's models: each
 * profile's SoCs' lower-cased Short_SoC_version (op_support.py PRODUCT_SOC_DIRS).
 */
#include <string.h>

#include "sim_op_priv.h"

extern const sim_op_support_table sim_op_support_ascend950;
extern const sim_op_support_table sim_op_support_ascend910_93;
extern const sim_op_support_table sim_op_support_ascend910b;
extern const sim_op_support_table sim_op_support_ascend310b;
extern const sim_op_support_table sim_op_support_ascend310p;
extern const sim_op_support_table sim_op_support_ascend910;

/* product profile (sim_core_product.c) -> its SoCs' config dir's table */
const sim_op_support_table *sim_op_support_for_product(const char *product_id)
{
    if (strcmp(product_id, "atlas-350") == 0) return &sim_op_support_ascend950;
    if (strcmp(product_id, "atlas-a3") == 0) return &sim_op_support_ascend910_93;
    if (strcmp(product_id, "atlas-a2") == 0) return &sim_op_support_ascend910b;
    if (strcmp(product_id, "atlas-200i-500-a2") == 0) return &sim_op_support_ascend310b;
    if (strcmp(product_id, "atlas-inference") == 0) return &sim_op_support_ascend310p;
    if (strcmp(product_id, "atlas-training") == 0) return &sim_op_support_ascend910;
    return NULL;
}
