export { POST } from '../../member/shipping-province';
