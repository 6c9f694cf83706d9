"""Product identity from SoC names (products.md 1.1), including the bare Ascend910B trap."""
import pytest

from harness import products

SOCS = {
    "atlas-training": ["Ascend910PremiumA", "Ascend910ProA", "Ascend910A", "Ascend910ProB", "Ascend910B"],
    "atlas-inference": ["Ascend310P1", "Ascend310P2", "Ascend310P3", "Ascend310P4", "Ascend310P5", "Ascend310P7"],
    "atlas-a2": ["Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4", "Ascend910B4-1"],
    "atlas-200i-500-a2": ["Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4"],
    "atlas-a3": ["Ascend910_9391", "Ascend910_9392", "Ascend910_9381", "Ascend910_9382", "Ascend910_9372",
                 "Ascend910_9362", "Ascend910_9363", "Ascend910_9361"],
    "atlas-350": ["Ascend950PR_9579", "Ascend950PR_957b", "Ascend950PR_9589", "Ascend950DT_9582", "Ascend950PR_950z"],
}


@pytest.mark.parametrize("product_id,soc", [(p, s) for p, socs in SOCS.items() for s in socs])
def test_detect(product_id, soc):
    assert products.detect(soc).id == product_id


def test_bare_910b_is_the_old_training_family():
    assert products.detect("Ascend910B").id == "atlas-training"
    assert products.detect("Ascend910B1").id == "atlas-a2"


@pytest.mark.parametrize("soc", ["Ascend910", "Ascend310P6", "Ascend910B5", "Ascend310", "", None, "ascend910b1"])
def test_unknown_soc_names_ask_for_product(soc):
    with pytest.raises(products.UnknownProduct, match="--product"):
        products.detect(soc)


def test_every_product_has_a_default_soc_that_detects_to_it():
    assert set(products.DEFAULT_SOC) == set(products.PRODUCT_IDS)
    for pid, soc in products.DEFAULT_SOC.items():
        assert products.detect(soc).id == pid


def test_product_facts():
    assert [p.stream_limit for p in products.PRODUCTS] == [1984, 1984, 1984, 512, 1024, 2048]
    no_bf16 = {p.id for p in products.PRODUCTS if not p.bf16}
    assert no_bf16 == {"atlas-training", "atlas-inference", "atlas-200i-500-a2"}
    assert {p.id for p in products.PRODUCTS if p.saturation_mode} == no_bf16
