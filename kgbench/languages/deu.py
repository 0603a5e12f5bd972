"""German (deu): the benchmark's German words, prompt texts and the grammar rules around names.

Grammar rules of :meth:`German.fill` (each records its edit categories):

* Case. A wording marks the case a slot takes, ``{A:nom}`` (the default), ``{A:acc}``, ``{A:dat}`` or
  ``{A:gen}`` (a genitive attribute: die Grenze der Schweiz, des Irak, der Vereinigten Staaten, des Hurrikans
  Katrina (2005), Frankreichs); ``{A:bare}`` is a name in apposition, written as it is (im Bundesstaat Texas).
* Genitive without article (DEC_CHG / ADP_ADD): a country or state name takes -s where German writes it
  (Frankreichs, Kaliforniens); a name ending in -s, -x, -z (Texas) and every place, county or feature name
  (which must not be changed) gets "von" instead (die Grenze von Texas, der Standort von Austin, Texas).
* Articles (ART_ADD). Country names that take the definite article in German (der Irak, die Schweiz,
  die Türkei, die Niederlande, die Vereinigten Staaten, das Vereinigte Königreich; lexicon
  :data:`COUNTRY_GENDER` in :mod:`kgbench.languages.deu_lexicon`) and every event name (das Erdbeben ...,
  der Hurrikan ..., die Explosion ...) get the article of their gender, number and case.
* Adjective agreement inside a name (AGR_CHG): after that article, a leading adjective takes the weak
  ending (Vereinigte Staaten -> die Vereinigten Staaten, Vereinigtes Königreich -> dem Vereinigten
  Königreich, Zentralafrikanische Republik -> in der Zentralafrikanischen Republik).
* Verb agreement (AGR_CHG): a plural name as the subject makes the verb beside it plural (Liegen die
  Niederlande ...?, Sind die Vereinigten Staaten größer ...?, ... die Bahamas liegen ...), unless it is
  coordinated with another name (the wording's verb is then already plural).
* Dative plural (DEC_CHG): a plural noun takes -n in the dative unless it ends in -n or -s (den Niederlanden,
  den Vereinigten Arabischen Emiraten, zwischen den Städten; but auf den Bahamas, in den Cafés).
* Contractions (CONTR_CHG): preposition + added article contract as German writes them: in dem -> im,
  von dem -> vom, zu dem -> zum, zu der -> zur, an dem -> am, bei dem -> beim, in das -> ins, an das -> ans
  (im Irak, vom Sudan, zur Schweiz).
* Category nouns in the singular (``{A_one}``): the wordings write the determiner and adjectives before it in
  the masculine (der nächstgelegene, den bevölkerungsreichsten, welcher, jeden, im); for a feminine or neuter
  noun they are changed to agree (die nächstgelegene Apotheke, das nächstgelegene Café, welches Café, in der
  ...: ART_CHG, AGR_CHG, CONTR_CHG). Weak masculine nouns take their oblique form (den Geldautomaten: DEC_CHG).
  ``{A:part}`` marks a plural after "welcher der" (which of the ...), whose pronoun is made to agree
  (welche der Apotheken, welches der Cafés: AGR_CHG).
* Names of places, counties, US states, OpenStreetMap features and names not in the lexicon are left exactly
  as they are, without an article (Paris, Austin, Texas, Travis County, Texas, Mannerheimintie); nothing
  inside a parenthesis is ever changed, except an English US disambiguator (below).
* Island plurals (ADP_CHG): "in" before a plural island country becomes "auf" (auf den Pitcairninseln,
  auf den Bahamas; lexicon ``ISLAND_PLURALS``).
* Names the snapshot leaves wrong (OTHER): a storm track named in English becomes "der Best Track des
  Hurrikans Ike (2008)"; the US state Georgia taken for the country is written Georgia (Fayette County,
  Georgia); "(U.S. state)" / "(U.S. territory)" become "(US-Bundesstaat)" / "(US-Außengebiet)". A genitive
  -s is never put on a name the snapshot did not localize (von USNB Guantanamo Bay) or on a name with "und"
  (von Bosnien und Herzegowina).
* ``period`` writes "im Februar 2018", "zwischen Juli und Oktober 2005", "zwischen dem 1. und dem 7. Februar
  2018", "zwischen dem 31. Januar 2018 und dem 7. Februar 2018"; numbers use a decimal comma (0,2).
"""

