//! Every CQL statement the ScyllaDB backends prepare, in one place, so that a test can check
//! each against the schema: it names its table's whole partition key (one partition per read,
//! no scan), never uses ALLOW FILTERING, and is marked idempotent only when repeating it is
//! harmless (counter updates and lightweight transactions are not). `{ks}` is the keyspace.

/// One statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cql {
    pub name: &'static str,
    pub text: &'static str,
    /// Whether the driver may retry it (on another node, after a timeout).
    pub idempotent: bool,
}

// ---- metrics --------------------------------------------------------------------------------

pub const METRIC_ADD_HOUR: Cql = Cql {
    name: "metric_add_hour",
    text: "UPDATE {ks}.metric_hours SET count = count + ? WHERE owner = ? AND metric = ? AND day = ? AND hour = ?",
    idempotent: false,
};
pub const METRIC_ADD_DAY: Cql = Cql {
    name: "metric_add_day",
    text: "UPDATE {ks}.metric_days SET count = count + ? WHERE owner = ? AND metric = ? AND year = ? AND day = ?",
    idempotent: false,
};
pub const METRIC_ADD_TOTAL: Cql = Cql {
    name: "metric_add_total",
    text: "UPDATE {ks}.metric_totals SET total = total + ? WHERE owner = ? AND metric = ?",
    idempotent: false,
};
pub const METRIC_HOURS: Cql = Cql {
    name: "metric_hours",
    text: "SELECT hour, count FROM {ks}.metric_hours WHERE owner = ? AND metric = ? AND day = ?",
    idempotent: true,
};
pub const METRIC_DAYS: Cql = Cql {
    name: "metric_days",
    text: "SELECT day, count FROM {ks}.metric_days WHERE owner = ? AND metric = ? AND year = ? AND day >= ? AND day <= ?",
    idempotent: true,
};
pub const METRIC_TOTAL: Cql = Cql {
    name: "metric_total",
    text: "SELECT total FROM {ks}.metric_totals WHERE owner = ? AND metric = ?",
    idempotent: true,
};

// ---- chat -----------------------------------------------------------------------------------

pub const CONVERSATION_GET: Cql = Cql {
    name: "conversation_get",
    text: "SELECT conversation_id, list_id, ad_id, ad_title, ad_image, buyer_id, visitor_email, seller_id, created_at, buyer_blocked, seller_blocked FROM {ks}.chat_conversations WHERE conversation_id = ?",
    idempotent: true,
};
pub const CONVERSATION_INSERT: Cql = Cql {
    name: "conversation_insert",
    text: "INSERT INTO {ks}.chat_conversations (conversation_id, list_id, ad_id, ad_title, ad_image, buyer_id, visitor_email, seller_id, created_at, buyer_blocked, seller_blocked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, false, false)",
    idempotent: true,
};
pub const CONVERSATION_BLOCK_BY_SELLER: Cql = Cql {
    name: "conversation_block_by_seller",
    text: "UPDATE {ks}.chat_conversations SET seller_blocked = ? WHERE conversation_id = ?",
    idempotent: true,
};
pub const CONVERSATION_BLOCK_BY_BUYER: Cql = Cql {
    name: "conversation_block_by_buyer",
    text: "UPDATE {ks}.chat_conversations SET buyer_blocked = ? WHERE conversation_id = ?",
    idempotent: true,
};
pub const CONVERSATION_KEY_CLAIM: Cql = Cql {
    name: "conversation_key_claim",
    text: "INSERT INTO {ks}.chat_conversation_keys (list_id, starter, conversation_id) VALUES (?, ?, ?) IF NOT EXISTS",
    idempotent: false,
};
pub const MEMBER_GET: Cql = Cql {
    name: "member_get",
    text: "SELECT conversation_id, last_activity, last_message_id, last_preview, last_sender_id, unread, read_upto, deleted_upto, hidden FROM {ks}.chat_members WHERE account_id = ? AND conversation_id = ?",
    idempotent: true,
};
pub const MEMBERS_OF_ACCOUNT: Cql = Cql {
    name: "members_of_account",
    text: "SELECT conversation_id, last_activity, last_message_id, last_preview, last_sender_id, unread, read_upto, deleted_upto, hidden FROM {ks}.chat_members WHERE account_id = ?",
    idempotent: true,
};
pub const MEMBER_CREATE: Cql = Cql {
    name: "member_create",
    text: "INSERT INTO {ks}.chat_members (account_id, conversation_id, last_activity, unread, hidden) VALUES (?, ?, ?, 0, ?) IF NOT EXISTS",
    idempotent: false,
};
pub const MEMBER_UPDATE_IF: Cql = Cql {
    name: "member_update_if",
    text: "UPDATE {ks}.chat_members SET last_activity = ?, last_message_id = ?, last_preview = ?, last_sender_id = ?, unread = ?, read_upto = ?, deleted_upto = ?, hidden = ? WHERE account_id = ? AND conversation_id = ? IF last_message_id = ? AND read_upto = ? AND deleted_upto = ?",
    idempotent: false,
};
pub const ACTIVITY_INSERT: Cql = Cql {
    name: "activity_insert",
    text: "INSERT INTO {ks}.chat_members_by_activity (account_id, last_activity, conversation_id) VALUES (?, ?, ?)",
    idempotent: true,
};
pub const ACTIVITY_DELETE: Cql = Cql {
    name: "activity_delete",
    text: "DELETE FROM {ks}.chat_members_by_activity WHERE account_id = ? AND last_activity = ? AND conversation_id = ?",
    idempotent: true,
};
pub const ACTIVITY_LIST: Cql = Cql {
    name: "activity_list",
    text: "SELECT conversation_id FROM {ks}.chat_members_by_activity WHERE account_id = ? LIMIT ?",
    idempotent: true,
};
pub const MESSAGE_INSERT: Cql = Cql {
    name: "message_insert",
    text: "INSERT INTO {ks}.chat_messages (conversation_id, bucket, message_id, sender_id, client_message_id, body, attachment) VALUES (?, ?, ?, ?, ?, ?, ?)",
    idempotent: true,
};
pub const MESSAGE_GET: Cql = Cql {
    name: "message_get",
    text: "SELECT conversation_id, message_id, sender_id, client_message_id, body, attachment FROM {ks}.chat_messages WHERE conversation_id = ? AND bucket = ? AND message_id = ?",
    idempotent: true,
};
pub const MESSAGE_RANGE: Cql = Cql {
    name: "message_range",
    text: "SELECT conversation_id, message_id, sender_id, client_message_id, body, attachment FROM {ks}.chat_messages WHERE conversation_id = ? AND bucket = ? AND message_id < ? AND message_id > ? LIMIT ?",
    idempotent: true,
};
pub const CLIENT_ID_CLAIM: Cql = Cql {
    name: "client_id_claim",
    text: "INSERT INTO {ks}.chat_client_ids (sender_id, client_message_id, conversation_id, message_id) VALUES (?, ?, ?, ?) IF NOT EXISTS",
    idempotent: false,
};

