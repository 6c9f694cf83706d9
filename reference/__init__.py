"""numpy references and the comparison that judges device results against them."""
