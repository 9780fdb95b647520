// Accounts operations of the gateway (docs/api.md "Accounts and sessions"): sign-in, sign-up,
// one-time codes, password recovery, social sign-in, the signed-in person's account and
// sign-out. Mutations never retry (extraOptions.retry false): a sign-up or a code request
// must not run twice because a network answer was lost.

import { api } from './baseApi';

/** What every sign-in answers. `expiresIn` is in seconds. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: string;
}

export interface AccountInfo {
  id: number;
  uuId: string;
  name: string;
  email: string | null;
  phone: { number: string | null; isHidden: boolean };
  location: { city: { id: number; name: string } | null; address: string | null };
  registeredAt: number;
  type: string;
  roles: string[];
  storeId: number | null;
}

export type AccountType = 'private' | 'shop';
export type ShopPlan = 'starter' | 'standard' | 'premium';

export interface RegisterAccountInput {
  type: AccountType;
  name: string;
  phone: string;
  email?: string;
  cityId: number;
  password: string;
  passwordConfirmation: string;
  shopCategory?: number;
  plan?: ShopPlan;
}

export interface ResetPasswordInput {
  token?: string;
  phone?: string;
  code?: string;
  password: string;
  passwordConfirmation: string;
}

const TOKEN_FIELDS = 'accessToken refreshToken expiresIn tokenType';
const ACCOUNT_FIELDS =
  'id uuId name email phone { number isHidden } location { city { id name } address } registeredAt type roles storeId';

export const LOGIN_BY_IDENTIFIER = `mutation loginByIdentifier($identifier: String!, $password: String!) {
  loginByIdentifier(identifier: $identifier, password: $password) { ${TOKEN_FIELDS} }
}`;
export const REQUEST_SIGN_IN_CODE = `mutation requestSignInCode($input: PhoneInput!) {
  requestSignInCode(input: $input) { phone }
}`;
export const LOGIN_WITH_CODE = `mutation loginWithCode($phone: String!, $code: String!) {
  loginWithCode(phone: $phone, code: $code) { ${TOKEN_FIELDS} }
}`;
export const LOGIN_WITH_GOOGLE = `mutation loginWithGoogle($token: String!) {
  loginWithGoogle(token: $token) { ${TOKEN_FIELDS} }
}`;
export const LOGIN_BY_FACEBOOK = `mutation loginByFacebook($token: String!) {
  loginByFacebook(token: $token) { ${TOKEN_FIELDS} }
}`;
export const REGISTER_ACCOUNT = `mutation registerAccount($input: RegisterAccountInput!) {
  registerAccount(input: $input) { login { ${TOKEN_FIELDS} } info { ${ACCOUNT_FIELDS} } }
}`;
export const REQUEST_PHONE_VERIFICATION = `mutation requestPhoneVerification($input: PhoneInput!) {
  requestPhoneVerification(input: $input) { phone }
}`;
export const CHECK_ACTIVATION_CODE = `query checkActivationCode($input: ActivationCodeInput!) {
  checkActivationCode(input: $input) { isValid }
}`;
export const REQUEST_ACCOUNT_RECOVERY = `mutation requestAccountRecovery($input: EmailInput!) {
  requestAccountRecovery(input: $input) { email }
}`;
export const REQUEST_ACCOUNT_RECOVERY_BY_PHONE = `mutation requestAccountRecoveryByPhone($input: PhoneInput!) {
  requestAccountRecoveryByPhone(input: $input) { phone }
}`;
export const RESET_MY_PASSWORD = `mutation resetMyPassword($input: ResetPasswordInput!) {
  resetMyPassword(input: $input) { code }
}`;
/** The refresh token is the HttpOnly cookie the browser sends with it (docs/security.md). */
export const REFRESH_ACCESS_TOKEN = `mutation refreshAccessToken {
  refreshAccessToken { ${TOKEN_FIELDS} }
}`;
export const GET_MY_ACCOUNT_INFO = `query getMyAccountInfo {
  getMyAccountInfo { ${ACCOUNT_FIELDS} }
}`;
export const LOGOUT = `mutation logout($refreshToken: String) {
  logout(refreshToken: $refreshToken)
}`;

