//! Bad input on every operation of the schema: each query and mutation is asked with hostile
//! values of each argument's declared type — empty, enormous, negative and extreme numbers,
//! SQL and path fragments, bidi controls and NUL, deep JSON — by a visitor, a private account
//! and an admin. No answer may be a 5xx or an `INTERNAL_ERROR`, and none may carry internals
//! (SQL, file paths, Rust sources, panics): a bad value gets a catalogue code and wording.

mod common;

use common::{TestServer, start};
use serde_json::{Value, json};
use souk_domain::account::Role;
use souk_storage::accounts::AccountStore;
use std::collections::BTreeMap;

/// One field of a root type or input object: its name, arguments (name, type) and type.
#[derive(Debug, Clone)]
struct Field {
    name: String,
    args: Vec<(String, String)>,
    ty: String,
}

/// The schema's SDL split into its types' fields (root types, objects and input objects),
/// with the names of its enums (and their first value) and scalars.
struct Sdl {
    types: BTreeMap<String, Vec<Field>>,
    enums: BTreeMap<String, String>,
}

fn sdl() -> Sdl {
    let schema = souk_http::graphql::build_schema(&souk_http::graphql::SchemaLimits {
        max_depth: 64,
        max_complexity: 100_000,
        introspection: true,
    });
    let text = schema.sdl();
    let mut types = BTreeMap::new();
    let mut enums = BTreeMap::new();
    let mut current: Option<(String, bool)> = None;
    let mut in_doc = false;
    let mut fields = Vec::new();
    for raw in text.lines() {
        let line = raw.trim();
        if line.starts_with("\"\"\"") {
            let one_line = line.len() > 3 && line.ends_with("\"\"\"");
            in_doc = !(in_doc || one_line);
            continue;
        }
        if in_doc || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("type ").or_else(|| line.strip_prefix("input ")) {
            current = Some((rest.split([' ', '{']).next().unwrap_or_default().to_string(), false));
            fields = Vec::new();
            continue;
        }
        if let Some(rest) = line.strip_prefix("enum ") {
            current = Some((rest.split([' ', '{']).next().unwrap_or_default().to_string(), true));
            continue;
        }
        if line == "}" {
            if let Some((name, is_enum)) = current.take()
                && !is_enum
            {
                types.insert(name, std::mem::take(&mut fields));
            }
            continue;
        }
        match &current {
            Some((name, true)) => {
                enums.entry(name.clone()).or_insert_with(|| line.to_string());
            }
            Some((_, false)) => {
                if let Some(field) = parse_field(line) {
                    fields.push(field);
                }
            }
            None => {}
        }
    }
    Sdl { types, enums }
}

/// `name(a: T!, b: [U!] = 3): R!` or `name: R!` (a directive or default after it ignored).
fn parse_field(line: &str) -> Option<Field> {
    let name: String = line.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    if name.is_empty() {
        return None;
    }
    let rest = &line[name.len()..];
    let (args, ty) = if let Some(inner) = rest.strip_prefix('(') {
        let close = inner.rfind(')')?;
        let args = inner[..close]
            .split(", ")
            .filter_map(|a| {
                let (n, t) = a.split_once(": ")?;
                Some((n.trim().to_string(), t.split(" = ").next()?.trim().to_string()))
            })
            .collect();
        (args, inner[close + 1..].trim_start_matches(':').trim().to_string())
    } else {
        (Vec::new(), rest.trim_start_matches(':').trim().split(" = ").next()?.trim().to_string())
    };
    Some(Field { name, args, ty })
}

/// The named type inside `[T!]!`.
fn base(ty: &str) -> &str {
    ty.trim_matches(|c| c == '[' || c == ']' || c == '!')
}

/// The hostile strings, one per round.
const STRINGS: &[&str] = &[
    "",
    "' OR 1=1; DROP TABLE ads; --",
    "../../../../etc/passwd\u{0}",
    "\u{202e}٣٢١ DH\u{202d}<script>alert(1)</script>",
    "𝕊𝕠𝕦𝕜 🚗 ﷽ \r\n\t%00%n%s{{7*7}}${7*7}",
    "-1",
];

/// A hostile value of type `ty` for round `round`; input objects get every field filled.
fn value(sdl: &Sdl, ty: &str, round: usize, depth: usize) -> Value {
    if ty.starts_with('[') {
        let inner = &ty[1..ty.rfind(']').unwrap_or(ty.len())];
        return if round % 3 == 2 { json!([]) } else { json!([value(sdl, inner, round, depth + 1)]) };
    }
    match base(ty) {
        "String" | "ID" => {
            if round == 5 {
                json!("x".repeat(20_000))
            } else if round == 6 {
                json!("é".repeat(150_000))
            } else {
                json!(STRINGS[round % STRINGS.len()])
            }
        }
        "Int" => json!([0, -1, i32::MAX, i32::MIN, 1, -2_000_000_000][round % 6]),
        "Float" => json!([0.0, -1.0, 1e308, -1e308, 0.5, 3.0][round % 6]),
        "Boolean" => json!(round.is_multiple_of(2)),
        "JSON" => {
            let mut deep = json!({ "a": "b" });
            for _ in 0..[1, 50, 3, 200, 0, 10][round % 6] {
                deep = json!({ "x": [deep] });
            }
            deep
        }
        name => {
            if let Some(first) = sdl.enums.get(name) {
                return json!(first);
            }
            let Some(fields) = sdl.types.get(name) else { return Value::Null };
            if depth > 4 {
                return Value::Null;
            }
            let mut object = serde_json::Map::new();
            for f in fields {
                object.insert(f.name.clone(), value(sdl, &f.ty, round, depth + 1));
            }
            Value::Object(object)
        }
    }
}

