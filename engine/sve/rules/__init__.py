"""The rules that move the SVE state, one class per part of the rules.

:class:`~engine.sve.state.State` is assembled from them: ``turns.TurnFlow`` (CR 6, 7, 8.1),
``play.Playing`` (CR 8.2, 8.3, 12.2, 12.3), ``costs.Costs`` (CR 10.4, 12.2: every cost
and what changes it), ``combat.Combat`` (CR 8.4,
12.8-12.12), ``resolution.Resolution`` (CR 10.5-10.7, 11) and ``zones.Zones`` (CR 4, 5).
``base.StateBase`` declares the data they share (and, for the type checker only, the
methods they call on each other); ``steps`` holds the engine's own resolution steps and the
lookup tables the parts share.
"""
