"""The redesign (issue 18) moves code, never tests: `pytest suites/` must collect exactly the test ids
it collected before the move (tests/data/suite_ids.txt, written from main before any file moved).

When a later change adds or removes suite tests on purpose, regenerate the list with
`pytest suites/ --collect-only -q | grep '::' > tests/data/suite_ids.txt` in the same commit."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.slow
def test_suites_collect_the_committed_test_ids():
    with open(os.path.join(ROOT, "tests", "data", "suite_ids.txt")) as f:
        expected = [line.strip() for line in f if line.strip()]
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACLSIM_")}
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/", "--collect-only", "-q", "-p", "no:cacheprovider"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    got = [line.strip() for line in proc.stdout.splitlines() if "::" in line]
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    assert not missing and not extra and len(got) == len(expected), (
        f"suite ids changed: {len(got)} collected vs {len(expected)} committed; "
        f"missing {len(missing)} (first: {missing[:5]}), new {len(extra)} (first: {extra[:5]}); "
        f"stderr tail: {proc.stderr[-500:]}")
