"""The stream-limit probe (EWH-10, products.md 5), run in a child process per product.

A fresh process because the simulator reads its profile (``ACLSIM_SOC``) once per process, and
on hardware no other test's streams may count against the limit. The probe works on the raw
binding only (loader, raw, abi, products: no numpy), so a child costs the interpreter and the
library, not the harness's array stack (0.1 s a child instead of 0.45 s; docs/PERFORMANCE.md).

    python -m harness.stream_probe '{"backend": "sim", "soc": "Ascend910B2", ...}'

prints one line ``RESULT {json}``.
"""
from __future__ import annotations

import ctypes
import json
import os
import sys

from . import loader, products
from .abi import error_name
from .raw import RawAcl


def _message(raw: RawAcl) -> str:
    msg = raw.aclGetRecentErrMsg()
    return msg.decode(errors="replace") if msg else ""


def _checked(raw: RawAcl, name: str, *args) -> None:
    code = getattr(raw, name)(*args)
    if code:
        raise RuntimeError(f"{name} returned {code} {error_name(code)}: {_message(raw)!r}")


def stream_limit_probe(backend: str = "sim", acl_lib: str | None = None, soc: str | None = None,
                       product: str | None = None, device_id: int = 0) -> dict:
    """Create streams up to the product's limit (default stream included) and one more; then
    check a context cannot be created at the limit, and that releasing one stream makes room."""
    if soc:
        os.environ["ACLSIM_SOC"] = soc          # read by the simulator at aclInit
    raw = RawAcl(loader.load(backend, acl_lib))
    _checked(raw, "aclInit", None)
    try:
        name = raw.aclrtGetSocName()
        soc_name = name.decode() if name else None
        prod = products.by_id(product) if product else products.detect(soc_name)
        result: dict = {"soc": soc_name, "product": prod.id, "limit": prod.stream_limit}
        _checked(raw, "aclrtSetDevice", device_id)
        streams: list[int] = []
        out = ctypes.c_void_p()
        try:
            code = 0
            # aclrtSetDevice made the default stream: limit - 1 explicit streams fit
            while len(streams) < result["limit"] - 1:
                code = raw.aclrtCreateStream(ctypes.byref(out))
                if code:
                    break
                streams.append(out.value)
            result["created"] = len(streams)
            result["failed_early"] = (code, error_name(code), _message(raw)) if code else None
            code = raw.aclrtCreateStream(ctypes.byref(out))
            result["extra_code"], result["extra_name"] = code, error_name(code)
            result["extra_message"] = _message(raw)
            if code == 0:
                streams.append(out.value)
            saved = ctypes.c_void_p()
            _checked(raw, "aclrtGetCurrentContext", ctypes.byref(saved))
            ctx = ctypes.c_void_p()
            code = raw.aclrtCreateContext(ctypes.byref(ctx), device_id)
            result["context_at_limit_code"] = code
            _message(raw)
            if code == 0:
                raw.aclrtDestroyContext(ctx.value)
            _checked(raw, "aclrtSetCurrentContext", saved.value)
            if streams:
                _checked(raw, "aclrtDestroyStream", streams.pop())
            code = raw.aclrtCreateStream(ctypes.byref(out))
            result["after_release_code"] = code
            _message(raw)
            if code == 0:
                streams.append(out.value)
        finally:
            for s in reversed(streams):
                raw.aclrtDestroyStream(s)
            _checked(raw, "aclrtResetDevice", device_id)
    finally:
        _checked(raw, "aclFinalize")
    return result


if __name__ == "__main__":
    print("RESULT " + json.dumps(stream_limit_probe(**json.loads(sys.argv[1]))))
