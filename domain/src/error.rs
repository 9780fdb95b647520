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
    /// The disk (or the database's space) is full: nothing could be written (issue 27).
    StorageFull,
    /// Sign-in with an unknown identifier or a wrong password (never says which).
    IncorrectCredentials,
    /// A disabled account: contact customer service.
    NotAuthorized,
    /// The operation needs a signed-in user and no token came.
    LoginRequired,
    /// The token expired, was revoked, or its refresh family was revoked.
    SessionExpired,
    /// A token that is not ours (tampered, wrong signature, malformed).
    InvalidToken,
    /// The caller may not read or change this account, shop or resource.
    PermissionDenied,
    /// Spec §5: at least 5 characters.
    PasswordTooShort,
    /// The confirmation differs from the password.
    PasswordConfirmationMismatch,
    /// Spec §5: must differ from the current one.
    PasswordSameAsCurrent,
    /// Changing the password with a wrong current one.
    WrongCurrentPassword,
    /// Sign-up without a (known) city.
    CityRequired,
    /// Not a Moroccan phone number.
    InvalidPhone,
    /// Not an e-mail address.
    InvalidEmail,
    /// An identifier that is neither.
    InvalidPhoneOrEmail,
    /// A person's name outside the rules (2 to 60 letters).
    InvalidName,
    /// Sign-up with a phone or e-mail already registered.
    AccountAlreadyExists,
    /// The account asked for does not exist.
    AccountNotFound,
    /// Spec §5: an empty one-time code.
    CodeRequired,
    /// A wrong one-time code (or not 6 digits).
    CodeInvalid,
    /// No live code: expired, used, or never sent.
    CodeExpired,
    /// A new code asked for before the countdown ended.
    ResendTooSoon,
    /// Spec §6: e-mail cannot be changed.
    EmailCannotChange,
    /// Spec §6: phone change via customer support.
    PhoneChangeViaSupport,
    /// A password-reset token that is unknown, used or expired.
    InvalidResetLink,
    /// Shop name outside 2 to 80 characters.
    InvalidShopName,
    /// Shop description too long, or with contact details.
    InvalidShopDescription,
    /// Not an http(s) address.
    InvalidWebsite,
    /// Unknown shop category.
    InvalidShopCategory,
    /// Logo bytes that are not a supported image.
    LogoNotAnImage,
    /// The ad asked for does not exist (or is not the caller's).
    AdNotFound,
    /// An unknown, hidden or non-leaf category in the ad form.
    CategoryNotFound,
    /// An ad type the category does not offer.
    InvalidAdType,
    /// A neighbourhood that is not in the chosen city.
    AreaNotFound,
    /// Spec §5 min length.
    TextTooShort,
    /// Spec §5 max length.
    TextTooLong,
    /// Spec §5 min value.
    ValueTooSmall,
    /// Spec §5 max value.
    ValueTooLarge,
    /// Spec §5 number.
    NotANumber,
    /// Spec §5: no e-mail in ad text.
    TextHasEmail,
    /// Spec §5: no phone in ad text.
    TextHasPhone,
    /// Spec §5: no link in ad text.
    TextHasLink,
    /// Spec §5: none of ! = " : ; _ , % + in ad text.
    TextHasSpecialCharacters,
    /// A category parameter that is unknown or out of its rules.
    InvalidParam,
    /// Spec §5: up to 8 free photos.
    TooManyPhotos,
    /// Photo bytes that are not a supported image.
    PhotoNotAnImage,
    /// A photo over the size or pixel limits.
    PhotoTooLarge,
    /// Spec §5: video under 1 minute.
    VideoTooLong,
    /// Spec §5: video under 30 MB.
    VideoTooLarge,
    /// Spec §5: landscape video.
    VideoNotLandscape,
    /// Video bytes that are not a readable MP4/MOV.
    VideoUnreadable,
    /// Spec §5: a pack requires at least one image.
    PackRequiresImage,
    /// A transition spec §4 does not allow from the ad's state.
    AdOperationNotAllowed,
    /// Spec §8: a deactivated ad can only be deleted after {days} days.
    DeletionRefused,
    /// Spec §8: over the free-ad limit; you can still pay to activate.
    ActiveLimitReached,
    /// Spec §8: appeal limit reached.
    AppealLimitReached,
    /// An abuse report type outside spec §3.
    InvalidReportType,
    /// A photo or video id that is unknown or not the caller's.
    MediaNotFound,
    /// A date that is not YYYY-MM-DD or does not exist.
    InvalidDate,
    /// A range with from after to, outside 2021 to today, or too long.
    InvalidDateRange,
    /// A performance event name the product does not collect.
    UnknownEvent,
    /// The conversation does not exist, or the caller is not one of its two parties.
    ConversationNotFound,
    /// One party blocked the other: no message goes through (spec §4: blocked conversation).
    ConversationBlocked,
    /// A chat message with neither text nor attachment.
    ChatMessageEmpty,
    /// A chat message longer than the chat allows.
    ChatMessageTooLong,
    /// Spec §8: attachment over 5 MB.
    AttachmentTooLarge,
    /// An attachment that is neither an image (JPEG, PNG, GIF, WebP) nor a PDF, judged from its bytes.
    AttachmentType,
    /// A seller starting a conversation about their own ad.
    CannotMessageOwnAd,
    /// A chat reply to a visitor who wrote without an account: answer by e-mail.
    VisitorConversation,
    /// Spec §8 message form: the e-mail belongs to an account, so the visitor must sign in.
    EmailAlreadyExists,
    /// Spec §8 message form: no account has this e-mail; the message went and the visitor is invited to sign up.
    EmailMatchesNoAccount,
    /// Message form: the visitor's first message waits for the link e-mailed to their address
    /// (docs/security.md); nothing reaches the seller before it is opened.
    MessagePendingConfirmation,
    /// The confirmation link of a visitor's message expired (24 hours) or is not one we sent.
    MessageLinkExpired,
    /// Spec §5: a CV over 2.5 MB.
    CvTooLarge,
    /// Spec §5: a CV that is not pdf, jpg, jpeg, rtf or odt (judged from its bytes).
    CvType,
    /// A search price filter that is negative, absurd or reversed.
    InvalidPriceRange,
    /// A search range (year, mileage, rooms, surface) that is negative, absurd or reversed.
    InvalidSearchRange,
    /// A listing offset that is negative or above spec §9's cap.
    InvalidOffset,
    /// An account already has as many saved searches as allowed.
    SavedSearchLimitReached,
    /// An orders filter status outside spec §2's initiated, preparing, delivering, delivered, cancelled.
    InvalidOrderStatus,
    /// Spec §8 payment NoOrderIsUpdated: a payment confirmation whose code matches no order.
    NoOrderIsUpdated,
    /// Spec §8 payment UpdateIsNotAllowed: the order cannot change any more (its code expired,
    /// it was refunded, or its ad no longer waits for payment).
    UpdateIsNotAllowed,
    /// Spec §8 payment OrderAlreadyCompleted: the order is already paid.
    OrderAlreadyCompleted,
    /// Spec §8 payment UnknownPaymentMethod: a method the checkout does not take.
    UnknownPaymentMethod,
    /// A seller-centre operation by an account without the e-commerce store-owner role (spec §6).
    EcommerceRoleRequired,
    /// A product id that is not the caller's, or an ad that is not a product for sale.
    ProductNotFound,
    /// A product operation its status does not allow (nothing is possible after deleted, spec §4).
    ProductOperationNotAllowed,
    /// Checkout of more units than the product has left (`{units}` left).
    OutOfStock,
    /// Checkout of one's own product.
    CannotBuyOwnProduct,
    /// Spec §8 shop boost SoldeExpired: the points balance has expired (0 credits).
    SoldeExpired,
    /// Spec §8 shop boost: the balance is below the pack's price.
    SoldeNotEnough,
    /// Spec §8 shop boost: the pack has no price in that balance's unit.
    SoldeEquivalent,
    /// Spec §8 shop boost: a pack id the catalogue does not have.
    PackageNotFound,
    /// Spec §8 shop boost InvalidOperation: the payment failed (card declined, provider refusal).
    InvalidOperation,
    /// The loan simulator and credit request exist only for priced vehicle and real-estate ads.
    LoanNotOffered,
    /// Spec §5: the down payment is not negative.
    LoanDownPaymentNegative,
    /// Spec §5: the down payment is not above the price.
    LoanDownPaymentAbovePrice,
    /// A loan duration the category group's terms do not offer.
    LoanDurationNotOffered,
    /// Spec §5 credit "amount valid": above zero and not above the ad's price.
    CreditAmountInvalid,
    /// Spec §5 credit "age valid, 18 to 100".
    CreditAgeInvalid,
    /// A credit request that does not exist or is not the caller's.
    CreditRequestNotFound,
    /// Spec §5 valuation "terms": the terms must be accepted.
    ValuationTermsRequired,
    /// Spec §8 valuation "could not evaluate": too few comparable listings (docs/valuation.md).
    ValuationNotPossible,
    /// Spec §8 valuation "limit reached" (spec §6 per-user limit, server configuration).
    ValuationLimitReached,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 118] = [
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
        ErrorCode::StorageFull,
        ErrorCode::IncorrectCredentials,
        ErrorCode::NotAuthorized,
        ErrorCode::LoginRequired,
        ErrorCode::SessionExpired,
        ErrorCode::InvalidToken,
        ErrorCode::PermissionDenied,
        ErrorCode::PasswordTooShort,
        ErrorCode::PasswordConfirmationMismatch,
        ErrorCode::PasswordSameAsCurrent,
        ErrorCode::WrongCurrentPassword,
        ErrorCode::CityRequired,
        ErrorCode::InvalidPhone,
        ErrorCode::InvalidEmail,
        ErrorCode::InvalidPhoneOrEmail,
        ErrorCode::InvalidName,
        ErrorCode::AccountAlreadyExists,
        ErrorCode::AccountNotFound,
        ErrorCode::CodeRequired,
        ErrorCode::CodeInvalid,
        ErrorCode::CodeExpired,
        ErrorCode::ResendTooSoon,
        ErrorCode::EmailCannotChange,
        ErrorCode::PhoneChangeViaSupport,
        ErrorCode::InvalidResetLink,
        ErrorCode::InvalidShopName,
        ErrorCode::InvalidShopDescription,
        ErrorCode::InvalidWebsite,
        ErrorCode::InvalidShopCategory,
        ErrorCode::LogoNotAnImage,
        ErrorCode::AdNotFound,
        ErrorCode::CategoryNotFound,
        ErrorCode::InvalidAdType,
        ErrorCode::AreaNotFound,
        ErrorCode::TextTooShort,
        ErrorCode::TextTooLong,
        ErrorCode::ValueTooSmall,
        ErrorCode::ValueTooLarge,
        ErrorCode::NotANumber,
        ErrorCode::TextHasEmail,
        ErrorCode::TextHasPhone,
        ErrorCode::TextHasLink,
        ErrorCode::TextHasSpecialCharacters,
        ErrorCode::InvalidParam,
        ErrorCode::TooManyPhotos,
        ErrorCode::PhotoNotAnImage,
        ErrorCode::PhotoTooLarge,
        ErrorCode::VideoTooLong,
        ErrorCode::VideoTooLarge,
        ErrorCode::VideoNotLandscape,
        ErrorCode::VideoUnreadable,
        ErrorCode::PackRequiresImage,
        ErrorCode::AdOperationNotAllowed,
        ErrorCode::DeletionRefused,
        ErrorCode::ActiveLimitReached,
        ErrorCode::AppealLimitReached,
        ErrorCode::InvalidReportType,
        ErrorCode::MediaNotFound,
        ErrorCode::InvalidDate,
        ErrorCode::InvalidDateRange,
        ErrorCode::UnknownEvent,
        ErrorCode::ConversationNotFound,
        ErrorCode::ConversationBlocked,
        ErrorCode::ChatMessageEmpty,
        ErrorCode::ChatMessageTooLong,
        ErrorCode::AttachmentTooLarge,
        ErrorCode::AttachmentType,
        ErrorCode::CannotMessageOwnAd,
        ErrorCode::VisitorConversation,
        ErrorCode::EmailAlreadyExists,
        ErrorCode::EmailMatchesNoAccount,
        ErrorCode::MessagePendingConfirmation,
        ErrorCode::MessageLinkExpired,
        ErrorCode::CvTooLarge,
        ErrorCode::CvType,
        ErrorCode::InvalidPriceRange,
        ErrorCode::InvalidSearchRange,
        ErrorCode::InvalidOffset,
        ErrorCode::SavedSearchLimitReached,
        ErrorCode::InvalidOrderStatus,
        ErrorCode::NoOrderIsUpdated,
        ErrorCode::UpdateIsNotAllowed,
        ErrorCode::OrderAlreadyCompleted,
        ErrorCode::UnknownPaymentMethod,
        ErrorCode::EcommerceRoleRequired,
        ErrorCode::ProductNotFound,
        ErrorCode::ProductOperationNotAllowed,
        ErrorCode::OutOfStock,
        ErrorCode::CannotBuyOwnProduct,
        ErrorCode::SoldeExpired,
        ErrorCode::SoldeNotEnough,
        ErrorCode::SoldeEquivalent,
        ErrorCode::PackageNotFound,
        ErrorCode::InvalidOperation,
        ErrorCode::LoanNotOffered,
        ErrorCode::LoanDownPaymentNegative,
        ErrorCode::LoanDownPaymentAbovePrice,
        ErrorCode::LoanDurationNotOffered,
        ErrorCode::CreditAmountInvalid,
        ErrorCode::CreditAgeInvalid,
        ErrorCode::CreditRequestNotFound,
        ErrorCode::ValuationTermsRequired,
        ErrorCode::ValuationNotPossible,
        ErrorCode::ValuationLimitReached,
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
            ErrorCode::StorageFull => "STORAGE_FULL",
            ErrorCode::IncorrectCredentials => "INCORRECT_CREDENTIALS",
            ErrorCode::NotAuthorized => "NOT_AUTHORIZED",
            ErrorCode::LoginRequired => "LOGIN_REQUIRED",
            ErrorCode::SessionExpired => "SESSION_EXPIRED",
            ErrorCode::InvalidToken => "INVALID_TOKEN",
            ErrorCode::PermissionDenied => "PERMISSION_DENIED",
            ErrorCode::PasswordTooShort => "PASSWORD_TOO_SHORT",
            ErrorCode::PasswordConfirmationMismatch => "PASSWORD_CONFIRMATION_MISMATCH",
            ErrorCode::PasswordSameAsCurrent => "PASSWORD_SAME_AS_CURRENT",
            ErrorCode::WrongCurrentPassword => "WRONG_CURRENT_PASSWORD",
            ErrorCode::CityRequired => "CITY_REQUIRED",
            ErrorCode::InvalidPhone => "INVALID_PHONE",
            ErrorCode::InvalidEmail => "INVALID_EMAIL",
            ErrorCode::InvalidPhoneOrEmail => "INVALID_PHONE_OR_EMAIL",
            ErrorCode::InvalidName => "INVALID_NAME",
            ErrorCode::AccountAlreadyExists => "ACCOUNT_ALREADY_EXISTS",
            ErrorCode::AccountNotFound => "ACCOUNT_NOT_FOUND",
            ErrorCode::CodeRequired => "CODE_REQUIRED",
            ErrorCode::CodeInvalid => "CODE_INVALID",
            ErrorCode::CodeExpired => "CODE_EXPIRED",
            ErrorCode::ResendTooSoon => "RESEND_TOO_SOON",
            ErrorCode::EmailCannotChange => "EMAIL_CANNOT_CHANGE",
            ErrorCode::PhoneChangeViaSupport => "PHONE_CHANGE_VIA_SUPPORT",
            ErrorCode::InvalidResetLink => "INVALID_RESET_LINK",
            ErrorCode::InvalidShopName => "INVALID_SHOP_NAME",
            ErrorCode::InvalidShopDescription => "INVALID_SHOP_DESCRIPTION",
            ErrorCode::InvalidWebsite => "INVALID_WEBSITE",
            ErrorCode::InvalidShopCategory => "INVALID_SHOP_CATEGORY",
            ErrorCode::LogoNotAnImage => "LOGO_NOT_AN_IMAGE",
            ErrorCode::AdNotFound => "AD_NOT_FOUND",
            ErrorCode::CategoryNotFound => "CATEGORY_NOT_FOUND",
            ErrorCode::InvalidAdType => "INVALID_AD_TYPE",
            ErrorCode::AreaNotFound => "AREA_NOT_FOUND",
            ErrorCode::TextTooShort => "TEXT_TOO_SHORT",
            ErrorCode::TextTooLong => "TEXT_TOO_LONG",
            ErrorCode::ValueTooSmall => "VALUE_TOO_SMALL",
            ErrorCode::ValueTooLarge => "VALUE_TOO_LARGE",
            ErrorCode::NotANumber => "NOT_A_NUMBER",
            ErrorCode::TextHasEmail => "TEXT_HAS_EMAIL",
            ErrorCode::TextHasPhone => "TEXT_HAS_PHONE",
            ErrorCode::TextHasLink => "TEXT_HAS_LINK",
            ErrorCode::TextHasSpecialCharacters => "TEXT_HAS_SPECIAL_CHARACTERS",
            ErrorCode::InvalidParam => "INVALID_PARAM",
            ErrorCode::TooManyPhotos => "TOO_MANY_PHOTOS",
            ErrorCode::PhotoNotAnImage => "PHOTO_NOT_AN_IMAGE",
            ErrorCode::PhotoTooLarge => "PHOTO_TOO_LARGE",
            ErrorCode::VideoTooLong => "VIDEO_TOO_LONG",
            ErrorCode::VideoTooLarge => "VIDEO_TOO_LARGE",
            ErrorCode::VideoNotLandscape => "VIDEO_NOT_LANDSCAPE",
            ErrorCode::VideoUnreadable => "VIDEO_UNREADABLE",
            ErrorCode::PackRequiresImage => "PACK_REQUIRES_IMAGE",
            ErrorCode::AdOperationNotAllowed => "AD_OPERATION_NOT_ALLOWED",
            ErrorCode::DeletionRefused => "DELETION_REFUSED",
            ErrorCode::ActiveLimitReached => "ACTIVE_LIMIT_REACHED",
            ErrorCode::AppealLimitReached => "APPEAL_LIMIT_REACHED",
            ErrorCode::InvalidReportType => "INVALID_REPORT_TYPE",
            ErrorCode::MediaNotFound => "MEDIA_NOT_FOUND",
            ErrorCode::InvalidDate => "INVALID_DATE",
            ErrorCode::InvalidDateRange => "INVALID_DATE_RANGE",
            ErrorCode::UnknownEvent => "UNKNOWN_EVENT",
            ErrorCode::ConversationNotFound => "CONVERSATION_NOT_FOUND",
            ErrorCode::ConversationBlocked => "CONVERSATION_BLOCKED",
            ErrorCode::ChatMessageEmpty => "CHAT_MESSAGE_EMPTY",
            ErrorCode::ChatMessageTooLong => "CHAT_MESSAGE_TOO_LONG",
            ErrorCode::AttachmentTooLarge => "ATTACHMENT_TOO_LARGE",
            ErrorCode::AttachmentType => "ATTACHMENT_TYPE",
            ErrorCode::CannotMessageOwnAd => "CANNOT_MESSAGE_OWN_AD",
            ErrorCode::VisitorConversation => "VISITOR_CONVERSATION",
            ErrorCode::EmailAlreadyExists => "EMAIL_ALREADY_EXISTS",
            ErrorCode::EmailMatchesNoAccount => "EMAIL_MATCHES_NO_ACCOUNT",
            ErrorCode::MessagePendingConfirmation => "MESSAGE_PENDING_CONFIRMATION",
            ErrorCode::MessageLinkExpired => "MESSAGE_LINK_EXPIRED",
            ErrorCode::CvTooLarge => "CV_TOO_LARGE",
            ErrorCode::CvType => "CV_TYPE",
            ErrorCode::InvalidPriceRange => "INVALID_PRICE_RANGE",
            ErrorCode::InvalidSearchRange => "INVALID_SEARCH_RANGE",
            ErrorCode::InvalidOffset => "INVALID_OFFSET",
            ErrorCode::SavedSearchLimitReached => "SAVED_SEARCH_LIMIT_REACHED",
            ErrorCode::InvalidOrderStatus => "INVALID_ORDER_STATUS",
            ErrorCode::NoOrderIsUpdated => "NO_ORDER_IS_UPDATED",
            ErrorCode::UpdateIsNotAllowed => "UPDATE_IS_NOT_ALLOWED",
            ErrorCode::OrderAlreadyCompleted => "ORDER_ALREADY_COMPLETED",
            ErrorCode::UnknownPaymentMethod => "UNKNOWN_PAYMENT_METHOD",
            ErrorCode::EcommerceRoleRequired => "ECOMMERCE_ROLE_REQUIRED",
            ErrorCode::ProductNotFound => "PRODUCT_NOT_FOUND",
            ErrorCode::ProductOperationNotAllowed => "PRODUCT_OPERATION_NOT_ALLOWED",
            ErrorCode::OutOfStock => "OUT_OF_STOCK",
            ErrorCode::CannotBuyOwnProduct => "CANNOT_BUY_OWN_PRODUCT",
            ErrorCode::SoldeExpired => "ERROR_SOLDE_EXPIRED",
            ErrorCode::SoldeNotEnough => "ERROR_SOLDE_NOT_ENOUGH",
            ErrorCode::SoldeEquivalent => "ERROR_SOLDE_EQUIVALENT",
            ErrorCode::PackageNotFound => "ERROR_PACKAGE_NOT_FOUND",
            ErrorCode::InvalidOperation => "INVALID_OPERATION",
            ErrorCode::LoanNotOffered => "LOAN_NOT_OFFERED",
            ErrorCode::LoanDownPaymentNegative => "LOAN_DOWN_PAYMENT_NEGATIVE",
            ErrorCode::LoanDownPaymentAbovePrice => "LOAN_DOWN_PAYMENT_ABOVE_PRICE",
            ErrorCode::LoanDurationNotOffered => "LOAN_DURATION_NOT_OFFERED",
            ErrorCode::CreditAmountInvalid => "CREDIT_AMOUNT_INVALID",
            ErrorCode::CreditAgeInvalid => "CREDIT_AGE_INVALID",
            ErrorCode::CreditRequestNotFound => "CREDIT_REQUEST_NOT_FOUND",
            ErrorCode::ValuationTermsRequired => "VALUATION_TERMS_REQUIRED",
            ErrorCode::ValuationNotPossible => "VALUATION_NOT_POSSIBLE",
            ErrorCode::ValuationLimitReached => "VALUATION_LIMIT_REACHED",
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
            ErrorCode::StorageFull => "common.error.storageFull",
            ErrorCode::IncorrectCredentials => "login.error.incorrectCredentials",
            ErrorCode::NotAuthorized => "login.error.notAuthorized",
            ErrorCode::LoginRequired => "common.error.loginRequired",
            ErrorCode::SessionExpired => "common.error.sessionExpired",
            ErrorCode::InvalidToken => "common.error.invalidToken",
            ErrorCode::PermissionDenied => "common.error.permissionDenied",
            ErrorCode::PasswordTooShort => "validation.password.min",
            ErrorCode::PasswordConfirmationMismatch => "validation.password.confirmation",
            ErrorCode::PasswordSameAsCurrent => "validation.password.sameAsCurrent",
            ErrorCode::WrongCurrentPassword => "password.error.wrongCurrent",
            ErrorCode::CityRequired => "validation.city.required",
            ErrorCode::InvalidPhone => "validation.phone",
            ErrorCode::InvalidEmail => "validation.email",
            ErrorCode::InvalidPhoneOrEmail => "validation.phoneOrEmail",
            ErrorCode::InvalidName => "validation.name",
            ErrorCode::AccountAlreadyExists => "signup.error.accountExists",
            ErrorCode::AccountNotFound => "account.error.notFound",
            ErrorCode::CodeRequired => "otp.error.enterCode",
            ErrorCode::CodeInvalid => "otp.error.invalid",
            ErrorCode::CodeExpired => "otp.error.expired",
            ErrorCode::ResendTooSoon => "otp.error.resendTooSoon",
            ErrorCode::EmailCannotChange => "account.error.emailCannotChange",
            ErrorCode::PhoneChangeViaSupport => "account.error.phoneChangeViaSupport",
            ErrorCode::InvalidResetLink => "recovery.error.invalidLink",
            ErrorCode::InvalidShopName => "validation.shop.name",
            ErrorCode::InvalidShopDescription => "validation.shop.description",
            ErrorCode::InvalidWebsite => "validation.shop.website",
            ErrorCode::InvalidShopCategory => "validation.shop.category",
            ErrorCode::LogoNotAnImage => "shop.logo.error.notAnImage",
            ErrorCode::AdNotFound => "ad.error.notFound",
            ErrorCode::CategoryNotFound => "adForm.error.category",
            ErrorCode::InvalidAdType => "adForm.error.adType",
            ErrorCode::AreaNotFound => "location.error.areaNotFound",
            ErrorCode::TextTooShort => "validation.minLength",
            ErrorCode::TextTooLong => "validation.maxLength",
            ErrorCode::ValueTooSmall => "validation.minValue",
            ErrorCode::ValueTooLarge => "validation.maxValue",
            ErrorCode::NotANumber => "validation.number",
            ErrorCode::TextHasEmail => "validation.text.noEmail",
            ErrorCode::TextHasPhone => "validation.text.noPhone",
            ErrorCode::TextHasLink => "validation.text.noLink",
            ErrorCode::TextHasSpecialCharacters => "validation.text.noSpecialCharacters",
            ErrorCode::InvalidParam => "adForm.error.param",
            ErrorCode::TooManyPhotos => "adForm.error.tooManyPhotos",
            ErrorCode::PhotoNotAnImage => "adForm.error.photoType",
            ErrorCode::PhotoTooLarge => "adForm.error.photoSize",
            ErrorCode::VideoTooLong => "adForm.error.videoDuration",
            ErrorCode::VideoTooLarge => "adForm.error.videoSize",
            ErrorCode::VideoNotLandscape => "adForm.error.videoOrientation",
            ErrorCode::VideoUnreadable => "adForm.error.videoType",
            ErrorCode::PackRequiresImage => "vas.error.imageRequired",
            ErrorCode::AdOperationNotAllowed => "adOperations.error.notAllowed",
            ErrorCode::DeletionRefused => "adOperations.deletionRefused",
            ErrorCode::ActiveLimitReached => "adOperations.activeLimitReached",
            ErrorCode::AppealLimitReached => "appeal.error.limitReached",
            ErrorCode::InvalidReportType => "reportAd.error.type",
            ErrorCode::MediaNotFound => "adForm.error.mediaNotFound",
            ErrorCode::InvalidDate => "stats.error.invalidDate",
            ErrorCode::InvalidDateRange => "stats.error.invalidRange",
            ErrorCode::UnknownEvent => "stats.error.unknownEvent",
            ErrorCode::ConversationNotFound => "chat.error.conversationNotFound",
            ErrorCode::ConversationBlocked => "chat.error.blocked",
            ErrorCode::ChatMessageEmpty => "chat.error.empty",
            ErrorCode::ChatMessageTooLong => "chat.error.tooLong",
            ErrorCode::AttachmentTooLarge => "chat.error.attachmentTooLarge",
            ErrorCode::AttachmentType => "chat.error.attachmentType",
            ErrorCode::CannotMessageOwnAd => "chat.error.ownAd",
            ErrorCode::VisitorConversation => "chat.error.visitor",
            ErrorCode::EmailAlreadyExists => "messageForm.error.emailAlreadyExists",
            ErrorCode::EmailMatchesNoAccount => "messageForm.info.emailMatchesNoAccount",
            ErrorCode::MessagePendingConfirmation => "messageForm.info.confirmByEmail",
            ErrorCode::MessageLinkExpired => "messageForm.error.linkExpired",
            ErrorCode::CvTooLarge => "messageForm.error.cvTooLarge",
            ErrorCode::CvType => "messageForm.error.cvType",
            ErrorCode::InvalidPriceRange => "search.error.priceRange",
            ErrorCode::InvalidSearchRange => "search.error.range",
            ErrorCode::InvalidOffset => "search.error.offset",
            ErrorCode::SavedSearchLimitReached => "saveSearch.error.limit",
            ErrorCode::InvalidOrderStatus => "orders.error.status",
            ErrorCode::NoOrderIsUpdated => "payment.error.noOrderIsUpdated",
            ErrorCode::UpdateIsNotAllowed => "payment.error.updateIsNotAllowed",
            ErrorCode::OrderAlreadyCompleted => "payment.error.orderAlreadyCompleted",
            ErrorCode::UnknownPaymentMethod => "payment.error.unknownPaymentMethod",
            ErrorCode::EcommerceRoleRequired => "seller.error.roleRequired",
            ErrorCode::ProductNotFound => "product.error.notFound",
            ErrorCode::ProductOperationNotAllowed => "product.error.operationNotAllowed",
            ErrorCode::OutOfStock => "checkout.error.outOfStock",
            ErrorCode::CannotBuyOwnProduct => "checkout.error.ownProduct",
            ErrorCode::SoldeExpired => "payment.error.soldeExpired",
            ErrorCode::SoldeNotEnough => "payment.error.soldeNotEnough",
            ErrorCode::SoldeEquivalent => "payment.error.soldeEquivalent",
            ErrorCode::PackageNotFound => "payment.error.packageNotFound",
            ErrorCode::InvalidOperation => "payment.error.invalidOperation",
            ErrorCode::LoanNotOffered => "credit.error.notOffered",
            ErrorCode::LoanDownPaymentNegative => "credit.error.downPaymentNegative",
            ErrorCode::LoanDownPaymentAbovePrice => "credit.error.downPaymentAbovePrice",
            ErrorCode::LoanDurationNotOffered => "credit.error.durationNotOffered",
            ErrorCode::CreditAmountInvalid => "credit.error.amountInvalid",
            ErrorCode::CreditAgeInvalid => "credit.error.ageInvalid",
            ErrorCode::CreditRequestNotFound => "credit.error.requestNotFound",
            ErrorCode::ValuationTermsRequired => "valuation.error.termsRequired",
            ErrorCode::ValuationNotPossible => "valuation.error.notPossible",
            ErrorCode::ValuationLimitReached => "valuation.error.limitReached",
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
            ErrorCode::StorageFull => (
                "Enregistrement impossible pour le moment : l'espace de stockage est plein. Rien n'a été modifié, réessayez plus tard",
                "تعذّر الحفظ حاليًا: مساحة التخزين ممتلئة. لم يتغيّر شيء، يرجى المحاولة لاحقًا",
            ),
            ErrorCode::IncorrectCredentials => {
                ("E-mail ou mot de passe incorrect", "البريد الإلكتروني أو كلمة المرور غير صحيحة")
            }
            ErrorCode::NotAuthorized => (
                "Vous n'êtes pas autorisé. Veuillez contacter le service client",
                "غير مسموح لك. يرجى الاتصال بخدمة الزبناء",
            ),
            ErrorCode::LoginRequired => ("Veuillez vous connecter pour continuer", "يرجى تسجيل الدخول للمتابعة"),
            ErrorCode::SessionExpired => {
                ("Votre session a expiré. Veuillez vous reconnecter", "انتهت صلاحية جلستك. يرجى تسجيل الدخول من جديد")
            }
            ErrorCode::InvalidToken => {
                ("Session invalide. Veuillez vous reconnecter", "جلسة غير صالحة. يرجى تسجيل الدخول من جديد")
            }
            ErrorCode::PermissionDenied => (
                "Vous n'avez pas accès à cette opération. Reconnectez-vous puis réessayez",
                "ليس لديك حق القيام بهذه العملية. أعد تسجيل الدخول ثم حاول مجددًا",
            ),
            ErrorCode::PasswordTooShort => {
                ("Le mot de passe doit contenir au moins 5 caractères", "يجب أن تحتوي كلمة المرور على 5 أحرف على الأقل")
            }
            ErrorCode::PasswordConfirmationMismatch => {
                ("Les mots de passe ne correspondent pas", "كلمتا المرور غير متطابقتين")
            }
            ErrorCode::PasswordSameAsCurrent => (
                "Le nouveau mot de passe doit être différent de l'actuel",
                "يجب أن تختلف كلمة المرور الجديدة عن الحالية",
            ),
            ErrorCode::WrongCurrentPassword => {
                ("Le mot de passe actuel est incorrect", "كلمة المرور الحالية غير صحيحة")
            }
            ErrorCode::CityRequired => ("Veuillez choisir une ville", "يرجى اختيار مدينة"),
            ErrorCode::InvalidPhone => ("Numéro de téléphone invalide", "رقم الهاتف غير صالح"),
            ErrorCode::InvalidEmail => ("Adresse e-mail invalide", "البريد الإلكتروني غير صالح"),
            ErrorCode::InvalidPhoneOrEmail => (
                "Saisissez un numéro de téléphone ou une adresse e-mail valide",
                "أدخل رقم هاتف أو بريدًا إلكترونيًا صالحًا",
            ),
            ErrorCode::InvalidName => ("Nom incorrect", "الاسم غير صحيح"),
            ErrorCode::AccountAlreadyExists => {
                ("Un compte existe déjà avec ces coordonnées. Connectez-vous", "يوجد حساب بهذه المعلومات. سجّل الدخول")
            }
            ErrorCode::AccountNotFound => ("Aucun compte ne correspond", "لا يوجد حساب مطابق"),
            ErrorCode::CodeRequired => ("Veuillez saisir le code", "يرجى إدخال الرمز"),
            ErrorCode::CodeInvalid => ("Code incorrect", "الرمز غير صحيح"),
            ErrorCode::CodeExpired => {
                ("Ce code a expiré. Demandez-en un nouveau", "انتهت صلاحية هذا الرمز. اطلب رمزًا جديدًا")
            }
            ErrorCode::ResendTooSoon => (
                "Vous pourrez demander un nouveau code à la fin du compte à rebours",
                "يمكنك طلب رمز جديد عند انتهاء العد التنازلي",
            ),
            ErrorCode::EmailCannotChange => {
                ("L'adresse e-mail ne peut pas être modifiée", "لا يمكن تغيير البريد الإلكتروني")
            }
            ErrorCode::PhoneChangeViaSupport => (
                "Pour changer de numéro, contactez le service client (9h-20h, 7j/7)",
                "لتغيير رقم الهاتف، اتصل بخدمة الزبناء (من 9 صباحًا إلى 8 مساءً، طيلة أيام الأسبوع)",
            ),
            ErrorCode::InvalidResetLink => {
                ("Ce lien n'est plus valable. Demandez-en un nouveau", "هذا الرابط لم يعد صالحًا. اطلب رابطًا جديدًا")
            }
            ErrorCode::InvalidShopName => ("Nom de boutique incorrect", "اسم المتجر غير صحيح"),
            ErrorCode::InvalidShopDescription => ("Description incorrecte", "الوصف غير صحيح"),
            ErrorCode::InvalidWebsite => ("Site web incorrect", "الموقع الإلكتروني غير صحيح"),
            ErrorCode::InvalidShopCategory => ("Veuillez choisir une catégorie", "يرجى اختيار فئة"),
            ErrorCode::LogoNotAnImage => {
                ("Le logo doit être une image JPEG ou PNG", "يجب أن يكون الشعار صورة JPEG أو PNG")
            }
            ErrorCode::AdNotFound => {
                ("Cette annonce n'existe pas ou n'est plus disponible", "هذا الإعلان غير موجود أو لم يعد متاحًا")
            }
            ErrorCode::CategoryNotFound => ("Veuillez choisir une catégorie valide", "يرجى اختيار فئة صالحة"),
            ErrorCode::InvalidAdType => {
                ("Ce type d'annonce n'existe pas dans cette catégorie", "نوع الإعلان هذا غير متوفر في هذه الفئة")
            }
            ErrorCode::AreaNotFound => {
                ("Ce quartier n'appartient pas à la ville choisie", "هذا الحي لا ينتمي إلى المدينة المختارة")
            }
            ErrorCode::TextTooShort => ("Ce texte est trop court", "هذا النص قصير جدًا"),
            ErrorCode::TextTooLong => ("Ce texte est trop long", "هذا النص طويل جدًا"),
            ErrorCode::ValueTooSmall => ("Cette valeur est trop petite", "هذه القيمة صغيرة جدًا"),
            ErrorCode::ValueTooLarge => ("Cette valeur est trop grande", "هذه القيمة كبيرة جدًا"),
            ErrorCode::NotANumber => ("Veuillez saisir un nombre", "يرجى إدخال رقم"),
            ErrorCode::TextHasEmail => {
                ("Le texte ne doit pas contenir d'adresse e-mail", "يجب ألا يحتوي النص على بريد إلكتروني")
            }
            ErrorCode::TextHasPhone => {
                ("Le texte ne doit pas contenir de numéro de téléphone", "يجب ألا يحتوي النص على رقم هاتف")
            }
            ErrorCode::TextHasLink => ("Le texte ne doit pas contenir de lien", "يجب ألا يحتوي النص على رابط"),
            ErrorCode::TextHasSpecialCharacters => (
                "Le texte ne doit pas contenir les caractères ! = \" : ; _ , % +",
                "يجب ألا يحتوي النص على الرموز ! = \" : ; _ , % +",
            ),
            ErrorCode::InvalidParam => ("Une caractéristique de l'annonce est invalide", "إحدى خصائص الإعلان غير صالحة"),
            ErrorCode::TooManyPhotos => (
                "Vous pouvez ajouter jusqu'à {max} photos à cette annonce",
                "يمكنك إضافة {max} صور كحد أقصى لهذا الإعلان",
            ),
            ErrorCode::PhotoNotAnImage => {
                ("La photo doit être une image JPEG ou PNG", "يجب أن تكون الصورة بصيغة JPEG أو PNG")
            }
            ErrorCode::PhotoTooLarge => {
                ("La photo est trop volumineuse (10 Mo au plus)", "الصورة كبيرة جدًا (10 ميغابايت كحد أقصى)")
            }
            ErrorCode::VideoTooLong => {
                ("La vidéo doit durer moins d'une minute", "يجب أن تقل مدة الفيديو عن دقيقة واحدة")
            }
            ErrorCode::VideoTooLarge => ("La vidéo doit peser moins de 30 Mo", "يجب أن يقل حجم الفيديو عن 30 ميغابايت"),
            ErrorCode::VideoNotLandscape => {
                ("La vidéo doit être filmée à l'horizontale", "يجب تصوير الفيديو بشكل أفقي")
            }
            ErrorCode::VideoUnreadable => {
                ("La vidéo doit être au format MP4 ou MOV", "يجب أن يكون الفيديو بصيغة MP4 أو MOV")
            }
            ErrorCode::PackRequiresImage => {
                ("Ajoutez au moins une photo pour choisir un pack", "أضف صورة واحدة على الأقل لاختيار باقة")
            }
            ErrorCode::AdOperationNotAllowed => {
                ("Cette opération n'est pas possible pour cette annonce", "هذه العملية غير ممكنة لهذا الإعلان")
            }
            ErrorCode::DeletionRefused => {
                ("L'annonce ne peut être supprimée qu'après {days} jours", "لا يمكن حذف الإعلان إلا بعد {days} أيام")
            }
            ErrorCode::ActiveLimitReached => (
                "Vous avez atteint la limite d'annonces gratuites. Vous pouvez toujours payer pour activer",
                "لقد بلغت حد الإعلانات المجانية. يمكنك دائمًا الدفع للتفعيل",
            ),
            ErrorCode::AppealLimitReached => ("Limite de recours atteinte", "تم بلوغ الحد الأقصى للطعون"),
            ErrorCode::InvalidReportType => ("Veuillez choisir un motif de signalement", "يرجى اختيار سبب الإبلاغ"),
            ErrorCode::MediaNotFound => {
                ("Ce fichier n'est plus disponible. Ajoutez-le de nouveau", "هذا الملف لم يعد متاحًا. أضفه من جديد")
            }
            ErrorCode::InvalidDate => ("Date invalide (AAAA-MM-JJ)", "تاريخ غير صالح (سنة-شهر-يوم)"),
            ErrorCode::InvalidDateRange => ("Cette période n'est pas valide", "هذه الفترة غير صالحة"),
            ErrorCode::UnknownEvent => ("Événement inconnu", "حدث غير معروف"),
            ErrorCode::ConversationNotFound => ("Cette conversation n'existe pas", "هذه المحادثة غير موجودة"),
            ErrorCode::ConversationBlocked => (
                "Cette conversation est bloquée : votre message n'a pas été envoyé",
                "هذه المحادثة محظورة: لم يتم إرسال رسالتك",
            ),
            ErrorCode::ChatMessageEmpty => ("Écrivez un message ou joignez un fichier", "اكتب رسالة أو أرفق ملفًا"),
            ErrorCode::ChatMessageTooLong => ("Ce message est trop long", "هذه الرسالة طويلة جدًا"),
            ErrorCode::AttachmentTooLarge => ("La pièce jointe dépasse 5 Mo", "المرفق يتجاوز 5 ميغابايت"),
            ErrorCode::AttachmentType => {
                ("Seules les images et les PDF peuvent être joints", "يمكن إرفاق الصور وملفات PDF فقط")
            }
            ErrorCode::CannotMessageOwnAd => {
                ("Vous ne pouvez pas écrire au sujet de votre propre annonce", "لا يمكنك مراسلة نفسك بخصوص إعلانك")
            }
            ErrorCode::VisitorConversation => (
                "Ce visiteur n'a pas de compte : répondez-lui par e-mail",
                "هذا الزائر ليس لديه حساب: أجبه عبر البريد الإلكتروني",
            ),
            ErrorCode::EmailAlreadyExists => (
                "Cet e-mail existe déjà. Connectez-vous pour envoyer votre message",
                "هذا البريد الإلكتروني موجود بالفعل. سجّل الدخول لإرسال رسالتك",
            ),
            ErrorCode::EmailMatchesNoAccount => (
                "Message envoyé. Cet e-mail ne correspond à aucun compte : créez votre compte pour suivre la conversation",
                "تم إرسال الرسالة. هذا البريد الإلكتروني لا يطابق أي حساب: أنشئ حسابك لمتابعة المحادثة",
            ),
            ErrorCode::MessagePendingConfirmation => (
                "Vérifiez votre e-mail : ouvrez le lien que nous venons de vous envoyer pour transmettre votre message au vendeur",
                "تحقق من بريدك الإلكتروني: افتح الرابط الذي أرسلناه إليك للتو لإيصال رسالتك إلى البائع",
            ),
            ErrorCode::MessageLinkExpired => (
                "Ce lien de confirmation a expiré. Envoyez votre message de nouveau depuis l'annonce",
                "انتهت صلاحية رابط التأكيد هذا. أرسل رسالتك من جديد من صفحة الإعلان",
            ),
            ErrorCode::CvTooLarge => ("Le CV ne doit pas dépasser 2,5 Mo", "يجب ألا تتجاوز السيرة الذاتية 2.5 ميغابايت"),
            ErrorCode::CvType => (
                "Le CV doit être au format pdf, jpg, jpeg, rtf ou odt",
                "يجب أن تكون السيرة الذاتية بصيغة pdf أو jpg أو jpeg أو rtf أو odt",
            ),
            ErrorCode::InvalidPriceRange => (
                "Le prix minimum et maximum doivent être positifs, raisonnables et dans l'ordre",
                "يجب أن يكون السعر الأدنى والأقصى موجبين ومعقولين ومرتبين",
            ),
            ErrorCode::InvalidSearchRange => ("Cette plage de valeurs n'est pas valide", "نطاق القيم هذا غير صالح"),
            ErrorCode::InvalidOffset => ("Cette page de résultats n'existe pas", "صفحة النتائج هذه غير موجودة"),
            ErrorCode::SavedSearchLimitReached => (
                "Vous avez atteint le nombre maximum de recherches sauvegardées",
                "لقد بلغت الحد الأقصى لعمليات البحث المحفوظة",
            ),
            ErrorCode::InvalidOrderStatus => ("Ce statut de commande n'existe pas", "حالة الطلب هذه غير موجودة"),
            ErrorCode::NoOrderIsUpdated => (
                "Aucune commande n'a été mise à jour : cette commande est introuvable",
                "لم يتم تحديث أي طلب: هذا الطلب غير موجود",
            ),
            ErrorCode::UpdateIsNotAllowed => (
                "Cette commande ne peut pas être modifiée ainsi dans son état actuel",
                "لا يمكن تعديل هذا الطلب بهذه الطريقة في حالته الحالية",
            ),
            ErrorCode::OrderAlreadyCompleted => ("Cette commande est déjà terminée", "هذا الطلب مكتمل بالفعل"),
            ErrorCode::UnknownPaymentMethod => {
                ("Ce moyen de paiement n'est pas disponible", "وسيلة الأداء هذه غير متاحة")
            }
            ErrorCode::EcommerceRoleRequired => {
                ("Cet espace est réservé aux boutiques e-commerce", "هذا الفضاء مخصص لمتاجر التجارة الإلكترونية")
            }
            ErrorCode::ProductNotFound => {
                ("Ce produit n'existe pas ou n'est plus en vente", "هذا المنتج غير موجود أو لم يعد معروضًا للبيع")
            }
            ErrorCode::ProductOperationNotAllowed => (
                "Cette opération n'est pas possible pour ce produit dans son état actuel",
                "هذه العملية غير ممكنة لهذا المنتج في حالته الحالية",
            ),
            ErrorCode::OutOfStock => (
                "Stock insuffisant : il ne reste que {units} unité(s) de ce produit",
                "المخزون غير كافٍ: لم يتبق من هذا المنتج سوى {units} وحدة",
            ),
            ErrorCode::CannotBuyOwnProduct => {
                ("Vous ne pouvez pas acheter votre propre produit", "لا يمكنك شراء منتجك الخاص")
            }
            ErrorCode::SoldeExpired => (
                "Votre solde a expiré : il vous reste 0 crédit. Veuillez contacter le service client",
                "انتهت صلاحية رصيدك: لم يتبق لديك أي رصيد (0). يرجى الاتصال بخدمة الزبناء",
            ),
            ErrorCode::SoldeNotEnough => ("Votre solde est insuffisant pour ce pack", "رصيدك غير كافٍ لهذه الباقة"),
            ErrorCode::SoldeEquivalent => {
                ("Ce pack ne peut pas être payé avec ce solde", "لا يمكن أداء هذه الباقة بهذا الرصيد")
            }
            ErrorCode::PackageNotFound => ("Ce pack n'existe pas", "هذه الباقة غير موجودة"),
            ErrorCode::InvalidOperation => (
                "Le paiement a échoué. Réessayez ou choisissez un autre moyen de paiement",
                "فشل الأداء. أعد المحاولة أو اختر وسيلة أداء أخرى",
            ),
            ErrorCode::LoanNotOffered => (
                "Le simulateur de crédit est proposé pour les véhicules et l'immobilier avec un prix",
                "محاكي القرض متاح للسيارات والعقارات التي لها ثمن",
            ),
            ErrorCode::LoanDownPaymentNegative => {
                ("L'apport ne peut pas être négatif", "لا يمكن أن تكون الدفعة الأولى سالبة")
            }
            ErrorCode::LoanDownPaymentAbovePrice => {
                ("L'apport ne peut pas dépasser le prix", "لا يمكن أن تتجاوز الدفعة الأولى الثمن")
            }
            ErrorCode::LoanDurationNotOffered => {
                ("Cette durée de crédit n'est pas proposée", "مدة القرض هذه غير متاحة")
            }
            ErrorCode::CreditAmountInvalid => (
                "Le montant du crédit doit être positif et ne pas dépasser le prix",
                "يجب أن يكون مبلغ القرض موجبًا وألا يتجاوز الثمن",
            ),
            ErrorCode::CreditAgeInvalid => {
                ("L'âge doit être compris entre 18 et 100 ans", "يجب أن يكون العمر بين 18 و100 سنة")
            }
            ErrorCode::CreditRequestNotFound => ("Cette demande de crédit n'existe pas", "طلب القرض هذا غير موجود"),
            ErrorCode::ValuationTermsRequired => {
                ("Veuillez accepter les conditions d'utilisation", "يرجى قبول شروط الاستخدام")
            }
            ErrorCode::ValuationNotPossible => (
                "Nous n'avons pas pu évaluer ce véhicule : trop peu d'annonces comparables",
                "تعذر تقييم هذه السيارة: عدد الإعلانات المماثلة غير كافٍ",
            ),
            ErrorCode::ValuationLimitReached => (
                "Vous avez atteint la limite de {max} estimations sur {days} jours",
                "لقد بلغت الحد الأقصى وهو {max} تقييمات خلال {days} يومًا",
            ),
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
            ErrorCode::IncorrectCredentials
            | ErrorCode::LoginRequired
            | ErrorCode::SessionExpired
            | ErrorCode::InvalidToken => 401,
            ErrorCode::NotAuthorized | ErrorCode::PermissionDenied => 403,
            ErrorCode::PasswordTooShort
            | ErrorCode::PasswordConfirmationMismatch
            | ErrorCode::PasswordSameAsCurrent
            | ErrorCode::WrongCurrentPassword
            | ErrorCode::CityRequired
            | ErrorCode::InvalidPhone
            | ErrorCode::InvalidEmail
            | ErrorCode::InvalidPhoneOrEmail
            | ErrorCode::InvalidName
            | ErrorCode::CodeRequired
            | ErrorCode::CodeInvalid
            | ErrorCode::CodeExpired
            | ErrorCode::EmailCannotChange
            | ErrorCode::PhoneChangeViaSupport
            | ErrorCode::InvalidResetLink
            | ErrorCode::InvalidShopName
            | ErrorCode::InvalidShopDescription
            | ErrorCode::InvalidWebsite
            | ErrorCode::InvalidShopCategory
            | ErrorCode::LogoNotAnImage => 400,
            ErrorCode::AdNotFound => 404,
            ErrorCode::CategoryNotFound
            | ErrorCode::InvalidAdType
            | ErrorCode::AreaNotFound
            | ErrorCode::TextTooShort
            | ErrorCode::TextTooLong
            | ErrorCode::ValueTooSmall
            | ErrorCode::ValueTooLarge
            | ErrorCode::NotANumber
            | ErrorCode::TextHasEmail
            | ErrorCode::TextHasPhone
            | ErrorCode::TextHasLink
            | ErrorCode::TextHasSpecialCharacters
            | ErrorCode::InvalidParam
            | ErrorCode::TooManyPhotos
            | ErrorCode::PhotoNotAnImage
            | ErrorCode::VideoTooLong
            | ErrorCode::VideoNotLandscape
            | ErrorCode::VideoUnreadable
            | ErrorCode::PackRequiresImage
            | ErrorCode::InvalidReportType
            | ErrorCode::MediaNotFound
            | ErrorCode::InvalidPriceRange
            | ErrorCode::InvalidSearchRange
            | ErrorCode::InvalidOffset
            | ErrorCode::InvalidOrderStatus => 400,
            ErrorCode::SavedSearchLimitReached => 409,
            ErrorCode::PhotoTooLarge | ErrorCode::VideoTooLarge => 413,
            ErrorCode::AdOperationNotAllowed | ErrorCode::DeletionRefused | ErrorCode::AppealLimitReached => 409,
            ErrorCode::ActiveLimitReached => 402,
            ErrorCode::InvalidDate | ErrorCode::InvalidDateRange | ErrorCode::UnknownEvent => 400,
            ErrorCode::AccountAlreadyExists => 409,
            ErrorCode::AccountNotFound => 404,
            ErrorCode::ResendTooSoon => 429,
            ErrorCode::StoreUnavailable => 503,
            ErrorCode::StorageFull => 507,
            ErrorCode::ConversationNotFound => 404,
            ErrorCode::ConversationBlocked => 403,
            ErrorCode::ChatMessageEmpty => 400,
            ErrorCode::ChatMessageTooLong => 400,
            ErrorCode::AttachmentTooLarge => 413,
            ErrorCode::AttachmentType => 400,
            ErrorCode::CannotMessageOwnAd => 400,
            ErrorCode::VisitorConversation => 400,
            ErrorCode::EmailAlreadyExists => 409,
            ErrorCode::EmailMatchesNoAccount => 404,
            ErrorCode::MessagePendingConfirmation => 202,
            ErrorCode::MessageLinkExpired => 410,
            ErrorCode::CvTooLarge => 413,
            ErrorCode::CvType => 400,
            ErrorCode::NoOrderIsUpdated => 404,
            ErrorCode::UpdateIsNotAllowed | ErrorCode::OrderAlreadyCompleted => 409,
            ErrorCode::UnknownPaymentMethod => 400,
            ErrorCode::EcommerceRoleRequired => 403,
            ErrorCode::ProductNotFound => 404,
            ErrorCode::ProductOperationNotAllowed | ErrorCode::OutOfStock => 409,
            ErrorCode::CannotBuyOwnProduct => 400,
            ErrorCode::SoldeExpired | ErrorCode::SoldeNotEnough | ErrorCode::SoldeEquivalent => 402,
            ErrorCode::PackageNotFound => 404,
            ErrorCode::InvalidOperation => 402,
            ErrorCode::LoanNotOffered | ErrorCode::CreditRequestNotFound => 404,
            ErrorCode::LoanDownPaymentNegative
            | ErrorCode::LoanDownPaymentAbovePrice
            | ErrorCode::LoanDurationNotOffered
            | ErrorCode::CreditAmountInvalid
            | ErrorCode::CreditAgeInvalid
            | ErrorCode::ValuationTermsRequired => 400,
            ErrorCode::ValuationNotPossible => 422,
            ErrorCode::ValuationLimitReached => 429,
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
    /// Numbers the wording quotes (`{days}` of 'deletion refused'), also sent to the client.
    pub params: Vec<(&'static str, i64)>,
}

impl SoukError {
    pub fn new(code: ErrorCode) -> Self {
        Self { code, detail: None, params: Vec::new() }
    }

    pub fn with_detail(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self { code, detail: Some(detail.into()), params: Vec::new() }
    }

    /// Adds a number the wording quotes as `{name}`.
    pub fn with_param(mut self, name: &'static str, value: i64) -> Self {
        self.params.push((name, value));
        self
    }

    /// The wording in `lang`, with its `{name}` placeholders filled in.
    pub fn wording(&self, lang: Lang) -> String {
        let mut text = self.code.message(lang).to_string();
        for (name, value) in &self.params {
            text = text.replace(&format!("{{{name}}}"), &value.to_string());
        }
        text
    }

    /// An unexpected failure of a lower layer: the generic catalogue error, with the cause kept
    /// as the detail for the logs — or `STORAGE_FULL` when the cause is a full disk or database
    /// ([`is_storage_full`]): the one failure the user is told apart, since waiting helps.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        let cause = cause.to_string();
        let code = if is_storage_full(&cause) { ErrorCode::StorageFull } else { ErrorCode::InternalError };
        Self::with_detail(code, cause)
    }
}

