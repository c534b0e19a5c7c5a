"""``mjtable serve``: the local web UI (docs/webui.md).

Binds 127.0.0.1 unless ``--lan``; with ``--lan`` it binds every interface and prints a join URL
carrying a random token, with its QR code as terminal text, for the phones at the table. The
token is kept in the data dir (``lan_token``), so that the phones that joined stay joined when the
server is started again; ``--new-token`` makes a new one (the old link and its devices refused).
"""
from __future__ import annotations

import os
import secrets
import socket
import sys
from pathlib import Path

from ..arg_types import whole_number


def register(sub) -> None:
    p = sub.add_parser("serve", help="start the local web UI (capture, review, score, game log)",
                       description="Start the local web UI (docs/webui.md): on this computer only, or with "
                                   "--lan for the phones at the table, which join by the printed link.")
    p.add_argument("--host", default=None, help="address to bind (default 127.0.0.1; 0.0.0.0 with --lan)")
    p.add_argument("--port", type=_port, default=5000, help="port (default 5000; 0 picks a free one)")
    p.add_argument("--data-dir", default=None,
                   help="where the game log and photos live (default $MJTABLE_DATA_DIR or "
                        "~/.local/share/mjtable)")
    p.add_argument("--db", default=None, help="SQLite file of the game log (default DATA_DIR/mjtable.sqlite3)")
    p.add_argument("--lan", action="store_true",
                   help="let other devices on the network join (with the printed token link)")
    p.add_argument("--new-token", action="store_true",
                   help="with --lan: a new join link (the devices that joined with the old one must join again)")
    p.add_argument("--camera", type=_camera_index, default=0, help="index of the server's webcam for OpenCV")
    p.set_defaults(func=run)


# the OS would take a port above 65535 modulo 65536 (70000 became 4464)
_port = whole_number("port number", 0, 65535)
_camera_index = whole_number("camera index", 0)


def _listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening. Bound here, not by werkzeug, whose own
    bind prints its message and exits 1 itself on an address in use (docs/webui.md promises one
    ``error:`` line and status 2)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _lan_address() -> str:
    """The address other machines reach this one at (no packet is sent: UDP connect only
    picks the outgoing interface)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        s.close()


def _print_qr(url: str) -> None:
    try:
        import qrcode
    except ImportError:
        return
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.make(fit=True)
    qr.print_ascii(out=sys.stdout, invert=True)


def _lan_token(data_dir, renew: bool) -> str:
    """The table's join token, kept in the data dir (``lan_token``, private) so that a restart
    keeps the phones joined: a new token each start locked every phone out until the host showed
    the new link; ``renew``: a new one."""
    from webui import kept_secret
    path = Path(data_dir) / "lan_token"
    if not os.access(data_dir, os.W_OK) and (renew or not path.is_file()):
        # a game log on a read-only medium, served read-only: a token for this run (it cannot be kept)
        return secrets.token_urlsafe(16)
    return kept_secret(path, lambda: secrets.token_urlsafe(16), 16, renew=renew)


#: Seconds a connection may stay silent (no byte of a request, or a keep-alive with nothing
#: asked) before it is closed: a device on the Wi-Fi that opened connections and sent nothing
#: held a thread and a file each for good, until the server could take no other (the host too).
IDLE_CONNECTION_S = 30
#: Files the server may hold open (connections among them), where the system allows it: macOS
#: gives a terminal's processes 256.
OPEN_FILES = 4096
#: Connections one address may hold open at once; more are closed as they come. A device that
#: sent a request a byte every few seconds (never silent ``IDLE_CONNECTION_S`` long) held a
#: thread each for as long as it liked, until the server answered nobody; a browser opens at
#: most 6 to one host, a few tabs on a phone stay far under this.
CONNECTIONS_PER_ADDRESS = 32


def _request_handler(timeout: float = IDLE_CONNECTION_S):
    """Werkzeug's request handler, with the LAN join token hidden in its access log and a
    connection silent for ``timeout`` seconds closed."""
    from werkzeug.serving import WSGIRequestHandler

    from webui.security import redact_token

    class TokenHidingRequestHandler(WSGIRequestHandler):
        def log(self, type: str, message: str, *args) -> None:
            super().log(type, "%s", redact_token(message % args if args else message))
    # socketserver.StreamRequestHandler puts it on the connection: each read waits at most this long
    TokenHidingRequestHandler.timeout = timeout
    return TokenHidingRequestHandler


def _cap_connections(server, per_address: int = CONNECTIONS_PER_ADDRESS):
    """Make the threaded ``server`` close at once a connection from an address that already
    holds ``per_address`` open: one device cannot take every thread, the other players' go on."""
    import threading
    open_by_address: dict[str, int] = {}
    lock = threading.Lock()
    accept, serve_one = server.process_request, server.process_request_thread

    def address_of(client_address) -> str:
        return client_address[0] if isinstance(client_address, tuple) else str(client_address)

    def process_request(request, client_address):
        address = address_of(client_address)
        with lock:
            if open_by_address.get(address, 0) >= per_address:
                refused = True
            else:
                refused = False
                open_by_address[address] = open_by_address.get(address, 0) + 1
        if refused:
            server.shutdown_request(request)
            return
        try:
            accept(request, client_address)
        except BaseException:       # no thread took it: it counts no more
            _release(address)
            raise

    def process_request_thread(request, client_address):
        try:
            serve_one(request, client_address)
        finally:
            _release(address_of(client_address))

    def _release(address):
        with lock:
            left = open_by_address.get(address, 1) - 1
            if left > 0:
                open_by_address[address] = left
            else:
                open_by_address.pop(address, None)

    server.process_request = process_request
    server.process_request_thread = process_request_thread
    return server


