"""Synthetic scenes of mahjong tiles drawn from public artwork, with exact labels.

``artwork`` loads tile faces per style; ``render`` draws a list of ``vision.types.PlacedTile``
as a photo of a table (tile bodies with thickness, perspective, lighting, noise);
``random_layouts`` makes simple training layouts (rows, melds, sideways and face-down tiles)."""
