"""Grouping's settings: the geometry thresholds, the weights that score a reading of the table,
and the caller's layout hints. All frozen: a reading never changes them."""
from __future__ import annotations

from dataclasses import dataclass

SPLIT_GAP = 0.5          # a gap wider than this (in tile widths) separates groups
MAX_LINK_GAP = 3.5       # tiles further apart along a row than this are not one row
SIDEWAYS_RATIO = 1.35    # long side / short side of a tile face (vision_lab.hand_layouts.TILE_H)
#: A face-up tile at an end of the standing row, cut by the photo's edge, narrower along the row
#: than this share of the tiles' median width: mostly outside the picture, read both as the
#: row's and as a stray left out (train hand_046: a tile half in the picture made 15 tiles)
CUT_TILE_SHARE = 0.7
#: A tile flagged sideways whose box says nothing of its shape (a row near 45°) is upright when
#: its neighbours on both sides lie no farther than this many times the tiles' usual distance (a
#: tile lying sideways takes a third more of its row: 1.17 from each neighbour)
SIDEWAYS_PITCH_MAX = 1.06
#: A box read as a tile turned with its row (its width and height solved for the tile's own) only
#: while the tile this makes is at most this much longer than wide: a row of tall upright boxes
#: 4° askew (standing tiles in a squashed photo, 27 × 190 px) made tiles 12 px wide, 3 tiles apart
TURNED_BOX_MAX_SHAPE = 3.0
SIDEWAYS_TWIN_IOU = 0.75  # two sideways boxes overlapping more are one tile read twice, not an added kong
GAP_SOFTNESS = 0.08      # how sharply the confidence of a gap decision rises around SPLIT_GAP
CLOSE_ALTERNATIVE = 2.0  # a runner-up reading closer than this in score is worth a warning
UNSURE_GAP = 0.15        # a gap in the standing row this close to SPLIT_GAP is worth a warning
HAND_SIZE = 14           # tiles of a winning hand, a kong counting as 3
#: Faces laid out alike when turned half round (dots and bamboos in symmetric patterns, the white
#: dragon): their way-up votes (vision.face_up) are left out of the rows' direction
HALF_TURN_ALIKE = frozenset({"1p", "2p", "3p", "4p", "5p", "0p", "8p", "2s", "4s", "5s", "0s", "6s", "8s", "9s", "5z"})
#: A gap in the standing row this wide (in tile widths, edge to edge) has room for one tile: in a
#: hand one tile short it is asked about (a finger over a tile in the middle of the row, or a tile
#: the detector missed, split the row into standing tiles and invented exposed melds)
ROOM_FOR_A_TILE = (0.8, 1.35)
DORA_INDICATORS_MAX = 5  # one dora indicator and one per kong, four at most (rules 002 §2.7, §3.3.10)
# Among two rows or more lying far from the hand (discards), a row with no back beside its faces
# is read as dora indicators only with this many faces or fewer: a second indicator needs a kong
# declared in the game, a third two (002 §2.7, §3.3.10); where no indicator is in the photo the
# nearest clump of discards was taken for them.
FAR_DORA_FACES = 2
# A box within this share of the photo's side from its edge is cut by it: a row of such tiles
# alone is a tile beyond the layout, not dora indicators (a white dragon cut by a photo's top
# edge filled the dora field of a hand that had none)
FRAME_EDGE_SHARE = 0.01
# Tiles laid out as a grid (a tray, a calibration layout) are not a hand: no hand is built from
# them, and the warnings of a hand (melds, winning tile, count) only confuse. A grid: at least
# GRID_ROWS rows of at least GRID_ROW_TILES tiles, each evenly spaced (no gap farther than
# GRID_GAP_SPREAD tile widths from its row's median gap; a hand's melds lie apart in their row),
# each tile alone (every gap over SPLIT_GAP) or parted as GRID_ROWS rows or more are (blocks), holding at
# least GRID_SHARE of the tiles.
GRID_ROWS = 3
GRID_ROW_TILES = 4
GRID_GAP_SPREAD = 0.35
GRID_SHARE = 0.8


