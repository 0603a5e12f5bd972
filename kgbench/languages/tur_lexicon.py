"""Turkish data: the category nouns (singular, plural) and the prompt texts (keys of ENGLISH_TEXTS)."""

from kgbench.languages.base import table_rows

_CATS = """\
administrative office|idari ofis|idari ofisler
alcohol shop|içki dükkânı|içki dükkânları
animal boarding|hayvan pansiyonu|hayvan pansiyonları
anime shop|anime dükkânı|anime dükkânları
antiques shop|antikacı|antikacılar
apartments building|apartman binası|apartman binaları
art shop|sanat malzemeleri dükkânı|sanat malzemeleri dükkânları
arts centre|sanat merkezi|sanat merkezleri
artwork|sanat eseri|sanat eserleri
association office|dernek ofisi|dernek ofisleri
atm|ATM|ATM'ler
attraction|turistik yer|turistik yerler
baby goods shop|bebek ürünleri mağazası|bebek ürünleri mağazaları
bag shop|çanta mağazası|çanta mağazaları
bakery shop|fırın|fırınlar
bandstand|müzik çardağı|müzik çardakları
bank|banka|bankalar
bar|bar|barlar
bay|koy|koylar
beauty salon shop|güzellik salonu|güzellik salonları
beauty shop|güzellik merkezi|güzellik merkezleri
bed shop|yatak mağazası|yatak mağazaları
bicycle rental|bisiklet kiralama noktası|bisiklet kiralama noktaları
bicycle shop|bisiklet dükkânı|bisiklet dükkânları
block building|blok bina|blok binalar
blood donation|kan bağışı noktası|kan bağışı noktaları
books shop|kitapçı|kitapçılar
boutique shop|butik|butikler
bridge|köprü|köprüler
building|bina|binalar
building passage|bina içi geçit|bina içi geçitler
bureau de change|döviz bürosu|döviz büroları
bus station|otobüs terminali|otobüs terminalleri
bus stop|otobüs durağı|otobüs durakları
business park office|iş parkı ofisi|iş parkı ofisleri
butcher shop|kasap|kasaplar
cafe|kafe|kafeler
candles shop|mum dükkânı|mum dükkânları
capital city|başkent|başkentler
car rental|araç kiralama ofisi|araç kiralama ofisleri
car repair shop|oto tamirhanesi|oto tamirhaneleri
carpet shop|halı mağazası|halı mağazaları
cartographer craft|haritacı atölyesi|haritacı atölyeleri
casino|kumarhane|kumarhaneler
central bank office|merkez bankası ofisi|merkez bankası ofisleri
childcare|çocuk bakım merkezi|çocuk bakım merkezleri
cinema|sinema|sinemalar
city|şehir|şehirler
city block|yapı adası|yapı adaları
civil area|sivil alan|sivil alanlar
clinic|klinik|klinikler
clockmaker craft|saatçi atölyesi|saatçi atölyeleri
clothes shop|giyim mağazası|giyim mağazaları
college|kolej|kolejler
commercial area|ticari alan|ticari alanlar
community centre|toplum merkezi|toplum merkezleri
company office|şirket ofisi|şirket ofisleri
computer shop|bilgisayar mağazası|bilgisayar mağazaları
confectionery shop|şekerci|şekerciler
conference centre|kongre merkezi|kongre merkezleri
consulate|konsolosluk|konsolosluklar
convenience shop|market|marketler
cookware shop|mutfak gereçleri mağazası|mutfak gereçleri mağazaları
cosmetics shop|kozmetik mağazası|kozmetik mağazaları
country|ülke|ülkeler
county|ilçe|ilçeler
courthouse|adliye binası|adliye binaları
coworking space|ortak çalışma alanı|ortak çalışma alanları
craft shop|hobi malzemeleri dükkânı|hobi malzemeleri dükkânları
dance|dans salonu|dans salonları
deli shop|şarküteri|şarküteriler
deli,  kitchen shop|şarküteri ve mutfak dükkânı|şarküteri ve mutfak dükkânları
dentist|diş hekimi|diş hekimleri
department store shop|büyük mağaza|büyük mağazalar
digital growth consultancy office|dijital büyüme danışmanlığı ofisi|dijital büyüme danışmanlığı ofisleri
doctors|doktor muayenehanesi|doktor muayenehaneleri
doityourself shop|yapı market|yapı marketler
driving school|sürücü kursu|sürücü kursları
earthquake|deprem|depremler
electronics repair craft|elektronik tamir atölyesi|elektronik tamir atölyeleri
electronics shop|elektronik mağazası|elektronik mağazaları
embassy|büyükelçilik|büyükelçilikler
estate agent office|emlak ofisi|emlak ofisleri
events venue|etkinlik mekânı|etkinlik mekânları
explosion|patlama|patlamalar
fabric shop|kumaşçı|kumaşçılar
fast food|fast food restoranı|fast food restoranları
federal district|federal bölge|federal bölgeler
ferry terminal|feribot terminali|feribot terminalleri
financial office|finans ofisi|finans ofisleri
fire station|itfaiye istasyonu|itfaiye istasyonları
fitness centre|fitness merkezi|fitness merkezleri
florist shop|çiçekçi|çiçekçiler
food court|yemek alanı|yemek alanları
foundation office|vakıf ofisi|vakıf ofisleri
frame shop|çerçeveci|çerçeveciler
fuel|akaryakıt istasyonu|akaryakıt istasyonları
funeral directors shop|cenaze hizmetleri bürosu|cenaze hizmetleri büroları
furniture shop|mobilya mağazası|mobilya mağazaları
gallery|galeri|galeriler
games shop|oyun mağazası|oyun mağazaları
garden centre shop|bahçe merkezi|bahçe merkezleri
gift shop|hediyelik eşya dükkânı|hediyelik eşya dükkânları
gold shop|altın dükkânı|altın dükkânları
government office|devlet dairesi|devlet daireleri
grocery shop|bakkal|bakkallar
hairdresser shop|kuaför|kuaförler
hamlet|mezra|mezralar
handbags shop|el çantası mağazası|el çantası mağazaları
handicraft shop|el işi dükkânı|el işi dükkânları
handicrafts shop|el sanatları mağazası|el sanatları mağazaları
hardware shop|hırdavatçı|hırdavatçılar
hat shop|şapka dükkânı|şapka dükkânları
hats shop|şapka mağazası|şapka mağazaları
health food shop|sağlıklı gıda mağazası|sağlıklı gıda mağazaları
hearing aids shop|işitme cihazı mağazası|işitme cihazı mağazaları
hifi shop|hi-fi mağazası|hi-fi mağazaları
hostel|hostel|hosteller
hotel|otel|oteller
houseware shop|ev gereçleri mağazası|ev gereçleri mağazaları
information|bilgi noktası|bilgi noktaları
insurance office|sigorta ofisi|sigorta ofisleri
interior decoration shop|iç dekorasyon mağazası|iç dekorasyon mağazaları
it office|bilişim ofisi|bilişim ofisleri
jewelry shop|kuyumcu|kuyumcular
junk shop|eskici|eskiciler
kindergarten|anaokulu|anaokulları
kiosk shop|büfe|büfeler
kitchen shop|mutfak mağazası|mutfak mağazaları
laundry shop|çamaşırhane|çamaşırhaneler
lawyer office|avukatlık bürosu|avukatlık büroları
leather shop|deri mağazası|deri mağazaları
library|kütüphane|kütüphaneler
locks shop|kilit dükkânı|kilit dükkânları
locksmith shop|çilingir|çilingirler
mall shop|alışveriş merkezi|alışveriş merkezleri
marketplace|pazar yeri|pazar yerleri
massage shop|masaj salonu|masaj salonları
medical supply shop|medikal malzeme mağazası|medikal malzeme mağazaları
memorial|anma yeri|anma yerleri
miniature golf|mini golf sahası|mini golf sahaları
mobile phone shop|cep telefonu mağazası|cep telefonu mağazaları
monitoring station|gözlem istasyonu|gözlem istasyonları
monument|anıt|anıtlar
museum|müze|müzeler
music shop|müzik mağazası|müzik mağazaları
musical instrument shop|müzik aleti mağazası|müzik aleti mağazaları
nails shop|tırnak salonu|tırnak salonları
nailstudio shop|tırnak stüdyosu|tırnak stüdyoları
neighbourhood|mahalle|mahalleler
ngo office|STK ofisi|STK ofisleri
nightclub|gece kulübü|gece kulüpleri
nightclub, restaurant|gece kulübü ve restoran|gece kulübü ve restoranlar
office|ofis|ofisler
office building|ofis binası|ofis binaları
optician shop|gözlükçü|gözlükçüler
outdoor seating|açık hava oturma alanı|açık hava oturma alanları
outdoor shop|kamp ve doğa sporları mağazası|kamp ve doğa sporları mağazaları
park|park|parklar
park path|park yolu|park yolları
parking|otopark|otoparklar
party shop|parti malzemeleri dükkânı|parti malzemeleri dükkânları
pawnbroker shop|rehinci|rehinciler
pet shop|evcil hayvan dükkânı|evcil hayvan dükkânları
pharmacy|eczane|eczaneler
photo shop|fotoğrafçı|fotoğrafçılar
pitch|spor sahası|spor sahaları
place of worship|ibadet yeri|ibadet yerleri
platform|peron|peronlar
playground|oyun parkı|oyun parkları
political party office|siyasi parti ofisi|siyasi parti ofisleri
post office|postane|postaneler
pub|birahane|birahaneler
public building|kamu binası|kamu binaları
quango office|yarı özerk kamu kuruluşu ofisi|yarı özerk kamu kuruluşu ofisleri
quarry blast|taş ocağı patlaması|taş ocağı patlamaları
records shop|plak dükkânı|plak dükkânları
recycling|geri dönüşüm noktası|geri dönüşüm noktaları
residential building|konut binası|konut binaları
restaurant|restoran|restoranlar
retail building|perakende satış binası|perakende satış binaları
road|yol|yollar
school|okul|okullar
school building|okul binası|okul binaları
second hand shop|ikinci el dükkânı|ikinci el dükkânları
ship building|gemi yapısı|gemi yapıları
shoemaker craft|ayakkabıcı atölyesi|ayakkabıcı atölyeleri
shoes shop|ayakkabı mağazası|ayakkabı mağazaları
shop|dükkân|dükkânlar
social facility|sosyal tesis|sosyal tesisler
sports centre|spor merkezi|spor merkezleri
sports shop|spor mağazası|spor mağazaları
square|meydan|meydanlar
state|eyalet|eyaletler
station|istasyon|istasyonlar
stop position|durma noktası|durma noktaları
store shop|mağaza|mağazalar
storm track|fırtına izi|fırtına izleri
storm wind field|fırtına rüzgâr alanı|fırtına rüzgâr alanları
studio|stüdyo|stüdyolar
suburb|semt|semtler
subway entrance|metro girişi|metro girişleri
supermarket shop|süpermarket|süpermarketler
tailor shop|terzi|terziler
tattoo shop|dövme stüdyosu|dövme stüdyoları
taxi|taksi durağı|taksi durakları
tea shop|çay evi|çay evleri
territory|bağımlı bölge|bağımlı bölgeler
theatre|tiyatro|tiyatrolar
ticket shop|bilet satış noktası|bilet satış noktaları
tomb|mezar|mezarlar
tower|kule|kuleler
toys shop|oyuncakçı|oyuncakçılar
training|eğitim merkezi|eğitim merkezleri
tram stop|tramvay durağı|tramvay durakları
travel agency shop|seyahat acentesi|seyahat acenteleri
travel agent office|seyahat acentesi ofisi|seyahat acentesi ofisleri
tree|ağaç|ağaçlar
underground passage|alt geçit|alt geçitler
university|üniversite|üniversiteler
university building|üniversite binası|üniversite binaları
variety store shop|ucuzluk mağazası|ucuzluk mağazaları
vending machine|otomat|otomatlar
watches shop|saat mağazası|saat mağazaları
water|su alanı|su alanları
web design office|web tasarım ofisi|web tasarım ofisleri
"""