from __future__ import annotations

import re

from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK
from kgbench.languages.deu_lexicon import (CATEGORY_ROWS, COUNTRY_GENDER, EVENT_GENDER, ISLAND_PLURALS,
                                           US_QUALIFIERS)

#: the definite article by (gender or "pl", case)
ARTICLE = {("m", "nom"): "der", ("m", "acc"): "den", ("m", "dat"): "dem", ("m", "gen"): "des",
           ("f", "nom"): "die", ("f", "acc"): "die", ("f", "dat"): "der", ("f", "gen"): "der",
           ("n", "nom"): "das", ("n", "acc"): "das", ("n", "dat"): "dem", ("n", "gen"): "des",
           ("pl", "nom"): "die", ("pl", "acc"): "die", ("pl", "dat"): "den", ("pl", "gen"): "der"}
#: preposition + article -> the contracted form German writes
CONTRACTIONS = {("in", "dem"): "im", ("von", "dem"): "vom", ("zu", "dem"): "zum", ("zu", "der"): "zur",
                ("an", "dem"): "am", ("bei", "dem"): "beim", ("in", "das"): "ins", ("an", "das"): "ans"}
#: the masculine determiners a wording writes before a singular category noun, by case -> (feminine, neuter)
DETERMINERS = {
    "nom": {"der": ("die", "das"), "welcher": ("welche", "welches"), "jeder": ("jede", "jedes")},
    "acc": {"den": ("die", "das"), "welchen": ("welche", "welches"), "jeden": ("jede", "jedes")},
    "dat": {"dem": ("der", "dem"), "welchem": ("welcher", "welchem"), "jedem": ("jeder", "jedem"),
            "im": ("in der", "im"), "vom": ("von der", "vom"), "zum": ("zur", "zum"), "am": ("an der", "am"),
            "beim": ("bei der", "beim")},
}
#: third person singular -> plural of the verbs the wordings put next to a subject name (die Niederlande liegen)
PLURAL_VERBS = {"ist": "sind", "hat": "haben", "liegt": "liegen", "lag": "lagen", "war": "waren", "grenzt": "grenzen",
                "berührt": "berühren", "schneidet": "schneiden", "umschließt": "umschließen", "umgibt": "umgeben",
                "reicht": "reichen", "bedeckt": "bedecken", "gehört": "gehören", "trifft": "treffen",
                "kreuzt": "kreuzen", "enthält": "enthalten", "überlappt": "überlappen", "kommt": "kommen",
                "besteht": "bestehen"}
_ADJECTIVE_IN_NAME = re.compile(r"^[A-ZÄÖÜ][\wäöüß]*(?:isch|igt|lich)(?:es|er|en|e)$")
_CASES = ("nom", "acc", "dat", "gen")
#: a US region name with its English disambiguator ("Georgia (U.S. state)", "Puerto Rico (U.S. territory)")
_US_QUALIFIED = re.compile(r"^(.*?) ?\((U\.S\. state|U\.S\. territory)\)$")


def weak_adjectives(text: str, gender: str, case: str) -> str:
    """Return a name whose leading adjectives take the weak ending after a definite article.

    >>> weak_adjectives("Vereinigte Staaten", "pl", "nom"), weak_adjectives("Vereinigtes Königreich", "n", "dat")
    ('Vereinigten Staaten', 'Vereinigten Königreich')
    """
    words = text.split(" ")
    weak_e = gender != "pl" and (case == "nom" or (case == "acc" and gender != "m"))
    for i, w in enumerate(words[:-1]):
        if not _ADJECTIVE_IN_NAME.match(w):
            break
        stem = re.sub(r"(es|er|en|e)$", "", w)
        words[i] = stem + ("e" if weak_e else "en")
    return " ".join(words)


