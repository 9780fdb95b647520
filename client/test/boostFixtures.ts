// The boost offer, orders and balances in the gateway's shape (docs/payments.md), with prices
// no client rule would compute (73,40 DH, 239,60 DH), so that a test sees the server's.

import type { PaymentOrder, VasMethod, VasOffer, VasPack } from '../src/api/payments';

export const AD_ID = '0193a8f0-0000-7000-8000-000010000777';
export const ORDER_ID = '0193b000-0000-7000-8000-000000000077';

/** An amount as the server words it. */
export function amount(centimes: number) {
  const whole = String(Math.floor(centimes / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = centimes % 100;
  const withoutCurrency = cents === 0 ? whole : `${whole},${String(cents).padStart(2, '0')}`;
  return { centimes, withCurrency: `${withoutCurrency} DH`, withoutCurrency };
}

function pack(kind: string, days: number, centimes: number, reach: number, extra: Partial<VasPack> = {}): VasPack {
  return {
    id: `${kind}-${String(days)}`,
    kind,
    durationDays: days,
    price: amount(centimes),
    listPrice: amount(centimes),
    pricePerDay: amount(Math.round(centimes / days)),
    viewMultiplier: reach,
    expectedReach: reach,
    points: Math.round(centimes / 250),
    tokens: Math.round(centimes / 1500),
    ...extra,
  };
}

export const PACKS: VasPack[] = [
  pack('bump', 7, 7340, 9),
  pack('bump', 15, 13_900, 9),
  pack('gallery', 7, 11_980, 15),
  pack('gallery', 15, 23_960, 15),
  pack('special', 7, 15_470, 12),
  pack('highlight', 7, 5_230, 6),
  pack('renewal', 1, 1_990, 1, { tokens: null }),
];

export const METHODS: VasMethod[] = [
  { method: 'cc', available: true, offline: false, extraFee: amount(0) },
  { method: 'cashPlus', available: true, offline: true, extraFee: amount(250) },
  { method: 'sms', available: true, offline: true, extraFee: amount(250) },
  { method: 'bankingApp', available: true, offline: true, extraFee: amount(250) },
  { method: 'avitoken', available: true, offline: false, extraFee: amount(0) },
  { method: 'points', available: false, offline: false, extraFee: amount(0) },
];

export function offer(overrides: Partial<VasOffer> = {}): VasOffer {
  return {
    adId: AD_ID,
    listId: 10000777,
    title: 'Dacia Logan 2019 diesel',
    status: 'active',
    group: 'vehicles',
    isShop: false,
    shopDiscountPercent: 20,
    shopMultiplier: 2.5,
    eligible: true,
    ineligibleReason: null,
    packs: PACKS,
    methods: METHODS,
    slots: {
      earliestDate: '2026-12-01',
      latestDate: '2026-12-30',
      parts: [
        // Asked after noon: the first day's morning is less than a day away, it opens a day later.
        { id: 'morning', from: '08:00', to: '12:00', earliestDate: '2026-12-02' },
        { id: 'afternoon', from: '12:00', to: '18:00', earliestDate: '2026-12-01' },
        { id: 'evening', from: '18:00', to: '23:00', earliestDate: '2026-12-01' },
      ],
    },
    balances: { points: { count: 0, expiryDate: null, expired: false }, tokens: { count: 2 } },
    lastAppliedVasPack: null,
    ...overrides,
  };
}

/** A shop's offer: 20 % off the list prices, 2.5 times the reach, points to pay with. */
export function shopOffer(overrides: Partial<VasOffer> = {}): VasOffer {
  return offer({
    isShop: true,
    packs: PACKS.map((p) => ({
      ...p,
      listPrice: amount(Math.round((p.price.centimes * 100) / 80)),
      expectedReach: p.expectedReach * 2.5,
    })),
    methods: METHODS.map((m) => (m.method === 'points' ? { ...m, available: true } : m)),
    balances: { points: { count: 400, expiryDate: '2027-03-31', expired: false }, tokens: { count: 0 } },
    ...overrides,
  });
}

export function paymentOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  const created = Date.now();
  return {
    id: ORDER_ID,
    code: '0123456789',
    method: 'cashPlus',
    status: 'pending',
    purpose: 'pack',
    packId: 'gallery-15',
    packKind: 'gallery',
    durationDays: 15,
    slotDate: '2026-12-03',
    slotPart: 'evening',
    packStart: null,
    packEnd: null,
    fee: amount(23_960),
    extraFee: amount(250),
    total: amount(24_210),
    adId: AD_ID,
    listId: 10000777,
    adTitle: 'Dacia Logan 2019 diesel',
    createdAt: new Date(created).toISOString(),
    expiresAt: new Date(created + 48 * 3600 * 1000).toISOString(),
    paidAt: null,
    failure: null,
    redirectUrl: null,
    invoiceNumber: null,
    invoiceUrl: null,
    ...overrides,
  };
}

/** The same order, paid: its pack's period and its invoice. */
export function paidOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return paymentOrder({
    status: 'paid',
    paidAt: '2026-11-30T10:00:00Z',
    packStart: '2026-12-03T19:42:00Z',
    packEnd: '2026-12-18T19:42:00Z',
    invoiceNumber: 'F-2026-000042',
    invoiceUrl: `/account/invoices/${ORDER_ID}.pdf`,
    ...overrides,
  });
}