/// The document asking `field` of `root` with a variable per argument.
fn document(sdl: &Sdl, keyword: &str, field: &Field) -> String {
    let vars: Vec<String> = field.args.iter().map(|(n, t)| format!("${n}: {t}")).collect();
    let args: Vec<String> = field.args.iter().map(|(n, _)| format!("{n}: ${n}")).collect();
    let returned = base(&field.ty);
    let selection = if sdl.types.contains_key(returned) { " { __typename }" } else { "" };
    let head = if vars.is_empty() { keyword.to_string() } else { format!("{keyword}({})", vars.join(", ")) };
    let call = if args.is_empty() { field.name.clone() } else { format!("{}({})", field.name, args.join(", ")) };
    format!("{head} {{ {call}{selection} }}")
}

/// What an answer must never carry.
const INTERNALS: &[&str] = &[
    "sqlite",
    "SQLITE",
    "constraint failed",
    "syntax error",
    ".rs:",
    "panicked",
    "/tmp/",
    "/work/",
    "rusqlite",
    "Backtrace",
];

async fn register(s: &TestServer, phone: &str) -> (String, i64) {
    let q = "mutation($i: RegisterAccountInput!) { registerAccount(input: $i) { login { accessToken } info { id } } }";
    let input = json!({ "type": "private", "name": "Hamza Berrada", "phone": phone, "cityId": 1, "password": "secret1", "passwordConfirmation": "secret1" });
    let body = s.gql_as(None, &[], q, json!({ "i": input })).await;
    let p = &body["data"]["registerAccount"];
    (p["login"]["accessToken"].as_str().expect("token").into(), p["info"]["id"].as_i64().expect("id"))
}

async fn sign_in(s: &TestServer, phone: &str) -> String {
    let q = "mutation($i: String!) { loginByIdentifier(identifier: $i, password: \"secret1\") { accessToken } }";
    let body = s.gql_as(None, &[], q, json!({ "i": phone })).await;
    body["data"]["loginByIdentifier"]["accessToken"].as_str().unwrap_or_else(|| panic!("signed in: {body}")).to_string()
}

/// The account's id while `token` still signs it in.
async fn still_signed_in(s: &TestServer, token: &str) -> Option<i64> {
    let body = s.gql_as(Some(token), &[], "{ getCurrentUser { userId } }", json!({})).await;
    body["data"]["getCurrentUser"]["userId"].as_i64()
}

#[actix_web::test]
async fn hostile_values_for_every_argument_of_every_operation_get_no_5xx_and_no_internals() {
    let s = start("bad-inputs", |_| {}).await;
    register(&s, "0612400001").await;
    let (_, admin_id) = register(&s, "0612400002").await;
    s.store.set_roles(admin_id, vec![Role::Admin]).await.expect("admin");
    // A visitor, a private account and an admin, each signed in again when a hostile
    // `logout` or password change ended its session.
    let phones = ["", "0612400001", "0612400002"];
    let mut tokens: [Option<String>; 3] =
        [None, Some(sign_in(&s, phones[1]).await), Some(sign_in(&s, phones[2]).await)];

    let sdl = sdl();
    let mut asked = 0;
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for (root, keyword) in [("QueryRoot", "query"), ("MutationRoot", "mutation")] {
        let fields = sdl.types.get(root).expect("root type").clone();
        assert!(fields.len() > 50, "{root} read from the SDL");
        for field in fields.iter().filter(|f| !f.args.is_empty()) {
            let doc = document(&sdl, keyword, field);
            for round in 0..7 {
                let vars: serde_json::Map<String, Value> =
                    field.args.iter().map(|(n, t)| (n.clone(), value(&sdl, t, round, 0))).collect();
                let who = round % 3;
                if let Some(token) = &tokens[who]
                    && still_signed_in(&s, token).await.is_none()
                {
                    tokens[who] = Some(sign_in(&s, phones[who]).await);
                }
                let auth = tokens[who].as_ref().map(|t| format!("Bearer {t}"));
                let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
                let (status, body) = s.gql("/graphql", &headers, &doc, Value::Object(vars.clone())).await;
                asked += 1;
                let text = body.to_string();
                assert!(status.as_u16() < 500, "{} round {round}: {status} {text:.2000}", field.name);
                let code = body["errors"][0]["extensions"]["code"]
                    .as_str()
                    .or_else(|| body["code"].as_str())
                    .unwrap_or("none");
                assert_ne!(code, "INTERNAL_ERROR", "{} round {round} with {vars:.500?}: {text:.2000}", field.name);
                for internal in INTERNALS {
                    assert!(!text.contains(internal), "{} round {round} shows {internal:?}: {text:.2000}", field.name);
                }
                if code != "none" {
                    // Worded for people, in the asked language (French here), with its key.
                    let wording =
                        body["errors"][0]["message"].as_str().or_else(|| body["wording"].as_str()).unwrap_or("");
                    let key =
                        body["errors"][0]["extensions"]["messageKey"].as_str().or_else(|| body["messageKey"].as_str());
                    assert!(
                        !wording.is_empty() && wording != code && key.is_some(),
                        "{} round {round}: {text:.1000}",
                        field.name
                    );
                }
                *codes.entry(code.to_string()).or_default() += 1;
            }
        }
    }
    eprintln!("{asked} hostile requests, answered by code: {codes:?}");
    assert!(asked > 500, "every operation with arguments was asked: {asked}");
}
