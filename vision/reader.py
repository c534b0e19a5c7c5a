"""The tile reader: image → ``list[TileRead]``.

Stages (each timed): decode (large JPEGs at a reduced size, never below ``CROP_SOURCE_SIDE`` on
the long side, so crops keep far more pixels than the classifier's input), detect (on a copy
scaled to the detector's size; when the tiles found are small for it, a second look at their
region, enlarged: ``zoom_plan``), crop (from the decoded image, turned upright), classify (one
batch), then drop the face-up detections that are not tiles at all (``vision.tileness``: a
probe on the classifier's features, when one is fitted for its weights; a read ``TILENESS_SURE``
or surer stays). With ``WEAK_RESCUE``,
the detector also looks again at the chosen look's picture with a lower threshold, and a weak
detection apart from the others is kept when the classifier reads it surely (and the probe takes
it). Boxes are returned in the input image's pixels.

With a second detector (``models/detector/detector_second.pt``: the smaller detector that read
alone before, trained on flat photos and scenes), the photo is read a second time with it, and the
reading with clearly more confident tiles is kept (``SECOND_READ_FLOOR``, ``SECOND_READ_MARGIN``).

    python -m vision.reader PHOTO [--json]
"""
from __future__ import annotations

from collections import Counter
import contextvars
import copy
from dataclasses import dataclass, field, replace
import hashlib
import threading
import time
from pathlib import Path

import cv2
import numpy as np

from .crops import FORESHORTENING, TileCrops, TileView, crop_tile, cut_tiles, face_lies_sideways, is_sideways_box  # noqa: F401  (ReaderConfig default)
from .blanks import WHITE_DRAGON, blank_backs
from .dark_bodies import DARK_BODY_BELOW, DARK_BODY_LEAST, DARK_BODY_UNSURE, lightness_inverted, median_polarity  # noqa: F401  (ReaderConfig defaults)
from .decode import DecodedImage, decode_image
from .detections import Detections, box_iou, reading_order
from .face_up import Sight, faces_at_sight, faces_turn, unturned_read, upright_margin, with_face_up
from .looks import Look, choose_look, clearly_beats
from .classifier import default_classifier  # noqa: F401  (re-exported)
from .types import TileRead, TileReads
from .errors import ModelMissingError

