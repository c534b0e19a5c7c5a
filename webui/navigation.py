"""Where a page leads back to: the page of this app a request came from."""
from __future__ import annotations

from flask import request


def back_url() -> str:
    """Where the error page's "Go back" leads: the page of this app the request came from (a link
    to ``history.back()`` is a script, which the pages' Content-Security-Policy refuses), else the
    photo page."""
    from urllib.parse import urlsplit

    from flask import url_for
    came_from = urlsplit(request.referrer or "")
    # "//host/..." or "/\\host" would be taken by the browser for another site's address
    if (came_from.netloc == request.host and came_from.path.startswith("/") and came_from.path[1:2] not in ("/", "\\")
            and came_from.path != request.path):
        return came_from.path + (f"?{came_from.query}" if came_from.query else "")
    return url_for("capture.index")
