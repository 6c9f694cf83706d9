"""An install's ABI: its headers through ``cc -E`` and pycparser, its libraries through pyelftools."""
from __future__ import annotations

from .exports import install_exports
from .headers import Headers, macro_values, parse
from .locate import Install
from .model import Abi
from .preprocess import PROBE_NAME, preprocess


def read_abi(install: Install, cc: str) -> Abi:
    pre = preprocess(install, cc)
    headers = Headers(install.include_dir)
    headers.read(parse(pre.text, f"{install.include_dir} ({PROBE_NAME}: {', '.join(install.headers)})"))
    macro_values(pre, headers)
    return Abi(home=install.home, headers=list(install.headers), functions=headers.functions,
               values=headers.values, typedefs=headers.typedefs,
               exports=install_exports(install.lib_dir, install.libraries))
