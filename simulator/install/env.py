"""Text files of the install: set_env.sh (per layout), bin/atc, version / install-info files.

set_env.sh follows CANN's (cann-install.md section 1): for the classic layout the complete
8.1.RC1 file (1a); for the CANN 8.5/9.x layout the RT script (1c): it first drops PATH,
LD_LIBRARY_PATH and PYTHONPATH entries of an earlier `<parent>/cann*` install, then prepends the
same directories and exports the same variables. `--soc` adds one line, ``export ACLSIM_SOC=...``:
the SoC (and so the product profile) is chosen at install time, or later by ACLSIM_SOC.
"""
from __future__ import annotations

import os
import platform
import shlex
import sys

from .. import PACKAGE_DIR
from ..recipe import VALIDATOR_ENV

ARCH = platform.machine() or "x86_64"


def _soc_line(soc: str | None) -> str:
    if not soc:
        return ("# The simulated SoC: the simulator's default profile; set ACLSIM_SOC=<soc> (or install\n"
                "# with --soc) to choose another.\n")
    return ("# The simulated SoC, chosen at install time (--soc); ACLSIM_SOC set later overrides it.\n"
            f"export ACLSIM_SOC={shlex.quote(soc)}\n")


def _pyacl_line(home: str) -> str:
    """pyACL on PYTHONPATH when its directory exists, as CANN 8.1.RC1's runtime setenv.bash and
    hicann/runtime scripts/package/runtime/scripts/setenv.bash (lines 146-149) add it. The
    install's pyACL is a package directory ``acl``, so its parent is the entry."""
    return (f"if [ -d {home}/pyACL/python/site-packages/acl ]; then\n"
            f"    export PYTHONPATH={home}/pyACL/python/site-packages${{PYTHONPATH:+:$PYTHONPATH}}\n"
            "fi\n")


def set_env_classic(toolkit_home: str, soc: str | None) -> str:
    """cann-install.md 1a: /usr/local/Ascend/ascend-toolkit/set_env.sh of CANN 8.1.RC1."""
    h = shlex.quote(toolkit_home)
    return f"""# set_env.sh of the simulator's CANN-shaped install (layout ascend-toolkit; CANN 8.1.RC1's file)
export ASCEND_TOOLKIT_HOME={h}
export LD_LIBRARY_PATH=${{ASCEND_TOOLKIT_HOME}}/lib64:${{ASCEND_TOOLKIT_HOME}}/lib64/plugin/opskernel:${{ASCEND_TOOLKIT_HOME}}/lib64/plugin/nnengine:${{ASCEND_TOOLKIT_HOME}}/opp/built-in/op_impl/ai_core/tbe/op_tiling/lib/linux/$(arch):$LD_LIBRARY_PATH
export LD_LIBRARY_PATH=${{ASCEND_TOOLKIT_HOME}}/tools/aml/lib64:${{ASCEND_TOOLKIT_HOME}}/tools/aml/lib64/plugin:$LD_LIBRARY_PATH
export PYTHONPATH=${{ASCEND_TOOLKIT_HOME}}/python/site-packages:${{ASCEND_TOOLKIT_HOME}}/opp/built-in/op_impl/ai_core/tbe:$PYTHONPATH
export PATH=${{ASCEND_TOOLKIT_HOME}}/bin:${{ASCEND_TOOLKIT_HOME}}/compiler/ccec_compiler/bin:${{ASCEND_TOOLKIT_HOME}}/tools/ccec_compiler/bin:$PATH
export ASCEND_AICPU_PATH=${{ASCEND_TOOLKIT_HOME}}
export ASCEND_OPP_PATH=${{ASCEND_TOOLKIT_HOME}}/opp
export TOOLCHAIN_HOME=${{ASCEND_TOOLKIT_HOME}}/toolkit
export ASCEND_HOME_PATH=${{ASCEND_TOOLKIT_HOME}}
{_pyacl_line("${ASCEND_TOOLKIT_HOME}")}{_soc_line(soc)}"""


