"""Georgian (ქართული): words, prompt texts and the grammar around names.

Georgian marks a name's role with case endings and postpositional suffixes, so a wording says which form a
slot needs with a form spec (``{B:gen}``, ``{A:loc}``, ``{B:from}``; see :data:`FORMS`) and
:meth:`Georgian.fill` writes that form:

* Georgian-script names are declined by their stem: consonant stems drop the nominative -ი (საფრანგეთი ->
  საფრანგეთის, საფრანგეთში, საფრანგეთიდან, საფრანგეთამდე), a-stems keep -ა except before -ის/-ით/-იდან
  (გერმანია -> გერმანიის, გერმანიაში, გერმანიიდან), e/o/u-stems add consonant endings (ჩილე -> ჩილეს,
  ტოკიოდან); a few names truncate their -ე (ეგვიპტე -> ეგვიპტის) and some nouns drop a vowel (თებერვალი
  -> თებერვლის): both are lexicon data below;
* in a name of several words only the last one is declined; an adjective before it loses its -ი before
  dative-based endings (ამერიკის შეერთებული შტატები -> ამერიკის შეერთებულ შტატებში, but შეერთებული
  შტატების); a compass word or title noun before it (ჩრდილოეთი კაროლინა, ქალაქი ვატიკანი) loses it in every
  case; in "X და Y" (ბოსნია და ჰერცეგოვინა) Y is declined and X takes the dative/genitive with -ა
  (ბოსნიასა და ჰერცეგოვინაში);
* a qualifier after a comma or in parentheses (მიანმარი (ბირმა), ჰონკონგის ... რეგიონი, ჩინეთი) is never
  declined: the case goes on the head before it;
* a name in Latin script or ending in a digit (Helsinki, Austin, Texas, Hesburger (Kasarmikatu), us1000ce18)
  is not declined: the ending is attached after a hyphen, as Georgian writes foreign names
  (Helsinki-ში, Austin, Texas-ის), choosing -ის/-ს, -ით/-თი by the last letter; a Georgian title noun before it
  (ქარიშხალი Katrina) loses its -ი (2005 წლის ქარიშხალ Katrina-ს);
* ``sg`` asks for a category's singular (Georgian counts with the singular: რამდენი კაფე);
  ``and`` marks the first of two coordinated names (საფრანგეთისა და გერმანიის შორის).

A case ending is recorded as DEC_CHG, a postpositional suffix (-ში, -დან, -მდე, -თან, -ზე) as ADP_ADD.
Periods are written with declined month names ("2018 წლის თებერვალში", "2005 წლის ივლისიდან ოქტომბრის
ჩათვლით"); numbers use a decimal comma and a space between thousands.
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK
from kgbench.languages.kat_lexicon import CATEGORIES, RENAME, TRACK, TRACK_KINDS, US_GEORGIA, VOWEL_I

_CASES = ("gen", "dat", "loc", "from", "to", "at", "on", "ins", "erg")
_POSTPOSITIONS = ("loc", "from", "to", "at", "on")
_DAT_BASED = ("dat", "loc", "to", "at", "on", "erg")

_MEANING = {"gen": "genitive -ის ('of')", "dat": "dative -ს (object)", "loc": "-ში 'in'", "from": "-დან 'from'",
            "to": "-მდე 'up to'", "at": "-თან 'at, with, near'", "on": "-ზე 'on'", "ins": "instrumental -ით",
            "erg": "ergative -მა (subject of a past transitive verb)"}
FORMS = {}
for _c in _CASES:
    FORMS[_c] = _MEANING[_c]
    FORMS[f"sg.{_c}"] = f"the category's singular, {_MEANING[_c]}"
    FORMS[f"{_c}.and"] = f"{_MEANING[_c]}, first of two names joined by და (adds -ა)"
FORMS["sg"] = "the category's singular (after numerals and რამდენი)"

# nouns that drop a vowel before -ის/-ით/-იდან/-ამდე (full nominative -> syncopated stem)
_SYNCOPE = {"იანვარი": "იანვრ", "თებერვალი": "თებერვლ", "სექტემბერი": "სექტემბრ", "ოქტომბერი": "ოქტომბრ",
            "ნოემბერი": "ნოემბრ", "დეკემბერი": "დეკემბრ", "ქვეყანა": "ქვეყნ", "ბაზარი": "ბაზრ", "ტაძარი": "ტაძრ",
            "ქარიშხალი": "ქარიშხლ", "მოედანი": "მოედნ", "ოთახი": "ოთახ", "სასაფლაო": "სასაფლაო"}
# e-stem names that truncate their -ე before -ის/-ით/-იდან (ეგვიპტე -> ეგვიპტის)
_TRUNCATING_E = {"ეგვიპტე"}
# nouns that modify the next word and lose their -ი in every oblique case
_TITLE_NOUNS = {"ჩრდილოეთი", "სამხრეთი", "დასავლეთი", "აღმოსავლეთი", "ქალაქი", "ქარიშხალი", "შტორმი",
                "ტროპიკული"}

_GEORGIAN = re.compile(r"[\u10D0-\u10FF]")


def _is_georgian(ch: str) -> bool:
    return bool(_GEORGIAN.match(ch))


def decline_word(word: str, case: str) -> str:
    """Return one Georgian noun in a case (``gen``, ``dat``, ``loc``, ``from``, ``to``, ``at``, ``on``, ``ins``,
    ``erg``).

    >>> decline_word("საფრანგეთი", "loc"), decline_word("გერმანია", "gen"), decline_word("ტოკიო", "from")
    ('საფრანგეთში', 'გერმანიის', 'ტოკიოდან')
    """
    if "-" in word:                      # კოსტა-რიკა, როდ-აილენდი: the last part declines
        head, _, last = word.rpartition("-")
        return f"{head}-{decline_word(last, case)}"
    last = word[-1:]
    if last and _is_georgian(last) and last not in "იაეოუ":   # an abbreviation (აშშ): hyphenated ending
        return word + _foreign_suffix("x", case)
    if last == "ი" and (word in VOWEL_I or word[-2:-1] in tuple("აეოუ")):   # ჰაიტი, ურუგვაი: vowel stem
        return {"gen": word + "ს", "dat": word + "ს", "loc": word + "ში", "from": word + "დან", "to": word + "მდე",
                "at": word + "სთან", "on": word + "ზე", "ins": word[:-1] + "ით", "erg": word + "მ"}[case]
    if last == "ი":                      # consonant stem
        stem = word[:-1]
        short = _SYNCOPE.get(word, stem)
        return {"gen": short + "ის", "dat": stem + "ს", "loc": stem + "ში", "from": short + "იდან",
                "to": short + "ამდე", "at": stem + "თან", "on": stem + "ზე", "ins": short + "ით",
                "erg": stem + "მა"}[case]
    if last == "ა":                      # a-stem
        short = _SYNCOPE.get(word, word[:-1])
        return {"gen": short + "ის", "dat": word + "ს", "loc": word + "ში", "from": short + "იდან",
                "to": word + "მდე", "at": word + "სთან", "on": word + "ზე", "ins": short + "ით",
                "erg": word + "მ"}[case]
    if last == "ე" and word in _TRUNCATING_E:
        short = word[:-1]
        return {"gen": short + "ის", "dat": word + "ს", "loc": word + "ში", "from": short + "იდან",
                "to": word + "მდე", "at": word + "სთან", "on": word + "ზე", "ins": short + "ით",
                "erg": word + "მ"}[case]
    # e-, o-, u-stems and anything else ending in a vowel
    return {"gen": word + "ს", "dat": word + "ს", "loc": word + "ში", "from": word + "დან", "to": word + "მდე",
            "at": word + "სთან", "on": word + "ზე", "ins": word + "თი", "erg": word + "მ"}[case]


def _modifier(word: str, case: str) -> str:
    """Return a word standing before the declined one (an adjective, a title noun or a genitive)."""
    if not word.endswith("ი") or not _is_georgian(word[-1]):
        return word                      # genitive (ამერიკის), truncated (ჩრდილოეთ), ნიუ: unchanged
    if word in _TITLE_NOUNS:
        return word[:-1]
    if case in _DAT_BASED:
        return word[:-1] + ("მა" if case == "erg" else "")
    return word                          # adjectives keep -ი before -ის, -ით, -იდან


def decline_phrase(phrase: str, case: str) -> str:
    """Return a Georgian name of one or more words in a case: the last word declines, the words before it
    agree as modifiers, "X და Y" declines Y and gives X the linking -ა.

    >>> decline_phrase("ამერიკის შეერთებული შტატები", "loc")
    'ამერიკის შეერთებულ შტატებში'
    >>> decline_phrase("ბოსნია და ჰერცეგოვინა", "loc")
    'ბოსნიასა და ჰერცეგოვინაში'
    """
    if " და " in phrase:
        first, _, second = phrase.partition(" და ")
        link = "gen" if case in ("gen", "ins", "from") else "dat"
        first = decline_phrase(first, link) + "ა"
        return f"{first} და {decline_phrase(second, case)}"
    if " - " in phrase:                  # კონგო - ბრაზავილი
        head, _, last = phrase.rpartition(" - ")
        return f"{head} - {decline_phrase(last, case)}"
    words = phrase.split(" ")
    out = [decline_word(words[-1], case)]
    agreeing = True                      # only the adjectives right before the head agree with it
    for w in reversed(words[:-1]):
        agreeing = agreeing and w.endswith("ი")
        out.insert(0, _modifier(w, case) if agreeing else w)
    return " ".join(out)


def _split_qualifier(text: str) -> tuple[str, str]:
    """Split a name into its head and a qualifier that is never declined (", ...", " (...)")."""
    m = re.search(r"\s\(|,\s", text)
    if m and m.start() > 0:
        return text[:m.start()], text[m.start():]
    return text, ""


def _foreign_suffix(text: str, case: str) -> str:
    """Return the hyphenated ending a name in Latin script (or ending in a digit) takes."""
    letters = [ch for ch in text if ch.isalnum()]
    vowel = bool(letters) and letters[-1].lower() in "aeiouyàáâäåèéêëìíîïòóôöùúûüæøœ"
    return "-" + {"gen": "ს" if vowel else "ის", "dat": "ს", "loc": "ში", "from": "დან", "to": "მდე",
                  "at": "თან", "on": "ზე", "ins": "თი" if vowel else "ით", "erg": "მ" if vowel else "მა"}[case]


def decline_name(text: str, case: str) -> str:
    """Return any name in a case, by the rules of the module docstring.

    >>> decline_name("Helsinki", "loc"), decline_name("მიანმარი (ბირმა)", "gen"), decline_name("La Paz, ბოლივია", "loc")
    ('Helsinki-ში', 'მიანმარის (ბირმა)', 'La Paz-ში (ბოლივია)')
    """
    return "".join(decline_parts(text, case))


def decline_parts(text: str, case: str) -> tuple[str, str]:
    """Return a name in a case as (declined head, undeclined qualifier); a Georgian-script qualifier of a
    foreign head goes in parentheses after the head's ending (San Vicente-ს (ფილიპინები), not *ფილიპინები-ს)."""
    head, qualifier = _split_qualifier(text)
    if head and _is_georgian(head[-1]):
        return decline_phrase(head, case), qualifier
    if qualifier and _GEORGIAN.search(qualifier):
        if qualifier.startswith(", "):
            qualifier = f" ({qualifier[2:]})"
        return head + _foreign_suffix(head, case), qualifier
    return _decline_foreign(text, case), ""


