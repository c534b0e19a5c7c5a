"""The web app loads the tile reader's models when it starts, in the background, and a photo
that comes first waits for that load instead of loading the models again."""
import threading
import time

import vision.classifier
import vision.reader
from webui import create_app


def test_the_server_preloads_and_a_test_config_does_not(tmp_path, monkeypatch):
    calls = []
    done = threading.Event()

    def fake_preload():
        calls.append(threading.current_thread().name)
        done.set()
    monkeypatch.setattr(vision.reader, "preload", fake_preload)
    create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "SECRET_KEY": "t"})
    create_app({"DATA_DIR": str(tmp_path), "SECRET_KEY": "t"})
    time.sleep(0.2)
    assert calls == []
    create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "SECRET_KEY": "t", "PRELOAD_MODELS": True})
    assert done.wait(30)
    assert calls == ["mjtable-preload"]


def test_a_preload_that_fails_is_only_logged(tmp_path, monkeypatch, caplog):
    from vision.errors import ModelMissingError

    def missing():
        raise ModelMissingError("detector weights not found")
    monkeypatch.setattr(vision.reader, "preload", missing)
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "SECRET_KEY": "t", "PRELOAD_MODELS": True})
    from webui.reading import start_preload
    start_preload(app).join(30)
    assert "not preloaded" in caplog.text


def asked_at_once(load, n: int = 3) -> list:
    """What ``load()`` returns to ``n`` threads calling it at the same time."""
    got = []
    threads = [threading.Thread(target=lambda: got.append(load())) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return got


def test_readers_asked_for_at_once_are_loaded_once(monkeypatch):
    made = []

    class SlowReader:
        def __init__(self, classifier=None, corner_finder=None):
            time.sleep(0.2)
            made.append(self)
    monkeypatch.setattr(vision.reader, "_DEFAULT", None)
    monkeypatch.setattr(vision.reader, "TileReader", SlowReader)
    monkeypatch.setattr(vision.reader, "default_classifier", lambda: None)
    got = asked_at_once(vision.reader.default_reader)
    assert len(made) == 1 and len(got) == 3 and all(r is made[0] for r in got)


def test_classifiers_asked_for_at_once_are_loaded_once(monkeypatch):
    made = []

    def slow_load():
        time.sleep(0.2)
        made.append(object())
        return made[-1]
    monkeypatch.setattr(vision.classifier, "_DEFAULT_CLASSIFIER", None)
    monkeypatch.setattr(vision.classifier, "load_classifier", slow_load)
    got = asked_at_once(vision.classifier.default_classifier)
    assert len(made) == 1 and got == [made[0]] * 3