CROP_SOURCE_SIDE = 1000   # long side of the image crops are cut from (full size when smaller)
DETECT_SIDE = 640         # long side of the copy given to the detector (at most; see _detector_side)
# Second look: the detector finds tiles best when their long side spans about ZOOM_TARGET of
# its input pixels (the real hand photos it was trained on: median 33 at 320 px). When the tiles
# found first are smaller than ZOOM_BELOW pixels, it looks again at their region alone, at the
# size that brings them to ZOOM_TARGET (at most ZOOM_MAX_SIDE), so small tiles in a wide picture,
# and the dark backs of face-down tiles among them, get the pixels they need. None turns it off.
# Both sizes chosen on the valid split and 60 rendered hands (models/detector/MODEL_CARD.md, Decisions).
ZOOM_BELOW: float | None = 24.0
ZOOM_TARGET = 34.0
ZOOM_MAX_SIDE = 640
ZOOM_MARGIN = 1.5         # tile lengths added around the tiles found, for tiles the first look missed
# Face-down detections need more confidence than face-up ones: a face-up detection's face is read
# and checked (classifier, tileness probe), a back has nothing to check, and the gaps of a green
# mat between tiles look like green backs. 0.55 keeps, with the `det6` detector, 2 false backs
# on the valid photos (which show none; 3 with `det3` at 0.3) and 60 of 82 backs of 60
# rendered hands (`det3`'s: 43): `tools/back_threshold.py` (commit 8c2eecd),
# models/detector/MODEL_CARD.md (Decisions).
BACK_CONF = 0.55
# Turned and unstretched looks at pictures whose tiles the detector misses as they stand
# (vision.looks; chosen on the valid split, models/detector/MODEL_CARD.md, Decisions). False: one look.
LOOKS = True
# Weak detections kept when the classifier is sure of them: (lowest detector confidence, lowest
# classifier confidence). Each look is run once with the detector's threshold lowered to the
# first and split at its own (``with_weak_detections``); a face-up detection below the
# detector's own threshold that overlaps no kept detection (IoU under WEAK_OVERLAP) is read,
# and kept when its reading is that sure and the tile/not-tile probe takes it. None: off.
# Chosen on the valid split (commit 91de616, models/detector/MODEL_CARD.md;
# tools/detector_experiments/weak_rescue_probe.py): from 0.1 at 0.98, 13 more tiles found and
# read right for 5 more reads matching no label (from 0.1 at 0.95: +14 / +10; from 0.05: +13 /
# +15); the unseen GL scenes unchanged; detection about 9 ms longer.
# With a tile-set profile the reading's confidence is the profile's (on one set it kept none).
WEAK_RESCUE: tuple[float, float] | None = (0.1, 0.98)
WEAK_OVERLAP = 0.3
# A second detector reads every photo too, and the reading with more tiles read at
# SECOND_READ_FLOOR or surer (detector x classifier confidence) wins, the second's only when it has
# more than SECOND_READ_MARGIN more of them (a share): neither detector's own boxes tell which
# photos each reads better (docs/experiments.md). The first (`det-n448`, trained on a GPU with 3D body
# scenes) finds far more at low angles, standing and in heaps; the second (`det6`, the smaller one
# that read alone before) reads ordinary photos a little better. Chosen on the valid split and 60
# rendered scenes per capture mode (models/detector/MODEL_CARD.md): `det-n448` alone valid 97.5 / 96.9 %,
# `det-n448` then `det6` 98.1 / 97.8 %, `det6` then `det-n448` 98.2 / 97.8 % but 0.5-2.6 points of precision
# less on five modes. Floor and margin were chosen with the earlier pair (`det6` then `det16real6`):
# floor 0.4 cost valid 1.0 point of precision; margin 0.4-0.7 gave back most of the modes' gain.
SECOND_DETECTOR_WEIGHTS = Path(__file__).resolve().parents[1] / "models" / "detector" / "detector_second.pt"
SECOND_READ_FLOOR = 0.5
SECOND_READ_MARGIN = 0.1
# Where the second detector looks: "own" (it tries the turned and unstretched looks itself, as the
# first does: ``vision.looks``) or "shared" (the picture as it stands, and the look the first
# detector chose when that is another, kept by the same rule: ``vision.looks.clearly_beats``).
SECOND_LOOK = "shared"
# Face-down tiles of the reading not kept are added to the kept one when they overlap none of its
# tiles by SECOND_BACKS_OVERLAP (IoU) or more: a back has no face to weigh readings by, and each
# detector finds backs the other misses (the lone cyan back of the rendered red-fives fixture,
# tests/fixtures/vision: `det-n448` 0.14, `det6` 0.67). None: off. On 300 rendered hands: backs
# found 305 -> 309 of 331 for 2 more reads on no tile, one hand fewer exact (models/detector/
# MODEL_CARD.md, Decisions); a missing back loses a concealed kong, so the backs were preferred.
SECOND_BACKS_OVERLAP: float | None = 0.3
# A face-up tile read at less than READ_FLOOR (detector x classifier confidence) is left out: such
# reads are mostly not tiles (dice, book spines, screen patches, tile sides) or tiles misread, and a
# box on a non-tile is one more for the player to delete. Chosen on the valid split and a tuning
# draw of 60 rendered scenes per capture mode (seed 2; the reported draw is seed 1): with the
# companion classifiers 0.15 drops no right read there and 40 wrong ones, 0.175 drops right reads
# on three modes (docs/experiments.md). With a tile-set profile, whose probabilities are flatter,
# it judges the surer of the profile's and the base model's confidence (PROFILE_FLOORS). None: off.
READ_FLOOR: float | None = 0.15
# A face-up read of the white dragon under BLANK_READ_FLOOR (detector x classifier) is left out too:
# a blank face is what a tile's side, a face mostly hidden under another tile or any bare surface
# looks like, and in heaps most unsure 5z reads lay on no labelled face. Offline on every read of
# the valid split, the GL scenes and the seed-2 capture modes (six at 640 px, four at 4032 × 3024),
# 0.25 is the largest floor (in steps of 0.05) that drops no right read: 19 wrong ones; 0.3 drops
# a right 5z of a mixed scene (docs/experiments.md, "Leave out unsure white dragons"). A blank face
# that vision.blanks calls a back stays a back. With a tile-set profile, as the read floor
# (PROFILE_FLOORS), the base model's confidence counting only where it read a 5z too; off for the
# calibration photo (vision.calibration.calibrate). None: off.
BLANK_READ_FLOOR: float | None = 0.25
# Whether READ_FLOOR and BLANK_READ_FLOOR also judge a reading made with a tile-set profile, by the
# surer of the profile's and the base model's confidence (``surest``): a profile read a blank end
# face the base reader left out as a white dragon at 0.20. On four rendered groups read with their
# set's profile, 1,857 -> 1,858 of 1,997 tiles right, 1,988 -> 1,971 reads (docs/experiments.md).
PROFILE_FLOORS = True
# A face-up read at least this sure (detector x classifier) is kept whatever the tile/not-tile
# probes (vision.tileness) say: they took a clearly seen 8p of the riichi artwork (detector 0.88) for
# no tile in rendered hands (two hands of 300 lost), and what they are for, a patch of cloth or a
# die, is read with middling confidence. Chosen on the tuning hands (seed 1) and sets; None: off.
TILENESS_SURE: float | None = 0.8
# The most face-up detections of one look read, the surest first: a picture of random noise gave
# 290 (143 of them weak), each read by every network at every zoom, for 6-15 s of a 2-core CPU; the
# shared photos give 116 at most (train; test 60), the rendered scenes 99 (a table in play), a
# whole table (four hands and their discards) about 130. None: every one.
MAX_FACE_UP_READ: int | None = 150
# A photo of at least UNSURE_PHOTO_LEAST face-up reads none of which is read UNSURE_PHOTO_BELOW or
# surer (detector x classifier) is read as no tiles: the noise picture above gave 36 tiles read
# at 0.15-0.38, which the player would have had to delete one by one; every photo of the shared
# valid split, GL and the tuning draw's six capture modes with five reads or more has one read at
# 0.6 or surer. Without a tile-set profile (its confidences are flatter). None: off.
UNSURE_PHOTO_BELOW: float | None = 0.5
UNSURE_PHOTO_LEAST = 5
# A photo (no tile-set profile) whose first detector boxes UNSURE_PHOTO_LEAST faces or more, of
# which fewer than TILE_FREE_SHARE look like tiles to the photo's tile/not-tile probes
# (vision.tileness.TILE_FREE_PROBE_FILE; each box's crop as the way-up votes cut it), is read as
# no tiles at once: grain, gravel and printed cloth gave up to 290 boxes, read by every network,
# the photo turned both ways, for up to 48 s of a 2-core CPU, and their guesses had to be deleted
# (vision_lab.synth.tile_free). Every photo of the valid split and of the tuning draw's six
# capture modes has at least half of its boxes tile-like (docs/decisions.md). None: off.
TILE_FREE_SHARE: float | None = 0.25
# A face the first network names at sight (``vision.face_up.Sight``) on more than
# REPEATED_FACE_MOST boxes of one photo is a printed pattern, not tiles: a set holds four of each
# tile (../shared/rules/002_0e9f58d24a1b6417.txt §1 "Les tuiles"; 001 "Dernière tuile existante"),
# so three sets' worth; those boxes count as not tile-like for TILE_FREE_SHARE, and a reading's
# face-up reads of a code read more often are left out. Rings printed on a cloth were read as 68 1p
# in 23 s. The shared photos name one code 8 times at most at sight, the rendered capture-mode
# scenes 9 (docs/decisions.md). None: off.
REPEATED_FACE_MOST: int | None = 12
# A face-up read whose box's long side is under SMALL_READ_SHARE of the median long side of the
# photo's face-up reads (when it has SMALL_READ_MIN or more) is left out: in one photo the tiles
# are of one size, give or take perspective, and what is much smaller is a die, a far object or a
# sliver of a tile. The long side, not the area: a row lying flat seen from low keeps its width
# but loses most of its height, and beside a standing hand its tiles are under 0.4 of the median
# area (the area rule dropped 28 right reads for 35 wrong ones over six rendered capture modes,
# 31 for 4 in scenes at a phone's 4032 × 3024). 0.6 is the highest share that drops no right read
# on the valid split or in the phone-size scenes (docs/experiments.md, "Leave out small reads by
# their box's long side"). None: off.
SMALL_READ_SHARE: float | None = 0.6
SMALL_READ_MIN = 4
# The median the rule above judges by is that of the face-up reads at SMALL_READ_SURE or surer,
# when there are SMALL_READ_MIN of them: a score sheet's letters beside the hand, boxed as tiles
# and read unsure (median 0.40, the tiles' 0.90), outnumbered the tiles and shrank the median
# they were judged by. The valid photos with a sheet of print (vision_lab.printed_sheets): 138 of
# 440 reads on print left out, no right read of valid lost, 2 of 2,224 of the GL style in six
# modes (docs/experiments.md, "Judge small reads by the sure ones"). None or 0: every read.
SMALL_READ_SURE: float | None = 0.7
# A face-up read whose box lies NESTED_SHARE or more inside a surer face-up read's box (the share
# of the smaller box's area within the other) is left out: one tile boxed twice (a standing 5s
# boxed whole and again by most of its face, read 5s both times, the player counting it twice) or
# a box on part of a tile beside the tile's own box. Greedy, surest first, as box suppression is,
# but by nesting: the detectors' suppression by IoU keeps a small box inside a large one. Offline
# on every read of the valid split and the seed-2 capture modes (docs/experiments.md, "Leave out
# reads nested in a surer read"): 0.6 left out 26 reads of valid, 5 of heaps, 1 of tables in play
# and 1 of rows from low, none of them right; 0.5 cost heaps 4 and tables in play 3 right reads.
# A surer box holding two or more smaller reads is one over two tiles: the reads in it stay (the
# same 33 reads left out on the selection sets). With a tile-set profile too: a box inside another
# is the same tile whatever reads it. None: off.
NESTED_SHARE: float | None = 0.6
# A face-up read whose box is ELONGATED_SHARE times as elongated (long side over short side) as the
# photo's median face-up read (with SMALL_READ_MIN or more), and read under ELONGATED_FLOOR
# (detector x classifier), is left out: a tile's box is as elongated as its neighbours' whichever
# way it lies, and the unsure reads of boxes twice as elongated were mostly faces seen nearly
# edge-on from table level (no label marks them: bodies.MIN_FACING), slices of tile sides and
# spines. Offline on every read of the valid split and the seed-2 capture modes (six at 640 px, four
# at 4032 × 3024), right / wrong reads dropped: share 2 and floor 0.3: 2 / 22 (none right on valid);
# floor 0.5: 9 / 46; share 1.5, floor 0.3: 9 / 41 (docs/experiments.md, "Leave out unsure
# elongated reads"). As the read floor, off with a tile-set profile. None: off.
ELONGATED_SHARE: float | None = 2.0
ELONGATED_FLOOR = 0.3
# A face-up read whose box reaches within EDGE_PX pixels (of the picture as decoded) of the
# picture's edge and is read under EDGE_FLOOR (detector x classifier) is left out: a tile cut by the
# edge shows part of its face, and such reads were mostly strays and misreadings (a greyscale
# photo's phantom tile on its edge). Offline on every read of the valid split and the seed-2
# capture modes flat_above, mixed and turned, each in colour and in grey, right / wrong reads
# dropped: floor 0.4: 0 / 24 (valid colour 0 / 7, grey 0 / 11); 0.5: 3 / 40; 0.3: 0 / 6
# (docs/experiments.md, "Leave out unsure reads on the picture's edge"). As the read floor, off
# with a tile-set profile. None: off.
EDGE_FLOOR: float | None = 0.4
EDGE_PX = 2.0
# A face-up read whose box reaches the picture's edge (within EDGE_PX) and whose short side is
# under EDGE_SLIVER_SHARE of the photo's median face-up short side (SMALL_READ_MIN reads or more)
# is left out, however sure: a sliver of felt at the edge of a grey photo was read 8p (0.71; its
# classifier 0.98), a fifteenth tile that broke a hand read right. A face-down read too: a test
# photo's 9-px strip of the wall at its left edge, read as a back, broke its hand read right.
# Share 0.5 dropped no read of the valid split in colour, grey or warm light, nor of the seed-2
# modes flat_above, mixed and turned (docs/experiments.md, "Leave out slivers at the picture's
# edge"). As the read floor, off with a tile-set profile. None: off.
EDGE_SLIVER_SHARE: float | None = 0.5
# A phone screenshot of a photo (a gallery app, a chat) shows the photo between flat bands, with
# the phone's status bar (time, battery), the app's bar and its buttons in them; their glyphs and
# icons were read as tiles, and the photo was read small. Rows whose grey levels span at most
# SCREEN_FLAT_RANGE (the picture sampled every so many px to SCREEN_SIDE on its longer side) are
# flat; where SCREEN_FLAT_LEAST of them or more are (photos' black edges and clipped lines were
# 1-3 %), the longest run of rows that are not, SCREEN_PHOTO_LEAST of the height or more, is the
# photo when flat rows lie on both sides of it and there are other runs, each within
# SCREEN_CHROME_SHARE of the top or bottom edge, at most SCREEN_BAR_SHARE of the height (a bar:
# a status bar's glyphs are 1-3 %, a row of tiles more). The photo alone is then read (columns
# alike, for a photo shown across a turned phone). The valid split as screenshots: 97.04 / 90.38
# -> 99.13 / 99.28 % (docs/experiments.md, "Read a screenshot's photo alone"). None: off.
SCREEN_FLAT_RANGE: float | None = 6.0
SCREEN_SIDE = 400
SCREEN_PHOTO_LEAST = 0.3
SCREEN_FLAT_LEAST = 0.1
SCREEN_BAR_SHARE = 0.06
SCREEN_CHROME_SHARE = 0.2
# A picture shaped as a phone's screen, its long side SCREEN_TALL times its short one or more (a
# camera's photos are 4:3 or 16:9, 1.78), may show the photo in a chat: its messages lie above
# and below the photo, anywhere, and a landscape photo in a bubble fills a fifth of a tall
# screen. There the other runs may lie anywhere and the photo needs SCREEN_CHAT_PHOTO_LEAST of the
# height (three times the tallest bar). Elsewhere a run away from the edges is no bar: a photo of
# tiles on a blown-out white table, its hand a thin run below a patterned box, lost the hand.
# Valid photos sent in a chat (`python -m vision_lab.screenshots VALID --app chat`): docs/experiments.md,
# "Read a chat's screenshot's photo alone".
SCREEN_TALL = 1.9
SCREEN_CHAT_PHOTO_LEAST = 0.18
# A chat on a wallpaper of doodles (a chat app's default): only its title bar and message box are
# flat, and the photo with every message between them was one run, read whole (the doodles and
# words as tiles). Where a portrait picture shaped as a screen gives a photo over
# SCREEN_WALLPAPER_TALL of its height, the photo is found by its own edges (``photo_edges``): left
# and right, columns where the grey steps by more than SCREEN_EDGE_STEP levels down
# SCREEN_CHAT_PHOTO_LEAST of the height, SCREEN_EDGE_APART of the width apart (a bubble is 62-78 %
# of it); top and bottom across it (docs/decisions.md). None: off, as it ships: a review found it
# firing on a gallery screenshot's portrait photo (over 0.7 of the screen too) and cutting 139 px
# of it to a rectangle inside, and a tall photo of tiles in a grid makes such rectangles; nothing
# yet tells a chat's run from such a photo.
SCREEN_EDGE_STEP: float | None = None
SCREEN_EDGE_APART = 0.3
# ... and its top and bottom edges step so across this share of its width or more
SCREEN_EDGE_ACROSS = 0.7
SCREEN_WALLPAPER_TALL = 0.7
# A dark photo (a dim room, a webcam without auto-exposure) is brightened before it is read, as
# a camera's exposure would: when the 99th percentile of its grey levels is under DARK_P99, every
# pixel is scaled so that it reaches EXPOSURE_TARGET (at most MAX_GAIN times, and never so much
# that the brightest thousandth clips). Every shared photo
# has that percentile at 194 or more (valid, test) and is read as it was; the valid split at a
# third of its light read 95.4 % of its tiles, the detector missing them, not the classifier
# (docs/experiments.md, "Brighten dark photos"). None: off. Lifted to EXPOSURE_TARGET, not to the
# shared photos' own 99th percentile (about 217): a dim photo lifted that far carries its sensor
# noise up with it, and the valid split at a third and a fifth of its light, with five dim
# rendered capture-mode folders, read 115 more tiles lifted to 150 than to 220 (docs/decisions.md).
DARK_P99: float | None = 150.0
EXPOSURE_TARGET = 150.0
MAX_GAIN = 4.0
#: A photo whose 99th percentile of grey is under this is said to be very dark (a warning with the
#: reading, and first among a layout photo's problems): brightened, it still loses tiles. The
#: valid split dimmed with noise σ 3 (``/tmp`` probe, not committed; 20 photos, 465 tiles, codes
#: kept against the photos as taken): p99 56 / 38 / 30 / 24 / 13 / 10 kept 463 / 459 / 454 / 436 /
#: 348 / 58; the docs' example layout was laid out whole down to p99 16 and not at 12.
DARK_WARN_P99 = 30.0
#: A photo whose 1st percentile of grey is over this is said to be washed out (too bright, the
#: tiles' ink faint): over-exposed, its tiles were missed and an unsaid "not set apart" or "too few
#: tiles" stood for the reason. The shared photos (train, valid, test: 798) reach 111 at most (85 at
#: their 99th percentile); a trial's photo brightened to a mean grey of 234 / 242 / 246 / 252 had 163
#: / 181 / 195 / 221 (13 of 14 tiles found at 242, 2 at 252).
WASHED_WARN_P1 = 150.0
# A photo lit unevenly (a lamp's pool of light, a row half in shade) keeps its shaded tiles dark
# after that: its 99th percentile is the lit part's. It is evened: each region is scaled by how
# far its local brightness (the brightest within SHADE_WINDOW of the photo's longer side,
# smoothed) lies under the photo's 99th percentile (at most MAX_GAIN more), when some region
# needs SHADE_GAIN times its light or more: most photos, whose bare felt counts as shade. The
# valid split under a lamp's spot (a quarter of the light outside it) read 95.86 % of its tiles,
# the detector missing them: 97.72 % evened; in its own light 99.02 -> 99.01 %; in grey
# 96.60 -> 96.41 % (docs/experiments.md, "Even out a lamp's spot"). None: off.
SHADE_GAIN: float | None = 1.5
SHADE_WINDOW = 0.125
# An out-of-focus photo (a phone focused past the tiles, a shaking hand) is sharpened (an unsharp
# mask of SHARPEN_SIGMA px, SHARPEN_AMOUNT) when its softness, how much of its fine detail is left
# after a further blur of 1 px (mean |Laplacian| blurred over as taken), is over SHARPEN_ABOVE:
# softer than any shared photo (valid and test 0.14-0.35, train up to 0.47), whose 29 train
# photos over 0.37 lost 20 of 618 tiles sharpened. The valid split out of focus (`capture_settings
# --setting blur`: 0.33-0.76) read 92.07 % of its tiles, 95.14 % sharpened over 0.5 (96.08 % over
# 0.37) (docs/experiments.md, "Capture settings: blur, over-exposure, glare"). None: off.
SHARPEN_ABOVE: float | None = 0.5
SHARPEN_SIGMA = 3.0
SHARPEN_AMOUNT = 1.5
# A photo out of focus at the tiles' own scale is said so: the median softness of its reads'
# crops (as taken, each scaled so that its shorter side is BLUR_WARN_SIDE px: a 4000-px
# photo's sharp tiles are then as sharp as a 640-px photo's; the whole picture's softness is not)
# at BLUR_WARN_SOFTNESS or more, over BLUR_WARN_LEAST reads or more. Sharp photos read
# up to 0.41 (valid), 0.44 (train), 0.46 (rendered rows from low); the valid split blurred by 3
# and 4 px at 640 px read 93.0 and 71.4 % of its tiles (99.0 % as taken) and 183 and 192 of its
# 238 photos are said to be blurred (docs/experiments.md, "Say a photo is out of focus"). None: off.
BLUR_WARN_SOFTNESS: float | None = 0.55
BLUR_WARN_SIDE = 24
BLUR_WARN_LEAST = 4
# ... or when the median detail of those crops, their mean |Laplacian| over their grey's spread,
# is under BLUR_WARN_DETAIL: softness falls again as a photo blurs further (the valid photos
# blurred by 5 / 8 / 12 px: 101 / 72 / 44 of 120 said so), its crops' last detail being JPEG
# noise, which a further blur removes as it would ink. Detail falls all the way: sharp photos
# 0.48 (valid) / 0.30 (train) / 0.27 (rendered rows from low) and up, blurred by 8 / 12 px at most
# 0.29 / 0.20, halves 0.15 / 0.13 (docs/decisions.md). None: off.
BLUR_WARN_DETAIL: float | None = 0.2
# A photo whose tiles' faces are grainy (a phone's picture in dim light, its sensor's noise lifted)
# is said so: the median over its face-up reads (BLUR_WARN_LEAST or more) of a face's noise, the
# mean |Laplacian difference| of its flattest NOISE_FLAT_SHARE of pixels (Immerkaer's estimate,
# each crop brought down to NOISE_SIDE px on its shorter side), over the spread of its grey levels
# (5th to 95th percentile), at NOISE_WARN or more. A bare cloth's weave is no noise of a face's
# (the whole picture's noise put a shared photo of a fine-woven cloth among the noisy ones). The
# valid split at 0.3 of its light with noise σ 4 / 8 / 12 (`/tmp` copies, not committed) read 98.3 /
# 95.7 / 88.6 % of its tiles (99.0 % as taken); at 0.06, 20 / 107 / 210 of their photos are said
# grainy; the valid and test photos as taken reach 0.036 and 0.018 (docs/experiments.md, "Say a
# photo is grainy"). None: off.
NOISE_WARN: float | None = 0.06
NOISE_SIDE = 48
NOISE_FLAT_SHARE = 0.3
# Faces no code names (jokers, other games' tiles) reported as unknown by the oddity model
# (vision/oddity.py) when its weights ship; none do, since the candidates cost unseen sets tiles
# (docs/experiments.md). False: every face is named as some code, whatever ships.
ODDITY = True
# Each face-up tile is also cut by its face's own four corners, found by the corner network
# (vision.corners), and that cut's reading replaces the box cut's when it is surer by FACE_MARGIN
# (classifier confidence). None: off, or when no corner model ships.
FACE_MARGIN: float | None = 0.0
# The same choice for a tile-set profile's reading: its face cut replaces its box cut when surer
# by this margin (None: FACE_MARGIN). Chosen on the tuning draws of vision_lab.calibration_eval
# (docs/decisions.md): 0.1 keeps the box cut where the profile reads the face only a little surer.
PROFILE_FACE_MARGIN: float | None = 0.1
# A tile whose box cut is read at least this surely (by the reading and by the base model) is not
# read again by its face cut: a surer face reading could not change its code, and the face reads
# were a quarter of a heap photo's classifying time. None: every face is read.
FACE_SURE: float | None = 0.999
# A blank face read 5z is reported face down when the set's white dragon has ink (a one-colour
# set's plain top) or its colour is not the faces' (a dark or coloured top): vision/blanks.py.
# False: blank faces stay as read.
BLANK_BACKS = True
#: A photo whose faces point another way than up (vision.face_up: taken from across the table, or
#: its rotation tag lost) by this many summed votes more than any other way (four tiles read surely) is read
#: again turned upright, as the detectors learnt photos, and that reading kept when its own faces
#: say it is upright: by as many votes, or at all when it has as many confident tiles
#: (``confident_reads``). Chosen on the valid split and its hand photos turned (docs/decisions.md).
UPRIGHT_VOTES: float | None = 12.0
#: A photo more than this share of whose face-up tiles lie sideways (its rows run up the picture:
#: turned a quarter, where the detectors find few tiles and so too few votes) is also read turned a
#: quarter each way, and the reading kept that finds more confident tiles with its faces upright.
LEVEL_SHARE: float | None = 0.5
#: ... or, with LEVEL_ANY_SHAPE, any photo whose face-up tiles read unsurely (LEVEL_BELOW), whatever
#: their boxes' shape: a hand's row turned a quarter was boxed as squares over two tiles each,
#: neither sideways nor not, and an outlier off the row hid the column they made.
LEVEL_ANY_SHAPE = True
#: ... and only when its face-up tiles' mean confidence is under this: a photo turned a quarter
#: that the detectors hardly see reads its few tiles unsurely, while many real photos of tiles
#: lying sideways read them surely, and reading each of those twice more cost every photo's p95
#: (docs/decisions.md). None: whatever their confidence.
LEVEL_BELOW: float | None = 0.6


