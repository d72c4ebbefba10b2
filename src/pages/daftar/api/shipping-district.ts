export { POST } from '../../member/shipping-district';
