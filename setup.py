"""Builds the simulator library as part of `pip install` (no manual step).

The library is a plain C shared object loaded with ctypes, not a Python extension module: it
exports the ACL C ABI. setuptools' Extension is used only because it drives the platform's C
compiler portably and places the result inside the `simulator` package. Sources, flags and
libraries come from the one build recipe, simulator/recipe.py (loaded by path: the package is
not importable while it is being built).
"""
import importlib.util
import os

from setuptools import Extension, setup

_spec = importlib.util.spec_from_file_location(
    "simulator_recipe", os.path.join(os.path.dirname(os.path.abspath(__file__)), "simulator", "recipe.py"))
recipe = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recipe)


def relative(paths):
    return [os.path.relpath(p) for p in paths]


setup(
    ext_modules=[
        Extension(
            "simulator._aclsim",
            sources=relative(recipe.sources()),
            depends=relative(recipe.depends()),
            include_dirs=relative(recipe.INCLUDE_DIRS),
            extra_compile_args=recipe.base_cflags() + recipe.OPTIMISE,
            extra_link_args=recipe.LINK,
            libraries=recipe.LIBRARIES,
        )
    ]
)