def _module_default(name: str):
    # Read when a config is made, so that each default lives once, in its documented constant.
    return field(default_factory=lambda: globals()[name])


@dataclass(frozen=True)
class ReaderConfig:
    """The reader's switches, passed in (``TileReader(config=...)``, ``classify_with_profile``)
    instead of set on this module; each default is the module constant of the same name, where
    the reason and the evidence for it are written."""
    looks: bool = _module_default("LOOKS")
    weak_rescue: tuple[float, float] | None = _module_default("WEAK_RESCUE")
    zoom_below: float | None = _module_default("ZOOM_BELOW")
    quarter_turn_margin: float | None = _module_default("QUARTER_TURN_MARGIN")
    profile_quarter_turn_margin: float | None = _module_default("PROFILE_QUARTER_TURN_MARGIN")
    foreshortening: bool = _module_default("FORESHORTENING")
    back_conf: float = _module_default("BACK_CONF")
    rectify: bool | None = None          # None: vision.crops.RECTIFY
    upright_votes: float | None = _module_default("UPRIGHT_VOTES")
    level_share: float | None = _module_default("LEVEL_SHARE")
    level_any_shape: bool = _module_default("LEVEL_ANY_SHAPE")
    level_below: float | None = _module_default("LEVEL_BELOW")
    second_read_floor: float = _module_default("SECOND_READ_FLOOR")
    second_read_margin: float = _module_default("SECOND_READ_MARGIN")
    second_backs_overlap: float | None = _module_default("SECOND_BACKS_OVERLAP")
    read_floor: float | None = _module_default("READ_FLOOR")
    blank_read_floor: float | None = _module_default("BLANK_READ_FLOOR")
    profile_floors: bool = _module_default("PROFILE_FLOORS")
    tileness_sure: float | None = _module_default("TILENESS_SURE")
    max_face_up_read: int | None = _module_default("MAX_FACE_UP_READ")
    unsure_photo_below: float | None = _module_default("UNSURE_PHOTO_BELOW")
    unsure_photo_least: int = _module_default("UNSURE_PHOTO_LEAST")
    tile_free_share: float | None = _module_default("TILE_FREE_SHARE")
    repeated_face_most: int | None = _module_default("REPEATED_FACE_MOST")
    small_read_share: float | None = _module_default("SMALL_READ_SHARE")
    small_read_sure: float | None = _module_default("SMALL_READ_SURE")
    nested_share: float | None = _module_default("NESTED_SHARE")
    elongated_share: float | None = _module_default("ELONGATED_SHARE")
    elongated_floor: float = _module_default("ELONGATED_FLOOR")
    edge_floor: float | None = _module_default("EDGE_FLOOR")
    edge_px: float = _module_default("EDGE_PX")
    edge_sliver_share: float | None = _module_default("EDGE_SLIVER_SHARE")
    screen_flat_range: float | None = _module_default("SCREEN_FLAT_RANGE")
    dark_p99: float | None = _module_default("DARK_P99")
    shade_gain: float | None = _module_default("SHADE_GAIN")
    sharpen_above: float | None = _module_default("SHARPEN_ABOVE")
    blur_warn_softness: float | None = _module_default("BLUR_WARN_SOFTNESS")
    blur_warn_detail: float | None = _module_default("BLUR_WARN_DETAIL")
    noise_warn: float | None = _module_default("NOISE_WARN")
    dark_body_below: float | None = _module_default("DARK_BODY_BELOW")
    dark_body_least: int = _module_default("DARK_BODY_LEAST")
    dark_body_unsure: float | None = _module_default("DARK_BODY_UNSURE")
    oddity: bool = _module_default("ODDITY")
    face_margin: float | None = _module_default("FACE_MARGIN")
    profile_face_margin: float | None = _module_default("PROFILE_FACE_MARGIN")
    face_sure: float | None = _module_default("FACE_SURE")
    blank_backs: bool = _module_default("BLANK_BACKS")
    second_look: str = _module_default("SECOND_LOOK")
    faces_when_asked: bool = _module_default("FACES_WHEN_ASKED")