def genitive_s(text: str) -> str:
    """Return a masculine or neuter name in the genitive: its head noun (the first word after the leading
    adjectives) takes -s, or -es after s, ß, x, z.

    >>> genitive_s("Vereinigten Königreich"), genitive_s("Hurrikan Katrina (2005)"), genitive_s("Erdbeben us1000ce18")
    ('Vereinigten Königreichs', 'Hurrikans Katrina (2005)', 'Erdbebens us1000ce18')
    """
    words = text.split(" ")
    for i, w in enumerate(words):
        if re.match(r"^[A-ZÄÖÜ][\wäöüß]*(?:isch|igt|lich)en$", w):
            continue
        if not re.fullmatch(r"[A-ZÄÖÜ][\wäöüß-]*", w):
            return text
        words[i] = w + ("es" if re.search(r"(s|ß|x|z)$", w) else "s")
        return " ".join(words)
    return text


def dative_plural(text: str) -> str:
    """Return a plural noun phrase in the dative: its head noun takes -n unless it ends in -n or -s.

    >>> dative_plural("Niederlande"), dative_plural("Bahamas"), dative_plural("Städte"), dative_plural("Nachtclubs mit Restaurant")
    ('Niederlanden', 'Bahamas', 'Städten', 'Nachtclubs mit Restaurant')
    """
    words = text.split(" ")
    if "(" in text or "," in text:
        return text
    head = len(words) - 1
    for i, w in enumerate(words):
        if w.endswith("-") or w == "und" or _ADJECTIVE_IN_NAME.match(w):
            continue
        head = i
        break
    w = words[head]
    if w[-1:] not in ("n", "s") and w[-1:].isalpha():
        words[head] = w + "n"
    return " ".join(words)


