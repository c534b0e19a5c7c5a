"""Measurement reports (``mjtable report TARGET``): each module exposes ``add_arguments(parser)``
and ``run(args)``; heavy imports happen inside ``run``."""