class TileReader:
    def __init__(self, detector=None, classifier=None, detector_weights=None, classifier_weights=None,
                 detector_conf: float | None = None, detector_imgsz: int | None = None, tileness="auto",
                 detector_iou: float | None = None, backend: str = "auto", foreshortening: bool | None = None,
                 config: ReaderConfig | None = None, second_detector="auto", oddity="auto", corner_finder="auto",
                 face_up="auto"):
        """``backend``: which models read when none are given: "auto" (the ONNX export of the
        weights when it is current, run by onnxruntime, the companions by OpenVINO:
        ``vision.classifier.COMPANION_RUNTIME``; else torch), "onnx" or "torch".
        ``second_detector``: a detector whose reading replaces the first's when it has clearly
        more confident tiles (module docstring); "auto": the shipped ``SECOND_DETECTOR_WEIGHTS``
        when present and no other first detector is asked for; None: one detector.
        ``foreshortening``: a row of wide boxes is also read as upright tiles seen from low, and
        each row read the surer way (``vision.crops.cut_tiles``, ``classify_with_profile``);
        overrides ``config``'s (``ReaderConfig``: the reader's other switches).
        ``oddity``: the model that tells faces no code names (``vision.oddity``); "auto": the
        shipped one when present, ``config.oddity`` is on and no other classifier is asked for
        (its threshold was chosen beside the shipped one); None: none.
        ``corner_finder``: the network that finds each face's corners (``vision.corners``);
        "auto": the shipped one when present, ``config.face_margin`` is set and no classifier
        object is given; None: none.
        ``face_up``: the probe that tells which way up each face lies (``vision.face_up``); "auto":
        the one fitted for the classifier's weights, when there is one; None: none (the grouping
        then reads the rows both ways, as before)."""
        config = config or ReaderConfig()
        if foreshortening is not None:
            config = replace(config, foreshortening=foreshortening)
        self.config = config
        shipped_detector = detector is None and detector_weights is None
        shipped_classifier = classifier is None and classifier_weights is None
        given_classifier = classifier
        if detector is None:
            from .detector import load_detector
            detector = load_detector(detector_weights, backend, imgsz=detector_imgsz,
                                     **({"conf": detector_conf} if detector_conf is not None else {}),
                                     **({"iou": detector_iou} if detector_iou is not None else {}))
        if classifier is None:
            from .classifier import load_classifier
            classifier = load_classifier(classifier_weights, backend)
        self.detector = detector
        self.classifier = classifier
        if second_detector == "auto":
            second_detector = None
            if shipped_detector and SECOND_DETECTOR_WEIGHTS.is_file():
                from .detector import load_detector
                second_detector = load_detector(SECOND_DETECTOR_WEIGHTS, backend)   # at its own size
        self.second_detector = second_detector
        # what judges whether a whole photo shows tiles (TILE_FREE_SHARE): the same probes, or
        # with "auto" the first beside the one learnt also from tile-free pictures
        self.photo_tileness = tileness
        if tileness == "auto":
            from .tileness import photo_probe_for, probe_for
            tileness, self.photo_tileness = probe_for(classifier), photo_probe_for(classifier)
        self.tileness = tileness      # vision.tileness.TilenessProbe or None
        if face_up == "auto":
            from .face_up import probe_for as face_up_probe_for
            face_up = face_up_probe_for(classifier)
        self.face_up = face_up        # vision.face_up.FaceUpProbe or None
        if oddity == "auto":
            from .oddity import load_oddity
            oddity = load_oddity(backend=backend) if config.oddity and shipped_classifier else None
        self.oddity = oddity          # vision.oddity.OddityModel or None
        if corner_finder == "auto":
            # a classifier passed in (a stand-in, a test's) is read as given; weights by name are
            # read as the shipped ones are
            from .corners import shipped_corner_finder
            corner_finder = shipped_corner_finder() \
                if config.face_margin is not None and given_classifier is None else None
        self.corner_finder = corner_finder      # vision.corners.CornerFinder or None

    def read(self, image, timings: dict | None = None, embeddings: bool = False, profile=None) -> TileReads:
        if profile is None:
            # on the reading as finally chosen: a photo turned upright is read again before it
            reads = self._read(image, timings, embeddings, profile)
            kept = without_unsure_photo(reads, self.config.unsure_photo_below, self.config.unsure_photo_least)
            return reads if kept is reads else TileReads(kept, reads.damage, reads.frame, reads.dark, reads.blurred,
                                                         reads.screen, washed=reads.washed, noisy=reads.noisy,
                                                         edge_left_out=reads.edge_left_out)
        token = _BASE_READINGS.set({})     # the base model reads each crop of this photo once
        try:
            return self._read(image, timings, embeddings, profile)
        finally:
            _BASE_READINGS.reset(token)

    def _read(self, image, timings: dict | None, embeddings: bool, profile, turn: bool = True,
              to_beat: int | None = None) -> TileReads:
        """``to_beat``: a reading is wanted only with more confident reads than this
        (``confident_reads``): when no detector's look could give that many, no tiles are read."""
        t0 = time.perf_counter()
        decoded = decode_image(image if not isinstance(image, Path) else str(image), min_long_side=CROP_SOURCE_SIDE)
        # a phone screenshot: the photo it shows is read alone, not the bars' glyphs around it (a
        # picture turned to be read again is that photo already)
        photo = screen_photo(decoded.image, self.config.screen_flat_range) if turn else None
        if photo is None:
            return self._read_decoded(decoded, t0, timings, embeddings, profile, turn, to_beat)
        x0, y0, x1, y1 = photo
        reads = self._read_decoded(DecodedImage(np.ascontiguousarray(decoded.image[y0:y1, x0:x1]), decoded.scale,
                                                decoded.damage), t0, timings, embeddings, profile, turn)
        dx, dy = x0 * decoded.scale, y0 * decoded.scale
        return TileReads([shifted_read(r, dx, dy) for r in reads], reads.damage,
                         photo_frame(decoded.image, decoded.scale), reads.dark, reads.blurred,
                         (dx, dy, x1 * decoded.scale, y1 * decoded.scale), washed=reads.washed, noisy=reads.noisy,
                         edge_left_out=reads.edge_left_out)

    def _read_decoded(self, decoded: DecodedImage, t0: float, timings: dict | None, embeddings: bool, profile,
                      turn: bool, to_beat: int | None = None) -> TileReads:
        """``_read`` of the picture as decoded (``t0``: when its decoding began)."""
        # the photo's light measured once: for its brightening and for the warning of a dark photo
        measured = light_percentiles(decoded.image, (99, 99.9, 1)) if decoded.image.size else None
        light = measured[:2] if measured else None
        src, scale = exposed(decoded.image, self.config, light), decoded.scale
        dark = light is not None and light[0] < DARK_WARN_P99
        washed = measured is not None and measured[2] > WASHED_WARN_P1
        t1 = time.perf_counter()
        spent = {"detect_ms": 0.0, "crop_ms": 0.0, "classify_ms": 0.0}
        first = self._detect(self.detector, src, spent)
        found = None
        if to_beat is not None:
            # a reading tried in case it beats another (a photo turned a quarter): none of its
            # tiles is read when it cannot (a dark, noisy photo's two turns took 16 of its 17 s)
            found = self._second_found(src, spent, first) if self.second_detector is not None else None
            # a read's confidence is its detection's times its classifier's: no look gives more
            # confident reads than it has detections as sure (reading only those alone bounds
            # nothing: which way a photo's bodies are, its blank faces' colour and its rows are
            # judged on all its tiles)
            if max(self.could_be_confident(first), self.could_be_confident(found) if found else 0) <= to_beat:
                return self._timed(TileReads([], decoded.damage, photo_frame(decoded.image, decoded.scale), dark,
                                             washed=washed), timings, spent, t0, t1)
        sight, tried = None, {}
        if turn and self.face_up is not None and self.config.upright_votes is not None:
            # which way the first detector's faces point, before reading them: a photo taken from
            # across the table is read upright at once, not read whole first (its faces upside
            # down, many unsure) and then again
            t_up = time.perf_counter()
            sight = self.faces_at_sight(first, src)
            spent["classify_ms"] += (time.perf_counter() - t_up) * 1000
            if profile is None and self.looks_tile_free(sight):
                return self._timed(TileReads([], decoded.damage, photo_frame(decoded.image, decoded.scale), dark,
                                             washed=washed), timings, spent, t0, t1)
            k = faces_turn(sight.reads, self.config.upright_votes)
            if k:
                again = self._read_turned(decoded.image, k, embeddings, profile)
                if upright_margin(again) >= self.config.upright_votes:
                    spent["upright_ms"] = (time.perf_counter() - t_up) * 1000
                    return self._timed(self._photo_reads(in_photo(again, k, decoded.image, scale), decoded, dark, washed),
                                       timings, spent, t0, t1)
                tried[k] = again        # not sure enough alone: weighed against the whole reading below
        if self.second_detector is None:
            reads = self._read_found(first, self.detector, scale, spent, embeddings, profile)
        else:
            # The two readings are weighed as the base model reads them (as the floor and margin
            # were chosen); a tile-set profile then reads the chosen detector's tiles only.
            if found is None:
                found = self._second_found(src, spent, first)
            reads = self._read_found(first, self.detector, scale, spent, embeddings, None)
            other = None
            if self.second_reading_cannot_win(reads, found):
                second = False      # read below only if it could add a back (the same outcome, cheaper)
            else:
                other = self._read_found(found, self.second_detector, scale, spent, embeddings, None)
                second = self.confident_reads(other) > self.confident_reads(reads) * (1 + self.config.second_read_margin)
            kept = other if second else reads
            if profile is not None:
                detector, chosen = (self.second_detector, found) if second else (self.detector, first)
                kept = self._read_found(chosen, detector, scale, spent, embeddings, profile)
            if other is None:
                other = self._read_found(found, self.second_detector, scale, spent, embeddings, None) \
                    if self.second_backs_could_add(kept, found, scale) else []
            not_kept = reads if second else other
            reads = with_other_backs(kept, not_kept, self.config.second_backs_overlap)
        reads = without_small_reads(reads, self.config.small_read_share, sure=self.config.small_read_sure)
        reads = without_nested_reads(reads, self.config.nested_share)
        reads = without_repeated_faces(reads, self.config.repeated_face_most)
        edge_left_out = 0
        if profile is None:
            reads = without_unsure_elongated_reads(reads, self.config.elongated_share, self.config.elongated_floor)
            faces = sum(not r.face_down for r in reads)
            reads = without_unsure_edge_reads(reads, self.config.edge_floor, self.config.edge_px * scale,
                                              src.shape[1] * scale, src.shape[0] * scale)
            reads = without_edge_slivers(reads, self.config.edge_sliver_share, self.config.edge_px * scale,
                                         src.shape[1] * scale, src.shape[0] * scale)
            # said when no hand comes of the rest (a trial's winning tile half outside the photo was
            # left out, and only "found 13 tiles" said)
            edge_left_out = faces - sum(not r.face_down for r in reads)
        if self.face_up is not None:
            t_up = time.perf_counter()
            reads = with_face_up(reads, src, scale, self.classifier, self.face_up,
                                 known=None if sight is None else sight.reads)
            spent["classify_ms"] += (time.perf_counter() - t_up) * 1000
            if turn:
                upright = self._read_upright(reads, decoded, scale, embeddings, profile, spent, t_up, tried)
                edge_left_out = edge_left_out if upright is reads else 0     # another reading's edges
                reads = upright
        return self._timed(self._photo_reads(reads, decoded, dark, washed, edge_left_out), timings, spent, t0, t1)

    def _second_found(self, src: np.ndarray, spent: dict, first: tuple[Look, Detections]) -> tuple[Look, Detections]:
        """The second detector's look at ``src`` and its detections (``_detect``), sharing the
        first's look (``first``) where ``second_look`` says so."""
        return self._detect(self.second_detector, src, spent,
                            like=first[0] if self.config.second_look == "shared" else None)

    def _photo_reads(self, reads: list[TileRead], decoded, dark: bool, washed: bool = False,
                     edge_left_out: int = 0) -> TileReads:
        """``reads`` of the ``decoded`` photo, with what is known of the photo as a whole: its
        decoding's damage, its frame, whether it was too dark, washed out or is out of focus, and
        how many face-up reads at its edge were left out (``EDGE_FLOOR``, ``EDGE_SLIVER_SHARE``)."""
        # backs too: a photo blurred enough reads some of its faces as backs (a rendered hand of
        # 16 tiles blurred by 4 px at 640 px: 3 faces and 3 backs read)
        crops = list(_crops_at_side(decoded.image, [r.box for r in reads], decoded.scale, BLUR_WARN_SIDE))
        soft = _median_of(softness, crops, BLUR_WARN_LEAST)
        blurred = self.config.blur_warn_softness is not None and soft is not None \
            and soft >= self.config.blur_warn_softness
        if not blurred and self.config.blur_warn_detail is not None:
            detail = _median_of(detail_of, crops, BLUR_WARN_LEAST)       # the same crops, cut once
            blurred = detail is not None and detail < self.config.blur_warn_detail
        grain = None if self.config.noise_warn is None else \
            tiles_noise(decoded.image, [r.box for r in reads if not r.face_down], decoded.scale)
        return TileReads(reads, decoded.damage, photo_frame(decoded.image, decoded.scale), dark, blurred,
                         washed=washed, noisy=grain is not None and grain >= self.config.noise_warn,
                         edge_left_out=edge_left_out)

    @staticmethod
    def _timed(result: TileReads, timings: dict | None, spent: dict, t0: float, t1: float) -> TileReads:
        """``result``, with the stages' milliseconds put in ``timings`` (when given)."""
        if timings is not None:
            timings.update(spent)
            timings["decode_ms"] = (t1 - t0) * 1000
            timings["total_ms"] = (time.perf_counter() - t0) * 1000
        return result

    def faces_at_sight(self, found: tuple[Look, Detections], src: np.ndarray) -> Sight:
        """The face-up boxes the first detector found at or over its own threshold (``_detect``'s
        ``found``), in ``src``'s pixels, each with its way-up vote, and their crops' features
        (``vision.face_up.faces_at_sight``)."""
        look, dets = found
        own = getattr(self.detector, "conf", None) or 0.0
        boxes = [look.box_in_source(b) for b, n, c in zip(dets.xyxy, dets.names(), dets.confidence)
                 if n != "back" and float(c) >= own]
        return faces_at_sight(boxes, src, self.classifier, self.face_up)

    def looks_tile_free(self, sight: Sight) -> bool:
        """Whether the boxes at ``sight`` (``faces_at_sight``) are at least ``unsure_photo_least``
        and fewer than ``tile_free_share`` of them look like tiles to the photo's tileness probes
        (``photo_tileness``): a picture of no tiles (``TILE_FREE_SHARE``). A box whose code at
        sight is named more often than ``repeated_face_most`` is not tile-like (``REPEATED_FACE_MOST``)."""
        share, probe = self.config.tile_free_share, self.photo_tileness
        if share is None or probe is None or len(sight.reads) < self.config.unsure_photo_least:
            return False
        tile_like = np.asarray(probe.is_tile(sight.features), bool)
        return float(np.mean(tile_like & ~repeated_faces(sight.codes, self.config.repeated_face_most,
                                                          len(tile_like)))) < share

    def _read_upright(self, reads: list[TileRead], decoded, scale: float, embeddings: bool, profile, spent: dict,
                      t_up: float, tried: dict | None = None) -> list[TileRead]:
        """``reads``, or the reading of the photo turned upright when its faces say it is turned
        (``UPRIGHT_VOTES``), or when most of its tiles lie sideways, read unsurely (``LEVEL_SHARE``,
        ``LEVEL_BELOW``: rows running up the picture, a quarter turn the detectors may hardly see),
        in the photo's pixels. ``tried``: readings of turns already made (by quarter turns), not
        made again."""
        least = self.config.upright_votes
        k = faces_turn(reads, least)
        by_faces = k != 0
        turns = [k] if by_faces else ([1, 3] if least is not None and self.lying_unsurely(reads) else [])
        first_confident, best = self.confident_reads(reads), None
        for k in turns:
            again = (tried or {}).get(k)
            if again is None:
                # a turn tried for sideways tiles alone must find more confident tiles
                again = self._read_turned(decoded.image, k, embeddings, profile,
                                          None if by_faces else (best[2] if best else first_confident))
            margin, confident = upright_margin(again), self.confident_reads(again)
            if not by_faces:
                # a turn tried for sideways tiles alone: kept when its faces are upright and it
                # finds more confident tiles than the photo as it stands and the other turn
                keep = margin > 0 and confident > (best[2] if best else first_confident)
            else:
                # kept when its own faces say it is upright, and as firmly as the photo's said it
                # was not when it finds fewer confident tiles (a tray of tiles lying either way up)
                keep = margin >= 0 and (margin >= least or confident >= first_confident)
            if keep:
                best = (k, again, confident)
        if best is None:
            return reads
        k, again, _ = best
        spent["upright_ms"] = (time.perf_counter() - t_up) * 1000
        return in_photo(again, k, decoded.image, scale)

    def _read_turned(self, picture: np.ndarray, k: int, embeddings: bool, profile,
                     to_beat: int | None = None) -> list[TileRead]:
        """The reading of ``picture`` turned by ``np.rot90(picture, k)``, in the turned picture's
        pixels, not turned again (``to_beat``: as ``_read`` says)."""
        return self._read(np.ascontiguousarray(np.rot90(picture, k)), None, embeddings, profile, turn=False,
                          to_beat=to_beat)

    def lying_unsurely(self, reads: list[TileRead]) -> bool:
        """Whether most of ``reads``' face-up tiles lie sideways (``LEVEL_SHARE``; with
        ``LEVEL_ANY_SHAPE``, whatever their shape) and they read unsurely (``LEVEL_BELOW``): a photo
        turned a quarter that the detectors hardly see."""
        face_up = [r for r in reads if not r.face_down and r.code is not None]
        share, below = self.config.level_share, self.config.level_below
        if share is None or len(face_up) < 2:
            return False
        lying = sum(is_sideways_box(r.box) for r in face_up) > share * len(face_up)
        if not lying and not (self.config.level_any_shape and len(face_up) >= 3):
            return False
        return below is None or float(np.mean([r.confidence for r in face_up])) < below

    def confident_reads(self, reads: list[TileRead]) -> int:
        """Face-up tiles read at ``second_read_floor`` or surer: how a reading is weighed against
        the second detector's."""
        return sum(1 for r in reads if not r.face_down and r.confidence >= self.config.second_read_floor)

    def second_reading_cannot_win(self, reads: list[TileRead], found: tuple[Look, Detections]) -> bool:
        """Whether the second detector's reading of ``found`` could not win against the first's
        ``reads``, whatever the classifier says: a read counts towards a reading's weight only
        when its detection alone is as sure as the floor (the classifier's confidence is at
        most 1), and it has too few such detections. Its tiles are then classified only if it
        could add a back (``second_backs_could_add``): most photos' tiles are read once."""
        return self.could_be_confident(found) <= self.confident_reads(reads) * (1 + self.config.second_read_margin)

    def could_be_confident(self, found: tuple[Look, Detections]) -> int:
        """How many of ``found``'s face-up detections are as sure as ``second_read_floor``: the
        most confident reads (``confident_reads``) they can give, a read's confidence being its
        detection's times its classifier's."""
        _, dets = found
        return sum(1 for n, c in zip(dets.names(), dets.confidence)
                   if n != "back" and float(c) >= self.config.second_read_floor)

    def second_backs_could_add(self, kept: list[TileRead], found: tuple[Look, Detections], scale: float) -> bool:
        """Whether the second detector's reading of ``found``, not kept, could add a back to the
        reading ``kept`` (``with_other_backs``): one of its sure back boxes overlaps no kept read
        as much as that asks. Its face-up boxes are not looked at: one would add a back only when
        read a blank white dragon of another colour than the photo's faces (``blank_backs``), and
        on the valid split, GL and the six capture modes the 8 such backs were all on book spines
        or cut tile edges (docs/experiments.md)."""
        overlap = self.config.second_backs_overlap
        if overlap is None:
            return False
        look, dets = found
        # the back boxes that would become reads (read_detections leaves the weak ones out)
        backs = [tuple(v * scale for v in look.box_in_source(b)) for b, n, c in zip(dets.xyxy, dets.names(), dets.confidence)
                 if n == "back" and c >= self.config.back_conf]
        if not backs:
            return False
        kept_boxes = np.array([r.box for r in kept], np.float64).reshape(-1, 4)
        return not len(kept_boxes) or bool((box_iou(backs, kept_boxes).max(1) < overlap).any())

    def _detect(self, detector, src: np.ndarray, spent: dict, like: Look | None = None) -> tuple[Look, Detections]:
        """``detector``'s look at ``src`` and its detections, weak ones kept included; the
        milliseconds are added to ``spent``. ``like``: another detector's chosen look; only it
        and the picture as it stands are looked at (``shared_look``)."""
        t0 = time.perf_counter()
        detector = detector or self.detector
        own = self.weak_floor(detector)
        if own is None:
            look = self.look_at(src, detector) if like is None else \
                shared_look(like, src, lambda image: detect_in(detector, image, zoom_below=self.config.zoom_below))
            dets = look.dets
        else:
            # One run per look at the weak floor, split at the detector's own threshold: the
            # same boxes as a run at that threshold and a second, weak run (suppression never
            # lets a weaker box remove a surer one), for one network run instead of two. The
            # looks are chosen from the sure part alone, as before.
            low = copy.copy(detector)
            low.conf = min(self.config.weak_rescue[0], own)
            runs: dict[int, tuple[Detections, Detections]] = {}

            def sure_part(image: np.ndarray) -> Detections:
                found = detect_in(low, image, plan_conf=own, zoom_below=self.config.zoom_below)
                sure = found.filter(found.confidence > own)
                runs[id(sure)] = (sure, found)      # the pair keeps ``sure`` alive: its id stays its own
                return sure
            look = self.look_at(src, detector, detect=sure_part) if like is None else shared_look(like, src, sure_part)
            dets = with_weak_detections(runs[id(look.dets)][1], own)
        spent["detect_ms"] += (time.perf_counter() - t0) * 1000
        return look, dets

    def _read_found(self, found: tuple[Look, Detections], detector, scale: float, spent: dict, embeddings: bool,
                    profile) -> list[TileRead]:
        """The tiles of ``found`` (``_detect``'s, by ``detector``), read, in the input's pixels
        (``scale``: the decoding's); the stages' milliseconds are added to ``spent``."""
        look, dets = found
        stages: dict = {}
        reads = self.read_detections(look.image, dets, 1.0, timings=stages, embeddings=embeddings,
                                     profile=profile, detector=detector)
        for k in ("crop_ms", "classify_ms"):
            spent[k] += stages.get(k, 0.0)
        for r in reads:      # into the input's pixels: through the look, then the decoding's scale
            r.box = tuple(v * scale for v in look.box_in_source(r.box))
            r.corners = None if r.corners is None else [
                (float(x) * scale, float(y) * scale) for x, y in look.points_in_source(r.corners)]
            if look.degrees:
                r.angle -= look.degrees
        return reads

    @property
    def foreshortening(self) -> bool:
        return self.config.foreshortening

    def look_at(self, src: np.ndarray, detector=None, detect=None) -> Look:
        """The detections of ``detector`` (default the first) to read in ``src``: as it stands,
        or turned or unstretched when that look finds clearly more (``vision.looks``). Only a
        detector that states its input size (``imgsz``, a real model) is given other looks.
        ``detect``: how a picture's detections are found (default ``detect_in`` with ``detector``)."""
        detector = detector or self.detector
        if detect is None:
            detect = lambda image: detect_in(detector, image, zoom_below=self.config.zoom_below)   # noqa: E731
        if not self.config.looks or not getattr(detector, "imgsz", None):
            return Look("as is", src, detect(src))
        return choose_look(detect, src, getattr(detector, "conf", 0.3))

    def weak_floor(self, detector=None) -> float | None:
        """The detector's own threshold when weak detections are looked for (``WEAK_RESCUE``, a
        real detector: one that states its input size and threshold), else None."""
        detector = detector or self.detector
        if self.config.weak_rescue is None or not getattr(detector, "imgsz", None):
            return None
        return getattr(detector, "conf", None)

    def not_tiles(self, face_up: list[int], dets: Detections, readings: dict, detector=None) -> set[int]:
        """The detections of ``face_up`` (indices into ``dets``, read as ``readings`` by index, with
        their embeddings) that are no tile: rejected by the tileness probe unless read
        ``TILENESS_SURE`` or surer, or below ``detector``'s threshold and not read surely enough
        (``WEAK_RESCUE``)."""
        out = set()
        probe = self.tileness
        if probe is not None and face_up:
            keep = probe.is_tile(np.stack([readings[i].embedding for i in face_up]))
            sure = self.config.tileness_sure
            out = {i for i, k in zip(face_up, keep)
                   if not k and (sure is None or float(dets.confidence[i]) * surest(readings[i]) < sure)}
        own = self.weak_floor(detector)
        if own is not None:
            out |= {i for i in face_up if dets.confidence[i] < own and surest(readings[i]) < self.config.weak_rescue[1]}
        return out

    def read_detections(self, src: np.ndarray, dets: Detections, scale: float = 1.0, timings: dict | None = None,
                        embeddings: bool = False, profile=None, detector=None) -> list[TileRead]:
        """Classify the face-up detections of ``src`` (found by ``detector``, default the first);
        boxes come back multiplied by ``scale``. With
        a tile-set ``profile`` the codes are re-ranked by it (``classify_with_profile``).
        Face-up detections the tileness probe rejects are left out (unless read ``TILENESS_SURE``
        or surer), and so are those below the detector's threshold (``WEAK_RESCUE``) whose reading
        is not sure enough."""
        t0 = time.perf_counter()
        dets = dets.sorted_reading_order()
        names = dets.names()
        weak_backs = {i for i, n in enumerate(names) if n == "back" and dets.confidence[i] < self.config.back_conf}
        face_up = [i for i, n in enumerate(names) if n != "back"]
        unread = set()
        cap = self.config.max_face_up_read
        if cap is not None and len(face_up) > cap:
            unread = set(sorted(face_up, key=lambda i: -float(dets.confidence[i]))[cap:])
            face_up = [i for i in face_up if i not in unread]
        face_up_boxes = [dets.xyxy[i] for i in face_up]
        probe = self.tileness
        cut: dict = {}
        as_given = src
        src, crops, read = read_crops(self.classifier, src, face_up_boxes, self.config, profile, self.corner_finder,
                                      embeddings or probe is not None, self.config.faces_when_asked, cut)
        readings = dict(zip(face_up, read))
        not_tiles = self.not_tiles(face_up, dets, readings, detector)
        if profile is not None and src is not as_given and not_tiles:
            # A profile of a dark-bodied set reads its photos turned over; the tileness probe and the
            # weak floor were set on the base reader's cuts, which turn a photo over only when its
            # crops say so: a tile it keeps as cut there is kept (a dark set's plain white dragon,
            # turned over, was dropped unmarked: 5 of 7 tiles a profile lost on rendered scenes).
            again = sorted(not_tiles)
            base = dict(zip(again, classify_with_profile(
                self.classifier, cut_for_reading(as_given, [dets.xyxy[i] for i in again], self.config, None,
                                                 dark_body=False)[1], None, True, self.config)))
            not_tiles &= self.not_tiles(again, dets, base, detector)
        # A face no code names is read unsure by the classifier: it is told apart before the read
        # floor, which would drop it unseen, and kept as an unknown tile.
        odd = set()
        if self.oddity is not None:
            ks = [k for k, i in enumerate(face_up) if i not in not_tiles]
            flags = self.oddity.is_odd([crops[k] for k in ks])
            odd = {face_up[k] for k, f in zip(ks, flags) if f}
        floor = self.config.read_floor
        floors = profile is None or self.config.profile_floors
        if floor is not None and floors:
            not_tiles |= {i for i in face_up
                          if i not in odd and float(dets.confidence[i]) * surest(readings[i]) < floor}
        blank_floor = self.config.blank_read_floor
        unsure_blanks = set()
        if blank_floor is not None and floors:
            # the base model's confidence counts where it read a 5z too (its sure 3p is no sure blank)
            unsure_blanks = {i for i in face_up if readings[i].code == WHITE_DRAGON and i not in odd
                             and i not in not_tiles
                             and float(dets.confidence[i]) * surest(readings[i], same_code=True) < blank_floor}
        backs, profile_backs = set(), set()
        if self.config.blank_backs:
            ks = [k for k, i in enumerate(face_up) if i not in not_tiles and i not in odd]
            if any(readings[face_up[k]].code == WHITE_DRAGON for k in ks):     # else blank_backs reads none
                crops.find_faces(ks)
            faces = [crops.faces[k].crop if k in crops.faces else crops[k] for k in ks]
            sure = [float(dets.confidence[face_up[k]]) * readings[face_up[k]].confidence for k in ks]
            codes = [readings[face_up[k]].code for k in ks]
            inked = None if profile is None else profile.white_has_ink()
            found = blank_backs(codes, sure, faces, inked)
            backs = {face_up[ks[j]] for j in found}
            if inked:
                # backs only because the profile's white dragon has ink: the base model alone keeps
                # them white dragons, and such a tile is marked as the profile's reading (a profile
                # from another set turned a set's plain white dragons face down, unmarked)
                profile_backs = backs - {face_up[ks[j]] for j in blank_backs(codes, sure, faces, None)}
        # an unsure blank face that is a back (vision.blanks) stays one: a concealed kong needs it
        not_tiles |= unsure_blanks - backs
        t2 = time.perf_counter()
        # a tile read as cut by its row seen from low lies as that cut says, not as its box alone
        seen_low = {i: crops.lying[k] for k, i in enumerate(face_up) if k in crops.switched or k in crops.face_cut}
        out = []
        for i in range(len(dets)):
            if i in not_tiles or i in weak_backs or i in unread:
                continue
            box = tuple(float(v) * scale for v in dets.xyxy[i])
            sideways = seen_low[i] if i in seen_low else is_sideways_box(box)
            corners = None if dets.corners is None else [tuple(map(float, p * scale)) for p in dets.corners[i]]
            det_conf = float(dets.confidence[i])
            if i in readings and i not in backs:
                r = readings[i]
                out.append(TileRead(code=r.code, box=box, confidence=det_conf * r.confidence, sideways=sideways,
                                    top3=r.top3, corners=corners, angle=90.0 if sideways else 0.0,
                                    base_code=getattr(r, "base_code", None), base_p=getattr(r, "base_p", None),
                                    unknown=i in odd,
                                    embedding=None if r.embedding is None or not embeddings
                                    else [float(v) for v in r.embedding]))
            else:
                out.append(TileRead(code=None, box=box, confidence=det_conf, face_down=True, sideways=sideways,
                                    corners=corners, angle=90.0 if sideways else 0.0,
                                    base_code=WHITE_DRAGON if i in profile_backs else None))
        if timings is not None:
            timings["crop_ms"] = cut.get("crop_ms", 0.0)
            timings["classify_ms"] = (t2 - t0) * 1000 - timings["crop_ms"]
        return out


