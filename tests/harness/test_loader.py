"""Library loading: clear errors that list every path tried, and pytest exit code 4."""
import pytest

from harness import loader
from tests.conftest import run_module


def test_explicit_missing_library_lists_the_path():
    with pytest.raises(loader.LibraryNotFound) as info:
        loader.load("sim", "/nonexistent/libacl.so")
    assert "/nonexistent/libacl.so (not found)" in str(info.value)


def test_explicit_library_that_is_not_a_shared_object(tmp_path):
    bogus = tmp_path / "libbogus.so"
    bogus.write_text("not an ELF file")
    with pytest.raises(loader.LibraryNotFound, match="dlopen failed"):
        loader.load("sim", str(bogus))


def test_acl_library_env_is_used_when_no_option():
    with pytest.raises(loader.LibraryNotFound, match="/env/given.so"):
        loader.load("sim", None, env={"ACL_LIBRARY": "/env/given.so"})


def test_device_backend_searches_every_documented_place(tmp_path):
    env = {"ASCEND_HOME_PATH": str(tmp_path / "home"), "ASCEND_TOOLKIT_HOME": str(tmp_path / "tk"),
           "LD_LIBRARY_PATH": f"{tmp_path / 'ld1'}:{tmp_path / 'ld2'}"}
    with pytest.raises(loader.LibraryNotFound) as info:
        loader.load("device", None, env=env)
    text = str(info.value)
    for where in ("home/lib64/libascendcl.so", "tk/lib64/libascendcl.so", "ld1/libascendcl.so",
                  "ld2/libascendcl.so", "/usr/local/Ascend/ascend-toolkit/latest/lib64/libascendcl.so",
                  "libacl_op_executor.so", "libacl_op_compiler.so", "libacl_rt.so"):
        assert where in text, f"{where} not listed in: {text}"
    assert "\n" not in text


def test_unknown_backend():
    with pytest.raises(ValueError):
        loader.load("gpu")


@pytest.mark.slow
def test_pytest_with_a_missing_library_exits_4_with_one_line():
    proc = run_module(["pytest", "suites/", "--acl-lib", "/nonexistent.so", "-q", "-p", "no:randomly"])
    assert proc.returncode == 4, proc.stdout + proc.stderr
    errors = [line for line in (proc.stdout + proc.stderr).splitlines() if line.startswith("ERROR:")]
    assert len(errors) == 1 and "/nonexistent.so (not found)" in errors[0], proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.slow
def test_harness_info_with_a_missing_library_exits_4():
    proc = run_module(["harness", "info", "--acl-lib", "/nonexistent.so"])
    assert proc.returncode == 4
    assert "/nonexistent.so (not found)" in proc.stderr and "Traceback" not in proc.stderr
