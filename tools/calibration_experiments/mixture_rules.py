"""Session 13: mixture rules compared offline on what ``expert_dump.py`` recorded (issue 7).

The shipped mixture (``TileSetProfile.mix``) is re-computed here as a pure function of the base
model's probabilities, the fine-tuned network's scores and the profile's settings, so that a
rule is a change of settings. ``shipped`` must reproduce the recorded readings exactly (checked).

    python tools/calibration_experiments/mixture_rules.py DUMP.npz[:SETS] ... [--rules NAMES]

A photo group's tiles are split into its valid part (tuning) and its test part (report).
"""
import json
import sys

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from vision import reader  # noqa: E402
from vision.profile import SURE_BASE_WEIGHT  # noqa: E402

# The margin a profile's quarter-turned reading must beat, as classify_with_profile takes it
# (None: the base reader's margin; both None: no quarter-turned reading).
QUARTER_MARGIN = (reader.PROFILE_QUARTER_TURN_MARGIN if reader.PROFILE_QUARTER_TURN_MARGIN is not None
                  else reader.QUARTER_TURN_MARGIN)


def mix(base, score, classes, known, m, a_lo=None, a_sure=SURE_BASE_WEIGHT, sure_base=None, familiar_a=None,
        familiar=0.9, product=None, floor=1e-3, sharp=None, sharp_trusted=False, sharp_familiar=False,
        unsure_q=None, unsure_a=0.5):
    """Probabilities (n, len(classes)) by the shipped rule with the given settings changed.

    ``familiar_a``: the base weight where the base model reads at least ``familiar`` of the
    calibration tiles right. ``product``: instead of a mixture, a weighted product of experts
    base^product * q^(1 - product) (base floored at ``floor``). ``sharp``: each tile's base weight
    moved by the two experts' top probabilities, a' = a b^g / (a b^g + (1 - a) q^g), so that the
    surer expert weighs more (g = ``sharp``); with ``sharp_trusted`` only where the base model's top
    code is trusted, with ``sharp_familiar`` only on a set it reads (``familiar``). ``unsure_q``
    (session 14): where the base model's top code is trusted and the network's top probability is
    under ``unsure_q``, the base weight is ``unsure_a``."""
    a_lo = m["base_weight"] if a_lo is None else a_lo
    sure_base = m["sure_base"] if sure_base is None else sure_base
    is_familiar = np.mean([a == b for a, b in zip(m["calib_codes"], m["calib_base_reads"])]) >= familiar
    if familiar_a is not None and is_familiar:
        a_lo = familiar_a
    out = base.copy()
    for c in m["absent"]:
        if c in classes:
            out[:, classes.index(c)] = 0.0
    cols = [classes.index(c) for c in known if c in classes]
    if not cols:
        return out / np.maximum(out.sum(1, keepdims=True), 1e-12)
    s = score[:, [known.index(classes[j]) for j in cols]]
    z = s / m["temperature"]
    z -= z.max(1, keepdims=True)
    q = np.exp(z)
    q /= q.sum(1, keepdims=True)
    out /= np.maximum(out.sum(1, keepdims=True), 1e-12)
    if product is not None:
        logp = np.full(out.shape, -np.inf)
        logp[:, cols] = product * np.log(np.maximum(out[:, cols], floor)) + (1 - product) * np.log(q)
        logp -= logp.max(1, keepdims=True)
        p = np.exp(logp)
        return p / p.sum(1, keepdims=True)
    a = np.full((len(out), 1), a_lo)
    trusted = set(m["trusted"]) - set(m["base_misreads"])
    top_trusted = np.isin(out.argmax(1), [classes.index(c) for c in trusted if c in classes])[:, None]
    if unsure_q is not None:
        a = np.where(top_trusted & (q.max(1, keepdims=True) < unsure_q), unsure_a, a)
    if trusted:
        a = np.where(top_trusted & (out.max(1, keepdims=True) >= sure_base), a_sure, a)
    if sharp is not None and (is_familiar or not sharp_familiar):
        wb, wq = out.max(1, keepdims=True) ** sharp, q.max(1, keepdims=True) ** sharp
        moved = a * wb / (a * wb + (1 - a) * wq)
        a = np.where(top_trusted, moved, a) if sharp_trusted else moved
    out = out * a
    out[:, cols] += (1 - a) * q
    return out / np.maximum(out.sum(1, keepdims=True), 1e-12)


