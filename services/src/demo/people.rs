//! The demo sellers: private people with Moroccan names (phone sign-in) and shops with a
//! trade, a city and a contact e-mail (e-mail sign-in), as the demo seed creates them.

use souk_domain::catalog::Vertical;

/// A private seller: full name and preferred city (French label, matched folded).
pub struct PrivateSeller {
    pub name: &'static str,
    pub city: &'static str,
}

pub static PRIVATE_SELLERS: [PrivateSeller; 14] = [
    PrivateSeller { name: "Youssef El Amrani", city: "Casablanca" },
    PrivateSeller { name: "Fatima Zahra Benali", city: "Rabat" },
    PrivateSeller { name: "Mohamed Tazi", city: "Casablanca" },
    PrivateSeller { name: "Khadija Alaoui", city: "Marrakech" },
    PrivateSeller { name: "Hamza Berrada", city: "Tanger" },
    PrivateSeller { name: "Salma Idrissi", city: "Fès" },
    PrivateSeller { name: "Omar Bennani", city: "Agadir" },
    PrivateSeller { name: "Imane Chraibi", city: "Casablanca" },
    PrivateSeller { name: "Mehdi Ouazzani", city: "Meknès" },
    PrivateSeller { name: "Nadia El Fassi", city: "Kénitra" },
    PrivateSeller { name: "Rachid Amziane", city: "Oujda" },
    PrivateSeller { name: "Soukaina Lahlou", city: "Tétouan" },
    PrivateSeller { name: "Ayoub Naciri", city: "Salé" },
    PrivateSeller { name: "Hajar Bouzidi", city: "El Jadida" },
];

/// A shop: name, sign-in e-mail, city, the landline prefix of that city, its vertical,
/// and the leaf categories it sells in (the first is its shop category).
pub struct Shop {
    pub name: &'static str,
    pub email: &'static str,
    pub city: &'static str,
    pub phone_prefix: &'static str,
    pub vertical: Vertical,
    pub categories: &'static [u32],
    /// Words of a leaf label that fit the shop, when none of `categories` exists.
    pub keywords: &'static [&'static str],
}

pub static SHOPS: [Shop; 8] = [
    Shop {
        name: "Auto Prestige Casa",
        email: "contact@auto-prestige-casa.ma",
        city: "Casablanca",
        phone_prefix: "0522",
        vertical: Vertical::Vehicles,
        categories: &[2010, 2040],
        keywords: &["voiture"],
    },
    Shop {
        name: "Immobilier Atlas Rabat",
        email: "contact@immobilier-atlas-rabat.ma",
        city: "Rabat",
        phone_prefix: "0537",
        vertical: Vertical::RealEstate,
        categories: &[1010, 1020, 1060, 1080, 1090],
        keywords: &["appartement"],
    },
    Shop {
        name: "Phone City Marrakech",
        email: "contact@phonecity-marrakech.ma",
        city: "Marrakech",
        phone_prefix: "0524",
        vertical: Vertical::Market,
        categories: &[5010, 5020, 5050],
        keywords: &["telephone"],
    },
    Shop {
        name: "Meubles Dar Lhna",
        email: "contact@meubles-darlhna.ma",
        city: "Fès",
        phone_prefix: "0535",
        vertical: Vertical::Market,
        categories: &[],
        keywords: &["meuble", "mobilier", "salon", "deco", "electromenager"],
    },
    Shop {
        name: "Moto Speed Tanger",
        email: "contact@motospeed-tanger.ma",
        city: "Tanger",
        phone_prefix: "0539",
        vertical: Vertical::Vehicles,
        categories: &[2020, 2030, 2060],
        keywords: &["moto"],
    },
    Shop {
        name: "Souss Immobilier Agadir",
        email: "contact@souss-immobilier.ma",
        city: "Agadir",
        phone_prefix: "0528",
        vertical: Vertical::RealEstate,
        categories: &[1050, 1300, 1020],
        keywords: &["villa", "vacance"],
    },
    Shop {
        name: "Tech Maroc Informatique",
        email: "contact@techmaroc-info.ma",
        city: "Casablanca",
        phone_prefix: "0522",
        vertical: Vertical::Market,
        categories: &[5030, 5040, 5050, 5070],
        keywords: &["ordinateur", "informatique"],
    },
    Shop {
        name: "Talents RH Conseil",
        email: "contact@talents-rh.ma",
        city: "Casablanca",
        phone_prefix: "0522",
        vertical: Vertical::JobsAndServices,
        categories: &[3010],
        keywords: &["emploi", "offre"],
    },
];