def surest(reading, same_code: bool = False) -> float:
    """A reading's confidence, or the base model's where a tile-set profile read it (``base_p``)
    and the base model is surer: what keeps a detection the probe or the weak floor would drop. A
    profile's flatter confidences dropped tiles the base model kept (a light set's 1p read at 0.83
    alone, gone unmarked with its profile). ``same_code``: the base model's counts only where it
    read the same code (``base_code`` None)."""
    base = getattr(reading, "base_p", None)
    if base is None or (same_code and getattr(reading, "base_code", None) is not None):
        return float(reading.confidence)
    return max(float(reading.confidence), float(base))


def cut_for_reading(src: np.ndarray, boxes, config: ReaderConfig, profile=None,
                    dark_body: bool | None = None) -> tuple[np.ndarray, TileCrops]:
    """(picture, crops): the tiles of ``boxes`` cut from ``src``; when they are of a dark-bodied
    set (``vision.dark_bodies``: told from these crops, or by the tile-set ``profile``, which
    learnt its set so, or as ``dark_body`` says), cut again from ``src`` with the boxes' region
    lightness-inverted, and that picture, for the face cuts and blank tests to come.
    ``config.dark_body_below`` None: never. Told from the crops, their median polarity is kept
    as ``crops.body_polarity`` (``read_crops`` reads an unsure photo both ways)."""
    if dark_body is None and profile is not None and config.dark_body_below is not None:
        dark_body = bool(getattr(profile, "dark_body", False))
    if dark_body and config.dark_body_below is not None and len(boxes):
        return turned_over(src, boxes, config)      # known dark: cut once, from the turned picture
    crops = cut_tiles(src, boxes, foreshortening=config.foreshortening, rectify=config.rectify)
    if config.dark_body_below is None or len(boxes) == 0 or dark_body is not None:
        return src, crops
    crops.body_polarity = median_polarity(crops, config.dark_body_least)
    dark = crops.body_polarity is not None and crops.body_polarity < config.dark_body_below
    return turned_over(src, boxes, config) if dark else (src, crops)


def turned_over(src: np.ndarray, boxes, config: ReaderConfig) -> tuple[np.ndarray, TileCrops]:
    """(picture, crops): ``src`` with the region of ``boxes`` (and a tile's width around it)
    lightness-inverted, and the tiles cut from it."""
    xyxy = np.asarray(boxes, np.float64)
    h, w = src.shape[:2]
    pad = float(np.median(np.minimum(xyxy[:, 2] - xyxy[:, 0], xyxy[:, 3] - xyxy[:, 1])))
    x0, y0 = (max(0, int(v - pad)) for v in xyxy[:, :2].min(axis=0))
    x1, y1 = (int(v + pad) + 1 for v in xyxy[:, 2:].max(axis=0))
    x1, y1 = min(w, x1), min(h, y1)
    turned = src.copy()
    turned[y0:y1, x0:x1] = lightness_inverted(src[y0:y1, x0:x1])
    return turned, cut_tiles(turned, boxes, foreshortening=config.foreshortening, rectify=config.rectify)


def read_crops(classifier, src: np.ndarray, boxes, config: ReaderConfig, profile=None, corner_finder=None,
               embeddings: bool = False, when_asked: bool = False,
               timings: dict | None = None) -> tuple[np.ndarray, TileCrops, list]:
    """(picture, crops, readings) of the tiles of ``boxes`` in ``src``: cut (``cut_for_reading``),
    given their face cuts (``add_face_cuts``) and read (``classify_with_profile``). A photo whose
    body the crops leave unsure (median polarity from ``config.dark_body_below`` up to
    ``config.dark_body_unsure``; no profile) is also read turned over, and the reading with the
    higher mean confidence kept. ``timings``: its "crop_ms" gets the first cut's milliseconds."""
    t0 = time.perf_counter()
    picture, crops = cut_for_reading(src, boxes, config, profile)
    add_face_cuts(crops, picture, boxes, corner_finder, config, when_asked=when_asked)
    if timings is not None:
        timings["crop_ms"] = (time.perf_counter() - t0) * 1000
    readings = classify_with_profile(classifier, crops, profile, embeddings, config)
    polarity = getattr(crops, "body_polarity", None)
    if (picture is src and polarity is not None and config.dark_body_unsure is not None
            and config.dark_body_below <= polarity < config.dark_body_unsure and readings):
        turned, other = turned_over(src, boxes, config)
        add_face_cuts(other, turned, boxes, corner_finder, config, when_asked=when_asked)
        other_readings = classify_with_profile(classifier, other, profile, embeddings, config)
        if np.mean([r.confidence for r in other_readings]) > np.mean([r.confidence for r in readings]):
            return turned, other, other_readings
    return picture, crops, readings


def repeated_faces(codes, most: int | None, n: int) -> np.ndarray:
    """For each of ``n`` boxes, whether its code (``codes``, one per box or none) is named on more
    than ``most`` of them (``REPEATED_FACE_MOST``; None: none is)."""
    if most is None or len(codes) != n:
        return np.zeros(n, bool)
    counts = Counter(codes)
    return np.array([counts[c] > most for c in codes], bool)


def without_repeated_faces(reads: list[TileRead], most: int | None) -> list[TileRead]:
    """``reads`` less the face-up ones whose code is read more often than ``most``
    (``REPEATED_FACE_MOST``): a printed pattern's, not a tile set's."""
    faces = [r for r in reads if not r.face_down]
    repeated = repeated_faces([r.code for r in faces], most, len(faces))
    if not repeated.any():
        return reads
    left_out = {id(r) for r, out in zip(faces, repeated) if out}
    return [r for r in reads if id(r) not in left_out]


def photo_frame(picture: np.ndarray, scale: float) -> tuple[float, float]:
    """The photo's (width, height) in its reads' pixels: ``picture``'s times ``scale``, the decoding's."""
    return picture.shape[1] * scale, picture.shape[0] * scale


def screen_photo(picture: np.ndarray, flat_range: float | None = SCREEN_FLAT_RANGE, side: int = SCREEN_SIDE,
                 photo_least: float = SCREEN_PHOTO_LEAST, chrome_share: float = SCREEN_CHROME_SHARE,
                 flat_least: float = SCREEN_FLAT_LEAST, bar_share: float = SCREEN_BAR_SHARE
                 ) -> tuple[int, int, int, int] | None:
    """The photo (x0, y0, x1, y1 in ``picture``'s pixels) that ``picture``, a phone screenshot,
    shows between flat bands holding the phone's and an app's bars and buttons, or, in a picture
    shaped as a phone's screen, a chat's messages (``SCREEN_TALL``); None for a photo
    (``SCREEN_FLAT_RANGE``)."""
    if flat_range is None or picture.size == 0 or min(picture.shape[:2]) < 8:
        return None
    h, w = picture.shape[:2]
    # every step-th pixel: a glyph of the status bar still lands on a sample of its rows (a resize
    # of a 12-MP photo cost 10 ms, this 1)
    step = max(1, round(max(h, w) / side))
    small = np.ascontiguousarray(picture[::step, ::step])
    grey = small if small.ndim == 2 else cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    screen_shaped = max(h, w) >= SCREEN_TALL * min(h, w)
    span = [0, 0, w, h]
    for axis in (0, 1):
        lines = grey if axis == 0 else grey.T
        flat = (lines.max(axis=1).astype(np.int16) - lines.min(axis=1)) <= flat_range
        photo = _photo_run(flat, SCREEN_CHAT_PHOTO_LEAST if screen_shaped else photo_least,
                           None if screen_shaped else chrome_share, flat_least, bar_share)
        if photo is not None:
            full = h if axis == 0 else w
            # a sample line more each side: the photo's edge lies between a flat sample and the next
            span[1 - axis] = max(0, (photo[0] - 1) * step)
            span[3 - axis] = min(full, (photo[1] + 1) * step)
    found = None if span == [0, 0, w, h] else tuple(span)
    if (SCREEN_EDGE_STEP is not None and h >= SCREEN_TALL * w and found is not None
            and found[3] - found[1] > SCREEN_WALLPAPER_TALL * h):
        # a chat on a wallpaper of doodles: only its title bar and message box are flat, and the
        # photo with every message between them was one run; the photo is found by its own edges
        # instead (only there: in a tall photo of tiles in a grid, the tiles make rectangles too)
        edges = photo_edges(grey, step=SCREEN_EDGE_STEP)
        if edges is not None:
            x0, y0, x1, y1 = edges
            found = (max(0, (x0 - 1) * step), max(0, (y0 - 1) * step), min(w, (x1 + 1) * step),
                     min(h, (y1 + 1) * step))
    return found


