"""Product support (EWH-12): identity and the dtype differences the product table declares."""
import pytest

from fixtures.cases import add_case
from fixtures.checks import assert_close, expect_code
from harness import products
from harness.errors import AclError
from harness.models import ModelBuildError


@pytest.mark.clause("EWH-12")
def test_product_is_identified(harness, acl, product, pytestconfig):
    assert product.id in products.PRODUCT_IDS, f"[EWH-12] {product.id} is not one of {products.PRODUCT_IDS}"
    if pytestconfig.getoption("--product") is None:
        soc = acl.soc_name()
        assert products.detect(soc).id == product.id, (
            f"[EWH-12] the runtime's SoC {soc!r} is {products.detect(soc).id}, the session runs as {product.id}")


@pytest.mark.clause("EWH-12")
def test_bf16_support_matches_the_product(launcher, product, stream):
    case = add_case("bfloat16", (4, 4), saturation=product.saturation_mode)
    if product.bf16:
        p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
        (got,) = p.run(stream.ptr, clause="EWH-12")
        assert_close(got, case.reference()[0], clause="EWH-12", case=f"{case.id} on {product.id}")
        return
    with pytest.raises((ModelBuildError, AclError)) as info:
        launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    if isinstance(info.value, AclError):
        expect_code(info.value.code, (100024, 100025, 100026), clause="EWH-12",
                    what=f"{case.id} on {product.id}, which has no such dtype", message=str(info.value))
