"""Portuguese: the category nouns (KG category -> singular, plural, gender) the por module uses."""

from kgbench.languages.base import table_rows

_CATEGORY_ROWS = """\
administrative office|escritório administrativo|escritórios administrativos|m
alcohol shop|loja de bebidas alcoólicas|lojas de bebidas alcoólicas|f
animal boarding|hotel para animais|hotéis para animais|m
anime shop|loja de anime|lojas de anime|f
antiques shop|loja de antiguidades|lojas de antiguidades|f
apartments building|prédio de apartamentos|prédios de apartamentos|m
art shop|loja de arte|lojas de arte|f
arts centre|centro cultural|centros culturais|m
artwork|obra de arte|obras de arte|f
association office|sede de associação|sedes de associações|f
atm|caixa eletrônico|caixas eletrônicos|m
attraction|atração turística|atrações turísticas|f
baby goods shop|loja de artigos para bebês|lojas de artigos para bebês|f
bag shop|loja de bolsas|lojas de bolsas|f
bakery shop|padaria|padarias|f
bandstand|coreto|coretos|m
bank|banco|bancos|m
bar|bar|bares|m
bay|baía|baías|f
beauty salon shop|salão de beleza|salões de beleza|m
beauty shop|salão de beleza|salões de beleza|m
bed shop|loja de camas|lojas de camas|f
bicycle rental|aluguel de bicicletas|aluguéis de bicicletas|m
bicycle shop|loja de bicicletas|lojas de bicicletas|f
block building|edifício de quarteirão|edifícios de quarteirão|m
blood donation|posto de doação de sangue|postos de doação de sangue|m
books shop|livraria|livrarias|f
boutique shop|butique|butiques|f
bridge|ponte|pontes|f
building|edifício|edifícios|m
building passage|passagem coberta|passagens cobertas|f
bureau de change|casa de câmbio|casas de câmbio|f
bus station|rodoviária|rodoviárias|f
bus stop|ponto de ônibus|pontos de ônibus|m
business park office|escritório de parque empresarial|escritórios de parque empresarial|m
butcher shop|açougue|açougues|m
cafe|café|cafés|m
candles shop|loja de velas|lojas de velas|f
capital city|capital|capitais|f
car rental|locadora de carros|locadoras de carros|f
car repair shop|oficina mecânica|oficinas mecânicas|f
carpet shop|loja de tapetes|lojas de tapetes|f
cartographer craft|ateliê de cartografia|ateliês de cartografia|m
casino|cassino|cassinos|m
central bank office|escritório do banco central|escritórios do banco central|m
childcare|creche|creches|f
cinema|cinema|cinemas|m
city|cidade|cidades|f
city block|quarteirão|quarteirões|m
civil area|área civil|áreas civis|f
clinic|clínica|clínicas|f
clockmaker craft|relojoaria artesanal|relojoarias artesanais|f
clothes shop|loja de roupas|lojas de roupas|f
college|faculdade|faculdades|f
commercial area|área comercial|áreas comerciais|f
community centre|centro comunitário|centros comunitários|m
company office|escritório de empresa|escritórios de empresas|m
computer shop|loja de informática|lojas de informática|f
confectionery shop|confeitaria|confeitarias|f
conference centre|centro de convenções|centros de convenções|m
consulate|consulado|consulados|m
convenience shop|loja de conveniência|lojas de conveniência|f
cookware shop|loja de utensílios de cozinha|lojas de utensílios de cozinha|f
cosmetics shop|loja de cosméticos|lojas de cosméticos|f
country|país|países|m
county|condado|condados|m
courthouse|fórum|fóruns|m
coworking space|espaço de coworking|espaços de coworking|m
craft shop|loja de artesanato|lojas de artesanato|f
dance|escola de dança|escolas de dança|f
deli shop|delicatéssen|delicatéssens|f
deli,  kitchen shop|delicatéssen e loja de cozinha|delicatéssens e lojas de cozinha|f
dentist|dentista|dentistas|m
department store shop|loja de departamentos|lojas de departamentos|f
digital growth consultancy office|consultoria de crescimento digital|consultorias de crescimento digital|f
doctors|consultório médico|consultórios médicos|m
doityourself shop|loja de materiais de bricolagem|lojas de materiais de bricolagem|f
driving school|autoescola|autoescolas|f
earthquake|terremoto|terremotos|m
electronics repair craft|oficina de conserto de eletrônicos|oficinas de conserto de eletrônicos|f
electronics shop|loja de eletrônicos|lojas de eletrônicos|f
embassy|embaixada|embaixadas|f
estate agent office|imobiliária|imobiliárias|f
events venue|espaço de eventos|espaços de eventos|m
explosion|explosão|explosões|f
fabric shop|loja de tecidos|lojas de tecidos|f
fast food|lanchonete de fast food|lanchonetes de fast food|f
federal district|distrito federal|distritos federais|m
ferry terminal|terminal de balsas|terminais de balsas|m
financial office|escritório financeiro|escritórios financeiros|m
fire station|quartel de bombeiros|quartéis de bombeiros|m
fitness centre|academia de ginástica|academias de ginástica|f
florist shop|floricultura|floriculturas|f
food court|praça de alimentação|praças de alimentação|f
foundation office|sede de fundação|sedes de fundações|f
frame shop|loja de molduras|lojas de molduras|f
fuel|posto de combustível|postos de combustível|m
funeral directors shop|funerária|funerárias|f
furniture shop|loja de móveis|lojas de móveis|f
gallery|galeria de arte|galerias de arte|f
games shop|loja de jogos|lojas de jogos|f
garden centre shop|loja de jardinagem|lojas de jardinagem|f
gift shop|loja de presentes|lojas de presentes|f
gold shop|loja de ouro|lojas de ouro|f
government office|repartição pública|repartições públicas|f
grocery shop|mercearia|mercearias|f
hairdresser shop|cabeleireiro|cabeleireiros|m
hamlet|povoado|povoados|m
handbags shop|loja de bolsas de mão|lojas de bolsas de mão|f
handicraft shop|loja de artesanato|lojas de artesanato|f
handicrafts shop|loja de artigos artesanais|lojas de artigos artesanais|f
hardware shop|loja de ferragens|lojas de ferragens|f
hat shop|chapelaria|chapelarias|f
hats shop|loja de chapéus|lojas de chapéus|f
health food shop|loja de produtos naturais|lojas de produtos naturais|f
hearing aids shop|loja de aparelhos auditivos|lojas de aparelhos auditivos|f
hifi shop|loja de equipamentos de som|lojas de equipamentos de som|f
hostel|albergue|albergues|m
hotel|hotel|hotéis|m
houseware shop|loja de utilidades domésticas|lojas de utilidades domésticas|f
information|posto de informações|postos de informações|m
insurance office|escritório de seguros|escritórios de seguros|m
interior decoration shop|loja de decoração|lojas de decoração|f
it office|escritório de informática|escritórios de informática|m
jewelry shop|joalheria|joalherias|f
junk shop|brechó de quinquilharias|brechós de quinquilharias|m
kindergarten|jardim de infância|jardins de infância|m
kiosk shop|banca|bancas|f
kitchen shop|loja de cozinhas|lojas de cozinhas|f
laundry shop|lavanderia|lavanderias|f
lawyer office|escritório de advocacia|escritórios de advocacia|m
leather shop|loja de artigos de couro|lojas de artigos de couro|f
library|biblioteca|bibliotecas|f
locks shop|loja de fechaduras|lojas de fechaduras|f
locksmith shop|chaveiro|chaveiros|m
mall shop|shopping center|shopping centers|m
marketplace|mercado|mercados|m
massage shop|casa de massagem|casas de massagem|f
medical supply shop|loja de material médico|lojas de material médico|f
memorial|memorial|memoriais|m
miniature golf|minigolfe|minigolfes|m
mobile phone shop|loja de celulares|lojas de celulares|f
monitoring station|estação de monitoramento|estações de monitoramento|f
monument|monumento|monumentos|m
museum|museu|museus|m
music shop|loja de música|lojas de música|f
musical instrument shop|loja de instrumentos musicais|lojas de instrumentos musicais|f
nails shop|esmalteria|esmalterias|f
nailstudio shop|estúdio de unhas|estúdios de unhas|m
neighbourhood|bairro|bairros|m
ngo office|escritório de ONG|escritórios de ONGs|m
nightclub|casa noturna|casas noturnas|f
nightclub, restaurant|casa noturna e restaurante|casas noturnas e restaurantes|f
office|escritório|escritórios|m
office building|edifício comercial|edifícios comerciais|m
optician shop|ótica|óticas|f
outdoor seating|área de mesas ao ar livre|áreas de mesas ao ar livre|f
outdoor shop|loja de artigos de aventura|lojas de artigos de aventura|f
park|parque|parques|m
park path|trilha de parque|trilhas de parque|f
parking|estacionamento|estacionamentos|m
party shop|loja de artigos para festas|lojas de artigos para festas|f
pawnbroker shop|casa de penhores|casas de penhores|f
pet shop|pet shop|pet shops|m
pharmacy|farmácia|farmácias|f
photo shop|loja de fotografia|lojas de fotografia|f
pitch|campo esportivo|campos esportivos|m
place of worship|local de culto|locais de culto|m
platform|plataforma|plataformas|f
playground|parquinho|parquinhos|m
political party office|sede de partido político|sedes de partidos políticos|f
post office|agência dos correios|agências dos correios|f
pub|pub|pubs|m
public building|prédio público|prédios públicos|m
quango office|escritório de órgão público autônomo|escritórios de órgãos públicos autônomos|m
quarry blast|detonação em pedreira|detonações em pedreiras|f
records shop|loja de discos|lojas de discos|f
recycling|ponto de reciclagem|pontos de reciclagem|m
residential building|prédio residencial|prédios residenciais|m
restaurant|restaurante|restaurantes|m
retail building|prédio comercial|prédios comerciais|m
road|rua|ruas|f
school|escola|escolas|f
school building|prédio escolar|prédios escolares|m
second hand shop|brechó|brechós|m
ship building|estaleiro|estaleiros|m
shoemaker craft|sapataria artesanal|sapatarias artesanais|f
shoes shop|sapataria|sapatarias|f
shop|loja|lojas|f
social facility|centro de assistência social|centros de assistência social|m
sports centre|centro esportivo|centros esportivos|m
sports shop|loja de artigos esportivos|lojas de artigos esportivos|f
square|praça|praças|f
state|estado|estados|m
station|estação|estações|f
stop position|ponto de parada|pontos de parada|m
store shop|armazém|armazéns|m
storm track|trajetória de tempestade|trajetórias de tempestades|f
storm wind field|campo de ventos de tempestade|campos de ventos de tempestades|m
studio|estúdio|estúdios|m
suburb|bairro periférico|bairros periféricos|m
subway entrance|entrada do metrô|entradas do metrô|f
supermarket shop|supermercado|supermercados|m
tailor shop|alfaiataria|alfaiatarias|f
tattoo shop|estúdio de tatuagem|estúdios de tatuagem|m
taxi|ponto de táxi|pontos de táxi|m
tea shop|casa de chá|casas de chá|f
territory|território|territórios|m
theatre|teatro|teatros|m
ticket shop|bilheteria|bilheterias|f
tomb|túmulo|túmulos|m
tower|torre|torres|f
toys shop|loja de brinquedos|lojas de brinquedos|f
training|centro de treinamento|centros de treinamento|m
tram stop|parada de bonde|paradas de bonde|f
travel agency shop|agência de viagens|agências de viagens|f
travel agent office|escritório de agência de viagens|escritórios de agências de viagens|m
tree|árvore|árvores|f
underground passage|passagem subterrânea|passagens subterrâneas|f
university|universidade|universidades|f
university building|prédio universitário|prédios universitários|m
variety store shop|loja de variedades|lojas de variedades|f
vending machine|máquina de venda automática|máquinas de venda automática|f
watches shop|loja de relógios|lojas de relógios|f
water|corpo d'água|corpos d'água|m
web design office|escritório de web design|escritórios de web design|m
"""

