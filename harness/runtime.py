"""The runtime through the typed layer: ``Acl`` (one loaded library, errors, versions, memory
info, the simulator's capabilities), the device, contexts and streams.

A failed call raises AclError; use the raw layer (``acl.raw``) whenever a test must pass a wrong
argument on purpose.
"""
from __future__ import annotations

import ctypes
import enum
from typing import Any

from .abi import ERR, PackageName
from .errors import AclError, show_arg
from .lifetime import Ledger, Resource
from .loader import LoadedLibraries
from .raw import RawAcl


def _cstr(value: str | bytes | None) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    return value.encode()


class MemAttr(enum.IntEnum):
    """aclrtMemAttr, the two plain kinds (acl_rt.h, hicann/runtime include/external/acl)."""
    DDR = 0
    HBM = 1


class Acl:
    """One loaded ACL library (simulator or CANN) with typed helpers. One per process."""

    def __init__(self, libs: LoadedLibraries):
        self.libs = libs
        self.raw = RawAcl(libs)
        self.initialised = False
        self.ledger = Ledger()

    # ---- errors -------------------------------------------------------------------------
    def recent_error_message(self) -> str:
        """aclGetRecentErrMsg(): the calling thread's latest message (read-once), or ''."""
        msg = self.raw.aclGetRecentErrMsg()
        return msg.decode(errors="replace") if msg else ""

    def check(self, code: int, call: str) -> None:
        if code != ERR.ACL_SUCCESS:
            raise AclError(code, call, self.recent_error_message())

    def call(self, name: str, *args: Any) -> None:
        """Call ``name`` and raise AclError on a non-zero result."""
        code = getattr(self.raw, name)(*args)
        if code != ERR.ACL_SUCCESS:
            shown = ", ".join(show_arg(a) for a in args)
            raise AclError(code, f"{name}({shown})", self.recent_error_message())

    # ---- process-level ----------------------------------------------------------------
    def init(self, config_path: str | None = None) -> None:
        self.call("aclInit", _cstr(config_path))
        self.initialised = True

    def finalize(self) -> None:
        if self.initialised:
            self.initialised = False
            self.call("aclFinalize")

    def soc_name(self) -> str | None:
        name = self.raw.aclrtGetSocName()
        return name.decode() if name else None

    def device_count(self) -> int:
        count = ctypes.c_uint32()
        self.call("aclrtGetDeviceCount", ctypes.byref(count))
        return count.value

    def acl_version(self) -> str | None:
        """ACL API version from aclrtGetVersion (deprecated on RT 2026, still exported)."""
        if not self.raw.has("aclrtGetVersion"):
            return None
        parts = [ctypes.c_int32() for _ in range(3)]
        if self.raw.aclrtGetVersion(*(ctypes.byref(p) for p in parts)) != 0:
            self.recent_error_message()
            return None
        return ".".join(str(p.value) for p in parts)

    def runtime_version(self) -> str | None:
        """CANN runtime package version (aclsysGetVersionStr, CANN 8.x+), else None.

        CANN reads it from ``$ASCEND_HOME_PATH/share/info/runtime/version.info``; the plain simulator
        library (no install, so no ASCEND_HOME_PATH) answers the same as CANN does there (100003), and
        then the version it models comes from its own ``aclsimCANNVersion`` capability."""
        if self.raw.has("aclsysGetVersionStr"):
            buf = ctypes.create_string_buffer(128)
            if self.raw.aclsysGetVersionStr(b"runtime", buf) == 0:
                return buf.value.decode(errors="replace")
            self.recent_error_message()
        if self.raw.has("aclsimCANNVersion"):
            value = self.raw.aclsimCANNVersion()
            text = ctypes.cast(value, ctypes.c_char_p).value if isinstance(value, int) else value
            if text:
                return text.decode(errors="replace") if isinstance(text, bytes) else str(text)
        return None

    # ---- device memory -------------------------------------------------------------------
    @property
    def has_mem_info(self) -> bool:
        return self.raw.has("aclrtGetMemInfo")

    def mem_info(self, attr: int = MemAttr.HBM) -> tuple[int, int] | None:
        """(free, total) bytes of the current device's memory (aclrtGetMemInfo; HBM falls back to
        DDR where there is none), or None when the library lacks it or the call fails."""
        if not self.has_mem_info:
            return None
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        if self.raw.aclrtGetMemInfo(int(attr), ctypes.byref(free), ctypes.byref(total)) != 0:
            self.recent_error_message()
            return None
        return free.value, total.value

    # ---- simulator capabilities (validation layer, leak counters) -----------------------
    @property
    def has_validation_layer(self) -> bool:
        return self.raw.has("aclsimValidationLogCount")

    @property
    def has_live_counts(self) -> bool:
        return self.raw.has("aclsimLiveObjectCount")

    @property
    def is_simulator(self) -> bool:
        return self.raw.has("aclsimVersion")

    def simulator_version(self) -> str | None:
        return self.raw.aclsimVersion().decode() if self.is_simulator else None

    LIVE_KINDS = ("device_mem", "host_mem", "data_buffer", "tensor_desc", "op_attr", "op_handle",
                  "stream", "context", "event", "model")

    def live_objects(self) -> dict[str, int]:
        return {k: int(self.raw.aclsimLiveObjectCount(k.encode())) for k in self.LIVE_KINDS}

    def validation_log(self) -> list[dict[str, str]]:
        records = []
        buf = ctypes.create_string_buffer(1024)
        for i in range(self.raw.aclsimValidationLogCount()):
            self.call("aclsimValidationLogGet", i, buf, len(buf))
            records.append(dict(kv.split("=", 1) for kv in buf.value.decode().split() if "=" in kv))
        return records

    def clear_validation_log(self) -> None:
        self.raw.aclsimValidationLogClear()