/// Whether a lower layer's failure says that the disk or the database is full: SQLite's
/// `SQLITE_FULL` ("database or disk is full") and the system's `ENOSPC` ("No space left on
/// device", os error 28) and `EDQUOT` (os error 122), however the layers above wrapped them.
pub fn is_storage_full(cause: &str) -> bool {
    const SIGNS: [&str; 5] =
        ["database or disk is full", "No space left on device", "os error 28)", "Disk quota exceeded", "os error 122)"];
    SIGNS.iter().any(|sign| cause.contains(sign))
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
    fn a_full_disk_or_database_is_told_apart_from_other_failures() {
        let sqlite = SoukError::internal("sqlite: database or disk is full");
        assert_eq!(sqlite.code, ErrorCode::StorageFull);
        let io = SoukError::internal("media: write /data/media/x.jpg: No space left on device (os error 28)");
        assert_eq!(io.code, ErrorCode::StorageFull);
        assert_eq!(SoukError::internal("sqlite: database is locked").code, ErrorCode::InternalError);
        assert_eq!(ErrorCode::StorageFull.http_status(), 507);
        assert!(ErrorCode::StorageFull.message(Lang::Ar).contains("ممتلئة"));
    }

    #[test]
    fn wording_fills_in_its_numbers() {
        let e = SoukError::new(ErrorCode::DeletionRefused).with_param("days", 3);
        assert_eq!(e.wording(Lang::Fr), "L'annonce ne peut être supprimée qu'après 3 jours");
        assert!(e.wording(Lang::Ar).contains('3') && !e.wording(Lang::Ar).contains("{days}"));
    }

    #[test]
    fn generic_failure_wording_is_the_spec_toast() {
        assert_eq!(ErrorCode::InternalError.message(Lang::Fr), "Erreur Veuillez réessayer plus tard");
    }
}