def set_env_cann(version_dir: str, soc: str | None) -> str:
    """cann-install.md 1c: RT scripts/package/runtime/set_env.sh (CANN 9.x)."""
    v = shlex.quote(version_dir)
    parent = shlex.quote(os.path.dirname(version_dir.rstrip("/")))
    return f"""# set_env.sh of the simulator's CANN-shaped install (layout cann; CANN 8.5/9.x's script)
version_dirpath={v}
install_parent={parent}
_aclsim_drop_old() {{
    # Entries of an earlier <parent>/cann* install are removed first, as CANN's script does.
    printf '%s' "$1" | tr ':' '\\n' | grep -v "^${{install_parent}}/cann[/_-]" | grep -v "^${{install_parent}}/cann$" | paste -sd: -
}}
PATH=$(_aclsim_drop_old "$PATH")
LD_LIBRARY_PATH=$(_aclsim_drop_old "${{LD_LIBRARY_PATH:-}}")
PYTHONPATH=$(_aclsim_drop_old "${{PYTHONPATH:-}}")
unset -f _aclsim_drop_old
export PATH=${{version_dirpath}}/bin:${{version_dirpath}}/tools/ccec_compiler/bin:${{version_dirpath}}/tools/profiler/bin:${{version_dirpath}}/tools/ascend_system_advisor/asys:${{version_dirpath}}/tools/show_kernel_debug_data:${{version_dirpath}}/tools/msobjdump${{PATH:+:$PATH}}
export LD_LIBRARY_PATH=${{version_dirpath}}/lib64:${{version_dirpath}}/lib64/plugin/opskernel:${{version_dirpath}}/lib64/plugin/nnengine:${{version_dirpath}}/opp/built-in/op_impl/ai_core/tbe/op_tiling/lib/linux/$(arch):/usr/local/Ascend/driver/lib64:/usr/local/Ascend/driver/lib64/common:/usr/local/Ascend/driver/lib64/driver${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}
export PYTHONPATH=${{version_dirpath}}/python/site-packages:${{version_dirpath}}/opp/built-in/op_impl/ai_core/tbe${{PYTHONPATH:+:$PYTHONPATH}}
if [ ! -f /usr/local/Ascend/driver/lib64/driver/libascend_hal.so ]; then
    export LD_LIBRARY_PATH=${{LD_LIBRARY_PATH}}:${{version_dirpath}}/devlib
fi
export ASCEND_OPP_PATH=${{version_dirpath}}/opp
export ASCEND_AICPU_PATH=${{version_dirpath}}
export TOOLCHAIN_HOME=${{version_dirpath}}/toolkit
export ASCEND_HOME_PATH=${{version_dirpath}}
export ASCEND_TOOLKIT_HOME=${{version_dirpath}}
export CMAKE_PREFIX_PATH=${{version_dirpath}}/lib64/cmake:${{version_dirpath}}/toolkit/tools/tikicpulib/lib/cmake${{CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}}
{_pyacl_line("${version_dirpath}")}{_soc_line(soc)}"""


def atc_wrapper(core_library_name: str) -> str:
    """bin/atc: GE api/atc/atc (a bash wrapper adding <pkg>/lib64 and <pkg>/python/site-packages)
    running the simulator's atc instead of atc.bin. ACLSIM_ATC_VALIDATOR is atc's private way to
    the core library's model check; no CANN-named library exports it."""
    python = shlex.quote(sys.executable)
    sim_parent = shlex.quote(os.path.dirname(PACKAGE_DIR))
    return f"""#!/bin/bash
# atc of the simulator's CANN-shaped install: CANN's wrapper (GE api/atc/atc) around the
# simulator's atc (python -m simulator.atc) in place of atc.bin.
real_path=$(realpath "$0")
LOCAL_PATH=$(cd "$(dirname "$real_path")"; pwd)
PKG_PATH=$(cd "${{LOCAL_PATH}}/.."; pwd)
export LD_LIBRARY_PATH="${{PKG_PATH}}/lib64:${{LD_LIBRARY_PATH}}"
export PYTHONPATH="${{PKG_PATH}}/python/site-packages:{sim_parent}:${{PYTHONPATH}}"
export {VALIDATOR_ENV}="${{PKG_PATH}}/lib64/{core_library_name}"
exec {python} -m simulator.atc "$@"
"""


def toolkit_install_info(version: str, path: str) -> str:
    """cann-install.md 2a: <arch>-linux/ascend_toolkit_install.info."""
    return (f"package_name=Ascend-cann-toolkit\nversion={version}\ninnerversion=aclsim\n"
            f"arch={ARCH}\nos=linux\npath={path}\n")


def version_cfg(version: str) -> str:
    """cann-install.md 2a: latest/version.cfg lines, one package (runtime) here."""
    return f"runtime_running_version=[{version}:{version}]\ncompiler_running_version=[{version}:{version}]\n"


def write_text(path: str, text: str, executable: bool = False) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    if executable:
        os.chmod(path, 0o755)