#: KG category string -> (singular, plural)
CATEGORIES: dict[str, tuple[str, str]] = table_rows(_CATS, 3)


#: the prompt texts (same keys and {fields} as ENGLISH_TEXTS)
TEXTS: dict[str, str] = {
    "system.parametric": ("Yerler, bölgeler, güzergâhlar ve olaylar hakkındaki coğrafi-mekânsal soruları "
                          "yanıtlıyorsunuz. Kesin olun; bildiklerinize dayanarak yanıtlayın."),
    "system.oracle": ("Yerler, bölgeler, güzergâhlar ve olaylar hakkındaki coğrafi-mekânsal soruları "
                      "yanıtlıyorsunuz. Size verilen olgular bir bilgi grafiğinden gelir ve yanıtı hesaplamak "
                      "için yeterlidir. Geometriler boylam enlem sırasıyla WKT biçimindedir (CRS84, WGS84 "
                      "dereceleri)."),
    "prompt.question": "Soru: {question}",
    "prompt.format": "Yanıt biçimi ({format}): {description}",
    "prompt.labels": "İzin verilen etiketler: {labels}.",
    "prompt.reasoning": 'Önce "reasoning" alanında adım adım düşünün, sonra yanıtı verin.',
    "prompt.reply": "Yalnızca tek bir JSON nesnesi {shape} ile yanıt verin, başka hiçbir şey yazmayın. "
                    "Nesne şu JSON şemasına uymalıdır:",
    "prompt.null": ('Soru yanıtlanamıyorsa (örneğin öncülü yanlış olduğu için), "answer" değerini null '
                    'yapın.'),
    "prompt.facts": "Olgular",
    "prompt.facts_nt": "Olgular (N-Triples)",
    "prompt.facts_json": "Olgular (JSON: özne -> yüklem -> değerler)",
    "system.mcq": "Yerler, bölgeler, güzergâhlar ve olaylar hakkında çoktan seçmeli coğrafi soruları yanıtlıyorsunuz. Tam olarak bir seçenek doğrudur.",
    "prompt.options": "Seçenekler:",
    "prompt.none_option": "Hiçbiri: soru sorulduğu biçimiyle yanıtlanamaz",
    "prompt.mcq_policy": "Soru sorulduğu biçimiyle yanıtlanamıyorsa (örneğin öncülü yanlış olduğu için), doğru seçenek {letter} seçeneğidir.",
    "prompt.mcq_reply": "Yalnızca tek bir JSON nesnesiyle {{\"answer\": harf, \"unit\": null}} yanıt verin; harf {letters} harflerinden biridir.",
    "prompt.context": "Bir bilgi grafiğinden yer bağlamı (kapalı dünya: vermediği bir yer, olgu ya da ilişki geçerli sayılmaz)",
    "context.nearby": "en yakın yerler: {places}",
    "context.inside": "onun içinde",
    "context.contains": "onu içerir",
    "context.border": "sınırında",
    "context.overlaps": "onunla örtüşür",
    "agent.role": "Bir soruyu Python yazarak yanıtlayan bir coğrafi-mekânsal analistsiniz.",
    "agent.steps": ("Her yanıt bir adımdır. Bir adımda tam olarak bir ```python kod bloğu yazın; kod bir "
                    "korumalı alanda çalışır (shapely, pyproj, h3 ve standart kütüphane ile Python 3; ağ yok, "
                    "dosya yazma yok, sınırlı süre ve bellek) ve yazdırdıkları size geri gelir. Değişkenler "
                    "adımlar arasında korunmaz."),
    "agent.final": ("Yanıtı bildiğinizde bir kod bloğunda final_answer(answer, unit) çağırın; bu, çalışmayı "
                    "bitirir. final_answer(None, None) yanıt vermediğiniz anlamına gelir."),
    "agent.tools": ("Korumalı alanda ayrıca bir coğrafi bilgi grafiği üzerinde çalışan şu işlevler de vardır "
                    "(kimlikler IRI'dir):"),
    "agent.gold": ("Yanıtın çıktığı, bir bilgi grafiğinden alınmış olgular kullanıcı mesajındadır; korumalı "
                   "alanda GOLD_TRIPLES dizesinde de (N-Triples) bulunurlar. Hiçbir erişim aracınız yoktur."),
    "agent.budget": ("Sınırlı sayıda adımınız var; az adım kullanın. Son yanıt, yanıt biçimine uymalıdır "
                     "({format}): {description}"),
    "agent.schema": "final_answer'ın argümanları şu JSON nesnesini geçerli kılmalıdır: {schema}",
    "agent.null": ("Soru yanıtlanamıyorsa (örneğin öncülü yanlış olduğu için), final_answer(None, None) "
                   "çağırın."),
    "format.boolean": '"true", "false" veya "plausibly" değerlerinden biri.',
    "format.entity": "Tek bir varlığın adı.",
    "format.direction": ("Tek bir etiket: bir pusula yönü (N, NE, E, SE, S, SW, W, NW), left/right/on (rotaya "
                         "göre) ya da upstream/downstream."),
    "format.set": "Varlık adlarından oluşan bir liste; hiç yoksa [].",
    "format.cell": ('Tek bir ızgara hücresi: bir H3 hücre dizini (15 onaltılık basamak) ya da bir S2 hücre '
                    'belirteci; unit ızgarayı belirtir: "h3" veya "s2".'),
    "format.geohash": "Bir geohash dizesi.",
    "format.h3_s2": 'Bir nesne {{"h3": H3 hücre dizini, "s2": S2 hücre belirteci}}.',
    "format.distance": "unit alanında verilen birimde, sayı olarak bir uzaklık.",
    "format.area": "unit alanında verilen birimde, sayı olarak bir alan.",
    "format.count": "Bir tam sayı.",
    "format.ratio": "Birimsiz bir sayı.",
    "format.point": ('WGS84 ondalık derece cinsinden bir nokta: {{"lat": enlem, "lon": boylam}} ya da '
                     '[enlem, boylam] (önce enlem).'),
    "format.polar": ('Bir nesne {{"angle": kuzeyden saat yönünde derece cinsinden azimut, "distance": sayı}}; '
                     'uzaklık unit alanında verilen birimdedir.'),
    "format.polygon": ("Boylam/enlem sırasıyla (CRS84) WKT biçiminde bir çokgen ya da sınırlayıcı kutu, örneğin "
                       "POLYGON((west south, east south, east north, west north, west south))."),
    "format.date": "YYYY-MM-DD biçiminde bir tarih (yalnızca ay ya da yıl biliniyorsa YYYY-MM veya YYYY).",
    "unit.null": '"unit" null olmalıdır.',
    "unit.count": 'Bir tam sayı verin; "unit" null olmalıdır.',
    "unit.ratio": 'Yüzde işareti olmadan düz bir sayı verin (% 25 için 0.25); "unit" null olmalıdır.',
    "unit.cell": '"unit" değerini ızgara sistemine ayarlayın: "h3" veya "s2".',
    "unit.quantity": ('{quantity} {unit_words} cinsinden verin ve "unit" değerini "{unit}" yapın (ayrıca kabul '
                      'edilenler: {others}).'),
    "quantity.number": "sayıyı",
    "quantity.distance": "uzaklığı",
    "unit.km": "kilometre", "unit.m": "metre", "unit.mi": "mil", "unit.km2": "kilometrekare",
    "unit.m2": "metrekare", "unit.mi2": "mil kare", "unit.ha": "hektar",
    "locality.all": "Adı geçen tüm yerler şurada bulunur: {place}.",
    "locality.one": "{name} şurada bulunur: {place}.",
    "locality.central Helsinki, Finland": "Helsinki merkezi, Finlandiya",
    "locality.Karhula, a district of Kotka, Finland": "Karhula, Kotka'nın bir semti, Finlandiya",
    "event.earthquake": "{id} depremi",
    "event.quarry blast": "{id} taş ocağı patlaması",
    "event.explosion": "{id} patlaması",
    "event.Hurricane": "{year} yılındaki {name} Kasırgası",
    "event.Tropical Storm": "{year} yılındaki {name} Tropik Fırtınası",
    "event.Tropical Depression": "{year} yılındaki {name} Tropik Depresyonu",
    "event.wind field": "{storm} kaynaklı rüzgâr alanı",
    "word.precision": "hassasiyet",
    "word.level": "seviye",
    "word.resolution": "çözünürlük",
    "word.H3": "H3",
    "word.S2": "S2",
    "word.geohash": "geohash",
    "word.Natural Earth's 1:10m country outlines": "Natural Earth'ün 1:10m ülke sınır hatları",
    "word.us-atlas 3.0.1's 1:10 million simplification of the US Census Bureau's 2017 cartographic boundaries": (
        "us-atlas 3.0.1'in, ABD Nüfus Sayım Bürosu'nun (US Census Bureau) 2017 kartografik sınırlarının "
        "1:10 milyon ölçekli sadeleştirmesi"),
    "word.OpenStreetMap": "OpenStreetMap",
    "period.month": "{month} {year} döneminde",
    "period.months": "{year} yılının {month1} ile {month2} ayları arasında",
    "period.days": "{day1} ile {day2} {month} {year} tarihleri arasında",
    "period.dates": "{date1} ile {date2} tarihleri arasında",
}

#: localized labels written otherwise (an English qualifier, the US state Georgia written as the country,
#: a French exonym where Turkish has its own)
RENAME = {"Gürcistan (U.S. state)": "Georgia", "Porto Riko (U.S. territory)": "Porto Riko",
          "Côte d’Ivoire": "Fildişi Sahili", "Côte d'Ivoire": "Fildişi Sahili"}

#: "the best track of Hurricane Ike (2008)": an English storm-track label -> Turkish (a common-noun phrase)
TRACK_KINDS = {"Hurricane": "Kasırgası", "Tropical Storm": "Tropik Fırtınası", "Tropical Depression": "Tropik Depresyonu"}
TRACK = "{year} yılındaki {name} {kind}'{gen} en iyi izi"
