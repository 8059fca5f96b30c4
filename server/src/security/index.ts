export type { SecurityConfig } from '../config/securityConfig';
export { registerSecurityRoutes } from './securityRoutes';
