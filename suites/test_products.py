"""Product support (EWH-12): identity and the dtype differences the product table declares."""
import ctypes

import pytest

from fixtures.checks import assert_close, expect_code
from fixtures.contract.cases import add_case
from harness import products
from harness.abi import CompileOpt
from harness.errors import AclError
from harness.models import ModelBuildError


@pytest.mark.clause("EWH-12")
def test_product_is_identified(harness, acl, product):
    """The session's product is judged by a property the runtime reports on its own, not by the SoC
    name it was detected from: the architecture's default ACL_OP_JIT_COMPILE, which
    aclGetCompileopt returns whatever aclSetCompileopt set (GE op_compiler aclGetCompileopt,
    GetDefaultJitCompileValue), against the product table (products.md 6)."""
    assert product.id in products.PRODUCT_IDS, f"[EWH-12] {product.id} is not one of {products.PRODUCT_IDS}"
    if not acl.raw.has("aclGetCompileopt"):
        pytest.skip("not supported: this runtime has no aclGetCompileopt")
    size = int(acl.raw.aclGetCompileoptSize(int(CompileOpt.OP_JIT_COMPILE)))
    buf = ctypes.create_string_buffer(max(size, 16))
    acl.call("aclGetCompileopt", int(CompileOpt.OP_JIT_COMPILE), buf, len(buf))
    want = "enable" if product.jit_compile_default else "disable"
    assert buf.value.decode() == want, (
        f"[EWH-12] the runtime's default ACL_OP_JIT_COMPILE is {buf.value.decode()!r}; the product table says "
        f"{want!r} for {product.id} (products.md 6): the runtime is not the product the session runs as")


@pytest.mark.clause("EWH-12")
def test_bf16_support_matches_the_product(launcher, product, stream, numeric_policy):
    case = add_case("bfloat16", (4, 4), saturation=product.saturation_mode)
    if product.bf16:
        p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
        (got,) = p.run(stream.ptr, clause="EWH-12")
        assert_close(got, case.reference()[0], clause="EWH-12", case=f"{case.id} on {product.id}", policy=numeric_policy)
        return
    with pytest.raises((ModelBuildError, AclError)) as info:
        launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    if isinstance(info.value, AclError):
        expect_code(info.value.code, (100024, 100025, 100026), clause="EWH-12",
                    what=f"{case.id} on {product.id}, which has no such dtype", message=str(info.value))
