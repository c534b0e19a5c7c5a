"""Defensive decoding: every unusable input is an ImageError with a stable code."""
import cv2
import numpy as np
import pytest

from vision import ImageError
from vision.decode import decode_image


def _jpeg(w=64, h=48):
    img = np.zeros((h, w, 3), np.uint8)
    img[:, : w // 2] = (0, 0, 255)
    return cv2.imencode(".jpg", img)[1].tobytes()


def test_decodes_jpeg_bytes_and_paths(tmp_path):
    data = _jpeg()
    assert decode_image(data).image.shape == (48, 64, 3)
    p = tmp_path / "a.jpg"
    p.write_bytes(data)
    d = decode_image(str(p))
    assert d.image.shape == (48, 64, 3) and d.scale == 1.0


@pytest.mark.parametrize("ext, dtype", [(".png", np.uint8), (".png", np.uint16), (".webp", np.uint8)])
def test_transparent_parts_are_laid_on_white(ext, dtype):
    # tile artwork cut out on a transparent background was read against black
    top = 65535 if dtype == np.uint16 else 255
    img = np.zeros((40, 60, 4), dtype)
    img[10:30, 20:40] = (0, 0, top, top)               # an opaque red square, the rest transparent black
    img[0:5, 0:5] = (0, 0, 0, top // 2)                 # half transparent black: mid grey on white
    params = [cv2.IMWRITE_WEBP_QUALITY, 101] if ext == ".webp" else []
    out = decode_image(cv2.imencode(ext, img, params)[1].tobytes()).image
    assert out.shape == (40, 60, 3)
    assert out[35, 5].tolist() == [255, 255, 255] and out[20, 30].tolist() == [0, 0, 255]
    assert 120 <= int(out[2, 2, 0]) <= 135


def test_an_image_transparent_everywhere_is_refused_as_showing_nothing():
    # "no tiles found in the photo" sent the player looking for a reading fault
    from vision.errors import ImageError
    data = cv2.imencode(".png", np.zeros((40, 60, 4), np.uint8))[1].tobytes()
    with pytest.raises(ImageError) as e:
        decode_image(data)
    assert e.value.code == "empty" and "fully transparent" in e.value.message


def test_large_jpeg_is_decoded_reduced_with_scale():
    data = cv2.imencode(".jpg", np.zeros((800, 1600, 3), np.uint8))[1].tobytes()
    d = decode_image(data, min_long_side=400)
    assert d.image.shape[1] == 400 and d.scale == 4.0


def test_a_narrow_strip_is_not_reduced_under_the_smallest_side():
    # a 20000 × 100 JPEG decoded at 1/8 was refused as "2500×13 pixels", a size the player never had
    # (18000 × 100 now: 20000 × 100 is over MAX_ASPECT, refused as the web app refuses it)
    data = cv2.imencode(".jpg", np.full((100, 18000, 3), 200, np.uint8))[1].tobytes()
    d = decode_image(data, min_long_side=1000)
    assert min(d.image.shape[:2]) >= 16 and d.scale == 4.0


@pytest.mark.parametrize("data,code", [
    (b"", "empty"),
    (b"hello, I am a text file named photo.jpg\n", "not_an_image"),
    (_jpeg()[:200], "truncated"),
    (b"\xff\xd8\xff\xe0" + b"\x00" * 50, "truncated"),
])
def test_bad_bytes(data, code):
    with pytest.raises(ImageError) as exc:
        decode_image(data)
    assert exc.value.code == code


def test_missing_file(tmp_path):
    with pytest.raises(ImageError) as exc:
        decode_image(str(tmp_path / "nope.jpg"))
    assert exc.value.code == "not_found"


def test_pixel_limit_from_header():
    with pytest.raises(ImageError) as exc:
        decode_image(_jpeg(), max_pixels=40)          # over 64 times the limit: no reduction brings it within
    assert exc.value.code == "too_large"


def test_a_jpeg_over_the_pixel_limit_is_decoded_reduced():
    # `mjtable read` refused a phone's 8000 × 8000 photo (the web page read it, the browser shrank it)
    rng = np.random.default_rng(0)
    photo = cv2.imencode(".jpg", rng.integers(0, 255, (480, 640, 3), np.uint8))[1].tobytes()
    decoded = decode_image(photo, max_pixels=640 * 480 // 3)
    assert decoded.image.shape == (240, 320, 3) and decoded.scale == 2
    assert decode_image(photo, max_pixels=640 * 480 // 40).image.shape == (60, 80, 3)
    from .image_bombs import jpeg as claimed
    with pytest.raises(ImageError) as exc:            # a header claiming far more pixels than its bytes hold
        decode_image(claimed(2000, 2000), max_pixels=2000 * 2000 // 3)
    assert exc.value.code == "too_large"


def test_byte_limit(tmp_path):
    p = tmp_path / "big.jpg"
    p.write_bytes(_jpeg())
    with pytest.raises(ImageError) as exc:
        decode_image(str(p), max_bytes=100)
    assert exc.value.code == "too_large"
    # said in megabytes ("over the 41943040-byte limit" read as a fault of its own)
    p.write_bytes(b"\xff\xd8\xff" + bytes(3 * 1024 * 1024 // 2))
    with pytest.raises(ImageError) as exc:
        decode_image(str(p), max_bytes=1024 * 1024)
    assert exc.value.message == "big.jpg is 1.5 MB, over the 1 MB limit"
    with pytest.raises(ImageError) as exc:
        decode_image(p.read_bytes(), max_bytes=1024 * 1024)
    assert exc.value.message == "the image is 1.5 MB, over the 1 MB limit"
    # a file of another kind over the limit is said as what it is: a video was told to shrink as a photo
    video = tmp_path / "clip.mp4"
    video.write_bytes((24).to_bytes(4, "big") + b"ftypisom" + bytes(4) + b"isomiso2" + bytes(2 * 1024 * 1024))
    with pytest.raises(ImageError) as exc:
        decode_image(str(video), max_bytes=1024 * 1024)
    assert exc.value.code == "not_an_image" and exc.value.message.startswith("the file is a video, not a photo")


@pytest.mark.parametrize("data, said", [
    (b"%PDF-1.7\n%...", "the file is a PDF document, not a photo"),
    (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', "the file is an SVG drawing, not a photo"),
    (b"\xef\xbb\xbf<!DOCTYPE html><html><body>", "the file is a web page, not a photo"),
    (b"plain words", "the data is not a JPEG")])
def test_a_document_or_drawing_is_named_as_what_it_is(data, said):
    # all were "the data is not a JPEG, HEIC, PNG... image", which left a player wondering why
    with pytest.raises(ImageError) as exc:
        decode_image(data)
    assert exc.value.code == "not_an_image" and exc.value.message.startswith(said)


@pytest.mark.parametrize("fmt", ["GIF", "WEBP", "PNG"])
def test_an_animation_says_its_first_frame_alone_was_read(fmt):
    # a trial's GIF opened on a black frame: told "the photo is very dark", the animation unsaid
    import io
    from PIL import Image
    frames = [Image.new("RGB", (64, 48), c) for c in ((0, 0, 0), (200, 180, 40))]
    for animated, note in ((True, f"the {fmt} is an animation: its first frame alone was read"), (False, None)):
        out = io.BytesIO()
        frames[0].save(out, fmt, **({"save_all": True, "append_images": frames[1:]} if animated else {}))
        said = decode_image(out.getvalue()).damage
        assert (said or "").startswith(note or "") and (said is None) == (note is None), (fmt, animated, said)


def test_bad_array():
    with pytest.raises(ImageError) as exc:
        decode_image(np.zeros((40, 40, 3), np.float32))
    assert exc.value.code == "bad_array"
    assert decode_image(np.zeros((40, 40), np.uint8)).image.shape == (40, 40, 3)


def test_a_damaged_file_is_one_clear_error_named_as_the_web_app_names_it(capfd):
    # the command line said "undecodable: the PNG data could not be decoded" under libpng's and
    # OpenCV's own lines on the terminal; the web app "broken: ... damaged or truncated"
    png = cv2.imencode(".png", np.full((40, 60, 3), 128, np.uint8))[1].tobytes()
    with pytest.raises(ImageError) as e:
        decode_image(png[: len(png) - 20])
    assert e.value.code == "truncated" and "PNG" in e.value.message
    noise = np.random.default_rng(0).integers(0, 255, (200, 300, 3), dtype=np.uint8)
    gif = cv2.imencode(".gif", noise)[1].tobytes() if cv2.haveImageWriter(".gif") else None
    if gif is not None:
        with pytest.raises(ImageError) as e:
            decode_image(gif[: len(gif) // 2])
        assert e.value.code == "broken" and "damaged or truncated" in e.value.message
        assert "[ERROR" not in capfd.readouterr().err


def _corrupt_jpeg() -> bytes:
    """A JPEG whose second half of data is lost but its end marker kept (as a download patched
    up): libjpeg decodes it, the lost half grey, and only writes "Corrupt JPEG data" on stderr."""
    img = cv2.GaussianBlur(np.random.default_rng(1).integers(0, 255, (240, 320, 3), dtype=np.uint8), (21, 21), 5)
    data = cv2.imencode(".jpg", img)[1].tobytes()
    return data[: len(data) // 2] + b"\xff\xd9"


def test_a_corrupt_jpeg_decoded_anyway_says_so_and_libjpeg_stays_off_the_terminal(capfd):
    decoded = decode_image(_corrupt_jpeg())
    assert decoded.image.shape == (240, 320, 3)
    assert decoded.damage and decoded.damage.startswith("the JPEG file is damaged (Corrupt JPEG data")
    assert decode_image(_jpeg()).damage is None
    assert "Corrupt JPEG" not in capfd.readouterr().err


def test_libpngs_crc_error_stays_off_the_terminal(capfd):
    png = bytearray(cv2.imencode(".png", np.full((40, 60, 3), 128, np.uint8))[1].tobytes())
    png[60] ^= 0xFF        # inside the IDAT chunk: its CRC no longer matches
    with pytest.raises(ImageError) as e:
        decode_image(bytes(png))
    assert e.value.code == "broken"
    assert "libpng" not in capfd.readouterr().err


def test_other_lines_written_while_decoding_still_reach_stderr(capfd, monkeypatch):
    import os
    from vision import decode

    def imdecode_beside_a_log_line(data, flag):
        os.write(2, b"a server log line\nCorrupt JPEG data: 3 extraneous bytes before marker 0xd9\n")
        return np.zeros((20, 20, 3), np.uint8)
    monkeypatch.setattr(decode, "_imdecode", imdecode_beside_a_log_line)
    decoded = decode_image(_jpeg())
    err = capfd.readouterr().err
    assert "a server log line" in err and "Corrupt" not in err
    assert "3 extraneous bytes" in decoded.damage


def test_the_reader_passes_the_damage_on_to_the_reading(monkeypatch):
    import mjtable.pipeline as pipeline
    import vision
    from vision.types import TileReads
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], "the JPEG file is damaged (x)"))
    out = pipeline.read_photo(b"any")
    assert out["reading"]["warnings"][0] == "the JPEG file is damaged (x)"


def test_decoding_needs_no_temporary_folder(monkeypatch):
    # the decoder's lines were caught in a temporary file: with none to be made, every photo failed
    # (and a file descriptor was left open each time)
    import tempfile

    def no_temporary_file(*a, **k):
        raise FileNotFoundError("no usable temporary directory")
    monkeypatch.setattr(tempfile, "TemporaryFile", no_temporary_file)
    assert decode_image(_jpeg()).image.shape == (48, 64, 3)


def test_a_photo_too_dark_to_read_surely_is_said_so(monkeypatch):
    # the valid split at a twentieth of its light lost a quarter of its tiles, with no word why
    import mjtable.pipeline as pipeline
    import vision
    from vision.reader import too_dark
    from vision.types import TileReads
    dim = np.full((300, 400, 3), 20, np.uint8)
    assert too_dark(dim) and not too_dark(np.full((300, 400, 3), 40, np.uint8))
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], dark=True))
    assert pipeline.read_photo(b"any")["reading"]["warnings"][0].startswith("the photo is very dark")
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([]))
    assert not any("dark" in w for w in pipeline.read_photo(b"any")["reading"]["warnings"])


def test_a_photo_out_of_focus_is_said_so(monkeypatch):
    # the valid split blurred by 4 px at 640 px lost 28 % of its tiles, with no word why
    import mjtable.pipeline as pipeline
    import vision
    from vision.types import TileReads
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], blurred=True, dark=True))
    warnings = pipeline.read_photo(b"any")["reading"]["warnings"]
    assert warnings[:2] == [pipeline.DARK_PHOTO, pipeline.BLURRED_PHOTO]
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([]))
    assert pipeline.BLURRED_PHOTO not in pipeline.read_photo(b"any")["reading"]["warnings"]


