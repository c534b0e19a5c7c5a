"""mjtable: a camera assistant for physical mahjong tables (command line entry point)."""
__version__ = "0.1.0"
