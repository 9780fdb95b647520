//! Invoices (issue 24): every paid order has a numbered invoice (sequential per year, without
//! gaps: the number is taken in the write that pays the order); this reads what the caller's
//! invoice says, for the PDF the account area downloads.

use super::PaymentService;
use crate::accounts::service::Caller;
use souk_domain::payments::{PaymentStatus, Purpose};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_invoices::{Invoice, InvoiceLine};
use souk_storage::payments::PaymentOrder;

/// What an invoice says: the paid order and its number.
#[derive(Debug, Clone, PartialEq)]
pub struct InvoiceData {
    pub number: String,
    pub order: PaymentOrder,
    pub paid_at: i64,
}

impl PaymentService {
    /// The invoice of one of the caller's paid orders; another account's order, or one not
    /// paid, is `NOT_FOUND`.
    pub async fn my_invoice(&self, caller: &Caller, order_id: &str) -> Result<InvoiceData, SoukError> {
        let order = self
            .own_order(caller, order_id)
            .await
            .map_err(|_| SoukError::with_detail(ErrorCode::NotFound, format!("invoice of {order_id}")))?;
        match (order.status, order.invoice_number.clone(), order.paid_at) {
            (PaymentStatus::Paid | PaymentStatus::Refunded, Some(number), Some(paid_at)) => {
                Ok(InvoiceData { number, order, paid_at })
            }
            _ => Err(SoukError::with_detail(ErrorCode::NotFound, format!("order {order_id} has no invoice"))),
        }
    }
}

impl InvoiceData {
    /// The invoice as printed in `lang`, billed to `buyer` (name, e-mail).
    pub fn document(&self, lang: Lang, buyer_name: &str, buyer_email: Option<&str>) -> Invoice {
        let o = &self.order;
        let ad = match lang {
            Lang::Ar => format!("الإعلان {} «{}»", o.list_id, o.ad_title),
            Lang::Fr => format!("Annonce {} « {} »", o.list_id, o.ad_title),
        };
        let what = match (&o.purpose, &o.pack) {
            (Purpose::Pack, Some(p)) => souk_domain::packs::pack(&p.pack_id)
                .map(|offer| offer.label(lang))
                .unwrap_or_else(|_| p.pack_id.clone()),
            _ => if lang == Lang::Ar { "رسوم النشر" } else { "Frais d'insertion" }.to_string(),
        };
        let line = |label: String, centimes: i64| InvoiceLine {
            label,
            quantity: 1,
            unit_centimes: centimes,
            total_centimes: centimes,
        };
        let mut lines = vec![line(format!("{what} — {ad}"), o.fee.centimes())];
        if o.extra_fee.centimes() > 0 {
            let fee = if lang == Lang::Ar { "رسوم المعاملة" } else { "Frais de transaction" };
            lines.push(line(fee.to_string(), o.extra_fee.centimes()));
        }
        Invoice {
            number: self.number.clone(),
            issued_at: self.paid_at,
            order_id: o.order_id.clone(),
            buyer_name: buyer_name.to_string(),
            buyer_email: buyer_email.map(str::to_string),
            buyer_phone: None,
            method: o.method.label(lang).to_string(),
            lines,
            total_centimes: o.total.centimes(),
            paid_at: self.paid_at,
        }
    }
}

impl PaymentService {
    /// `GET /api/invoices/{order}.pdf`: the PDF invoice of one of the caller's paid orders in
    /// `lang`, billed to the caller.
    pub async fn invoice_pdf(&self, caller: &Caller, order_id: &str, lang: Lang) -> Result<Vec<u8>, SoukError> {
        let data = self.my_invoice(caller, order_id).await?;
        let doc = data.document(lang, &caller.claims.name, caller.claims.email.as_deref());
        let pdf_lang = if lang == Lang::Ar { souk_invoices::Lang::Ar } else { souk_invoices::Lang::Fr };
        tokio::task::spawn_blocking(move || souk_invoices::render(&doc, pdf_lang))
            .await
            .map_err(SoukError::internal)?
            .map_err(SoukError::internal)
    }
}
