//! The Ads capability: the ad form, uploads, the lifecycle, my ads, public ad data, saved ads,
//! abuse reports and moderation (spec §2 ad form and my ads, §3, §4, §5, §6, §7).

pub mod service;
pub mod settings;
pub mod uploads;

pub use service::AdService;
pub use settings::AdSettings;
pub use uploads::AdUploads;
