"""ModelStore's compile step: one atc run for many specs. atc's status is that of its LAST op only
(CANN's BuildSingleOpModels, cann-install.md section 4), so the store checks every expected .om
and reports each missing one with the atc lines that name it."""
import os
import stat
import sys

import pytest

from harness.models import ModelBuildError, ModelStore, OpSpec, atc_command, tensor

SOC = "Ascend910B1"


def _add(n: int) -> OpSpec:
    t = tensor("float32", (2, n))
    return OpSpec.make("Add", [t, t], [t])


def _bad_add() -> OpSpec:
    """Shapes that do not broadcast: atc parses it, the simulator's compile step refuses it."""
    return OpSpec.make("Add", [tensor("float32", (2, 3)), tensor("float32", (4, 5))], [tensor("float32", (2, 3))])


def _store(tmp_path, command=None) -> ModelStore:
    return ModelStore(None, str(tmp_path / "cache"), SOC, command or atc_command("sim", None))


def _cached(store: ModelStore) -> list[str]:
    return sorted(f for f in os.listdir(store.cache_dir) if f.endswith(".om"))


def test_a_failed_op_before_the_last_is_reported_although_atc_succeeds(tmp_path):
    store = _store(tmp_path)
    good1, bad, good2 = _add(3), _bad_add(), _add(4)
    with pytest.raises(ModelBuildError) as info:
        store._compile([good1, bad, good2])      # one atc run, the failure in the middle
    report = str(info.value)
    assert report.startswith("atc (exit 0) wrote no model for 1 of 3 ops:"), report
    assert f"- {bad.key}.om for {bad.describe()}:" in report, report
    assert "Compile op failed. ge ret = " in report and "op index = 1" in report, report
    assert good1.key not in report and good2.key not in report, "only the missing spec is reported"
    # the ops that compiled are in the cache, complete, and count as compiled
    assert _cached(store) == sorted([good1.key + ".om", good2.key + ".om"])
    assert store.compiled == {good1.key, good2.key}
    assert store.missing([good1, bad, good2]) == [bad]
    assert not [f for f in os.listdir(store.cache_dir) if f.startswith("atc-")], "temporary dir left behind"


def test_a_failed_last_op_is_reported_with_the_exit_status(tmp_path):
    store = _store(tmp_path)
    good, bad = _add(5), _bad_add()
    with pytest.raises(ModelBuildError) as info:
        store.compile_missing([good, bad])
    report = str(info.value)
    assert report.startswith("atc (exit 255) wrote no model for 1 of 2 ops:"), report
    assert f"- {bad.key}.om for {bad.describe()}:" in report, report
    assert "the last op, op[1] (Add), failed to compile; 1 of 2 models written" in report, report
    assert _cached(store) == [good.key + ".om"]


def test_all_good_specs_compile_in_one_run(tmp_path):
    store = _store(tmp_path)
    specs = [_add(6), _add(7)]
    assert store.compile_missing(specs) == specs
    assert _cached(store) == sorted(s.key + ".om" for s in specs)
    assert store.missing(specs) == []


