// The account area's own operations (docs/api.md "Accounts and sessions"): who is signed in
// with the session's facts (getCurrentUser: the shop, the acting admin and the session's end),
// the shop (getMyStoreInfo, getShopProfile, editShopProfile), the private profile
// (updateMyAccountInfo), the password (editUserPassword), notification preferences and the
// e-mail channel with its verification. Mutations never retry. Imported by the account area's
// lazy pages only.

import { api } from './baseApi';

/** Spec §3 Store info (dates in seconds since the epoch). */
export interface StoreInfo {
  storeId: number;
  name: string;
  email: string | null;
  category: number | null;
  website: string | null;
  description: { long: string; short: string };
  phones: string[];
  locations: string[];
  logo: string | null;
  startDate: number;
  expiryDate: number;
  points: { count: number; expiryDate: number | null };
  tokenBalance: number;
  offersDelivery: boolean;
  membership: { id: number; name: string };
  isVerifiedSeller: boolean;
}

/** Spec §3 User profile state, with the session's end and the admin acting as this user. */
export interface CurrentUser {
  userId: number;
  name: string;
  email: string | null;
  type: string;
  role: string[];
  isAdmin: boolean;
  phone: string | null;
  location: { city: { id: number; name: string } | null; address: string | null };
  shopInfo: StoreInfo | null;
  session: { expiresAt: number; actingAdminId: number | null; actingAdminName: string | null };
}

/** The older shop profile shape, which the shop settings edit (spec §3). */
export interface ShopProfile {
  storeId: number;
  email: string | null;
  name: string;
  desc: string;
  shortDesc: string;
  category: number | null;
  imageLogo: string | null;
  address: string;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
  storeUrl: string | null;
}

/** editShopProfile's payload (spec §3 "Edit payload"). */
export interface ShopProfileEdit {
  userId: number;
  shopName: string;
  shopDescription: string;
  shortDescription: string;
  shopCategory: number;
  address: string;
  phone1: string;
  phone2: string;
  phone3: string;
  shopUrl: string | null;
}

export interface AccountInfoEdit {
  name: string;
  location: { cityId: number; address: string };
}

export interface NotificationSettings {
  adNotificationsEnabled: boolean;
  vasNotificationsEnabled: boolean;
  paymentNotificationsEnabled: boolean;
  newsletterNotificationsEnabled: boolean;
  chatNotificationsEnabled: boolean;
}

export type EmailChannelStatus = 'verified' | 'unverified' | 'missing';

const STORE_FIELDS = `storeId name email category website description { long short } phones locations logo
  startDate expiryDate points { count expiryDate } tokenBalance offersDelivery membership { id name } isVerifiedSeller`;
export const GET_CURRENT_USER = `query getCurrentUser {
  getCurrentUser {
    userId name email type role isAdmin phone location { city { id name } address }
    shopInfo { ${STORE_FIELDS} }
    session { expiresAt actingAdminId actingAdminName }
  }
}`;
export const GET_MY_STORE_INFO = `query getMyStoreInfo($storeId: Int!) { getMyStoreInfo(storeId: $storeId) { ${STORE_FIELDS} } }`;
export const GET_SHOP_PROFILE = `query getShopProfile($storeId: Int!) {
  getShopProfile(storeId: $storeId) { storeId email name desc shortDesc category imageLogo address phone1 phone2 phone3 storeUrl }
}`;
export const EDIT_SHOP_PROFILE = `mutation editShopProfile($userId: Int!, $address: String, $shopCategory: Int!, $shopDescription: String,
  $shopName: String!, $phone1: String!, $phone2: String!, $phone3: String!, $shortDescription: String, $shopUrl: String) {
  editShopProfile(userId: $userId, address: $address, shopCategory: $shopCategory, shopDescription: $shopDescription,
    shopName: $shopName, phone1: $phone1, phone2: $phone2, phone3: $phone3, shortDescription: $shortDescription, shopUrl: $shopUrl) { code }
}`;
export const UPDATE_MY_ACCOUNT_INFO = `mutation updateMyAccountInfo($input: AccountInfoInput!) {
  updateMyAccountInfo(input: $input) { id name location { city { id name } address } }
}`;
export const EDIT_USER_PASSWORD = `mutation editUserPassword($userId: Int!, $currentPassword: String!, $password: String!, $accountType: String) {
  editUserPassword(userId: $userId, currentPassword: $currentPassword, password: $password, accountType: $accountType) { code }
}`;
const SETTINGS_FIELDS = `settings { adNotificationsEnabled vasNotificationsEnabled paymentNotificationsEnabled
  newsletterNotificationsEnabled chatNotificationsEnabled }`;
