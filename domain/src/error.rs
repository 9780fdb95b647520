//! The error catalogue (spec §8): every failure the API can report, with its stable code,
//! the message key the client translates, the wording in French and Arabic, and the HTTP
//! status it maps to. One enum for the whole product, so a code means one thing everywhere.

use crate::lang::Lang;

/// A failure known to the product. Codes are stable API; add variants, never rename them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// Anything unexpected: the spec's generic toast 'Erreur Veuillez réessayer plus tard'.
    InternalError,
    /// The request body is not what the endpoint reads (not JSON, wrong shape).
    MalformedRequest,
    /// The GraphQL document does not parse.
    GraphqlParseFailed,
    /// The GraphQL document names a field, argument or type the schema does not have.
    GraphqlValidationFailed,
    /// The GraphQL document nests deeper than the gateway allows.
    QueryTooDeep,
    /// The GraphQL document asks for more than the gateway's complexity budget.
    QueryTooComplex,
    /// A request header has a value the gateway does not accept.
    InvalidHeader,
    /// The request body is larger than the endpoint accepts.
    PayloadTooLarge,
    /// Too many requests from one address or for one identifier in a short time.
    TooManyAttempts,
    /// A required field is missing or empty.
    Required,
    /// A number or window argument is outside what the operation accepts.
    InvalidArgument,
    /// The city asked for does not exist.
    CityNotFound,
    /// The route or resource does not exist.
    NotFound,
    /// The store cannot be reached (readiness).
    StoreUnavailable,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 14] = [
        ErrorCode::InternalError,
        ErrorCode::MalformedRequest,
        ErrorCode::GraphqlParseFailed,
        ErrorCode::GraphqlValidationFailed,
        ErrorCode::QueryTooDeep,
        ErrorCode::QueryTooComplex,
        ErrorCode::InvalidHeader,
        ErrorCode::PayloadTooLarge,
        ErrorCode::TooManyAttempts,
        ErrorCode::Required,
        ErrorCode::InvalidArgument,
        ErrorCode::CityNotFound,
        ErrorCode::NotFound,
        ErrorCode::StoreUnavailable,
    ];

    /// The stable code sent in `extensions.code` and in a 400 body's `code`.
    pub fn code(self) -> &'static str {
        match self {
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::MalformedRequest => "MALFORMED_REQUEST",
            ErrorCode::GraphqlParseFailed => "GRAPHQL_PARSE_FAILED",
            ErrorCode::GraphqlValidationFailed => "GRAPHQL_VALIDATION_FAILED",
            ErrorCode::QueryTooDeep => "QUERY_TOO_DEEP",
            ErrorCode::QueryTooComplex => "QUERY_TOO_COMPLEX",
            ErrorCode::InvalidHeader => "INVALID_HEADER",
            ErrorCode::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            ErrorCode::TooManyAttempts => "TOO_MANY_ATTEMPTS",
            ErrorCode::Required => "REQUIRED",
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::CityNotFound => "CITY_NOT_FOUND",
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::StoreUnavailable => "STORE_UNAVAILABLE",
        }
    }

    /// The key the client looks up in `locales/{fr,ar}.json`.
    pub fn message_key(self) -> &'static str {
        match self {
            ErrorCode::InternalError => "common.error.generic",
            ErrorCode::MalformedRequest => "common.error.malformedRequest",
            ErrorCode::GraphqlParseFailed => "common.error.malformedQuery",
            ErrorCode::GraphqlValidationFailed => "common.error.invalidQuery",
            ErrorCode::QueryTooDeep => "common.error.queryTooDeep",
            ErrorCode::QueryTooComplex => "common.error.queryTooComplex",
            ErrorCode::InvalidHeader => "common.error.invalidHeader",
            ErrorCode::PayloadTooLarge => "common.error.payloadTooLarge",
            ErrorCode::TooManyAttempts => "common.error.tooManyAttempts",
            ErrorCode::Required => "validation.required",
            ErrorCode::InvalidArgument => "validation.invalidValue",
            ErrorCode::CityNotFound => "location.error.cityNotFound",
            ErrorCode::NotFound => "common.error.notFound",
            ErrorCode::StoreUnavailable => "common.error.unavailable",
        }
    }

    /// The wording shown to a person, in their language.
    pub fn message(self, lang: Lang) -> &'static str {
        let (fr, ar) = match self {
            ErrorCode::InternalError => ("Erreur Veuillez réessayer plus tard", "خطأ، يرجى المحاولة لاحقًا"),
            ErrorCode::MalformedRequest => {
                ("La requête est mal formée. Veuillez réessayer plus tard", "الطلب غير صالح. يرجى المحاولة لاحقًا")
            }
            ErrorCode::GraphqlParseFailed => ("La requête GraphQL est illisible", "تعذرت قراءة طلب GraphQL"),
            ErrorCode::GraphqlValidationFailed => {
                ("La requête demande un champ ou un argument inconnu", "الطلب يتضمن حقلًا أو معاملًا غير معروف")
            }
            ErrorCode::QueryTooDeep => ("La requête est trop imbriquée", "الطلب متداخل أكثر من اللازم"),
            ErrorCode::QueryTooComplex => ("La requête est trop complexe", "الطلب معقد أكثر من اللازم"),
            ErrorCode::InvalidHeader => ("Un en-tête de la requête est invalide", "أحد رؤوس الطلب غير صالح"),
            ErrorCode::PayloadTooLarge => ("Le contenu envoyé est trop volumineux", "المحتوى المرسل كبير جدًا"),
            ErrorCode::TooManyAttempts => (
                "Trop de tentatives. Veuillez réessayer dans quelques minutes",
                "محاولات كثيرة جدًا. يرجى المحاولة بعد بضع دقائق",
            ),
            ErrorCode::Required => ("Ce champ est obligatoire", "هذا الحقل إلزامي"),
            ErrorCode::InvalidArgument => ("Valeur invalide", "قيمة غير صالحة"),
            ErrorCode::CityNotFound => ("Cette ville n'existe pas", "هذه المدينة غير موجودة"),
            ErrorCode::NotFound => ("Page introuvable", "الصفحة غير موجودة"),
            ErrorCode::StoreUnavailable => ("Le service est momentanément indisponible", "الخدمة غير متاحة مؤقتًا"),
        };
        match lang {
            Lang::Fr => fr,
            Lang::Ar => ar,
        }
    }

    /// The HTTP status of a response that fails with this code alone.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::InternalError => 500,
            ErrorCode::MalformedRequest
            | ErrorCode::GraphqlParseFailed
            | ErrorCode::GraphqlValidationFailed
            | ErrorCode::QueryTooDeep
            | ErrorCode::QueryTooComplex
            | ErrorCode::InvalidHeader
            | ErrorCode::Required
            | ErrorCode::InvalidArgument => 400,
            ErrorCode::CityNotFound | ErrorCode::NotFound => 404,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::TooManyAttempts => 429,
            ErrorCode::StoreUnavailable => 503,
        }
    }
}