class Device(Resource):
    def __init__(self, acl: Acl, device_id: int = 0):
        self.acl, self.device_id = acl, device_id
        acl.call("aclrtSetDevice", device_id)
        self.ptr = device_id

    def _release(self, ptr):
        self.acl.call("aclrtResetDevice", ptr)


class Context(Resource):
    def __init__(self, acl: Acl, device_id: int = 0):
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateContext", ctypes.byref(out), device_id)
        self.ptr = out.value

    def make_current(self) -> None:
        self.acl.call("aclrtSetCurrentContext", self.ptr)

    def _release(self, ptr):
        self.acl.call("aclrtDestroyContext", ptr)


def current_context(acl: Acl) -> int | None:
    out = ctypes.c_void_p()
    acl.call("aclrtGetCurrentContext", ctypes.byref(out))
    return out.value


class Stream(Resource):
    """An explicit stream. ``Stream.DEFAULT`` (None) names the current context's default stream."""

    DEFAULT = None

    def __init__(self, acl: Acl):
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateStream", ctypes.byref(out))
        self.ptr = out.value

    def synchronize(self) -> None:
        self.acl.call("aclrtSynchronizeStream", self.ptr)

    def _release(self, ptr):
        self.acl.call("aclrtDestroyStream", ptr)


def synchronize(acl: Acl, stream: int | None) -> None:
    """aclrtSynchronizeStream on a raw stream value (None = default stream)."""
    acl.call("aclrtSynchronizeStream", stream)


def cann_version(acl: Acl, package: PackageName = PackageName.CANN) -> str | None:
    """aclsysGetCANNVersion (deprecated) as a fallback version source."""
    if not acl.raw.has("aclsysGetCANNVersion"):
        return None
    buf = ctypes.create_string_buffer(128 + 64 * 4 + 128)
    if acl.raw.aclsysGetCANNVersion(int(package), buf) != 0:
        acl.recent_error_message()
        return None
    return buf.raw[:128].split(b"\0", 1)[0].decode(errors="replace") or None
