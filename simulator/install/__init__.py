"""The simulator laid out as a CANN install, and the device stand-in.

    python -m simulator.install --prefix DIR [--layout cann|ascend-toolkit] [--soc NAME]
    python -m simulator.install.standin DIR

One job per module: ``abi`` reads include/acl_sim.h into items; ``table`` reads cann/api.toml
(the header and libraries of every item per layout); ``headers`` renders include/acl/*.h;
``libs`` builds the private core and the CANN-named wrapper libraries; ``env`` writes set_env.sh,
bin/atc and the version files; ``main`` lays the tree out and is the command line. ``standin``
builds the simulator as one libascendcl.so with every aclsim* symbol hidden, for --backend device
without an install. Compiler flags and libraries: simulator/recipe.py.
"""
