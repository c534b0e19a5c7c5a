"""``mjtable bench first-read``: how long the first reading takes in a fresh process.

- **cold CLI read**: wall time of ``mjtable read PHOTO`` in a new interpreter (imports, model
  loading, one reading), ``--runs`` times.
- **web app's first photo**: ``mjtable serve --port 0`` is started in a new process; once it
  prints its address (the server is up), one photo is posted to ``/api/read`` after ``--delay``
  seconds (several delays: 0 is a photo sent the moment the server answers, while its models
  still load; a few seconds is a player who opens the page and takes the photo) and the time to
  its answer is taken, ``--runs`` times per delay.

Medians (and the slowest run) are printed; the machine's other load shows in the spread. Imports
are made where used: every ``mjtable`` command imports this module to build its parser."""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def add_arguments(p) -> None:
    p.add_argument("--image", type=Path, default=None,
                   help="photo to read (default: the first hand_*.jpg of the shared test split, else "
                        "tests/fixtures/vision/rendered_hand_riichi.jpg)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--delay", type=float, nargs="+", default=[0.0, 3.0],
                   help="seconds between the server's start and the photo (default 0 3)")
    p.add_argument("--data", type=Path, default=REPO / ".." / "shared" / "data")
    p.add_argument("--skip", choices=("cli", "web"), default=None, help="leave one of the two out")
    p.add_argument("--repo", type=Path, default=REPO,
                   help="run the mjtable of this checkout (e.g. an older commit's, unpacked with git archive, "
                        "to compare before and after on the same machine; default this one)")


def default_image(data_root: Path) -> Path:
    hands = sorted((Path(data_root) / "chinese-mahjong-detection" / "test" / "images").glob("hand_*.jpg"))
    if hands:
        return hands[0]
    return REPO / "tests" / "fixtures" / "vision" / "rendered_hand_riichi.jpg"


def cold_cli_read(image: Path, repo: Path = REPO) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mjtable", "read", str(image)], cwd=repo, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def _multipart(field: str, filename: str, data: bytes) -> tuple[bytes, str]:
    import uuid
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def web_first_photo(image: Path, delay: float, repo: Path = REPO) -> dict:
    """Seconds from the server being up to its process start (``up_s``) and from posting the
    first photo to its answer (``answer_s``)."""
    import tempfile
    import urllib.request
    with tempfile.TemporaryDirectory() as data_dir:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "mjtable", "serve", "--port", "0", "--data-dir", data_dir],
                                cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            first = proc.stdout.readline()
            if "serving on " not in first:
                raise RuntimeError(f"mjtable serve did not start: {first!r}")
            up = time.perf_counter() - t0
            url = first.split("serving on ", 1)[1].split()[0] + "api/read"
            time.sleep(delay)
            body, content_type = _multipart("image", image.name, image.read_bytes())
            request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
            t1 = time.perf_counter()
            with urllib.request.urlopen(request, timeout=120) as r:
                tiles = len(json.loads(r.read())["tiles"])
            return {"up_s": up, "answer_s": time.perf_counter() - t1, "tiles": tiles}
        finally:
            proc.terminate()
            proc.wait(10)


def run(args) -> int:
    image = Path(args.image or default_image(args.data)).resolve()
    repo = args.repo.resolve()
    result: dict = {"image": str(image), "repo": str(repo), "runs": args.runs}
    if args.skip != "cli":
        cli = [cold_cli_read(image, repo) for _ in range(args.runs)]
        result["cli_read_s"] = {"median": round(statistics.median(cli), 2), "max": round(max(cli), 2)}
    if args.skip != "web":
        result["web"] = {}
        for delay in args.delay:
            runs = [web_first_photo(image, delay, repo) for _ in range(args.runs)]
            answers = [r["answer_s"] for r in runs]
            result["web"][f"{delay:g}"] = {
                "up_median_s": round(statistics.median(r["up_s"] for r in runs), 2),
                "answer_median_s": round(statistics.median(answers), 2), "answer_max_s": round(max(answers), 2),
                "tiles": runs[0]["tiles"]}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"first reading of {image} by {repo}, {args.runs} runs each, median (slowest):")
    if "cli_read_s" in result:
        c = result["cli_read_s"]
        print(f"  cold `mjtable read`           {c['median']:5.2f} s ({c['max']:.2f})")
    for delay, w in result.get("web", {}).items():
        print(f"  web app, photo {delay} s after it is up: answer {w['answer_median_s']:5.2f} s "
              f"({w['answer_max_s']:.2f}); server up after {w['up_median_s']:.2f} s")
    return 0
