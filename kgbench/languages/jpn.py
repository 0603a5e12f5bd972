"""Japanese (日本語): words, prompt texts and the grammar rules around names.

Japanese marks a name's role with a postposition (particle) written after it: the wordings already carry
their particles (``{A}と{B}``, ``{B}から``, ``{A}は``), which never depend on the name, and Japanese has
neither articles nor case endings, so most names are substituted as they are. The rules that do change the
text are:

* **No spaces around names.** Japanese sets a name flush against the kana and kanji around it
  ("ヘルシンキからオウル"); a space that separates a name from Japanese text is removed, a space between
  a Latin-script name and Latin-script text or digits is kept, and one is added if the two would run
  together (but a number stays flush against its unit: "10km"). Recorded as PUNC_CHG.
* **US states take 州.** A US state (kind ``region``, key ``US-..``) written in kana gets the generic noun
  州 ("テキサス" -> "テキサス州"), as Japanese names states; this also keeps ジョージア州 apart from the
  country ジョージア and ワシントン州 apart from the city. Names that already end in 州 or 区
  (コロンビア特別区), Latin-script names, and slots the wording already follows with 州 are left alone.
  Recorded as OTHER.
* **English left in a name.** A storm track named "the best track of Hurricane Ike (2008)" is written
  "ハリケーン・Ike（2008年）のベストトラック"; a region name with the English disambiguator "(U.S. state)" gets
  州 instead ("ジョージア州") and one with "(U.S. territory)" gets （米国領） ("プエルトリコ（米国領）").
  Recorded as OTHER.
* **Periods.** ``{period}`` is the whole adverbial phrase with its particle ("2018年2月に",
  "2005年7月から10月にかけて"); ``{period:attr}`` turns it into a noun modifier ("2018年2月の",
  "2005年7月から10月にかけての"), recorded as ADP_CHG.
* Japanese has no capital letters: :meth:`finish` does nothing (a leading Latin name such as "us-atlas"
  keeps its case).

Names of places and features (often Latin script, with parentheses or an English qualifier after a comma)
are never changed inside.
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK

_US_STATE = re.compile(r"^US-[A-Z]{2}$")
#: a region name carrying an English disambiguator ("ジョージア (U.S. state)", "プエルトリコ (U.S. territory)")
_US_QUALIFIED = re.compile(r"^(.*?) ?\(U\.S\. (state|territory)\)$")


def _is_japanese(ch: str) -> bool:
    """True for kana, kanji and full-width punctuation (the characters a name is set flush against)."""
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xFF00 <= o <= 0xFFEF
            or 0xF900 <= o <= 0xFAFF)


def _is_latin_or_digit(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _spacing(before: str, text: str, after: str, number: bool = False) -> tuple[str, str, bool]:
    """Return the text before and after a name with the spacing Japanese and Chinese typesetting want (no
    space between a name and CJK text; a space between two runs of Latin letters or digits), and whether
    anything changed. A number is never spaced from the unit written after it ("10km")."""
    new_before, new_after = before, after
    if text:
        stripped = before.rstrip(" ")
        if stripped != before and (not stripped or _is_japanese(stripped[-1]) or _is_japanese(text[0])):
            new_before = stripped
        elif (stripped == before and before and not number and _is_latin_or_digit(before[-1])
              and _is_latin_or_digit(text[0])):
            new_before = before + " "
        lstripped = after.lstrip(" ")
        if lstripped != after and lstripped and (_is_japanese(lstripped[0]) or _is_japanese(text[-1])):
            new_after = lstripped
        elif (lstripped == after and after and not number and _is_latin_or_digit(after[0])
              and _is_latin_or_digit(text[-1])):
            new_after = " " + after
    return new_before, new_after, (new_before, new_after) != (before, after)


class Japanese(Language):
    code, bcp47, locale = "jpn", "ja", "ja"
    english_name, family, script, tier = "Japanese", "Japonic", "Kana/Kanji", "high"
    forms = {"attr": "a {period} used as a noun modifier: its final particle に becomes の (2018年2月の)"}
    decimal_comma = False
    months = tuple(f"{m}月" for m in range(1, 13))
    answer_words = {
        "true": ("はい", "真", "正しい", "そうです", "正"),
        "false": ("いいえ", "偽", "誤り", "違います", "いや"),
        "plausibly": ("おそらく", "たぶん", "多分", "恐らく", "可能性あり", "ありうる"),
    }
    direction_words = {
        "N": ("北", "n"), "NNE": ("北北東", "nne"), "NE": ("北東", "ne"), "ENE": ("東北東", "ene"),
        "E": ("東", "e"), "ESE": ("東南東", "ese"), "SE": ("南東", "se"), "SSE": ("南南東", "sse"),
        "S": ("南", "s"), "SSW": ("南南西", "ssw"), "SW": ("南西", "sw"), "WSW": ("西南西", "wsw"),
        "W": ("西", "w"), "WNW": ("西北西", "wnw"), "NW": ("北西", "nw"), "NNW": ("北北西", "nnw"),
        "left": ("左", "左側", "左手"), "right": ("右", "右側", "右手"),
        "on": ("線上", "直線上", "ルート上", "上"),
        "upstream": ("上流", "上流側"), "downstream": ("下流", "下流側"),
    }
    compass = {"north": "北", "east": "東", "south": "南", "west": "西"}

    # ------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        text = name.text
        edits: list[str] = []
        before, after = slot.before, slot.after
        if slot.spec == "attr" and name.kind == "period":
            if text.endswith("にかけて"):
                text, changed = text + "の", True
            elif text.endswith("に"):
                text, changed = text[:-1] + "の", True
            else:
                changed = False
            if changed:
                edits.append("ADP_CHG")
        track = BEST_TRACK.match(text) if name.kind == "event" else None
        if track:
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            text = storm + "のベストトラック"
            edits.append("OTHER")
        qualified = _US_QUALIFIED.match(text) if name.kind == "region" else None
        if qualified:
            base = qualified.group(1)
            if qualified.group(2) == "territory":
                text = base + "（米国領）"
            else:
                text = base if base.endswith("州") or after.startswith("州") else base + "州"
            edits.append("OTHER")
        elif (name.kind == "region" and name.key and _US_STATE.match(name.key) and text
                and _is_japanese(text[-1]) and not text.endswith(("州", "区")) and not after.startswith("州")):
            text += "州"
            edits.append("OTHER")
        before, after, spaced = _spacing(before, text, after, name.kind == "number")
        if spaced:
            edits.append("PUNC_CHG")
        if not edits:
            return Fill(text)
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    tuple(edits))

    def capitalize(self, text: str) -> str:
        """Return the question unchanged: Japanese script has no capitals."""
        return text

    # ------------------------------------------------------------------ values

    def date(self, iso: str) -> str:
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{parts[0]}年{parts[1]}月"
        return f"{parts[0]}年{parts[1]}月{parts[2]}日"

    texts = {
        "system.parametric": ("あなたは場所、地域、経路、事象に関する地理空間の質問に答えます。"
                              "正確に、自分の知識に基づいて答えてください。"),
        "system.oracle": ("あなたは場所、地域、経路、事象に関する地理空間の質問に答えます。与えられる事実は"
                          "ナレッジグラフから取られたもので、答えを計算するのに十分です。ジオメトリは経度・緯度の順の"
                          "WKTです（CRS84、WGS84の度）。"),
        "prompt.question": "問い：{question}",
        "prompt.format": "回答形式（{format}）：{description}",
        "prompt.labels": "使用できるラベル：{labels}。",
        "prompt.reasoning": 'まず"reasoning"で段階的に考え、それから答えを出してください。',
        "prompt.reply": "1つのJSONオブジェクト{shape}だけで返答し、ほかには何も書かないでください。次のJSONスキーマに従う必要があります：",
        "prompt.null": '質問に答えられない場合（たとえば前提が誤っている場合）は、"answer"をnullにしてください。',
        "prompt.facts": "事実",
        "prompt.facts_nt": "事実（N-Triples）",
        "prompt.facts_json": "事実（JSON：主語 -> 述語 -> 値）",
        "system.mcq": "あなたは場所、地域、経路、出来事に関する多肢選択式の地理空間の質問に答えます。正しい選択肢はちょうど一つです。",
        "prompt.options": "選択肢：",
        "prompt.none_option": "いずれでもない：この質問は問われたとおりには答えられない",
        "prompt.mcq_policy": "質問が問われたとおりには答えられない場合（たとえば前提が誤っている場合）、正しい選択肢は{letter}です。",
        "prompt.mcq_reply": "1つのJSONオブジェクト{{\"answer\": 文字, \"unit\": null}}だけで答えてください。文字は{letters}のいずれかです。",
        "prompt.context": "ナレッジグラフから得た場所の文脈（閉世界：そこに示されていない場所・事実・関係は成り立たないものとします）",
        "context.nearby": "最も近い場所：{places}",
        "context.inside": "その内部",
        "context.contains": "それを含む",
        "context.border": "その境界上",
        "context.overlaps": "それと重なる",
        "agent.role": "あなたはPythonを書いて質問に答える地理空間アナリストです。",
        "agent.steps": ("各返答が1ステップです。1ステップでは```pythonのコードブロックをちょうど1つ書いてください。"
                        "それはサンドボックス（shapely、pyproj、h3と標準ライブラリを備えたPython 3。ネットワークなし、"
                        "ファイル書き込みなし、時間とメモリに制限あり）で実行され、出力した内容があなたに返されます。"
                        "変数はステップ間で保持されません。"),
        "agent.final": ("答えがわかったら、コードブロックでfinal_answer(answer, unit)を呼び出してください。これで実行が"
                        "終わります。final_answer(None, None)は答えを出さないことを意味します。"),
        "agent.tools": "サンドボックスには、地理ナレッジグラフを扱う次の関数もあります（IDはIRIです）：",
        "agent.gold": ("答えの根拠となるナレッジグラフの事実はユーザーメッセージにあります。サンドボックスでは"
                       "文字列GOLD_TRIPLES（N-Triples）にも入っています。検索ツールはありません。"),
        "agent.budget": ("使えるステップ数には上限があります。少なく使ってください。最終的な答えは回答形式"
                         "（{format}）に合っていなければなりません：{description}"),
        "agent.schema": "final_answerの引数は、このJSONオブジェクトを有効にするものでなければなりません：{schema}",
        "agent.null": ("質問に答えられない場合（たとえば前提が誤っている場合）は、"
                       "final_answer(None, None)を呼び出してください。"),
        "format.boolean": '"true"、"false"、"plausibly"のいずれか。',
        "format.entity": "1つの実体の名前。",
        "format.direction": ("1つのラベル：方位（N、NE、E、SE、S、SW、W、NW）、left/right/on（経路に対して）、"
                             "またはupstream/downstream。"),
        "format.set": "実体の名前のリスト。1つもない場合は[]。",
        "format.cell": ('1つのグリッドセル：H3セルインデックス（16進15桁）またはS2セルトークン。unitにはグリッド名'
                        '"h3"または"s2"を入れます。'),
        "format.geohash": "geohash文字列。",
        "format.h3_s2": 'オブジェクト{{"h3": H3セルインデックス, "s2": S2セルトークン}}。',
        "format.distance": "距離を表す数値。単位はunitで示したもの。",
        "format.area": "面積を表す数値。単位はunitで示したもの。",
        "format.count": "1つの整数。",
        "format.ratio": "無次元の数値。",
        "format.point": ('WGS84の10進度で表した点：{{"lat": 緯度, "lon": 経度}}または[緯度, 経度]'
                         '（緯度が先）。'),
        "format.polar": ('オブジェクト{{"angle": 北から時計回りの度数による方位角, "distance": 数値}}。'
                         '距離の単位はunitで示したもの。'),
        "format.polygon": ("経度/緯度の順（CRS84）のWKTによるポリゴンまたはバウンディングボックス。例："
                           "POLYGON((west south, east south, east north, west north, west south))。"),
        "format.date": "YYYY-MM-DD形式の日付（月または年しかわからない場合はYYYY-MMまたはYYYY）。",
        "unit.null": '"unit"はnullでなければなりません。',
        "unit.count": '整数で答えてください。"unit"はnullでなければなりません。',
        "unit.ratio": 'パーセント記号のない数値で答えてください（25 %なら0.25）。"unit"はnullでなければなりません。',
        "unit.cell": '"unit"にはグリッドシステム"h3"または"s2"を設定してください。',
        "unit.quantity": '{quantity}を{unit_words}で答え、"unit"を"{unit}"にしてください（{others}も可）。',
        "quantity.number": "数値",
        "quantity.distance": "距離",
        "unit.km": "キロメートル", "unit.m": "メートル", "unit.mi": "マイル", "unit.km2": "平方キロメートル",
        "unit.m2": "平方メートル", "unit.mi2": "平方マイル", "unit.ha": "ヘクタール",
        "locality.all": "挙げられた場所はすべて{place}にあります。",
        "locality.one": "{name}は{place}にあります。",
        "locality.central Helsinki, Finland": "フィンランドのヘルシンキ中心部",
        "locality.Karhula, a district of Kotka, Finland": "フィンランドのコトカ市の地区カルフラ",
        "event.earthquake": "地震{id}",
        "event.quarry blast": "採石発破{id}",
        "event.explosion": "爆発{id}",
        "event.Hurricane": "ハリケーン・{name}（{year}年）",
        "event.Tropical Storm": "熱帯暴風雨{name}（{year}年）",
        "event.Tropical Depression": "熱帯低気圧{name}（{year}年）",
        "event.wind field": "{storm}の風域",
        "word.precision": "精度",
        "word.level": "レベル",
        "word.resolution": "解像度",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "Natural Earthの1:10m国境外形",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "us-atlas 3.0.1による米国国勢調査局の2017年地図用境界の1:1000万簡略版"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "{year}年{month}に",
        "period.months": "{year}年{month1}から{month2}にかけて",
        "period.days": "{year}年{month}{day1}日から{day2}日にかけて",
        "period.dates": "{date1}から{date2}にかけて",
    }

    categories = {k: (v, v) for k, v in {
        "administrative office": "行政機関の事務所", "alcohol shop": "酒店", "animal boarding": "ペットホテル",
        "anime shop": "アニメショップ", "antiques shop": "骨董品店", "apartments building": "集合住宅",
        "art shop": "画材店", "arts centre": "アートセンター", "artwork": "芸術作品",
        "association office": "団体の事務所", "atm": "ATM", "attraction": "観光名所",
        "baby goods shop": "ベビー用品店", "bag shop": "かばん店", "bakery shop": "パン屋", "bandstand": "野外音楽堂",
        "bank": "銀行", "bar": "バー", "bay": "湾", "beauty salon shop": "美容サロン", "beauty shop": "美容店",
        "bed shop": "寝具店", "bicycle rental": "レンタサイクル", "bicycle shop": "自転車店",
        "block building": "街区の建物", "blood donation": "献血ルーム", "books shop": "書店",
        "boutique shop": "ブティック", "bridge": "橋", "building": "建物", "building passage": "建物内の通路",
        "bureau de change": "両替所", "bus station": "バスターミナル", "bus stop": "バス停",
        "business park office": "ビジネスパークの事務所", "butcher shop": "精肉店", "cafe": "カフェ",
        "candles shop": "キャンドル店", "capital city": "首都", "car rental": "レンタカー店",
        "car repair shop": "自動車修理工場", "carpet shop": "カーペット店", "cartographer craft": "地図製作工房",
        "casino": "カジノ", "central bank office": "中央銀行の事務所", "childcare": "保育施設", "cinema": "映画館",
        "city": "都市", "city block": "街区", "civil area": "行政区域", "clinic": "診療所",
        "clockmaker craft": "時計工房", "clothes shop": "衣料品店", "college": "カレッジ",
        "commercial area": "商業地区", "community centre": "コミュニティセンター", "company office": "会社の事務所",
        "computer shop": "パソコンショップ", "confectionery shop": "菓子店", "conference centre": "会議場",
        "consulate": "領事館", "convenience shop": "コンビニエンスストア", "cookware shop": "調理器具店",
        "cosmetics shop": "化粧品店", "country": "国", "county": "郡", "courthouse": "裁判所",
        "coworking space": "コワーキングスペース", "craft shop": "手工芸品店", "dance": "ダンス教室",
        "deli shop": "デリカテッセン", "deli,  kitchen shop": "デリカテッセン兼キッチン用品店", "dentist": "歯科医院",
        "department store shop": "百貨店", "digital growth consultancy office": "デジタル成長コンサルティング会社",
        "doctors": "医院", "doityourself shop": "ホームセンター", "driving school": "自動車教習所",
        "earthquake": "地震", "electronics repair craft": "電子機器修理工房", "electronics shop": "電器店",
        "embassy": "大使館", "estate agent office": "不動産屋", "events venue": "イベント会場", "explosion": "爆発",
        "fabric shop": "生地店", "fast food": "ファストフード店", "federal district": "連邦区",
        "ferry terminal": "フェリーターミナル", "financial office": "金融機関の事務所", "fire station": "消防署",
        "fitness centre": "フィットネスセンター", "florist shop": "花屋", "food court": "フードコート",
        "foundation office": "財団の事務所", "frame shop": "額縁店", "fuel": "ガソリンスタンド",
        "funeral directors shop": "葬儀社", "furniture shop": "家具店", "gallery": "ギャラリー",
        "games shop": "ゲームショップ", "garden centre shop": "園芸店", "gift shop": "ギフトショップ",
        "gold shop": "貴金属店", "government office": "官公庁", "grocery shop": "食料品店",
        "hairdresser shop": "美容院", "hamlet": "集落", "handbags shop": "ハンドバッグ店",
        "handicraft shop": "工芸品店", "handicrafts shop": "民芸品店", "hardware shop": "金物店",
        "hat shop": "帽子店", "hats shop": "帽子専門店", "health food shop": "健康食品店",
        "hearing aids shop": "補聴器店", "hifi shop": "オーディオ店", "hostel": "ホステル", "hotel": "ホテル",
        "houseware shop": "家庭用品店", "information": "案内所", "insurance office": "保険会社の事務所",
        "interior decoration shop": "インテリア店", "it office": "IT企業の事務所", "jewelry shop": "宝飾店",
        "junk shop": "がらくた屋", "kindergarten": "幼稚園", "kiosk shop": "キオスク",
        "kitchen shop": "キッチン用品店", "laundry shop": "クリーニング店", "lawyer office": "法律事務所",
        "leather shop": "革製品店", "library": "図書館", "locks shop": "錠前店", "locksmith shop": "鍵屋",
        "mall shop": "ショッピングモール", "marketplace": "市場", "massage shop": "マッサージ店",
        "medical supply shop": "医療用品店", "memorial": "記念碑", "miniature golf": "ミニゴルフ場",
        "mobile phone shop": "携帯電話ショップ", "monitoring station": "観測所", "monument": "記念建造物",
        "museum": "博物館", "music shop": "音楽ショップ", "musical instrument shop": "楽器店",
        "nails shop": "ネイルサロン", "nailstudio shop": "ネイルスタジオ", "neighbourhood": "地区",
        "ngo office": "NGOの事務所", "nightclub": "ナイトクラブ", "nightclub, restaurant": "ナイトクラブ兼レストラン",
        "office": "事務所", "office building": "オフィスビル", "optician shop": "眼鏡店",
        "outdoor seating": "屋外席", "outdoor shop": "アウトドア用品店", "park": "公園", "park path": "園路",
        "parking": "駐車場", "party shop": "パーティー用品店", "pawnbroker shop": "質屋", "pet shop": "ペットショップ",
        "pharmacy": "薬局", "photo shop": "写真店", "pitch": "競技場", "place of worship": "礼拝所",
        "platform": "プラットホーム", "playground": "遊び場", "political party office": "政党の事務所",
        "post office": "郵便局", "pub": "パブ", "public building": "公共建築物", "quango office": "特殊法人の事務所",
        "quarry blast": "採石発破", "records shop": "レコード店", "recycling": "リサイクル回収所",
        "residential building": "住宅", "restaurant": "レストラン", "retail building": "商業ビル", "road": "道路",
        "school": "学校", "school building": "校舎", "second hand shop": "リサイクルショップ",
        "ship building": "造船所", "shoemaker craft": "靴工房", "shoes shop": "靴店", "shop": "店",
        "social facility": "社会福祉施設", "sports centre": "スポーツセンター", "sports shop": "スポーツ用品店",
        "square": "広場", "state": "州", "station": "駅", "stop position": "停車位置", "store shop": "商店",
        "storm track": "嵐の進路", "storm wind field": "嵐の風域", "studio": "スタジオ", "suburb": "郊外地区",
        "subway entrance": "地下鉄の入口", "supermarket shop": "スーパーマーケット", "tailor shop": "仕立屋",
        "tattoo shop": "タトゥースタジオ", "taxi": "タクシー乗り場", "tea shop": "茶葉店", "territory": "準州",
        "theatre": "劇場", "ticket shop": "チケット販売所", "tomb": "墓", "tower": "塔", "toys shop": "おもちゃ屋",
        "training": "研修施設", "tram stop": "路面電車の停留所", "travel agency shop": "旅行代理店",
        "travel agent office": "旅行会社の事務所", "tree": "樹木", "underground passage": "地下道",
        "university": "大学", "university building": "大学の建物", "variety store shop": "雑貨店",
        "vending machine": "自動販売機", "watches shop": "時計店", "water": "水域",
        "web design office": "ウェブデザイン事務所",
    }.items()}


LANGUAGE = Japanese()
