"""The English prompt texts, by key: what every language's ``texts`` translates (same keys, same {fields}).

The evaluation prompts (:mod:`kgbench.evaluation.conditions`), the answer-format descriptions and unit
clauses (:mod:`kgbench.evaluation.formats`) and the sentence that says where OpenStreetMap places are
(:func:`kgbench.generator.roles.locality_note`) are written from these. JSON keys and values a reply must
use (``"answer"``, ``"unit"``, ``"km"``, ``"true"``) stay as they are in every language: the answer schema
is the same for all.
"""

from __future__ import annotations

__all__ = ["ENGLISH_TEXTS", "SCENE_TEXTS", "FORMAT_SLUGS", "UNIT_KEYS", "LOCALITIES"]

#: the answer formats' slugs (``format.<slug>`` keys)
FORMAT_SLUGS = ("boolean", "entity", "direction", "set", "cell", "geohash", "h3_s2", "distance", "area", "count",
                "ratio", "point", "polar", "polygon", "date")
#: the units a prompt spells out (``unit.<unit>`` keys)
UNIT_KEYS = ("km", "m", "mi", "km2", "m2", "mi2", "ha")
#: the ``kgb:locality`` values of the bundled snapshot (``locality.<value>`` keys)
LOCALITIES = ("central Helsinki, Finland", "Karhula, a district of Kotka, Finland")