def _more_open_files(wanted: int = OPEN_FILES) -> None:
    """Raise this process's limit of open files towards ``wanted`` (no further than the system's
    hard limit); silent where the system has no such limit."""
    try:
        import resource
    except ImportError:         # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass


def run(args) -> int:
    from werkzeug.serving import make_server

    from webui import create_app, default_data_dir

    if args.new_token and not args.lan:
        # it was ignored without a word: the player thought the old join link refused
        print("error: --new-token makes a new join link for the network: give it with --lan", file=sys.stderr)
        return 2
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    data_dir = args.data_dir or str(default_data_dir())
    config = {"DATA_DIR": data_dir, "CAMERA_INDEX": args.camera, "PRELOAD_MODELS": True}
    if args.db:
        config["DATABASE"] = os.path.abspath(args.db)
    # the port first: a server that cannot listen leaves no data dir, database or key behind
    try:
        sock = _listening_socket(host, args.port)
    except OSError as e:
        import errno
        hint = (f" (another mjtable may be running at http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:"
                f"{args.port}/: stop it, or choose another --port)" if e.errno == errno.EADDRINUSE else "")
        print(f"error: cannot listen on {host}:{args.port}: {e.strerror or e}{hint}", file=sys.stderr)
        return 2
    # two servers on one machine (another --port and --data-dir) keep their sessions apart
    config["SESSION_COOKIE_NAME"] = f"mjtable-{sock.getsockname()[1]}"
    database = config.get("DATABASE") or str(Path(data_dir).expanduser() / "mjtable.sqlite3")
    had_log = Path(database).exists()
    from webui.startup import StartupError
    try:
        app = create_app(config)
        if args.lan:
            app.config["LAN_TOKEN"] = _lan_token(app.config["DATA_DIR"], args.new_token)
    except StartupError as e:   # a broken data dir or database: one line, no traceback
        sock.close()
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        # the secret key or the join token could not be kept (``app`` may not exist yet)
        sock.close()
        print(f"error: cannot keep the app's keys in {data_dir}: {e.strerror or e}", file=sys.stderr)
        return 2
    _more_open_files()
    server = make_server(host, args.port, app, threaded=True, request_handler=_request_handler(),
                         fd=sock.fileno())
    _cap_connections(server)
    port = sock.getsockname()[1]     # the one picked for --port 0
    local = f"http://{host if host not in ('0.0.0.0', '::') else '127.0.0.1'}:{port}/"
    print(f"mjtable serving on {local}  (data: {app.config['DATABASE']})", flush=True)
    if args.lan:
        address = host if host not in ("0.0.0.0", "::") else _lan_address()
        join = f"http://{address}:{port}/?token={app.config['LAN_TOKEN']}"
        app.config["JOIN_URL"] = join
        print(f"join from a phone on the same network: {join}", flush=True)
        _print_qr(join)
        print(f"phone cannot scan this code? open {local}join on this computer: it shows it large.", flush=True)
        print("devices without the token cannot read or change the game log; the link stays the same when the "
              "server starts again (--new-token makes a new one).", flush=True)
        if address.startswith("127.") or address in ("::1", "localhost"):
            print(f"note: bound to {address} only: the phones cannot reach it; leave out --host, or give this "
                  "computer's network address.", flush=True)
    if not had_log and Path(app.config["DATABASE"]).exists():
        # a mistyped or moved --data-dir gave a fresh, empty log without a word ("No game yet")
        print(f"note: no game log was there: a new, empty one was made at {app.config['DATABASE']}", flush=True)
    # stopped by the system or a closed terminal as by Ctrl-C: the game log is closed and its WAL
    # folded into its file (killed by SIGTERM, its recent hands stayed in the -wal alone)
    import signal

    def _stop(signum, frame):
        raise KeyboardInterrupt
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        app.extensions["mjtable_pool"].close()
    import threading
    if any(t.name == "mjtable-preload" and t.is_alive() for t in threading.enumerate()):
        # stopped while the models still load in their thread: the interpreter's teardown under
        # it aborted the process (SIGABRT); the game log is closed, nothing is left to tidy
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    return 0