CATEGORIES: dict[str, tuple[str, str]] = {}
#: the gender of each category noun ("m"/"f"), for agreement
CATEGORY_GENDER: dict[str, str] = {}
for _key, (_one, _many, _gender) in table_rows(_CATEGORY_ROWS, 4).items():
    CATEGORIES[_key] = (_one, _many)
    CATEGORY_GENDER[_key] = _gender

#: US states and Puerto Rico (ISO 3166-2 code -> English name, Brazilian Portuguese name); the snapshot has
#: no Portuguese labels for them, so the English name is replaced here (a Nova York, a Califórnia)
_STATE_ROWS = """\
AL|Alabama|Alabama
AK|Alaska|Alasca
AZ|Arizona|Arizona
AR|Arkansas|Arkansas
CA|California|Califórnia
CO|Colorado|Colorado
CT|Connecticut|Connecticut
DE|Delaware|Delaware
DC|District of Columbia|Distrito de Colúmbia
FL|Florida|Flórida
GA|Georgia|Geórgia
HI|Hawaii|Havaí
ID|Idaho|Idaho
IL|Illinois|Illinois
IN|Indiana|Indiana
IA|Iowa|Iowa
KS|Kansas|Kansas
KY|Kentucky|Kentucky
LA|Louisiana|Luisiana
ME|Maine|Maine
MD|Maryland|Maryland
MA|Massachusetts|Massachusetts
MI|Michigan|Michigan
MN|Minnesota|Minnesota
MS|Mississippi|Mississippi
MO|Missouri|Missouri
MT|Montana|Montana
NE|Nebraska|Nebraska
NV|Nevada|Nevada
NH|New Hampshire|Nova Hampshire
NJ|New Jersey|Nova Jersey
NM|New Mexico|Novo México
NY|New York|Nova York
NC|North Carolina|Carolina do Norte
ND|North Dakota|Dakota do Norte
OH|Ohio|Ohio
OK|Oklahoma|Oklahoma
OR|Oregon|Oregon
PA|Pennsylvania|Pensilvânia
RI|Rhode Island|Rhode Island
SC|South Carolina|Carolina do Sul
SD|South Dakota|Dakota do Sul
TN|Tennessee|Tennessee
TX|Texas|Texas
UT|Utah|Utah
VT|Vermont|Vermont
VA|Virginia|Virgínia
WA|Washington|Washington
WV|West Virginia|Virgínia Ocidental
WI|Wisconsin|Wisconsin
WY|Wyoming|Wyoming
PR|Puerto Rico|Porto Rico
"""
#: English US state name -> Portuguese name
STATE_NAMES: dict[str, str] = {}
for _line in _STATE_ROWS.splitlines():
    _code, _english, _portuguese = _line.split("|")
    STATE_NAMES[_english] = _portuguese
