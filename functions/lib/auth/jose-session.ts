// The parts of jose the session token uses, as one module for ./token.ts to import lazily: a
// dynamic import of 'jose' itself keeps the whole library (60 KB instead of 18 KB in the chunk).
export { SignJWT, jwtVerify } from 'jose';