def test_the_reader_tells_a_dark_photo(tmp_path):
    from tests.webui.test_photo import reader_ready
    if not reader_ready():
        pytest.skip("the reader's weights are not installed")
    import cv2
    from vision import read_tiles
    from pathlib import Path
    photo = cv2.imread(str(Path(__file__).resolve().parents[1] / "fixtures" / "vision" / "hands" / "hand_riichi_chow_and_pung.jpg"))
    assert not read_tiles(photo).dark
    dim = np.clip(photo.astype(np.float32) * 0.05 + np.random.default_rng(2).normal(0, 3, photo.shape), 0, 255)
    assert read_tiles(dim.astype(np.uint8)).dark
    # and a washed-out one (a robustness review's photo brightened to a mean grey of 242 lost a tile,
    # and was told only that a tile was missing): the 1st percentile of grey over WASHED_WARN_P1
    assert not read_tiles(photo).washed
    washed = np.clip(photo.astype(np.int16) + 200, 0, 255).astype(np.uint8)
    assert read_tiles(washed).washed and not read_tiles(washed).dark


def test_an_empty_array_is_said_to_hold_no_pixels():
    # it was told "the image's header gives it 0×0 pixels: the file is damaged", of no file
    with pytest.raises(ImageError) as exc:
        decode_image(np.zeros((0, 0, 3), np.uint8))
    assert exc.value.code == "bad_array" and exc.value.message == "the array holds no pixels (0×0)"


