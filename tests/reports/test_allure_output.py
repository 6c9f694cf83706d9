"""reports/plugin/allure_output.py: allure's files from a walk of its model of our own, the same
as allure's ``attr.asdict``."""
import pytest

pytest.importorskip("allure_commons")

from allure_commons.model2 import TestResultContainer as Container  # noqa: E402


def _models():
    """Allure model objects as allure-pytest fills them: nested steps, details, empty and False
    fields, zeros, lists of labels, a container's befores and afters and its children list."""
    from allure_commons.model2 import (
        Attachment,
        Label,
        Link,
        Parameter,
        StatusDetails,
        TestAfterResult,
        TestBeforeResult,
        TestResult,
        TestStepResult,
    )

    from reports.plugin.allure_output import Children
    step = TestStepResult(name="inner", status="passed", start=0, stop=5,
                          parameters=[Parameter(name="x", value="1", excluded=False)],
                          steps=[TestStepResult(name="deeper", statusDetails=StatusDetails(message="m", flaky=False))])
    result = TestResult(name="t[1]", uuid="u", status="failed", fullName="a#t", historyId="h",
                        statusDetails=StatusDetails(message="boom", trace="tb", known=False, flaky=None),
                        labels=[Label(name="tag", value="EWH-05"), Label(name="suite", value="")],
                        links=[Link(type="issue", url="http://x", name=None)], steps=[step],
                        attachments=[Attachment(name="metrics", source="s-attachment.json", type="application/json")],
                        parameters=[Parameter(name="case", value="Add-float32")], titlePath=["suites", "x"],
                        description="doc\n\n**Metrics**", start=1, stop=0)
    container = Container(uuid="c", children=Children(["u", "v"]),
                          befores=[TestBeforeResult(name="stream", status="passed", start=3, stop=4)],
                          afters=[TestAfterResult(name="stream::1", status="broken",
                                                  statusDetails=StatusDetails(message="m", trace="t"))])
    return [result, container, Container(uuid="empty"), TestResult()]


@pytest.mark.parametrize("index", range(4))
def test_as_plain_equals_allures_own_asdict(index):
    import json

    import attr

    from reports.plugin.allure_output import as_plain
    item = _models()[index]
    theirs = attr.asdict(item, filter=lambda _, v: v or v is False)
    assert as_plain(item) == theirs
    assert json.dumps(as_plain(item)) == json.dumps(theirs)       # the same key order in the file
