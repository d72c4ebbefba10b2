export { ApiError, call, callWithMessage, GENERAL_FAILURE } from '../../lib/member-fetch';

/** The calls of each mode: a signed-in member uses /member; the referral page its public twins. */
export interface Endpoints {
  gudang: string;
  shippingCost: string;
  paymentMethod: string;
  settings: string;
  province: string;
  city: string;
  district: string;
  subdistrict: string;
  mailCheck: string;
  usernameCheck: string;
  addresses: string | null;
  transaction: string;
  payment: string;
}

export const memberEndpoints: Endpoints = {
  gudang: '/member/gudang',
  shippingCost: '/member/shipping-cost',
  paymentMethod: '/member/payment-method',
  settings: '/member/settings',
  province: '/member/shipping-province',
  city: '/member/shipping-city',
  district: '/member/shipping-district',
  subdistrict: '/member/shipping-subdistrict',
  mailCheck: '/member/mail/check',
  usernameCheck: '/member/opt/username-check',
  addresses: '/member/shipping-address',
  transaction: '/member/transaction',
  payment: '/member/payment',
};

export const referralEndpoints: Endpoints = {
  gudang: '/daftar/api/gudang',
  shippingCost: '/daftar/api/shipping-cost',
  paymentMethod: '/daftar/api/payment-method',
  settings: '/daftar/api/settings',
  province: '/daftar/api/shipping-province',
  city: '/daftar/api/shipping-city',
  district: '/daftar/api/shipping-district',
  subdistrict: '/daftar/api/shipping-subdistrict',
  mailCheck: '/daftar/api/mail-check',
  usernameCheck: '/daftar/api/username-check',
  addresses: null,
  transaction: '/daftar/transaction',
  payment: '/daftar/api/payment',
};
