/** Media type of an Apple Wallet pass. */
export const PKPASS_TYPE = 'application/vnd.apple.pkpass';
