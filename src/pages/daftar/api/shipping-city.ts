export { POST } from '../../member/shipping-city';
