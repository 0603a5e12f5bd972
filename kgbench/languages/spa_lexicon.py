"""Spanish: the category nouns (KG category -> singular, plural, gender) the spa module uses."""

from kgbench.languages.base import table_rows

_CATEGORY_ROWS = """\
administrative office|oficina administrativa|oficinas administrativas|f
alcohol shop|tienda de bebidas alcohólicas|tiendas de bebidas alcohólicas|f
animal boarding|residencia de animales|residencias de animales|f
anime shop|tienda de anime|tiendas de anime|f
antiques shop|tienda de antigüedades|tiendas de antigüedades|f
apartments building|edificio de apartamentos|edificios de apartamentos|m
art shop|tienda de arte|tiendas de arte|f
arts centre|centro cultural|centros culturales|m
artwork|obra de arte|obras de arte|f
association office|sede de asociación|sedes de asociaciones|f
atm|cajero automático|cajeros automáticos|m
attraction|atracción turística|atracciones turísticas|f
baby goods shop|tienda de artículos para bebés|tiendas de artículos para bebés|f
bag shop|tienda de bolsos|tiendas de bolsos|f
bakery shop|panadería|panaderías|f
bandstand|quiosco de música|quioscos de música|m
bank|banco|bancos|m
bar|bar|bares|m
bay|bahía|bahías|f
beauty salon shop|salón de belleza|salones de belleza|m
beauty shop|salón de belleza|salones de belleza|m
bed shop|tienda de camas|tiendas de camas|f
bicycle rental|alquiler de bicicletas|alquileres de bicicletas|m
bicycle shop|tienda de bicicletas|tiendas de bicicletas|f
block building|edificio de manzana|edificios de manzana|m
blood donation|centro de donación de sangre|centros de donación de sangre|m
books shop|librería|librerías|f
boutique shop|boutique|boutiques|f
bridge|puente|puentes|m
building|edificio|edificios|m
building passage|pasaje cubierto|pasajes cubiertos|m
bureau de change|casa de cambio|casas de cambio|f
bus station|estación de autobuses|estaciones de autobuses|f
bus stop|parada de autobús|paradas de autobús|f
business park office|oficina de parque empresarial|oficinas de parque empresarial|f
butcher shop|carnicería|carnicerías|f
cafe|café|cafés|m
candles shop|tienda de velas|tiendas de velas|f
capital city|capital|capitales|f
car rental|alquiler de coches|alquileres de coches|m
car repair shop|taller mecánico|talleres mecánicos|m
carpet shop|tienda de alfombras|tiendas de alfombras|f
cartographer craft|taller de cartografía|talleres de cartografía|m
casino|casino|casinos|m
central bank office|oficina del banco central|oficinas del banco central|f
childcare|guardería|guarderías|f
cinema|cine|cines|m
city|ciudad|ciudades|f
city block|manzana|manzanas|f
civil area|zona civil|zonas civiles|f
clinic|clínica|clínicas|f
clockmaker craft|relojería artesanal|relojerías artesanales|f
clothes shop|tienda de ropa|tiendas de ropa|f
college|centro de estudios superiores|centros de estudios superiores|m
commercial area|zona comercial|zonas comerciales|f
community centre|centro comunitario|centros comunitarios|m
company office|oficina de empresa|oficinas de empresa|f
computer shop|tienda de informática|tiendas de informática|f
confectionery shop|confitería|confiterías|f
conference centre|centro de conferencias|centros de conferencias|m
consulate|consulado|consulados|m
convenience shop|tienda de conveniencia|tiendas de conveniencia|f
cookware shop|tienda de menaje de cocina|tiendas de menaje de cocina|f
cosmetics shop|tienda de cosméticos|tiendas de cosméticos|f
country|país|países|m
county|condado|condados|m
courthouse|juzgado|juzgados|m
coworking space|espacio de coworking|espacios de coworking|m
craft shop|tienda de manualidades|tiendas de manualidades|f
dance|escuela de baile|escuelas de baile|f
deli shop|charcutería|charcuterías|f
deli,  kitchen shop|charcutería y tienda de cocina|charcuterías y tiendas de cocina|f
dentist|dentista|dentistas|m
department store shop|gran almacén|grandes almacenes|m
digital growth consultancy office|consultoría de crecimiento digital|consultorías de crecimiento digital|f
doctors|consultorio médico|consultorios médicos|m
doityourself shop|tienda de bricolaje|tiendas de bricolaje|f
driving school|autoescuela|autoescuelas|f
earthquake|terremoto|terremotos|m
electronics repair craft|taller de reparación de electrónica|talleres de reparación de electrónica|m
electronics shop|tienda de electrónica|tiendas de electrónica|f
embassy|embajada|embajadas|f
estate agent office|agencia inmobiliaria|agencias inmobiliarias|f
events venue|espacio para eventos|espacios para eventos|m
explosion|explosión|explosiones|f
fabric shop|tienda de telas|tiendas de telas|f
fast food|restaurante de comida rápida|restaurantes de comida rápida|m
federal district|distrito federal|distritos federales|m
ferry terminal|terminal de ferris|terminales de ferris|f
financial office|oficina financiera|oficinas financieras|f
fire station|estación de bomberos|estaciones de bomberos|f
fitness centre|gimnasio|gimnasios|m
florist shop|floristería|floristerías|f
food court|patio de comidas|patios de comidas|m
foundation office|sede de fundación|sedes de fundaciones|f
frame shop|tienda de marcos|tiendas de marcos|f
fuel|gasolinera|gasolineras|f
funeral directors shop|funeraria|funerarias|f
furniture shop|tienda de muebles|tiendas de muebles|f
gallery|galería de arte|galerías de arte|f
games shop|tienda de juegos|tiendas de juegos|f
garden centre shop|centro de jardinería|centros de jardinería|m
gift shop|tienda de regalos|tiendas de regalos|f
gold shop|tienda de oro|tiendas de oro|f
government office|oficina gubernamental|oficinas gubernamentales|f
grocery shop|tienda de comestibles|tiendas de comestibles|f
hairdresser shop|peluquería|peluquerías|f
hamlet|aldea|aldeas|f
handbags shop|tienda de bolsos de mano|tiendas de bolsos de mano|f
handicraft shop|tienda de artesanía|tiendas de artesanía|f
handicrafts shop|tienda de artesanías|tiendas de artesanías|f
hardware shop|ferretería|ferreterías|f
hat shop|sombrerería|sombrererías|f
hats shop|tienda de sombreros|tiendas de sombreros|f
health food shop|tienda de alimentos naturales|tiendas de alimentos naturales|f
hearing aids shop|tienda de audífonos|tiendas de audífonos|f
hifi shop|tienda de equipos de alta fidelidad|tiendas de equipos de alta fidelidad|f
hostel|albergue|albergues|m
hotel|hotel|hoteles|m
houseware shop|tienda de artículos para el hogar|tiendas de artículos para el hogar|f
information|punto de información|puntos de información|m
insurance office|oficina de seguros|oficinas de seguros|f
interior decoration shop|tienda de decoración|tiendas de decoración|f
it office|oficina de informática|oficinas de informática|f
jewelry shop|joyería|joyerías|f
junk shop|tienda de trastos viejos|tiendas de trastos viejos|f
kindergarten|jardín de infancia|jardines de infancia|m
kiosk shop|quiosco|quioscos|m
kitchen shop|tienda de cocinas|tiendas de cocinas|f
laundry shop|lavandería|lavanderías|f
lawyer office|bufete de abogados|bufetes de abogados|m
leather shop|tienda de artículos de cuero|tiendas de artículos de cuero|f
library|biblioteca|bibliotecas|f
locks shop|tienda de cerraduras|tiendas de cerraduras|f
locksmith shop|cerrajería|cerrajerías|f
mall shop|centro comercial|centros comerciales|m
marketplace|mercado|mercados|m
massage shop|centro de masajes|centros de masajes|m
medical supply shop|tienda de material médico|tiendas de material médico|f
memorial|monumento conmemorativo|monumentos conmemorativos|m
miniature golf|minigolf|minigolfs|m
mobile phone shop|tienda de telefonía móvil|tiendas de telefonía móvil|f
monitoring station|estación de monitoreo|estaciones de monitoreo|f
monument|monumento|monumentos|m
museum|museo|museos|m
music shop|tienda de música|tiendas de música|f
musical instrument shop|tienda de instrumentos musicales|tiendas de instrumentos musicales|f
nails shop|salón de uñas|salones de uñas|m
nailstudio shop|estudio de uñas|estudios de uñas|m
neighbourhood|barrio|barrios|m
ngo office|oficina de ONG|oficinas de ONG|f
nightclub|discoteca|discotecas|f
nightclub, restaurant|discoteca y restaurante|discotecas y restaurantes|f
office|oficina|oficinas|f
office building|edificio de oficinas|edificios de oficinas|m
optician shop|óptica|ópticas|f
outdoor seating|terraza|terrazas|f
outdoor shop|tienda de deportes al aire libre|tiendas de deportes al aire libre|f
park|parque|parques|m
park path|sendero de parque|senderos de parque|m
parking|aparcamiento|aparcamientos|m
party shop|tienda de artículos de fiesta|tiendas de artículos de fiesta|f
pawnbroker shop|casa de empeños|casas de empeños|f
pet shop|tienda de mascotas|tiendas de mascotas|f
pharmacy|farmacia|farmacias|f
photo shop|tienda de fotografía|tiendas de fotografía|f
pitch|campo deportivo|campos deportivos|m
place of worship|lugar de culto|lugares de culto|m
platform|andén|andenes|m
playground|parque infantil|parques infantiles|m
political party office|sede de partido político|sedes de partidos políticos|f
post office|oficina de correos|oficinas de correos|f
pub|pub|pubs|m
public building|edificio público|edificios públicos|m
quango office|oficina de organismo público autónomo|oficinas de organismos públicos autónomos|f
quarry blast|voladura de cantera|voladuras de cantera|f
records shop|tienda de discos|tiendas de discos|f
recycling|punto de reciclaje|puntos de reciclaje|m
residential building|edificio residencial|edificios residenciales|m
restaurant|restaurante|restaurantes|m
retail building|edificio comercial|edificios comerciales|m
road|calle|calles|f
school|escuela|escuelas|f
school building|edificio escolar|edificios escolares|m
second hand shop|tienda de segunda mano|tiendas de segunda mano|f
ship building|astillero|astilleros|m
shoemaker craft|zapatería artesanal|zapaterías artesanales|f
shoes shop|zapatería|zapaterías|f
shop|tienda|tiendas|f
social facility|centro de servicios sociales|centros de servicios sociales|m
sports centre|centro deportivo|centros deportivos|m
sports shop|tienda de deportes|tiendas de deportes|f
square|plaza|plazas|f
state|estado|estados|m
station|estación|estaciones|f
stop position|punto de parada|puntos de parada|m
store shop|almacén|almacenes|m
storm track|trayectoria de tormenta|trayectorias de tormentas|f
storm wind field|campo de viento de tormenta|campos de viento de tormentas|m
studio|estudio|estudios|m
suburb|barrio periférico|barrios periféricos|m
subway entrance|entrada de metro|entradas de metro|f
supermarket shop|supermercado|supermercados|m
tailor shop|sastrería|sastrerías|f
tattoo shop|estudio de tatuajes|estudios de tatuajes|m
taxi|parada de taxis|paradas de taxis|f
tea shop|tienda de té|tiendas de té|f
territory|territorio|territorios|m
theatre|teatro|teatros|m
ticket shop|taquilla|taquillas|f
tomb|tumba|tumbas|f
tower|torre|torres|f
toys shop|juguetería|jugueterías|f
training|centro de formación|centros de formación|m
tram stop|parada de tranvía|paradas de tranvía|f
travel agency shop|agencia de viajes|agencias de viajes|f
travel agent office|oficina de agencia de viajes|oficinas de agencias de viajes|f
tree|árbol|árboles|m
underground passage|paso subterráneo|pasos subterráneos|m
university|universidad|universidades|f
university building|edificio universitario|edificios universitarios|m
variety store shop|bazar|bazares|m
vending machine|máquina expendedora|máquinas expendedoras|f
watches shop|tienda de relojes|tiendas de relojes|f
water|masa de agua|masas de agua|f
web design office|estudio de diseño web|estudios de diseño web|m
"""

CATEGORIES: dict[str, tuple[str, str]] = {}
#: the gender of each category noun ("m"/"f"), for agreement
CATEGORY_GENDER: dict[str, str] = {}
for _key, (_one, _many, _gender) in table_rows(_CATEGORY_ROWS, 4).items():
    CATEGORIES[_key] = (_one, _many)
    CATEGORY_GENDER[_key] = _gender
