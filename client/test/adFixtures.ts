// Ads in the gateway's shape (docs/ads.md): a list ad, its detail, the public ad view.

import type { Ad, AdDetail, PublicAd } from '../src/api/ads';

export function listAd(overrides: Partial<Ad> = {}): Ad {
  const listId = overrides.listId ?? 10000001;
  return {
    adId: `0193a8f0-0000-7000-8000-${String(listId).padStart(12, '0')}`,
    listId,
    title: 'Dacia Logan 2018 diesel',
    status: 'active',
    labels: [],
    discount: null,
    type: { key: 'sell', name: 'Offres' },
    image: '/media/demo/vehicles-1.jpg',
    mediaCount: 2,
    price: { withCurrency: '85 000 DH', withoutCurrency: '85 000', value: 85000 },
    publishedAt: '2026-08-24T09:11:31Z',
    lastStateTime: '2026-08-24T09:11:31Z',
    city: { id: 1, name: 'Casablanca' },
    category: { id: 2010, name: 'Voitures' },
    urgent: false,
    hotdeal: false,
    delivery: false,
    hasVideo: false,
    performance: { views: 120, phoneViews: 7, conversations: 3 },
    editAdStatus: null,
    refusalReasonText: null,
    deletableInDays: null,
    vasPackages: 0,
    ...overrides,
  };
}

export function detailAd(overrides: Partial<AdDetail> = {}): AdDetail {
  return {
    ...listAd(overrides),
    images: [
      { mediaId: 'ads/p1/large.jpg', thumb: '/t1.jpg', medium: '/m1.jpg', large: '/l1.jpg' },
      { mediaId: 'ads/p2/large.jpg', thumb: '/t2.jpg', medium: '/m2.jpg', large: '/l2.jpg' },
    ],
    description: 'Voiture bien entretenue et de première main.',
    area: { id: 101, name: 'Maarif' },
    params: [
      { key: 'mileage', label: 'Kilométrage', kind: 'number', value: '98000', valueLabel: '98000', unit: 'km' },
      { key: 'first_owner', label: 'Première main', kind: 'boolean', value: 'true', valueLabel: 'true', unit: null },
      { key: 'fuel', label: 'Carburant', kind: 'text', value: 'diesel', valueLabel: 'Diesel', unit: null },
    ],
    video: null,
    phone: '0612345678',
    ...overrides,
  };
}

export function publicAd(overrides: Partial<AdDetail> = {}, phoneHidden = false, savedByMe = false): PublicAd {
  return {
    ad: detailAd(overrides),
    seller: {
      accountId: 7,
      name: 'Auto Maarif',
      type: 'shop',
      storeId: 3,
      isVerifiedSeller: true,
      memberSince: '2024-03-10T10:00:00Z',
      logo: null,
      phoneHidden,
    },
    latitude: 33.5731,
    longitude: -7.5898,
    savedByMe,
  };
}
