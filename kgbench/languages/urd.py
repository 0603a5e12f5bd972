"""Urdu: postpositions and the agreement and oblique case they bring about around names and category nouns.

Urdu marks relations with postpositions after the noun (میں in, سے from, کو to, کا/کی/کے of, تک up to, پر
on), written in the wordings. Proper names (countries, states, places, features, storms) are not inflected
before them (پاکستان میں، امریکہ سے، Helsinki کے): :meth:`Urdu.fill` leaves them as they are, which is also
the safe construction for Latin-script names, names with a qualifier ("Austin, Texas") and names with a
parenthesis ("Hesburger (Kasarmikatu)"). The wordings use predicates that do not agree with a name's
gender (واقع ہے، متصل ہے، کا رقبہ), so nothing after a name needs changing. What the rules repair:

* category nouns before a postposition take the oblique plural (``{A:obl}``: شہر -> شہروں میں، دکانیں ->
  دکانوں میں، کاؤنٹیاں -> کاؤنٹیوں میں، بس اڈے -> بس اڈوں سے; Arabic plurals such as دفاتر، مراکز، مقامات
  stay), and a singular the oblique singular (``{A_one:obl}``: بس اڈہ -> بس اڈے، پارک کا راستہ -> پارک کے
  راستے): DEC_CHG;
* the word right before a category noun agrees with its gender: the wordings write the masculine
  (کتنے، کون سا/کون سے، سب سے بڑا، دوسرا، والا; the genitive کا/کے), and a feminine noun (دکان، سڑک،
  کاؤنٹی، عمارت، ریاست) turns it into the feminine (کتنی، کون سی، سب سے بڑی، دوسری، والی: AGR_CHG; the
  genitive کی: ADP_CHG); a following کون سا/کون سے likewise;
* an event phrase ending in a masculine noun in -ہ (``us1000ce18 نامی زلزلہ``، ``... کی ہواؤں کا دائرہ``)
  takes its oblique -ے before a postposition, and a genitive کا in front of that noun becomes کے (زلزلے
  کا مرکز، ہواؤں کے دائرے میں): DEC_CHG;
* a parameter phrase ending in ``X کا Y`` (Natural Earth کے 1:10m ملکی خاکوں کا ڈیٹا) before a postposition
  takes the oblique genitive کے (... خاکوں کے ڈیٹا میں): DEC_CHG;
* a US state the snapshot gives in English ("Texas", "Austin, Texas", "Travis County, Texas") is written in
  Urdu script (ٹیکساس; :data:`~kgbench.languages.urd_lexicon.US_STATES`), a name in "X کا علاقہ" (برطانوی
  بحر ہند کا علاقہ) before a postposition takes the oblique "X کے علاقے" (DEC_CHG), and a storm track the
  generator names in English ("the best track of Hurricane Ike (2008)") is rebuilt from the event texts
  (سمندری طوفان Ike (2008) کا بہترین ٹریک; OTHER);
* ``finish`` changes nothing: Urdu has no capitals, and a Latin-script name or identifier that starts a
  question (us1000ce18) must not be upper-cased.
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Name, Slot, BEST_TRACK
from kgbench.languages.urd_lexicon import CATEGORIES, GENDER, OBLIQUE_PLURAL, TEXTS, US_STATES

#: the postpositions (and postpositional heads) a following word may be
POSTPOSITIONS = ("کا", "کی", "کے", "میں", "سے", "کو", "پر", "تک", "نے", "والا", "والی", "والے")

#: masculine words that agree with a following (or preceding) noun -> their feminine
FEMININE = {"کتنے": "کتنی", "کتنا": "کتنی", "والے": "والی", "والا": "والی", "بڑا": "بڑی", "بڑے": "بڑی",
            "چھوٹا": "چھوٹی", "چھوٹے": "چھوٹی", "پہلا": "پہلی", "پہلے": "پہلی", "دوسرا": "دوسری",
            "دوسرے": "دوسری", "تیسرا": "تیسری", "تیسرے": "تیسری", "ایسے": "ایسی", "ایسا": "ایسی",
            "سارے": "ساری", "سارا": "ساری", "اپنے": "اپنی", "اپنا": "اپنی", "لمبوترا": "لمبوتری",
            "لمبوترے": "لمبوتری"}
GENITIVE = {"کا": "کی", "کے": "کی"}
#: "which" (کون سا / کون سے): the سا/سے only counts after کون
WHICH = {"سا": "سی", "سے": "سی"}

#: masculine nouns in -ہ/-ا that event phrases end in -> their oblique
EVENT_OBLIQUE = {"زلزلہ": "زلزلے", "دھماکہ": "دھماکے", "دائرہ": "دائرے"}

#: Arabic (broken or -ات) plurals, which stay the same before a postposition
UNCHANGED_PLURALS = {"دفاتر", "مراکز", "مقامات", "ممالک", "اضلاع", "سہولیات", "تحائف", "نوادرات", "زیورات"}


def oblique_plural(plural: str) -> str:
    """Return the oblique form of a plural noun phrase (its last word, the head, changes).

    >>> oblique_plural("دکانیں"), oblique_plural("شہر"), oblique_plural("کاؤنٹیاں"), oblique_plural("دفاتر")
    ('دکانوں', 'شہروں', 'کاؤنٹیوں', 'دفاتر')
    """
    if plural in OBLIQUE_PLURAL:
        return OBLIQUE_PLURAL[plural]
    head_start = plural.rfind(" ") + 1
    stem, head = plural[:head_start], plural[head_start:]
    if head in UNCHANGED_PLURALS or head.endswith("ات") or re.search(r"[A-Za-z0-9]$", head):
        return plural
    if head.endswith("یاں"):
        return stem + head[:-3] + "یوں"
    if head.endswith("یں"):
        return stem + head[:-2] + "وں"
    if head.endswith("ے"):
        return stem + head[:-1] + "وں"
    if head.endswith("ا"):
        return stem + head + "ؤں"
    if head.endswith("و"):
        return stem + head + "ؤں"
    if head.endswith("ی"):
        return stem + head + "وں"
    return stem + head + "وں"


def oblique_singular(singular: str, gender: str) -> str:
    """Return the oblique form of a singular noun phrase: a masculine head in -ہ/-ا takes -ے, and a genitive
    کا inside a masculine phrase becomes کے (پارک کا راستہ -> پارک کے راستے، کھیل کا میدان -> کھیل کے
    میدان); a feminine phrase stays.

    >>> oblique_singular("بس اڈہ", "m"), oblique_singular("دکان", "f"), oblique_singular("ہوٹل", "m")
    ('بس اڈے', 'دکان', 'ہوٹل')
    """
    if gender != "m":
        return singular
    words = singular.split(" ")
    head = words[-1]
    if head.endswith("ہ") and len(head) > 1 and head[-2] not in "اآ":
        words[-1] = head[:-1] + "ے"
    elif head.endswith("ا") and not head.endswith("ما") and len(head) > 2:
        words[-1] = head[:-1] + "ے"
    return " ".join("کے" if w == "کا" else w for w in words)


#: words an agreeing chain before a noun passes over (کی تمام سڑکیں، دوسری نام والی سڑکیں)
SKIP = {"تمام", "نام", "دیگر"}


def agree_before(before: str) -> tuple[str, tuple[str, ...]]:
    """Return the text before a feminine noun with the masculine words that agree with it made feminine,
    walking back from the noun (سب سے بڑا -> سب سے بڑی، کے -> کی، کون سا -> کون سی), and the edit
    categories (AGR_CHG for adjectives and quantifiers, ADP_CHG for the genitive).

    >>> agree_before("ریاست کے سب سے بڑے ")
    ('ریاست کی سب سے بڑی ', ('ADP_CHG', 'AGR_CHG'))
    """
    body = before.rstrip()
    trailing = before[len(body):]
    words = body.split(" ")
    cats: list[str] = []
    i = len(words) - 1
    while i >= 0:
        w = words[i]
        prev = words[i - 1] if i > 0 else ""
        if w in GENITIVE:
            words[i] = GENITIVE[w]
            cats.insert(0, "ADP_CHG")
            break
        if w in WHICH and prev == "کون":
            words[i] = WHICH[w]
            cats.insert(0, "AGR_CHG")
            break
        if w == "سے" and prev == "سب":
            i -= 2
            continue
        if w in FEMININE:
            if FEMININE[w] != w:
                words[i] = FEMININE[w]
                cats.insert(0, "AGR_CHG")
            i -= 1
            continue
        if w in SKIP:
            i -= 1
            continue
        break
    return " ".join(words) + trailing, tuple(dict.fromkeys(cats))


_AFTER = re.compile(r"^(\s*(?:\([^()]*\)\s*)?)(کتنے|کتنا|کون سا|کون سے)(?=[\s؟،?]|$)")


def agree_after(after: str) -> str:
    """Return the text after a feminine noun with a following کتنے / کون سا made feminine."""
    m = _AFTER.match(after)
    if not m:
        return after
    word = {"کتنے": "کتنی", "کتنا": "کتنی", "کون سا": "کون سی", "کون سے": "کون سی"}[m.group(2)]
    return m.group(1) + word + after[m.end():]




def urdu_states(name: Name) -> str:
    """Return a name with a US state written in Urdu script: the whole name of a region, or a comma-separated
    part after the first of a county or place name ("Austin, Texas" -> "Austin, ٹیکساس").

    >>> urdu_states(Name("Texas", "region", "US-TX")), urdu_states(Name("Echo Park, California", "place"))
    ('ٹیکساس', 'Echo Park, کیلیفورنیا')
    """
    text = name.text
    if name.localized and not re.search(r"[A-Za-z]", text):
        return text
    if name.kind == "region":
        return US_STATES.get(text, text)
    if name.kind in ("county", "place", "feature") and ", " in text:
        head, *quals = text.split(", ")
        return ", ".join([head, *(US_STATES.get(q, q) for q in quals)])
    return text


def _last_word(text: str) -> tuple[str, str]:
    """Split a text into what comes before its last word and the last word."""
    stripped = text.rstrip()
    i = stripped.rfind(" ") + 1
    return stripped[:i], stripped[i:]


class Urdu(Language):
    code, bcp47, locale = "urd", "ur", "ur"
    english_name, family, script, tier = "Urdu", "Indo-European (Indo-Aryan)", "Perso-Arabic", "low"
    forms = {"obl": "a category noun in the oblique case, before a postposition (شہروں میں، بس اڈے سے)"}
    answer_words = {"true": ("درست", "صحیح", "ہاں", "جی ہاں", "true"),
                    "false": ("غلط", "نہیں", "جی نہیں", "false"),
                    "plausibly": ("ممکنہ طور پر", "ممکنہ", "شاید", "ممکن", "plausibly")}
    direction_words = {
        "N": ("شمال", "ش"), "NNE": ("شمال-شمال مشرق", "ش ش م"), "NE": ("شمال مشرق", "ش م"),
        "ENE": ("مشرق-شمال مشرق", "م ش م"), "E": ("مشرق", "م"), "ESE": ("مشرق-جنوب مشرق", "م ج م"),
        "SE": ("جنوب مشرق", "ج م"), "SSE": ("جنوب-جنوب مشرق", "ج ج م"), "S": ("جنوب", "ج"),
        "SSW": ("جنوب-جنوب مغرب", "ج ج مغ"), "SW": ("جنوب مغرب", "ج مغ"), "WSW": ("مغرب-جنوب مغرب", "مغ ج مغ"),
        "W": ("مغرب", "مغ"), "WNW": ("مغرب-شمال مغرب", "مغ ش مغ"), "NW": ("شمال مغرب", "ش مغ"),
        "NNW": ("شمال-شمال مغرب", "ش ش مغ"), "left": ("بائیں", "بائیں جانب"), "right": ("دائیں", "دائیں جانب"),
        "on": ("راستے پر", "لکیر پر", "پر"), "upstream": ("بالادست", "پہلے"), "downstream": ("زیریں دست", "بعد میں")}
    compass = {"north": "شمال", "east": "مشرق", "south": "جنوب", "west": "مغرب"}
    categories = CATEGORIES
    texts = TEXTS

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        if name.kind in ("category", "category_one"):
            return self._category(slot)
        nxt = slot.after.lstrip().split(" ", 1)[0].rstrip("؟،.?")
        m = BEST_TRACK.match(name.text) if name.kind == "event" else None
        if m:  # the generator's English track name, rebuilt: ... کا بہترین ٹریک (کے before a postposition)
            storm = self.texts[f"event.{m.group(1)}"].format(name=m.group(2), year=m.group(3))
            pair = re.match(r"\s*اور\s+\{[^{}]*\}\s+(\S+)", slot.after)  # "{A} اور {B} کے": both oblique
            genitive = "کے" if nxt in POSTPOSITIONS or (pair and pair.group(1) in POSTPOSITIONS) else "کا"
            return Fill(f"{storm} {genitive} بہترین ٹریک", edits=("OTHER",))
        text = urdu_states(name)
        if name.kind in ("country", "region") and text.endswith(" کا علاقہ") and nxt in POSTPOSITIONS:
            return Fill(text[:-len("کا علاقہ")] + "کے علاقے", edits=("DEC_CHG",))
        if text != name.text:
            return Fill(text, edits=("OTHER",))
        if name.kind == "word" and nxt in POSTPOSITIONS:
            words = name.text.split(" ")
            if len(words) >= 3 and words[-2] == "کا":  # ... خاکوں کا ڈیٹا میں -> خاکوں کے ڈیٹا میں
                return Fill(" ".join(words[:-2] + ["کے", words[-1]]), edits=("DEC_CHG",))
        if name.kind == "event":
            head, last = _last_word(name.text)
            if last in EVENT_OBLIQUE and nxt in POSTPOSITIONS and name.text.endswith(last):
                if head.endswith(" کا "):  # the genitive inside the phrase agrees: ... کی ہواؤں کے دائرے میں
                    head = head[:-3] + "کے "
                return Fill(head + EVENT_OBLIQUE[last], edits=("DEC_CHG",))
        return Fill(name.text)

    def _category(self, slot: Slot) -> Fill:
        name, text = slot.name, slot.name.text
        edits: list[str] = []
        gender = GENDER.get(name.key, "m")
        if slot.spec == "obl":
            plural = name.kind == "category"
            new = oblique_plural(text) if plural else oblique_singular(text, gender)
            if new != text:
                text = new
                edits.append("DEC_CHG")
        before, after = None, None
        if gender == "f":
            new_before, cats = agree_before(slot.before)
            if cats:
                before = new_before
                edits = list(cats) + edits
            new_after = agree_after(slot.after)
            if new_after != slot.after:
                after = new_after
                edits.append("AGR_CHG")
        return Fill(text, before=before, after=after, edits=tuple(dict.fromkeys(edits)))

    def capitalize(self, text: str) -> str:
        """Return the question unchanged: Urdu script has no capitals."""
        return text


LANGUAGE = Urdu()
