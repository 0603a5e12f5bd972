"""Vietnamese (tiếng Việt): words, prompt texts and the grammar around names.

Vietnamese does not inflect: a name is written as it is, with no article, case or agreement to repair. What
naive substitution can still break, and what :meth:`Vietnamese.fill` repairs:

* a doubled classifier: a wording writes a classifier noun before a slot ("thành phố {A}", "bang {B}",
  "quốc gia {A}", "quần đảo {A}") and the name already begins with the same noun ("Thành phố Hồ Chí Minh",
  "Quần đảo Cayman"); the wording's classifier is dropped (ART_DEL), the name is never touched;
* a doubled plural marker: a wording writes "các"/"những" before a slot and the name itself begins with the
  plural marker "Các" ("Các Tiểu Vương quốc Ả Rập Thống nhất"); the wording's marker is dropped (ART_DEL);
* a storm track the generator names in English ("the best track of Hurricane Ike (2008)") is rebuilt from the
  event texts ("best track của bão cuồng phong Ike (2008)", as the wordings say "best track"; OTHER), and the
  US states with a usual Vietnamese form are written so ("Tây Virginia", "Bắc Carolina", "Georgia (tiểu bang
  Hoa Kỳ)"), also after a comma ("Greenbrier County, Tây Virginia"; OTHER);
* a name in parentheses or with a qualifier after a comma ("Austin, Texas", "Hesburger (Kasarmikatu)") is
  substituted as it is (nothing to decline).

Values: numbers use a decimal comma and a full stop between thousands (0,2; 15.000); periods are written
with month numbers and their preposition ("vào tháng 2 năm 2018", "từ tháng 7 đến tháng 10 năm 2005",
"từ ngày 1 đến ngày 7 tháng 2 năm 2018", "từ ngày 31 tháng 1 năm 2018 đến ngày 7 tháng 2 năm 2018");
:meth:`finish` upper-cases the first letter of the question (an event name such as "bão ..." may open it).
"""

from __future__ import annotations

import re

from kgbench.languages.base import Fill, Language, Slot, BEST_TRACK

# classifier nouns a wording may write before a name; the name may itself begin with one of them
_CLASSIFIERS = ("thành phố", "quần đảo", "quốc gia", "khu phố", "bang", "quận", "hạt", "tỉnh", "đảo", "nước")
_PLURAL_MARKERS = ("các", "những")
#: US states whose usual Vietnamese name differs from the English one (the others are written as in English)
_US_STATES = {"West Virginia": "Tây Virginia", "North Carolina": "Bắc Carolina", "South Carolina": "Nam Carolina",
              "North Dakota": "Bắc Dakota", "South Dakota": "Nam Dakota",
              "Georgia (U.S. state)": "Georgia (tiểu bang Hoa Kỳ)",
              "Puerto Rico (U.S. territory)": "Puerto Rico (lãnh thổ Hoa Kỳ)"}


def vietnamese_states(kind: str, text: str) -> str:
    """Return a name with a US state written the Vietnamese way: a whole region name, or a comma-separated part
    after the first of a county or place name.

    >>> vietnamese_states("county", "Tyler County, West Virginia"), vietnamese_states("region", "Texas")
    ('Tyler County, Tây Virginia', 'Texas')
    """
    if kind == "region":
        return _US_STATES.get(text, text)
    if kind in ("county", "place", "feature") and ", " in text:
        head, *quals = text.split(", ")
        return ", ".join([head, *(_US_STATES.get(q, q) for q in quals)])
    return text

