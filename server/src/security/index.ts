export type { SecurityConfig } from './securityConfig';
export { registerSecurityRoutes } from './securityRoutes';