const NO_RETRY = { retry: false } as const;

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginByIdentifier: build.mutation<TokenPair, { identifier: string; password: string }>({
      query: (variables) => ({ document: LOGIN_BY_IDENTIFIER, variables }),
      transformResponse: (data: { loginByIdentifier: TokenPair }) => data.loginByIdentifier,
      extraOptions: NO_RETRY,
    }),
    // A code by messaging app that signs in, also while password sign-ins wait (docs/security.md).
    requestSignInCode: build.mutation<string, { phone: string }>({
      query: (input) => ({ document: REQUEST_SIGN_IN_CODE, variables: { input } }),
      transformResponse: (data: { requestSignInCode: { phone: string } }) => data.requestSignInCode.phone,
      extraOptions: NO_RETRY,
    }),
    loginWithCode: build.mutation<TokenPair, { phone: string; code: string }>({
      query: (variables) => ({ document: LOGIN_WITH_CODE, variables }),
      transformResponse: (data: { loginWithCode: TokenPair }) => data.loginWithCode,
      extraOptions: NO_RETRY,
    }),
    loginWithGoogle: build.mutation<TokenPair, { token: string }>({
      query: (variables) => ({ document: LOGIN_WITH_GOOGLE, variables }),
      transformResponse: (data: { loginWithGoogle: TokenPair }) => data.loginWithGoogle,
      extraOptions: NO_RETRY,
    }),
    loginByFacebook: build.mutation<TokenPair, { token: string }>({
      query: (variables) => ({ document: LOGIN_BY_FACEBOOK, variables }),
      transformResponse: (data: { loginByFacebook: TokenPair }) => data.loginByFacebook,
      extraOptions: NO_RETRY,
    }),
    registerAccount: build.mutation<{ login: TokenPair; info: AccountInfo }, RegisterAccountInput>({
      query: (input) => ({ document: REGISTER_ACCOUNT, variables: { input } }),
      transformResponse: (data: { registerAccount: { login: TokenPair; info: AccountInfo } }) => data.registerAccount,
      extraOptions: NO_RETRY,
    }),
    requestPhoneVerification: build.mutation<string, { phone: string }>({
      query: (input) => ({ document: REQUEST_PHONE_VERIFICATION, variables: { input } }),
      transformResponse: (data: { requestPhoneVerification: { phone: string } }) => data.requestPhoneVerification.phone,
      extraOptions: NO_RETRY,
    }),
    // A query in the schema, but it uses the code up: run it as a mutation (no cache, no refetch).
    checkActivationCode: build.mutation<boolean, { phone: string; code: string }>({
      query: (input) => ({ document: CHECK_ACTIVATION_CODE, variables: { input } }),
      transformResponse: (data: { checkActivationCode: { isValid: boolean } }) => data.checkActivationCode.isValid,
      extraOptions: NO_RETRY,
    }),
    requestAccountRecovery: build.mutation<string, { email: string }>({
      query: (input) => ({ document: REQUEST_ACCOUNT_RECOVERY, variables: { input } }),
      transformResponse: (data: { requestAccountRecovery: { email: string } }) => data.requestAccountRecovery.email,
      extraOptions: NO_RETRY,
    }),
    requestAccountRecoveryByPhone: build.mutation<string, { phone: string }>({
      query: (input) => ({ document: REQUEST_ACCOUNT_RECOVERY_BY_PHONE, variables: { input } }),
      transformResponse: (data: { requestAccountRecoveryByPhone: { phone: string } }) =>
        data.requestAccountRecoveryByPhone.phone,
      extraOptions: NO_RETRY,
    }),
    resetMyPassword: build.mutation<number, ResetPasswordInput>({
      query: (input) => ({ document: RESET_MY_PASSWORD, variables: { input } }),
      transformResponse: (data: { resetMyPassword: { code: number } }) => data.resetMyPassword.code,
      extraOptions: NO_RETRY,
    }),
    refreshAccessToken: build.mutation<TokenPair, undefined>({
      query: () => ({ document: REFRESH_ACCESS_TOKEN }),
      transformResponse: (data: { refreshAccessToken: TokenPair }) => data.refreshAccessToken,
      extraOptions: NO_RETRY,
    }),
    getMyAccountInfo: build.query<AccountInfo, { accessToken: string }>({
      // The token is part of the argument so that each signed-in person has their own entry.
      query: () => ({ document: GET_MY_ACCOUNT_INFO }),
      transformResponse: (data: { getMyAccountInfo: AccountInfo }) => data.getMyAccountInfo,
    }),
    // The server ends the refresh cookie's family and removes the cookie.
    logout: build.mutation<boolean, undefined>({
      query: () => ({ document: LOGOUT, variables: { refreshToken: null } }),
      transformResponse: (data: { logout: boolean }) => data.logout,
      extraOptions: NO_RETRY,
    }),
  }),
});

export const {
  useLoginByIdentifierMutation,
  useLoginWithCodeMutation,
  useRequestSignInCodeMutation,
  useLoginWithGoogleMutation,
  useLoginByFacebookMutation,
  useRegisterAccountMutation,
  useRequestPhoneVerificationMutation,
  useCheckActivationCodeMutation,
  useRequestAccountRecoveryMutation,
  useRequestAccountRecoveryByPhoneMutation,
  useResetMyPasswordMutation,
  useRefreshAccessTokenMutation,
  useGetMyAccountInfoQuery,
  useLogoutMutation,
} = accountsApi;
