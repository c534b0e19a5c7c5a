"""``/tiles/<code>.svg``: the tile pictures drawn by :mod:`webui.tile_svg`."""
from __future__ import annotations

from flask import Blueprint, Response, abort

from .tile_svg import tile_svg

bp = Blueprint("tiles", __name__, url_prefix="/tiles")


@bp.get("/<code>.svg")
def tile(code: str):
    try:
        svg = tile_svg(code)
    except KeyError:
        abort(404)
    resp = Response(svg, mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "public, max-age=86400"
    return resp