_CATEGORIES = {
    "administrative office": "văn phòng hành chính", "alcohol shop": "cửa hàng rượu",
    "animal boarding": "cơ sở trông giữ thú cưng", "anime shop": "cửa hàng anime", "antiques shop": "cửa hàng đồ cổ",
    "apartments building": "tòa nhà chung cư", "art shop": "cửa hàng nghệ thuật", "arts centre": "trung tâm nghệ thuật",
    "artwork": "tác phẩm nghệ thuật", "association office": "văn phòng hiệp hội", "atm": "máy ATM",
    "attraction": "điểm tham quan", "baby goods shop": "cửa hàng đồ trẻ em", "bag shop": "cửa hàng túi xách",
    "bakery shop": "tiệm bánh", "bandstand": "sân khấu ngoài trời", "bank": "ngân hàng", "bar": "quán bar",
    "bay": "vịnh", "beauty salon shop": "thẩm mỹ viện", "beauty shop": "cửa hàng làm đẹp",
    "bed shop": "cửa hàng giường ngủ", "bicycle rental": "điểm cho thuê xe đạp", "bicycle shop": "cửa hàng xe đạp",
    "block building": "tòa nhà khối phố", "blood donation": "điểm hiến máu", "books shop": "hiệu sách",
    "boutique shop": "cửa hàng thời trang", "bridge": "cây cầu", "building": "tòa nhà",
    "building passage": "lối đi xuyên tòa nhà", "bureau de change": "quầy đổi tiền", "bus station": "bến xe buýt",
    "bus stop": "điểm dừng xe buýt", "business park office": "văn phòng khu thương mại", "butcher shop": "cửa hàng thịt",
    "cafe": "quán cà phê", "candles shop": "cửa hàng nến", "capital city": "thủ đô",
    "car rental": "điểm cho thuê ô tô", "car repair shop": "xưởng sửa ô tô", "carpet shop": "cửa hàng thảm",
    "cartographer craft": "xưởng bản đồ", "casino": "sòng bạc", "central bank office": "văn phòng ngân hàng trung ương",
    "childcare": "cơ sở giữ trẻ", "cinema": "rạp chiếu phim", "city": "thành phố", "city block": "khu phố",
    "civil area": "khu dân sự", "clinic": "phòng khám", "clockmaker craft": "xưởng đồng hồ",
    "clothes shop": "cửa hàng quần áo", "college": "trường cao đẳng", "commercial area": "khu thương mại",
    "community centre": "trung tâm cộng đồng", "company office": "văn phòng công ty", "computer shop": "cửa hàng máy tính",
    "confectionery shop": "cửa hàng bánh kẹo", "conference centre": "trung tâm hội nghị", "consulate": "lãnh sự quán",
    "convenience shop": "cửa hàng tiện lợi", "cookware shop": "cửa hàng dụng cụ nấu ăn",
    "cosmetics shop": "cửa hàng mỹ phẩm", "country": "quốc gia", "county": "quận", "courthouse": "tòa án",
    "coworking space": "không gian làm việc chung", "craft shop": "cửa hàng đồ thủ công", "dance": "trường dạy khiêu vũ",
    "deli shop": "cửa hàng đồ ăn sẵn", "deli,  kitchen shop": "cửa hàng đồ ăn sẵn và đồ bếp", "dentist": "nha khoa",
    "department store shop": "cửa hàng bách hóa", "digital growth consultancy office": "văn phòng tư vấn tăng trưởng số",
    "doctors": "phòng khám bác sĩ", "doityourself shop": "cửa hàng đồ tự làm", "driving school": "trường dạy lái xe",
    "earthquake": "trận động đất", "electronics repair craft": "tiệm sửa đồ điện tử", "electronics shop": "cửa hàng điện tử",
    "embassy": "đại sứ quán", "estate agent office": "văn phòng môi giới bất động sản", "events venue": "địa điểm tổ chức sự kiện",
    "explosion": "vụ nổ", "fabric shop": "cửa hàng vải", "fast food": "quán ăn nhanh", "federal district": "quận liên bang",
    "ferry terminal": "bến phà", "financial office": "văn phòng tài chính", "fire station": "trạm cứu hỏa",
    "fitness centre": "phòng tập thể hình", "florist shop": "cửa hàng hoa", "food court": "khu ẩm thực",
    "foundation office": "văn phòng quỹ", "frame shop": "cửa hàng khung tranh", "fuel": "trạm xăng",
    "funeral directors shop": "cơ sở dịch vụ tang lễ", "furniture shop": "cửa hàng nội thất", "gallery": "phòng trưng bày",
    "games shop": "cửa hàng trò chơi", "garden centre shop": "cửa hàng cây cảnh", "gift shop": "cửa hàng quà tặng",
    "gold shop": "tiệm vàng", "government office": "cơ quan chính phủ", "grocery shop": "cửa hàng tạp hóa",
    "hairdresser shop": "tiệm cắt tóc", "hamlet": "thôn", "handbags shop": "cửa hàng túi xách tay",
    "handicraft shop": "cửa hàng thủ công mỹ nghệ", "handicrafts shop": "cửa hàng đồ thủ công mỹ nghệ",
    "hardware shop": "cửa hàng kim khí", "hat shop": "cửa hàng mũ", "hats shop": "tiệm mũ",
    "health food shop": "cửa hàng thực phẩm sức khỏe", "hearing aids shop": "cửa hàng máy trợ thính",
    "hifi shop": "cửa hàng thiết bị âm thanh", "hostel": "nhà trọ", "hotel": "khách sạn",
    "houseware shop": "cửa hàng đồ gia dụng", "information": "điểm thông tin", "insurance office": "văn phòng bảo hiểm",
    "interior decoration shop": "cửa hàng trang trí nội thất", "it office": "văn phòng công nghệ thông tin",
    "jewelry shop": "cửa hàng trang sức", "junk shop": "cửa hàng đồ cũ linh tinh", "kindergarten": "trường mẫu giáo",
    "kiosk shop": "ki-ốt", "kitchen shop": "cửa hàng đồ bếp", "laundry shop": "tiệm giặt là",
    "lawyer office": "văn phòng luật sư", "leather shop": "cửa hàng đồ da", "library": "thư viện",
    "locks shop": "cửa hàng khóa", "locksmith shop": "tiệm thợ khóa", "mall shop": "trung tâm mua sắm",
    "marketplace": "chợ", "massage shop": "tiệm mát-xa", "medical supply shop": "cửa hàng vật tư y tế",
    "memorial": "đài tưởng niệm", "miniature golf": "sân golf mini", "mobile phone shop": "cửa hàng điện thoại di động",
    "monitoring station": "trạm quan trắc", "monument": "tượng đài", "museum": "bảo tàng", "music shop": "cửa hàng âm nhạc",
    "musical instrument shop": "cửa hàng nhạc cụ", "nails shop": "tiệm làm móng", "nailstudio shop": "tiệm làm móng chuyên nghiệp",
    "neighbourhood": "khu dân cư", "ngo office": "văn phòng tổ chức phi chính phủ", "nightclub": "hộp đêm",
    "nightclub, restaurant": "hộp đêm kiêm nhà hàng", "office": "văn phòng", "office building": "tòa nhà văn phòng",
    "optician shop": "cửa hàng kính mắt", "outdoor seating": "khu ngồi ngoài trời", "outdoor shop": "cửa hàng đồ dã ngoại",
    "park": "công viên", "park path": "lối đi trong công viên", "parking": "bãi đỗ xe", "party shop": "cửa hàng đồ tiệc",
    "pawnbroker shop": "tiệm cầm đồ", "pet shop": "cửa hàng thú cưng", "pharmacy": "nhà thuốc", "photo shop": "tiệm ảnh",
    "pitch": "sân thể thao", "place of worship": "nơi thờ tự", "platform": "sân ga", "playground": "sân chơi",
    "political party office": "văn phòng đảng chính trị", "post office": "bưu điện", "pub": "quán rượu",
    "public building": "tòa nhà công cộng", "quango office": "văn phòng cơ quan bán công", "quarry blast": "vụ nổ mỏ đá",
    "records shop": "cửa hàng đĩa nhạc", "recycling": "điểm tái chế", "residential building": "tòa nhà dân cư",
    "restaurant": "nhà hàng", "retail building": "tòa nhà bán lẻ", "road": "con đường", "school": "trường học",
    "school building": "tòa nhà trường học", "second hand shop": "cửa hàng đồ cũ", "ship building": "tòa nhà xưởng đóng tàu",
    "shoemaker craft": "tiệm đóng giày", "shoes shop": "cửa hàng giày", "shop": "cửa hàng",
    "social facility": "cơ sở xã hội", "sports centre": "trung tâm thể thao", "sports shop": "cửa hàng thể thao",
    "square": "quảng trường", "state": "bang", "station": "nhà ga", "stop position": "vị trí dừng xe",
    "store shop": "cửa hiệu", "storm track": "đường đi của bão", "storm wind field": "trường gió của bão",
    "studio": "studio", "suburb": "khu ngoại ô", "subway entrance": "lối vào tàu điện ngầm", "supermarket shop": "siêu thị",
    "tailor shop": "tiệm may", "tattoo shop": "tiệm xăm", "taxi": "điểm đón taxi", "tea shop": "cửa hàng trà",
    "territory": "vùng lãnh thổ", "theatre": "nhà hát", "ticket shop": "quầy bán vé", "tomb": "lăng mộ", "tower": "tòa tháp",
    "toys shop": "cửa hàng đồ chơi", "training": "trung tâm đào tạo", "tram stop": "điểm dừng xe điện",
    "travel agency shop": "đại lý du lịch", "travel agent office": "văn phòng đại lý du lịch", "tree": "cây",
    "underground passage": "đường hầm đi bộ", "university": "trường đại học", "university building": "tòa nhà đại học",
    "variety store shop": "cửa hàng đồ tạp hóa giá rẻ", "vending machine": "máy bán hàng tự động",
    "watches shop": "cửa hàng đồng hồ", "water": "mặt nước", "web design office": "văn phòng thiết kế web",
}