def _longest_run(mask: np.ndarray) -> tuple[int, int]:
    """(first, past the last) of the longest run of True in ``mask`` (1-D); (0, 0) for none."""
    change = np.diff(np.concatenate(([0], mask.astype(np.int8), [0])))
    starts, ends = np.flatnonzero(change == 1), np.flatnonzero(change == -1)
    if not len(starts):
        return 0, 0
    k = int(np.argmax(ends - starts))
    return int(starts[k]), int(ends[k])


def photo_edges(grey: np.ndarray, least: float = SCREEN_CHAT_PHOTO_LEAST, step: float = 12.0,
                apart: float = SCREEN_EDGE_APART) -> tuple[int, int, int, int] | None:
    """The photo (x0, y0, x1, y1 in ``grey``'s pixels) a chat screenshot shows, found by its left
    and right edges: two columns where the grey steps by more than ``step`` levels down ``least``
    of the picture's height or more (a row's gap bridged), ``apart`` of its width apart or more,
    running down mostly the same rows; the widest, tallest such pair, its rows both edges'
    together. A wallpaper's doodles and a message's bubble are far shorter. None without one."""
    g = grey.astype(np.int16)
    n_rows, n_cols = g.shape
    steps = np.abs(np.diff(g, axis=1)) > step            # an edge between column c and c + 1
    steps = cv2.dilate(steps.astype(np.uint8), np.ones((3, 1), np.uint8)).astype(bool)
    tall = [(c, *run) for c in range(n_cols - 1) for run in [_longest_run(steps[:, c])]
            if run[1] - run[0] >= least * n_rows]
    across = np.abs(np.diff(g, axis=0)) > step           # an edge between row r and r + 1
    best = None
    for i, (c0, s0, e0) in enumerate(tall):
        for c1, s1, e1 in tall[i + 1:]:
            both = min(e0, e1) - max(s0, s1)
            if c1 - c0 < apart * n_cols or both < least * n_rows or both < 0.8 * min(e0 - s0, e1 - s1):
                continue
            s, e = min(s0, s1), max(e0, e1)          # both edges' rows: nothing of the photo cut
            # a rectangle: a top edge across it where its sides begin, and a bottom edge in its
            # last quarter (its bubble may go on under it); tiles' and a table's edges in a tall
            # photo of a hand met the sides' test alone
            top = across[max(0, s - 3):s + 3, c0 + 1:c1 + 1].mean(axis=1)
            bottom = across[max(0, e - (e - s) // 4 - 1):e + 2, c0 + 1:c1 + 1].mean(axis=1)
            if not (len(top) and len(bottom) and min(top.max(), bottom.max()) >= SCREEN_EDGE_ACROSS):
                continue
            if best is None or (e - s) * (c1 - c0) > best[0]:
                best = ((e - s) * (c1 - c0), c0 + 1, s, c1 + 1, e)
    return None if best is None else best[1:]


def _photo_run(flat: np.ndarray, photo_least: float, chrome_share: float | None, flat_least: float,
               bar_share: float) -> tuple[int, int] | None:
    """The run of lines (first, past the last) that is a screenshot's photo, given which of its
    lines are ``flat`` (``screen_photo``), or None. ``chrome_share``: how near the ends the other
    runs must lie (None: anywhere, a chat's messages)."""
    n = len(flat)
    if flat.sum() < flat_least * n:
        return None                 # a photo, not a screen: a black edge or a clipped line or two
    # the runs of lines that are not flat: (first, past the last)
    change = np.diff(np.concatenate(([0], (~flat).astype(np.int8), [0])))
    runs = list(zip(np.flatnonzero(change == 1).tolist(), np.flatnonzero(change == -1).tolist()))
    # a photo's own flat line or two (a clipped row) does not split it: bars lie far from it
    merged = []
    for r in runs:
        if merged and r[0] - merged[-1][1] <= 2:
            merged[-1] = (merged[-1][0], r[1])
        else:
            merged.append(r)
    photo = max(merged, key=lambda r: r[1] - r[0], default=None)
    if photo is None or photo[1] - photo[0] < photo_least * n or photo[0] == 0 or photo[1] == n:
        return None                 # a photo shown on a screen has a flat band on both sides
    # the bars as they lie, not joined: a display's rounded corners a row or two above the
    # status bar's glyphs made one bar too thick of a shrunk screenshot
    bars = [r for r in runs if r[1] <= photo[0] or r[0] >= photo[1]]
    edge = n if chrome_share is None else chrome_share * n
    if not bars or any(r[1] - r[0] > bar_share * n or edge < r[1] and r[0] < n - edge for r in bars):
        return None                 # no bar, or tiles on a flat cloth: not a photo between a screen's bars
    return photo


def shifted_read(read: TileRead, dx: float, dy: float) -> TileRead:
    """``read`` moved by (``dx``, ``dy``) pixels: a read of a part of a picture in the whole's."""
    x0, y0, x1, y1 = read.box
    corners = None if read.corners is None else [(x + dx, y + dy) for x, y in read.corners]
    return replace(read, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy), corners=corners)


def in_photo(reads: list[TileRead], k: int, picture: np.ndarray, scale: float) -> list[TileRead]:
    """``reads`` of ``picture`` turned by ``np.rot90(picture, k)``, put back in the photo's pixels
    (``picture``'s times ``scale``, the decoding's)."""
    return [unturned_read(r, k, picture.shape[1], picture.shape[0], scale) for r in reads]


def light_percentiles(image: np.ndarray, q=(99, 99.9)) -> tuple[float, ...]:
    """Percentiles of ``image``'s grey levels, from a quarter megapixel of it (enough)."""
    step = max(1, round((image.shape[0] * image.shape[1] / 250_000) ** 0.5))
    sample = image[::step, ::step]
    grey = sample if sample.ndim == 2 else cv2.cvtColor(sample, cv2.COLOR_BGR2GRAY)
    return tuple(float(v) for v in np.percentile(grey, q))


def too_dark(image: np.ndarray, below: float | None = None) -> bool:
    """Whether ``image`` is so dark that tiles are lost even brightened (``DARK_WARN_P99``): the
    99th percentile of its grey levels under ``below``."""
    below = DARK_WARN_P99 if below is None else below
    return image.size > 0 and light_percentiles(image, (99,))[0] < below


def brightened(image: np.ndarray, dark_p99: float | None, target: float = EXPOSURE_TARGET,
               max_gain: float = MAX_GAIN, light: tuple[float, float] | None = None) -> np.ndarray:
    """``image`` scaled so that the 99th percentile of its grey levels reaches ``target`` (at most
    ``max_gain`` times) when that percentile is under ``dark_p99``; else ``image`` itself.
    ``light``: its ``light_percentiles``, where already measured."""
    if dark_p99 is None or image.size == 0:
        return image
    p99, p999 = light or light_percentiles(image)
    if p99 >= dark_p99:
        return image
    # nor beyond what the brightest thousandth takes unclipped: a few bright tiles on a dark
    # cloth (under a hundredth of the picture) would otherwise turn white, faces and all
    gain = min(max_gain, target / max(p99, 1.0), 255.0 / max(p999, 1.0))
    return image if gain <= 1.0 else cv2.convertScaleAbs(image, alpha=gain)


def exposed(image: np.ndarray, config: ReaderConfig, light: tuple[float, float] | None = None) -> np.ndarray:
    """``image`` as the reader reads it: brightened when dark (``DARK_P99``), evened when lit
    unevenly (``SHADE_GAIN``), then sharpened when out of focus (``SHARPEN_ABOVE``); ``light``: its
    ``light_percentiles``, where already measured."""
    return sharpened(evened(brightened(image, config.dark_p99, light=light), config.shade_gain), config.sharpen_above)


def softness(image: np.ndarray) -> float:
    """How little fine detail ``image`` has: the mean |Laplacian| of its grey blurred by 1 px over
    that of its grey as it is; near 0 for a sharp photo, toward 1 as it is out of focus."""
    grey = (image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)).astype(np.float32)
    # L1 norms (the means times the pixel count, which cancels): no |Laplacian| array is made on
    # this path every photo takes (9 -> 5 ms a megapixel)
    detail = cv2.norm(cv2.Laplacian(grey, cv2.CV_32F), cv2.NORM_L1)
    left = cv2.norm(cv2.Laplacian(cv2.GaussianBlur(grey, (0, 0), 1.0), cv2.CV_32F), cv2.NORM_L1)
    return left / detail if detail > 0 else 1.0


def tiles_softness(image: np.ndarray, boxes, scale: float = 1.0, side: int = BLUR_WARN_SIDE,
                   least: int = BLUR_WARN_LEAST) -> float | None:
    """The median ``softness`` of the tiles in ``boxes`` (x1, y1, x2, y2 in pixels of ``image``
    times ``scale``, as reads give them), each cut from ``image`` and scaled so that its shorter
    side is ``side`` pixels: how out of focus the photo is at the tiles' own scale, whatever its
    size. None for fewer than ``least`` boxes (too few tiles to judge the photo by)."""
    return _median_of(softness, list(_crops_at_side(image, boxes, scale, side)), least)


def tiles_detail(image: np.ndarray, boxes, scale: float = 1.0, side: int = BLUR_WARN_SIDE,
                 least: int = BLUR_WARN_LEAST) -> float | None:
    """The median ``detail_of`` the tiles in ``boxes`` (as ``tiles_softness`` cuts them). None for
    fewer than ``least`` boxes."""
    return _median_of(detail_of, list(_crops_at_side(image, boxes, scale, side)), least)


def detail_of(grey: np.ndarray) -> float:
    """A grey crop's mean |Laplacian| over its standard deviation: a dim photo's sharp tiles have as
    much detail as a bright one's."""
    grey = grey.astype(np.float32)
    return float(np.abs(cv2.Laplacian(grey, cv2.CV_32F)).mean()) / (float(grey.std()) + 1e-3)


def _median_of(measure, crops: list, least: int) -> float | None:
    """The median of ``measure`` over ``crops``, or None for fewer than ``least`` of them."""
    return float(np.median([measure(c) for c in crops])) if len(crops) >= least else None


def _crops_at_side(image: np.ndarray, boxes, scale: float, side: int):
    """The grey crops of ``boxes`` (``grey_crops``), each scaled so that its shorter side is ``side``."""
    for crop in grey_crops(image, boxes, scale, 4):
        k = side / min(crop.shape)
        yield cv2.resize(crop, (max(4, round(crop.shape[1] * k)), max(4, round(crop.shape[0] * k))),
                         interpolation=cv2.INTER_AREA)


def grey_crops(image: np.ndarray, boxes, scale: float, least_side: int):
    """The crops of ``boxes`` (x1, y1, x2, y2 in pixels of ``image`` times ``scale``) in grey, those
    at least ``least_side`` pixels on their shorter side within the picture."""
    if image.size == 0:
        return
    h, w = image.shape[:2]
    for x1, y1, x2, y2 in boxes:
        x1, y1 = max(0, int(x1 / scale)), max(0, int(y1 / scale))
        x2, y2 = min(w, int(x2 / scale)), min(h, int(y2 / scale))
        if min(x2 - x1, y2 - y1) < least_side:
            continue
        # each crop turned grey alone: a 12-MP photo turned whole cost 4 ms, its tiles 1
        yield image[y1:y2, x1:x2] if image.ndim == 2 else cv2.cvtColor(image[y1:y2, x1:x2], cv2.COLOR_BGR2GRAY)


#: The difference of two Laplacians, whose response to a face's smooth shading and straight
#: strokes is small and to a pixel's own noise large (Immerkaer, "Fast noise variance estimation")
NOISE_KERNEL = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)


def tiles_noise(image: np.ndarray, boxes, scale: float = 1.0, side: int = NOISE_SIDE,
                least: int = BLUR_WARN_LEAST, flat_share: float = NOISE_FLAT_SHARE) -> float | None:
    """How grainy the faces in ``boxes`` are (x1, y1, x2, y2 in pixels of ``image`` times
    ``scale``): the median over them of the noise in each face's flattest pixels against the
    spread of its grey levels (``NOISE_WARN``), each cut and brought down so that its shorter side
    is at most ``side`` px (the noise at the scale the tiles are read at, whatever the photo's
    size). None for fewer than ``least`` boxes."""
    values = []
    for crop in grey_crops(image, boxes, scale, 8):
        # brought down, never up: an enlarged face's noise is smoothed away (a 40-px face read a third
        # of its noise at 48 px)
        k = min(1.0, side / min(crop.shape))
        grey = cv2.resize(crop, (max(8, round(crop.shape[1] * k)), max(8, round(crop.shape[0] * k))),
                          interpolation=cv2.INTER_AREA).astype(np.float32)
        response = np.abs(cv2.filter2D(grey, -1, NOISE_KERNEL)[1:-1, 1:-1])
        slope = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))[1:-1, 1:-1]
        flat = slope <= np.percentile(slope, flat_share * 100)
        sigma = float(np.sqrt(np.pi / 2) / 6 * response[flat].mean())
        low, high = np.percentile(grey, (5, 95))
        values.append(sigma / max(float(high - low), 8.0))
    return float(np.median(values)) if len(values) >= least else None