/// A failure with its catalogue code and, for logs and developers, what exactly was wrong
/// (the field name, the header, the limit). The detail is never translated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {}", code.code(), detail.as_deref().unwrap_or(code.message(Lang::Fr)))]
pub struct SoukError {
    pub code: ErrorCode,
    pub detail: Option<String>,
}

impl SoukError {
    pub fn new(code: ErrorCode) -> Self {
        Self { code, detail: None }
    }

    pub fn with_detail(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self { code, detail: Some(detail.into()) }
    }
}

impl From<ErrorCode> for SoukError {
    fn from(code: ErrorCode) -> Self {
        SoukError::new(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_keys_and_wordings_are_unique_and_translated() {
        let codes: HashSet<_> = ErrorCode::ALL.iter().map(|c| c.code()).collect();
        let keys: HashSet<_> = ErrorCode::ALL.iter().map(|c| c.message_key()).collect();
        assert_eq!(codes.len(), ErrorCode::ALL.len());
        assert_eq!(keys.len(), ErrorCode::ALL.len());
        for code in ErrorCode::ALL {
            let (fr, ar) = (code.message(Lang::Fr), code.message(Lang::Ar));
            assert!(!fr.is_empty() && !ar.is_empty() && fr != ar, "{code:?} needs both languages");
            assert!(ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{code:?} Arabic wording");
        }
    }

    #[test]
    fn generic_failure_wording_is_the_spec_toast() {
        assert_eq!(ErrorCode::InternalError.message(Lang::Fr), "Erreur Veuillez réessayer plus tard");
    }
}