/// Every statement of every backend.
pub const ALL: &[Cql] = &[
    METRIC_ADD_HOUR,
    METRIC_ADD_DAY,
    METRIC_ADD_TOTAL,
    METRIC_HOURS,
    METRIC_DAYS,
    METRIC_TOTAL,
    CONVERSATION_GET,
    CONVERSATION_INSERT,
    CONVERSATION_BLOCK_BY_SELLER,
    CONVERSATION_BLOCK_BY_BUYER,
    CONVERSATION_KEY_CLAIM,
    MEMBER_GET,
    MEMBERS_OF_ACCOUNT,
    MEMBER_CREATE,
    MEMBER_UPDATE_IF,
    ACTIVITY_INSERT,
    ACTIVITY_DELETE,
    ACTIVITY_LIST,
    MESSAGE_INSERT,
    MESSAGE_GET,
    MESSAGE_RANGE,
    CLIENT_ID_CLAIM,
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Table -> (partition key columns, every column), read from the shipped schema.
    fn schema_tables() -> BTreeMap<String, (Vec<String>, BTreeSet<String>)> {
        let mut tables = BTreeMap::new();
        for statement in super::super::schema_statements("souk") {
            let Some(rest) = statement.strip_prefix("CREATE TABLE IF NOT EXISTS souk.") else { continue };
            let name = rest.split_whitespace().next().expect("table name").trim_end_matches('(').to_string();
            let body = &rest[rest.find('(').expect("columns") + 1..];
            let columns = body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("PRIMARY KEY") && !l.starts_with(')'))
                .map(|l| l.split_whitespace().next().expect("column").to_string())
                .collect();
            let key = &body[body.find("PRIMARY KEY ((").expect("a composite-style key") + 14..];
            let partition =
                key[..key.find(')').expect("partition end")].split(',').map(|c| c.trim().to_string()).collect();
            tables.insert(name, (partition, columns));
        }
        tables
    }

    fn table_of(text: &str) -> String {
        let after = text.split("{ks}.").nth(1).expect("a keyspace-qualified table");
        after.split_whitespace().next().expect("table").trim_end_matches('(').to_string()
    }

    #[test]
    fn the_schema_has_the_tables_of_the_design() {
        let tables = schema_tables();
        for table in ["metric_hours", "metric_days", "metric_totals", "chat_messages", "chat_members"] {
            assert!(tables.contains_key(table), "{table} is missing from schema.cql");
        }
        assert_eq!(tables["chat_messages"].0, vec!["conversation_id", "bucket"]);
        assert_eq!(tables["metric_hours"].0, vec!["owner", "metric", "day"]);
    }

    /// What is wrong with a statement against the schema (empty when nothing).
    fn problems(cql: &Cql, tables: &BTreeMap<String, (Vec<String>, BTreeSet<String>)>) -> Vec<String> {
        let mut out = Vec::new();
        let upper = cql.text.to_uppercase();
        if upper.contains("ALLOW FILTERING") {
            out.push("ALLOW FILTERING".to_string());
        }
        if upper.contains(" IN (") {
            out.push("IN over partitions".to_string());
        }
        let table = table_of(cql.text);
        let Some((partition, columns)) = tables.get(&table) else {
            return vec![format!("no table {table}")];
        };
        if upper.starts_with("INSERT") {
            let listed = &cql.text[cql.text.find('(').expect("columns") + 1..cql.text.find(')').expect("end")];
            let listed: BTreeSet<&str> = listed.split(',').map(str::trim).collect();
            out.extend(
                partition.iter().filter(|k| !listed.contains(k.as_str())).map(|k| format!("insert without {k}")),
            );
            return out;
        }
        let Some(at) = cql.text.find(" WHERE ") else {
            out.push("no WHERE".to_string());
            return out;
        };
        let clause = &cql.text[at + 7..];
        let clause = clause.split(" IF ").next().unwrap_or(clause);
        let clause = clause.split(" LIMIT ").next().unwrap_or(clause);
        let equalities: BTreeSet<&str> = clause
            .split(" AND ")
            .filter_map(|c| c.trim().strip_suffix("= ?").map(str::trim))
            .filter(|c| !c.ends_with(['<', '>']))
            .collect();
        out.extend(
            partition
                .iter()
                .filter(|k| !equalities.contains(k.as_str()))
                .map(|k| format!("{k} of the partition key is not fixed")),
        );
        for condition in clause.split(" AND ") {
            let column = condition.split_whitespace().next().expect("column");
            if !columns.contains(column) {
                out.push(format!("{column} is not a column of {table}"));
            }
        }
        out
    }

    #[test]
    fn every_statement_reads_or_writes_one_partition_by_its_whole_key() {
        let tables = schema_tables();
        for cql in ALL {
            assert_eq!(problems(cql, &tables), Vec::<String>::new(), "{}", cql.name);
        }
    }

    #[test]
    fn the_check_finds_scans_and_partial_keys() {
        let tables = schema_tables();
        let bad = |text: &'static str| problems(&Cql { name: "bad", text, idempotent: true }, &tables);
        assert_eq!(
            bad("SELECT hour FROM {ks}.metric_hours WHERE owner = ? AND metric = ?"),
            vec!["day of the partition key is not fixed"]
        );
        assert_eq!(
            bad("SELECT hour FROM {ks}.metric_hours WHERE owner = ? AND metric = ? AND day >= ?"),
            vec!["day of the partition key is not fixed"]
        );
        assert!(bad("SELECT * FROM {ks}.chat_messages WHERE conversation_id = ? ALLOW FILTERING").len() >= 2);
        assert_eq!(bad("SELECT total FROM {ks}.metric_totals"), vec!["no WHERE"]);
        assert_eq!(
            bad("INSERT INTO {ks}.chat_members (conversation_id, unread) VALUES (?, ?)"),
            vec!["insert without account_id"]
        );
        assert_eq!(bad("SELECT x FROM {ks}.nowhere WHERE a = ?"), vec!["no table nowhere"]);
    }

    #[test]
    fn counter_updates_and_lightweight_transactions_are_never_retried() {
        for cql in ALL {
            if cql.text.contains(" = count + ") || cql.text.contains(" = total + ") || cql.text.contains(" IF ") {
                assert!(!cql.idempotent, "{} must not be retried", cql.name);
            }
            if cql.text.starts_with("SELECT") {
                assert!(cql.idempotent, "{}: a read may be retried", cql.name);
            }
        }
    }

    #[test]
    fn the_statement_names_are_unique() {
        let names: BTreeSet<&str> = ALL.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), ALL.len());
    }

    #[test]
    fn the_keyspace_is_substituted_everywhere() {
        let statements = super::super::schema_statements("market_prod");
        assert!(statements[0].contains("KEYSPACE IF NOT EXISTS market_prod"));
        assert!(statements.iter().all(|s| !s.contains("souk.")));
        assert!(statements[0].contains("NetworkTopologyStrategy"));
        let messages = statements.iter().find(|s| s.contains("chat_messages")).expect("messages");
        assert!(messages.contains("TimeWindowCompactionStrategy"));
    }
}