def sharpened(image: np.ndarray, above: float | None, sigma: float = SHARPEN_SIGMA,
              amount: float = SHARPEN_AMOUNT) -> np.ndarray:
    """``image`` through an unsharp mask when its ``softness`` is over ``above``
    (``SHARPEN_ABOVE``), else ``image`` itself."""
    if above is None or image.size == 0 or min(image.shape[:2]) < 8 or softness(image) <= above:
        return image
    return cv2.addWeighted(image, 1.0 + amount, cv2.GaussianBlur(image, (0, 0), sigma), -amount, 0)


def evened(image: np.ndarray, shade_gain: float | None, max_gain: float = MAX_GAIN,
           window: float = SHADE_WINDOW) -> np.ndarray:
    """``image`` (BGR or grey, 8 bits) with its shaded regions brought up to its lit ones
    (``SHADE_GAIN``), or ``image`` itself when no region needs ``shade_gain`` times its light or
    more. Bare felt or table far from every tile counts as shade: most photos are evened a little,
    their tiles' own light kept."""
    if shade_gain is None or image.size == 0:
        return image
    h, w = image.shape[:2]
    side = 128                                  # the light varies slowly: a small map is enough
    scale = side / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    grey = small if small.ndim == 2 else cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    k = max(3, int(round(side * window)) | 1)
    # the brightest within the window (a tile's face where there is one), smoothed: bare felt far
    # from the tiles is lifted too, harmlessly; a lit tile's edge beside dark felt a little
    local = cv2.GaussianBlur(cv2.dilate(grey, np.ones((k, k), np.uint8)).astype(np.float32), (0, 0), k / 2)
    gain = np.clip(float(np.percentile(grey, 99)) / np.maximum(local, 1.0), 1.0, max_gain)
    if float(gain.max()) < shade_gain:
        return image
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    # OpenCV's saturating multiply: a third of numpy's time on a megapixel
    return cv2.multiply(image, gain if image.ndim == 2 else cv2.merge([gain] * image.shape[2]), dtype=cv2.CV_8U)


def shared_look(chosen: Look, src: np.ndarray, detect) -> Look:
    """The look ``detect`` (a detector's run) reads ``src`` by when another detector chose
    ``chosen``: the picture as it stands, or ``chosen``'s picture (the same way back to ``src``)
    where its detections there clearly beat those (``vision.looks.clearly_beats``). The second
    detector's look search costs as many runs as the first's (up to nine for a stretched picture),
    and mostly ends where the first's did."""
    if chosen.binding:          # a close-up: read shrunk by both (``vision.looks.close_up_shrink``)
        return replace(chosen, dets=detect(chosen.image))
    base = Look("as is", src, detect(src))
    if chosen.name == base.name:
        return base
    other = replace(chosen, dets=detect(chosen.image))
    return other if clearly_beats(other, base) else base


def with_weak_detections(found: Detections, own: float) -> Detections:
    """``found`` (a run at the weak floor, ``WEAK_RESCUE``) as the reader keeps it: the
    detections above the detector's own threshold ``own``, then the weak face-up ones that
    overlap none of them above ``WEAK_OVERLAP`` (read, then kept or dropped, by
    ``TileReader.read_detections``)."""
    sure = found.confidence > own
    dets = found.filter(sure)
    keep = (found.confidence < own) & (found.class_id == list(found.class_names).index("tile"))
    if len(dets) and keep.any():
        keep &= box_iou(found.xyxy, dets.xyxy).max(1) < WEAK_OVERLAP
    if not keep.any():
        return dets
    weak = found.filter(keep)
    corners = None if dets.corners is None or weak.corners is None else np.concatenate([dets.corners, weak.corners])
    return Detections(np.concatenate([dets.xyxy, weak.xyxy]), np.concatenate([dets.confidence, weak.confidence]),
                      np.concatenate([dets.class_id, weak.class_id]), dets.class_names, corners)


def add_face_cuts(crops: TileCrops, image: np.ndarray, boxes, corner_finder, config: ReaderConfig,
                  when_asked: bool = False) -> None:
    """Give each of ``crops`` (cut from ``image`` by ``boxes``) its face cut by the corners
    ``corner_finder`` finds (``TileCrops.faces``), when it and ``config.face_margin`` are set;
    ``when_asked``: only as ``TileCrops.find_faces`` asks for them (the corner network costs
    about a third of cutting a photo's tiles, and a tile read surely is not read by its face)."""
    if corner_finder is None or config.face_margin is None or not len(boxes):
        return

    def faces_of(indices) -> dict[int, TileView]:
        quads = corner_finder.find(image, [boxes[k] for k in indices])
        return {k: TileView(crop_tile(image, boxes[k], corners=q), face_lies_sideways(q), False)
                for k, q in zip(indices, quads)}
    if when_asked:
        crops.face_finder = faces_of
    else:
        crops.faces.update(faces_of(list(range(len(boxes)))))


def with_other_backs(reads: list[TileRead], other: list[TileRead], overlap: float | None) -> list[TileRead]:
    """``reads`` with the face-down tiles of ``other`` (the reading not kept) that overlap none of
    them by ``overlap`` (IoU) or more, in reading order; ``reads`` itself when none is added or
    ``overlap`` is None (``SECOND_BACKS_OVERLAP``)."""
    if overlap is None:
        return reads
    kept = np.array([r.box for r in reads], np.float64).reshape(-1, 4)
    added = [b for b in other if b.face_down and (not len(kept) or box_iou([b.box], kept).max() < overlap)]
    if not added:
        return reads
    # Each back goes after the kept read that comes before it in the photo's reading order (first
    # when none does); the kept reads keep their own order, which a turned look may have given.
    merged = reads + added
    after: dict[int, list[TileRead]] = {}
    last = -1
    for i in reading_order([r.box for r in merged]):
        if i < len(reads):
            last = int(i)
        else:
            after.setdefault(last, []).append(merged[i])
    out = list(after.get(-1, []))
    for k, r in enumerate(reads):
        out += [r] + after.get(k, [])
    return out


def _face_up_median(reads: list[TileRead], values: list[float], least: int) -> float | None:
    """The median of ``values`` (one per read) over the face-up reads, or None with fewer than
    ``least`` of them (no photo's tile to judge by)."""
    face_up = [v for r, v in zip(reads, values) if not r.face_down]
    return float(np.median(face_up)) if len(face_up) >= least else None


def _share_of_median(reads: list[TileRead], values: list[float], share: float | None, least: int) -> float | None:
    """``share`` of the median of ``values`` over the face-up reads (the photo's own tile to judge
    by), or None when the rule is off or there are fewer than ``least`` face-up reads."""
    if share is None:
        return None
    median = _face_up_median(reads, values, least)
    return None if median is None else share * median


def without_unsure_elongated_reads(reads: list[TileRead], share: float | None, floor: float,
                                   least: int = SMALL_READ_MIN) -> list[TileRead]:
    """``reads`` less the face-up ones read under ``floor`` whose box is ``share`` times as
    elongated as the median face-up read's, when there are ``least`` face-up reads or more
    (``ELONGATED_SHARE``); face-down and unknown reads stay."""
    if share is None:
        return reads
    shapes = [max(w, h) / max(min(w, h), 1e-6) for w, h in ((r.box[2] - r.box[0], r.box[3] - r.box[1]) for r in reads)]
    median = _face_up_median(reads, shapes, least)
    if median is None:
        return reads
    return [r for r, shape in zip(reads, shapes)
            if r.face_down or r.unknown or shape < share * median or r.confidence >= floor]


def _reaches_edge(read: TileRead, px: float, width: float, height: float) -> bool:
    """Whether ``read``'s box comes within ``px`` of the edge of a ``width`` × ``height`` picture."""
    x0, y0, x1, y1 = read.box
    return min(x0, y0, width - x1, height - y1) <= px


def without_unsure_photo(reads: list[TileRead], below: float | None, least: int) -> list[TileRead]:
    """``reads``, or none when ``least`` face-up reads or more are all read under ``below``
    (``UNSURE_PHOTO_BELOW``): nothing in the photo looks surely like a tile (random noise, a busy
    pattern), and its guesses would each have to be deleted."""
    face_up = [r.confidence for r in reads if not r.face_down and not r.unknown]
    if below is None or len(face_up) < least or max(face_up) >= below:
        return reads
    return []


def without_unsure_edge_reads(reads: list[TileRead], floor: float | None, px: float, width: float,
                              height: float) -> list[TileRead]:
    """``reads`` less the face-up ones read under ``floor`` whose box reaches within ``px`` of the
    edge of a ``width`` × ``height`` picture (boxes in its pixels; ``EDGE_FLOOR``); face-down and
    unknown reads stay."""
    if floor is None:
        return reads
    return [r for r in reads if r.face_down or r.unknown or r.confidence >= floor
            or not _reaches_edge(r, px, width, height)]


def without_edge_slivers(reads: list[TileRead], share: float | None, px: float, width: float, height: float,
                         least: int = SMALL_READ_MIN) -> list[TileRead]:
    """``reads`` less those whose box reaches within ``px`` of the edge of a ``width`` × ``height``
    picture and whose short side is under ``share`` of the median face-up short side, when there
    are ``least`` face-up reads or more (``EDGE_SLIVER_SHARE``); face-down ones too: a back cut to
    a sliver by the frame is no tile of the hand either."""
    shorts = [min(r.box[2] - r.box[0], r.box[3] - r.box[1]) for r in reads]
    least_short = _share_of_median(reads, shorts, share, least)
    if least_short is None:
        return reads
    return [r for r, short in zip(reads, shorts) if r.unknown or short >= least_short
            or not _reaches_edge(r, px, width, height)]


def nested_share(inner, outer) -> float:
    """The share of box ``inner``'s area (x0, y0, x1, y1) that lies within box ``outer``."""
    w = min(inner[2], outer[2]) - max(inner[0], outer[0])
    h = min(inner[3], outer[3]) - max(inner[1], outer[1])
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    return max(w, 0.0) * max(h, 0.0) / area if area > 0 else 0.0


def without_nested_reads(reads: list[TileRead], share: float | None) -> list[TileRead]:
    """``reads`` less each face-up read whose box and a surer kept face-up read's box nest: the
    smaller of the two lies ``share`` or more within the other (``NESTED_SHARE``). Surest first;
    the reads keep their order; face-down reads stay. A surer box that holds two or more smaller
    reads is one over two tiles, not a second box of one: the reads in it stay."""
    if share is None:
        return reads
    face_up = [i for i, r in enumerate(reads) if not r.face_down]

    def area(box) -> float:
        return (box[2] - box[0]) * (box[3] - box[1])

    def nest(a, b) -> bool:
        inner, outer = (a, b) if area(a) <= area(b) else (b, a)
        return nested_share(inner, outer) >= share

    def over_two(k: int) -> bool:
        box = reads[k].box
        return sum(1 for j in face_up if j != k and area(reads[j].box) <= area(box)
                   and nested_share(reads[j].box, box) >= share) >= 2

    kept: list[int] = []
    left_out = set()
    for i in sorted(face_up, key=lambda i: -reads[i].confidence):
        over = next((k for k in kept if nest(reads[i].box, reads[k].box)), None)
        if over is None or over_two(over):
            kept.append(i)
        else:
            left_out.add(i)
    return [r for i, r in enumerate(reads) if i not in left_out]


def without_small_reads(reads: list[TileRead], share: float | None, least: int = SMALL_READ_MIN,
                        sure: float | None = None) -> list[TileRead]:
    """``reads`` less the face-up ones whose box's long side is under ``share`` of the median
    face-up long side, when there are ``least`` face-up reads or more (``SMALL_READ_SHARE``);
    the median of the reads at ``sure`` or surer when there are ``least`` of them
    (``SMALL_READ_SURE``); face-down reads stay."""
    sides = [max(r.box[2] - r.box[0], r.box[3] - r.box[1]) for r in reads]
    sure_sides = [s for r, s in zip(reads, sides) if sure and not r.face_down and r.confidence >= sure]
    least_side = share * float(np.median(sure_sides)) if share is not None and len(sure_sides) >= least \
        else _share_of_median(reads, sides, share, least)
    if least_side is None:
        return reads
    return [r for r, side in zip(reads, sides) if r.face_down or side >= least_side]


def detect_in(detector, src: np.ndarray, plan_conf: float | None = None,
              zoom_below: float | None | str = "default") -> Detections:
    """``detector``'s detections in ``src``, in ``src``'s pixels, with a second look at the
    tiles' region when the tiles found are small for the detector (``zoom_plan``). ``plan_conf``:
    plan that look from the detections this sure only (the weak pass plans as the kept one did).
    ``zoom_below``: ``ReaderConfig.zoom_below`` (None: no second look; default ``ZOOM_BELOW``)."""
    below = ZOOM_BELOW if zoom_below == "default" else zoom_below
    side = _detector_side(detector)
    dets = _detect_at(detector, src, side)
    planned = dets if plan_conf is None else dets.filter(dets.confidence >= plan_conf)
    # Only a detector that states its input size (``imgsz``) can be asked for another one.
    plan = None if below is None or not getattr(detector, "imgsz", None) \
        else zoom_plan(planned, src.shape[1], src.shape[0], side, below=below)
    if plan is None:
        return dets
    (x0, y0, x1, y1), zoom_side = plan
    return _detect_at(detector, src[y0:y1, x0:x1], zoom_side).shifted(x0, y0)


def zoom_plan(dets: Detections, width: int, height: int, side: int, below: float | None = None):
    """Where and at what size to look again, or None: ``((x0, y0, x1, y1), input_side)`` when the
    median tile found in a ``width`` × ``height`` picture seen at ``side`` pixels spans less than
    ``below`` (default ``ZOOM_BELOW``) of them. The region is the tiles' span plus ``ZOOM_MARGIN``
    tile lengths; the size brings the median tile to ``ZOOM_TARGET`` pixels (a multiple of 32,
    at most ``ZOOM_MAX_SIDE``), and the look is skipped when it would not enlarge the tiles."""
    below = ZOOM_BELOW if below is None else below
    if below is None or len(dets) == 0:
        return None
    b = dets.xyxy
    tile = float(np.median(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])))
    seen = tile * side / max(width, height)
    if seen >= below or tile <= 0:
        return None
    pad = ZOOM_MARGIN * tile
    x0, y0 = max(0, int(b[:, 0].min() - pad)), max(0, int(b[:, 1].min() - pad))
    x1, y1 = min(width, int(np.ceil(b[:, 2].max() + pad))), min(height, int(np.ceil(b[:, 3].max() + pad)))
    region_long = max(x1 - x0, y1 - y0)
    want = ZOOM_TARGET / tile * region_long          # input side at which the tile spans ZOOM_TARGET
    zoom_side = int(min(ZOOM_MAX_SIDE, max(32, np.ceil(want / 32) * 32)))
    if zoom_side / region_long < 1.2 * side / max(width, height):   # under 20 % larger: not worth it
        return None
    return (x0, y0, x1, y1), zoom_side