ENGLISH_TEXTS: dict[str, str] = {
    # ---- system messages
    "system.parametric": ("You answer geospatial questions about places, regions, routes and events. "
                          "Be precise; answer from what you know."),
    "system.oracle": ("You answer geospatial questions about places, regions, routes and events. The facts you "
                      "are given come from a knowledge graph and are sufficient to compute the answer. Geometries "
                      "are WKT in longitude latitude order (CRS84, WGS84 degrees)."),
    # ---- one-completion prompts
    "prompt.question": "Question: {question}",
    "prompt.format": "Answer format ({format}): {description}",
    "prompt.labels": "Allowed labels: {labels}.",
    "prompt.reasoning": 'First think step by step in "reasoning", then give the answer.',
    "prompt.reply": "Reply with one JSON object {shape} and nothing else. It must follow this JSON schema:",
    "prompt.null": ('If the question cannot be answered (for example, because its premise is false), '
                    'set "answer" to null.'),
    "prompt.facts": "Facts",
    "prompt.facts_nt": "Facts (N-Triples)",
    "prompt.facts_json": "Facts (JSON: subject -> predicate -> values)",
    # ---- multiple choice and place context (T1-mcq, T1-mcq-context, T1-context)
    "system.mcq": ("You answer multiple-choice geospatial questions about places, regions, routes and events. "
                   "Exactly one option is correct."),
    "prompt.options": "Options:",
    "prompt.none_option": "None of these: the question cannot be answered as asked",
    "prompt.mcq_policy": ('If the question cannot be answered as asked (for example, because its premise is false), '
                          'the correct option is {letter}.'),
    "prompt.mcq_reply": ('Reply with one JSON object {{"answer": letter, "unit": null}} and nothing else; the letter '
                         'is one of {letters}.'),
    "prompt.context": ("Place context from a knowledge graph (a closed world: a place, fact or relation it does not "
                       "give is taken not to hold)"),
    "context.nearby": "nearest places: {places}",
    "context.inside": "inside it",
    "context.contains": "containing it",
    "context.border": "on its border",
    "context.overlaps": "overlapping it",
    # ---- agent prompts
    "agent.role": "You are a geospatial analyst who answers a question by writing Python.",
    "agent.steps": ("Each reply is one step. In a step, write exactly one ```python code block; it runs in a sandbox "
                    "(Python 3 with shapely, pyproj, h3 and the standard library; no network, no file writes, "
                    "limited time and memory) and what it prints comes back to you. Variables do not persist "
                    "between steps."),
    "agent.final": ("When you know the answer, call final_answer(answer, unit) in a code block; this ends the run. "
                    "final_answer(None, None) means you give no answer."),
    "agent.tools": "The sandbox also has these functions over a geographic knowledge graph (ids are IRIs):",
    "agent.gold": ("The facts from a knowledge graph that the answer follows from are in the user message; "
                   "in the sandbox they are also in the string GOLD_TRIPLES (N-Triples). You have no "
                   "retrieval tools."),
    "agent.budget": ("You have a budget of steps; use few. The final answer must fit the answer format "
                     "({format}): {description}"),
    "agent.schema": "final_answer's arguments must make this JSON object valid: {schema}",
    "agent.null": ("If the question cannot be answered (for example, because its premise is false), call "
                   "final_answer(None, None)."),
    # ---- answer formats
    "format.boolean": 'One of "true", "false" or "plausibly".',
    "format.entity": "The name of one entity.",
    "format.direction": ("One label: a compass direction (N, NE, E, SE, S, SW, W, NW), left/right/on (the route) "
                         "or upstream/downstream."),
    "format.set": "A list of entity names; [] when there are none.",
    "format.cell": ('One grid cell: an H3 cell index (15 hex digits) or an S2 cell token; unit names the grid, '
                    '"h3" or "s2".'),
    "format.geohash": "A geohash string.",
    "format.h3_s2": 'An object {{"h3": H3 cell index, "s2": S2 cell token}}.',
    "format.distance": "A distance as a number, in the unit given in unit.",
    "format.area": "An area as a number, in the unit given in unit.",
    "format.count": "A whole number.",
    "format.ratio": "A dimensionless number.",
    "format.point": ('A point in WGS84 decimal degrees: {{"lat": latitude, "lon": longitude}} or '
                     '[latitude, longitude] (latitude first).'),
    "format.polar": ('An object {{"angle": azimuth in degrees clockwise from north, "distance": number}}; the '
                     'distance is in the unit given in unit.'),
    "format.polygon": ("A polygon or bounding box as WKT in longitude/latitude order (CRS84), e.g. "
                       "POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": "A date as YYYY-MM-DD (YYYY-MM or YYYY when only the month or year is known).",
    # ---- unit clauses
    "unit.null": '"unit" must be null.',
    "unit.count": 'Give a whole number; "unit" must be null.',
    "unit.ratio": 'Give a plain number without a percent sign (0.25 for 25 %); "unit" must be null.',
    "unit.cell": 'Set "unit" to the grid system: "h3" or "s2".',
    "unit.quantity": 'Give {quantity} in {unit_words} and set "unit" to "{unit}" (also accepted: {others}).',
    "quantity.number": "the number",
    "quantity.distance": "the distance",
    "unit.km": "kilometres", "unit.m": "metres", "unit.mi": "miles", "unit.km2": "square kilometres",
    "unit.m2": "square metres", "unit.mi2": "square miles", "unit.ha": "hectares",
    # ---- where OpenStreetMap places are (appended to questions that name them)
    "locality.all": "All the places named are in {place}.",
    "locality.one": "{name} is in {place}.",
    "locality.central Helsinki, Finland": "central Helsinki, Finland",
    "locality.Karhula, a district of Kotka, Finland": "Karhula, a district of Kotka, Finland",
    # ---- event names (the generator parses the English canonical name into these fields)
    "event.earthquake": "earthquake {id}",
    "event.quarry blast": "quarry blast {id}",
    "event.explosion": "explosion {id}",
    "event.Hurricane": "Hurricane {name} ({year})",
    "event.Tropical Storm": "Tropical Storm {name} ({year})",
    "event.Tropical Depression": "Tropical Depression {name} ({year})",
    "event.wind field": "wind field of {storm}",
    # ---- parameter words a question writes ({resolution_type}, {grid_type}, {outline})
    "word.precision": "precision",
    "word.level": "level",
    "word.resolution": "resolution",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "Natural Earth's 1:10m country outlines",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries"),
    "word.OpenStreetMap": "OpenStreetMap",
    # ---- time periods ({period}); month names come from the language (CLDR by default)
    "period.month": "in {month} {year}",
    "period.months": "between {month1} and {month2} {year}",
    "period.days": "between {day1} and {day2} {month} {year}",
    "period.dates": "between {date1} and {date2}",
}

#: the English texts of the scene conditions (T1-geojson, T1-map, T1-geojson-map; the visual slice). Written in
#: English only so far: the scene conditions refuse an item in another language rather than mix two in one
#: prompt (the other languages' ``texts`` need not translate these keys).
SCENE_TEXTS: dict[str, str] = {
    "system.scene": ("You answer geospatial questions about places, regions, routes and events. You are shown "
                     "the scene of the question: the geometries of the features it is about. Answer from the "
                     "scene and what you know."),
    "scene.geojson": ("The scene as GeoJSON (RFC 7946: each position is longitude, latitude in WGS 84 degrees; "
                      "each feature's \"id\" is the id below):"),
    "scene.map": ("The attached map shows the scene (Web Mercator, north up, a scale bar at the bottom left; each "
                  "feature is drawn in its own colour and labelled by its id)."),
    "scene.map_many": ("The attached map shows the scene (Web Mercator, north up, a scale bar at the bottom left; "
                       "each kind of feature is drawn in its own colour, and with this many features only the ids "
                       "of the named ones are written on the map)."),
    "scene.features": "The features: {features}.",
    "scene.feature": "{id} is {name}",
    "scene.feature_category": "{id} is {name} ({category})",
    "scene.hidden": "{id} is the area outlined on the map (its name is not given)",
    "scene.empty": "The scene has no features (the question is about no geometry the knowledge graph holds).",
    "scene.simplified": ("Geometries with many vertices are simplified (topology-preserving, at most {vertices} "
                         "vertices each) to fit the context budget; the answer was computed on the full ones."),
}