@dataclass(frozen=True)
class GroupingWeights:
    """Score terms of a reading of the table (log-odds-like units; the best total wins).

    A plain meld earns nothing, so that more melds never look better; every other term is a cue
    for or against one reading."""
    # -- cues that do not depend on the reading (row direction) --
    image_prior: float = 0.6             # photos are mostly taken with rows running left to right
    sideways_offset: float = 0.4         # a claimed tile lies towards the player: one vote per sure sideways tile
    sideways_offset_cap: float = 2.0     # many sideways tiles are one cue: their votes are capped
    sure_sideways_z: float = 0.12        # log-ratio over SIDEWAYS_RATIO a tile needs to vote: only sure ones
    corner_order: float = 0.8            # ordered corners (top-left first) say which way is up
    face_up: float = 0.25                # per unit of the faces' summed way-up votes (vision.face_up) ...
    face_up_cap: float = 24.0            # ... held within this: a photo's faces are one cue, however many
    face_up_agreement: float = 1.0       # ... times the share of the votes that agree, to this power
    face_up_diagonal: float = 0.866      # ... leaving out a vote nearer its row's diagonals than this cosine of its axes
    # (valid hand photos turned a quarter or a half / a little, docs/decisions.md: without the cue
    # 39 / 111 of 60 / 120 read as upright; 0.1-1 with the agreement's power 0-2: 51-54 / 108-111)
    # -- the standing row and the winning tile --
    row_in_front: float = 1.5            # per row nearer the player than the standing tiles (they lie nearest)
    row_in_front_margin: float = 0.3     # in tile widths: rows closer than this are level, not in front
    winning_apart: float = 1.5           # a tile set apart at the right of the standing row is the expected layout
    winning_not_apart: float = 1.5       # no tile set apart although the caller says it is
    concealed_gap: float = 1.0           # per extra gap inside the standing row (a row cut by stray gaps)
    face_down_standing: float = 8.0      # standing tiles are never face down
    sideways_standing: float = 3.0       # per tile surely sideways among them: a claimed meld laid against them
    # -- other rows and groups --
    dora_outside_riichi: float = 1.0     # a dora-indicator row when the rules or the caller did not ask for one
    stray: float = 3.0                   # one or two tiles left out: cheaper than a broken meld
    apart_distance: float = 3.0          # in tile widths: a row this far from the standing row may be no part of the hand ...
    apart_tile: float = 1.0              # ... left out at this cost a tile (its tiles are missed from the count as well)
    tile_count: float = 4.0              # per tile away from the 14 of a winning hand (a kong counts as 3)
    # -- melds --
    unsegmentable: float = 8.0           # a group that splits into no melds of 3 or 4
    concealed_kong_shape: float = 0.5    # two face-down tiles at the ends or in the middle: a concealed kong's mark
    added_kong_shape: float = 0.5        # a sideways tile with another against it: an added kong's mark
    misread: float = 2.0                 # the codes as read do not make the meld (a misread the decoder may fix)
    two_sideways: float = 0.5            # a meld shows one claimed tile; two flagged means one flag is wrong
    claim_without_sideways: float = 1.5  # sideways-claim style: a claimed meld without a sideways tile
    claimed_wider: float = 0.3           # log-ratio by which the claimed tile must look wider than its meld-mates
    lone_split_margin: float = 9.0       # margin of a group that splits only one way (surely right)


WEIGHTS = GroupingWeights()


@dataclass(frozen=True)
class LayoutHints:
    """What the caller says of the layout, resolved to plain flags (see ``vision.group``)."""
    rules: str | None = None
    winning_apart: bool = True
    dora_row: bool | None = None         # True/False forces or forbids a dora-indicator row
    allow_dora: bool = True              # whether a dora-indicator row is tried at all
    claims_sideways: bool = False        # claimed tiles are turned sideways
    frame: tuple[float, float] | None = None   # the photo's (width, height) in the boxes' pixels, if known

    @classmethod
    def resolve(cls, tiles, *, rules=None, winning_apart=True, dora_row=None, claims_sideways=None, frame=None):
        """The hints of ``group()`` with their defaults filled in from the rules and the tiles."""
        if claims_sideways is None:
            claims_sideways = rules == "riichi" or any(t.sideways for t in tiles)
        allow_dora = dora_row if dora_row is not None else (rules in (None, "riichi"))
        return cls(rules=rules, winning_apart=winning_apart, dora_row=dora_row, allow_dora=allow_dora,
                   claims_sideways=claims_sideways, frame=frame)

    def beyond_frame(self, boxes) -> bool:
        """Whether every one of ``boxes`` reaches the photo's edge (within ``FRAME_EDGE_SHARE`` of
        its side): tiles lying partly outside the picture, beyond the layout, not a dora row. False
        where the frame is not known or a dora row is forced."""
        return not self.dora_row and self.cut_by_frame(boxes)

    def cut_by_frame(self, boxes) -> bool:
        """Whether every one of ``boxes`` reaches the photo's edge; False where the frame is not known."""
        if self.frame is None:
            return False
        w, h = self.frame
        dx, dy = FRAME_EDGE_SHARE * w, FRAME_EDGE_SHARE * h
        return all(x0 <= dx or y0 <= dy or x1 >= w - dx or y1 >= h - dy for x0, y0, x1, y1 in boxes)