class Vietnamese(Language):
    code, bcp47, locale = "vie", "vi", "vi"
    english_name, family, script, tier = "Vietnamese", "Austroasiatic", "Latin", "medium"
    decimal_comma = True
    forms = {}
    answer_words = {"true": ("đúng", "có", "true"), "false": ("sai", "không", "false"),
                    "plausibly": ("có thể", "có lẽ", "có khả năng", "plausibly")}
    direction_words = {
        "N": ("bắc", "phía bắc", "hướng bắc"), "NNE": ("bắc đông bắc",), "NE": ("đông bắc", "đb"),
        "ENE": ("đông đông bắc",), "E": ("đông", "phía đông", "hướng đông"), "ESE": ("đông đông nam",),
        "SE": ("đông nam", "đn"), "SSE": ("nam đông nam",), "S": ("nam", "phía nam", "hướng nam"),
        "SSW": ("nam tây nam",), "SW": ("tây nam", "tn"), "WSW": ("tây tây nam",),
        "W": ("tây", "phía tây", "hướng tây"), "WNW": ("tây tây bắc",), "NW": ("tây bắc", "tb"),
        "NNW": ("bắc tây bắc",), "left": ("trái", "bên trái", "bên tay trái"),
        "right": ("phải", "bên phải", "bên tay phải"), "on": ("trên", "nằm trên", "trên tuyến đường"),
        "upstream": ("thượng nguồn", "phía trước"), "downstream": ("hạ nguồn", "phía sau")}
    compass = {"north": "bắc", "east": "đông", "south": "nam", "west": "tây"}
    categories = {k: (v, v) for k, v in _CATEGORIES.items()}
    months = tuple(f"tháng {i}" for i in range(1, 13))
    texts = {
        "system.parametric": ("Bạn trả lời các câu hỏi không gian địa lý về địa điểm, vùng, tuyến đường và sự kiện. "
                              "Hãy chính xác; hãy trả lời dựa trên những gì bạn biết."),
        "system.oracle": ("Bạn trả lời các câu hỏi không gian địa lý về địa điểm, vùng, tuyến đường và sự kiện. Các dữ "
                          "kiện được cung cấp cho bạn đến từ một đồ thị tri thức và đủ để tính ra câu trả lời. Các hình "
                          "học được viết dưới dạng WKT theo thứ tự kinh độ vĩ độ (CRS84, độ WGS84)."),
        "prompt.question": "Câu hỏi: {question}",
        "prompt.format": "Định dạng câu trả lời ({format}): {description}",
        "prompt.labels": "Các nhãn được phép: {labels}.",
        "prompt.reasoning": 'Trước hết hãy suy nghĩ từng bước trong "reasoning", sau đó đưa ra câu trả lời.',
        "prompt.reply": "Hãy trả lời bằng một đối tượng JSON {shape} và không gì khác. Nó phải tuân theo lược đồ JSON này:",
        "prompt.null": ('Nếu câu hỏi không thể trả lời được (ví dụ vì tiền đề của nó sai), hãy đặt "answer" thành null.'),
        "prompt.facts": "Dữ kiện",
        "prompt.facts_nt": "Dữ kiện (N-Triples)",
        "prompt.facts_json": "Dữ kiện (JSON: chủ thể -> vị từ -> giá trị)",
        "system.mcq": "Bạn trả lời các câu hỏi trắc nghiệm không gian địa lý về địa điểm, vùng, tuyến đường và sự kiện. Chỉ có đúng một lựa chọn đúng.",
        "prompt.options": "Các lựa chọn:",
        "prompt.none_option": "Không lựa chọn nào: câu hỏi không thể trả lời như cách nó được đặt ra",
        "prompt.mcq_policy": "Nếu câu hỏi không thể trả lời như cách nó được đặt ra (ví dụ vì tiền đề của nó sai), lựa chọn đúng là {letter}.",
        "prompt.mcq_reply": "Trả lời bằng một đối tượng JSON duy nhất {{\"answer\": chữ cái, \"unit\": null}} và không gì khác; chữ cái là một trong {letters}.",
        "prompt.context": "Ngữ cảnh địa điểm từ một đồ thị tri thức (thế giới đóng: địa điểm, sự kiện hay quan hệ nào nó không nêu thì coi là không đúng)",
        "context.nearby": "các địa điểm gần nhất: {places}",
        "context.inside": "nằm bên trong",
        "context.contains": "bao gồm nó",
        "context.border": "trên ranh giới của nó",
        "context.overlaps": "chồng lấn với nó",
        "agent.role": "Bạn là một nhà phân tích không gian địa lý trả lời câu hỏi bằng cách viết mã Python.",
        "agent.steps": ("Mỗi lần trả lời là một bước. Trong một bước, hãy viết đúng một khối mã ```python; nó chạy trong "
                        "một sandbox (Python 3 với shapely, pyproj, h3 và thư viện chuẩn; không có mạng, không ghi tệp, "
                        "thời gian và bộ nhớ có giới hạn) và những gì nó in ra sẽ được gửi lại cho bạn. Các biến không "
                        "được giữ lại giữa các bước."),
        "agent.final": ("Khi bạn biết câu trả lời, hãy gọi final_answer(answer, unit) trong một khối mã; việc này kết "
                        "thúc lượt chạy. final_answer(None, None) nghĩa là bạn không đưa ra câu trả lời."),
        "agent.tools": "Sandbox cũng có các hàm sau trên một đồ thị tri thức địa lý (id là các IRI):",
        "agent.gold": ("Các dữ kiện từ một đồ thị tri thức mà câu trả lời suy ra từ đó nằm trong tin nhắn của người dùng; "
                       "trong sandbox chúng cũng có trong chuỗi GOLD_TRIPLES (N-Triples). Bạn không có công cụ truy xuất nào."),
        "agent.budget": ("Bạn có một số bước giới hạn; hãy dùng ít bước. Câu trả lời cuối cùng phải phù hợp với định dạng "
                         "câu trả lời ({format}): {description}"),
        "agent.schema": "Các đối số của final_answer phải làm cho đối tượng JSON này hợp lệ: {schema}",
        "agent.null": ("Nếu câu hỏi không thể trả lời được (ví dụ vì tiền đề của nó sai), hãy gọi final_answer(None, None)."),
        "format.boolean": 'Một trong các giá trị "true", "false" hoặc "plausibly".',
        "format.entity": "Tên của một thực thể.",
        "format.direction": ("Một nhãn: một hướng la bàn (N, NE, E, SE, S, SW, W, NW), left/right/on (tuyến đường) "
                             "hoặc upstream/downstream."),
        "format.set": "Một danh sách tên thực thể; [] khi không có thực thể nào.",
        "format.cell": ('Một ô lưới: chỉ số ô H3 (15 chữ số thập lục phân) hoặc token ô S2; unit ghi tên lưới, '
                        '"h3" hoặc "s2".'),
        "format.geohash": "Một chuỗi geohash.",
        "format.h3_s2": 'Một đối tượng {{"h3": chỉ số ô H3, "s2": token ô S2}}.',
        "format.distance": "Một khoảng cách dưới dạng số, theo đơn vị ghi trong unit.",
        "format.area": "Một diện tích dưới dạng số, theo đơn vị ghi trong unit.",
        "format.count": "Một số nguyên.",
        "format.ratio": "Một số không thứ nguyên.",
        "format.point": ('Một điểm theo độ thập phân WGS84: {{"lat": vĩ độ, "lon": kinh độ}} hoặc '
                         '[vĩ độ, kinh độ] (vĩ độ trước).'),
        "format.polar": ('Một đối tượng {{"angle": phương vị tính bằng độ theo chiều kim đồng hồ từ hướng bắc, '
                         '"distance": số}}; khoảng cách theo đơn vị ghi trong unit.'),
        "format.polygon": ("Một đa giác hoặc hình chữ nhật bao dưới dạng WKT theo thứ tự kinh độ/vĩ độ (CRS84), ví dụ "
                           "POLYGON((west south, east south, east north, west north, west south))."),
        "format.date": "Một ngày theo dạng YYYY-MM-DD (YYYY-MM hoặc YYYY khi chỉ biết tháng hoặc năm).",
        "unit.null": '"unit" phải là null.',
        "unit.count": 'Hãy đưa ra một số nguyên; "unit" phải là null.',
        "unit.ratio": 'Hãy đưa ra một số thuần không có dấu phần trăm (0.25 cho 25 %); "unit" phải là null.',
        "unit.cell": 'Hãy đặt "unit" là hệ lưới: "h3" hoặc "s2".',
        "unit.quantity": 'Hãy cho {quantity} bằng {unit_words} và đặt "unit" thành "{unit}" (cũng được chấp nhận: {others}).',
        "quantity.number": "con số",
        "quantity.distance": "khoảng cách",
        "unit.km": "ki-lô-mét", "unit.m": "mét", "unit.mi": "dặm", "unit.km2": "ki-lô-mét vuông",
        "unit.m2": "mét vuông", "unit.mi2": "dặm vuông", "unit.ha": "héc-ta",
        "locality.all": "Tất cả các địa điểm được nêu tên đều ở {place}.",
        "locality.one": "{name} ở {place}.",
        "locality.central Helsinki, Finland": "trung tâm Helsinki, Phần Lan",
        "locality.Karhula, a district of Kotka, Finland": "Karhula, một quận của Kotka, Phần Lan",
        "event.earthquake": "trận động đất {id}",
        "event.quarry blast": "vụ nổ mỏ đá {id}",
        "event.explosion": "vụ nổ {id}",
        "event.Hurricane": "bão cuồng phong {name} ({year})",
        "event.Tropical Storm": "bão nhiệt đới {name} ({year})",
        "event.Tropical Depression": "áp thấp nhiệt đới {name} ({year})",
        "event.wind field": "trường gió của {storm}",
        "word.precision": "độ chính xác",
        "word.level": "cấp",
        "word.resolution": "độ phân giải",
        "word.H3": "H3",
        "word.S2": "S2",
        "word.geohash": "geohash",
        "word.Natural Earth's 1:10m country outlines": "đường viền quốc gia tỉ lệ 1:10m của Natural Earth",
        "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
            "bản đơn giản hóa tỉ lệ 1:10 triệu của us-atlas 3.0.1 từ ranh giới bản đồ năm 2017 của Cục Điều tra Dân số "
            "Hoa Kỳ"),
        "word.OpenStreetMap": "OpenStreetMap",
        "period.month": "vào {month} năm {year}",
        "period.months": "từ {month1} đến {month2} năm {year}",
        "period.days": "từ ngày {day1} đến ngày {day2} {month} năm {year}",
        "period.dates": "từ {date1} đến {date2}",
    }

    # ------------------------------------------------------------------ values

    def number(self, value) -> str:
        """Return a number the Vietnamese way: decimal comma, full stop between thousands (15.000; 0,2)."""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int):
            return f"{value:,}".replace(",", ".") if abs(value) >= 10000 else str(value)
        whole, _, frac = str(value).partition(".")
        head = f"{int(whole):,}".replace(",", ".") if abs(int(whole)) >= 10000 else whole
        return f"{head},{frac}" if frac else head

    def date(self, iso: str) -> str:
        """Return a day or month written out: "ngày 31 tháng 1 năm 2018", "tháng 1 năm 2018"."""
        parts = [int(x) for x in iso.split("-")]
        if len(parts) == 2:
            return f"{self.month(parts[1])} năm {parts[0]}"
        return f"ngày {parts[2]} {self.month(parts[1])} năm {parts[0]}"

    # ------------------------------------------------------------------ grammar

    def fill(self, slot: Slot) -> Fill:
        name = slot.name
        text = name.text
        if name.kind in ("number", "period", "direction", "word"):
            return Fill(text)
        m = BEST_TRACK.match(text) if name.kind == "event" else None
        if m:
            storm = self.texts[f"event.{m.group(1)}"].format(name=m.group(2), year=m.group(3))
            return Fill(f"best track của {storm}", edits=("OTHER",))
        local = vietnamese_states(name.kind, text)
        if local != text:
            return Fill(local, edits=("OTHER",))
        lowered = text.lower()
        before = slot.before
        # a classifier of the wording repeated by the name itself
        for word in _CLASSIFIERS:
            m = re.search(rf"(^|\s)({re.escape(word)}) $", before, flags=re.IGNORECASE)
            if m and (lowered == word or lowered.startswith(word + " ")):
                new_before = before[:m.start(2)]
                if not new_before.strip():
                    new_before = ""
                return Fill(text, before=new_before, edits=("ART_DEL",))
        # the plural marker "các"/"những" of the wording repeated by the name ("Các Tiểu Vương quốc ...")
        if lowered.startswith("các "):
            for word in _PLURAL_MARKERS:
                m = re.search(rf"(^|\s)({word}) $", before, flags=re.IGNORECASE)
                if m:
                    return Fill(text, before=before[:m.start(2)], edits=("ART_DEL",))
        return Fill(text)


LANGUAGE = Vietnamese()
