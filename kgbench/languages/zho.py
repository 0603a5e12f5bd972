"""Chinese (Simplified, Mandarin; 简体中文): words, prompt texts and the grammar rules around names.

Chinese has no articles, no case and no inflection: a name's role is carried by prepositions and particles
the wordings already hold (``从{B}到{A}``, ``{A}和{B}``, ``{B}的{A}``), none of which depends on the name.
What substitution can still get wrong, and the rules that repair it:

* **Measure words (classifiers).** A noun counted or picked out by 两 "two", 每 "every" or 哪 "which"
  needs the classifier that goes with it: 两座城市, 每家咖啡馆, 哪个县, 每条道路. A category slot written
  ``{A:cl}`` (``{A_one:cl}``) is filled with the category's classifier followed by its name, from a small
  lexicon of the categories (家 for shops, cafés and other businesses, 座 for cities, buildings, bridges and
  monuments, 条 for roads and paths, 所 for schools, 台 for machines, 棵 for trees, 次 for explosions and
  blasts, 场 for earthquakes, 处 for attractions and other spots; 个 otherwise, offices included). Recorded as AGR_CHG.
* **US states take 州.** A US state (kind ``region``, key ``US-..``) whose Chinese name lacks the generic
  noun 州 gets it (蒙塔纳 -> 蒙塔纳州), as Chinese names every state; names already ending in 州 or 区
  (华盛顿哥伦比亚特区), Latin-script fallbacks ("Maryland") and slots the wording already follows with 州
  are left alone. Recorded as OTHER.
* **State names.** A state the snapshot names in English ("Maryland") or in a non-standard spelling
  (蒙塔纳, 西维吉尼亚州, 南卡罗莱那州) gets its usual name (:data:`STATE_NAMES`), also as the qualifier of a
  county or place ("Tyler County, 西弗吉尼亚州"); the qualifier "Georgia" of a US county or place, which the
  snapshot renders as the country 格鲁吉亚, becomes 佐治亚州; the English disambiguator "(U.S. state)" is
  dropped ("佐治亚州") and "(U.S. territory)" becomes （美国领地）. Recorded as OTHER.
* **English left in a name.** A storm track named "the best track of Hurricane Ike (2008)" is written
  "飓风Ike（2008年）的最佳路径". Recorded as OTHER.
* **No spaces around names.** Chinese sets names flush against Han text; a space between a name and Han
  characters is removed (a space between a Latin-script name and a number, "距Esplanadi 0.2公里", is kept
  for legibility; a number stays flush against its unit). Recorded as PUNC_CHG.
* **Periods.** ``{period}`` is the whole phrase with its preposition 在 ("在2018年2月",
  "在2005年7月至10月期间"); ``{period:attr}`` drops 在 where the phrase is the object of a verb or a
  modifier ("发生于2018年2月"), recorded as ADP_DEL.
* Chinese has no capital letters: :meth:`finish` does nothing.

Names of places and features (often Latin script, with parentheses or an English qualifier) are never
changed inside.
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK

_US_STATE = re.compile(r"^US-[A-Z]{2}$")
#: a region name carrying an English disambiguator ("佐治亚州 (U.S. state)", "波多黎各 (U.S. territory)")
_US_QUALIFIED = re.compile(r"^(.*?) ?\(U\.S\. (state|territory)\)$")
#: US state names the snapshot spells in a non-standard way or lacks (Latin fallback) -> the usual Chinese name
STATE_NAMES = {"Maryland": "马里兰州", "蒙塔纳": "蒙大拿州", "蒙塔纳州": "蒙大拿州", "西维吉尼亚州": "西弗吉尼亚州",
               "西维吉尼亚": "西弗吉尼亚州", "南卡罗莱那州": "南卡罗来纳州", "南卡罗莱那": "南卡罗来纳州"}


def _is_cjk(ch: str) -> bool:
    """True for Han characters and CJK / full-width punctuation."""
    o = ord(ch)
    return (0x3000 <= o <= 0x303F or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF
            or 0xFF00 <= o <= 0xFFEF)


def _respace(before: str, text: str, after: str) -> tuple[str, str]:
    """Return the text before and after a name without the spaces that separate it from Han text."""
    if not text:
        return before, after
    stripped = before.rstrip(" ")
    if stripped != before and (not stripped or _is_cjk(stripped[-1]) or _is_cjk(text[0])):
        before = stripped
    lstripped = after.lstrip(" ")
    if lstripped != after and lstripped and (_is_cjk(lstripped[0]) or _is_cjk(text[-1])):
        after = lstripped
    return before, after


#: classifiers of the categories that do not take the general 个
_CLASSIFIER_WORDS = {
    "家": ("shop", "cafe", "restaurant", "bar", "pub", "bank", "hotel", "hostel", "pharmacy", "cinema",
           "clinic", "casino", "nightclub", "fast food", "dentist", "doctors", "car rental", "bicycle rental",
           "bureau de change", "animal boarding", "gallery", "theatre", "coworking space", "fitness centre",
           "food court", "studio", "dance", "childcare", "funeral directors shop", "nightclub, restaurant",
           "lawyer office", "estate agent office", "digital growth consultancy office", "web design office"),
    "座": ("city", "capital city", "building", "apartments building", "block building", "office building",
          "residential building", "retail building", "school building", "university building", "bridge",
          "tower", "monument", "memorial", "museum", "library", "tomb", "place of worship", "courthouse",
          "public building", "fire station", "bandstand", "arts centre", "conference centre",
          "community centre", "sports centre", "events venue", "ship building", "park", "marketplace",
          "mall shop"),
    "个": ("kiosk shop",),
    "条": ("road", "park path", "building passage", "underground passage", "storm track"),
    "所": ("school", "kindergarten", "university", "college", "driving school"),
    "台": ("atm", "vending machine"),
    "棵": ("tree",),
    "次": ("explosion", "quarry blast"),
    "场": ("earthquake",),
    "处": ("attraction", "artwork", "outdoor seating", "information", "parking", "playground", "pitch",
          "miniature golf", "recycling"),
}
CLASSIFIERS = {cat: cl for cl, cats in _CLASSIFIER_WORDS.items() for cat in cats}


def classifier(category: str | None) -> str:
    """Return the measure word a category noun takes (个 when it has no special one).

    >>> classifier("cafe"), classifier("city"), classifier("road"), classifier("county")
    ('家', '座', '条', '个')
    """
    if not category:
        return "个"
    if category in CLASSIFIERS:
        return CLASSIFIERS[category]
    if category.endswith(" shop"):
        return "家"
    return "个"


class Chinese(Language):
    code, bcp47, locale = "zho", "zh", "zh"
    english_name, family, script, tier = "Chinese", "Sino-Tibetan", "Han", "high"
    forms = {"cl": "a category counted or picked out (两, 每, 哪): its classifier is written before it (两座城市)",
             "attr": "a {period} without its preposition 在 (object of a verb or a modifier: 发生于2018年2月)"}
    decimal_comma = False
    months = tuple(f"{m}月" for m in range(1, 13))
    answer_words = {
        "true": ("是", "真", "对", "正确", "是的"),
        "false": ("否", "假", "错", "错误", "不是", "不"),
        "plausibly": ("可能", "大概", "或许", "有可能", "也许"),
    }
    direction_words = {
        "N": ("北", "正北", "n"), "NNE": ("北东北", "东北偏北", "nne"), "NE": ("东北", "ne"),
        "ENE": ("东东北", "东北偏东", "ene"), "E": ("东", "正东", "e"), "ESE": ("东东南", "东南偏东", "ese"),
        "SE": ("东南", "se"), "SSE": ("南东南", "东南偏南", "sse"), "S": ("南", "正南", "s"),
        "SSW": ("南西南", "西南偏南", "ssw"), "SW": ("西南", "sw"), "WSW": ("西西南", "西南偏西", "wsw"),
        "W": ("西", "正西", "w"), "WNW": ("西西北", "西北偏西", "wnw"), "NW": ("西北", "nw"),
        "NNW": ("北西北", "西北偏北", "nnw"),
        "left": ("左", "左侧", "左边", "左手边"), "right": ("右", "右侧", "右边", "右手边"),
        "on": ("线上", "在线上", "路线上", "在路线上", "上"),
        "upstream": ("上游",), "downstream": ("下游",),
    }
    compass = {"north": "北", "east": "东", "south": "南", "west": "西"}

    # ------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        text = self._name_text(name)
        edits: list[str] = []
        if text != name.text:
            if text.endswith("州") and slot.after.startswith("州"):
                text = text[:-1]  # the wording already writes 州 after the slot
            edits.append("OTHER")
        if slot.spec == "cl" and name.kind in ("category", "category_one"):
            text = classifier(name.key) + text
            edits.append("AGR_CHG")
        if slot.spec == "attr" and name.kind == "period" and text.startswith("在"):
            text = text[1:]
            edits.append("ADP_DEL")
        if (name.kind == "region" and name.key and _US_STATE.match(name.key) and text and _is_cjk(text[-1])
                and not text.endswith(("州", "区", "）")) and not slot.after.startswith("州")):
            text += "州"
            edits.append("OTHER")
        before, after = _respace(slot.before, text, slot.after)
        if (before, after) != (slot.before, slot.after):
            edits.append("PUNC_CHG")
        if not edits:
            return Fill(text)
        return Fill(text, before if before != slot.before else None, after if after != slot.after else None,
                    tuple(edits))

    def _name_text(self, name) -> str:
        """Return a name with what the snapshot left English or misspelled repaired (see the module notes)."""
        text = name.text
        track = BEST_TRACK.match(text) if name.kind == "event" else None
        if track:
            storm = self.texts[f"event.{track.group(1)}"].format(name=track.group(2), year=track.group(3))
            return storm + "的最佳路径"
        if name.kind == "region":
            qualified = _US_QUALIFIED.match(text)
            if qualified:
                base = STATE_NAMES.get(qualified.group(1), qualified.group(1))
                return base + "（美国领地）" if qualified.group(2) == "territory" else base
            return STATE_NAMES.get(text, text)
        if name.kind in ("county", "place") and ", " in text:
            head, *quals = text.split(", ")
            georgia = name.kind == "county" or name.canonical.endswith(", Georgia") or ", Georgia, " in name.canonical
            quals = ["佐治亚州" if q == "格鲁吉亚" and georgia else STATE_NAMES.get(q, q) for q in quals]
            return ", ".join([head, *quals])
        return text

    def capitalize(self, text: str) -> str:
        """Return the question unchanged: Chinese script has no capitals."""
        return text

    # ------------------------------------------------------------------ values

    def date(self, iso: str) -> str:
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{parts[0]}年{parts[1]}月"
        return f"{parts[0]}年{parts[1]}月{parts[2]}日"

    texts = {
        "system.parametric": "你回答关于地点、区域、路线和事件的地理空间问题。请做到精确；根据你所知道的作答。",
        "system.oracle": ("你回答关于地点、区域、路线和事件的地理空间问题。提供给你的事实来自知识图谱，足以计算出答案。"
                          "几何图形为经度、纬度顺序的WKT（CRS84，WGS84度）。"),
        "prompt.question": "问题：{question}",
        "prompt.format": "答案格式（{format}）：{description}",
        "prompt.labels": "允许的标签：{labels}。",
        "prompt.reasoning": '先在"reasoning"中逐步思考，然后给出答案。',
        "prompt.reply": "只用一个JSON对象{shape}回复，不要写其他任何内容。它必须符合以下JSON模式：",
        "prompt.null": '如果问题无法回答（例如因为其前提不成立），请将"answer"设为null。',
        "prompt.facts": "事实",
        "prompt.facts_nt": "事实（N-Triples）",
        "prompt.facts_json": "事实（JSON：主语 -> 谓词 -> 值）",
        "system.mcq": "你回答关于地点、地区、路线和事件的地理空间多项选择题。恰好有一个选项是正确的。",
        "prompt.options": "选项：",
        "prompt.none_option": "以上都不是：该问题按其提问方式无法回答",
        "prompt.mcq_policy": "如果该问题按其提问方式无法回答（例如因为其前提不成立），正确选项是{letter}。",
        "prompt.mcq_reply": "只用一个JSON对象{{\"answer\": 字母, \"unit\": null}}回复，不要写其他任何内容；字母是{letters}之一。",
        "prompt.context": "来自知识图谱的地点上下文（封闭世界：其中未给出的地点、事实或关系均视为不成立）",
        "context.nearby": "最近的地点：{places}",
        "context.inside": "在其内部",
        "context.contains": "包含它",
        "context.border": "在其边界上",
        "context.overlaps": "与其重叠",
        "agent.role": "你是一名通过编写Python来回答问题的地理空间分析师。",
        "agent.steps": ("每次回复是一个步骤。在一个步骤中，恰好写一个```python代码块；它在沙箱中运行（带有shapely、pyproj、"
                        "h3和标准库的Python 3；无网络、不能写文件、时间和内存有限），其打印的内容会返回给你。"
                        "变量不会在步骤之间保留。"),
        "agent.final": ("当你知道答案时，在代码块中调用final_answer(answer, unit)；这将结束运行。"
                        "final_answer(None, None)表示你不给出答案。"),
        "agent.tools": "沙箱中还有以下基于地理知识图谱的函数（id为IRI）：",
        "agent.gold": ("答案所依据的知识图谱事实在用户消息中；在沙箱中，它们也存放在字符串GOLD_TRIPLES（N-Triples）中。"
                       "你没有检索工具。"),
        "agent.budget": "你的步骤数有限；请尽量少用。最终答案必须符合答案格式（{format}）：{description}",
        "agent.schema": "final_answer的参数必须使这个JSON对象有效：{schema}",
        "agent.null": "如果问题无法回答（例如因为其前提不成立），请调用final_answer(None, None)。",
        "format.boolean": '"true"、"false"或"plausibly"之一。',
        "format.entity": "一个实体的名称。",
        "format.direction": "一个标签：罗盘方向（N、NE、E、SE、S、SW、W、NW）、left/right/on（相对于路线）或upstream/downstream。",
        "format.set": "实体名称的列表；没有时为[]。",
        "format.cell": '一个网格单元：H3单元索引（15位十六进制数字）或S2单元令牌；unit指明网格，"h3"或"s2"。',
        "format.geohash": "一个geohash字符串。",
        "format.h3_s2": '一个对象{{"h3": H3单元索引, "s2": S2单元令牌}}。',
        "format.distance": "以数字表示的距离，单位为unit中给出的单位。",
        "format.area": "以数字表示的面积，单位为unit中给出的单位。",
        "format.count": "一个整数。",
        "format.ratio": "一个无量纲的数。",
        "format.point": '以WGS84十进制度表示的点：{{"lat": 纬度, "lon": 经度}}或[纬度, 经度]（纬度在前）。',
        "format.polar": '一个对象{{"angle": 从北方向顺时针的方位角（度）, "distance": 数字}}；距离的单位为unit中给出的单位。',
        "format.polygon": ("以经度/纬度顺序（CRS84）的WKT表示的多边形或边界框，例如"
                           "POLYGON((west south, east south, east north, west north, west south))。"),
        "format.date": "YYYY-MM-DD格式的日期（只知道月份或年份时为YYYY-MM或YYYY）。",
        "unit.null": '"unit"必须为null。',
        "unit.count": '给出一个整数；"unit"必须为null。',
        "unit.ratio": '给出一个不带百分号的普通数字（25 %写作0.25）；"unit"必须为null。',
        "unit.cell": '将"unit"设为网格系统："h3"或"s2"。',
        "unit.quantity": '以{unit_words}给出{quantity}，并将"unit"设为"{unit}"（也接受：{others}）。',
        "quantity.number": "数值",
        "quantity.distance": "距离",
        "unit.km": "公里", "unit.m": "米", "unit.mi": "英里", "unit.km2": "平方公里",
        "unit.m2": "平方米", "unit.mi2": "平方英里", "unit.ha": "公顷",
        "locality.all": "所提到的地点都在{place}。",
        "locality.one": "{name}位于{place}。",
        "locality.central Helsinki, Finland": "芬兰赫尔辛基市中心",
        "locality.Karhula, a district of Kotka, Finland": "芬兰科特卡的卡尔胡拉区",
        "event.earthquake": "地震{id}",
        "event.quarry blast": "采石爆破{id}",
        "event.explosion": "爆炸{id}",
        "event.Hurricane": "飓风{name}（{year}年）",
        "event.Tropical Storm": "热带风暴{name}（{year}年）",
        "event.Tropical Depression": "热带低压{name}（{year}年）",
        "event.wind field": "{storm}的风场",
        "word.precision": "精度",
        "word.level": "级别",
        "word.resolution": "分辨率",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "Natural Earth的1:10m国家轮廓",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "us-atlas 3.0.1对美国人口普查局2017年制图边界的1:1000万简化版"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "在{year}年{month}",
        "period.months": "在{year}年{month1}至{month2}期间",
        "period.days": "在{year}年{month}{day1}日至{day2}日期间",
        "period.dates": "在{date1}至{date2}期间",
    }

    categories = {k: (v, v) for k, v in {
        "administrative office": "行政办公室", "alcohol shop": "酒类商店", "animal boarding": "宠物寄养所",
        "anime shop": "动漫商店", "antiques shop": "古董店", "apartments building": "公寓楼", "art shop": "美术用品店",
        "arts centre": "艺术中心", "artwork": "艺术品", "association office": "协会办公室", "atm": "自动取款机",
        "attraction": "景点", "baby goods shop": "母婴用品店", "bag shop": "箱包店", "bakery shop": "面包店",
        "bandstand": "露天音乐台", "bank": "银行", "bar": "酒吧", "bay": "海湾", "beauty salon shop": "美容院",
        "beauty shop": "美容店", "bed shop": "床品店", "bicycle rental": "自行车租赁点", "bicycle shop": "自行车店",
        "block building": "街区建筑", "blood donation": "献血点", "books shop": "书店", "boutique shop": "精品店",
        "bridge": "桥", "building": "建筑", "building passage": "建筑通道", "bureau de change": "货币兑换处",
        "bus station": "公交总站", "bus stop": "公交车站", "business park office": "商务园区办公室",
        "butcher shop": "肉店", "cafe": "咖啡馆", "candles shop": "蜡烛店", "capital city": "首都",
        "car rental": "汽车租赁点", "car repair shop": "汽车修理店", "carpet shop": "地毯店",
        "cartographer craft": "地图制作工坊", "casino": "赌场", "central bank office": "中央银行办公室",
        "childcare": "托儿所", "cinema": "电影院", "city": "城市", "city block": "街区", "civil area": "行政区域",
        "clinic": "诊所", "clockmaker craft": "钟表工坊", "clothes shop": "服装店", "college": "学院",
        "commercial area": "商业区", "community centre": "社区中心", "company office": "公司办公室",
        "computer shop": "电脑店", "confectionery shop": "糖果店", "conference centre": "会议中心",
        "consulate": "领事馆", "convenience shop": "便利店", "cookware shop": "炊具店", "cosmetics shop": "化妆品店",
        "country": "国家", "county": "县", "courthouse": "法院", "coworking space": "联合办公空间",
        "craft shop": "手工艺品店", "dance": "舞蹈室", "deli shop": "熟食店", "deli,  kitchen shop": "熟食兼厨具店",
        "dentist": "牙科诊所", "department store shop": "百货商店",
        "digital growth consultancy office": "数字增长咨询公司", "doctors": "医生诊所", "doityourself shop": "建材五金店",
        "driving school": "驾校", "earthquake": "地震", "electronics repair craft": "电子产品维修店",
        "electronics shop": "电器店", "embassy": "大使馆", "estate agent office": "房地产中介", "events venue": "活动场馆",
        "explosion": "爆炸", "fabric shop": "布料店", "fast food": "快餐店", "federal district": "联邦区",
        "ferry terminal": "渡轮码头", "financial office": "金融机构办公室", "fire station": "消防站",
        "fitness centre": "健身中心", "florist shop": "花店", "food court": "美食广场", "foundation office": "基金会办公室",
        "frame shop": "画框店", "fuel": "加油站", "funeral directors shop": "殡仪馆", "furniture shop": "家具店",
        "gallery": "画廊", "games shop": "游戏店", "garden centre shop": "园艺店", "gift shop": "礼品店",
        "gold shop": "金店", "government office": "政府机关", "grocery shop": "杂货店", "hairdresser shop": "理发店",
        "hamlet": "小村庄", "handbags shop": "手袋店", "handicraft shop": "手工艺品商店", "handicrafts shop": "工艺品店",
        "hardware shop": "五金店", "hat shop": "帽子店", "hats shop": "帽子专卖店", "health food shop": "健康食品店",
        "hearing aids shop": "助听器店", "hifi shop": "音响店", "hostel": "青年旅舍", "hotel": "酒店",
        "houseware shop": "家居用品店", "information": "咨询处", "insurance office": "保险公司办公室",
        "interior decoration shop": "室内装饰店", "it office": "IT公司办公室", "jewelry shop": "珠宝店",
        "junk shop": "旧货店", "kindergarten": "幼儿园", "kiosk shop": "报亭", "kitchen shop": "厨具店",
        "laundry shop": "洗衣店", "lawyer office": "律师事务所", "leather shop": "皮具店", "library": "图书馆",
        "locks shop": "锁具店", "locksmith shop": "配锁店", "mall shop": "购物中心", "marketplace": "集市",
        "massage shop": "按摩店", "medical supply shop": "医疗用品店", "memorial": "纪念碑",
        "miniature golf": "迷你高尔夫球场", "mobile phone shop": "手机店", "monitoring station": "监测站",
        "monument": "纪念建筑", "museum": "博物馆", "music shop": "音乐商店", "musical instrument shop": "乐器店",
        "nails shop": "美甲店", "nailstudio shop": "美甲工作室", "neighbourhood": "街坊", "ngo office": "非政府组织办公室",
        "nightclub": "夜总会", "nightclub, restaurant": "夜总会兼餐厅", "office": "办公室", "office building": "办公楼",
        "optician shop": "眼镜店", "outdoor seating": "户外座位区", "outdoor shop": "户外用品店", "park": "公园",
        "park path": "公园小径", "parking": "停车场", "party shop": "派对用品店", "pawnbroker shop": "当铺",
        "pet shop": "宠物店", "pharmacy": "药店", "photo shop": "照相馆", "pitch": "运动场",
        "place of worship": "宗教场所", "platform": "站台", "playground": "游乐场",
        "political party office": "政党办公室", "post office": "邮局", "pub": "酒馆", "public building": "公共建筑",
        "quango office": "半官方机构办公室", "quarry blast": "采石爆破", "records shop": "唱片店",
        "recycling": "回收点", "residential building": "住宅楼", "restaurant": "餐厅", "retail building": "商业楼",
        "road": "道路", "school": "学校", "school building": "教学楼", "second hand shop": "二手店",
        "ship building": "船舶建筑", "shoemaker craft": "制鞋工坊", "shoes shop": "鞋店", "shop": "商店",
        "social facility": "社会福利设施", "sports centre": "体育中心", "sports shop": "体育用品店", "square": "广场",
        "state": "州", "station": "车站", "stop position": "停靠位置", "store shop": "商铺", "storm track": "风暴路径",
        "storm wind field": "风暴风场", "studio": "工作室", "suburb": "郊区", "subway entrance": "地铁入口",
        "supermarket shop": "超市", "tailor shop": "裁缝店", "tattoo shop": "纹身店", "taxi": "出租车候车点",
        "tea shop": "茶叶店", "territory": "领地", "theatre": "剧院", "ticket shop": "售票处", "tomb": "陵墓",
        "tower": "塔", "toys shop": "玩具店", "training": "培训机构", "tram stop": "有轨电车站",
        "travel agency shop": "旅行社", "travel agent office": "旅行代理办公室", "tree": "树",
        "underground passage": "地下通道", "university": "大学", "university building": "大学楼",
        "variety store shop": "杂货铺", "vending machine": "自动售货机", "watches shop": "手表店", "water": "水域",
        "web design office": "网页设计公司",
    }.items()}


LANGUAGE = Chinese()
