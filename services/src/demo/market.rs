//! Demo ads of the market vertical: phones and tablets (brand, storage, condition),
//! computers, accessories, cameras, TVs, consoles, sound, and household, fashion, leisure
//! and business goods chosen by the category's words, with a generic fallback.

use super::content::{AdContent, Bi, Condition, Ctx, Intent, bi, describe, generic, round_to};
use super::rng::Rng;
use souk_domain::money::Money;

/// A product: its name in both languages, its brand key (empty when it has none) and the
/// price range of a new one, in dirhams.
#[derive(Debug, Clone, Copy)]
struct Item {
    name: Bi,
    brand: &'static str,
    lo: i64,
    hi: i64,
    /// A deal rather than an object (a business, a stock, tickets): no condition to state.
    plain: bool,
}

const fn item(fr: &'static str, ar: &'static str, brand: &'static str, lo: i64, hi: i64) -> Item {
    Item { name: bi(fr, ar), brand, lo, hi, plain: false }
}

const fn deal(fr: &'static str, ar: &'static str, lo: i64, hi: i64) -> Item {
    Item { name: bi(fr, ar), brand: "", lo, hi, plain: true }
}

/// A phone or tablet: brand, model, storage choices (Go) and the price of the smallest one
/// used in very good condition.
type Device = (&'static str, &'static str, &'static [i64], i64);

const PHONES: [Device; 19] = [
    ("apple", "iPhone 11", &[64, 128], 3_200),
    ("apple", "iPhone 12", &[64, 128, 256], 4_200),
    ("apple", "iPhone 13", &[128, 256], 5_500),
    ("apple", "iPhone 13 Pro", &[128, 256, 512], 7_000),
    ("apple", "iPhone 14 Pro Max", &[128, 256, 512], 10_000),
    ("apple", "iPhone 15", &[128, 256], 8_500),
    ("apple", "iPhone 15 Pro", &[128, 256, 512], 11_000),
    ("samsung", "Samsung Galaxy S22 Ultra", &[128, 256], 6_500),
    ("samsung", "Samsung Galaxy S23", &[128, 256], 6_500),
    ("samsung", "Samsung Galaxy S24 Ultra", &[256, 512], 11_000),
    ("samsung", "Samsung Galaxy A54", &[128, 256], 2_800),
    ("samsung", "Samsung Galaxy A14", &[64, 128], 1_300),
    ("xiaomi", "Redmi Note 13 Pro", &[256], 2_600),
    ("xiaomi", "Xiaomi 13T", &[256], 4_200),
    ("oppo", "Oppo Reno 10", &[256], 3_000),
    ("huawei", "Huawei P30 Pro", &[128, 256], 2_200),
    ("infinix", "Infinix Hot 30", &[128], 1_100),
    ("tecno", "Tecno Spark 10", &[128], 900),
    ("google", "Google Pixel 7", &[128], 3_500),
];

const TABLETS: [Device; 7] = [
    ("apple", "iPad 9", &[64, 256], 2_600),
    ("apple", "iPad 10", &[64, 256], 3_800),
    ("apple", "iPad Air 5", &[64, 256], 5_500),
    ("apple", "iPad Pro 11", &[128, 256, 512], 7_500),
    ("samsung", "Galaxy Tab S7 FE", &[64, 128], 2_800),
    ("samsung", "Galaxy Tab A8", &[32, 64], 1_300),
    ("lenovo", "Lenovo Tab M10", &[32, 64], 1_000),
];

const LAPTOPS: [Item; 11] = [
    item("MacBook Air M1", "ماك بوك إير M1", "apple", 7_000, 9_500),
    item("MacBook Air M2", "ماك بوك إير M2", "apple", 9_500, 13_000),
    item("MacBook Pro 14 M1 Pro", "ماك بوك برو 14 M1 Pro", "apple", 14_000, 20_000),
    item("Dell Latitude 5420 i5", "ديل Latitude 5420 i5", "dell", 3_800, 5_800),
    item("Dell XPS 13", "ديل XPS 13", "dell", 7_500, 11_500),
    item("HP ProBook 450 G8", "إتش بي ProBook 450 G8", "hp", 4_000, 6_000),
    item("HP Pavilion 15", "إتش بي Pavilion 15", "hp", 3_800, 6_500),
    item("Lenovo ThinkPad T14", "لينوفو ThinkPad T14", "lenovo", 4_500, 7_000),
    item("Lenovo IdeaPad 3", "لينوفو IdeaPad 3", "lenovo", 3_000, 4_800),
    item("Asus TUF Gaming F15", "أسوس TUF Gaming F15", "asus", 7_000, 10_000),
    item("Acer Nitro 5", "أيسر Nitro 5", "acer", 6_500, 9_500),
];

const DESKTOPS: [Item; 5] = [
    item("PC Gamer i5 12400F RTX 3060", "حاسوب ألعاب i5 12400F RTX 3060", "", 7_500, 11_500),
    item("iMac 24 pouces M1", "آيماك 24 بوصة M1", "apple", 9_500, 14_000),
    item("Unité centrale HP EliteDesk i5", "وحدة مركزية HP EliteDesk i5", "hp", 1_600, 3_000),
    item("PC Dell OptiPlex 7050 i7", "حاسوب ديل OptiPlex 7050 i7", "dell", 2_200, 3_800),
    item("PC de bureau complet avec écran", "حاسوب مكتبي كامل مع شاشة", "", 1_900, 3_200),
];

const ACCESSORIES: [Item; 8] = [
    item("AirPods Pro 2", "سماعات AirPods Pro 2", "apple", 1_800, 2_600),
    item("Apple Watch Series 8", "ساعة Apple Watch Series 8", "apple", 3_000, 4_500),
    item("Casque JBL Tune 510BT", "سماعة JBL Tune 510BT", "jbl", 350, 550),
    item("Chargeur rapide Samsung 25 W", "شاحن سريع سامسونغ 25 واط", "samsung", 120, 220),
    item("Batterie externe Xiaomi 20000 mAh", "بطارية خارجية شاومي 20000 مللي أمبير", "xiaomi", 220, 380),
    item("Clavier mécanique Logitech", "لوحة مفاتيح ميكانيكية لوجيتك", "logitech", 600, 1_300),
    item("Écran Samsung 27 pouces", "شاشة سامسونغ 27 بوصة", "samsung", 1_700, 3_000),
    item("Souris gamer Razer", "فأرة ألعاب Razer", "razer", 350, 800),
];

const CAMERAS: [Item; 6] = [
    item("Canon EOS 2000D avec objectif 18-55", "كانون EOS 2000D مع عدسة 18-55", "canon", 3_200, 4_500),
    item("Nikon D5300", "نيكون D5300", "nikon", 3_400, 4_800),
    item("Sony Alpha A7 III", "سوني Alpha A7 III", "sony", 15_000, 19_000),
    item("GoPro Hero 11", "كاميرا GoPro Hero 11", "gopro", 3_200, 4_300),
    item("Fujifilm X-T30", "فوجي فيلم X-T30", "fujifilm", 7_500, 9_500),
    item("Drone DJI Mini 3", "درون DJI Mini 3", "dji", 5_000, 7_000),
];

const TVS: [Item; 5] = [
    item("Smart TV Samsung 55 pouces 4K", "تلفاز سامسونغ ذكي 55 بوصة 4K", "samsung", 4_000, 6_000),
    item("TV LG OLED 65 pouces", "تلفاز LG OLED 65 بوصة", "lg", 10_000, 15_000),
    item("TCL 43 pouces Android TV", "تلفاز TCL 43 بوصة أندرويد", "tcl", 2_000, 2_900),
    item("Hisense 50 pouces UHD", "تلفاز هايسنس 50 بوصة", "hisense", 2_800, 3_900),
    item("Sony Bravia 55 pouces", "تلفاز سوني برافيا 55 بوصة", "sony", 5_500, 9_000),
];

const CONSOLES: [Item; 7] = [
    item("PlayStation 5 avec 2 manettes", "بلايستيشن 5 مع يدين", "sony", 5_000, 7_000),
    item("PS4 Slim 500 Go avec 3 jeux", "بلايستيشن 4 سليم 500 جيغا مع 3 ألعاب", "sony", 2_000, 2_900),
    item("Xbox Series X", "إكس بوكس Series X", "microsoft", 4_500, 6_000),
    item("Nintendo Switch OLED", "نينتندو سويتش OLED", "nintendo", 3_000, 3_900),
    item("Manette PS5 DualSense", "يد تحكم PS5 DualSense", "sony", 500, 750),
    item("Jeu EA FC 24 pour PS5", "لعبة EA FC 24 لبلايستيشن 5", "", 300, 500),
    item("Casque PlayStation VR2", "خوذة PlayStation VR2", "sony", 4_500, 6_000),
];

const SOUND: [Item; 6] = [
    item("Enceinte JBL Charge 5", "مكبر صوت JBL Charge 5", "jbl", 1_300, 1_800),
    item("Barre de son Samsung HW-Q600", "مكبر صوت سامسونغ HW-Q600", "samsung", 2_000, 3_400),
    item("Home cinéma Sony 5.1", "مسرح منزلي سوني 5.1", "sony", 2_200, 3_800),
    item("Ampli Yamaha RX-V685", "مضخم صوت ياماها RX-V685", "yamaha", 3_300, 5_200),
    item("Platine vinyle Audio-Technica", "مشغل أسطوانات Audio-Technica", "audio-technica", 1_600, 3_000),
    item("Casque Sony WH-1000XM4", "سماعة سوني WH-1000XM4", "sony", 2_000, 2_800),
];

const APPLIANCES: [Item; 7] = [
    item("Réfrigérateur Samsung 400 L", "ثلاجة سامسونغ 400 لتر", "samsung", 4_500, 7_500),
    item("Machine à laver LG 8 kg", "آلة تصبين LG 8 كلغ", "lg", 3_500, 5_500),
    item("Four micro-ondes Whirlpool", "فرن ميكروويف ويرلبول", "whirlpool", 700, 1_400),
    item("Cuisinière 4 feux avec four", "طباخة 4 نيران مع فرن", "", 1_800, 3_500),
    item("Climatiseur split 12000 BTU", "مكيف هوائي 12000 وحدة", "", 3_500, 5_500),
    item("Aspirateur Dyson V11", "مكنسة كهربائية دايسون V11", "dyson", 3_500, 5_000),
    item("Lave-vaisselle Bosch", "غسالة صحون بوش", "bosch", 3_800, 6_000),
];

const FURNITURE: [Item; 7] = [
    item("Salon marocain complet 6 places", "صالون مغربي كامل 6 مقاعد", "", 6_000, 15_000),
    item("Canapé d'angle en tissu gris", "أريكة زاوية رمادية", "", 3_500, 8_000),
    item("Table à manger avec 6 chaises", "طاولة أكل مع 6 كراسي", "", 2_500, 6_000),
    item("Armoire 3 portes en bois", "خزانة ملابس 3 أبواب من الخشب", "", 2_000, 4_500),
    item("Chambre à coucher complète", "غرفة نوم كاملة", "", 7_000, 18_000),
    item("Bureau en bois massif", "مكتب من الخشب الصلب", "", 1_200, 3_000),
    item("Meuble TV moderne", "طاولة تلفاز عصرية", "", 800, 2_200),
];

const KITCHEN: [Item; 5] = [
    item("Service de table 24 pièces", "طقم أواني المائدة 24 قطعة", "", 500, 1_200),
    item("Théière marocaine en métal argenté", "براد مغربي فضي", "", 250, 900),
    item("Batterie de cuisine Tefal", "طقم أواني الطبخ تيفال", "tefal", 900, 2_000),
    item("Lot de 3 tajines en terre cuite", "3 طواجين من الطين", "", 150, 350),
    item("Robot pâtissier Kenwood", "عجانة كينوود", "kenwood", 2_500, 4_500),
];

const DECOR: [Item; 5] = [
    item("Tapis berbère fait main 2 x 3 m", "زربية أمازيغية يدوية 2 في 3 أمتار", "", 2_500, 7_000),
    item("Lustre en fer forgé", "ثريا من الحديد المطروق", "", 900, 2_500),
    item("Miroir mural doré", "مرآة حائطية ذهبية", "", 500, 1_500),
    item("Lanterne marocaine en cuivre", "فانوس مغربي نحاسي", "", 300, 1_200),
    item("Pouf en cuir fait main", "بوف جلدي يدوي", "", 250, 600),
];

const GARDEN: [Item; 5] = [
    item("Tondeuse à gazon électrique", "آلة جز العشب كهربائية", "", 1_200, 2_500),
    item("Perceuse Bosch sans fil", "مثقاب بوش لاسلكي", "bosch", 700, 1_500),
    item("Salon de jardin en résine", "طقم حديقة من الراتنج", "", 1_800, 4_000),
    item("Échelle aluminium 3 m", "سلم ألمنيوم 3 أمتار", "", 500, 1_100),
    item("Caisse à outils complète", "صندوق أدوات كامل", "", 400, 1_200),
];

const CLOTHES: [Item; 6] = [
    item("Caftan marocain brodé", "قفطان مغربي مطرز", "", 1_500, 6_000),
    item("Djellaba homme en laine", "جلابة رجالية من الصوف", "", 600, 1_800),
    item("Veste en cuir homme taille L", "سترة جلدية رجالية مقاس L", "", 700, 1_800),
    item("Robe de soirée taille 38", "فستان سهرة مقاس 38", "", 500, 2_000),
    item("Takchita pour mariage", "تكشيطة للأعراس", "", 2_500, 9_000),
    item("Jean Levi's 501 taille 32", "سروال جينز ليفايس 501 مقاس 32", "levis", 300, 700),
];

const SHOES: [Item; 4] = [
    item("Baskets Nike Air Max taille 42", "حذاء نايك Air Max مقاس 42", "nike", 800, 1_600),
    item("Sandales en cuir", "صندل جلدي", "", 200, 500),
    item("Bottines femme taille 38", "حذاء نسائي مقاس 38", "", 400, 900),
    item("Babouches marocaines", "بلغة مغربية", "", 150, 400),
];

const WATCHES: [Item; 4] = [
    item("Montre Casio G-Shock", "ساعة كاسيو G-Shock", "casio", 800, 1_600),
    item("Montre Tissot homme", "ساعة تيسو رجالية", "tissot", 3_000, 6_000),
    item("Bracelet en argent berbère", "سوار فضي أمازيغي", "", 400, 1_200),
    item("Collier en or 18 carats", "قلادة ذهب عيار 18", "", 4_000, 12_000),
];

const BAGS: [Item; 3] = [
    item("Sac à main en cuir", "حقيبة يد جلدية", "", 400, 1_800),
    item("Sac à dos Eastpak", "حقيبة ظهر Eastpak", "eastpak", 300, 650),
    item("Valise cabine Samsonite", "حقيبة سفر سامسونايت", "samsonite", 900, 2_000),
];

const BEAUTY: [Item; 4] = [
    item("Parfum Dior Sauvage 100 ml", "عطر ديور Sauvage 100 مل", "dior", 900, 1_400),
    item("Lisseur Babyliss", "مملس الشعر بابليس", "babyliss", 300, 700),
    item("Coffret huile d'argan et soins", "علبة زيت الأركان ومواد العناية", "", 200, 500),
    item("Sèche-cheveux Dyson", "مجفف الشعر دايسون", "dyson", 3_500, 4_800),
];

const BABY: [Item; 4] = [
    item("Poussette Chicco", "عربة أطفال شيكو", "chicco", 1_200, 3_000),
    item("Siège auto bébé", "كرسي سيارة للرضع", "", 500, 1_500),
    item("Lit bébé en bois", "سرير أطفال من الخشب", "", 800, 2_000),
    item("Lot de vêtements bébé 6 mois", "ملابس رضيع 6 أشهر", "", 150, 400),
];

const SPORT: [Item; 6] = [
    item("Tapis de course électrique", "آلة المشي الكهربائية", "", 3_500, 8_000),
    item("Vélo d'appartement", "دراجة رياضية منزلية", "", 1_200, 3_000),
    item("Haltères réglables 20 kg", "أثقال قابلة للتعديل 20 كلغ", "", 400, 900),
    item("Table de ping-pong pliable", "طاولة كرة الطاولة قابلة للطي", "", 1_500, 3_500),
    item("Planche de surf 6 pieds", "لوح ركوب الأمواج 6 أقدام", "", 1_500, 4_000),
    item("Tenue de football complète", "بذلة كرة القدم كاملة", "", 200, 500),
];

const MUSIC: [Item; 4] = [
    item("Guitare acoustique Yamaha", "قيثارة أكوستيك ياماها", "yamaha", 1_200, 2_800),
    item("Oud marocain fait main", "عود مغربي مصنوع يدويا", "", 1_500, 5_000),
    item("Piano numérique Casio", "بيانو رقمي كاسيو", "casio", 3_500, 7_000),
    item("Darbouka professionnelle", "دربوكة احترافية", "", 300, 900),
];

const BOOKS: [Item; 3] = [
    item("Lot de livres du baccalauréat", "مجموعة كتب الباكالوريا", "", 100, 300),
    item("Collection de romans en français", "مجموعة روايات بالفرنسية", "", 150, 500),
    item("Encyclopédie illustrée 10 volumes", "موسوعة مصورة 10 مجلدات", "", 400, 1_000),
];

const PETS: [Item; 3] = [
    item("Cage pour oiseaux avec accessoires", "قفص طيور مع ملحقاته", "", 200, 600),
    item("Aquarium 100 litres complet", "حوض أسماك 100 لتر كامل", "", 700, 1_600),
    item("Niche pour chien en bois", "بيت كلب من الخشب", "", 400, 1_000),
];

const TOYS: [Item; 4] = [
    item("Lego Technic", "ليغو تكنيك", "lego", 500, 1_500),
    item("Trottinette électrique Xiaomi", "تروتينيت كهربائية شاومي", "xiaomi", 2_500, 4_500),
    item("Tente de camping 4 places", "خيمة تخييم 4 أشخاص", "", 500, 1_300),
    item("Canne à pêche avec moulinet", "قصبة صيد مع بكرة", "", 300, 900),
];

const BUSINESS: [Item; 6] = [
    item("Machine à café professionnelle", "آلة قهوة احترافية", "", 9_000, 25_000),
    item("Vitrine réfrigérée pour magasin", "واجهة تبريد للمحل", "", 6_000, 15_000),
    item("Caisse enregistreuse tactile", "آلة تسجيل المبيعات", "", 2_500, 5_000),
    item("Machine à coudre industrielle", "آلة خياطة صناعية", "", 4_000, 9_000),
    item("Groupe électrogène 10 kVA", "مولد كهربائي 10 كيلوفولت أمبير", "", 12_000, 25_000),
    item("Lot de 10 chaises de bureau", "10 كراسي مكتب", "", 3_000, 6_000),
];

const ART: [Item; 5] = [
    item("Tableau peinture à l'huile signé", "لوحة زيتية موقعة", "", 1_500, 8_000),
    item("Pièces de monnaie anciennes marocaines", "قطع نقدية مغربية قديمة", "", 300, 2_500),
    item("Calligraphie arabe encadrée", "لوحة خط عربي مؤطرة", "", 600, 3_000),
    item("Poterie de Safi peinte à la main", "فخار آسفي مرسوم باليد", "", 200, 900),
    item("Collection de timbres du Maroc", "مجموعة طوابع مغربية", "", 500, 3_500),
];

const TRAVEL: [Item; 4] = [
    item("Valise cabine Samsonite", "حقيبة سفر سامسونايت", "samsonite", 900, 2_000),
    deal("Deux billets pour le festival Mawazine", "تذكرتان لمهرجان موازين", 600, 1_500),
    deal("Séjour de trois nuits à Dakhla", "إقامة ثلاث ليال في الداخلة", 3_000, 6_000),
    item("Sac de voyage en cuir", "حقيبة سفر جلدية", "", 500, 1_400),
];

const STOCKS: [Item; 4] = [
    deal("Lot de 200 t-shirts neufs", "200 قميص جديد بالجملة", 4_000, 9_000),
    deal("Stock de 150 paires de chaussures", "مخزون 150 زوج أحذية", 12_000, 25_000),
    deal("Lot de 500 coques de téléphone", "500 غطاء هاتف بالجملة", 3_000, 6_000),
    deal("Palette de carrelage 60 m²", "زليج 60 م² بالجملة", 5_000, 9_000),
];

const GOODWILL: [Item; 5] = [
    deal("Fonds de commerce café équipé", "أصل تجاري لمقهى مجهز", 250_000, 900_000),
    deal("Snack restaurant en activité", "مطعم سناك في حالة نشاط", 150_000, 600_000),
    deal("Pressing avec machines", "مصبنة مع الآلات", 120_000, 350_000),
    deal("Salon de coiffure équipé", "صالون حلاقة مجهز", 80_000, 250_000),
    deal("Épicerie avec clientèle fidèle", "محل بقالة مع زبناء أوفياء", 90_000, 300_000),
];

pub fn write(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let (items, electronic): (&[Item], bool) =
        match ctx.leaf.id {
            5010 => return device(ctx, rng, &PHONES),
            5020 => return device(ctx, rng, &TABLETS),
            5030 => return laptop(ctx, rng),
            5040 => (&DESKTOPS, true),
            5050 => (&ACCESSORIES, true),
            5060 => (&CAMERAS, true),
            5070 => (&TVS, true),
            5080 => (&CONSOLES, true),
            5090 => (&SOUND, true),
            _ if ctx.leaf_has(&["telephone", "smartphone", "mobile"]) => {
                return device(ctx, rng, &PHONES);
            }
            _ if ctx.leaf_has(&["tablette"]) => return device(ctx, rng, &TABLETS),
            _ if ctx.leaf_has(&["ordinateur", "informatique", "portable"]) => return laptop(ctx, rng),
            _ if ctx.leaf_has(&["electromenager"]) => (&APPLIANCES, true),
            _ if ctx.leaf_has(&["meuble", "salon", "canape", "mobilier"]) => {
                if ctx.leaf_has(&["deco"]) && rng.chance(0.4) { (&DECOR, false) } else { (&FURNITURE, false) }
            }
            _ if ctx.leaf_has(&["cuisine", "vaisselle", "ustensile"]) => (&KITCHEN, false),
            _ if ctx.leaf_has(&["deco", "tapis", "luminaire", "linge"]) => (&DECOR, false),
            _ if ctx.leaf_has(&["jardin", "bricolage", "outil"]) => (&GARDEN, false),
            _ if ctx.leaf_has(&["chaussure"]) => (&SHOES, false),
            _ if ctx.leaf_has(&["montre", "bijou", "bijoux"]) => (&WATCHES, false),
            _ if ctx.leaf_has(&["sac", "bagage", "maroquinerie"]) => (&BAGS, false),
            _ if ctx.leaf_has(&["beaute", "parfum", "cosmetique", "sante"]) => (&BEAUTY, false),
            _ if ctx.leaf_has(&["bebe", "enfant", "puericulture"]) => (&BABY, false),
            _ if ctx.leaf_has(&["vetement", "mode", "habit", "tenue"]) => (&CLOTHES, false),
            _ if ctx.leaf_has(&["sport", "fitness", "musculation"]) => (&SPORT, false),
            _ if ctx.leaf_has(&["instrument", "musique"]) => (&MUSIC, false),
            _ if ctx.leaf_has(&["livre", "magazine", "revue"]) => (&BOOKS, false),
            _ if ctx.leaf_has(&["animal", "animaux", "animalerie"]) => (&PETS, false),
            _ if ctx.leaf_has(&["jeu", "jeux", "jouet", "loisir", "camping", "chasse", "peche"]) => (&TOYS, false),
            _ if ctx.leaf_has(&["console", "gaming"]) => (&CONSOLES, true),
            _ if ctx.leaf_has(&["image", "son", "audio", "hifi"]) => (&SOUND, true),
            _ if ctx.leaf_has(&["collection", "antiquite", "tableau"]) => (&ART, false),
            _ if ctx.leaf_has(&["voyage", "billet", "billetterie"]) => (&TRAVEL, false),
            _ if ctx.leaf_has(&["stock", "gros"]) => (&STOCKS, false),
            _ if ctx.leaf_has(&["fonds"]) => (&GOODWILL, false),
            _ if ctx.leaf_has(&["materiel", "professionnel", "equipement", "industriel", "agricole"]) => {
                (&BUSINESS, false)
            }
            _ if ctx.leaf_has(&["autre", "autres", "divers"]) => {
                let lists: [&[Item]; 6] = [&FURNITURE, &APPLIANCES, &KITCHEN, &DECOR, &SPORT, &TOYS];
                (lists[rng.index(lists.len())], false)
            }
            id if (6000..7000).contains(&id) => (&FURNITURE, false),
            id if (7000..8000).contains(&id) => (&CLOTHES, false),
            id if (8000..9000).contains(&id) => (&SPORT, false),
            id if (9000..10000).contains(&id) => (&BUSINESS, false),
            _ => return generic(ctx, rng, 100, 5_000),
        };
    match rng.pick(items) {
        Some(item) => goods(ctx, rng, *item, None, electronic),
        None => generic(ctx, rng, 100, 5_000),
    }
}

fn device(ctx: &Ctx<'_>, rng: &mut Rng, devices: &[Device]) -> AdContent {
    let Some(&(brand, model, storages, base)) = rng.pick(devices) else {
        return generic(ctx, rng, 800, 15_000);
    };
    if storages.is_empty() {
        return generic(ctx, rng, 800, 15_000);
    }
    let step = rng.index(storages.len());
    let storage = storages.get(step).copied().unwrap_or(64);
    // A bigger capacity is worth about 12 per cent more per step.
    let used = base as f64 * (1.0 + 0.12 * step as f64);
    let new = used / Condition::VeryGood.price_factor();
    let item = Item { name: bi(model, model), brand, lo: new as i64, hi: (new * 1.05) as i64, plain: false };
    let detail = ctx.t(format!("{storage} Go"), format!("{storage} جيغا"));
    let mut c = goods(ctx, rng, item, Some(detail), true);
    c.text("model", model);
    c.num("storage", storage);
    if let Some(price) = c.price {
        let dh = (price.centimes() / 100).clamp(800, 15_000);
        c.price = Some(Money::from_dirhams(round_to(dh, if dh < 2_000 { 50 } else { 100 })));
    }
    c
}

fn laptop(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let Some(&item) = rng.pick(&LAPTOPS) else {
        return generic(ctx, rng, 2_000, 25_000);
    };
    let ram = *rng.choose(&[8, 8, 16, 16, 32]);
    let ssd = *rng.choose(&[256, 512, 512, 1000]);
    let specs_fr = if ssd >= 1000 { format!("{ram} Go RAM 1 To SSD") } else { format!("{ram} Go RAM {ssd} Go SSD") };
    let specs_ar = if ssd >= 1000 {
        format!("رام {ram} جيغا وSSD 1 تيرا")
    } else {
        format!("رام {ram} جيغا وSSD {ssd} جيغا")
    };
    let named = Item { lo: item.lo + (ram - 8) * 60, hi: item.hi + (ram - 8) * 60, ..item };
    let specs = ctx.t(specs_fr, specs_ar);
    let mut c = goods(ctx, rng, named, Some(specs), true);
    c.num("ram", ram);
    c.num("storage", ssd);
    c
}

/// A product ad: title with its condition, a few sentences, a price from the new price
/// scaled by condition. `detail` (a capacity, a configuration) follows the name;
/// `electronic` goods get a word on how they work.
fn goods(ctx: &Ctx<'_>, rng: &mut Rng, item: Item, detail: Option<String>, electronic: bool) -> AdContent {
    let lang = ctx.lang;
    let city = ctx.place.city(lang);
    let condition = Condition::pick(rng);
    let words = condition.title_words(rng).get(lang);
    let name = match detail {
        Some(detail) => format!("{} {detail}", item.name.get(lang)),
        None => item.name.get(lang).to_string(),
    };
    let mut c = AdContent::default();
    if !item.brand.is_empty() {
        c.text("brand", item.brand);
    }
    match ctx.intent {
        i if i.is_wanted() => {
            let lower = common_noun(&name, item.brand);
            let (title_fr, title_ar) = if item.plain {
                (format!("Cherche {lower} à {city}"), format!("أبحث عن {name} في {city}"))
            } else {
                (format!("Cherche {lower} en bon état"), format!("أبحث عن {name} في حالة جيدة"))
            };
            c.title = ctx.t(title_fr, title_ar);
            c.description = describe(
                rng,
                vec![ctx.t(
                    format!("Recherche {lower} à {city} ou dans la région."),
                    format!("أبحث عن {name} في {city} أو النواحي."),
                )],
                vec![
                    ctx.t("Paiement comptant à la remise.", "الدفع نقدا عند التسليم."),
                    ctx.t("Merci d'envoyer des photos récentes.", "المرجو إرسال صور حديثة."),
                    ctx.t("Budget raisonnable.", "الميزانية معقولة."),
                ],
                None,
            );
            return c;
        }
        Intent::Rent | Intent::Vacation => {
            c.title = ctx.t(format!("Location {name} à {city}"), format!("كراء {name} في {city}"));
            c.description = describe(
                rng,
                vec![ctx.t(
                    format!("{name} disponible à la location à {city}."),
                    format!("{name} متوفر للكراء في {city}."),
                )],
                vec![
                    ctx.t("Matériel propre et vérifié avant chaque location.", "معدات نظيفة يتم فحصها قبل كل كراء."),
                    ctx.t("Caution demandée.", "الضمانة مطلوبة."),
                    ctx.t("Tarif réduit à la semaine.", "ثمن مخفض للأسبوع."),
                ],
                Some(ctx.t("Prix par jour.", "الثمن لليوم الواحد.")),
            );
            c.price = Some(Money::from_dirhams(round_to((item.hi / 40).max(50), 10)));
            return c;
        }
        _ => {}
    }
    let mut more = Vec::new();
    if item.plain {
        c.title = ctx.t(format!("{name} à {city}"), format!("{name} في {city}"));
        more.push(ctx.t("Affaire sérieuse avec tous les documents.", "صفقة جدية مع جميع الوثائق."));
        more.push(ctx.t("Visite et informations complètes sur demande.", "المعاينة والمعلومات الكاملة عند الطلب."));
    } else {
        c.text("condition", condition.key());
        c.title = format!("{name} {words}");
        more.push(condition.sentence().get(lang).to_string());
    }
    if electronic && !item.brand.is_empty() {
        more.push(ctx.t("Vendu avec sa boîte et ses accessoires d'origine.", "يباع مع العلبة والملحقات الأصلية."));
        more.push(ctx.t("Facture disponible.", "الفاتورة متوفرة."));
    } else if !item.brand.is_empty() {
        more.push(ctx.t("Article authentique acheté en magasin.", "منتوج أصلي تم شراؤه من المتجر."));
    }
    if electronic && condition != Condition::Good {
        more.push(ctx.t("Aucune rayure et fonctionne parfaitement.", "بدون خدوش ويعمل بشكل ممتاز."));
    } else if !item.plain && !electronic {
        more.push(ctx.t("Propre et bien entretenu.", "نظيف ومعتنى به."));
    }
    if item.plain {
        c.no_delivery = true;
    } else if ctx.delivery {
        more.push(ctx.t(
            "Livraison possible partout au Maroc avec paiement à la livraison.",
            "التوصيل ممكن لجميع المدن مع الدفع عند الاستلام.",
        ));
    } else {
        more.push(ctx.t(format!("Remise en main propre à {city}."), format!("التسليم يدا بيد في {city}.")));
    }
    let close = ctx.t(
        *rng.choose(&["Prix ferme.", "Prix légèrement négociable.", "Pas d'échange."]),
        *rng.choose(&["الثمن نهائي.", "الثمن قابل للنقاش قليلا."]),
    );
    c.description =
        describe(rng, vec![ctx.t(format!("À vendre — {name}."), format!("للبيع {name}."))], more, Some(close));
    let new_price = rng.range(item.lo, item.hi.max(item.lo)) as f64;
    let factor = if item.plain { 1.0 } else { condition.price_factor() };
    let dh = (new_price * factor) as i64;
    let step = match dh {
        ..=500 => 10,
        501..=2_000 => 50,
        2_001..=20_000 => 100,
        20_001..=100_000 => 500,
        _ => 5_000,
    };
    c.price = Some(Money::from_dirhams(round_to(dh, step)));
    c
}

/// The name as it reads inside a sentence: a common noun loses its capital (`casque JBL`),
/// a brand or product line keeps it (`Samsung Galaxy`, `iPhone`, `PC Gamer`).
fn common_noun(name: &str, brand: &str) -> String {
    let first = name.split_whitespace().next().unwrap_or("");
    let folded = souk_domain::text::fold(first);
    let proper = (!brand.is_empty() && folded.starts_with(&souk_domain::text::fold(brand)))
        || first.chars().skip(1).any(char::is_uppercase)
        || ["xbox", "redmi", "oppo", "tecno", "infinix", "google", "galaxy", "lego"].contains(&folded.as_str());
    if proper {
        return name.to_string();
    }
    let mut chars = name.chars();
    chars.next().map(|f| f.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_nouns_lose_their_capital_and_brands_keep_it() {
        assert_eq!(common_noun("Casque JBL Tune 510BT", "jbl"), "casque JBL Tune 510BT");
        assert_eq!(common_noun("Samsung Galaxy A54 128 Go", "samsung"), "Samsung Galaxy A54 128 Go");
        assert_eq!(common_noun("iPhone 13 128 Go", "apple"), "iPhone 13 128 Go");
        assert_eq!(common_noun("PC Gamer i5", ""), "PC Gamer i5");
        assert_eq!(common_noun("Takchita pour mariage", ""), "takchita pour mariage");
        assert_eq!(common_noun("Xbox Series X", "microsoft"), "Xbox Series X");
    }
}
