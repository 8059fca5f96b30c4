export { loadSecurityConfig, SECURITY_FILE, type SecurityConfig } from './securityConfig';
export { registerSecurityRoutes, type SecurityRouteOptions } from './securityRoutes';
export { verifySignedCall, forwardSubmit, SUBMIT_PATH, type SignedRequest } from './signedCalls';
