export { POST } from '../../member/shipping-subdistrict';