export const GET_NOTIFICATION_PREFERENCES = `query getUserNotificationPreferences { getUserNotificationPreferences { ${SETTINGS_FIELDS} } }`;
export const UPDATE_NOTIFICATION_PREFERENCES = `mutation updateUserNotificationPreferences($preferences: NotificationPreferencesInput!) {
  updateUserNotificationPreferences(preferences: $preferences) { ${SETTINGS_FIELDS} }
}`;
export const GET_NOTIFICATION_CHANNEL = `query getUserNotificationChannel($channelName: String!) {
  getUserNotificationChannel(channelName: $channelName) { name status }
}`;
export const SEND_EMAIL_VERIFICATION = `mutation sendEmailVerification($lang: String!) { sendEmailVerification(lang: $lang) }`;
export const VERIFY_EMAIL = `mutation verifyEmail($input: VerifyEmailInput!) { verifyEmail(input: $input) { code } }`;

const NO_RETRY = { retry: false } as const;

export const profileApi = api.enhanceEndpoints({ addTagTypes: ['CurrentUser', 'ShopProfile', 'Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    // The token is part of the argument so that each session has its own entry.
    getCurrentUser: build.query<CurrentUser, { accessToken: string }>({
      query: () => ({ document: GET_CURRENT_USER }),
      transformResponse: (data: { getCurrentUser: CurrentUser }) => data.getCurrentUser,
      providesTags: ['CurrentUser'],
    }),
    getShopProfile: build.query<ShopProfile, { storeId: number }>({
      query: (variables) => ({ document: GET_SHOP_PROFILE, variables }),
      transformResponse: (data: { getShopProfile: ShopProfile }) => data.getShopProfile,
      providesTags: ['ShopProfile'],
    }),
    editShopProfile: build.mutation<number, ShopProfileEdit>({
      query: (variables) => ({ document: EDIT_SHOP_PROFILE, variables: { ...variables } }),
      transformResponse: (data: { editShopProfile: { code: number } }) => data.editShopProfile.code,
      invalidatesTags: ['ShopProfile', 'CurrentUser'],
      extraOptions: NO_RETRY,
    }),
    updateMyAccountInfo: build.mutation<unknown, AccountInfoEdit>({
      query: (input) => ({ document: UPDATE_MY_ACCOUNT_INFO, variables: { input } }),
      transformResponse: (data: { updateMyAccountInfo: unknown }) => data.updateMyAccountInfo,
      invalidatesTags: ['CurrentUser'],
      extraOptions: NO_RETRY,
    }),
    editUserPassword: build.mutation<number, { userId: number; currentPassword: string; password: string; accountType: 'private' | 'shop' }>({
      query: (variables) => ({ document: EDIT_USER_PASSWORD, variables }),
      transformResponse: (data: { editUserPassword: { code: number } }) => data.editUserPassword.code,
      extraOptions: NO_RETRY,
    }),
    getUserNotificationPreferences: build.query<NotificationSettings, undefined>({
      query: () => ({ document: GET_NOTIFICATION_PREFERENCES }),
      transformResponse: (data: { getUserNotificationPreferences: { settings: NotificationSettings } }) =>
        data.getUserNotificationPreferences.settings,
      providesTags: ['Notifications'],
    }),
    updateUserNotificationPreferences: build.mutation<NotificationSettings, NotificationSettings>({
      query: (preferences) => ({ document: UPDATE_NOTIFICATION_PREFERENCES, variables: { preferences } }),
      transformResponse: (data: { updateUserNotificationPreferences: { settings: NotificationSettings } }) =>
        data.updateUserNotificationPreferences.settings,
      invalidatesTags: ['Notifications'],
      extraOptions: NO_RETRY,
    }),
    getEmailChannel: build.query<EmailChannelStatus, undefined>({
      query: () => ({ document: GET_NOTIFICATION_CHANNEL, variables: { channelName: 'email' } }),
      transformResponse: (data: { getUserNotificationChannel: { status: EmailChannelStatus } }) => data.getUserNotificationChannel.status,
      providesTags: ['Notifications'],
    }),
    sendEmailVerification: build.mutation<boolean, { lang: 'FR' | 'AR' }>({
      query: (variables) => ({ document: SEND_EMAIL_VERIFICATION, variables }),
      transformResponse: (data: { sendEmailVerification: boolean }) => data.sendEmailVerification,
      extraOptions: NO_RETRY,
    }),
    verifyEmail: build.mutation<number, { code: string }>({
      query: (input) => ({ document: VERIFY_EMAIL, variables: { input } }),
      transformResponse: (data: { verifyEmail: { code: number } }) => data.verifyEmail.code,
      invalidatesTags: ['Notifications'],
      extraOptions: NO_RETRY,
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useGetShopProfileQuery,
  useEditShopProfileMutation,
  useUpdateMyAccountInfoMutation,
  useEditUserPasswordMutation,
  useGetUserNotificationPreferencesQuery,
  useUpdateUserNotificationPreferencesMutation,
  useGetEmailChannelQuery,
  useSendEmailVerificationMutation,
  useVerifyEmailMutation,
} = profileApi;
