"""The `pnp` command and its subcommands, on top of the pipeline."""
