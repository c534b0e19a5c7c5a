"""Benchmarks run by ``mjtable bench``."""