def test_a_washed_out_photo_is_said_so(monkeypatch):
    import mjtable.pipeline as pipeline
    import vision
    from vision.types import TileReads
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], washed=True))
    assert pipeline.read_photo(b"any")["reading"]["warnings"][0] == pipeline.WASHED_PHOTO
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([]))
    assert pipeline.WASHED_PHOTO not in pipeline.read_photo(b"any")["reading"]["warnings"]


def test_tiles_left_out_at_the_photos_edge_are_said_where_no_hand_was_rebuilt(monkeypatch):
    # a trial's winning tile half outside the photo was dropped by the reader, and only "found 13
    # tiles" said
    import mjtable.pipeline as pipeline
    import vision
    from vision.types import TileReads
    for left_out, said in ((1, pipeline.EDGE_LEFT_OUT_ONE), (2, pipeline.EDGE_LEFT_OUT.format(2))):
        monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([], edge_left_out=left_out))
        assert said in pipeline.read_photo(b"any")["reading"]["warnings"]
    assert pipeline.EDGE_LEFT_OUT_ONE.startswith("a tile at the photo's edge, mostly outside it, was left out")
    monkeypatch.setattr(vision, "read_tiles", lambda image, profile=None: TileReads([]))
    assert not any("left out" in w for w in pipeline.read_photo(b"any")["reading"]["warnings"])