def test_an_atc_that_succeeds_without_writing_is_reported_with_all_its_output(tmp_path):
    """No line names the spec: the report falls back to everything atc printed."""
    fake = tmp_path / "fake_atc"
    fake.write_text(f"#!{sys.executable}\nprint('ATC run success, welcome to the next use.')\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    store = _store(tmp_path, [str(fake)])
    spec = _add(8)
    with pytest.raises(ModelBuildError) as info:
        store.compile_missing([spec])
    report = str(info.value)
    assert report.startswith("atc (exit 0) wrote no model for 1 of 1 ops:"), report
    assert f"- {spec.key}.om for {spec.describe()}:\n    ATC run success, welcome to the next use." in report
    assert _cached(store) == []


def _fake_atc(path, body: str) -> str:
    path.write_text(f"#!/bin/sh\necho 'ATC version 9.1.0'\n# {body}\n")
    path.chmod(0o755)
    return str(path)


def test_the_cache_key_tells_apart_two_atcs_with_the_same_version_string(tmp_path):
    from harness.models import atc_identity, atc_identity_key
    a = _fake_atc(tmp_path / "a-atc", "build one")
    b = _fake_atc(tmp_path / "b-atc", "build two")
    ia, ib = atc_identity([a]), atc_identity([b])
    assert ia["version_output"] == ib["version_output"] == "exit 0: ATC version 9.1.0"
    assert ia["path"] == os.path.realpath(a) and ia["sha256"] != ib["sha256"]
    assert atc_identity_key([a]) != atc_identity_key([b])
    # the same bytes under another path are another atc too; the same file through a link is not
    c = tmp_path / "c-atc"
    c.write_bytes((tmp_path / "a-atc").read_bytes())
    c.chmod(0o755)
    assert atc_identity_key([str(c)]) != atc_identity_key([a])
    os.symlink(a, tmp_path / "link-atc")
    assert atc_identity_key([str(tmp_path / "link-atc")]) == atc_identity_key([a])


def test_the_simulators_atc_key_follows_its_module_source():
    from harness.models import atc_identity
    ident = atc_identity(atc_command("sim", None))
    assert ident["path"] == os.path.realpath(sys.executable) and len(ident["module_sha256"]) == 64


def test_a_runtime_without_a_version_never_shares_a_cache(tmp_path):
    from types import SimpleNamespace

    from harness.session import HarnessSession, Options

    def session(version):
        s = HarnessSession.__new__(HarnessSession)
        s.opts, s.soc, s._model_cache = Options(model_dir=str(tmp_path)), SOC, None
        s.libs = SimpleNamespace(backend="device")
        s.acl = SimpleNamespace(is_simulator=False, runtime_version=lambda: version, simulator_version=lambda: None)
        return s
    first, second = session(None).model_cache, session(None).model_cache
    assert "-unknown-" in os.path.basename(first) and first != second
    assert os.path.dirname(first) == str(tmp_path) and os.path.isdir(first)
    known = session("9.1.0").model_cache
    assert known == session("9.1.0").model_cache and os.path.basename(known).startswith(f"device-{SOC}-9.1.0-atc")


def _counting_atc(tmp_path) -> list[str]:
    """The simulator's atc behind a shell wrapper that appends a line to ``runs`` per run."""
    runs = tmp_path / "runs"
    wrapper = tmp_path / "counting_atc"
    wrapper.write_text(f"#!/bin/sh\necho run >> '{runs}'\nexec {' '.join(atc_command('sim', None))} \"$@\"\n")
    wrapper.chmod(0o755)
    return [str(wrapper)]


def _runs(tmp_path) -> int:
    path = tmp_path / "runs"
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_a_refusal_is_recorded_and_replayed_without_running_atc_again(tmp_path):
    store = _store(tmp_path, _counting_atc(tmp_path))
    bad = _bad_add()
    with pytest.raises(ModelBuildError) as first:
        store.ensure(bad)
    assert _runs(tmp_path) == 1 and os.path.exists(store.refusal_path(bad))
    assert "Compile op failed. ge ret = " in str(first.value)
    # a new store (a new session) over the same cache: the refusal comes from the record
    again = _store(tmp_path, _counting_atc(tmp_path))
    with pytest.raises(ModelBuildError) as second:
        again.ensure(bad)
    assert _runs(tmp_path) == 1, "atc ran again for a recorded refusal"
    report = str(second.value)
    assert report.startswith(f"atc refused 1 of 1 ops (recorded in the model cache {again.cache_dir}"), report
    assert f"- {bad.key}.om for {bad.describe()} (atc exit 255):" in report, report
    refusal_lines = [ln for ln in str(first.value).splitlines() if "Compile op failed" in ln]
    assert refusal_lines and all(ln in report for ln in refusal_lines), report
    assert again.refusals_replayed == {bad.key} and again.compiled == set()
    # compile_missing (python -m harness models build) asks atc again: a refusal is not a model
    assert again.missing([bad]) == [bad]


def test_good_specs_beside_a_recorded_refusal_are_compiled_and_the_refusal_raised(tmp_path):
    store = _store(tmp_path, _counting_atc(tmp_path))
    bad, good = _bad_add(), _add(9)
    with pytest.raises(ModelBuildError):
        store.ensure(bad)
    with pytest.raises(ModelBuildError) as info:
        store.ensure(good, bad)
    assert _runs(tmp_path) == 2, "one atc run, for the good spec only"
    assert _cached(store) == [good.key + ".om"] and store.compiled == {good.key}
    assert "atc refused 1 of 2 ops" in str(info.value)


def test_a_failure_without_atcs_refusal_line_is_not_recorded(tmp_path):
    """A crash, a full disk, a missing license: nothing says the op itself is refused."""
    fake = tmp_path / "fake_atc"
    fake.write_text(f"#!{sys.executable}\nimport sys\nprint('E19999: Inner Error!')\nsys.exit(1)\n")
    fake.chmod(0o755)
    store = _store(tmp_path, [str(fake)])
    spec = _add(10)
    with pytest.raises(ModelBuildError):
        store.ensure(spec)
    assert not os.path.exists(store.refusal_path(spec))
    assert store.recorded_refusals([spec]) == []


def test_an_unreadable_refusal_record_runs_atc_again(tmp_path):
    store = _store(tmp_path, _counting_atc(tmp_path))
    bad = _bad_add()
    with pytest.raises(ModelBuildError):
        store.ensure(bad)
    with open(store.refusal_path(bad), "w") as f:
        f.write("{not json")
    with pytest.raises(ModelBuildError) as info:
        _store(tmp_path, _counting_atc(tmp_path)).ensure(bad)
    assert _runs(tmp_path) == 2 and str(info.value).startswith("atc (exit 255) wrote no model")
    assert not [f for f in os.listdir(store.cache_dir) if f.endswith(".tmp")], "temporary record left behind"