def _detector_side(detector) -> int:
    return min(DETECT_SIDE, int(getattr(detector, "imgsz", DETECT_SIDE) or DETECT_SIDE))


def _detect_at(detector, src: np.ndarray, side: int) -> Detections:
    """Detections in ``src`` seen at ``side`` pixels (long side). The detector letterboxes to its
    own input size: shrinking to that size here (area interpolation, once) is cheaper than
    handing it a larger copy."""
    long_side = max(src.shape[:2])
    own = _detector_side(detector)
    kw = {} if side == own else {"imgsz": side}
    if long_side <= side:
        return detector.detect(src, **kw)
    f = side / long_side
    small = cv2.resize(src, (round(src.shape[1] * f), round(src.shape[0] * f)), interpolation=cv2.INTER_AREA)
    return detector.detect(small, **kw).scaled(1.0 / f)


_DEFAULT: TileReader | None = None
# A reading that asks for the reader while another thread loads it (the web app's start-up
# preload) waits for that one instead of loading the models a second time.
_DEFAULT_LOCK = threading.Lock()


def default_reader() -> TileReader:
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            # the shipped classifier, shared with tile-set profiles, reads with the shipped corners
            from .corners import shipped_corner_finder
            try:
                finder = shipped_corner_finder() if FACE_MARGIN is not None else None
                _DEFAULT = TileReader(classifier=default_classifier(), corner_finder=finder)
            except ModelMissingError:
                raise
            except Exception as exc:    # a weights file damaged or truncated: a model missing, said so
                why = (str(exc).splitlines() or [""])[0].removeprefix("ERROR ❌️ ")[:200]
                raise ModelMissingError(f"the reader's models could not be loaded ({type(exc).__name__}: {why}): "
                                        "install mjtable again, or fetch its models/ folder again") from exc
    return _DEFAULT


def preload() -> TileReader:
    """Load the default reader and run each model once on a blank picture, so that the first
    real reading pays neither the loading nor the runtime's first-run set-up."""
    reader = default_reader()
    blank = np.full((480, 640, 3), 114, np.uint8)
    reader.detector.detect(blank)
    if reader.second_detector is not None:
        reader.second_detector.detect(blank)
    warm = getattr(reader.classifier, "warm", None)
    if warm is not None:
        warm()
    else:
        reader.classifier.classify([blank[:96, :64]])
    if reader.corner_finder is not None:
        reader.corner_finder.find(blank, [(0, 0, 64, 96)])
    return reader


def read_tiles(image, timings: dict | None = None, embeddings: bool = False,
               profile=None) -> TileReads:
    """Tiles in ``image`` (a BGR array as cv2.imread returns, a path, or encoded bytes), in reading
    order, with what was wrong in a file decoded anyway (``damage``). Raises ``vision.ImageError``
    for unusable input. ``timings`` (a dict) receives per-stage
    milliseconds: decode_ms, detect_ms, crop_ms, classify_ms, total_ms. With a tile-set
    ``profile`` the codes are re-ranked by it, falling back to the base model."""
    return default_reader().read(image, timings=timings, embeddings=embeddings, profile=profile)


def classify_crops(crops, embeddings: bool = False, profile=None):
    """Code, confidence and top-3 for each tile crop (BGR arrays, upright); with ``embeddings``,
    each reading also carries the classifier's penultimate features; with a tile-set ``profile``
    the codes are re-ranked by it, falling back to the base model."""
    return classify_with_profile(default_classifier(), list(crops), profile, embeddings)


#: With a number, a crop whose tile's length its shape left open (``TileCrops.length_open``: a
#: near-square tile, seen in steep perspective, or one turned near 45°) is also read turned a
#: quarter, and that reading kept when it is surer by more than this. Which of a tile's two axes
#: is its length is otherwise guessed from its extents, and the guess fails for such tiles.
#: Chosen on the valid split and the calibration tuning draw (models/classifier/MODEL_CARD.md,
#: Decisions); ``mjtable eval --quarter-turn M`` measures other margins (negative: off). Reading
#: every crop both ways (commit ea87f24): it cost the unseen GL set as much as it gained elsewhere.
QUARTER_TURN_MARGIN: float | None = 0.2
#: With a tile-set profile the margin is smaller: its readings mix the base model with a softmax
#: over the set's codes, so a hard tile's confidences are flatter (0.1-0.5) and a right reading
#: turned a quarter was rarely 0.2 surer than a lying face's wrong one. Chosen on calibration draws
#: 11 and 17 among 0.2 / 0.1 / 0.05 / 0 (0.05: 4 tiles more than 0.2; 0: 3 fewer than 0.05),
#: confirmed on 13 and 7 (tools/calibration_experiments/quarter_turn.py at 8c2eecd;
#: docs/calibration.md, Decisions). ``QUARTER_TURN_MARGIN = None`` turns the second reading off for both.
PROFILE_QUARTER_TURN_MARGIN: float | None = 0.05
#: A row of wide boxes whose tiles ``cut_tiles`` also cut upright (``TileCrops.views``: the row
#: seen from low) is read that way when its tiles' mean confidence so is higher by more than this
#: than cut lying, as alone they would be. Chosen on the capture-mode scene sets and the valid
#: split (docs/rulings.md).
ROW_VIEW_MARGIN = 0.0
#: Whether the reader finds a tile's face corners only when it reads that face (``FACE_SURE``) or
#: judges a blank face by the photo's faces (``vision.blanks``), instead of for every tile first.
FACES_WHEN_ASKED = True


def classify_with_profile(classifier, crops: list, profile=None, embeddings: bool = False,
                          config: ReaderConfig | None = None):
    """``classifier.classify(crops)``; with a tile-set ``profile`` the readings are re-ranked by
    it: a fine-tuned profile reads the crops with its own weights
    (``vision.profile.apply_network_profile``); a prototype profile compares the embeddings of the
    crops and of the crops turned 180°, classified in the same batch (``apply_profile``).

    With ``QUARTER_TURN_MARGIN`` set, the crops of ``TileCrops`` whose length was left open are
    also read turned a quarter clockwise, and that reading is kept when it is surer by the margin
    (``PROFILE_QUARTER_TURN_MARGIN`` with a profile); a reading keeps the embedding of the crop as cut.

    With a profile, a reading whose code differs from the base model's (what the reader says
    without the profile) carries that code as ``base_code``, so that the review can show it: a
    profile can also misread hard views of a set the base model reads well
    (docs/calibration.md, "Measured effect"). ``config``: the margins (default ``ReaderConfig()``)."""
    config = config or ReaderConfig()
    readings, base = _classify_as_cut(classifier, list(crops), profile, embeddings)
    if isinstance(crops, TileCrops) and crops.views:
        _choose_row_views(classifier, crops, readings, base, profile, embeddings)
    open_idx = [i for i, o in enumerate(crops.length_open) if o] if isinstance(crops, TileCrops) else []
    if config.quarter_turn_margin is not None and open_idx:
        margin = config.quarter_turn_margin if profile is None or config.profile_quarter_turn_margin is None \
            else config.profile_quarter_turn_margin
        # a reading no surer one can beat by its margin is not turned (a confidence is at most 1)
        open_idx = [i for i in open_idx
                    if readings[i].confidence + margin < 1.0 or base[i][1] + config.quarter_turn_margin < 1.0]
        turned, base_turned = _classify_as_cut(
            classifier, [np.ascontiguousarray(np.rot90(crops[i], -1)) for i in open_idx], profile, False)
        for i, t, bt in zip(open_idx, turned, base_turned):
            if t.confidence > readings[i].confidence + margin:
                t.embedding = readings[i].embedding
                readings[i] = t
            if bt[1] > base[i][1] + config.quarter_turn_margin:     # the base reader's own choice
                base[i] = bt
    if isinstance(crops, TileCrops) and crops.has_faces and config.face_margin is not None:
        _choose_faces(classifier, crops, readings, base, profile, embeddings, config.face_margin,
                      None if profile is None else config.profile_face_margin, config.face_sure)
    if profile is not None:
        for r, (code, p) in zip(readings, base):
            r.base_code = code if code != r.code else None
            r.base_p = float(p)
    return readings


def _choose_faces(classifier, crops: TileCrops, readings: list, base: list, profile, embeddings: bool,
                  margin: float, profile_margin: float | None = None, sure: float | None = None) -> None:
    """Read the faces of ``crops`` cut by their corners and, tile by tile, put a face in its
    crop's place, with its reading, when it is read surer by more than ``margin``
    (``profile_margin`` for a profile's reading; default ``margin``). The base model's reading
    (``base``) makes the same choice by its own confidences and ``margin``. Tiles whose reading
    and base reading are both at least ``sure`` keep their box cut unread by the face
    (``FACE_SURE``; None: every face is read); with a profile, a reading no face can beat by
    ``profile_margin`` counts as sure (a confidence is at most 1: the profile's flatter mixture
    seldom reaches ``sure``, and every face was read)."""
    profile_margin = margin if profile_margin is None else profile_margin
    sure_reading = sure if sure is None or profile is None else min(sure, 1.0 - profile_margin)
    unsure = [i for i in crops.face_candidates()
              if sure is None or readings[i].confidence < sure_reading or base[i][1] < sure]
    crops.find_faces(unsure)
    idx = [i for i in unsure if i in crops.faces]
    faces, faces_base = _classify_as_cut(classifier, [crops.faces[i].crop for i in idx], profile, embeddings)
    for k, i in enumerate(idx):
        if faces_base[k][1] > base[i][1] + margin:
            base[i] = faces_base[k]
        if faces[k].confidence > readings[i].confidence + profile_margin:
            readings[i] = faces[k]
            crops.use_face(i)


def _choose_row_views(classifier, crops: TileCrops, readings: list, base: list, profile=None,
                      embeddings: bool = False) -> None:
    """Read the other views of ``crops`` (a row of wide boxes cut as upright tiles seen from low)
    and, row by row, put them in place of the crops as cut, with their readings, when their mean
    confidence is higher by more than ``ROW_VIEW_MARGIN``. A whole row is judged at once: its
    tiles are seen from one height, and a tile lying sideways in it is cut lying both ways."""
    idx = sorted(crops.views)
    other, other_base = _classify_as_cut(classifier, [crops.views[i].crop for i in idx], profile, embeddings)
    rows: dict = {}
    for k, i in enumerate(idx):
        rows.setdefault(crops.rows[i], []).append((k, i))
    for members in rows.values():
        as_cut = float(np.mean([readings[i].confidence for _, i in members]))
        seen_low = float(np.mean([other[k].confidence for k, _ in members]))
        if seen_low > as_cut + ROW_VIEW_MARGIN:
            for k, i in members:
                readings[i], base[i] = other[k], other_base[k]
                crops.use_view(i)


#: While one photo is read with a tile-set profile, the base model's reading of each crop it read
#: (``_base_readings``): the detectors' readings are weighed without the profile, then the chosen
#: one is cut and read again with it, and the same crops need not be read by the base model twice.
_BASE_READINGS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("base_readings", default=None)


def _base_readings(classifier, crops: list, embeddings: bool) -> list:
    """``classifier.classify(crops, embeddings=embeddings)``; while a photo is read with a profile
    (``_BASE_READINGS`` set), a crop whose pixels were read already in that photo is not read
    again: each reading is computed once and handed out as a copy (a profile re-ranks readings
    in place)."""
    memo = _BASE_READINGS.get()
    if memo is None:
        return classifier.classify(crops, embeddings=embeddings)
    keys = [(id(classifier), embeddings, c.shape, str(c.dtype),
             hashlib.blake2b(np.ascontiguousarray(c).tobytes(), digest_size=16).digest()) for c in crops]
    new: dict = {}                         # key -> the first crop with it not read yet
    for i, k in enumerate(keys):
        if k not in memo:
            new.setdefault(k, i)
    if new:
        memo.update(zip(new, classifier.classify([crops[i] for i in new.values()], embeddings=embeddings)))
    return [replace(memo[k], top3=list(memo[k].top3)) for k in keys]


def _classify_as_cut(classifier, crops: list, profile=None, embeddings: bool = False):
    """(readings, the base model's (code, confidence) for each crop, as it reads them without a
    profile: copied before a profile re-ranks the readings in place)."""
    def codes(readings):
        return [(r.code, r.confidence) for r in readings]
    if not len(crops):
        return [], []
    if profile is None:
        readings = _base_readings(classifier, crops, embeddings)
        return readings, codes(readings)
    from .augment import rot180
    from .profile import apply_network_profile, apply_profile
    profile.check_model(classifier)
    if profile.uses_network:
        # The fine-tuned network reads both views itself; the base reading is mixed in.
        readings = _base_readings(classifier, crops, embeddings)
        base = codes(readings)
        return apply_network_profile(readings, crops, profile, classifier), base
    # A prototype profile (format 2): both views are classified here, one at a time, for their
    # embeddings; the base reading (the views averaged) is another call.
    base = codes(classifier.classify(crops))
    both = classifier.classify(crops + [rot180(c) for c in crops], embeddings=True, turn_average=False)
    readings, turned = both[:len(crops)], [r.embedding for r in both[len(crops):]]
    return apply_profile(readings, profile, turned=turned, classes=getattr(classifier, "classes", None),
                         keep_embeddings=embeddings), base


def main(argv=None) -> int:
    import argparse
    import json
    from .errors import ImageError
    p = argparse.ArgumentParser(prog="python -m vision.reader", description="read the tiles of a photo")
    p.add_argument("photo")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    timings: dict = {}
    try:
        reads = read_tiles(args.photo, timings=timings)
    except ImageError as exc:
        print(json.dumps({"error": exc.to_dict()}) if args.json else f"error: {exc.message}")
        return 1
    if args.json:
        print(json.dumps({"tiles": [r.to_dict() for r in reads], "timings_ms": timings}, indent=1))
    else:
        print(" ".join(r.code or "##" for r in reads))
        print(", ".join(f"{k} {v:.0f}" for k, v in timings.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