def test_a_strip_too_narrow_to_read_is_refused_as_the_web_app_refuses_it():
    # a 40000 × 16 PNG stopped `mjtable read` with a traceback from the detector's resize
    data = cv2.imencode(".png", np.zeros((16, 40000, 3), np.uint8))[1].tobytes()
    with pytest.raises(ImageError) as exc:
        decode_image(data)
    assert exc.value.code == "too_small" and "a strip too narrow to read" in exc.value.message


@pytest.mark.parametrize("ext", [".png", ".webp", ".tiff"])
def test_every_format_is_brought_down_as_a_jpeg_is(ext):
    # a PNG was read whole: 49000 × 1000 took `mjtable read` 29 s and 7.9 GB, a 12 MP one 0.6-0.8 s
    # against a JPEG's 0.1 s; the same picture is now read at the JPEG's size
    img = np.full((3000, 4000, 3), 180, np.uint8)
    jpeg = decode_image(cv2.imencode(".jpg", img)[1].tobytes(), min_long_side=1000)
    other = decode_image(cv2.imencode(ext, img)[1].tobytes(), min_long_side=1000)
    assert other.image.shape == jpeg.image.shape == (750, 1000, 3) and other.scale == jpeg.scale == 4.0
    assert decode_image(cv2.imencode(ext, img)[1].tobytes()).image.shape == (3000, 4000, 3)


@pytest.mark.parametrize("data,said", [
    (b"\xff\x0a" + b"\x00" * 40, "JPEG XL images are not accepted"),
    (b"\x00\x00\x00\x0cJXL \r\n\x87\n" + b"\x00" * 40, "JPEG XL images are not accepted"),
    (b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  " + b"\x00" * 40, "the file is a video, not a photo"),
])
def test_a_jpeg_xl_file_and_a_video_are_named(data, said):
    # both were "the data is not a JPEG, HEIC... image", where AVIF and JPEG 2000 are named
    with pytest.raises(ImageError) as exc:
        decode_image(data)
    assert exc.value.message.startswith(said)