def surer_by_the_margin(mixed_cut, mixed_turned, base_cut, base_turned) -> bool:
    """The shipped choice of a quarter-turned reading (``classify_with_profile``)."""
    return mixed_turned.max() > mixed_cut.max() + QUARTER_MARGIN


def read(d, name, m, keep_turned=surer_by_the_margin, **rule):
    """Codes read for one set's recorded tiles with ``rule``; an open-length crop's quarter-turned
    reading is kept where ``keep_turned(mixed as cut, mixed turned, base as cut, base turned)``."""
    classes, known = m["classes"], m["known"]
    p = mix(d[f"{name}/cut_base"], d[f"{name}/cut_score"], classes, known, m, **rule)
    codes = [classes[j] for j in p.argmax(1)]
    if f"{name}/turn_base" in d and QUARTER_MARGIN is not None:
        pt = mix(d[f"{name}/turn_base"], d[f"{name}/turn_score"], classes, known, m, **rule)
        for i, k in enumerate(d[f"{name}/open_idx"]):
            if keep_turned(p[k], pt[i], d[f"{name}/cut_base"][k], d[f"{name}/turn_base"][i]):
                codes[k] = classes[int(pt[i].argmax())]
    return codes


RULES = {
    "shipped": {},
    **{f"familiar {fa}": {"familiar_a": fa} for fa in (0.35, 0.5, 0.65)},
    **{f"familiar {fa} at 0.85": {"familiar_a": fa, "familiar": 0.85} for fa in (0.35, 0.5, 0.65)},
    **{f"sure {sb}": {"sure_base": sb} for sb in (0.5, 0.7)},
    **{f"product {al}": {"product": al} for al in (0.2, 0.35, 0.5)},
    **{f"sharp {g}": {"sharp": g} for g in (0.5, 1, 2, 3)},
    **{f"sharp {g} familiar {fa}": {"sharp": g, "familiar_a": fa} for g in (1, 2) for fa in (0.35, 0.5)},
    **{f"sharp {g} trusted": {"sharp": g, "sharp_trusted": True} for g in (1, 2, 3)},
    **{f"sharp {g} on familiar": {"sharp": g, "sharp_familiar": True} for g in (1, 2, 3)},
    **{f"sharp {g} on familiar 0.35": {"sharp": g, "sharp_familiar": True, "familiar_a": 0.35} for g in (1, 2)},
    **{f"unsure q<{t} a {ua}": {"unsure_q": t, "unsure_a": ua} for t in (0.3, 0.4, 0.5) for ua in (0.5, 0.8)},
}


def dumped_sets(args):
    """Yield (tag, arrays, set name, its metadata) for each set of each ``PATH.npz[:SET,...]``
    (every set of the dump when none is named)."""
    for arg in args:
        path, _, only = arg.partition(":")
        d = dict(np.load(path))
        meta = json.loads(bytes(d.pop("meta")).decode())
        tag = path.split("/")[-1].replace("dump_", "").replace(".npz", "")
        for name, m in meta.items():
            if not only or name in only.split(","):
                yield tag, d, name, m


def main(argv):
    names = None
    if "--rules" in argv:
        i = argv.index("--rules")
        names, argv = argv[i + 1].split(","), argv[:i] + argv[i + 2:]
    rules = {k: v for k, v in RULES.items() if names is None or k in names}
    columns = []
    for tag, d, name, m in dumped_sets(argv):
        truth = m["truth"]
        recomputed = read(d, name, m)
        assert recomputed == m["after"], f"{tag} {name}: the shipped rule does not reproduce the readings"
        parts = [("", slice(None))]
        if m.get("n_valid"):
            parts = [(" valid", slice(0, m["n_valid"])), (" test", slice(m["n_valid"], None))]
        for label, sl in parts:
            columns.append((f"{tag} {name}{label}", d, name, m, sl, truth[sl], m["before"][sl]))
    print("rule".ljust(26) + "".join(c[0].rjust(max(len(c[0]) + 2, 10)) for c in columns))
    print("before".ljust(26) + "".join(f"{np.mean([a == b for a, b in zip(c[6], c[5])]):.2%}".rjust(
        max(len(c[0]) + 2, 10)) for c in columns))
    for rname, rule in rules.items():
        row = rname.ljust(26)
        for label, d, name, m, sl, truth, _ in columns:
            codes = read(d, name, m, **rule)[sl]
            row += f"{np.mean([a == b for a, b in zip(codes, truth)]):.2%}".rjust(max(len(label) + 2, 10))
        print(row, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
