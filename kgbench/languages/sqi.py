"""Albanian (sqi): the grammar rules around names.

Albanian nouns have a definite (postposed article) and an indefinite declension; CLDR gives country names in
the indefinite nominative ("Francë", "Gjermani", "Irak", "Filipine"). The wordings (the templates' ``translations: sqi``)
mark each slot with a form spec:

* no spec: the indefinite form, as after *në* ("në Francë", "në Irak", "në SHBA"): never changed;
* ``{X:nom}``: definite nominative, for a subject and after *nga* ("Franca", "Gjermania", "Iraku",
  "Izraeli", "Filipinet", "SHBA-ja");
* ``{X:acc}``: definite accusative, for a direct object and after *me* ("Francën", "Gjermaninë", "Irakun",
  "Izraelin");
* ``{X:gen}``: definite genitive-dative-ablative, after a linking article (*i, e, të, së*) and after *midis,
  brenda, afër, larg, në veri të* ("Francës", "Gjermanisë", "Irakut", "Filipineve", "SHBA-së").

The definite forms come from the ending (feminine *-ë* -> *-a/-ën/-ës*; feminine stressed *-i* ->
*-ia/-inë/-isë*; masculine consonant -> *-i/-in/-it*, after *k, g, h* -> *-u/-un/-ut*) or from the
lexicon (:mod:`kgbench.languages.sqi_lexicon`) for plural and multi-word names ("Koreja e Jugut" ->
"Koresë së Jugut"). Event names are this module's own texts, so their head noun is declined
("uragani Katrina (2005)" -> "uraganit Katrina (2005)"). A name that cannot be declined safely (cities,
US states, counties, OpenStreetMap features, invariant or English names) is never touched: in the
genitive a classifier noun carries the case ("qytetit Helsinki", "shtetit Texas", "objektit Kiasma",
"shtetit Peru"), recorded as ART_ADD; nominative and accusative leave it as it is. Nothing inside
parentheses is changed.

Category nouns are used in the indefinite; the words agreeing with them are fixed (AGR_CHG): *Cilat/ato*
before a masculine plural become *Cilët/ata*; *Cili/ai* before a feminine singular become *Cila/ajo*, and
*i dyti, i treti, më i* after it become *e dyta, e treta, më e*.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK, same_case
from kgbench.languages.sqi_lexicon import (CATEGORIES, COUNTRY_FORMS, FEMININE, INVARIANT, MASCULINE, RENAME,
                                          TERRITORIES)

__all__ = ["Albanian", "LANGUAGE", "country_forms", "feminine_singular"]

_MONTHS = ("janar", "shkurt", "mars", "prill", "maj", "qershor", "korrik", "gusht", "shtator", "tetor",
           "nëntor", "dhjetor")
_MONTHS_DEF = ("janari", "shkurti", "marsi", "prilli", "maji", "qershori", "korriku", "gushti", "shtatori",
               "tetori", "nëntori", "dhjetori")
#: snapshot names that read oddly in running text, or English names with a usual Albanian form
_RENAME = RENAME
#: "shteti i / shtetin e / shtetit të" before a classified name: the linking article goes ("shtetin Peru")
_CLASSIFIED_HEAD = re.compile(r"\b(shtet|vend|territor)(i|in|it) (i|e|të|së) $")
_EVENT_HEADS = {  # nominative definite -> (accusative, genitive) definite
    "tërmeti": ("tërmetin", "tërmetit"), "shpërthimi": ("shpërthimin", "shpërthimit"),
    "uragani": ("uraganin", "uraganit"), "stuhia tropikale": ("stuhinë tropikale", "stuhisë tropikale"),
    "depresioni tropikal": ("depresionin tropikal", "depresionit tropikal"),
    "fusha e erës": ("fushën e erës", "fushës së erës")}
_CASES = ("nom", "acc", "gen")


def country_forms(text: str) -> tuple[str, str, str] | None:
    """Return the definite (nominative, accusative, genitive) of an Albanian country name (CLDR indefinite
    form), or None when it cannot be declined safely.

    >>> country_forms("Francë"), country_forms("Irak")
    (('Franca', 'Francën', 'Francës'), ('Iraku', 'Irakun', 'Irakut'))
    >>> country_forms("Gjermani"), country_forms("Peru")
    (('Gjermania', 'Gjermaninë', 'Gjermanisë'), None)
    """
    if text in COUNTRY_FORMS:
        return COUNTRY_FORMS[text]
    if text.startswith("Ishujt ") and text.split(" ")[1][:1].isupper() and "(" not in text:  # "Ishujt Kajman"
        return text, text, "Ishujve " + text[len("Ishujt "):]
    if text in INVARIANT or " " in text or "(" in text or "," in text or not text[-1:].isalpha():
        return None
    if text.endswith("ë"):
        stem = text[:-1]
        return stem + "a", stem + "ën", stem + "ës"
    if text.endswith("i") and "-" not in text:
        return text + "a", text + "në", text + "së"
    if text[-1] in "kgh" and not text.endswith(("sh", "zh", "xh", "th", "dh", "gj")):
        return text + "u", text + "un", text + "ut"
    if text[-1] in "bcçdfjlmnpqrstvxz" or text.endswith(("sh", "zh", "xh", "th", "dh", "gj", "nj", "ll", "rr")):
        if "-" in text:
            return None
        return text + "i", text + "in", text + "it"
    return None


def feminine_singular(noun_phrase: str) -> bool:
    """Return True when a category singular is feminine (its head ends in -ë, -e, -a, -i, or is listed).

    >>> feminine_singular("kafene"), feminine_singular("dyqan veshjesh"), feminine_singular("muze")
    (True, False, False)
    """
    head = noun_phrase.split(" ")[0]
    if head in FEMININE:
        return True
    return head.endswith(("ë", "e", "a", "i")) and head not in MASCULINE


def masculine_plural(singular: str, plural: str) -> bool:
    """Return True when a category plural takes masculine agreement (a masculine noun whose plural does not
    end in -e: "automatë"; "dyqane", "qytete" agree as feminine)."""
    return not feminine_singular(singular) and not plural.split(" ")[0].endswith("e")


def definite_plural(plural: str, singular: str = "", genitive: bool = False) -> str:
    """Return a category plural in the definite nominative-accusative or genitive: the article goes on the
    head noun ("qytete" -> "qytetet" / "qyteteve", "pemë" -> "pemët" / "pemëve", "kafene" -> "kafenetë" /
    "kafeneve"); the rest of the phrase is kept.

    >>> definite_plural("qytete"), definite_plural("kafene", "kafene"), definite_plural("banka", genitive=True)
    ('qytetet', 'kafenetë', 'bankave')
    """
    head, sep, rest = plural.partition(" ")
    if genitive:
        head += "ve"
    elif head == singular.partition(" ")[0] and head[-1:] in "eiao":   # stressed final vowel: kafene, farmaci
        head += "të"
    elif head[-1:] in "eëa":
        head += "t"
    else:
        head += "et"
    return head + sep + rest


def _classifier(kind: str, key: str | None) -> str:
    if kind == "country":
        return "shtetit"
    if kind == "region":
        return "shtetit" if (key or "").startswith("US-") else "rajonit"
    if kind == "county":
        return "qarkut"
    if kind == "place":
        return "qytetit"
    return "objektit"


def _locative(text: str) -> str:
    """Return a country name as it stands after «në»: the indefinite accusative of an indefinite name with a
    linking article ("Mal i Zi" -> "Mal të Zi"), the definite accusative of a name that is definite in itself
    ("Maqedonia e Veriut" -> "Maqedoninë e Veriut"); other names unchanged ("Francë", "Filipine")."""
    forms = COUNTRY_FORMS.get(text)
    if forms is None:
        return text
    if forms[0] == text:
        return forms[1]
    return re.sub(r" (i|e) ", " të ", text, count=1)


class Albanian(Language):
    code, bcp47, locale = "sqi", "sq", "sq"
    english_name, family, script, tier = "Albanian", "Indo-European (Albanian)", "Latin", "low"
    decimal_comma = True
    months = _MONTHS
    forms = {
        "nom": "definite nominative (subject, after «nga»): Franca, Iraku, Filipinet",
        "acc": "definite accusative (direct object, after «me»): Francën, Irakun, Filipinet",
        "gen": "definite genitive-dative-ablative (after «i/e/të/së», «midis», «brenda», «afër»): Francës, Irakut, qytetit Helsinki",
    }
    answer_words = {"true": ("e vërtetë", "vërtetë", "po", "true"), "false": ("e gabuar", "gabim", "jo", "false"),
                    "plausibly": ("ndoshta", "e mundshme", "e besueshme", "plausibly")}
    direction_words = {
        "N": ("veri", "v", "n"), "NNE": ("veri-verilindje", "v-vl", "nne"), "NE": ("verilindje", "vl", "ne"),
        "ENE": ("lindje-verilindje", "l-vl", "ene"), "E": ("lindje", "l", "e"),
        "ESE": ("lindje-juglindje", "l-jl", "ese"), "SE": ("juglindje", "jl", "se"),
        "SSE": ("jug-juglindje", "j-jl", "sse"), "S": ("jug", "j", "s"), "SSW": ("jug-jugperëndim", "j-jp", "ssw"),
        "SW": ("jugperëndim", "jp", "sw"), "WSW": ("perëndim-jugperëndim", "p-jp", "wsw"),
        "W": ("perëndim", "p", "w"), "WNW": ("perëndim-veriperëndim", "p-vp", "wnw"),
        "NW": ("veriperëndim", "vp", "nw"), "NNW": ("veri-veriperëndim", "v-vp", "nnw"),
        "left": ("majtas", "në të majtë"), "right": ("djathtas", "në të djathtë"),
        "on": ("mbi rrugë", "në rrugë", "mbi vijë"),
        "upstream": ("në rrjedhën e sipërme", "më herët", "sipër"),
        "downstream": ("në rrjedhën e poshtme", "më vonë", "poshtë")}
    compass = {"north": "veri", "east": "lindje", "south": "jug", "west": "perëndim"}
    categories = CATEGORIES
    texts = {
        "system.parametric": ("Ti u përgjigjesh pyetjeve gjeohapësinore për vende, rajone, itinerare dhe ngjarje. "
                              "Ji i saktë; përgjigju sipas asaj që di."),
        "system.oracle": ("Ti u përgjigjesh pyetjeve gjeohapësinore për vende, rajone, itinerare dhe ngjarje. "
                          "Faktet që të jepen vijnë nga një graf njohurish dhe mjaftojnë për të llogaritur "
                          "përgjigjen. Gjeometritë janë WKT në rendin gjatësi gjerësi (CRS84, gradë WGS84)."),
        "prompt.question": "Pyetja: {question}",
        "prompt.format": "Formati i përgjigjes ({format}): {description}",
        "prompt.labels": "Etiketat e lejuara: {labels}.",
        "prompt.reasoning": 'Fillimisht mendo hap pas hapi te "reasoning", pastaj jep përgjigjen.',
        "prompt.reply": ("Përgjigju me një objekt të vetëm JSON {shape} dhe asgjë tjetër. Ai duhet të ndjekë "
                         "këtë skemë JSON:"),
        "prompt.null": ('Nëse pyetjes nuk mund t\'i përgjigjesh (për shembull, sepse premisa e saj është e '
                        'gabuar), vendos "answer" në null.'),
        "prompt.facts": "Faktet",
        "prompt.facts_nt": "Faktet (N-Triples)",
        "prompt.facts_json": "Faktet (JSON: subjekti -> kallëzuesi -> vlerat)",
        "system.mcq": "Ju u përgjigjeni pyetjeve gjeohapësinore me zgjedhje të shumëfishtë për vende, rajone, rrugë dhe ngjarje. Vetëm një opsion është i saktë.",
        "prompt.options": "Opsionet:",
        "prompt.none_option": "Asnjë nga këto: pyetjes nuk mund t'i përgjigjesh ashtu siç është bërë",
        "prompt.mcq_policy": "Nëse pyetjes nuk mund t'i përgjigjesh ashtu siç është bërë (për shembull, sepse premisa e saj është e rreme), opsioni i saktë është {letter}.",
        "prompt.mcq_reply": "Përgjigjuni me një objekt të vetëm JSON {{\"answer\": shkronjë, \"unit\": null}} dhe asgjë tjetër; shkronja është një nga {letters}.",
        "prompt.context": "Konteksti i vendeve nga një graf njohurish (një botë e mbyllur: një vend, fakt ose lidhje që ai nuk jep konsiderohet i pavërtetë)",
        "context.nearby": "vendet më të afërta: {places}",
        "context.inside": "brenda tij",
        "context.contains": "e përmban",
        "context.border": "në kufirin e tij",
        "context.overlaps": "mbivendoset me të",
        "agent.role": "Ti je një analist gjeohapësinor që i përgjigjet një pyetjeje duke shkruar Python.",
        "agent.steps": ("Çdo përgjigje jotja është një hap. Në një hap, shkruaj saktësisht një bllok kodi "
                        "```python; ai ekzekutohet në një sandbox (Python 3 me shapely, pyproj, h3 dhe "
                        "bibliotekën standarde; pa rrjet, pa shkrim skedarësh, me kohë dhe memorie të kufizuar) "
                        "dhe ajo që printon të kthehet ty. Variablat nuk ruhen nga një hap në tjetrin."),
        "agent.final": ("Kur ta dish përgjigjen, thirr final_answer(answer, unit) në një bllok kodi; kjo e "
                        "përfundon ekzekutimin. final_answer(None, None) do të thotë që nuk jep përgjigje."),
        "agent.tools": ("Sandbox-i ka edhe këto funksione mbi një graf njohurish gjeografike (id-të janë "
                        "IRI):"),
        "agent.gold": ("Faktet nga një graf njohurish prej të cilave rrjedh përgjigjja janë në mesazhin e "
                       "përdoruesit; në sandbox ato gjenden edhe te vargu GOLD_TRIPLES (N-Triples). Nuk ke "
                       "mjete kërkimi."),
        "agent.budget": ("Ke një numër të kufizuar hapash; përdor sa më pak. Përgjigjja përfundimtare duhet të "
                         "përputhet me formatin e përgjigjes ({format}): {description}"),
        "agent.schema": "Argumentet e final_answer duhet ta bëjnë të vlefshëm këtë objekt JSON: {schema}",
        "agent.null": ("Nëse pyetjes nuk mund t'i përgjigjesh (për shembull, sepse premisa e saj është e "
                       "gabuar), thirr final_answer(None, None)."),
        "format.boolean": 'Një nga "true", "false" ose "plausibly".',
        "format.entity": "Emri i një entiteti të vetëm.",
        "format.direction": ("Një etiketë: një drejtim busulle (N, NE, E, SE, S, SW, W, NW), left/right/on "
                             "(rruga) ose upstream/downstream."),
        "format.set": "Një listë emrash entitetesh; [] kur nuk ka asnjë.",
        "format.cell": ('Një qelizë rrjete: një indeks qelize H3 (15 shifra heksadecimale) ose një token qelize '
                        'S2; unit emërton rrjetën, "h3" ose "s2".'),
        "format.geohash": "Një varg geohash.",
        "format.h3_s2": 'Një objekt {{"h3": indeksi i qelizës H3, "s2": tokeni i qelizës S2}}.',
        "format.distance": "Një distancë si numër, në njësinë e dhënë te unit.",
        "format.area": "Një sipërfaqe si numër, në njësinë e dhënë te unit.",
        "format.count": "Një numër i plotë.",
        "format.ratio": "Një numër pa përmasa.",
        "format.point": ('Një pikë në gradë dhjetore WGS84: {{"lat": gjerësia, "lon": gjatësia}} ose '
                         '[gjerësia, gjatësia] (gjerësia e para).'),
        "format.polar": ('Një objekt {{"angle": azimuti në gradë në drejtim të akrepave të orës nga veriu, '
                         '"distance": numër}}; distanca është në njësinë e dhënë te unit.'),
        "format.polygon": ("Një poligon ose drejtkëndësh kufizues si WKT në rendin gjatësi/gjerësi (CRS84), p.sh. "
                           "POLYGON((west south, east south, east north, west north, west south))."),
        "format.date": "Një datë në formën YYYY-MM-DD (YYYY-MM ose YYYY kur dihet vetëm muaji ose viti).",
        "unit.null": '"unit" duhet të jetë null.',
        "unit.count": 'Jep një numër të plotë; "unit" duhet të jetë null.',
        "unit.ratio": 'Jep një numër të thjeshtë pa shenjën e përqindjes (0.25 për 25 %); "unit" duhet të jetë null.',
        "unit.cell": 'Vendos "unit" në sistemin e rrjetës: "h3" ose "s2".',
        "unit.quantity": 'Jep {quantity} në {unit_words} dhe vendos "unit" në "{unit}" (pranohen edhe: {others}).',
        "quantity.number": "numrin",
        "quantity.distance": "distancën",
        "unit.km": "kilometra", "unit.m": "metra", "unit.mi": "milje", "unit.km2": "kilometra katrorë",
        "unit.m2": "metra katrorë", "unit.mi2": "milje katrore", "unit.ha": "hektarë",
        "locality.all": "Të gjitha vendet e përmendura ndodhen në {place}.",
        "locality.one": "{name} ndodhet në {place}.",
        "locality.central Helsinki, Finland": "qendër të Helsinkit, Finlandë",
        "locality.Karhula, a district of Kotka, Finland": "Karhula, një lagje e Kotkës, Finlandë",
        "event.earthquake": "tërmeti {id}",
        "event.quarry blast": "shpërthimi në gurore {id}",
        "event.explosion": "shpërthimi {id}",
        "event.Hurricane": "uragani {name} ({year})",
        "event.Tropical Storm": "stuhia tropikale {name} ({year})",
        "event.Tropical Depression": "depresioni tropikal {name} ({year})",
        "event.wind field": "fusha e erës e krijuar nga {storm}",
        "word.precision": "saktësi",
        "word.level": "nivel",
        "word.resolution": "rezolucion",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "konturet e vendeve të Natural Earth në shkallën 1:10m",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "thjeshtimin në shkallën 1:10 milion të us-atlas 3.0.1 të kufijve kartografikë të vitit 2017 të US "
            "Census Bureau"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "në {month} {year}",
        "period.months": "nga {month1} deri në {month2} {year}",
        "period.days": "nga {day1} deri më {day2} {month} {year}",
        "period.dates": "nga {date1} deri më {date2}",
    }

    # ------------------------------------------------------------------------------------ periods

    def period(self, start: str, end: str) -> str:
        """Return a period phrase: "në shkurt 2018", "nga korriku deri në tetor 2005" (the first month in
        the definite nominative after «nga»), "nga 1 deri më 7 shkurt 2018", "nga 31 janar 2018 deri më 7
        shkurt 2018"; spans of whole months across years: "nga korriku 2005 deri në shkurt 2006"."""
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        t = self.texts
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return t["period.month"].format(month=_MONTHS[sm - 1], year=sy)
            if sy == ey:
                return t["period.months"].format(month1=_MONTHS_DEF[sm - 1], month2=_MONTHS[em - 1], year=sy)
            return f"nga {_MONTHS_DEF[sm - 1]} {sy} deri në {_MONTHS[em - 1]} {ey}"
        if sd and ed and (sy, sm) == (ey, em):
            return t["period.days"].format(day1=sd[0], day2=ed[0], month=_MONTHS[sm - 1], year=sy)
        if not sd:
            return f"nga {_MONTHS_DEF[sm - 1]} {sy} deri më {self.date(end)}"
        if not ed:
            return f"nga {self.date(start)} deri në {_MONTHS[em - 1]} {ey}"
        return t["period.dates"].format(date1=self.date(start), date2=self.date(end))

    def date(self, iso: str) -> str:
        """Return a day ("7 shkurt 2018") or a month ("shkurt 2018")."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{_MONTHS[parts[1] - 1]} {parts[0]}"
        return f"{parts[2]} {_MONTHS[parts[1] - 1]} {parts[0]}"

    # ------------------------------------------------------------------------------------ names

    def fill(self, slot: Slot) -> Fill:
        name, spec, text = slot.name, slot.spec, slot.name.text
        if name.kind in ("category", "category_one"):
            return self._fill_category(slot)
        if text in _RENAME:
            renamed = replace(name, text=_RENAME[text], localized=True)
            fill = self.fill(Slot(slot.role, spec, renamed, slot.before, slot.after))
            return replace(fill, edits=tuple(dict.fromkeys(("OTHER",) + tuple(fill.edits))))
        track = BEST_TRACK.match(text) if name.kind == "event" else None
        if track:  # "gjurma best-track e uraganit Ike (2008)"
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            storm_gen = self.fill(Slot(slot.role, "gen", replace(name, text=storm), "", "")).text
            head = {"acc": "gjurmën", "gen": "gjurmës"}.get(spec, "gjurma")
            return Fill(f"{head} best-track e {storm_gen}", edits=("OTHER",))
        if spec not in _CASES and name.kind == "country" and name.localized and re.search(r"(^|\s)në $", slot.before):
            locative = _locative(text)  # "në Mal të Zi", "në Maqedoninë e Veriut"
            if locative != text:
                return Fill(locative, edits=("DEC_CHG",))
        if spec not in _CASES or name.kind in ("direction", "period", "number", "word"):
            return Fill(text)
        case = _CASES.index(spec)
        if name.kind == "event":
            for head, (acc, gen) in _EVENT_HEADS.items():
                if text.lower().startswith(head):
                    if case == 0:
                        return Fill(text)
                    rest = text[len(head):]
                    if case == 2 and rest.startswith(" e krijuar "):  # "fushës së erës të krijuar nga ..."
                        rest = " të" + rest[2:]
                    new = same_case((acc, gen)[case - 1], text) + rest
                    return Fill(new, edits=("DEC_CHG",))
            return Fill(text)
        if name.kind == "country" and name.localized:
            forms = country_forms(text)
            if forms is not None:
                new = forms[case]
                # the indefinite became definite: an article was added (and the case ending changed)
                edits = ["ART_ADD"] if case == 0 else ["ART_ADD", "DEC_CHG"]
                before = None
                if case == 0 and forms[2].split(" ")[0].endswith("ve"):
                    before = _plural_verb(slot.before)
                    if before is not None:
                        edits.append("AGR_CHG")
                if new == text:
                    edits.remove("ART_ADD")
                return Fill(new, before=before, edits=tuple(edits))
        if case != 2:
            return Fill(text)
        classifier = _classifier(name.kind, name.key)
        if name.kind == "country" and text in TERRITORIES:
            classifier = "territorit"
        head = _CLASSIFIED_HEAD.search(slot.before)
        if head and (head.group(1) in ("shtet", "vend") or head.group(1) + "it" == classifier):  # "e shtetit të {B:gen}" with "Malavi": "e shtetit Malavi"; "me shtetin e {B:gen}": "me shtetin Peru"
            return Fill(text, before=slot.before[:head.start(3)], edits=("ART_DEL",))
        return Fill(f"{classifier} {text}", edits=("ART_ADD",))

    def _fill_category(self, slot: Slot) -> Fill:
        name, text = slot.name, slot.name.text
        before, after, edits = slot.before, slot.after, []
        singular, plural = self.categories.get(name.key or "", (text, text))
        if name.kind == "category":
            if masculine_plural(singular, plural):
                before, after = _agree(before, after, _MASC_PLURAL_BEFORE, _MASC_PLURAL_AFTER, edits)
        elif feminine_singular(text):
            before, after = _agree(before, after, _FEM_SINGULAR_BEFORE, _FEM_SINGULAR_AFTER, edits)
        if name.kind == "category" and slot.spec in _CASES:
            definite = definite_plural(text, singular, slot.spec == "gen")
            if definite != text:
                text = definite
                edits.extend(("ART_ADD", "DEC_CHG") if slot.spec == "gen" else ("ART_ADD",))
        if not edits:
            return Fill(text)
        return Fill(text, before=before, after=after, edits=tuple(dict.fromkeys(edits)))


_MASC_PLURAL_BEFORE = (("të gjitha ato ", "të gjithë ata "), ("Cilat ", "Cilët "), ("cilat ", "cilët "), ("ato ", "ata "), ("Ato ", "Ata "),
                       ("të gjitha ", "të gjithë "))
_MASC_PLURAL_AFTER = ((" të emërtuara", " të emërtuar"), (" të cilat", " të cilët"))
_FEM_SINGULAR_BEFORE = (("Cili ", "Cila "), ("cili ", "cila "), ("ai ", "ajo "), ("Ai ", "Ajo "))
_FEM_SINGULAR_AFTER = ((" që është i dyti ", " që është e dyta "), (" që është i treti ", " që është e treta "),
                       (" më i ", " më e "), (" i emërtuar", " e emërtuar"), (" i cili", " e cila"))


# singular verb forms of the wordings -> plural, for a plural subject that follows ("A kufizohen Filipinet")
_PLURAL_VERBS = {"ndodhet": "ndodhen", "kufizohet": "kufizohen", "ndërpritet": "ndërpriten", "shtrihet": "shtrihen",
                 "është": "janë", "ka": "kanë", "mbulon": "mbulojnë", "rrethon": "rrethojnë", "përshkon": "përshkojnë",
                 "kalon": "kalojnë", "përket": "përkasin", "mbivendoset": "mbivendosen", "arrin": "arrijnë",
                 "prek": "prekin", "ndodhi": "ndodhën", "zë": "zënë", "plotësisht": None}


def _plural_verb(before: str) -> str | None:
    """Return the text before a plural subject with its singular verb made plural, or None if none."""
    m = re.search(r"(\w+) $", before)
    if not m or not _PLURAL_VERBS.get(m.group(1)):
        return None
    return before[:m.start()] + _PLURAL_VERBS[m.group(1)] + " "


def _agree(before: str, after: str, rules_before, rules_after, edits: list) -> tuple[str, str]:
    for old, new in rules_before:
        if before.endswith(old) and (len(before) == len(old) or not before[-len(old) - 1].isalpha()):
            before = before[:-len(old)] + new
            edits.append("AGR_CHG")
            break
    for old, new in rules_after:
        if after.startswith(old):
            after = new + after[len(old):]
            edits.append("AGR_CHG")
            break
    return before, after


LANGUAGE = Albanian()
