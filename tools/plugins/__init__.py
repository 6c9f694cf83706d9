"""pytest plugins the tools pass to the pytest runs they start (``-p tools.plugins.<name>``)."""
