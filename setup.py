"""Builds the simulator library as part of `pip install` (no manual step).

The library is a plain C shared object loaded with ctypes, not a Python extension module: it
exports the ACL C ABI. setuptools' Extension is used only because it drives the platform's C
compiler portably and places the result inside the `simulator` package.
"""
import glob

from setuptools import Extension, setup

SIM_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-ftree-vectorize", "-D_GNU_SOURCE",
             "-fvisibility=hidden", "-pthread"]

setup(
    ext_modules=[
        Extension(
            "simulator._aclsim",
            sources=sorted(glob.glob("simulator/src/*.c")),
            depends=glob.glob("simulator/src/*.h") + glob.glob("simulator/src/*.def")
            + glob.glob("simulator/include/*.h"),
            include_dirs=["simulator/include", "simulator/src"],
            extra_compile_args=SIM_FLAGS,
            extra_link_args=["-pthread", "-Wl,-z,defs"],   # unresolved symbols fail the build
            libraries=["m", "dl"],   # dl: custom-op kernels are dlopen-ed (glibc < 2.34 keeps it in libdl)
        )
    ]
)