def _decline_foreign(text: str, case: str) -> str:
    """Return a name in Latin script (or ending in a digit) with its hyphenated ending."""
    # foreign (Latin-script) name: never declined; Georgian title words right before it lose their -ი
    m = re.match(r"^((?:[^\s]+\s)*?)((?:[\u10D0-\u10FF]+ი\s)+)([^\u10D0-\u10FF].*)$", text)
    if m and "(" not in m.group(1) and "," not in m.group(1):
        titles = " ".join(w[:-1] for w in m.group(2).split())
        return f"{m.group(1)}{titles} {m.group(3)}{_foreign_suffix(text, case)}"
    return text + _foreign_suffix(text, case)



_MONTHS = ("იანვარი", "თებერვალი", "მარტი", "აპრილი", "მაისი", "ივნისი", "ივლისი", "აგვისტო", "სექტემბერი",
           "ოქტომბერი", "ნოემბერი", "დეკემბერი")


class Georgian(Language):
    code, bcp47, locale = "kat", "ka", "ka"
    english_name, family, script, tier = "Georgian", "Kartvelian", "Georgian", "low"
    decimal_comma = True
    forms = FORMS
    months = _MONTHS
    answer_words = {"true": ("დიახ", "კი", "ჭეშმარიტი", "სწორი", "true"),
                    "false": ("არა", "მცდარი", "არასწორი", "false"),
                    "plausibly": ("სავარაუდოდ", "შესაძლოა", "შესაძლებელია", "plausibly")}
    direction_words = {
        "N": ("ჩრდილოეთი", "ჩრდილოეთით", "ჩრ"), "NNE": ("ჩრდილოეთ-ჩრდილო-აღმოსავლეთი",),
        "NE": ("ჩრდილო-აღმოსავლეთი", "ჩრდილო-აღმოსავლეთით", "ჩა"), "ENE": ("აღმოსავლეთ-ჩრდილო-აღმოსავლეთი",),
        "E": ("აღმოსავლეთი", "აღმოსავლეთით", "აღ"), "ESE": ("აღმოსავლეთ-სამხრეთ-აღმოსავლეთი",),
        "SE": ("სამხრეთ-აღმოსავლეთი", "სამხრეთ-აღმოსავლეთით", "სა"), "SSE": ("სამხრეთ-სამხრეთ-აღმოსავლეთი",),
        "S": ("სამხრეთი", "სამხრეთით", "სამ"), "SSW": ("სამხრეთ-სამხრეთ-დასავლეთი",),
        "SW": ("სამხრეთ-დასავლეთი", "სამხრეთ-დასავლეთით", "სდ"), "WSW": ("დასავლეთ-სამხრეთ-დასავლეთი",),
        "W": ("დასავლეთი", "დასავლეთით", "დას"), "WNW": ("დასავლეთ-ჩრდილო-დასავლეთი",),
        "NW": ("ჩრდილო-დასავლეთი", "ჩრდილო-დასავლეთით", "ჩდ"), "NNW": ("ჩრდილოეთ-ჩრდილო-დასავლეთი",),
        "left": ("მარცხნივ", "მარცხენა"), "right": ("მარჯვნივ", "მარჯვენა"), "on": ("ხაზზე", "მარშრუტზე"),
        "upstream": ("ზემოთ", "ზემო დინებით", "ადრე"), "downstream": ("ქვემოთ", "ქვემო დინებით", "გვიან")}
    compass = {"north": "ჩრდილოეთი", "east": "აღმოსავლეთი", "south": "სამხრეთი", "west": "დასავლეთი"}
    categories = CATEGORIES
    texts = {
        "system.parametric": ("თქვენ პასუხობთ გეოსივრცულ კითხვებს ადგილების, რეგიონების, მარშრუტებისა და "
                              "მოვლენების შესახებ. იყავით ზუსტი; უპასუხეთ იმის მიხედვით, რაც იცით."),
        "system.oracle": ("თქვენ პასუხობთ გეოსივრცულ კითხვებს ადგილების, რეგიონების, მარშრუტებისა და მოვლენების "
                          "შესახებ. მოცემული ფაქტები ცოდნის გრაფიდანაა და საკმარისია პასუხის გამოსათვლელად. "
                          "გეომეტრიები მოცემულია WKT ფორმატში, გრძედი-განედის თანმიმდევრობით (CRS84, WGS84 გრადუსები)."),
        "prompt.question": "კითხვა: {question}",
        "prompt.format": "პასუხის ფორმატი ({format}): {description}",
        "prompt.labels": "დასაშვები ნიშნულები: {labels}.",
        "prompt.reasoning": 'ჯერ ნაბიჯ-ნაბიჯ იფიქრეთ "reasoning"-ში, შემდეგ გაეცით პასუხი.',
        "prompt.reply": "უპასუხეთ ერთი JSON ობიექტით {shape} და სხვა არაფრით. ის უნდა შეესაბამებოდეს ამ JSON სქემას:",
        "prompt.null": ('თუ კითხვაზე პასუხის გაცემა შეუძლებელია (მაგალითად, იმიტომ, რომ მისი წანამძღვარი მცდარია), '
                        '"answer"-ს მიანიჭეთ null.'),
        "prompt.facts": "ფაქტები",
        "prompt.facts_nt": "ფაქტები (N-Triples)",
        "prompt.facts_json": "ფაქტები (JSON: სუბიექტი -> პრედიკატი -> მნიშვნელობები)",
        "system.mcq": "თქვენ პასუხობთ მრავალარჩევნიან გეოსივრცულ კითხვებს ადგილების, რეგიონების, მარშრუტებისა და მოვლენების შესახებ. ზუსტად ერთი ვარიანტია სწორი.",
        "prompt.options": "ვარიანტები:",
        "prompt.none_option": "არცერთი: კითხვაზე პასუხის გაცემა შეუძლებელია ისე, როგორც ის არის დასმული",
        "prompt.mcq_policy": "თუ კითხვაზე პასუხის გაცემა შეუძლებელია ისე, როგორც ის არის დასმული (მაგალითად, იმიტომ, რომ მისი წანამძღვარი მცდარია), სწორი ვარიანტია {letter}.",
        "prompt.mcq_reply": "უპასუხეთ ერთი JSON ობიექტით {{\"answer\": ასო, \"unit\": null}} და მეტი არაფრით; ასო არის ერთ-ერთი: {letters}.",
        "prompt.context": "ადგილების კონტექსტი ცოდნის გრაფიდან (დახურული სამყარო: ადგილი, ფაქტი ან მიმართება, რომელსაც ის არ იძლევა, მცდარად ითვლება)",
        "context.nearby": "უახლოესი ადგილები: {places}",
        "context.inside": "მის შიგნით",
        "context.contains": "მოიცავს მას",
        "context.border": "მის საზღვარზე",
        "context.overlaps": "ეფარება მას",
        "agent.role": "თქვენ ხართ გეოსივრცული ანალიტიკოსი, რომელიც კითხვას Python-ის კოდის წერით პასუხობს.",
        "agent.steps": ("ყოველი პასუხი ერთი ნაბიჯია. ნაბიჯში დაწერეთ ზუსტად ერთი ```python კოდის ბლოკი; ის ეშვება "
                        "სენდბოქსში (Python 3 shapely-ით, pyproj-ით, h3-ით და სტანდარტული ბიბლიოთეკით; ქსელის გარეშე, "
                        "ფაილებში ჩაწერის გარეშე, შეზღუდული დროითა და მეხსიერებით) და რასაც ის ბეჭდავს, თქვენ "
                        "დაგიბრუნდებათ. ცვლადები ნაბიჯებს შორის არ ინახება."),
        "agent.final": ("როცა პასუხი იცით, კოდის ბლოკში გამოიძახეთ final_answer(answer, unit); ეს გაშვებას "
                        "დაასრულებს. final_answer(None, None) ნიშნავს, რომ პასუხს არ იძლევით."),
        "agent.tools": "სენდბოქსში ასევე არის ეს ფუნქციები გეოგრაფიული ცოდნის გრაფისთვის (id-ები IRI-ებია):",
        "agent.gold": ("ცოდნის გრაფის ფაქტები, რომლებიდანაც პასუხი გამომდინარეობს, მომხმარებლის შეტყობინებაშია; "
                       "სენდბოქსში ისინი ასევე არის სტრიქონში GOLD_TRIPLES (N-Triples). მოძიების ხელსაწყოები არ გაქვთ."),
        "agent.budget": ("ნაბიჯების რაოდენობა შეზღუდულია; გამოიყენეთ ცოტა. საბოლოო პასუხი უნდა შეესაბამებოდეს "
                         "პასუხის ფორმატს ({format}): {description}"),
        "agent.schema": "final_answer-ის არგუმენტებმა ეს JSON ობიექტი ვალიდური უნდა გახადოს: {schema}",
        "agent.null": ("თუ კითხვაზე პასუხის გაცემა შეუძლებელია (მაგალითად, იმიტომ, რომ მისი წანამძღვარი მცდარია), "
                       "გამოიძახეთ final_answer(None, None)."),
        "format.boolean": 'ერთ-ერთი: "true", "false" ან "plausibly".',
        "format.entity": "ერთი ობიექტის სახელი.",
        "format.direction": ("ერთი ნიშნული: კომპასის მიმართულება (N, NE, E, SE, S, SW, W, NW), left/right/on "
                             "(მარშრუტის მიმართ) ან upstream/downstream."),
        "format.set": "ობიექტების სახელების სია; [], როცა არცერთი არ არის.",
        "format.cell": ('ბადის ერთი უჯრედი: H3 უჯრედის ინდექსი (15 თექვსმეტობითი ციფრი) ან S2 უჯრედის ტოკენი; '
                        'unit ასახელებს ბადეს: "h3" ან "s2".'),
        "format.geohash": "geohash სტრიქონი.",
        "format.h3_s2": 'ობიექტი {{"h3": H3 უჯრედის ინდექსი, "s2": S2 უჯრედის ტოკენი}}.',
        "format.distance": "მანძილი რიცხვის სახით, unit-ში მითითებულ ერთეულში.",
        "format.area": "ფართობი რიცხვის სახით, unit-ში მითითებულ ერთეულში.",
        "format.count": "მთელი რიცხვი.",
        "format.ratio": "უგანზომილებო რიცხვი.",
        "format.point": ('წერტილი WGS84 ათწილად გრადუსებში: {{"lat": განედი, "lon": გრძედი}} ან '
                         '[განედი, გრძედი] (ჯერ განედი).'),
        "format.polar": ('ობიექტი {{"angle": აზიმუტი გრადუსებში ჩრდილოეთიდან საათის ისრის მიმართულებით, '
                         '"distance": რიცხვი}}; მანძილი unit-ში მითითებულ ერთეულშია.'),
        "format.polygon": ("მრავალკუთხედი ან შემომსაზღვრელი მართკუთხედი WKT-ში, გრძედი/განედის თანმიმდევრობით "
                           "(CRS84), მაგ. POLYGON((west south, east south, east north, west north, west south))."),
        "format.date": "თარიღი YYYY-MM-DD ფორმატში (YYYY-MM ან YYYY, როცა მხოლოდ თვე ან წელია ცნობილი).",
        "unit.null": '"unit" უნდა იყოს null.',
        "unit.count": 'მიუთითეთ მთელი რიცხვი; "unit" უნდა იყოს null.',
        "unit.ratio": 'მიუთითეთ უბრალო რიცხვი პროცენტის ნიშნის გარეშე (0.25 ნიშნავს 25 %-ს); "unit" უნდა იყოს null.',
        "unit.cell": '"unit"-ს მიანიჭეთ ბადის სისტემა: "h3" ან "s2".',
        "unit.quantity": 'მიუთითეთ {quantity} {unit_words} და "unit"-ს მიანიჭეთ "{unit}" (ასევე მისაღებია: {others}).',
        "quantity.number": "რიცხვი",
        "quantity.distance": "მანძილი",
        "unit.km": "კილომეტრებში", "unit.m": "მეტრებში", "unit.mi": "მილებში", "unit.km2": "კვადრატულ კილომეტრებში",
        "unit.m2": "კვადრატულ მეტრებში", "unit.mi2": "კვადრატულ მილებში", "unit.ha": "ჰექტრებში",
        "locality.all": "ყველა დასახელებული ადგილი მდებარეობს {place}.",
        "locality.one": "{name} მდებარეობს {place}.",
        "locality.central Helsinki, Finland": "ცენტრალურ ჰელსინკში, ფინეთი",
        "locality.Karhula, a district of Kotka, Finland": "კარჰულაში, კოტკის რაიონში, ფინეთი",
        "event.earthquake": "მიწისძვრა {id}",
        "event.quarry blast": "კარიერული აფეთქება {id}",
        "event.explosion": "აფეთქება {id}",
        "event.Hurricane": "{year} წლის ქარიშხალი {name}",
        "event.Tropical Storm": "{year} წლის ტროპიკული შტორმი {name}",
        "event.Tropical Depression": "{year} წლის ტროპიკული დეპრესია {name}",
        "event.wind field": "ქარის ველი ({storm})",
        "word.precision": "სიზუსტე",
        "word.level": "დონე",
        "word.resolution": "გარჩევადობა",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "Natural Earth-ის ქვეყნების კონტურები (მასშტაბი 1:10m)",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "აშშ-ის აღწერის ბიუროს 2017 წლის კარტოგრაფიული საზღვრების 1:10 000 000 მასშტაბის გამარტივება "
            "(us-atlas 3.0.1)"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "{year} წლის {month}",
        "period.months": "{year} წლის {month1} {month2} ჩათვლით",
        "period.days": "{year} წლის {day1}-დან {day2} {month} ჩათვლით",
        "period.dates": "{date1} {date2} ჩათვლით",
    }

    # ------------------------------------------------------------------ values

    def number(self, value) -> str:
        """Return a number the Georgian way: decimal comma, a space between thousands (15 000; 0,2)."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        whole, _, frac = str(value).partition(".")
        if abs(int(whole)) >= 10000:
            whole = f"{int(whole):,}".replace(",", " ")
        return f"{whole},{frac}" if frac else whole

    def date(self, iso: str) -> str:
        """Return a day or month written out in the nominative: "2018 წლის 31 იანვარი", "2018 წლის იანვარი"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{parts[0]} წლის {self.month(parts[1])}"
        return f"{parts[0]} წლის {parts[2]} {self.month(parts[1])}"

    def period(self, start: str, end: str) -> str:
        """Return a period with its case endings: "2018 წლის თებერვალში", "2005 წლის ივლისიდან ოქტომბრის
        ჩათვლით", "2018 წლის 1-დან 7 თებერვლის ჩათვლით", "2018 წლის 31 იანვრიდან 2018 წლის 7 თებერვლის ჩათვლით"."""
        t = self.texts
        sy, sm, *sd = (int(x) for x in start.split("-"))
        ey, em, *ed = (int(x) for x in end.split("-"))
        if not sd and not ed:
            if (sy, sm) == (ey, em):
                return t["period.month"].format(month=decline_word(self.month(sm), "loc"), year=sy)
            if sy == ey:
                return t["period.months"].format(month1=decline_word(self.month(sm), "from"),
                                                 month2=decline_word(self.month(em), "gen"), year=sy)
        elif sd and ed and (sy, sm) == (ey, em):
            return t["period.days"].format(day1=sd[0], day2=ed[0], month=decline_word(self.month(sm), "gen"), year=sy)
        return t["period.dates"].format(date1=decline_name(self.date(start), "from"),
                                        date2=decline_name(self.date(end), "gen"))

    # ------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        name, spec = slot.name, slot.spec
        if not spec:
            text = self._repair(name)
            return Fill(text, edits=("OTHER",) if text != name.text else ())
        if spec not in self.forms:
            raise ValueError(f"kat: unknown form spec {spec!r}")
        parts = spec.split(".")
        text = self._repair(name)
        edits = ["OTHER"] if text != name.text else []
        if "sg" in parts and name.kind in ("category", "category_one") and name.key in self.categories:
            singular = self.categories[name.key][0]
            if singular != text:
                text = singular
                edits.append("AGR_CHG")
        case = next((p for p in parts if p in _CASES), None)
        after = None
        if case:
            head, qualifier = decline_parts(text, case)
            head += "ა" if "and" in parts else ""
            glued = re.match(r"[\u10D0-\u10FF]+", slot.after) if qualifier else None
            if glued:                    # {B:gen}გან: the glued ending goes on the head too
                head += glued.group(0)
                after = slot.after[glued.end():]
            text = head + qualifier
            edits.append("ADP_ADD" if case in _POSTPOSITIONS else "DEC_CHG")
        return Fill(text, after=after, edits=tuple(edits))

    @staticmethod
    def _repair(name) -> str:
        """Return a name's text with label defects repaired: a lexicon rename, the US state Georgia written as
        the country (Fulton County, საქართველო), an English storm-track label."""
        text = RENAME.get(name.text, name.text)
        if name.kind == "county" and text.endswith(US_GEORGIA[0]):
            text = text[:-len(US_GEORGIA[0])] + US_GEORGIA[1]
        m = BEST_TRACK.match(text)
        if m:
            gen = _foreign_suffix(m.group(2), "gen")[1:]
            text = TRACK.format(year=m.group(3), kind=TRACK_KINDS[m.group(1)], name=m.group(2), gen=gen)
        return text

    def capitalize(self, text: str) -> str:
        """Return the question unchanged: Georgian script has no sentence capitals (and names keep theirs)."""
        return text


LANGUAGE = Georgian()
