"""Tile-set profiles: a user's tile set learnt from one layout photo and from corrections
(guide and measured effect in docs/calibration.md). Every name is importable from here:

- ``tileset``: :class:`TileSetProfile` (building, learning, its file format, the expert's
  scores), its settings and ``trusted_base_codes``;
- ``prototypes``: the prototype expert's pieces (format 2): example views, the learnt metric;
- ``mixture``: a profile applied to the reader's output (``apply_profile``,
  ``apply_network_profile``);
- ``store``: the user's saved profiles (``ProfileStore``, the data dir, ``slugify``,
  ``ProfileDamaged``).
"""
from scorer.tiles import ALL_CODES  # noqa: F401  (re-exported)

from ..augment import augment_crop, rot180  # noqa: F401  (re-exported)
from ..errors import NoSuchProfile, ProfileError  # noqa: F401  (re-exported)
from ..model_files import weights_id  # noqa: F401  (re-exported)
from .mixture import _reading_probs, _rerank, apply_network_profile, apply_profile  # noqa: F401
from .prototypes import SHRINK, default_embedder, example_views, fit_metric  # noqa: F401
from .store import _SLUG, DAMAGED_MARK, ProfileDamaged, ProfileStore, default_data_dir, slugify  # noqa: F401
from .tileset import (  # noqa: F401
    AUGMENT, BASE_WEIGHT, CONFIRMED_PER_CODE, FAMILIAR_SET, FORMAT, HAND_SOURCE, NETWORK_BASE_WEIGHT,
    NETWORK_TEMPERATURE, READABLE_VERSIONS, SURE_BASE, SURE_BASE_WEIGHT, TEMPERATURE, VERSION, TileSetProfile,
    _check_code, _example_crop, _trusted_codes_of, trusted_base_codes)
