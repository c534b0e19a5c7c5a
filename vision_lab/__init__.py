"""What builds and measures the vision models, apart from what reads a photo (``vision``).

Rendering synthetic tiles and scenes (``synth``), dataset recipes over ../shared/data
(``datasets``, ``crop_dataset``, ``errata``), training (``training``, ``tileness_fit``),
evaluation (``evaluate``, ``calibration_eval``) and the hand-layout simulator used by the
grouping tests and reports (``hand_layouts``). Nothing in ``vision``, ``scorer`` or ``webui``
imports it.
"""
