"""Live mode for real: Chromium's fake camera plays a video of a hand being laid out (a real
``hand_*`` photo with its tiles appearing from left to right, then held still), and the page
reads the frames with the shipped models: nothing is kept while tiles are still being laid
down; once the whole hand is in view and still, it is read, scored and offered for review, and
the page says so. The video is a Y4M file written from the photo (Chromium's
``--use-file-for-fake-video-capture``)."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from .test_browser import CHROMEDRIVER, CHROMIUM, By, EC, console_errors, server, wait  # noqa: F401
from .test_photo import reader_ready  # noqa: F401 - used by a skipif condition

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif("not reader_ready()", reason="the photo reader or its weights are not installed")]

PHOTO = "hand_003"
FPS = 5


def _photo():
    from tests.vision.test_real_hands import PHOTOS, labelled_tiles
    found = [p for p in PHOTOS if p.name.startswith(PHOTO + "_")]
    return (found[0].resolve(), labelled_tiles(found[0])) if found else (None, None)


def write_layout_video(photo: Path, out: Path, *, steps: int = 3, step_s: float = 1.5, still_s: float = 12.0) -> None:
    """A Y4M video: the photo with its right part hidden behind the cloth colour, uncovered in
    ``steps`` steps (tiles being laid down), then the whole photo for ``still_s`` seconds."""
    import cv2
    import numpy as np
    img = cv2.imread(str(photo))
    h, w = img.shape[:2]
    h, w = h - h % 2, w - w % 2
    img = img[:h, :w]
    cloth = np.median(img[:, : max(2, w // 20)].reshape(-1, 3), axis=0).astype(np.uint8)
    frames = []
    for k in range(steps):
        shown = img.copy()
        shown[:, int(w * (0.35 + 0.6 * k / steps)):] = cloth
        frames += [shown] * int(step_s * FPS)
    frames += [img] * int(still_s * FPS)
    with open(out, "wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            f.write(b"FRAME\n" + cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())


@pytest.fixture(scope="module")
def camera_browser(tmp_path_factory):
    photo, _ = _photo()
    if photo is None:
        pytest.skip("the shared hand_* photos are not here")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    video = tmp_path_factory.mktemp("camera") / "laying-out.y4m"
    write_layout_video(photo, video)
    profile = tempfile.mkdtemp(prefix="mjtable-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1200,1000",
                "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                f"--use-file-for-fake-video-capture={video}"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def test_live_mode_reads_the_hand_once_it_is_laid_out_and_still(server, camera_browser):
    import scorer
    _, labelled = _photo()
    d = camera_browser
    d.get(server + "/?rules=mcr")
    d.find_element(By.ID, "browser-cam-start").click()
    wait(d).until(lambda drv: drv.execute_script("return document.getElementById('browser-video').videoWidth > 0"))
    d.find_element(By.ID, "live-mode").click()
    statuses = []

    def settled(drv):
        statuses.append(drv.find_element(By.ID, "live-status").text)
        return drv.find_elements(By.CSS_SELECTOR, "#live-result a.button")
    wait(d, 150).until(settled)
    assert "Same hand for" in d.find_element(By.ID, "live-status").text      # it says why it read it
    link = d.find_element(By.CSS_SELECTOR, "#live-result a.button")
    expected = scorer.Hand.from_dict({"concealed": labelled, "melds": [], "winning_tile": labelled[-1], "bonus": []})
    assert scorer.format_hand(expected) in link.text
    link.click()
    wait(d).until(EC.presence_of_element_located((By.ID, "hand-view")))
    assert "/review/" in d.current_url
    assert not [e for e in console_errors(d) if "favicon" not in e]


def test_a_camera_lost_in_live_mode_is_said_and_live_mode_stops(server, camera_browser):
    # a phone locked or a webcam unplugged: the page said "Looking… 0 tiles in view" and kept
    # sending black frames twice a second
    d = camera_browser
    d.get(server + "/?rules=mcr&lang=en")
    d.find_element(By.ID, "browser-cam-start").click()
    wait(d).until(lambda drv: drv.execute_script("return document.getElementById('browser-video').videoWidth > 0"))
    # tapped twice: one stream, the first stopped (Stop then ended only the second)
    d.find_element(By.ID, "browser-cam-start").click()
    d.execute_script("return new Promise((r) => setTimeout(r, 800))")
    d.find_element(By.ID, "live-mode").click()
    d.execute_script("document.getElementById('browser-video').srcObject.getVideoTracks()"
                     ".forEach((t) => { t.stop(); t.dispatchEvent(new Event('ended')); })")
    error = d.find_element(By.ID, "camera-error")
    wait(d).until(lambda drv: error.is_displayed())
    assert error.text.startswith("the camera stopped"), error.text
    assert not d.find_element(By.ID, "live-mode").is_selected()
    assert not [e for e in console_errors(d) if "favicon" not in e]