class German(Language):
    code, bcp47, locale = "deu", "de", "de"
    english_name, family, script, tier = "German", "Indo-European (Germanic)", "Latin", "high"
    decimal_comma = True
    forms = {"nom": "nominative (the default): subject, or after 'als', 'oder', 'und' in the subject",
             "acc": "accusative: a direct object, after 'um', 'durch', 'an' (direction), 'für'",
             "dat": "dative: after 'von', 'zu', 'in', 'an' (place), 'mit', 'bei', 'nach', 'aus', 'zwischen'",
             "gen": "genitive attribute (die Grenze der Schweiz, Frankreichs; 'von' + name when a name cannot take -s)",
             "bare": "a name in apposition or an address (im Bundesstaat Texas; Ankara, Türkei): written as it is",
             "part": "a category plural after 'welcher der' (which of the ...): the pronoun agrees with its gender"}
    answer_words = {"true": ("true", "wahr", "ja", "richtig", "zutreffend"),
                    "false": ("false", "falsch", "nein", "unzutreffend"),
                    "plausibly": ("plausibly", "plausibel", "möglicherweise", "vielleicht", "wahrscheinlich")}
    direction_words = {
        "N": ("norden", "nord", "n"), "NNE": ("nordnordost", "nordnordosten", "nno"),
        "NE": ("nordost", "nordosten", "no"), "ENE": ("ostnordost", "ostnordosten", "ono"),
        "E": ("osten", "ost", "o"), "ESE": ("ostsüdost", "ostsüdosten", "oso"),
        "SE": ("südost", "südosten", "so"), "SSE": ("südsüdost", "südsüdosten", "sso"),
        "S": ("süden", "süd", "s"), "SSW": ("südsüdwest", "südsüdwesten", "ssw"),
        "SW": ("südwest", "südwesten", "sw"), "WSW": ("westsüdwest", "westsüdwesten", "wsw"),
        "W": ("westen", "west", "w"), "WNW": ("westnordwest", "westnordwesten", "wnw"),
        "NW": ("nordwest", "nordwesten", "nw"), "NNW": ("nordnordwest", "nordnordwesten", "nnw"),
        "left": ("links", "linke seite", "auf der linken seite"), "right": ("rechts", "rechte seite", "auf der rechten seite"),
        "on": ("auf der route", "auf der linie", "darauf", "weder links noch rechts"),
        "upstream": ("stromaufwärts", "flussaufwärts"), "downstream": ("stromabwärts", "flussabwärts")}
    compass = {"north": "Norden", "east": "Osten", "south": "Süden", "west": "Westen"}
    categories = {row[0]: (row[1], row[2]) for row in CATEGORY_ROWS}
    #: KG category -> gender of the singular noun (m, f, n)
    category_gender = {row[0]: row[3] for row in CATEGORY_ROWS}
    #: KG category -> oblique singular of a weak masculine noun (den Geldautomaten)
    category_oblique = {row[0]: row[4] for row in CATEGORY_ROWS if len(row) > 4}
    texts = {
        "system.parametric": ("Du beantwortest raumbezogene Fragen zu Orten, Regionen, Routen und Ereignissen. "
                              "Sei präzise; antworte aus deinem Wissen."),
        "system.oracle": ("Du beantwortest raumbezogene Fragen zu Orten, Regionen, Routen und Ereignissen. Die Fakten, die "
                          "du erhältst, stammen aus einem Wissensgraphen und reichen aus, um die Antwort zu berechnen. "
                          "Geometrien sind WKT in der Reihenfolge Länge Breite (CRS84, WGS84-Grad)."),
        "prompt.question": "Frage: {question}",
        "prompt.format": "Antwortformat ({format}): {description}",
        "prompt.labels": "Erlaubte Labels: {labels}.",
        "prompt.reasoning": 'Denke zuerst in "reasoning" Schritt für Schritt nach und gib dann die Antwort.',
        "prompt.reply": "Antworte mit einem einzigen JSON-Objekt {shape} und sonst nichts. Es muss diesem JSON-Schema folgen:",
        "prompt.null": ('Wenn die Frage nicht beantwortet werden kann (zum Beispiel, weil ihre Voraussetzung falsch ist), '
                        'setze "answer" auf null.'),
        "prompt.facts": "Fakten",
        "prompt.facts_nt": "Fakten (N-Triples)",
        "prompt.facts_json": "Fakten (JSON: Subjekt -> Prädikat -> Werte)",
        "system.mcq": "Du beantwortest georäumliche Multiple-Choice-Fragen zu Orten, Regionen, Routen und Ereignissen. Genau eine Option ist richtig.",
        "prompt.options": "Optionen:",
        "prompt.none_option": "Keine davon: Die Frage kann so, wie sie gestellt ist, nicht beantwortet werden",
        "prompt.mcq_policy": "Wenn die Frage so, wie sie gestellt ist, nicht beantwortet werden kann (zum Beispiel, weil ihre Voraussetzung falsch ist), ist die richtige Option {letter}.",
        "prompt.mcq_reply": "Antworte mit einem einzigen JSON-Objekt {{\"answer\": Buchstabe, \"unit\": null}} und sonst nichts; der Buchstabe ist einer von {letters}.",
        "prompt.context": "Ortskontext aus einem Wissensgraphen (eine geschlossene Welt: ein Ort, eine Tatsache oder eine Beziehung, die er nicht angibt, gilt als nicht zutreffend)",
        "context.nearby": "nächstgelegene Orte: {places}",
        "context.inside": "darin",
        "context.contains": "enthält es",
        "context.border": "an seiner Grenze",
        "context.overlaps": "überlappt es",
        "agent.role": "Du bist ein Geodatenanalyst, der eine Frage beantwortet, indem er Python schreibt.",
        "agent.steps": ("Jede Antwort ist ein Schritt. Schreibe in einem Schritt genau einen ```python-Codeblock; er läuft in "
                        "einer Sandbox (Python 3 mit shapely, pyproj, h3 und der Standardbibliothek; kein Netzwerk, kein "
                        "Schreiben von Dateien, begrenzte Zeit und begrenzter Speicher), und was er ausgibt, kommt zu dir "
                        "zurück. Variablen bleiben zwischen den Schritten nicht erhalten."),
        "agent.final": ("Wenn du die Antwort kennst, rufe final_answer(answer, unit) in einem Codeblock auf; damit endet der "
                        "Lauf. final_answer(None, None) bedeutet, dass du keine Antwort gibst."),
        "agent.tools": "Die Sandbox hat außerdem diese Funktionen über einem geografischen Wissensgraphen (IDs sind IRIs):",
        "agent.gold": ("Die Fakten aus einem Wissensgraphen, aus denen die Antwort folgt, stehen in der Nachricht des Nutzers; "
                       "in der Sandbox stehen sie außerdem im String GOLD_TRIPLES (N-Triples). Du hast keine "
                       "Werkzeuge zum Abrufen."),
        "agent.budget": ("Du hast ein begrenztes Budget an Schritten; verwende wenige. Die endgültige Antwort muss dem "
                         "Antwortformat entsprechen ({format}): {description}"),
        "agent.schema": "Die Argumente von final_answer müssen dieses JSON-Objekt gültig machen: {schema}",
        "agent.null": ("Wenn die Frage nicht beantwortet werden kann (zum Beispiel, weil ihre Voraussetzung falsch ist), "
                       "rufe final_answer(None, None) auf."),
        "format.boolean": 'Eines von "true", "false" oder "plausibly".',
        "format.entity": "Der Name einer Entität.",
        "format.direction": ("Ein Label: eine Himmelsrichtung (N, NE, E, SE, S, SW, W, NW), left/right/on (die Route) "
                             "oder upstream/downstream."),
        "format.set": "Eine Liste von Entitätsnamen; [], wenn es keine gibt.",
        "format.cell": ('Eine Rasterzelle: ein H3-Zellindex (15 Hexadezimalziffern) oder ein S2-Zelltoken; unit nennt das '
                        'Raster, "h3" oder "s2".'),
        "format.geohash": "Ein Geohash-String.",
        "format.h3_s2": 'Ein Objekt {{"h3": H3-Zellindex, "s2": S2-Zelltoken}}.',
        "format.distance": "Eine Entfernung als Zahl, in der in unit angegebenen Einheit.",
        "format.area": "Eine Fläche als Zahl, in der in unit angegebenen Einheit.",
        "format.count": "Eine ganze Zahl.",
        "format.ratio": "Eine dimensionslose Zahl.",
        "format.point": ('Ein Punkt in WGS84-Dezimalgrad: {{"lat": Breite, "lon": Länge}} oder '
                         '[Breite, Länge] (Breite zuerst).'),
        "format.polar": ('Ein Objekt {{"angle": Azimut in Grad im Uhrzeigersinn von Norden, "distance": Zahl}}; die '
                         'Entfernung ist in der in unit angegebenen Einheit.'),
        "format.polygon": ("Ein Polygon oder umgebendes Rechteck als WKT in der Reihenfolge Länge/Breite (CRS84), z. B. "
                           "POLYGON((west south, east south, east north, west north, west south))."),
        "format.date": "Ein Datum als YYYY-MM-DD (YYYY-MM oder YYYY, wenn nur der Monat oder das Jahr bekannt ist).",
        "unit.null": '"unit" muss null sein.',
        "unit.count": 'Gib eine ganze Zahl an; "unit" muss null sein.',
        "unit.ratio": 'Gib eine einfache Zahl ohne Prozentzeichen an (0.25 für 25 %); "unit" muss null sein.',
        "unit.cell": 'Setze "unit" auf das Rastersystem: "h3" oder "s2".',
        "unit.quantity": 'Gib {quantity} in {unit_words} an und setze "unit" auf "{unit}" (ebenfalls akzeptiert: {others}).',
        "quantity.number": "die Zahl",
        "quantity.distance": "die Entfernung",
        "unit.km": "Kilometern", "unit.m": "Metern", "unit.mi": "Meilen", "unit.km2": "Quadratkilometern",
        "unit.m2": "Quadratmetern", "unit.mi2": "Quadratmeilen", "unit.ha": "Hektar",
        "locality.all": "Alle genannten Orte liegen in {place}.",
        "locality.one": "{name} liegt in {place}.",
        "locality.central Helsinki, Finland": "der Innenstadt von Helsinki, Finnland",
        "locality.Karhula, a district of Kotka, Finland": "Karhula, einem Stadtteil von Kotka, Finnland",
        "event.earthquake": "Erdbeben {id}",
        "event.quarry blast": "Steinbruchsprengung {id}",
        "event.explosion": "Explosion {id}",
        "event.Hurricane": "Hurrikan {name} ({year})",
        "event.Tropical Storm": "Tropensturm {name} ({year})",
        "event.Tropical Depression": "Tropisches Tiefdruckgebiet {name} ({year})",
        "event.wind field": "Windfeld von {storm}",
        "word.precision": "Genauigkeit",
        "word.level": "Level",
        "word.resolution": "Auflösung",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "Geohash",
        "word.Natural Earth's 1:10m country outlines": "den Länderumrissen 1:10m von Natural Earth",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "der Vereinfachung 1:10 Millionen von us-atlas 3.0.1 der kartografischen Grenzen 2017 des US Census Bureau"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "im {month} {year}",
        "period.months": "zwischen {month1} und {month2} {year}",
        "period.days": "zwischen dem {day1}. und dem {day2}. {month} {year}",
        "period.dates": "zwischen dem {date1} und dem {date2}",
    }

    # ------------------------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        """Return the name in the case its slot asks for, with the article, agreement and contraction it needs."""
        fixed = self._repair_name(slot)
        if fixed is not None:
            if isinstance(fixed, Fill):
                return fixed
            fill = self.fill(replace(slot, name=replace(slot.name, text=fixed)))
            return replace(fill, edits=tuple(fill.edits) + ("OTHER",))
        name, spec = slot.name, slot.spec
        if name.kind == "category_one":
            return self._category_one(slot)
        if name.kind == "category":
            return self._category_plural(slot)
        if spec == "bare" or name.kind in ("number", "period", "direction", "word"):
            return Fill(name.text)
        case = spec if spec in _CASES else "nom"
        gender = self._article_gender(slot)
        if gender is None:
            return self._genitive_without_article(slot) if case == "gen" else Fill(name.text)
        return self._articled(slot, gender, name.text)

    def _articled(self, slot: Slot, gender: str, text: str) -> Fill:
        """Return a name with the definite article of its gender in its case (contracted with a preposition)."""
        name, case = slot.name, (slot.spec if slot.spec in _CASES else "nom")
        edits = ["ART_ADD"]
        base, text = text, weak_adjectives(text, gender, case)
        if text != base:
            edits.append("AGR_CHG")
        if (case == "gen" and gender in ("m", "n") and (gender == "n" or name.kind == "event")
                and name.key != "best track"):
            gen = genitive_s(text)
            if gen != text:
                text = gen
                edits.append("DEC_CHG")
        if gender == "pl" and case == "dat":
            dat = dative_plural(text)
            if dat != text:
                text = dat
                edits.append("DEC_CHG")
        article = ARTICLE[(gender, case)]
        before, after = slot.before, None
        if gender == "pl" and case == "nom":
            before, after = self._plural_verb(before, slot.after, edits)
        if gender == "pl" and name.kind == "country" and name.key in ISLAND_PLURALS:
            island = re.search(r"(?:^|(?<=\s))([Ii])n $", before)
            if island:
                before = before[:island.start(1)] + ("A" if island.group(1) == "I" else "a") + "uf "
                edits.append("ADP_CHG")
        m = re.search(r"(?:^|(?<=\s))(in|von|zu|an|bei|In|Von|Zu|An|Bei) $", before)
        if m and (m.group(1).lower(), article) in CONTRACTIONS:
            contracted = CONTRACTIONS[(m.group(1).lower(), article)]
            if m.group(1)[0].isupper():
                contracted = contracted.capitalize()
            return Fill(text, before=before[:m.start(1)] + contracted + " ", after=after,
                        edits=tuple(edits + ["CONTR_CHG"]))
        return Fill(text, before=before + article + " ", after=after, edits=tuple(edits))

    def _repair_name(self, slot: Slot) -> "str | Fill | None":
        """Repair what the snapshot's name leaves wrong: a storm track named in English (der Best Track des
        Hurrikans Ike (2008)), the US state Georgia taken for the country (Fayette County, Georgia, not
        Georgien) and an English disambiguator (Puerto Rico (US-Außengebiet)); None when nothing is wrong."""
        name = slot.name
        track = BEST_TRACK.match(name.text) if name.kind == "event" else None
        if track:
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            gen = self.fill(Slot(slot.role, "gen", replace(name, text=storm, key=track.group(1)), "", ""))
            case = slot.spec if slot.spec in _CASES else "nom"
            head = "Best Track " + (gen.before or "") + gen.text
            inner = Slot(slot.role, case, replace(name, text=head, key="best track"), slot.before, slot.after)
            fill = self._articled(inner, "m", head)
            return replace(fill, edits=tuple(fill.edits) + tuple(gen.edits) + ("OTHER",))
        if name.kind not in ("county", "region", "place"):
            return None
        text = name.text
        if name.canonical.endswith(", Georgia") and text.endswith(", Georgien"):
            text = text[: -len("Georgien")] + "Georgia"
        qualified = _US_QUALIFIED.match(text)
        if qualified:
            base = "Georgia" if qualified.group(1) == "Georgien" else qualified.group(1)
            text = f"{base} ({US_QUALIFIERS[qualified.group(2)]})"
        return text if text != name.text else None

    @staticmethod
    def _plural_verb(before: str, after: str, edits: list) -> tuple[str, str | None]:
        """Make the verb next to a plural subject name plural (Liegt -> Liegen die Niederlande ...)."""
        if re.match(r"\s*(und|oder|sowie)\b", after) or re.search(r"\b(und|oder|sowohl) $", before):
            return before, None
        m = re.search(r"(?:^|(?<=\s))([A-ZÄÖÜa-zäöüß]+) $", before)
        if m and m.group(1).lower() in PLURAL_VERBS:
            verb = PLURAL_VERBS[m.group(1).lower()]
            if m.group(1)[0].isupper():
                verb = verb[0].upper() + verb[1:]
            edits.append("AGR_CHG")
            return before[:m.start(1)] + verb + " ", None
        m = re.match(r" ([a-zäöüß]+)\b", after)
        if m and m.group(1) in PLURAL_VERBS:
            edits.append("AGR_CHG")
            return before, " " + PLURAL_VERBS[m.group(1)] + after[m.end():]
        return before, None

    @staticmethod
    def _genitive_without_article(slot: Slot) -> Fill:
        """A genitive attribute of a name without article: -s for a country or state name that can take it
        (Frankreichs, Kaliforniens), else 'von' + the name as it is (von Texas, von Austin, Texas)."""
        name = slot.name
        text = name.text
        if (name.kind in ("country", "region") and name.localized and " und " not in text and re.fullmatch(r"[A-ZÄÖÜ][\wäöüß-]*(?: [\wäöüß-]+)*", text)
                and not re.search(r"(s|ß|x|z|ce)$", text)):
            return Fill(text + "s", edits=("DEC_CHG",))
        return Fill(text, before=slot.before + "von ", edits=("ADP_ADD",))

    def _article_gender(self, slot: Slot) -> str | None:
        """Return the gender (m, f, n, pl) of a name that takes the definite article, or None."""
        name = slot.name
        if name.kind == "country" and name.localized:
            return COUNTRY_GENDER.get(name.key or "")
        if name.kind == "event":
            return EVENT_GENDER.get(name.key or "")
        return None

    def _category_one(self, slot: Slot) -> Fill:
        """A singular category noun: make the determiner and adjectives before it agree with its gender."""
        key = slot.name.key or ""
        case = slot.spec if slot.spec in _CASES else "nom"
        gender = self.category_gender.get(key, "n")
        text = slot.name.text
        edits = []
        if case in ("acc", "dat") and key in self.category_oblique and text == self.categories[key][0]:
            text = self.category_oblique[key]
            edits.append("DEC_CHG")
        if gender == "m":
            return Fill(text, edits=tuple(edits))
        before, changed = self._agree(slot.before, gender, case)
        return Fill(text, before=before, edits=tuple(edits + changed))

    @staticmethod
    def _agree(before: str, gender: str, case: str) -> tuple[str, list[str]]:
        """Return the text before a singular noun with its masculine determiner and adjectives made feminine or
        neuter, and the categories of what changed."""
        tokens = re.findall(r"\S+\s+|\S+$", before)
        i = len(tokens) - 1
        adjectives = []
        while i >= 0 and len(adjectives) < 3:
            word = tokens[i].strip()
            if word.lower() in DETERMINERS[case]:
                break
            if re.fullmatch(r"[a-zäöüß-]+(e|en)", word):
                adjectives.append(i)
                i -= 1
                continue
            return before, []
        if i < 0:
            return before, []
        changed = []
        word = tokens[i].strip()
        space = tokens[i][len(word):]
        feminine, neuter = DETERMINERS[case][word.lower()]
        new = feminine if gender == "f" else neuter
        if word[0].isupper():
            new = new[0].upper() + new[1:]
        if new != word:
            if word.lower() in ("der", "den", "dem"):
                changed.append("ART_CHG")
            elif " " in new:
                changed.append("CONTR_CHG")
            else:
                changed.append("AGR_CHG")
            tokens[i] = new + space
        if case == "acc":
            for j in adjectives:
                adj = tokens[j].strip()
                if adj.endswith("en"):
                    tokens[j] = adj[:-1] + tokens[j][len(adj):]
                    if "AGR_CHG" not in changed:
                        changed.append("AGR_CHG")
        return "".join(tokens), changed

    def _category_plural(self, slot: Slot) -> Fill:
        """A plural category noun: dative -n, and 'welcher der' made to agree with the noun's gender."""
        name = slot.name
        if slot.spec == "dat":
            text = dative_plural(name.text)
            return Fill(text, edits=("DEC_CHG",) if text != name.text else ())
        if slot.spec == "part":
            gender = self.category_gender.get(name.key or "", "n")
            m = re.search(r"\b([Ww]elcher|[Jj]eder) der $", slot.before)
            if m and gender != "m":
                word = m.group(1)
                new = word[:-1] if gender == "f" else word[:-1] + "s"
                return Fill(name.text, before=slot.before[:m.start(1)] + new + " der ", edits=("AGR_CHG",))
        return Fill(name.text)

    # ------------------------------------------------------------------------------------ values

    def period(self, start: str, end: str) -> str:
        """Return a period phrase; spans across months or years name both ends in full.

        >>> LANGUAGE.period("2018-02", "2018-02"), LANGUAGE.period("2018-01-31", "2018-02-07")
        ('im Februar 2018', 'zwischen dem 31. Januar 2018 und dem 7. Februar 2018')
        """
        s, e = start.split("-"), end.split("-")
        if len(s) == 2 and len(e) == 2 and s[0] != e[0]:
            return f"zwischen {self.month(int(s[1]))} {s[0]} und {self.month(int(e[1]))} {e[0]}"
        if len(s) != len(e):
            return f"zwischen {self._point(start)} und {self._point(end)}"
        return super().period(start, end)

    def _point(self, iso: str) -> str:
        parts = iso.split("-")
        return self.date(iso) if len(parts) == 2 else "dem " + self.date(iso)


LANGUAGE = German()
