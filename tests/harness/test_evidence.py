"""Device evidence (harness/evidence.py): a fake Atlas host in a temporary directory is found,
the simulator is recognised by its build tag or its symbols, and nothing found is said so."""
import os

from harness import evidence
from tests.report_support import fake_atlas_host


class FakeRaw:
    def __init__(self, tag=None, code=0, symbols=("aclsysGetVersionStr",)):
        self.tag, self.code, self.symbols = tag, code, set(symbols)
        self.asked = []

    def has(self, name):
        return name in self.symbols

    def aclsysGetVersionStr(self, pkg, buf):
        self.asked.append(pkg)
        if self.code == 0:
            buf.value = self.tag.encode()
        return self.code


class FakeAcl:
    def __init__(self, raw):
        self.raw = raw

    def recent_error_message(self):
        return ""


def test_a_real_host_shows_driver_version_and_device_nodes(tmp_path):
    root = fake_atlas_host(tmp_path, devices=(0, 1))
    acl = FakeAcl(FakeRaw(code=100003))            # CANN: no share/info/simulator -> INVALID_FILE
    ev = evidence.gather(backend="device", devices=[1], acl=acl, root=root, environ={})
    assert ev["conclusion"] == evidence.DEVICE, ev
    assert ev["driver"]["driver_install_path"] == "/opt/drv"
    assert ev["driver"]["version_info"] == "/opt/drv/driver/version.info" and ev["driver"]["version"] == "25.3.rc1"
    assert ev["device_nodes"] == {"/dev/davinci1": True, "/dev/davinci_manager": True}
    assert acl.raw.asked == [b"simulator"] and ev["simulator_tag"]["result"] == "returned 100003"


def test_the_default_driver_path_without_an_install_record(tmp_path):
    root = fake_atlas_host(tmp_path)
    os.remove(tmp_path / "etc" / "ascend_install.info")
    os.makedirs(tmp_path / "usr/local/Ascend/driver")
    (tmp_path / "usr/local/Ascend/driver/version.info").write_text("Version= 24.1.rc2 \n")
    drv = evidence.driver(root)
    assert drv["install_info_found"] is False and drv["version"] == "24.1.rc2"


def test_a_missing_node_or_driver_is_no_device_evidence(tmp_path):
    root = fake_atlas_host(tmp_path, devices=(0,))
    ev = evidence.gather(backend="device", devices=[3], root=root, environ={})
    assert ev["conclusion"] == evidence.NO_EVIDENCE and "device node /dev/davinci3" in ev["missing"]
    os.remove(tmp_path / "opt/drv/driver/version.info")
    ev = evidence.gather(backend="device", devices=[0], root=root, environ={})
    assert ev["conclusion"] == evidence.NO_EVIDENCE and ev["driver"]["version"] is None
    empty = tmp_path / "empty"
    empty.mkdir()
    ev = evidence.gather(backend="device", devices=[0], root=str(empty), environ={})
    assert ev["conclusion"] == evidence.NO_EVIDENCE and len(ev["missing"]) == 3, ev["missing"]


def test_the_simulator_tag_or_symbols_or_backend_make_it_the_simulator(tmp_path):
    root = fake_atlas_host(tmp_path)            # even on a host that has a driver and nodes
    tagged = FakeAcl(FakeRaw(tag="simulator 1.4.0"))
    ev = evidence.gather(backend="device", devices=[0], acl=tagged, root=root, environ={})
    assert ev["conclusion"] == evidence.SIMULATOR and ev["simulator_tag"]["tag"] == "simulator 1.4.0"
    symbols = FakeAcl(FakeRaw(code=100003, symbols=("aclsysGetVersionStr", "aclsimVersion")))
    assert evidence.gather(backend="device", devices=[0], acl=symbols, root=root, environ={})["conclusion"] == "simulator"
    assert evidence.gather(backend="sim", devices=[0], root=root, environ={})["conclusion"] == "simulator"
    # an older runtime without the version call: no tag, not a failure
    old = FakeAcl(FakeRaw(symbols=()))
    ev = evidence.gather(backend="device", devices=[0], acl=old, root=root, environ={})
    assert ev["conclusion"] == evidence.DEVICE and ev["simulator_tag"]["tag"] is None


def test_visible_devices_map_logical_ids_to_their_nodes(tmp_path):
    root = fake_atlas_host(tmp_path, devices=(2, 5))
    ev = evidence.gather(backend="device", devices=[0, 1], root=root, environ={"ASCEND_RT_VISIBLE_DEVICES": "2,5"})
    assert ev["conclusion"] == evidence.DEVICE and list(ev["device_nodes"])[:2] == ["/dev/davinci2", "/dev/davinci5"]
    assert ev["ASCEND_RT_VISIBLE_DEVICES"] == "2,5"
    # CANN's parser: no ranges, it stops at the first other character
    assert evidence.visible_devices("0-3") == [0] and evidence.visible_devices("1,,2") == [1]
    assert evidence.visible_devices("1, 2,3") == [1] and evidence.visible_devices("x") == []


def test_the_simulator_backend_run_records_its_evidence(acl):
    ev = evidence.gather(backend="sim", devices=[0], acl=acl)
    assert ev["conclusion"] == evidence.SIMULATOR and ev["aclsim_symbols"] is True
