"""The JUnit XML a run writes: one testsuite named by its product, product and clause properties
on every testcase, and the structure of the JUnit XML schema (Jenkins' junit-10.xsd, the one CI
tools read), checked with junitparser: suite counts that match its cases, at most one result
element per case, names and classnames on every case, name/value on every property."""
import xml.etree.ElementTree as ET

import pytest

junitparser = pytest.importorskip("junitparser", reason="junitparser is a dev dependency (pip install -e '.[dev]')")

from tests.report_support import run_suite, write_suite  # noqa: E402

RESULT_TAGS = ("failure", "error", "skipped")
CASE_CHILDREN = {"properties", "system-out", "system-err", *RESULT_TAGS}


def _check_schema(path) -> list:
    """Violations of junit-10.xsd's rules; [] when the file conforms."""
    problems = []
    root = ET.parse(path).getroot()
    if root.tag not in ("testsuites", "testsuite"):
        return [f"root element <{root.tag}>, expected <testsuites> or <testsuite>"]
    suites = [root] if root.tag == "testsuite" else list(root)
    for s in suites:
        if s.tag != "testsuite":
            problems.append(f"<testsuites> holds <{s.tag}>")
            continue
        for attr in ("name", "tests", "failures", "errors"):
            if s.get(attr) is None:
                problems.append(f"testsuite lacks the required attribute {attr}")
        cases = s.findall("testcase")
        for c in cases:
            if not c.get("name") or c.get("classname") is None:
                problems.append(f"testcase {c.get('name')!r} lacks name or classname")
            results = [e.tag for e in c if e.tag in RESULT_TAGS]
            if len(results) > 1:
                problems.append(f"testcase {c.get('name')}: {len(results)} result elements ({results})")
            problems += [f"testcase {c.get('name')}: unexpected <{e.tag}>" for e in c if e.tag not in CASE_CHILDREN]
            for p in c.iter("property"):
                if p.get("name") is None or p.get("value") is None:
                    problems.append(f"testcase {c.get('name')}: property without name or value")
        counted = {t: sum(1 for c in cases if c.find(t) is not None) for t in RESULT_TAGS}
        if int(s.get("tests", -1)) != len(cases):
            problems.append(f"testsuite tests={s.get('tests')} but {len(cases)} testcases")
        for attr, tag in (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
            if s.get(attr) is not None and int(s.get(attr)) != counted[tag]:
                problems.append(f"testsuite {attr}={s.get(attr)} but {counted[tag]} <{tag}> elements")
    return problems


@pytest.mark.slow
def test_junit_has_one_suite_per_product_with_properties_and_follows_the_schema(tmp_path):
    suite = write_suite(tmp_path / "suite")
    out = tmp_path / "run"
    run_suite(suite, "--report-dir", str(out), "--product", "atlas-inference",
              env={"DEMO_BAD": "crash,harness,flaky", "DEMO_FAIL": "1"})
    path = out / "junit.xml"
    assert _check_schema(path) == []
    xml = junitparser.JUnitXml.fromfile(str(path))
    suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
    assert [s.name for s in suites] == ["atlas-inference"]
    suite_props = {p.name: p.value for p in suites[0].properties()}
    assert suite_props["product"] == "atlas-inference"
    cases = list(suites[0])
    assert len(cases) == suites[0].tests > 5
    for case in cases:
        assert case.classname.startswith("atlas-inference."), case.classname
        props = {}
        for p in case.iterchildren(junitparser.Properties):
            for q in p:
                props.setdefault(q.name, []).append(q.value)
        assert props["product"] == ["atlas-inference"] and props["clause"], (case.name, props)
    # the checker catches what the schema forbids
    bad = tmp_path / "bad.xml"
    bad.write_text('<testsuites><testsuite name="x" tests="2" failures="0" errors="0">'
                   '<testcase name="a" classname="c"><failure/><error/></testcase></testsuite></testsuites>')
    assert len(_check_schema(bad)) == 4        # two results, and three counts that do not match


def test_junit_from_records_holds_what_xml_cannot_as_escapes_and_maps_classes(tmp_path):
    from reports.plugin import junit
    recs = [{"id": "s/t.py::test_a[\x1b]", "class": "Fail", "phase": "call", "message": "bad \x1b[31m", "duration": 1},
            {"id": "s/t.py::test_b", "class": "HarnessError", "phase": "setup", "message": "KeyError", "duration": 0},
            {"id": "s/t.py::test_c", "class": "NotRun", "phase": "setup", "message": "cut short", "duration": 0},
            {"id": "s/t.py::test_d", "class": "Waived", "phase": "call", "message": "waived by b.toml:3", "duration": 0},
            {"id": "s/t.py::test_e", "class": "Pass", "phase": "call", "message": "", "duration": 0}]
    path = tmp_path / "junit.xml"
    junit.write(str(path), "atlas-a2", {"tests": recs, "duration": 2.0}, {"s/t.py::test_e": [("clause", "EWH-01")]},
                False, {"s/t.py::test_e": ("s/t.py", 41, "test_e")})
    assert _check_schema(path) == []
    cases = {c.get("name"): c for c in ET.parse(path).getroot().iter("testcase")}
    assert cases["test_a[#x1B]"].find("failure").get("message") == "bad #x1B[31m"
    assert cases["test_b"].find("error") is not None and cases["test_c"].find("error").get("message").startswith("NotRun")
    assert cases["test_d"].find("skipped") is not None and cases["test_e"].get("classname") == "atlas-a2.s.t"
    assert (cases["test_e"].get("file"), cases["test_e"].get("line")) == ("s/t.py", "41")
    assert [(p.get("name"), p.get("value")) for p in cases["test_e"].iter("property")] == [("clause", "EWH-01")]
