"""The simulator's `atc`: ATC single-op JSON files into simulator `.om` files.

    python -m simulator.atc --singleop=ops.json --output=DIR --soc_version=Ascend910B1

The steps, one module each: ``cli`` (CANN's command line), ``parse`` (the JSON read and
validated into the ``model``), ``om`` (file names, .om text, writing), ``compile`` (the
simulator library's model check); ``driver`` runs them and prints CANN's messages.
"""
from .driver import main

__all__ = ["main"]
