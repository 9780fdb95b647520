//! Demo ads of the real-estate vertical: flats, houses, villas and riads, offices, shops,
//! land, garages and warehouses for sale or rent, holiday lets by the night, rooms to share
//! and new-build programmes, priced by surface and by how expensive the city is.

use super::content::{AdContent, Bi, Ctx, Intent, bi, count_words, describe, round_to};
use super::rng::Rng;
use souk_domain::Lang;
use souk_domain::money::Money;
use souk_domain::text::group_thousands;

pub fn write(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    if ctx.intent == Intent::Vacation {
        return vacation(ctx, rng);
    }
    match ctx.leaf.id {
        1010 => property(ctx, rng, &APARTMENT),
        1020 => property(ctx, rng, &HOUSE),
        1050 => {
            let kind = if rng.chance(0.6) { &VILLA } else { &RIAD };
            property(ctx, rng, kind)
        }
        1060 => property(ctx, rng, &OFFICE),
        1080 => property(ctx, rng, &COMMERCE),
        1090 => property(ctx, rng, &LAND),
        1200 => {
            let kind = if rng.chance(0.6) { &GARAGE } else { &WAREHOUSE };
            property(ctx, rng, kind)
        }
        1300 => vacation(ctx, rng),
        1400 => shared(ctx, rng),
        1500 => new_build(ctx, rng),
        _ if ctx.leaf_has(&["colocation", "chambre"]) => shared(ctx, rng),
        _ if ctx.leaf_has(&["vacance", "saison"]) => vacation(ctx, rng),
        _ if ctx.leaf_has(&["neuf", "projet", "programme"]) => new_build(ctx, rng),
        _ if ctx.leaf_has(&["villa", "riad"]) => property(ctx, rng, &VILLA),
        _ if ctx.leaf_has(&["maison"]) => property(ctx, rng, &HOUSE),
        _ if ctx.leaf_has(&["bureau", "plateau"]) => property(ctx, rng, &OFFICE),
        _ if ctx.leaf_has(&["commerce", "local", "magasin", "fonds"]) => property(ctx, rng, &COMMERCE),
        _ if ctx.leaf_has(&["terrain", "ferme", "agricole"]) => property(ctx, rng, &LAND),
        _ => property(ctx, rng, &APARTMENT),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Apartment,
    House,
    Villa,
    Riad,
    Office,
    Commerce,
    Land,
    Garage,
    Warehouse,
}

/// How a kind of property is named, sized and priced.
struct Kind {
    tag: Tag,
    name: Bi,
    /// French feminine (`meublée`), Arabic feminine (`مفروشة`).
    fem_fr: bool,
    fem_ar: bool,
    surface: (i64, i64),
    /// Whether it has bedrooms, floors and the comforts of a home.
    home: bool,
    /// Sale price per m² relative to a flat in the same city.
    sale_factor: f64,
    sale_bounds: (i64, i64),
    /// Monthly rent per m² relative to a flat in the same city.
    rent_factor: f64,
    rent_bounds: (i64, i64),
}

const APARTMENT: Kind = Kind {
    tag: Tag::Apartment,
    name: bi("Appartement", "شقة"),
    fem_fr: false,
    fem_ar: true,
    surface: (45, 180),
    home: true,
    sale_factor: 1.0,
    sale_bounds: (400_000, 3_500_000),
    rent_factor: 1.0,
    rent_bounds: (2_000, 25_000),
};
const HOUSE: Kind = Kind {
    tag: Tag::House,
    name: bi("Maison", "منزل"),
    fem_fr: true,
    fem_ar: false,
    surface: (80, 260),
    home: true,
    sale_factor: 0.85,
    sale_bounds: (500_000, 4_500_000),
    rent_factor: 0.8,
    rent_bounds: (2_500, 20_000),
};
const VILLA: Kind = Kind {
    tag: Tag::Villa,
    name: bi("Villa", "فيلا"),
    fem_fr: true,
    fem_ar: true,
    surface: (220, 900),
    home: true,
    sale_factor: 1.05,
    sale_bounds: (1_800_000, 12_000_000),
    rent_factor: 0.55,
    rent_bounds: (9_000, 25_000),
};
const RIAD: Kind = Kind {
    tag: Tag::Riad,
    name: bi("Riad", "رياض"),
    fem_fr: false,
    fem_ar: false,
    surface: (120, 420),
    home: true,
    sale_factor: 0.8,
    sale_bounds: (900_000, 6_000_000),
    rent_factor: 0.6,
    rent_bounds: (6_000, 25_000),
};
const OFFICE: Kind = Kind {
    tag: Tag::Office,
    name: bi("Bureau", "مكتب"),
    fem_fr: false,
    fem_ar: false,
    surface: (30, 300),
    home: false,
    sale_factor: 1.1,
    sale_bounds: (350_000, 5_000_000),
    rent_factor: 1.3,
    rent_bounds: (3_000, 25_000),
};
const COMMERCE: Kind = Kind {
    tag: Tag::Commerce,
    name: bi("Local commercial", "محل تجاري"),
    fem_fr: false,
    fem_ar: false,
    surface: (20, 250),
    home: false,
    sale_factor: 1.5,
    sale_bounds: (300_000, 5_000_000),
    rent_factor: 1.6,
    rent_bounds: (2_500, 25_000),
};
const LAND: Kind = Kind {
    tag: Tag::Land,
    name: bi("Terrain", "أرض"),
    fem_fr: false,
    fem_ar: true,
    surface: (150, 5_000),
    home: false,
    sale_factor: 0.3,
    sale_bounds: (120_000, 8_000_000),
    rent_factor: 0.05,
    rent_bounds: (2_000, 15_000),
};
const GARAGE: Kind = Kind {
    tag: Tag::Garage,
    name: bi("Garage", "مرآب"),
    fem_fr: false,
    fem_ar: false,
    surface: (14, 40),
    home: false,
    sale_factor: 0.5,
    sale_bounds: (60_000, 250_000),
    rent_factor: 0.6,
    rent_bounds: (600, 2_000),
};
const WAREHOUSE: Kind = Kind {
    tag: Tag::Warehouse,
    name: bi("Entrepôt", "مستودع"),
    fem_fr: false,
    fem_ar: false,
    surface: (150, 1_500),
    home: false,
    sale_factor: 0.35,
    sale_bounds: (600_000, 9_000_000),
    rent_factor: 0.35,
    rent_bounds: (5_000, 25_000),
};

/// Price of a flat per m² (sale) and monthly rent per m² in this city, in dirhams.
fn city_rates(ctx: &Ctx<'_>, rng: &mut Rng) -> (i64, i64) {
    let city = ctx.place.city_key();
    let tier1 = ["casablanca", "rabat"];
    let tier2 = ["marrakech", "tanger", "agadir", "mohammedia", "sale", "temara", "bouskoura", "dar bouazza"];
    if tier1.iter().any(|c| city.starts_with(c)) {
        (rng.range(11_000, 18_000), rng.range(70, 120))
    } else if tier2.iter().any(|c| city.starts_with(c)) {
        (rng.range(8_000, 13_000), rng.range(50, 90))
    } else {
        (rng.range(5_500, 9_000), rng.range(35, 65))
    }
}

fn floor_words(lang: Lang, floor: i64) -> String {
    match (lang, floor) {
        (Lang::Fr, 0) => "au rez-de-chaussée".to_string(),
        (Lang::Fr, 1) => "au 1er étage".to_string(),
        (Lang::Fr, n) => format!("au {n}e étage"),
        (Lang::Ar, 0) => "في الطابق الأرضي".to_string(),
        (Lang::Ar, n) => format!("في الطابق {n}"),
    }
}

fn rooms_words(lang: Lang, n: i64) -> String {
    count_words(lang, n, "chambre", "chambres", ["غرفة واحدة", "غرفتان", "غرف"])
}

fn property(ctx: &Ctx<'_>, rng: &mut Rng, kind: &Kind) -> AdContent {
    let lang = ctx.lang;
    let local = ctx.place.local(lang);
    let surface = round_to(rng.range(kind.surface.0, kind.surface.1), if kind.surface.1 > 1000 { 50 } else { 5 });
    let area = |lang: Lang| match lang {
        Lang::Fr => format!("{} m²", group_thousands(surface.unsigned_abs())),
        Lang::Ar => format!("{} م²", group_thousands(surface.unsigned_abs())),
    };
    let rooms = if kind.home { (surface / 35).clamp(1, 7) + rng.range(-1, 1) } else { 0 }.max(i64::from(kind.home));
    let bathrooms = if kind.home { ((rooms / 2).clamp(1, 4) + i64::from(rng.chance(0.3))).min(rooms) } else { 0 };
    let stacked = kind.tag == Tag::Apartment || kind.tag == Tag::Office;
    let floor = if stacked { rng.range(0, 9) } else { 0 };
    let elevator = floor >= 3 || (floor > 0 && rng.chance(0.4));
    let parking = rng.chance(0.5);
    let terrace = kind.home && rng.chance(0.35);
    let renting = matches!(ctx.intent, Intent::Rent | Intent::RentWanted);
    let furnished = kind.home && renting && rng.chance(0.4);
    let age = *rng.choose(&["neuf", "1_5_ans", "5_10_ans", "10_20_ans", "plus_20_ans"]);
    let name_fr = kind.name.fr;
    let name_ar = kind.name.ar;
    let size_fr = if kind.home { format!(" {}", rooms_words(Lang::Fr, rooms)) } else { String::new() };
    let size_ar = if kind.home { format!(" {}", rooms_words(Lang::Ar, rooms)) } else { String::new() };
    let (sale_m2, rent_m2) = city_rates(ctx, rng);
    let sale = ((surface * sale_m2) as f64 * kind.sale_factor) as i64;
    let rent = ((surface * rent_m2) as f64 * kind.rent_factor * if furnished { 1.3 } else { 1.0 }) as i64;
    let monthly = Money::from_dirhams(round_to(rent.clamp(kind.rent_bounds.0, kind.rent_bounds.1), 500));

    let mut c = AdContent::default();
    c.num("surface", surface);
    if kind.home {
        c.num("rooms", rooms);
    }

    if ctx.intent.is_wanted() {
        let article = if kind.fem_fr { "une" } else { "un" };
        let lower = name_fr.to_lowercase();
        c.title = if ctx.intent == Intent::RentWanted {
            ctx.t(
                format!("Cherche {lower}{size_fr} à louer à {local}"),
                format!("أبحث عن {name_ar}{size_ar} للكراء في {local}"),
            )
        } else {
            ctx.t(format!("Achète {lower}{size_fr} à {local}"), format!("أبحث عن {name_ar}{size_ar} للشراء في {local}"))
        };
        let mut more = vec![if kind.home {
            ctx.t("Proche des écoles et des commerces de préférence.", "يفضل قرب المدارس والمحلات التجارية.")
        } else {
            ctx.t("Bien desservi et facile d'accès de préférence.", "يفضل موقع سهل الولوج.")
        }];
        if ctx.intent == Intent::RentWanted {
            more.push(if kind.home {
                ctx.t("Famille sérieuse avec garant.", "عائلة جادة مع ضامن.")
            } else {
                ctx.t("Société sérieuse avec garanties.", "شركة جادة مع ضمانات.")
            });
            more.push(ctx.t("Pour un bail d'une année au moins.", "لعقد كراء سنة على الأقل."));
        } else {
            more.push(ctx.t("Paiement comptant ou crédit déjà accordé.", "الدفع نقدا أو بقرض موافق عليه."));
            more.push(ctx.t("Titre foncier exigé.", "الرسم العقاري ضروري."));
        }
        c.description = describe(
            rng,
            vec![ctx.t(
                format!("Je cherche {article} {lower} de {} environ à {local} ou dans les environs.", area(Lang::Fr)),
                format!("أبحث عن {name_ar} بمساحة {} تقريبا في {local} أو النواحي.", area(Lang::Ar)),
            )],
            more,
            Some(ctx.t("Agences s'abstenir.", "الوكالات تمتنع.")),
        );
        if ctx.intent == Intent::RentWanted && rng.chance(0.5) {
            c.price = Some(monthly);
        }
        return c;
    }

    if kind.home {
        c.num("bathrooms", bathrooms);
        c.flag("terrace", terrace);
        c.flag("furnished", furnished);
    }
    if stacked {
        c.num("floor", floor);
        c.flag("elevator", elevator);
    }
    if kind.tag != Tag::Land {
        c.flag("parking", parking);
        c.text("age", age);
    }
    let furnished_fr = if !furnished {
        ""
    } else if kind.fem_fr {
        " meublée"
    } else {
        " meublé"
    };
    let furnished_ar = if !furnished {
        ""
    } else if kind.fem_ar {
        " مفروشة"
    } else {
        " مفروش"
    };
    c.title = match ctx.intent {
        Intent::Rent => ctx.t(
            format!("{name_fr}{furnished_fr}{size_fr} {} à louer à {local}", area(Lang::Fr)),
            format!("{name_ar}{furnished_ar}{size_ar} {} للكراء في {local}", area(Lang::Ar)),
        ),
        _ if kind.tag == Tag::Land => ctx.t(
            format!("Terrain {} titré à {local}", area(Lang::Fr)),
            format!("أرض محفظة {} للبيع في {local}", area(Lang::Ar)),
        ),
        _ => ctx.t(
            format!("{name_fr}{size_fr} {} à {local}", area(Lang::Fr)),
            format!("{name_ar}{size_ar} {} للبيع في {local}", area(Lang::Ar)),
        ),
    };

    let mut more = Vec::new();
    if kind.home {
        more.push(ctx.t(
            format!("{} avec un salon marocain et une cuisine équipée.", capitalize(&rooms_words(Lang::Fr, rooms))),
            format!("{} مع صالون مغربي ومطبخ مجهز.", rooms_words(Lang::Ar, rooms)),
        ));
        more.push(match bathrooms {
            1 => ctx.t("Une salle de bain moderne.", "حمام عصري."),
            n => ctx.t(
                format!("{n} salles de bain dont une dans la suite parentale."),
                format!(
                    "{} منها واحد في الجناح الرئيسي.",
                    count_words(Lang::Ar, n, "", "", ["حمام واحد", "حمامان", "حمامات"])
                ),
            ),
        });
    }
    if elevator && parking {
        more.push(ctx.t("Résidence sécurisée avec ascenseur et place de parking.", "إقامة محروسة مع مصعد ومرآب."));
    } else if parking {
        more.push(ctx.t("Place de parking incluse.", "مكان لركن السيارة."));
    }
    if terrace {
        more.push(ctx.t("Grande terrasse bien ensoleillée.", "سطح كبير مشمس."));
    }
    if kind.tag == Tag::Villa || kind.tag == Tag::Riad {
        more.push(ctx.t("Jardin arboré et piscine.", "حديقة مشجرة ومسبح."));
    }
    if kind.tag == Tag::Commerce {
        more.push(ctx.t("Grande façade sur une avenue passante.", "واجهة كبيرة على شارع رئيسي."));
    }
    if kind.tag == Tag::Land {
        more.push(ctx.t("Accès goudronné avec eau et électricité à proximité.", "طريق معبدة والماء والكهرباء قريبان."));
    }
    more.push(ctx.t("Proche des écoles et des commerces.", "قريب من المدارس والمحلات التجارية."));
    if renting {
        more.push(ctx.t("Libre immédiatement.", "متوفر حالا."));
        more.push(ctx.t("Caution de deux mois demandée.", "ضمانة شهرين."));
    } else {
        more.push(ctx.t("Titre foncier disponible et papiers en règle.", "الرسم العقاري متوفر والوثائق سليمة."));
    }
    let lead = if stacked {
        ctx.t(
            format!(
                "{name_fr} de {} {} dans un quartier calme à {local}.",
                area(Lang::Fr),
                floor_words(Lang::Fr, floor)
            ),
            format!("{name_ar} بمساحة {} {} في حي هادئ في {local}.", area(Lang::Ar), floor_words(Lang::Ar, floor)),
        )
    } else if kind.home {
        ctx.t(
            format!("{name_fr} de {} dans un quartier calme à {local}.", area(Lang::Fr)),
            format!("{name_ar} بمساحة {} في حي هادئ في {local}.", area(Lang::Ar)),
        )
    } else {
        ctx.t(
            format!("{name_fr} de {} bien situé à {local}.", area(Lang::Fr)),
            format!("{name_ar} بمساحة {} في موقع جيد في {local}.", area(Lang::Ar)),
        )
    };
    let close = ctx.t(
        *rng.choose(&["Visite sur rendez-vous.", "Prix négociable.", "Agences s'abstenir."]),
        *rng.choose(&["الزيارة بموعد مسبق.", "الثمن قابل للنقاش."]),
    );
    c.description = describe(rng, vec![lead], more, Some(close));
    c.price = Some(match ctx.intent {
        Intent::Rent => monthly,
        _ => {
            let step = if sale < 1_000_000 { 5_000 } else { 10_000 };
            Money::from_dirhams(round_to(sale.clamp(kind.sale_bounds.0, kind.sale_bounds.1), step))
        }
    });
    c
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|f| f.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn vacation(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let local = ctx.place.local(lang);
    let (title, rooms, lo, hi, pool) = *rng.choose(&[
        (bi("Appartement vue mer pour vacances", "شقة مطلة على البحر للكراء في العطل"), 2, 350, 900, false),
        (bi("Studio meublé à la nuitée", "استوديو مفروش للكراء بالليلة"), 1, 250, 500, false),
        (bi("Villa avec piscine location vacances", "فيلا بمسبح للكراء في العطل"), 4, 1_500, 3_500, true),
        (bi("Riad de charme à la nuitée", "رياض ساحر للكراء بالليلة"), 3, 800, 2_500, true),
        (bi("Appartement familial pour l'été", "شقة عائلية للكراء في الصيف"), 3, 450, 1_100, false),
    ]);
    let capacity = rooms * 2 + rng.range(0, 2);
    let sea_view = rng.chance(0.4);
    let mut c = AdContent::default();
    c.num("rooms", rooms);
    c.num("capacity", capacity);
    c.flag("pool", pool);
    c.flag("sea_view", sea_view);
    c.flag("furnished", true);
    c.title = if ctx.intent.is_wanted() {
        ctx.t(format!("Cherche location vacances à {local}"), format!("أبحث عن كراء للعطلة في {local}"))
    } else {
        format!("{} {} {local}", title.get(lang), ctx.t("à", "في"))
    };
    let mut more = vec![
        ctx.t("Entièrement meublé et équipé avec climatisation et wifi.", "مفروش ومجهز بالكامل مع مكيف وإنترنت."),
        ctx.t("Linge de maison et ménage fournis.", "أغطية ونظافة متوفرة."),
        ctx.t("Minimum deux nuits.", "ليلتان على الأقل."),
        ctx.t("Idéal pour les familles.", "مثالي للعائلات."),
    ];
    if sea_view {
        more.insert(0, ctx.t("À quelques minutes à pied de la plage.", "على بعد دقائق مشيا من الشاطئ."));
    }
    if pool {
        more.insert(0, ctx.t("Piscine privée et jardin.", "مسبح خاص وحديقة."));
    }
    c.description = describe(
        rng,
        vec![ctx.t(
            format!("Logement de {} pouvant accueillir {capacity} personnes à {local}.", rooms_words(Lang::Fr, rooms)),
            format!("سكن من {} يتسع لـ {capacity} أشخاص في {local}.", rooms_words(Lang::Ar, rooms)),
        )],
        more,
        Some(ctx.t("Prix par nuit.", "الثمن لليلة الواحدة.")),
    );
    if !ctx.intent.is_wanted() {
        c.price = Some(Money::from_dirhams(round_to(rng.range(lo, hi), 50)));
    }
    c
}

fn shared(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let local = ctx.place.local(lang);
    let mates = rng.range(1, 3);
    let mut c = AdContent::default();
    c.num("roommates", mates);
    c.flag("furnished", true);
    c.title = if ctx.intent.is_wanted() {
        ctx.t(format!("Cherche chambre en colocation à {local}"), format!("أبحث عن غرفة في سكن مشترك في {local}"))
    } else {
        ctx.t(format!("Chambre meublée en colocation à {local}"), format!("غرفة مفروشة في سكن مشترك في {local}"))
    };
    c.description = describe(
        rng,
        vec![if ctx.intent.is_wanted() {
            ctx.t(
                "Étudiant sérieux cherche une chambre dans un appartement calme.",
                "طالب جاد يبحث عن غرفة في شقة هادئة.",
            )
        } else {
            match mates {
                1 => {
                    ctx.t("Chambre dans un appartement partagé avec un colocataire.", "غرفة في شقة مشتركة مع شخص واحد.")
                }
                2 => {
                    ctx.t("Chambre dans un appartement partagé avec deux colocataires.", "غرفة في شقة مشتركة مع شخصين.")
                }
                n => ctx.t(
                    format!("Chambre dans un appartement partagé avec {n} colocataires."),
                    format!("غرفة في شقة مشتركة مع {n} أشخاص."),
                ),
            }
        }],
        vec![
            ctx.t("Cuisine et salon en commun.", "المطبخ والصالون مشتركان."),
            ctx.t("Internet et charges comprises.", "الإنترنت والمصاريف مشمولة."),
            ctx.t("Proche du tramway et des facultés.", "قريب من الترامواي والكليات."),
            ctx.t("De préférence étudiant ou jeune actif.", "يفضل طالب أو موظف شاب."),
        ],
        None,
    );
    c.price = Some(Money::from_dirhams(round_to(rng.range(1_200, 4_000), 100)));
    c
}

const RESIDENCES: [Bi; 8] = [
    bi("Les Jardins d'Anfa", "حدائق أنفا"),
    bi("Al Boustane", "البستان"),
    bi("Dar Salam", "دار السلام"),
    bi("Les Orangers", "البرتقال"),
    bi("Al Andalous", "الأندلس"),
    bi("Yasmine", "الياسمين"),
    bi("Les Palmiers", "النخيل"),
    bi("Atlas Garden", "حديقة الأطلس"),
];

fn new_build(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    let lang = ctx.lang;
    let local = ctx.place.local(lang);
    let residence = rng.choose(&RESIDENCES).get(lang);
    let rooms = rng.range(1, 3);
    let surface = round_to(rng.range(55, 95) + rooms * 15, 5);
    let mut c = AdContent::default();
    c.num("rooms", rooms);
    c.num("surface", surface);
    c.text("age", "neuf");
    c.flag("elevator", true);
    c.flag("parking", rng.chance(0.7));
    c.title = ctx.t(
        format!("Appartements neufs de {} et plus — Résidence {residence} à {local}", rooms_words(Lang::Fr, rooms)),
        format!("شقق جديدة من {} فما فوق — إقامة {residence} في {local}", rooms_words(Lang::Ar, rooms)),
    );
    c.description = describe(
        rng,
        vec![ctx.t(
            format!("Nouveau projet immobilier de standing à {local} avec des surfaces à partir de {surface} m²."),
            format!("مشروع عقاري جديد راق في {local} بمساحات ابتداء من {surface} م²."),
        )],
        vec![
            ctx.t(
                "Finitions haut de gamme avec double vitrage et cuisine équipée.",
                "تشطيبات راقية مع زجاج مزدوج ومطبخ مجهز.",
            ),
            ctx.t("Piscine et espaces verts dans la résidence.", "مسبح ومساحات خضراء داخل الإقامة."),
            ctx.t("Possibilité de crédit avec nos banques partenaires.", "إمكانية القرض مع الأبناك الشريكة."),
            ctx.t("Livraison prévue dans les douze prochains mois.", "التسليم خلال الاثني عشر شهرا المقبلة."),
            ctx.t("Bureau de vente ouvert 7j/7 sur place.", "مكتب البيع مفتوح طيلة أيام الأسبوع في عين المكان."),
        ],
        None,
    );
    let (sale_m2, _) = city_rates(ctx, rng);
    c.price = Some(Money::from_dirhams(round_to((surface * sale_m2).clamp(400_000, 3_500_000), 10_000)));
    c
}
